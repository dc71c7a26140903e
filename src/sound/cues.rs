//! Which sound an event of the game makes: pure functions, so tests can ask them directly.

use bevy::prelude::*;
use gamut_engine::Color as Side;

use crate::model::{GameEnd, GameSettings, MoveEffects, Notice, Seat};

/// A sound the game makes. Any module may write one; it plays at once, at the player's volume,
/// or not at all when the sound is muted or there is no audio device.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SoundCue {
    /// A piece set down on a square.
    Move,
    /// A piece taken: a heavier knock.
    Capture,
    /// Parachute: a held piece dropped onto the board.
    Place,
    /// A click the rules (or the moment) refuse.
    Illegal,
    /// The game was won (by the person listening, or by anybody in a game without one side to
    /// take).
    Won,
    /// The person playing the computer lost.
    Lost,
    /// The game ended in a draw.
    Draw,
    /// A clock is running out of time.
    LowTime,
    /// A quiet click: buttons, a step through a reviewed game.
    Click,
    /// A new game begins.
    GameStart,
}

impl SoundCue {
    /// Every cue.
    pub const ALL: [SoundCue; 10] = [
        SoundCue::Move,
        SoundCue::Capture,
        SoundCue::Place,
        SoundCue::Illegal,
        SoundCue::Won,
        SoundCue::Lost,
        SoundCue::Draw,
        SoundCue::LowTime,
        SoundCue::Click,
        SoundCue::GameStart,
    ];

    /// The file under `assets/` (made by `scripts/make-sounds.sh`).
    pub fn file(self) -> &'static str {
        match self {
            SoundCue::Move => "sounds/move.ogg",
            SoundCue::Capture => "sounds/capture.ogg",
            SoundCue::Place => "sounds/place.ogg",
            SoundCue::Illegal => "sounds/illegal.ogg",
            SoundCue::Won => "sounds/won.ogg",
            SoundCue::Lost => "sounds/lost.ogg",
            SoundCue::Draw => "sounds/draw.ogg",
            SoundCue::LowTime => "sounds/low-time.ogg",
            SoundCue::Click => "sounds/click.ogg",
            SoundCue::GameStart => "sounds/game-start.ogg",
        }
    }

    /// The longest the sound lasts, in seconds (an upper bound of its file's length).
    pub fn max_seconds(self) -> f32 {
        match self {
            SoundCue::Won | SoundCue::Lost | SoundCue::Draw => 2.0,
            SoundCue::GameStart => 1.0,
            _ => 0.4,
        }
    }
}

/// The sounds of a played move and when each plays, in seconds after the move: the piece's
/// knock as it lands (`glide` seconds, the board's animation), a placed piece's as it lands
/// after its fall (twice as long). A pass makes no sound.
pub fn move_cues(effects: &MoveEffects, glide: f32) -> Vec<(SoundCue, f32)> {
    let mut cues = Vec::new();
    if !effects.captured.is_empty() {
        cues.push((SoundCue::Capture, glide));
    } else if !effects.moved.is_empty() {
        cues.push((SoundCue::Move, glide));
    }
    if effects.placed.is_some() {
        cues.push((SoundCue::Place, glide * 2.0));
    }
    cues
}

/// The sound of a notice: a refused click says "nope", a new game chimes; other notices are
/// silent (the end of a game is heard through [`end_cue`], once).
pub fn notice_cue(notice: &Notice) -> Option<SoundCue> {
    match notice {
        Notice::Refused(..)
        | Notice::NotYourTurnYet
        | Notice::ComputersTurn(_)
        | Notice::RemoteTurn(_)
        | Notice::SelectOwnPiece(_)
        | Notice::NoMoveForPiece(_)
        | Notice::UnreadableMove(_)
        | Notice::PlacementNotEmpty(_) => Some(SoundCue::Illegal),
        Notice::NewGame | Notice::ColoursDrawn { .. } => Some(SoundCue::GameStart),
        _ => None,
    }
}

/// The sound of a game's end: when people play on one side only (against the computer), they
/// hear whether they won or lost; in a game between people (hot seat, or teams of people and
/// computers on both sides) or between computers, a win is a win. A draw has its own sound.
pub fn end_cue(end: GameEnd, settings: &GameSettings) -> SoundCue {
    let Some(winner) = end.winner() else {
        return SoundCue::Draw;
    };
    let four = settings.is_four_players();
    let has_human = |side: Side| {
        [false, true].into_iter().any(|marked| {
            !settings
                .seat_player(Seat { side, marked }, four)
                .is_computer()
        })
    };
    if has_human(!winner) && !has_human(winner) {
        SoundCue::Lost
    } else {
        SoundCue::Won
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cell, Player};
    use gamut_engine::any_game::GameKind;
    use gamut_engine::level::Level;
    use gamut_engine::loa::Variant;

    fn effects(moved: usize, captured: usize, placed: bool) -> MoveEffects {
        let c = Cell::new(1, 1);
        MoveEffects {
            moved: vec![(c, c); moved],
            captured: vec![c; captured],
            placed: placed.then_some((c, Side::White)),
        }
    }

    fn seats(black: Player, white: Player) -> GameSettings {
        GameSettings {
            black,
            white,
            ..GameSettings::default()
        }
    }

    const AI: Player = Player::Computer(Level::MIN);

    #[test]
    fn a_capture_knocks_harder_than_a_move() {
        assert_eq!(
            move_cues(&effects(1, 0, false), 0.3),
            [(SoundCue::Move, 0.3)]
        );
        assert_eq!(
            move_cues(&effects(1, 1, false), 0.3),
            [(SoundCue::Capture, 0.3)]
        );
        // An Epaminondas phalanx capturing several stones: still one knock.
        assert_eq!(
            move_cues(&effects(3, 2, false), 0.0),
            [(SoundCue::Capture, 0.0)]
        );
    }

    #[test]
    fn a_parachute_placement_drops_after_the_step_lands() {
        assert_eq!(
            move_cues(&effects(1, 0, true), 0.35),
            [(SoundCue::Move, 0.35), (SoundCue::Place, 0.7)]
        );
        // Placing only (no legal step).
        assert_eq!(
            move_cues(&effects(0, 0, true), 0.35),
            [(SoundCue::Place, 0.7)]
        );
    }

    #[test]
    fn a_pass_is_silent() {
        assert!(move_cues(&effects(0, 0, false), 0.35).is_empty());
    }

    #[test]
    fn refused_clicks_say_nope_and_other_notices_are_silent() {
        assert_eq!(
            notice_cue(&Notice::NoMoveForPiece(Cell::new(0, 0))),
            Some(SoundCue::Illegal)
        );
        assert_eq!(notice_cue(&Notice::NotYourTurnYet), Some(SoundCue::Illegal));
        assert_eq!(notice_cue(&Notice::NewGame), Some(SoundCue::GameStart));
        assert_eq!(notice_cue(&Notice::Saved("a".into())), None);
        assert_eq!(notice_cue(&Notice::Resumed), None);
        assert_eq!(notice_cue(&Notice::Passed(Side::Black)), None);
    }

    #[test]
    fn the_person_who_lost_to_the_computer_hears_it() {
        let human_black = seats(Player::Human, AI);
        assert_eq!(
            end_cue(GameEnd::Resigned(Side::Black), &human_black),
            SoundCue::Lost
        );
        assert_eq!(
            end_cue(GameEnd::Resigned(Side::White), &human_black),
            SoundCue::Won
        );
        let human_white = seats(AI, Player::Human);
        assert_eq!(
            end_cue(GameEnd::Resigned(Side::Black), &human_white),
            SoundCue::Won
        );
    }

    #[test]
    fn hot_seat_and_computer_games_end_with_a_win() {
        for settings in [seats(Player::Human, Player::Human), seats(AI, AI)] {
            for loser in [Side::Black, Side::White] {
                assert_eq!(end_cue(GameEnd::Resigned(loser), &settings), SoundCue::Won);
            }
        }
    }

    #[test]
    fn a_draw_is_neither_won_nor_lost() {
        let draw = GameEnd::Rules(gamut_engine::Outcome::Draw {
            reason: gamut_engine::DrawReason::Repetition,
        });
        assert_eq!(end_cue(draw, &seats(Player::Human, AI)), SoundCue::Draw);
    }

    #[test]
    fn four_players_with_people_on_both_teams_hear_a_win() {
        let mut settings = seats(Player::Human, AI);
        settings.config.kind = GameKind::LinesOfAction;
        settings.config.loa.variant = Variant::FourPlayers;
        settings.black_marked = AI;
        settings.white_marked = Player::Human;
        assert_eq!(
            end_cue(GameEnd::Resigned(Side::Black), &settings),
            SoundCue::Won
        );
        // Only Black's team has a person: losing is heard as a loss.
        settings.white_marked = AI;
        assert_eq!(
            end_cue(GameEnd::Resigned(Side::Black), &settings),
            SoundCue::Lost
        );
    }
}
