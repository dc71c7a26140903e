//! Boundless Lines of Action rules (RULES.md §1.1): moves off the board, distances that count
//! pieces anywhere on the infinite line, every way a game ends, the text formats and notation
//! with every error, and the search on hand-made positions (checked by plain minimax).

use std::sync::atomic::AtomicBool;

use gamut_engine::boundless::{
    COORDINATE_LIMIT, IllegalMove, MAX_PIECES, Move, MoveText, MoveTextError, Point,
    PointParseError, Position, PositionError, Rules, Setup, SetupParseError,
    SimultaneousConnection,
};
use gamut_engine::eval::BoundlessEvaluator;
use gamut_engine::game::MoveError;
use gamut_engine::notation::Separator;
use gamut_engine::search::{Evaluator, Limits, Score, Searcher};
use gamut_engine::{Color, DrawReason, Game, Outcome, WinReason};
use proptest::prelude::*;

fn pt(text: &str) -> Point {
    Point::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn step(from: &str, to: &str) -> Move {
    Move::Step {
        from: pt(from),
        to: pt(to),
    }
}

fn pos(text: &str) -> Position {
    Position::from_text(text, Rules::default()).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn destinations(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves_from(pt(from))
        .iter()
        .map(|m| m.to().unwrap().to_string())
        .collect();
    v.sort();
    v
}

const START_TEXT: &str = "b:b1,c1,d1,e1,f1,g1,b8,c8,d8,e8,f8,g8 \
                          w:a2,h2,a3,h3,a4,h4,a5,h5,a6,h6,a7,h7 b";

#[test]
fn start_position_and_first_player() {
    let p = Position::new(Rules::default());
    assert_eq!(p.to_text(), START_TEXT);
    assert_eq!(p.initial_text(), START_TEXT);
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.outcome(), None);
    // Every piece has all eight directions except where an enemy blocks at once: 92 moves,
    // against 36 on the bounded board.
    assert_eq!(p.legal_moves().len(), 92);
    assert_eq!(p.count_legal_moves(), 92);
    let white_first = Position::new(Rules {
        first_player: Color::White,
        ..Rules::default()
    });
    assert_eq!(white_first.side_to_move(), Color::White);
    assert_eq!(white_first.legal_moves().len(), 92);
    // The 8×8 board text reads the same position.
    let board = pos("1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b");
    assert_eq!((board.to_text(), board.hash()), (p.to_text(), p.hash()));
    assert_eq!(p.bounds(), (pt("a1"), pt("h8")));
    assert_eq!(p.pieces(Color::Black).len(), 12);
    assert_eq!(p.piece_at(pt("b1")), Some(Color::Black));
    assert_eq!(p.piece_at(pt("a2")), Some(Color::White));
    assert_eq!(p.piece_at(pt("(2,0)")), None);
}

#[test]
fn moving_off_the_board_is_legal() {
    let mut p = Position::new(Rules::default());
    // b1: file b holds two (b1 south to (2,-1)), rank 1 six (west to (-4,1), jumping nothing
    // of the enemy), the diagonal to h7 two (d3 and (0,-1)); the a2 diagonal is blocked by a2.
    assert_eq!(
        destinations(&p, "b1"),
        vec!["(-4,1)", "(0,-1)", "(2,-1)", "(4,-1)", "b3", "d3", "h1"]
    );
    assert_eq!(
        p.check_step(pt("b1"), pt("(0,3)")),
        Err(IllegalMove::Blocked(pt("a2")))
    );
    let mv = p.parse_move("b1-(2,-1)").unwrap();
    assert_eq!(mv, step("b1", "(2,-1)"));
    assert_eq!(mv.to_string(), "b1(2,-1)");
    assert_eq!(p.human_move(mv), "b1-(2,-1)");
    assert_eq!(p.parse_move("b1(2,-1)"), Ok(mv));
    p.play(mv).unwrap();
    assert_eq!(p.piece_at(pt("(2,-1)")), Some(Color::Black));
    assert_eq!(p.bounds(), (pt("(1,-1)"), pt("h8")));
    assert_eq!(p.last_move(), Some(mv));
    assert_eq!(p.moves_played().collect::<Vec<_>>(), vec![mv]);
    // White's a2 may now leave westward too: rank 2 holds a2 and h2.
    assert!(destinations(&p, "a2").contains(&"(-1,2)".to_string()));
}

#[test]
fn the_distance_counts_pieces_beyond_the_board() {
    // Rank 1 holds a1 and two white pieces far outside the 8×8 area: a1 moves three squares.
    let p = pos("b:a1,c3 w:(-3,1),(12,1) b");
    assert_eq!(p.line_count(pt("a1"), 2), 3);
    assert_eq!(p.line_count(pt("a1"), 6), 3);
    assert_eq!(p.check_step(pt("a1"), pt("d1")), Ok(step("a1", "d1")));
    assert_eq!(
        p.check_step(pt("a1"), pt("(-2,1)")),
        Ok(step("a1", "(-2,1)"))
    );
    assert_eq!(
        p.check_step(pt("a1"), pt("c1")),
        Err(IllegalMove::WrongDistance {
            from: pt("a1"),
            needed: 3
        })
    );
    // The diagonal a1-c3 holds two: a1 jumps nothing and lands on c3? No: c3 is its own piece.
    assert_eq!(
        p.check_step(pt("a1"), pt("c3")),
        Err(IllegalMove::OwnPiece(pt("c3")))
    );
    // A piece a hundred squares out still counts.
    let far = pos("b:a1,c3 w:(-99,1),(12,1) b");
    assert_eq!(far.line_count(pt("a1"), 2), 3);
    assert_eq!(
        destinations(&far, "a1"),
        vec!["(-1,-1)", "(-2,1)", "(0,2)", "(1,0)", "(2,0)", "a2", "d1"]
    );
}

#[test]
fn an_enemy_in_the_way_blocks_and_own_pieces_are_jumped() {
    // White (0,1) sits right beside a1 on rank 1, which holds three pieces.
    let p = pos("b:a1,b1,h8 w:(0,1),(12,1) b");
    assert_eq!(p.line_count(pt("a1"), 6), 4);
    assert_eq!(
        p.check_step(pt("a1"), pt("(-3,1)")),
        Err(IllegalMove::Blocked(pt("(0,1)")))
    );
    let err = p.parse_move("a1-(-3,1)").unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }));
    assert!(err.to_string().contains("(0,1) blocks the way"), "{err}");
    // Eastward a1 jumps its own b1 and lands on e1.
    assert_eq!(p.check_step(pt("a1"), pt("e1")), Ok(step("a1", "e1")));
    // The nearest of several blockers is named.
    let q = pos("b:a1,h8 w:(-1,1),(0,1),(-5,1) b");
    assert_eq!(
        q.check_step(pt("a1"), pt("(-3,1)")),
        Err(IllegalMove::Blocked(pt("(0,1)")))
    );
}

#[test]
fn landing_on_an_enemy_off_the_board_captures_it() {
    // File a holds a1 and White's (1,-1), (1,5)... no: a1's column holds a1 and (1,-1): two.
    let mut p = pos("b:a1,d4 w:(1,-1),h8,h1 b");
    assert_eq!(p.capture_of(step("a1", "(1,-1)")), Some(pt("(1,-1)")));
    assert!(p.is_capture(step("a1", "(1,-1)")));
    assert_eq!(p.capture_of(step("a1", "a3")), None);
    assert_eq!(p.human_move(step("a1", "(1,-1)")), "a1x(1,-1)");
    for text in [
        "a1x(1,-1)",
        "a1:(1,-1)",
        "a1X(1,-1)",
        "a1-(1,-1)",
        "a1(1,-1)",
        "(1,1)(1,-1)",
    ] {
        assert_eq!(p.parse_move(text), Ok(step("a1", "(1,-1)")), "{text}");
    }
    p.play(step("a1", "(1,-1)")).unwrap();
    assert_eq!(p.piece_at(pt("(1,-1)")), Some(Color::Black));
    assert_eq!(p.pieces(Color::White).len(), 2);
    assert_eq!(p.last_capture(), Some(pt("(1,-1)")));
    assert_eq!(p.outcome(), None);
    p.undo();
    assert_eq!(p.piece_at(pt("(1,-1)")), Some(Color::White));
    assert_eq!(p.pieces(Color::White).len(), 3);
}

#[test]
fn illegal_moves_say_why() {
    let p = Position::new(Rules::default());
    let cases = [
        (
            "b1",
            "b2",
            IllegalMove::WrongDistance {
                from: pt("b1"),
                needed: 2,
            },
        ),
        (
            "b1",
            "c3",
            IllegalMove::NotOnALine {
                from: pt("b1"),
                to: pt("c3"),
            },
        ),
        ("a2", "c2", IllegalMove::NotYourPiece(pt("a2"))),
        ("(5,5)", "(5,7)", IllegalMove::NoPiece(pt("(5,5)"))),
        ("b1", "b1", IllegalMove::SameSquare),
    ];
    for (from, to, why) in &cases {
        assert_eq!(p.check_step(pt(from), pt(to)), Err(*why), "{from}-{to}");
        let err = p.parse_move(&format!("{from}-{to}")).unwrap_err();
        assert_eq!(
            err,
            MoveError::Illegal {
                mv: format!("{from}-{to}"),
                reason: why.to_string()
            }
        );
    }
    // Rank 1 holds three: b1 west lands on (-1,1), its own piece.
    let own = pos("b:a1,b1,(-1,1) w:h8,f6 b");
    assert_eq!(
        own.check_step(pt("b1"), pt("(-1,1)")),
        Err(IllegalMove::OwnPiece(pt("(-1,1)")))
    );
    assert_eq!(p.check(Move::Pass), Err(IllegalMove::PassNotAllowed));
    assert!(!p.is_legal(Move::Pass));
}

#[test]
fn connecting_wins_even_off_the_board() {
    // Outside the board: Black (-3,1) and (-3,2), and the straggler (-1,3) alone on its rank,
    // which steps one square west to touch (-3,2).
    let mut p = pos("b:(-3,1),(-3,2),(-1,3) w:h8,h1 b");
    assert_eq!(p.line_count(pt("(-1,3)"), 6), 1);
    p.play(step("(-1,3)", "(-2,3)")).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Connected
        })
    );
    let mut group = p.group_at(Color::Black, pt("(-3,1)"));
    group.sort();
    assert_eq!(group.len(), 3);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.clone().play(Move::Pass), Err(MoveError::GameOver));
    assert_eq!(p.parse_move("h8-h7"), Err(MoveError::GameOver));
    assert_eq!(p.check_step(pt("h8"), pt("h7")), Err(IllegalMove::GameOver));
    assert!(p.legal_moves_from(pt("h8")).is_empty());
    p.undo();
    assert_eq!(p.outcome(), None);
}

#[test]
fn a_single_piece_is_connected() {
    // White (0,8) captures Black's straggler b9... leaving Black the single piece a1: Black wins.
    let mut p = pos("b:a1,(0,9) w:(0,7),h8 w");
    // File 0 holds (0,7) and (0,9): two, so (0,7) captures (0,9).
    p.play(step("(0,7)", "(0,9)")).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::ConnectedByOpponent
        })
    );
    // A setup where the side that just moved has one piece is already won by it.
    let done = pos("b:(40,40) w:a1,h8 w");
    assert_eq!(done.outcome().and_then(|o| o.winner()), Some(Color::Black));
    assert!(done.legal_moves().is_empty());
}

#[test]
fn both_connected_by_one_move_is_a_draw_or_a_mover_win() {
    // Black e4xe2 joins c1-d1 and leaves White with the pair g6-h6 (as on the 8×8 board; the
    // file e holds e4 and e2 only).
    let text = "b:c1,d1,e4 w:e2,g6,h6 b";
    let mut draw = pos(text);
    draw.play(step("e4", "e2")).unwrap();
    assert_eq!(
        draw.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BothConnected
        })
    );
    let rules = Rules {
        simultaneous: SimultaneousConnection::MoverWins,
        ..Rules::default()
    };
    let mut mover_wins = Position::from_text(text, rules).unwrap();
    mover_wins.play(step("e4", "e2")).unwrap();
    assert_eq!(
        mover_wins.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::BothConnectedMoverWins
        })
    );
    // With a Black straggler far away only White is connected: White wins.
    let mut straggler = pos("b:c1,d1,e4,(30,30) w:e2,g6,h6 b");
    straggler.play(step("e4", "e2")).unwrap();
    assert_eq!(
        straggler.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::ConnectedByOpponent
        })
    );
}

/// White a1 and k11, each ringed by eight Black pieces: White cannot move.
const WALLED_IN: &str = "b:(0,0),(1,0),(2,0),(0,1),b1,(0,2),a2,b2,\
                         j10,k10,l10,j11,l11,j12,k12,l12 w:a1,k11 w";

#[test]
fn a_player_without_a_legal_move_passes() {
    let mut p = pos(WALLED_IN);
    assert_eq!(p.pieces(Color::Black).len(), MAX_PIECES);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_moves(), vec![Move::Pass]);
    assert_eq!(p.count_legal_moves(), 1);
    assert!(p.legal_moves_from(pt("a1")).is_empty());
    assert_eq!(
        p.check_step(pt("a1"), pt("d1")),
        Err(IllegalMove::Blocked(pt("b1")))
    );
    assert_eq!(p.parse_move("pass"), Ok(Move::Pass));
    assert_eq!(p.parse_move("PASS"), Ok(Move::Pass));
    assert_eq!(p.null_move(), Some(Move::Pass));
    p.play(Move::Pass).unwrap();
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.human_move(Move::Pass), "pass");
    // Black has moves, so Black may not pass.
    assert!(!p.legal_moves().contains(&Move::Pass));
    assert!(matches!(
        p.clone().play(Move::Pass),
        Err(MoveError::Illegal { .. })
    ));
    assert_eq!(p.undo(), Some(Move::Pass));
    assert_eq!(p.side_to_move(), Color::White);
}

#[test]
fn the_third_repetition_is_a_draw_unless_switched_off() {
    let cycle = ["b1-b3", "a2-c2", "b3-b1", "c2-a2"];
    for repetition_draw in [true, false] {
        let mut p = Position::new(Rules {
            repetition_draw,
            ..Rules::default()
        });
        for (i, text) in cycle.iter().cycle().take(8).enumerate() {
            assert_eq!(p.outcome(), None, "ply {i}");
            let mv = p.parse_move(text).unwrap();
            p.play(mv).unwrap();
        }
        let expected = repetition_draw.then_some(Outcome::Draw {
            reason: DrawReason::Repetition,
        });
        assert_eq!(p.outcome(), expected);
        p.undo();
        assert_eq!(p.outcome(), None);
    }
}

#[test]
fn undo_restores_everything() {
    let mut p = Position::new(Rules::default());
    let start = (p.to_text(), p.hash());
    for text in ["b1-(2,-1)", "a2-(-1,2)", "c1-a3", "h2-j2"] {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(mv).unwrap();
    }
    assert_eq!(p.ply(), 4);
    assert_eq!(p.pieces(Color::White).len(), 11, "c1-a3 captured");
    while p.undo().is_some() {}
    assert_eq!((p.to_text(), p.hash()), start);
    assert_eq!(p.legal_moves().len(), 92);
}

#[test]
fn the_diagram_follows_the_pieces() {
    let p = pos("b:(0,0),h8 w:a2,(10,3) w");
    let diagram = p.to_string();
    assert_eq!(
        diagram,
        [
            "8 , . . . . . . . x , , ",
            "7 , . . . . . . . . , , ",
            "6 , . . . . . . . . , , ",
            "5 , . . . . . . . . , , ",
            "4 , . . . . . . . . , , ",
            "3 , . . . . . . . . , o ",
            "2 , o . . . . . . . , , ",
            "1 , . . . . . . . . , , ",
            "0 x , , , , , , , , , , ",
            "  ? a b c d e f g h i j ",
            "White to move",
        ]
        .join("\n")
    );
    assert_eq!(p.bounds(), (pt("(0,0)"), pt("(10,8)")));
    // A far-flung setup is written as text rather than a huge grid.
    let far = pos("b:a1,(1000,1000) w:b2,c2 b");
    assert!(far.to_string().starts_with("b:a1,(1000,1000) w:b2,c2 b"));
}

#[test]
fn points_are_written_and_read_in_both_forms() {
    let cases = [
        (Point::new(0, 0), "a1"),
        (Point::new(8, 8), "i9"),
        (Point::new(2, 11), "c12"),
        (Point::new(25, 98), "z99"),
        (Point::new(26, 0), "(27,1)"),
        (Point::new(0, -1), "(1,0)"),
        (Point::new(-1, 0), "(0,1)"),
        (Point::new(-4, -3), "(-3,-2)"),
    ];
    for (point, text) in cases {
        assert_eq!(point.to_string(), text);
        assert_eq!(pt(text), point);
        assert_eq!(text.parse::<Point>(), Ok(point));
    }
    assert_eq!(pt("(1,1)"), pt("a1"));
    assert_eq!(pt("( 3 , 12 )"), pt("c12"));
    assert_eq!(pt("D3"), pt("d3"));
    assert_eq!(pt("(+2,-0)"), Point::new(1, -1));
    let limit = COORDINATE_LIMIT;
    assert_eq!(
        pt(&format!("({limit},-{limit})")),
        Point::new(limit as i32 - 1, -limit as i32 - 1)
    );
    for bad in [
        "", "  ", "3", "dd", "d", "d0", "d03", "é4", "a-1", "a+1", "(1,2", "1,2)", "(1;2)",
        "(1,2,3)", "(a,1)", "(1,)", "(,1)", "((1,2))", "(1,2)x", "(-,1)", "a 1",
    ] {
        let err = Point::parse(bad).unwrap_err();
        assert!(
            matches!(err, PointParseError::Malformed(_) | PointParseError::Empty),
            "{bad}: {err:?}"
        );
    }
    for huge in [
        "a100000001",
        "(100000001,1)",
        "(1,-100000001)",
        "(99999999999999999999999,1)",
        "z99999999999999999999999999999999",
    ] {
        let err = Point::parse(huge).unwrap_err();
        assert_eq!(err, PointParseError::TooLarge(huge.to_string()));
        assert!(err.to_string().contains("too far out"), "{err}");
    }
}

#[test]
fn move_text_forms() {
    let text_step = |from: &str, to: &str, separator| MoveText::Step {
        from: pt(from),
        to: pt(to),
        separator,
    };
    let cases = [
        ("b1-d3", text_step("b1", "d3", Separator::Dash)),
        ("b1xd3", text_step("b1", "d3", Separator::Capture)),
        ("b1:d3", text_step("b1", "d3", Separator::Capture)),
        (" b1d3 ", text_step("b1", "d3", Separator::None)),
        ("b1-(2,0)", text_step("b1", "(2,0)", Separator::Dash)),
        ("b1x(2,0)", text_step("b1", "(2,0)", Separator::Capture)),
        ("b1(2,0)", text_step("b1", "(2,0)", Separator::None)),
        (
            "(0,1)-(-3,-2)",
            text_step("(0,1)", "(-3,-2)", Separator::Dash),
        ),
        ("(0,1)a1", text_step("(0,1)", "a1", Separator::None)),
        ("b1x5", text_step("b1", "x5", Separator::None)),
        ("b1xx5", text_step("b1", "x5", Separator::Capture)),
        ("a12b11", text_step("a12", "b11", Separator::None)),
    ];
    for (text, expected) in cases {
        assert_eq!(MoveText::parse(text), Ok(expected), "{text}");
    }
    assert_eq!(MoveText::parse("Pass"), Ok(MoveText::Pass));
    assert_eq!(MoveText::parse(" "), Err(MoveTextError::Empty));
    for bad in [
        "b1", "b1-", "b1--d3", "b1x", "hello", "1b-3d", "b1—d3", "(1,2", "(1,2)", "b1-(1,2",
        "b1d3d4", "b1- d3", "-b1",
    ] {
        assert!(MoveText::parse(bad).is_err(), "{bad} should not parse");
    }
    assert!(matches!(
        MoveText::parse("b1-(1,999999999999)"),
        Err(MoveTextError::Point {
            source: PointParseError::TooLarge(_),
            ..
        })
    ));
    // Engine notation round-trips through the parser.
    let p = Position::new(Rules::default());
    for mv in p.legal_moves() {
        assert_eq!(p.parse_move(&mv.to_string()), Ok(mv));
        assert_eq!(p.parse_move(&p.human_move(mv)), Ok(mv));
    }
}

#[test]
fn bad_moves_are_clear_errors() {
    let p = Position::new(Rules::default());
    assert_eq!(
        p.parse_move(""),
        Err(MoveError::Syntax(
            gamut_engine::notation::MoveParseError::Empty
        ))
    );
    assert!(matches!(p.parse_move("hello"), Err(MoveError::Syntax(_))));
    assert!(matches!(
        p.parse_move("b1-(x,1)"),
        Err(MoveError::Syntax(_))
    ));
    let err = p.parse_move("b1-(2,99999999999999)").unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }), "{err:?}");
    assert!(err.to_string().contains("too far out"), "{err}");
}

#[test]
fn position_text_round_trips_and_reads_both_forms() {
    let text = "b:(-3,-2),(0,1),a1,c12 w:(27,1),b2 w";
    let p = pos(text);
    assert_eq!(p.to_text(), text);
    assert_eq!(p.side_to_move(), Color::White);
    // Lists in either order, in any order inside, are the same position.
    let q = pos("w:b2,(27,1) b:c12,a1,(0,1),(-3,-2) w");
    assert_eq!((q.to_text(), q.hash()), (p.to_text(), p.hash()));
    let setup: Setup = text.parse().unwrap();
    assert_eq!(setup.to_string(), text);
    assert_eq!(setup.piece_at(pt("b2")), Some(Color::White));
    assert_eq!(
        Position::from_setup(setup, Rules::default())
            .unwrap()
            .hash(),
        p.hash()
    );
    assert_eq!(p.setup().to_string(), text);
    assert_eq!(p.initial_setup().to_string(), text);
}

#[test]
fn every_malformed_position_is_a_typed_error() {
    let parse = |t: &str| Position::from_text(t, Rules::default()).unwrap_err();
    let text_err = |t: &str| match parse(t) {
        PositionError::Text(e) => e,
        other => panic!("{t}: {other:?}"),
    };
    assert_eq!(text_err(""), SetupParseError::Empty);
    assert_eq!(text_err("b:a1 w:b2"), SetupParseError::FieldCount(2));
    assert_eq!(text_err("b:a1 w:b2 b b"), SetupParseError::FieldCount(4));
    assert_eq!(
        text_err("a1 w:b2 b"),
        SetupParseError::NotAList("a1".into())
    );
    assert_eq!(
        text_err("x:a1 w:b2 b"),
        SetupParseError::NotAList("x:a1".into())
    );
    assert_eq!(
        text_err("b:a1 b:b2 b"),
        SetupParseError::RepeatedList(Color::Black)
    );
    assert_eq!(
        text_err("b:a1,,c1 w:b2 b"),
        SetupParseError::EmptyEntry(Color::Black)
    );
    assert_eq!(
        text_err("b:a1, w:b2 b"),
        SetupParseError::EmptyEntry(Color::Black)
    );
    assert_eq!(
        text_err("b:,a1 w:b2 b"),
        SetupParseError::EmptyEntry(Color::Black)
    );
    assert!(matches!(
        text_err("b:a1 w:b2,(1,2 b"),
        SetupParseError::BadPoint {
            color: Color::White,
            ..
        }
    ));
    assert!(matches!(
        text_err("b:a1 w:(1,2)c3 b"),
        SetupParseError::BadPoint {
            color: Color::White,
            ..
        }
    ));
    assert!(matches!(
        text_err("b:a1,(1,1000000000) w:b2 b"),
        SetupParseError::BadPoint {
            color: Color::Black,
            source: PointParseError::TooLarge(_)
        }
    ));
    assert_eq!(
        text_err("b:a1 w:b2 x"),
        SetupParseError::BadSide("x".into())
    );
    assert_eq!(
        text_err("b:a1 w:b2 B"),
        SetupParseError::BadSide("B".into())
    );
    // The 8×8 form.
    assert_eq!(
        text_err("8/8/8/8/8/8/8/8"),
        SetupParseError::BoardFieldCount(1)
    );
    assert_eq!(text_err("8/8/8/8/8/8/8 b"), SetupParseError::RankCount(7));
    assert_eq!(
        text_err("8/8/8/8/8/8/8/7 b"),
        SetupParseError::RankLength {
            rank: 1,
            squares: 7
        }
    );
    assert_eq!(
        text_err("8/8/8/8/8/8/8/B7 b"),
        SetupParseError::BadCharacter {
            rank: 1,
            character: 'B'
        }
    );
    assert_eq!(
        text_err("b7/8/8/8/8/8/8/w7 x"),
        SetupParseError::BadSide("x".into())
    );
    // Validation.
    assert_eq!(parse("b: w:b2 b"), PositionError::NoPieces(Color::Black));
    assert_eq!(parse("b:a1 w: b"), PositionError::NoPieces(Color::White));
    assert_eq!(
        parse("b7/8/8/8/8/8/8/8 b"),
        PositionError::NoPieces(Color::White)
    );
    assert_eq!(
        parse("b:a1,c3,(1,1) w:b2 b"),
        PositionError::Duplicate {
            color: Color::Black,
            point: pt("a1")
        }
    );
    assert_eq!(parse("b:a1,c3 w:b2,c3 b"), PositionError::Overlap(pt("c3")));
    let many: Vec<String> = (1..=17).map(|r| format!("a{r}")).collect();
    assert_eq!(
        parse(&format!("b:{} w:h1 b", many.join(","))),
        PositionError::TooManyPieces {
            color: Color::Black,
            count: 17
        }
    );
    let far = Setup {
        black: vec![Point::new(i32::MAX, 0)],
        white: vec![Point::new(0, 0)],
        side: Color::Black,
    };
    assert_eq!(
        Position::from_setup(far, Rules::default()).unwrap_err(),
        PositionError::TooFar(Point::new(i32::MAX, 0))
    );
    // Every error reads as a sentence.
    for t in [
        "",
        "b:a1 w:b2",
        "b:a1 b:b2 b",
        "b:a1,,c1 w:b2 b",
        "b:a1 w:b2 x",
        "b: w:b2 b",
    ] {
        assert!(!parse(t).to_string().is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// No text makes a parser panic.
    #[test]
    fn parsers_never_panic(text in ".{0,40}", tail in "[a-z0-9(),:x\\- ]{0,24}") {
        let p = Position::new(Rules::default());
        for t in [text.as_str(), tail.as_str(), &format!("b1{tail}"), &format!("b:{tail} w:a1 b")] {
            let _ = Point::parse(t);
            let _ = MoveText::parse(t);
            let _ = p.parse_move(t);
            let _ = t.parse::<Setup>();
            if let Ok(q) = Position::from_text(t, Rules::default()) {
                let _ = q.to_string();
                prop_assert_eq!(Position::from_text(&q.to_text(), Rules::default()).map(|r| r.hash()), Ok(q.hash()));
            }
        }
    }
}

// ------------------------------------------------------------------------------------------
// The search on Boundless positions.

fn search<E: Evaluator<Position>>(
    game: &Position,
    evaluator: &E,
    limits: Limits,
) -> gamut_engine::search::SearchInfo<Move> {
    Searcher::<Position>::new(16).search(game, evaluator, limits, &AtomicBool::new(false), |_| {})
}

/// Plain minimax without pruning: whether `winner` can force a win within `plies` plies.
fn can_force_win(game: &mut Position, plies: u32, winner: Color) -> bool {
    if let Some(outcome) = game.outcome() {
        return outcome.winner() == Some(winner);
    }
    if plies == 0 {
        return false;
    }
    let attacker = game.side_to_move() == winner;
    for mv in game.legal_moves() {
        game.play_unchecked(mv);
        let wins = can_force_win(game, plies - 1, winner);
        game.undo();
        if attacker && wins {
            return true;
        }
        if !attacker && !wins {
            return false;
        }
    }
    !attacker
}

/// The engine must report a win in exactly `plies` plies, its move must force it, and no faster
/// win may exist — all checked by plain minimax.
fn assert_forced_win(game: &Position, plies: u32) {
    let me = game.side_to_move();
    let info = search(
        game,
        &BoundlessEvaluator::default(),
        Limits::depth(plies + 2),
    );
    assert_eq!(
        info.score,
        Score::WinIn(plies),
        "{} pv {:?}",
        game.to_text(),
        info.pv
    );
    assert!(can_force_win(&mut game.clone(), plies, me));
    assert!(
        !can_force_win(&mut game.clone(), plies - 1, me),
        "a faster win exists"
    );
    let mut after = game.clone();
    after.play(*info.best_move().unwrap()).unwrap();
    assert!(
        can_force_win(&mut after, plies - 1, me),
        "the move does not force the win"
    );
}

#[test]
fn the_search_finds_wins_in_one_and_two_moves() {
    // seed 001, figure 3 on the unbounded plane: g5-f4 connects at once.
    assert_forced_win(&pos("w7/8/8/3bb1b1/4b3/8/8/w6w b"), 1);
    // Off the board: the straggler (-1,4) joins the pair at once.
    assert_forced_win(&pos("b:(-3,1),(-3,2),(-1,3) w:h8,h1 b"), 1);
    // Two stragglers to bring in: two moves of Black's.
    assert_forced_win(&pos("w7/8/1b6/3bb3/4b3/8/6b1/w6w b"), 3);
}

#[test]
fn the_losing_side_sees_its_loss() {
    let p = pos("w7/8/8/3bb1b1/4b3/8/8/w6w w");
    let info = search(&p, &BoundlessEvaluator::default(), Limits::depth(4));
    assert!(matches!(info.score, Score::LossIn(2)), "{:?}", info.score);
    assert!(p.is_legal(*info.best_move().unwrap()));
}
