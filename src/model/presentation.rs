//! How the game looks and sounds, as the player chose on the settings screen: language, theme,
//! UI scale, sound volume. Remembered with the other settings; read by the interface, the board
//! view and the sound.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// A language of the interface (the languages of the rule sources).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Language {
    /// English.
    #[default]
    #[serde(rename = "en")]
    English,
    /// Français.
    #[serde(rename = "fr")]
    French,
    /// Italiano.
    #[serde(rename = "it")]
    Italian,
}

impl Language {
    /// Every language, in the order the settings list them.
    pub const ALL: [Language; 3] = [Language::English, Language::French, Language::Italian];

    /// The ISO 639-1 code: `en`, `fr`, `it` (also the folder of its files in `assets/locales`).
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::French => "fr",
            Language::Italian => "it",
        }
    }

    /// The language's own name, as a menu shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::French => "Français",
            Language::Italian => "Italiano",
        }
    }

    /// The language of a code or locale such as `fr`, `fr-CA` or `it_IT.UTF-8`, if it is one of
    /// ours.
    pub fn from_code(code: &str) -> Option<Language> {
        let primary = code
            .trim()
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        Language::ALL.into_iter().find(|l| l.code() == primary)
    }
}

/// A look for the table, the board and the pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// Warm wood: the default.
    #[default]
    Wood,
    /// Marble board, stone pieces.
    Stone,
    /// Flat colours, high legibility, like a printed diagram.
    Tournament,
    /// For colour-blind players: the sides differ by shape as well as colour.
    HighContrast,
}

impl Theme {
    /// Every theme, in the order the settings list them.
    pub const ALL: [Theme; 4] = [
        Theme::Wood,
        Theme::Stone,
        Theme::Tournament,
        Theme::HighContrast,
    ];

    /// The name used on the command line and in the settings file.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Wood => "wood",
            Theme::Stone => "stone",
            Theme::Tournament => "tournament",
            Theme::HighContrast => "high-contrast",
        }
    }

    /// The theme of a name (`wood`, `stone`, `marble`, `tournament`, `high-contrast`).
    pub fn from_name(name: &str) -> Option<Theme> {
        let n = name.trim().to_ascii_lowercase().replace('_', "-");
        if n == "marble" {
            return Some(Theme::Stone);
        }
        Theme::ALL.into_iter().find(|t| t.name() == n)
    }
}

/// When the board turns half round after a move to face the side to move (a game at one screen,
/// passed from hand to hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TurnBoard {
    /// Never: the board stays as it is (the `F` key still turns it).
    Never,
    /// In the player's own games with people on every seat (hot seat).
    #[default]
    HotSeat,
    /// In every game of the player's own, against the computer too.
    Always,
}

impl TurnBoard {
    /// Every choice, in the order the settings list them.
    pub const ALL: [TurnBoard; 3] = [TurnBoard::Never, TurnBoard::HotSeat, TurnBoard::Always];

    /// Whether the board turns in a game whose seats are all people (`hot_seat`) or not.
    pub fn turns(self, hot_seat: bool) -> bool {
        match self {
            TurnBoard::Never => false,
            TurnBoard::HotSeat => hot_seat,
            TurnBoard::Always => true,
        }
    }

    /// The name in the settings file.
    pub fn name(self) -> &'static str {
        match self {
            TurnBoard::Never => "never",
            TurnBoard::HotSeat => "hot-seat",
            TurnBoard::Always => "always",
        }
    }
}

/// The player's presentation settings.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Presentation {
    /// The interface's language; `None`: the operating system's, when it is one of ours.
    pub language: Option<Language>,
    /// The table's look.
    pub theme: Theme,
    /// How large the panels and their text are (1 = normal).
    pub ui_scale: f32,
    /// Sound volume, 0–1.
    pub volume: f32,
    /// No sound at all.
    pub muted: bool,
    /// The computer's evaluation shows in the side panel while a game goes on. Off by default,
    /// as on lichess: the evaluation of a game in progress gives the position's secrets away
    /// (review and the Exhibition always show it, and a finished game its result).
    pub show_evaluation: bool,
    /// The computer announces its forced wins (at the levels that announce, see
    /// `crate::ai::announce`). On by default.
    pub announce_wins: bool,
    /// When the board turns to face the side to move.
    pub turn_board: TurnBoard,
}

impl Default for Presentation {
    fn default() -> Self {
        Presentation {
            language: None,
            theme: Theme::Wood,
            ui_scale: 1.0,
            volume: 0.8,
            muted: false,
            show_evaluation: false,
            announce_wins: true,
            turn_board: TurnBoard::HotSeat,
        }
    }
}

impl Presentation {
    /// The smallest and largest UI scales offered.
    pub const UI_SCALES: (f32, f32) = (0.75, 2.5);

    /// The same settings with every number in range (a hand-edited file may hold anything).
    pub fn sanitized(self) -> Presentation {
        let (lo, hi) = Presentation::UI_SCALES;
        Presentation {
            ui_scale: if self.ui_scale.is_finite() {
                self.ui_scale.clamp(lo, hi)
            } else {
                1.0
            },
            volume: if self.volume.is_finite() {
                self.volume.clamp(0.0, 1.0)
            } else {
                0.8
            },
            ..self
        }
    }

    /// The volume to play at: 0 when muted.
    pub fn effective_volume(&self) -> f32 {
        if self.muted { 0.0 } else { self.volume }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_found_from_locales() {
        assert_eq!(Language::from_code("fr-CA"), Some(Language::French));
        assert_eq!(Language::from_code("it_IT.UTF-8"), Some(Language::Italian));
        assert_eq!(Language::from_code("EN"), Some(Language::English));
        assert_eq!(Language::from_code("de-DE"), None);
        assert_eq!(Language::from_code(""), None);
    }

    #[test]
    fn themes_round_trip_by_name() {
        for theme in Theme::ALL {
            assert_eq!(Theme::from_name(theme.name()), Some(theme));
        }
        assert_eq!(Theme::from_name("Marble"), Some(Theme::Stone));
        assert_eq!(Theme::from_name("neon"), None);
    }

    #[test]
    fn out_of_range_numbers_are_brought_back() {
        let wild = Presentation {
            ui_scale: 40.0,
            volume: f32::NAN,
            ..Presentation::default()
        }
        .sanitized();
        assert_eq!(wild.ui_scale, Presentation::UI_SCALES.1);
        assert_eq!(wild.volume, 0.8);
    }

    #[test]
    fn a_partial_file_fills_the_rest_with_defaults() {
        let p: Presentation = serde_json::from_str(r#"{"language":"it","theme":"stone"}"#).unwrap();
        assert_eq!(p.language, Some(Language::Italian));
        assert_eq!(p.theme, Theme::Stone);
        assert_eq!(p.volume, Presentation::default().volume);
        assert_eq!(p.turn_board, TurnBoard::HotSeat);
    }

    #[test]
    fn the_board_turns_in_hot_seat_games_unless_told_otherwise() {
        assert!(TurnBoard::default().turns(true));
        assert!(!TurnBoard::default().turns(false));
        assert!(!TurnBoard::Never.turns(true));
        assert!(TurnBoard::Always.turns(false));
        let p: Presentation = serde_json::from_str(r#"{"turn_board":"always"}"#).unwrap();
        assert_eq!(p.turn_board, TurnBoard::Always);
        for choice in TurnBoard::ALL {
            let text = serde_json::to_string(&choice).unwrap();
            assert_eq!(text, format!("\"{}\"", choice.name()));
        }
    }
}
