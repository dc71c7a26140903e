//! Every word the exhibition shows, in English, French and Italian: one match per typed value,
//! so each arm can become a Fluent message (`assets/locales/{en,fr,it}`) as it is.

use gamut_engine::Color as Side;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::loa::Variant;

use super::caption::{Caption, WinBy};
use crate::model::{Language, Player, Presentation};

/// The language to speak: the player's choice, else the system's when it is one of ours, else
/// English.
pub fn language(presentation: &Presentation) -> Language {
    presentation.language.unwrap_or_else(|| {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(|name| std::env::var(name).ok())
            .find(|value| !value.is_empty())
            .and_then(|value| Language::from_code(&value))
            .unwrap_or_default()
    })
}

/// A side's name: `Black`, `Noir`, `Nero`.
pub fn side(side: Side, lang: Language) -> &'static str {
    match (lang, side) {
        (Language::English, Side::Black) => "Black",
        (Language::English, Side::White) => "White",
        (Language::French, Side::Black) => "Noir",
        (Language::French, Side::White) => "Blanc",
        (Language::Italian, Side::Black) => "Nero",
        (Language::Italian, Side::White) => "Bianco",
    }
}

/// The colour of a piece as an adjective after "piece" (French and Italian agree with it).
fn piece_of(side: Side, lang: Language) -> &'static str {
    match (lang, side) {
        (Language::English, Side::Black) => "black",
        (Language::English, Side::White) => "white",
        (Language::French, Side::Black) => "noire",
        (Language::French, Side::White) => "blanche",
        (Language::Italian, Side::Black) => "nero",
        (Language::Italian, Side::White) => "bianco",
    }
}

/// A caption in words.
pub fn caption(caption: Caption, lang: Language) -> String {
    use Language::{English as En, French as Fr, Italian as It};
    let s = |x: Side| side(x, lang);
    match caption {
        Caption::Moved {
            side: x,
            from,
            to,
            pieces: 1,
        } => match lang {
            En => format!("{} moves {from}–{to}", s(x)),
            Fr => format!("{} joue {from}–{to}", s(x)),
            It => format!("{} muove {from}–{to}", s(x)),
        },
        Caption::Moved {
            side: x,
            from,
            to,
            pieces,
        } => match lang {
            En => format!("{} moves a phalanx of {pieces} from {from} to {to}", s(x)),
            Fr => format!("{} avance une phalange de {pieces} de {from} à {to}", s(x)),
            It => format!("{} muove una falange di {pieces} da {from} a {to}", s(x)),
        },
        Caption::Captured {
            side: x,
            at,
            count: 1,
        } => match lang {
            En => format!("{} captures on {at}", s(x)),
            Fr => format!("{} prend en {at}", s(x)),
            It => format!("{} cattura in {at}", s(x)),
        },
        Caption::Captured { side: x, at, count } => match lang {
            En => format!("{} captures {count} pieces at {at}", s(x)),
            Fr => format!("{} prend {count} pièces en {at}", s(x)),
            It => format!("{} cattura {count} pezzi in {at}", s(x)),
        },
        Caption::Placed { side: x, at } => match lang {
            En => format!("{} drops a {} piece on {at}", s(x), piece_of(!x, lang)),
            Fr => format!(
                "{} parachute une pièce {} en {at}",
                s(x),
                piece_of(!x, lang)
            ),
            It => format!(
                "{} paracaduta un pezzo {} in {at}",
                s(x),
                piece_of(!x, lang)
            ),
        },
        Caption::Passed { side: x } => match lang {
            En => format!("{} has no move and passes", s(x)),
            Fr => format!("{} n’a aucun coup et passe", s(x)),
            It => format!("{} non ha mosse e passa", s(x)),
        },
        Caption::NearConnection { side: x } => match lang {
            En => format!("{} is one move from connecting", s(x)),
            Fr => format!("{} est à un coup de relier ses pièces", s(x)),
            It => format!("{} è a una mossa dal collegare i suoi pezzi", s(x)),
        },
        Caption::NearWin { side: x } => match lang {
            En => format!("{} is one move from winning", s(x)),
            Fr => format!("{} est à un coup de la victoire", s(x)),
            It => format!("{} è a una mossa dalla vittoria", s(x)),
        },
        Caption::Crossed { side: x } => match lang {
            En => format!("{} has crossed — {} must answer", s(x), s(!x)),
            Fr => format!(
                "{} a atteint la dernière rangée — {} doit répondre",
                s(x),
                s(!x)
            ),
            It => format!(
                "{} ha raggiunto l’ultima riga — {} deve rispondere",
                s(x),
                s(!x)
            ),
        },
        Caption::NearCrossing { side: x } => match lang {
            En => format!("{} is one move from crossing", s(x)),
            Fr => format!("{} est à un coup de la dernière rangée", s(x)),
            It => format!("{} è a una mossa dall’ultima riga", s(x)),
        },
        Caption::Won { side: x, how } => won(s(x), how, lang),
        Caption::Drawn => match lang {
            En => "Draw".into(),
            Fr => "Partie nulle".into(),
            It => "Patta".into(),
        },
    }
}

fn won(x: &str, how: WinBy, lang: Language) -> String {
    use Language::{English as En, French as Fr, Italian as It};
    match (how, lang) {
        (WinBy::Connection, En) => format!("{x} connects and wins!"),
        (WinBy::Connection, Fr) => format!("{x} relie ses pièces et gagne\u{a0}!"),
        (WinBy::Connection, It) => format!("{x} collega i suoi pezzi e vince!"),
        (WinBy::FarRow, En) => format!("{x} wins on the far row!"),
        (WinBy::FarRow, Fr) => format!("{x} gagne par la dernière rangée\u{a0}!"),
        (WinBy::FarRow, It) => format!("{x} vince sull’ultima riga!"),
        (WinBy::AllCaptured, En) => format!("{x} takes every stone and wins!"),
        (WinBy::AllCaptured, Fr) => format!("{x} prend toutes les pièces et gagne\u{a0}!"),
        (WinBy::AllCaptured, It) => format!("{x} cattura tutti i pezzi e vince!"),
        (WinBy::Resignation, En) => format!("{x} wins by resignation"),
        (WinBy::Resignation, Fr) => format!("{x} gagne par abandon"),
        (WinBy::Resignation, It) => format!("{x} vince per abbandono"),
    }
}

/// A game's name (proper names, the same in every language).
pub fn game_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::LinesOfAction => "Lines of Action",
        GameKind::Epaminondas => "Epaminondas",
    }
}

/// A Lines of Action variant's name.
pub fn variant(variant: Variant, lang: Language) -> &'static str {
    use Language::{English as En, French as Fr, Italian as It};
    match (variant, lang) {
        (Variant::Standard, _) => "standard",
        (Variant::ScrambledEggs, En) => "Scrambled Eggs",
        (Variant::ScrambledEggs, Fr) => "Œufs brouillés",
        (Variant::ScrambledEggs, It) => "Uova strapazzate",
        (Variant::Parachute, En | Fr) => "Parachute",
        (Variant::Parachute, It) => "Paracadute",
        (Variant::FourPlayers, En) => "LOA for four",
        (Variant::FourPlayers, Fr) => "LOA à quatre",
        (Variant::FourPlayers, It) => "LOA a quattro",
        (Variant::Ambidextrous, En) => "Ambidextrous",
        (Variant::Ambidextrous, Fr) => "Ambidextre",
        (Variant::Ambidextrous, It) => "Ambidestro",
        (Variant::Boundless, En) => "Boundless",
        (Variant::Boundless, Fr) => "Sans limites",
        (Variant::Boundless, It) => "Senza confini",
    }
}

/// An Epaminondas board's name.
pub fn board(board: BoardSize, lang: Language) -> &'static str {
    match (board, lang) {
        (BoardSize::Standard, Language::English) => "standard board",
        (BoardSize::Standard, Language::French) => "plateau standard",
        (BoardSize::Standard, Language::Italian) => "scacchiera standard",
        (BoardSize::Small, Language::English) => "small board",
        (BoardSize::Small, Language::French) => "petit plateau",
        (BoardSize::Small, Language::Italian) => "scacchiera piccola",
    }
}

/// The game and its variant: `Lines of Action · Scrambled Eggs`.
pub fn title(config: &GameConfig, lang: Language) -> String {
    let detail = match config.kind {
        GameKind::LinesOfAction => variant(config.loa.variant, lang),
        GameKind::Epaminondas => board(config.epaminondas.board, lang),
    };
    format!("{} · {detail}", game_name(config.kind))
}

/// A player, short: `Computer, level 6`.
pub fn player(player: Player, lang: Language) -> String {
    match (player, lang) {
        (Player::Computer(level), Language::English) => format!("Computer, level {level}"),
        (Player::Computer(level), Language::French) => format!("Ordinateur, niveau {level}"),
        (Player::Computer(level), Language::Italian) => format!("Computer, livello {level}"),
        (Player::Human, Language::English) => "Human".into(),
        (Player::Human, Language::French) => "Humain".into(),
        (Player::Human, Language::Italian) => "Umano".into(),
    }
}

/// A player of LOA for four's two sets: `plain 6 · marked 5`.
pub fn two_sets(plain: Player, marked: Player, lang: Language) -> String {
    let number = |p: Player| match p {
        Player::Computer(level) => level.to_string(),
        Player::Human => player(p, lang),
    };
    let (plain_word, marked_word, level_word) = match lang {
        Language::English => ("plain", "marked", "levels"),
        Language::French => ("simples", "marquées", "niveaux"),
        Language::Italian => ("semplici", "marcati", "livelli"),
    };
    format!(
        "{level_word} {} ({plain_word}) · {} ({marked_word})",
        number(plain),
        number(marked)
    )
}

/// `Game 3 of 8`.
pub fn game_of(n: usize, of: usize, lang: Language) -> String {
    match lang {
        Language::English => format!("Game {n} of {of}"),
        Language::French => format!("Partie {n} sur {of}"),
        Language::Italian => format!("Partita {n} di {of}"),
    }
}

/// `Move 12`: the number of moves played.
pub fn move_number(n: usize, lang: Language) -> String {
    match lang {
        Language::English => format!("Move {n}"),
        Language::French => format!("Coup {n}"),
        Language::Italian => format!("Mossa {n}"),
    }
}

/// Beside the player whose turn it is.
pub fn thinking(lang: Language) -> &'static str {
    match lang {
        Language::English => "thinking…",
        Language::French => "réfléchit…",
        Language::Italian => "pensa…",
    }
}

/// The game-over graph's title.
pub fn graph_title(lang: Language) -> &'static str {
    match lang {
        Language::English => "White’s advantage over the game, in pieces",
        Language::French => "Avantage des Blancs au fil de la partie, en pièces",
        Language::Italian => "Vantaggio del Bianco nel corso della partita, in pezzi",
    }
}

/// The graph's line (its legend).
pub fn graph_line(lang: Language) -> &'static str {
    match lang {
        Language::English => "White’s advantage",
        Language::French => "Avantage des Blancs",
        Language::Italian => "Vantaggio del Bianco",
    }
}

/// The graph's horizontal axis.
pub fn graph_axis(lang: Language) -> &'static str {
    match lang {
        Language::English => "moves",
        Language::French => "coups",
        Language::Italian => "mosse",
    }
}

/// What comes after the graph: `Next: Epaminondas · small board`.
pub fn next_game(title: &str, lang: Language) -> String {
    match lang {
        Language::English => format!("Next: {title}"),
        Language::French => format!("Ensuite\u{a0}: {title}"),
        Language::Italian => format!("Prossima: {title}"),
    }
}

/// How long the game lasted: `54 moves`.
pub fn length(moves: usize, lang: Language) -> String {
    match (lang, moves) {
        (Language::English, 1) => "1 move".into(),
        (Language::English, n) => format!("{n} moves"),
        (Language::French, n) if n <= 1 => format!("{n} coup"),
        (Language::French, n) => format!("{n} coups"),
        (Language::Italian, 1) => "1 mossa".into(),
        (Language::Italian, n) => format!("{n} mosse"),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::model::Cell;

    pub(in crate::exhibition) fn all_captions() -> Vec<Caption> {
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

    #[test]
    fn every_caption_has_words_in_every_language_and_they_differ() {
        for c in all_captions() {
            let said: Vec<String> = Language::ALL.iter().map(|&l| caption(c, l)).collect();
            assert!(said.iter().all(|s| !s.trim().is_empty()), "{c:?}");
            assert_ne!(said[0], said[1], "{c:?} is not translated into French");
            assert_ne!(said[0], said[2], "{c:?} is not translated into Italian");
        }
    }

    #[test]
    fn captions_name_the_side_and_the_square() {
        let c = Caption::Captured {
            side: Side::White,
            at: "d4".parse().unwrap(),
            count: 1,
        };
        assert_eq!(caption(c, Language::English), "White captures on d4");
        assert_eq!(caption(c, Language::French), "Blanc prend en d4");
        assert_eq!(caption(c, Language::Italian), "Bianco cattura in d4");
        let near = Caption::NearConnection { side: Side::Black };
        assert_eq!(
            caption(near, Language::English),
            "Black is one move from connecting"
        );
    }

    #[test]
    fn titles_name_the_game_and_the_variant() {
        let mut config = GameConfig::default();
        config.loa.variant = Variant::ScrambledEggs;
        assert_eq!(
            title(&config, Language::English),
            "Lines of Action · Scrambled Eggs"
        );
        assert_eq!(
            title(&config, Language::French),
            "Lines of Action · Œufs brouillés"
        );
        config.kind = GameKind::Epaminondas;
        config.epaminondas.board = BoardSize::Small;
        assert_eq!(
            title(&config, Language::Italian),
            "Epaminondas · scacchiera piccola"
        );
    }

    #[test]
    fn the_chosen_language_wins_over_the_system() {
        let p = Presentation {
            language: Some(Language::Italian),
            ..Presentation::default()
        };
        assert_eq!(language(&p), Language::Italian);
    }
}
