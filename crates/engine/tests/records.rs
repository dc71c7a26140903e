//! Game records: round trips for every game and variant, every error kind with its location,
//! the hand-written records in `data/records/`, save files, and the `record` and
//! `analyse --record` command lines.

use std::path::PathBuf;
mod common;

use common::engine;

use gamut_engine::any_game::{AnyPosition, GameConfig, GameKind};
use gamut_engine::game::MoveError;
use gamut_engine::record::{
    GameResult, IllegalReason, Location, MAX_RECORD_BYTES, Players, Record, RecordError,
    RecordErrorKind, SaveFile, Termination, date_from_unix, read_record_or_save,
    read_record_or_save_bytes, read_save,
};
use gamut_engine::{Color, Game, Outcome, WinReason, epaminondas, loa};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

// ---------------------------------------------------------------------------------------------
// Helpers

fn loa(variant: loa::Variant) -> GameConfig {
    let mut config = GameConfig::default();
    config.loa.variant = variant;
    config
}

fn epaminondas(board: epaminondas::BoardSize) -> GameConfig {
    let mut config = GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    };
    config.epaminondas.board = board;
    config
}

/// Every game and variant, each with its default options and with the other options.
fn every_config() -> Vec<GameConfig> {
    let mut out = Vec::new();
    for variant in loa::Variant::ALL {
        out.push(loa(variant));
        let mut other = loa(variant);
        other.loa.first_player = Color::White;
        other.loa.simultaneous = loa::SimultaneousConnection::MoverWins;
        other.set_repetition_draw(false);
        out.push(other);
    }
    for board in [loa::BoardSize::Seven, loa::BoardSize::Six] {
        let mut small = loa(loa::Variant::Standard);
        small.loa.board = board;
        out.push(small);
        small.loa.first_player = Color::White;
        small.loa.simultaneous = loa::SimultaneousConnection::MoverWins;
        out.push(small);
    }
    for board in epaminondas::BoardSize::ALL {
        out.push(epaminondas(board));
        let mut other = epaminondas(board);
        other.epaminondas.anti_symmetry = false;
        other.set_repetition_draw(false);
        out.push(other);
    }
    out
}

/// Plays a random game: `setup_plies` random plies make a start position (given as text, so
/// the record needs a `Position` tag) when not zero; then up to `plies` random plies.
fn random_game(config: GameConfig, seed: u64, setup_plies: usize, plies: usize) -> AnyPosition {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = config.start();
    let mut play = |position: &mut AnyPosition, n: usize| {
        for _ in 0..n {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position
                .play(moves[rng.random_range(0..moves.len())])
                .unwrap();
        }
    };
    if setup_plies > 0 {
        play(&mut position, setup_plies);
        position = config.position_from_text(&position.to_text()).unwrap();
    }
    play(&mut position, plies);
    position
}

/// A comment as the reader gives it back: white space folded, never empty.
fn folded(text: &str) -> Option<String> {
    let folded = text.split_whitespace().collect::<Vec<_>>().join(" ");
    (!folded.is_empty()).then_some(folded)
}

/// Writes the record, reads it back, and checks that nothing changed: the record itself (moves,
/// comments, tags), the final position and its history.
fn assert_round_trip(record: &Record, position: &AnyPosition) {
    let text = record.to_string();
    let read = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(&read, record, "{text}");
    let replayed = read.replay().unwrap();
    assert_eq!(replayed.to_text(), position.to_text(), "{text}");
    assert_eq!(replayed.moves_played(), position.moves_played(), "{text}");
    assert_eq!(replayed.outcome(), position.outcome(), "{text}");
    assert_eq!(replayed.initial_text(), position.initial_text(), "{text}");
    assert_eq!(read.check().unwrap().to_text(), position.to_text());
    // Written again, the text is the same.
    assert_eq!(read.to_string(), text);
    // And every movetext line stays within 79 columns unless one unit is longer.
    for line in text.lines().filter(|l| !l.starts_with('[')) {
        assert!(
            line.chars().count() <= 79 || !line.contains(' '),
            "long line: {line}"
        );
    }
}

/// The record of a game with the given extras: comments on some moves, players, and an end
/// before the rules' end when the game is not over.
fn decorated(
    config: GameConfig,
    position: &AnyPosition,
    comments: &[(usize, String)],
    players: [Option<String>; 4],
    end: usize,
) -> Record {
    let mut record = Record::from_game(config, position);
    for (i, text) in comments {
        if !record.moves.is_empty() {
            let n = record.moves.len();
            record.moves[i % n].comment = folded(text);
        }
    }
    if let Some((_, text)) = comments.first() {
        record.comment = folded(&format!("before {text}"));
    }
    let [black, white, black_marked, white_marked] = players;
    let four =
        config.kind == GameKind::LinesOfAction && config.loa.variant == loa::Variant::FourPlayers;
    record.players = Players {
        black,
        white,
        black_marked: black_marked.filter(|_| four),
        white_marked: white_marked.filter(|_| four),
    };
    record.date = Some("2025.03.14".into());
    record
        .other_tags
        .push(("Event".into(), "Round \"trip\" \\ test".into()));
    if position.outcome().is_none() {
        let (result, termination) = match end % 6 {
            0 => (GameResult::Unfinished, None),
            1 => (GameResult::BlackWins, Some(Termination::Resignation)),
            2 => (GameResult::WhiteWins, Some(Termination::Time)),
            3 => (GameResult::Draw, Some(Termination::Agreement)),
            4 => (GameResult::Unfinished, Some(Termination::Abandoned)),
            _ => (GameResult::Draw, Some(Termination::Adjudication)),
        };
        record.result = result;
        record.termination = termination;
    }
    record
}

fn error(text: &str) -> RecordError {
    match Record::parse(text) {
        Ok(record) => panic!("should not read:\n{text}\nread as {record:?}"),
        Err(e) => e,
    }
}

fn at(line: usize, column: usize) -> Option<Location> {
    Some(Location { line, column })
}

// ---------------------------------------------------------------------------------------------
// Round trips

#[test]
fn every_game_and_variant_round_trips() {
    for (i, config) in every_config().into_iter().enumerate() {
        for seed in 0..6u64 {
            let setup = if seed % 3 == 2 { 7 } else { 0 };
            let position =
                random_game(config, seed * 31 + i as u64, setup, 80 + 40 * seed as usize);
            let comments = vec![(seed as usize, "engine said +0.35 depth 12".to_string())];
            let players = [
                Some("Ann".to_string()),
                Some("Gamut level 6".to_string()),
                Some("Bob".to_string()),
                None,
            ];
            let record = decorated(config, &position, &comments, players, seed as usize);
            assert_round_trip(&record, &position);
        }
    }
}

#[test]
fn games_played_to_their_end_round_trip_with_the_rules_result() {
    let mut ended = 0;
    for config in every_config() {
        for seed in 0..20u64 {
            let position = random_game(config, seed, 0, 2000);
            let record = Record::from_game(config, &position);
            if let Some(outcome) = position.outcome() {
                ended += 1;
                assert_eq!(record.result, GameResult::from_outcome(Some(outcome)));
                assert_eq!(record.termination, Some(Termination::from_outcome(outcome)));
            }
            assert_round_trip(&record, &position);
        }
    }
    assert!(ended > 100, "only {ended} random games ended");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_records_round_trip(
        which in 0usize..20,
        seed in any::<u64>(),
        setup in prop_oneof![Just(0usize), 1usize..12],
        plies in 0usize..160,
        comments in prop::collection::vec((any::<usize>(), "[ -|~é]{0,24}"), 0..6),
        black in prop::option::of("[ -~é]{0,12}"),
        white in prop::option::of("[ -~é]{0,12}"),
        marked in prop::option::of("[A-Za-z ]{0,8}"),
        end in 0usize..6,
    ) {
        let configs = every_config();
        let config = configs[which % configs.len()];
        let position = random_game(config, seed, setup, plies);
        let comments: Vec<(usize, String)> =
            comments.into_iter().map(|(i, t)| (i, t.replace('}', ""))).collect();
        let record = decorated(
            config,
            &position,
            &comments,
            [black, white, marked.clone(), marked],
            end,
        );
        assert_round_trip(&record, &position);
    }
}

#[test]
fn passes_placements_and_off_board_points_round_trip() {
    // Lines of Action: White's only move is a pass.
    let config = loa(loa::Variant::Standard);
    let mut p = config
        .position_from_text("wb6/bb6/8/8/8/8/bb6/wb6 w")
        .unwrap();
    p.play(p.parse_move("pass").unwrap()).unwrap();
    let record = Record::from_game(config, &p);
    assert!(record.to_string().contains("1. pass"), "{record}");
    assert_round_trip(&record, &p);

    // Parachute: Black cannot move but still places a held piece.
    let config = loa(loa::Variant::Parachute);
    let mut p = config
        .position_from_text("6wb/6ww/8/8/8/8/ww6/bw6 b 1/0")
        .unwrap();
    p.play(p.parse_move("pass @d5").unwrap()).unwrap();
    let mv = p.legal_moves()[0];
    p.play(mv).unwrap();
    let record = Record::from_game(config, &p);
    assert!(record.to_string().contains("1. pass @d5"), "{record}");
    assert_round_trip(&record, &p);

    // LOA for four: Black's marked seat has no piece left and passes.
    let config = loa(loa::Variant::FourPlayers);
    let mut p = config
        .position_from_text("8/5b2/8/3b4/8/8/8/W6w B")
        .unwrap();
    p.play(p.parse_move("pass").unwrap()).unwrap();
    let record = Record::from_game(config, &p);
    assert!(record.to_string().contains("1. pass"), "{record}");
    assert_round_trip(&record, &p);

    // Boundless: random games soon leave the 8x8 area; those points are written (x,y).
    let config = loa(loa::Variant::Boundless);
    let found = (0..40u64).any(|seed| {
        let p = random_game(config, seed, 0, 60);
        let record = Record::from_game(config, &p);
        assert_round_trip(&record, &p);
        record.to_string().contains("-(") || record.to_string().contains("x(")
    });
    assert!(found, "no random boundless game left the board");
}

#[test]
fn four_player_records_number_rounds_of_four_seats() {
    let config = loa(loa::Variant::FourPlayers);
    let p = random_game(config, 5, 0, 9);
    let mut record = Record::from_game(config, &p);
    record.players.black_marked = Some("Cleo".into());
    record.players.white_marked = Some("Dan".into());
    let text = record.to_string();
    assert!(
        text.contains("[BlackMarked \"Cleo\"]\n[WhiteMarked \"Dan\"]"),
        "{text}"
    );
    let movetext = text.split("\n\n").nth(1).unwrap();
    let numbers: Vec<&str> = movetext
        .split_whitespace()
        .filter(|w| w.ends_with('.'))
        .collect();
    assert_eq!(numbers, ["1.", "2.", "3."], "{text}");
    assert_round_trip(&record, &p);
}

#[test]
fn other_tags_that_would_not_read_back_are_left_out() {
    let mut record = Record::parse("1. b1-d3").unwrap();
    record.other_tags = vec![
        ("Result".into(), "1-0".into()),
        ("Event".into(), "A".into()),
        ("event".into(), "B".into()),
        ("Bad name!".into(), "C".into()),
        ("!!".into(), "D".into()),
    ];
    let read = Record::parse(&record.to_string()).unwrap();
    assert_eq!(
        read.other_tags,
        vec![
            ("Event".to_string(), "A".to_string()),
            ("Badname".to_string(), "C".to_string())
        ]
    );
    assert_eq!(read.result, GameResult::Unfinished);
}

#[test]
fn from_game_writes_the_position_tag_only_for_other_starts() {
    for config in every_config() {
        let p = random_game(config, 2, 0, 3);
        assert_eq!(Record::from_game(config, &p).start, None, "{config}");
    }
    let config = loa(loa::Variant::ScrambledEggs);
    let p = random_game(config, 1, 0, 4);
    assert_eq!(Record::from_game(config, &p).start, None);
    let p = random_game(config, 1, 4, 4);
    let record = Record::from_game(config, &p);
    assert_eq!(record.start.as_deref(), Some(p.initial_text().as_str()));
    assert!(record.to_string().contains("[Position \""));
}

// ---------------------------------------------------------------------------------------------
// Reading: minimal records and lenient forms

#[test]
fn minimal_records_read_with_the_default_options() {
    let record = Record::parse("*").unwrap();
    assert_eq!(record.config, GameConfig::default());
    assert!(record.moves.is_empty());
    assert_eq!(record.result, GameResult::Unfinished);

    let record = Record::parse("1. b1-d3 a2-c2").unwrap();
    assert_eq!(record.moves.len(), 2);
    assert_eq!(record.result, GameResult::Unfinished);
    assert_eq!(record.termination, None);

    let record = Record::parse("[Game \"Epaminondas\"]").unwrap();
    assert_eq!(
        record.config,
        GameConfig {
            kind: GameKind::Epaminondas,
            ..GameConfig::default()
        }
    );
    assert_eq!(
        record.replay().unwrap().to_text(),
        record.config.start().to_text()
    );
}

#[test]
fn lenient_forms_are_read() {
    let text = "\u{feff}[game \"lines of action\"]  \r\n[VARIANT \"Scrambled Eggs\"]\r\n\
                [FirstPlayer \"white\"]\r\n[Repetition \"OFF\"]\r\n\r\n\r\n\
                1.c1-c3 {a\r\n  comment} 1... b1-b3 2.   h3xf1   \r\n1-0 {after the end}  \r\n";
    let e = error(text);
    assert_eq!(e.location, at(9, 1));
    assert!(
        matches!(e.kind, RecordErrorKind::UnexplainedResult { .. }),
        "{e}"
    );
    let text = text.replace("1-0", "*");
    let record = Record::parse(&text).unwrap();
    assert_eq!(record.config.loa.variant, loa::Variant::ScrambledEggs);
    assert_eq!(record.config.loa.first_player, Color::White);
    assert!(!record.config.loa.repetition_draw);
    assert_eq!(record.moves.len(), 3);
    assert_eq!(record.moves[0].comment.as_deref(), Some("a comment"));
    assert_eq!(record.moves[2].comment.as_deref(), Some("after the end"));

    // Parachute placements written apart, together, or with a space after the @; engine
    // notation; the capture sign ':'.
    let config = loa(loa::Variant::Parachute);
    for step in ["a3-c3 @d4", "a3-c3@d4", "a3-c3 @ d4", "a3c3@d4"] {
        let text = format!("[Variant \"parachute\"]\n1. {step} h3-f3\n@e4 *");
        let record = Record::parse(&text).unwrap_or_else(|e| panic!("{step}: {e}"));
        assert_eq!(record.config, config);
        assert_eq!(record.moves.len(), 2);
        assert_eq!(record.moves[0].mv.to_string(), "a3c3@d4");
    }

    // Boundless points may have spaces inside their parentheses.
    let record = Record::parse("[Variant \"boundless\"]\n1. b1-b3 a2-c2 2. c1-( 3, -2 ) *");
    assert!(record.is_ok(), "{record:?}");
}

#[test]
fn the_result_tag_and_the_movetext_result_must_agree() {
    let record = Record::parse("[Result \"*\"]\n1. b1-d3 *").unwrap();
    assert_eq!(record.result, GameResult::Unfinished);
    let e = error("[Result \"*\"]\n[Termination \"resignation\"]\n1. b1-d3 1-0");
    assert_eq!(e.location, at(3, 10));
    assert_eq!(
        e.kind,
        RecordErrorKind::ResultMismatch {
            tag: GameResult::Unfinished,
            movetext: GameResult::BlackWins
        }
    );
}

#[test]
fn ends_before_the_rules_end_need_a_termination() {
    let record =
        Record::parse("[Result \"0-1\"]\n[Termination \"resignation\"]\n1. b1-d3 0-1").unwrap();
    assert_eq!(record.result, GameResult::WhiteWins);
    assert_eq!(record.termination, Some(Termination::Resignation));
    let record = Record::parse("[Termination \"agreement\"]\n1. b1-d3 1/2-1/2").unwrap();
    assert_eq!(record.result, GameResult::Draw);
    let record = Record::parse("[Termination \"abandoned\"]\n1. b1-d3 *").unwrap();
    assert_eq!(record.termination, Some(Termination::Abandoned));

    let mut record = Record::parse("1. b1-d3").unwrap();
    record.resign(Color::White);
    assert_eq!(record.result, GameResult::BlackWins);
    assert!(record.check().is_ok());
    let text = record.to_string();
    assert!(
        text.contains("[Result \"black-wins\"]\n[Termination \"resignation\"]"),
        "{text}"
    );
    assert!(text.ends_with("1. b1-d3 black-wins\n"), "{text}");
    assert_eq!(Record::parse(&text).unwrap(), record);
}

// ---------------------------------------------------------------------------------------------
// Errors: one test per kind, each with its location

/// Black to move wins at once with c1-b2 (b2 joins a1); White's a8 and h8 stay apart.
const ONE_MOVE_WIN: &str = "[Position \"w6w/8/8/8/8/8/8/b1b5 b\"]\n";

/// A broken text, where its error is, and what kind it is.
type SyntaxCase = (&'static str, (usize, usize), fn(&RecordErrorKind) -> bool);

#[test]
fn syntax_errors_give_line_and_column() {
    let cases: [SyntaxCase; 10] = [
        (
            "[Game \"Epaminondas\"",
            (1, 20),
            |k| matches!(k, RecordErrorKind::ExpectedTagEnd { tag } if tag == "Game"),
        ),
        ("\n  [ \"x\"]", (2, 5), |k| {
            matches!(k, RecordErrorKind::ExpectedTagName)
        }),
        (
            "[Black Ann]",
            (1, 8),
            |k| matches!(k, RecordErrorKind::ExpectedTagValue { tag } if tag == "Black"),
        ),
        ("[Black \"Ann]\n1. b1-d3", (1, 8), |k| {
            matches!(k, RecordErrorKind::UnterminatedTagValue { .. })
        }),
        ("[Black \"A\\nn\"]", (1, 10), |k| {
            matches!(k, RecordErrorKind::BadEscape { escape: 'n' })
        }),
        (
            "[Black \"A\"]\n[black \"B\"]",
            (2, 2),
            |k| matches!(k, RecordErrorKind::DuplicateTag { tag } if tag == "black"),
        ),
        ("1. b1-d3 a2-c2\n[Black \"Ann\"]", (2, 1), |k| {
            matches!(k, RecordErrorKind::TagAfterMoves)
        }),
        ("1. b1-d3 {never\nclosed a2-c2", (1, 10), |k| {
            matches!(k, RecordErrorKind::UnterminatedComment)
        }),
        ("1. b1-d3 } a2-c2", (1, 10), |k| {
            matches!(k, RecordErrorKind::StrayBrace)
        }),
        ("1. b1-d3 a2-c2\n3. d3xa6", (2, 1), |k| {
            matches!(
                k,
                RecordErrorKind::MoveNumber {
                    found: 3,
                    expected: 2
                }
            )
        }),
    ];
    for (text, (line, column), check) in cases {
        let e = error(text);
        assert_eq!(e.location, at(line, column), "{text:?}: {e}");
        assert!(check(&e.kind), "{text:?}: {e}");
        assert!(
            e.to_string().starts_with(&format!("{line}:{column}: ")),
            "{e}"
        );
    }
}

#[test]
fn tag_values_are_checked() {
    let e = error("[Game \"Chess\"]");
    assert_eq!(e.location, at(1, 8));
    assert!(
        matches!(&e.kind, RecordErrorKind::BadTagValue { tag, value, .. }
        if tag == "Game" && value == "Chess")
    );
    let e = error("[Game \"Lines of Action\"]\n[Variant \"chess\"]");
    assert_eq!(e.location, at(2, 11));
    assert_eq!(
        e.to_string(),
        "2:11: Variant \"chess\" is not known (expected standard, scrambled-eggs, parachute, \
         four-players, ambidextrous or boundless)"
    );
    for (text, tag) in [
        ("[Board \"huge\"]\n[Game \"Epaminondas\"]", "Board"),
        // Lines of Action's boards are 8x8, 7x7 and 6x6; "small" is Epaminondas'.
        ("[Board \"small\"]", "Board"),
        ("[Variant \"parachute\"]\n[Board \"6x6\"]", "Board"),
        ("[FirstPlayer \"Red\"]", "FirstPlayer"),
        (
            "[Game \"Epaminondas\"]\n[FirstPlayer \"Black\"]",
            "FirstPlayer",
        ),
        (
            "[SimultaneousConnection \"maybe\"]",
            "SimultaneousConnection",
        ),
        ("[Repetition \"sometimes\"]", "Repetition"),
        (
            "[Game \"Epaminondas\"]\n[AntiSymmetry \"perhaps\"]",
            "AntiSymmetry",
        ),
        ("[Result \"2-0\"]", "Result"),
        ("[Termination \"boredom\"]", "Termination"),
    ] {
        let e = error(text);
        assert!(
            matches!(&e.kind, RecordErrorKind::BadTagValue { tag: t, .. } if t == tag),
            "{text}: {e}"
        );
    }
    // Tags of the other game, or of another variant.
    for (text, tag, location) in [
        (
            "[Game \"Epaminondas\"]\n[Variant \"parachute\"]",
            "Variant",
            (2, 2),
        ),
        ("[AntiSymmetry \"off\"]", "AntiSymmetry", (1, 2)),
        (
            "[Game \"Epaminondas\"]\n[SimultaneousConnection \"draw\"]",
            "SimultaneousConnection",
            (2, 2),
        ),
        ("[BlackMarked \"Cleo\"]", "BlackMarked", (1, 2)),
    ] {
        let e = error(text);
        assert_eq!(e.location, at(location.0, location.1), "{text}");
        assert!(
            matches!(&e.kind, RecordErrorKind::TagNotForGame { tag: t, .. } if t == tag),
            "{text}: {e}"
        );
    }
    // A position that is not one of the game.
    let e = error("[Black \"A\"]\n[Position \"8/8/8 b\"]\n*");
    assert_eq!(e.location, at(2, 12));
    assert!(matches!(e.kind, RecordErrorKind::BadPosition { .. }), "{e}");
    let e = error("[Game \"Epaminondas\"]\n[Position \"8/8/8/8/8/8/8/8 b\"]");
    assert!(matches!(e.kind, RecordErrorKind::BadPosition { .. }), "{e}");
}

#[test]
fn an_illegal_move_names_its_number_and_why() {
    let e = error("1. b1-d3 a2-c2\n2. d3xa6 h2-f4\n3.  b8-b5");
    assert_eq!(e.location, at(3, 5));
    assert_eq!(
        e.to_string(),
        "3:5: move 3 (b8-b5): the piece on b8 must move exactly 1 square along that line (1 \
         piece on it)"
    );
    match &e.kind {
        RecordErrorKind::IllegalMove {
            number,
            ply,
            text,
            source,
            reason,
        } if matches!(**source, MoveError::Illegal { .. }) => {
            assert_eq!((*number, *ply, text.as_str()), (3, 5, "b8-b5"));
            assert_eq!(
                *reason,
                Some(IllegalReason::LinesOfAction(
                    loa::IllegalMove::WrongDistance {
                        from: loa::Square::parse("b8").unwrap(),
                        needed: 1
                    }
                ))
            );
        }
        other => panic!("{other:?}"),
    }
    // Not a move at all; a move of the wrong side; a Parachute turn without its placement.
    let e = error("1. b1-d3 hello");
    assert_eq!(e.location, at(1, 10));
    assert!(matches!(
        &e.kind,
        RecordErrorKind::IllegalMove {
            number: 1,
            ply: 2,
            source,
            reason: None,
            ..
        } if matches!(**source, MoveError::Syntax(_))
    ));
    let e = error("1. a2-c2");
    assert_eq!(
        e.to_string(),
        "1:4: move 1 (a2-c2): the piece on a2 is not yours"
    );
    let e = error("[Variant \"parachute\"]\n1. a3-c3");
    assert!(matches!(
        e.kind,
        RecordErrorKind::IllegalMove {
            reason: Some(IllegalReason::LinesOfAction(
                loa::IllegalMove::PlacementMissing
            )),
            ..
        }
    ));
    assert!(
        e.to_string()
            .ends_with("you must also place one of the enemy pieces you hold (like a3-a5 @d4)"),
        "{e}"
    );
    let e = error("[Variant \"boundless\"]\n1. b1-(2,1)");
    assert!(matches!(
        e.kind,
        RecordErrorKind::IllegalMove {
            reason: Some(IllegalReason::Boundless(
                gamut_engine::boundless::IllegalMove::SameSquare
            )),
            ..
        }
    ));
    // Epaminondas's reasons come through the same way.
    let e = error("[Game \"Epaminondas\"]\n1. a1-a5");
    assert!(matches!(
        e.kind,
        RecordErrorKind::IllegalMove {
            reason: Some(IllegalReason::Epaminondas(
                epaminondas::IllegalMove::TooFar { stones: 2 }
            )),
            ..
        }
    ));
    assert!(
        e.to_string()
            .contains("move 1 (a1-a5): a phalanx of 2 stones moves at most 2 squares"),
        "{e}"
    );
}

#[test]
fn a_placement_needs_a_move_before_it() {
    let e = error("[Variant \"parachute\"]\n@d4 a3-c3");
    assert_eq!(e.location, at(2, 1));
    assert!(matches!(
        e.kind,
        RecordErrorKind::PlacementWithoutMove { .. }
    ));
    let e = error("[Variant \"parachute\"]\n1. @d4");
    assert_eq!(e.location, at(2, 4));
}

#[test]
fn moves_after_the_end_and_text_after_the_result_are_errors() {
    let record = Record::parse(&format!("{ONE_MOVE_WIN}1. c1-b2")).unwrap();
    assert_eq!(record.result, GameResult::BlackWins);
    assert_eq!(record.termination, Some(Termination::Connection));

    let e = error(&format!("{ONE_MOVE_WIN}1. c1-b2 a8-a7"));
    assert_eq!(e.location, at(2, 10));
    assert_eq!(
        e.kind,
        RecordErrorKind::MoveAfterEnd {
            number: 1,
            text: "a8-a7".into(),
            outcome: Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Connected
            }
        }
    );
    let e = error("1. b1-d3 * a2-c2");
    assert_eq!(e.location, at(1, 12));
    assert_eq!(
        e.kind,
        RecordErrorKind::TextAfterResult {
            result: GameResult::Unfinished
        }
    );
    let e = error("1. b1-d3 *\n\n[Game \"Epaminondas\"]");
    assert_eq!(e.location, at(3, 1));
}

#[test]
fn results_that_contradict_the_final_position_are_errors() {
    // The rules ended the game: the record must say how.
    let e = error(&format!("{ONE_MOVE_WIN}[Result \"0-1\"]\n1. c1-b2"));
    assert_eq!(e.location, at(2, 10));
    assert!(matches!(
        e.kind,
        RecordErrorKind::ResultContradictsOutcome {
            result: GameResult::WhiteWins,
            ..
        }
    ));
    let e = error(&format!("{ONE_MOVE_WIN}1. c1-b2 *"));
    assert_eq!(e.location, at(2, 10));
    assert!(matches!(
        e.kind,
        RecordErrorKind::ResultContradictsOutcome { .. }
    ));
    let e = error(&format!(
        "{ONE_MOVE_WIN}[Termination \"resignation\"]\n1. c1-b2"
    ));
    assert_eq!(e.location, at(2, 15));
    assert!(matches!(
        e.kind,
        RecordErrorKind::TerminationContradicts {
            termination: Termination::Resignation,
            outcome: Some(_)
        }
    ));
    let e = error(&format!(
        "{ONE_MOVE_WIN}[Termination \"repetition\"]\n1. c1-b2 1-0"
    ));
    assert!(
        e.to_string().contains("(Termination \"connection\")"),
        "{e}"
    );

    // The game goes on: a win or draw needs a termination that explains it.
    let e = error("[Result \"1-0\"]\n1. b1-d3");
    assert_eq!(e.location, at(1, 10));
    assert_eq!(
        e.kind,
        RecordErrorKind::UnexplainedResult {
            result: GameResult::BlackWins
        }
    );
    let e = error("[Termination \"connection\"]\n1. b1-d3 *");
    assert_eq!(e.location, at(1, 15));
    assert!(matches!(
        e.kind,
        RecordErrorKind::TerminationContradicts { outcome: None, .. }
    ));
    for (termination, result) in [
        ("resignation", "1/2-1/2"),
        ("time", "*"),
        ("agreement", "1-0"),
        ("adjudication", "*"),
        ("unterminated", "0-1"),
    ] {
        let e = error(&format!(
            "[Termination \"{termination}\"]\n[Result \"{result}\"]\n1. b1-d3"
        ));
        assert_eq!(e.location, at(1, 15), "{termination} {result}");
        assert!(
            matches!(e.kind, RecordErrorKind::TerminationResult { .. }),
            "{termination} {result}: {e}"
        );
    }
}

#[test]
fn empty_oversized_and_broken_text_are_errors() {
    for text in ["", "  \n\r\n\t", "\u{feff}\n"] {
        let e = error(text);
        assert_eq!(e.location, at(1, 1));
        assert_eq!(e.kind, RecordErrorKind::Empty);
    }
    let big = format!("1. b1-d3 {{{}}}", "x".repeat(MAX_RECORD_BYTES));
    let e = error(&big);
    assert!(matches!(e.kind, RecordErrorKind::TooLarge { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "1:1: the record is larger than 1048576 bytes (1 MiB), the most that is read"
    );
    let e = read_record_or_save_bytes(big.as_bytes()).unwrap_err();
    assert!(matches!(e.kind, RecordErrorKind::TooLarge { .. }));
    let e = read_record_or_save_bytes(b"1. b1-d3\n2. \xff").unwrap_err();
    assert_eq!(e.location, at(2, 4));
    assert_eq!(e.kind, RecordErrorKind::NotUtf8);
    // A record cut short in a move.
    let e = error("1. b1-d3 a2-");
    assert!(matches!(e.kind, RecordErrorKind::IllegalMove { .. }), "{e}");
}

#[test]
fn records_built_by_hand_are_checked_without_a_location() {
    let mut record = Record::parse("1. b1-d3 a2-c2").unwrap();
    record.moves.swap(0, 1);
    let e = record.check().unwrap_err();
    assert_eq!(e.location, None);
    assert!(matches!(
        e.kind,
        RecordErrorKind::IllegalMove {
            reason: Some(IllegalReason::LinesOfAction(
                loa::IllegalMove::NotYourPiece(_)
            )),
            ..
        }
    ));
    assert!(e.to_string().starts_with("move 1 (a2c2): "), "{e}");
    // Writing it falls back to engine notation, and reading it back names the move.
    let e = Record::parse(&record.to_string()).unwrap_err();
    assert!(
        e.to_string()
            .contains("move 1 (a2c2): the piece on a2 is not yours"),
        "{e}"
    );

    let mut record = Record::parse("1. b1-d3").unwrap();
    record.result = GameResult::Draw;
    assert!(matches!(
        record.check().unwrap_err().kind,
        RecordErrorKind::UnexplainedResult { .. }
    ));
}

// ---------------------------------------------------------------------------------------------
// Save files

#[test]
fn save_files_round_trip_and_keep_their_other_fields() {
    let config = loa(loa::Variant::Ambidextrous);
    let p = random_game(config, 3, 0, 30);
    let mut save = SaveFile::new(Record::from_game(config, &p));
    save.record.players.black = Some("Ann \"the bold\"".into());
    save.extra.insert("think_time_ms".into(), 1500.into());
    let json = save.to_json();
    assert!(json.starts_with("{\n  \"format\": 1,"), "{json}");
    assert_eq!(read_save(&json).unwrap(), save);
    assert_eq!(read_record_or_save(&json).unwrap(), save.record);
    assert_eq!(
        read_record_or_save(&save.record.to_string()).unwrap(),
        save.record
    );
    assert_eq!(
        read_record_or_save_bytes(format!("\u{feff}  {json}").as_bytes()).unwrap(),
        save.record
    );
}

#[test]
fn save_file_errors() {
    let e = read_record_or_save("{\"format\": 1,\n \"record\": }").unwrap_err();
    assert_eq!(e.location, at(2, 12));
    assert!(matches!(e.kind, RecordErrorKind::SaveJson { .. }), "{e}");
    assert!(!e.to_string().contains(" at line "), "{e}");
    let e = read_save("[1, 2]").unwrap_err();
    assert_eq!(e.kind, RecordErrorKind::SaveNotObject);
    for json in [
        "{\"record\": \"*\"}",
        "{\"format\": \"1\", \"record\": \"*\"}",
        "{\"format\": 0, \"record\": \"*\"}",
    ] {
        assert_eq!(
            read_record_or_save(json).unwrap_err().kind,
            RecordErrorKind::SaveFormatMissing,
            "{json}"
        );
    }
    let e = read_record_or_save("{\"format\": 2, \"record\": \"*\"}").unwrap_err();
    assert_eq!(e.kind, RecordErrorKind::SaveFormatTooNew { format: 2 });
    assert_eq!(
        e.to_string(),
        "1:1: the save file's format 2 is newer than this program reads (format 1)"
    );
    for json in ["{\"format\": 1}", "{\"format\": 1, \"record\": 5}"] {
        assert_eq!(
            read_record_or_save(json).unwrap_err().kind,
            RecordErrorKind::SaveRecordMissing
        );
    }
    // An error inside the record text: its line and column there, and the message says so.
    let e = read_record_or_save(
        "{\"format\": 1, \"record\": \"[Game \\\"Epaminondas\\\"]\\n1. a1-a5\"}",
    )
    .unwrap_err();
    assert!(e.in_save_record);
    assert_eq!(e.location, at(2, 4));
    assert!(
        e.to_string()
            .ends_with("(line and column in the save file's record text)"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------------
// The hand-written records

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/records/{name}"))
}

fn read_data(name: &str) -> Record {
    let text = std::fs::read_to_string(data(name)).unwrap();
    Record::parse(&text).unwrap_or_else(|e| panic!("{name}:{e}"))
}

#[test]
fn hand_written_lines_of_action_game() {
    let record = read_data("loa-standard.txt");
    assert_eq!(record.config, GameConfig::default());
    assert_eq!(record.moves.len(), 40);
    assert_eq!(record.players.black.as_deref(), Some("Gamut level 3"));
    assert_eq!(record.date.as_deref(), Some("2025.03.14"));
    assert_eq!(
        record.other_tags,
        vec![("Event".to_string(), "Record format example".to_string())]
    );
    assert!(
        record
            .comment
            .as_deref()
            .unwrap()
            .starts_with("The opening is the sample game")
    );
    assert_eq!(
        record.moves[0].comment.as_deref(),
        Some("two squares: b1 and b8 stand on the file")
    );
    let end = record.replay().unwrap();
    assert_eq!(
        end.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Connected
        })
    );
    assert_eq!(
        (record.result, record.termination),
        (GameResult::WhiteWins, Some(Termination::Connection))
    );
    assert_eq!(end.to_text(), "3bbb2/1ww1ww2/1bbwbw2/2bbw3/4b3/6b1/8/8 b");
    assert_round_trip(&record, &end);
}

#[test]
fn hand_written_epaminondas_game() {
    let record = read_data("epaminondas.txt");
    assert_eq!(record.config.kind, GameKind::Epaminondas);
    assert_eq!(
        record.config.epaminondas.board,
        epaminondas::BoardSize::Standard
    );
    assert_eq!(record.moves.len(), 84);
    let end = record.replay().unwrap();
    assert_eq!(
        end.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::HomeRow
        })
    );
    assert_eq!(record.termination, Some(Termination::HomeRow));
    assert_eq!(
        record.moves[16].comment.as_deref(),
        Some("the ten stones left on the first rank slide one square west")
    );
    assert_round_trip(&record, &end);
}

#[test]
fn hand_written_parachute_game() {
    let record = read_data("parachute.txt");
    assert_eq!(record.config, loa(loa::Variant::Parachute));
    assert_eq!(record.moves.len(), 38);
    assert_eq!(record.moves[0].mv.to_string(), "a3c3@a8");
    // Twelve compound turns, then ordinary moves.
    assert!(
        record.moves[..12]
            .iter()
            .all(|m| m.mv.to_string().contains('@'))
    );
    assert!(
        record.moves[12..]
            .iter()
            .all(|m| !m.mv.to_string().contains('@'))
    );
    let end = record.replay().unwrap();
    assert_eq!(end.outcome().and_then(Outcome::winner), Some(Color::White));
    // The record has no Termination tag: the rules' end fills it in.
    assert_eq!(record.termination, Some(Termination::Connection));
    assert_round_trip(&record, &end);
}

#[test]
fn dates_are_written_like_pgn() {
    assert_eq!(date_from_unix(0), "1970.01.01");
    assert_eq!(date_from_unix(951_782_400), "2000.02.29");
    assert_eq!(date_from_unix(1_741_910_400 + 86_399), "2025.03.14");
}

// ---------------------------------------------------------------------------------------------
// The command line

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn cli_record_prints_position_result_and_plies() {
    let path = data("loa-standard.txt");
    let o = engine(&["record", path.to_str().unwrap()], b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "3bbb2/1ww1ww2/1bbwbw2/2bbw3/4b3/6b1/8/8 b\nwhite-wins connection\n40\n"
    );
    // Standard input, a minimal record.
    let o = engine(&["record", "-"], b"1. b1-d3 a2-c2\n");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(
        text(&o.stdout),
        "1bbbbbb1/w6w/w6w/w6w/w6w/w2b3w/2w4w/2bbbbb1 b\n*\n2\n"
    );
    // A save file.
    let save = "{\"format\": 1, \"record\": \"[Game \\\"Epaminondas\\\"]\\n[Board \\\"small\\\"]\\n1. a1-a3 *\"}";
    let o = engine(&["record", "-"], save.as_bytes());
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout).lines().nth(2), Some("1"));
}

#[test]
fn cli_record_errors_are_file_line_column_with_exit_code_2() {
    let dir = std::env::temp_dir().join(format!("gamut-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("broken.txt");
    std::fs::write(
        &file,
        "[Game \"Lines of Action\"]\n\n1. b1-d3 a2-c2\n2. b8-b5\n",
    )
    .unwrap();
    let name = file.to_str().unwrap();
    let o = engine(&["record", name], b"");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        format!(
            "{name}:4:4: move 2 (b8-b5): the piece on b8 must move exactly 1 square along that \
             line (1 piece on it)\n"
        )
    );
    assert!(o.stdout.is_empty());
    let o = engine(&["record", "-"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "<stdin>:1:1: the record is empty (no tags and no moves)\n"
    );
    let o = engine(&["record", "-"], &vec![b' '; MAX_RECORD_BYTES + 10]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).starts_with("<stdin>:1:1: the record is larger than 1048576 bytes"),
        "{}",
        text(&o.stderr)
    );
    let o = engine(&["record", dir.join("missing.txt").to_str().unwrap()], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).starts_with("error: cannot read "),
        "{}",
        text(&o.stderr)
    );
    let o = engine(&["record"], b"");
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cli_analyse_record_comments_every_move_with_a_score() {
    let input = b"[Black \"Ann\"]\n{kept} 1. b1-d3 {replaced} a2-c2 2. d3xa6 *\n";
    let o = engine(&["analyse", "--record", "-", "--depth", "2"], input);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let record = Record::parse(&out).unwrap_or_else(|e| panic!("{e}\n{out}"));
    assert_eq!(record.moves.len(), 3);
    assert_eq!(record.players.black.as_deref(), Some("Ann"));
    assert_eq!(record.comment.as_deref(), Some("kept"));
    for m in &record.moves {
        let comment = m.comment.as_deref().unwrap();
        assert!(comment.ends_with(" depth 2"), "{comment}");
        let score = comment.split(' ').next().unwrap();
        assert!(score.parse::<f64>().is_ok(), "{comment}");
    }

    // A move that ends the game gets the outcome.
    let input = format!("{ONE_MOVE_WIN}1. c1-b2");
    let o = engine(
        &["analyse", "--record", "-", "--movetime", "50"],
        input.as_bytes(),
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let record = Record::parse(&text(&o.stdout)).unwrap();
    assert_eq!(
        record.moves[0].comment.as_deref(),
        Some("Black wins: connected all pieces")
    );

    // Errors as for `record`.
    let o = engine(&["analyse", "--record", "-"], b"1. b1-b4");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).starts_with("<stdin>:1:4: move 1 (b1-b4): "),
        "{}",
        text(&o.stderr)
    );
    let o = engine(
        &[
            "analyse",
            "--record",
            "-",
            "--position",
            "8/8/8/8/8/8/8/8 b",
        ],
        b"*",
    );
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn records_near_the_size_limit_read_and_write_back() {
    // Tens of thousands of tags, then a long comment: every step is linear.
    let mut text = String::new();
    let mut n = 0;
    while text.len() < MAX_RECORD_BYTES - 200_000 {
        text.push_str(&format!("[Tag{n} \"value {n}\"]\n"));
        n += 1;
    }
    text.push_str(&format!("\n{{{}}} 1. b1-d3 *\n", "word ".repeat(30_000)));
    let start = std::time::Instant::now();
    let record = Record::parse(&text).unwrap();
    assert_eq!(record.other_tags.len(), n);
    assert_eq!(Record::parse(&record.to_string()).unwrap(), record);
    // The time is for reading, not a pass mark (it depends on the machine): a quadratic step
    // would show here as minutes.
    eprintln!(
        "{} bytes, {n} tags: read, written and read back in {:?}",
        text.len(),
        start.elapsed()
    );
}

#[test]
fn result_and_termination_names_read_back() {
    for result in GameResult::ALL {
        assert_eq!(GameResult::parse(result.as_str()), Some(result));
    }
    assert_eq!(GameResult::parse("½-½"), Some(GameResult::Draw));
    for termination in Termination::ALL {
        assert_eq!(termination.name().parse::<Termination>(), Ok(termination));
        assert_eq!(
            termination
                .name()
                .to_uppercase()
                .replace('-', " ")
                .parse::<Termination>(),
            Ok(termination)
        );
    }
    assert_eq!("Time forfeit".parse::<Termination>(), Ok(Termination::Time));
    assert!("boredom".parse::<Termination>().is_err());
}

/// Whenever the rules refuse a well-formed move, the typed reason is there and says the same.
#[test]
fn the_typed_reason_agrees_with_the_message() {
    let mut rng = StdRng::seed_from_u64(7);
    let configs = every_config();
    let mut refused = 0;
    for round in 0..3000 {
        let config = configs[round % configs.len()];
        let position = random_game(config, rng.random(), 0, rng.random_range(0..30));
        if position.outcome().is_some() {
            continue;
        }
        let square = |rng: &mut StdRng| {
            let (f, r) = (rng.random_range(0..14u8), rng.random_range(0..12u8));
            format!("{}{}", (b'a' + f) as char, r + 1)
        };
        let mut mv = format!("{}-{}", square(&mut rng), square(&mut rng));
        if rng.random_range(0..4) == 0 {
            mv = "pass".into();
        }
        if rng.random_range(0..3) == 0 {
            mv.push_str(&format!(" @{}", square(&mut rng)));
        }
        let text = Record::from_game(config, &position).to_string();
        let end = text.rfind('*').unwrap();
        let text = format!("{}{mv} *\n", &text[..end]);
        let Err(e) = Record::parse(&text) else {
            continue;
        };
        let RecordErrorKind::IllegalMove { source, reason, .. } = &e.kind else {
            panic!("{e}\n{text}");
        };
        match (&**source, reason) {
            (
                MoveError::Illegal {
                    reason: message, ..
                },
                Some(reason),
            ) => {
                assert_eq!(message, &reason.to_string());
                refused += 1;
            }
            (MoveError::Illegal { .. }, None) => panic!("no typed reason: {e}"),
            (_, reason) => assert!(reason.is_none(), "{e}"),
        }
    }
    assert!(refused > 1000, "only {refused} moves refused by the rules");
}
