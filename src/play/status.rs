//! The status line's notice, stamped with the moment it was true.

use bevy::prelude::*;

use super::{AppState, MovePlayed};
use crate::model::{CurrentGame, GameSettings, Notice};

/// The last notice for the player and the ply it was posted at: it is shown only while the
/// game is still at that ply, so it never outlives the moment it describes.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Status {
    notice: Option<Notice>,
    ply: usize,
}

impl Status {
    /// Posts `notice` about the game as it is now.
    pub fn post(&mut self, notice: Notice, game: &CurrentGame) {
        self.notice = Some(notice);
        self.ply = game.ply();
    }

    /// Forgets the notice.
    pub fn clear(&mut self) {
        self.notice = None;
    }

    /// The notice as posted, current or not (for tests and the log).
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// The notice if it still describes `game` (posted at its current ply).
    pub fn current(&self, game: &CurrentGame) -> Option<&Notice> {
        self.notice.as_ref().filter(|_| self.ply == game.ply())
    }
}

/// What the status line says when no notice is current.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdleHelp {
    /// How to move, and how to turn the view: a person is to move in a game being played.
    HowToMove,
    /// How to turn the view only: the computer is to move, the game is over or reviewed.
    HowToLook,
}

/// The help for the status line: how to move only when a person may move now.
pub fn idle_help(game: &CurrentGame, settings: &GameSettings, state: AppState) -> IdleHelp {
    let persons_turn = state == AppState::Playing
        && game.end().is_none()
        && !settings.player_to_move(game).is_computer();
    if persons_turn {
        IdleHelp::HowToMove
    } else {
        IdleHelp::HowToLook
    }
}

/// Writes each move and new notice to the log (what the player was told, for bug reports).
pub(super) fn log_status(status: Res<Status>, mut played: MessageReader<MovePlayed>) {
    for event in played.read() {
        info!("{} played {}", event.by, event.mv);
    }
    if status.is_changed()
        && let Some(notice) = status.notice()
    {
        info!("status: {notice:?}");
    }
}

#[cfg(test)]
mod tests {
    use gamut_engine::Color as Side;
    use gamut_engine::Game;
    use gamut_engine::any_game::GameConfig;
    use gamut_engine::level::Level;
    use gamut_engine::loa::Variant;

    use super::*;
    use crate::model::{MoveRequest, Player};

    fn players(black: Player, white: Player) -> GameSettings {
        GameSettings {
            black,
            white,
            ..GameSettings::default()
        }
    }

    fn computer() -> Player {
        Player::Computer(Level::default())
    }

    #[test]
    fn a_person_to_move_is_told_how_to_move() {
        let game = CurrentGame::default();
        for settings in [
            players(Player::Human, Player::Human),
            players(Player::Human, computer()),
        ] {
            assert_eq!(
                idle_help(&game, &settings, AppState::Playing),
                IdleHelp::HowToMove
            );
        }
    }

    #[test]
    fn no_one_is_told_how_to_move_for_the_computer() {
        let game = CurrentGame::default();
        assert_eq!(game.side_to_move(), Side::Black);
        for settings in [
            players(computer(), computer()),
            players(computer(), Player::Human),
        ] {
            assert_eq!(
                idle_help(&game, &settings, AppState::Playing),
                IdleHelp::HowToLook
            );
        }
    }

    #[test]
    fn in_loa_for_four_the_seat_to_move_decides() {
        let mut config = GameConfig::default();
        config.loa.variant = Variant::FourPlayers;
        let mut game = CurrentGame::new(config);
        // People play the plain sets, the computer the marked ones.
        let settings = GameSettings {
            config,
            black: Player::Human,
            white: Player::Human,
            black_marked: computer(),
            white_marked: computer(),
            ..GameSettings::default()
        };
        let mut seen = Vec::new();
        for _ in 0..4 {
            let help = idle_help(&game, &settings, AppState::Playing);
            let expected = if game.seat().marked {
                IdleHelp::HowToLook
            } else {
                IdleHelp::HowToMove
            };
            assert_eq!(help, expected, "{:?}", game.seat());
            seen.push(help);
            let everyone_computer = GameSettings {
                black: computer(),
                white: computer(),
                ..settings
            };
            assert_eq!(
                idle_help(&game, &everyone_computer, AppState::Playing),
                IdleHelp::HowToLook
            );
            let mv = game.position().legal_moves()[0];
            game.play(mv);
        }
        assert!(seen.contains(&IdleHelp::HowToMove) && seen.contains(&IdleHelp::HowToLook));
    }

    #[test]
    fn in_review_and_after_the_end_there_is_no_move_to_make() {
        let mut game = CurrentGame::default();
        let people = players(Player::Human, Player::Human);
        let mv = game
            .check(MoveRequest::step(
                "b1".parse().unwrap(),
                "b3".parse().unwrap(),
            ))
            .expect("a legal move");
        game.play(mv);
        assert_eq!(
            idle_help(&game, &people, AppState::Review),
            IdleHelp::HowToLook
        );
        game.resign();
        for state in [AppState::Playing, AppState::GameOver] {
            assert_eq!(idle_help(&game, &people, state), IdleHelp::HowToLook);
        }
    }
}
