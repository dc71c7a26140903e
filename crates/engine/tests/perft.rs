//! Perft against the reference counts in `tests/data/perft.txt`.

use gamut_engine::Game;
use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_engine::epaminondas::{self, BoardSize};
use gamut_engine::loa::Variant;
use gamut_engine::perft::perft;

struct Case {
    id: String,
    game: String,
    variant: String,
    board: Option<String>,
    fen: Option<String>,
    counts: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/perft.txt");
    let mut cases = Vec::new();
    for block in text.split("\n\n") {
        let mut case = Case {
            id: String::new(),
            game: String::new(),
            variant: String::new(),
            board: None,
            fen: None,
            counts: Vec::new(),
        };
        for line in block
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let (key, value) = line.split_once(' ').expect("key value");
            match key {
                "id" => case.id = value.to_string(),
                "game" => case.game = value.to_string(),
                "variant" => case.variant = value.to_string(),
                "fen" => case.fen = Some(value.to_string()),
                "board" => case.board = Some(value.to_string()),
                "perft" => {
                    let (d, n) = value.split_once(' ').expect("depth count");
                    case.counts.push((d.parse().unwrap(), n.parse().unwrap()));
                }
                other => panic!("unknown key {other} in perft.txt"),
            }
        }
        if !case.id.is_empty() {
            cases.push(case);
        }
    }
    cases
}

/// Checks every count of a case in `position`.
fn check<G: Game>(mut position: G, case: &Case) {
    for &(depth, expected) in &case.counts {
        assert_eq!(
            perft(&mut position, depth),
            expected,
            "{} depth {depth}",
            case.id
        );
    }
}

#[test]
fn perft_matches_reference_counts() {
    let cases = cases();
    assert!(cases.iter().any(|c| c.game == "lines-of-action"));
    assert!(cases.iter().any(|c| c.game == "epaminondas"));
    for case in cases {
        match case.game.as_str() {
            "lines-of-action" => {
                let mut config = GameConfig::default();
                config.loa.variant = case.variant.parse::<Variant>().expect("variant");
                if let Some(board) = &case.board {
                    config.loa.board = board.parse().expect("board");
                }
                let position = match &case.fen {
                    Some(fen) => config.position_from_text(fen).expect("fen"),
                    None => config.start(),
                };
                match position {
                    AnyPosition::LinesOfAction(p) => check(p, &case),
                    AnyPosition::Boundless(p) => check(p, &case),
                    AnyPosition::Epaminondas(_) => panic!("{}: not Lines of Action", case.id),
                }
            }
            "epaminondas" => {
                let rules = epaminondas::Rules {
                    board: case.variant.parse::<BoardSize>().expect("board"),
                    ..epaminondas::Rules::default()
                };
                let position = match &case.fen {
                    Some(fen) => epaminondas::Position::from_text(fen, rules).expect("fen"),
                    None => epaminondas::Position::new(rules),
                };
                check(position, &case);
            }
            other => panic!("unknown game {other} in perft.txt"),
        }
    }
}
