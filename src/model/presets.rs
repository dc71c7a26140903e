//! Rule presets and the colours drawn by lot. A preset is a name for a set of Lines of Action
//! options as a source gives them (the book's two editions, the tournaments); the options stay
//! editable, and a set that matches no preset is "custom". The colours drawn by lot (the Abacus
//! rules, seed 001: "Les couleurs sont tirées au sort") swap the players' colours at the start.

use gamut_engine::Color as Side;
use gamut_engine::loa::{Rules, SimultaneousConnection};

use super::{GameSettings, Notice, Player};

/// A named set of Lines of Action rule options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoaPreset {
    /// The Computer Olympiad's rules: Black first, a simultaneous connection is a draw, the
    /// third repetition is a draw (and a player with no move passes, as in every preset).
    Tournament,
    /// Sid Sackson's A Gamut of Games, first edition: a simultaneous connection is a draw; no
    /// draw by repetition (that is the Olympiad's rule).
    GamutFirst,
    /// The second edition: the mover wins on a simultaneous connection (Soucie's wish).
    GamutSecond,
}

impl LoaPreset {
    /// Every preset, in the dialog's order.
    pub const ALL: [LoaPreset; 3] = [
        LoaPreset::Tournament,
        LoaPreset::GamutFirst,
        LoaPreset::GamutSecond,
    ];

    /// The name in landmarks and tests.
    pub const fn name(self) -> &'static str {
        match self {
            LoaPreset::Tournament => "tournament",
            LoaPreset::GamutFirst => "gamut-1st",
            LoaPreset::GamutSecond => "gamut-2nd",
        }
    }

    /// Sets the options this preset names (the variant is left as it is).
    pub fn apply(self, rules: &mut Rules) {
        rules.first_player = Side::Black;
        rules.simultaneous = match self {
            LoaPreset::GamutSecond => SimultaneousConnection::MoverWins,
            LoaPreset::Tournament | LoaPreset::GamutFirst => SimultaneousConnection::Draw,
        };
        rules.repetition_draw = self == LoaPreset::Tournament;
    }

    /// The preset whose options `rules` has, if any (else the options are custom).
    pub fn of(rules: &Rules) -> Option<LoaPreset> {
        LoaPreset::ALL.into_iter().find(|preset| {
            let mut with = *rules;
            preset.apply(&mut with);
            with == *rules
        })
    }
}

impl GameSettings {
    /// The same settings with the colours' players swapped (each seat's player goes to the same
    /// seat of the other colour).
    pub fn colours_swapped(&self) -> GameSettings {
        GameSettings {
            black: self.white,
            white: self.black,
            black_marked: self.white_marked,
            white_marked: self.black_marked,
            ..*self
        }
    }

    /// The colour the people play when only one colour is played by people and the other by
    /// the computer (against the computer); `None` in a game between people or computers, or
    /// with people on both teams.
    pub fn persons_colour(&self) -> Option<Side> {
        let human = |players: &[Player]| players.iter().all(|p| !p.is_computer());
        let computer = |players: &[Player]| players.iter().all(|p| p.is_computer());
        let (black, white) = if self.is_four_players() {
            (
                vec![self.black, self.black_marked],
                vec![self.white, self.white_marked],
            )
        } else {
            (vec![self.black], vec![self.white])
        };
        if human(&black) && computer(&white) {
            Some(Side::Black)
        } else if human(&white) && computer(&black) {
            Some(Side::White)
        } else {
            None
        }
    }
}

/// The seats of a game starting with `settings`, the colours drawn by lot if they ask for it
/// (`swap` is the lot: whether the colours change hands), and the notice that starts it.
pub fn draw_colours(settings: &GameSettings, swap: bool) -> (GameSettings, Notice) {
    if !settings.colours_by_lot {
        return (*settings, Notice::NewGame);
    }
    let seats = if swap {
        settings.colours_swapped()
    } else {
        *settings
    };
    let notice = Notice::ColoursDrawn {
        you: seats.persons_colour(),
        swapped: swap,
    };
    (seats, notice)
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::level::Level;

    #[test]
    fn each_preset_is_recognised_and_a_change_by_hand_is_custom() {
        for preset in LoaPreset::ALL {
            let mut rules = Rules::default();
            preset.apply(&mut rules);
            assert_eq!(LoaPreset::of(&rules), Some(preset));
            rules.first_player = Side::White;
            assert_eq!(LoaPreset::of(&rules), None, "{preset:?} with White first");
        }
        assert_eq!(
            LoaPreset::of(&Rules::default()),
            Some(LoaPreset::Tournament),
            "the defaults are the tournament rules"
        );
    }

    #[test]
    fn the_lot_gives_the_person_either_colour() {
        let settings = GameSettings {
            black: Player::Human,
            white: Player::Computer(Level::default()),
            colours_by_lot: true,
            ..GameSettings::default()
        };
        let (kept, notice) = draw_colours(&settings, false);
        assert_eq!(kept.black, Player::Human);
        assert_eq!(
            notice,
            Notice::ColoursDrawn {
                you: Some(Side::Black),
                swapped: false
            }
        );
        let (swapped, notice) = draw_colours(&settings, true);
        assert_eq!(swapped.white, Player::Human);
        assert!(swapped.black.is_computer());
        assert_eq!(
            notice,
            Notice::ColoursDrawn {
                you: Some(Side::White),
                swapped: true
            }
        );
        let off = GameSettings {
            colours_by_lot: false,
            ..settings
        };
        assert_eq!(draw_colours(&off, true), (off, Notice::NewGame));
    }
}
