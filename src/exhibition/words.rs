//! The exhibition's sentences built from typed values: captions, the top line, the finale. The
//! words are Fluent messages (`assets/locales/<code>/exhibition.ftl`, and the game's names from
//! `game.ftl`) said by [`Words`] in the player's language.

use gamut_engine::Color as Side;
use gamut_engine::any_game::{GameConfig, GameKind};

use super::caption::{Caption, WinBy};
use crate::i18n::Words;
use crate::model::Player;
use crate::ui::text::{self, colour, side};

/// A caption in words.
pub fn caption(w: &Words, caption: Caption) -> String {
    match caption {
        Caption::Moved {
            side: x,
            from,
            to,
            pieces,
        } => w.t_with(
            "exhibition-moved",
            [
                ("side", side(w, x).into()),
                ("from", from.to_string().into()),
                ("to", to.to_string().into()),
                ("count", pieces.into()),
            ],
        ),
        Caption::Captured { side: x, at, count } => w.t_with(
            "exhibition-captured",
            [
                ("side", side(w, x).into()),
                ("at", at.to_string().into()),
                ("count", count.into()),
            ],
        ),
        Caption::Placed { side: x, at } => w.t_with(
            "exhibition-placed",
            [
                ("side", side(w, x).into()),
                ("colour", colour(!x)),
                ("at", at.to_string().into()),
            ],
        ),
        Caption::Crossed { side: x } => w.t_with(
            "exhibition-crossed",
            [("side", side(w, x).into()), ("other", side(w, !x).into())],
        ),
        Caption::Passed { side: x } => of_side(w, "exhibition-passed", x),
        Caption::NearConnection { side: x } => of_side(w, "exhibition-near-connection", x),
        Caption::NearWin { side: x } => of_side(w, "exhibition-near-win", x),
        Caption::NearCrossing { side: x } => of_side(w, "exhibition-near-crossing", x),
        Caption::Won { side: x, how } => of_side(w, won_key(how), x),
        Caption::Drawn => w.t("exhibition-drawn"),
    }
}

/// A message whose one argument is a side.
fn of_side(w: &Words, key: &str, x: Side) -> String {
    w.t_with(key, [("side", side(w, x).into())])
}

fn won_key(how: WinBy) -> &'static str {
    match how {
        WinBy::Connection => "exhibition-won-connection",
        WinBy::FarRow => "exhibition-won-far-row",
        WinBy::AllCaptured => "exhibition-won-all-captured",
        WinBy::Resignation => "exhibition-won-resignation",
    }
}

/// The game and its variant (or board): `Lines of Action · Scrambled Eggs`.
pub fn title(w: &Words, config: &GameConfig) -> String {
    let detail = match config.kind {
        GameKind::LinesOfAction if config.loa.board != gamut_engine::loa::BoardSize::Eight => {
            text::loa_board_named(w, config.loa.board)
        }
        GameKind::LinesOfAction => text::variant_name(w, config.loa.variant),
        GameKind::Epaminondas => text::board(w, config.epaminondas.board),
    };
    w.t_with(
        "exhibition-title",
        [
            ("game", text::game_name(w, config.kind).into()),
            ("detail", detail.into()),
        ],
    )
}

/// A player, short: `Computer, level 6`.
pub fn player(w: &Words, player: Player) -> String {
    match player {
        Player::Computer(level) => {
            w.t_with("exhibition-computer", [("level", level.number().into())])
        }
        Player::Human | Player::Remote => w.t("exhibition-human"),
    }
}

/// A side of LOA for four and its two sets' players: `levels 6 (plain) · 5 (marked)`.
pub fn two_sets(w: &Words, plain: Player, marked: Player) -> String {
    let number = |p: Player| match p {
        Player::Computer(level) => level.number().to_string(),
        Player::Human | Player::Remote => w.t("exhibition-human"),
    };
    w.t_with(
        "exhibition-two-sets",
        [
            ("plain", number(plain).into()),
            ("marked", number(marked).into()),
        ],
    )
}

/// A side and its player: `Black — Computer, level 6`.
pub fn seat(w: &Words, x: Side, player: String) -> String {
    w.t_with(
        "exhibition-seat",
        [("side", side(w, x).into()), ("player", player.into())],
    )
}

/// Beside the player whose turn it is.
pub fn thinking(w: &Words) -> String {
    w.t("exhibition-thinking")
}

/// The game's place in the cycle and the moves played: `Game 3 of 8 · Move 12`.
pub fn place(w: &Words, number: usize, count: usize, moves: usize) -> String {
    w.t_with(
        "exhibition-place",
        [
            ("number", number.into()),
            ("count", count.into()),
            ("moves", moves.into()),
        ],
    )
}

/// The finished game and its length: `Epaminondas · 8 × 8 board · 54 moves`.
pub fn summary(w: &Words, config: &GameConfig, moves: usize) -> String {
    w.t_with(
        "exhibition-summary",
        [("title", title(w, config).into()), ("moves", moves.into())],
    )
}

/// The game-over graph's title: whose advantage it shows, and which way is whose.
pub fn graph_title(w: &Words) -> String {
    w.t("exhibition-graph-title")
}

/// The graph's line (its legend).
pub fn graph_line(w: &Words) -> String {
    w.t("exhibition-graph-line")
}

/// The graph's horizontal axis.
pub fn graph_axis(w: &Words) -> String {
    w.t("exhibition-graph-axis")
}

/// What comes after the graph: `Next: Epaminondas · small board`.
pub fn next_game(w: &Words, config: &GameConfig) -> String {
    w.t_with("exhibition-next", [("title", title(w, config).into())])
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::model::{Cell, Language};
    use gamut_engine::epaminondas::BoardSize;
    use gamut_engine::loa::Variant;

    /// Every kind of caption, for both sides.
    pub fn all_captions() -> Vec<Caption> {
        let (a, b) = (Cell::new(3, 3), Cell::new(5, 3));
        let mut all = Vec::new();
        for x in Side::ALL {
            all.extend([
                Caption::Moved {
                    side: x,
                    from: a,
                    to: b,
                    pieces: 1,
                },
                Caption::Moved {
                    side: x,
                    from: a,
                    to: b,
                    pieces: 3,
                },
                Caption::Captured {
                    side: x,
                    at: b,
                    count: 1,
                },
                Caption::Captured {
                    side: x,
                    at: b,
                    count: 2,
                },
                Caption::Placed { side: x, at: b },
                Caption::Passed { side: x },
                Caption::NearConnection { side: x },
                Caption::NearWin { side: x },
                Caption::Crossed { side: x },
                Caption::NearCrossing { side: x },
            ]);
            for how in [
                WinBy::Connection,
                WinBy::FarRow,
                WinBy::AllCaptured,
                WinBy::Resignation,
            ] {
                all.push(Caption::Won { side: x, how });
            }
        }
        all.push(Caption::Drawn);
        all
    }

    fn words(language: Language) -> Words {
        Words::from_assets(language)
    }

    #[test]
    fn every_caption_has_words_in_every_language_and_they_differ() {
        let said: Vec<Words> = Language::ALL.into_iter().map(words).collect();
        for c in all_captions() {
            let texts: Vec<String> = said.iter().map(|w| caption(w, c)).collect();
            assert!(texts.iter().all(|s| !s.trim().is_empty()), "{c:?}");
            assert_ne!(texts[0], texts[1], "{c:?} is not translated into French");
            assert_ne!(texts[0], texts[2], "{c:?} is not translated into Italian");
        }
        for w in &said {
            assert!(w.misses().is_empty(), "{:?}", w.misses());
        }
    }

    #[test]
    fn captions_name_the_side_and_the_square() {
        let c = Caption::Captured {
            side: Side::White,
            at: "d4".parse().unwrap(),
            count: 1,
        };
        assert_eq!(
            caption(&words(Language::English), c),
            "White captures on d4"
        );
        assert_eq!(caption(&words(Language::French), c), "Blanc prend en d4");
        assert_eq!(
            caption(&words(Language::Italian), c),
            "Il Bianco cattura in d4"
        );
        let near = Caption::NearConnection { side: Side::Black };
        assert_eq!(
            caption(&words(Language::English), near),
            "Black is one move from connecting"
        );
        let stones = Caption::Captured {
            side: Side::Black,
            at: "d4".parse().unwrap(),
            count: 3,
        };
        assert_eq!(
            caption(&words(Language::French), stones),
            "Noir prend 3 pierres en d4"
        );
    }

    #[test]
    fn titles_name_the_game_and_the_variant() {
        let mut config = GameConfig::default();
        config.loa.variant = Variant::ScrambledEggs;
        assert_eq!(
            title(&words(Language::English), &config),
            "Lines of Action · Scrambled Eggs"
        );
        assert_eq!(
            title(&words(Language::French), &config),
            "Lines of Action · Œufs brouillés"
        );
        config.kind = GameKind::Epaminondas;
        config.epaminondas.board = BoardSize::Small;
        let italian = title(&words(Language::Italian), &config);
        let game = text::game_name(&words(Language::Italian), GameKind::Epaminondas);
        assert!(italian.starts_with(&format!("{game} · ")), "{italian}");
        assert_ne!(italian, title(&words(Language::English), &config));
    }
}
