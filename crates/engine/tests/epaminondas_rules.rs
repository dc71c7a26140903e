//! Epaminondas rules (RULES.md §2): one test per rule, the notation and position text, and an
//! ignored perft speed measurement.

use gamut_engine::epaminondas::{
    BoardSize, DIRECTIONS, IllegalMove, Move, Position, PositionError, Rules, Setup,
    SetupParseError, Square,
};
use gamut_engine::game::MoveError;
use gamut_engine::notation::MoveParseError;
use gamut_engine::perft::perft;
use gamut_engine::{Color, DrawReason, Game, Outcome, WinReason};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn step(tail: &str, to: &str) -> Move {
    Move::Step {
        tail: sq(tail),
        to: sq(to),
    }
}

fn small() -> Rules {
    Rules {
        board: BoardSize::Small,
        ..Rules::default()
    }
}

fn pos(text: &str, rules: Rules) -> Position {
    Position::from_text(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The engine notation of a stone's moves, sorted.
fn moves_from(p: &Position, tail: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves_from(sq(tail))
        .iter()
        .map(Move::to_string)
        .collect();
    v.sort();
    v
}

fn names(squares: &[Square]) -> Vec<String> {
    squares.iter().map(Square::to_string).collect()
}

#[test]
fn start_position_white_first_and_114_moves() {
    let p = Position::new(Rules::default());
    assert_eq!(
        p.to_text(),
        "bbbbbbbbbbbbbb/bbbbbbbbbbbbbb/14/14/14/14/14/14/14/14/wwwwwwwwwwwwww/wwwwwwwwwwwwww w"
    );
    assert_eq!(p.side_to_move(), Color::White);
    assert_eq!(p.outcome(), None);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 114);
    assert_eq!(p.count_legal_moves(), 114);
    // North: per file the pair moves 1 or 2 from rank 1 and the front stone 1 from rank 2;
    // NE and NW: 36 each.
    let by_direction = |dir: usize| {
        moves
            .iter()
            .filter(|m| m.line().map(|(d, _)| d) == Some(dir))
            .count()
    };
    assert_eq!(DIRECTIONS[0], (0, 1));
    assert_eq!(
        [0, 1, 7, 2, 6].map(by_direction),
        [42, 36, 36, 0, 0],
        "N, NE, NW, E, W"
    );
    // The rank-1 tail's diagonal pair moves 1 or 2 while it stays on the board.
    assert_eq!(moves_from(&p, "a1"), vec!["a1a3", "a1a4", "a1c3", "a1d4"]);
    // m1's north-east pair m1-n2 would leave the board; its north-west pair m1-l2 moves.
    assert_eq!(moves_from(&p, "m1"), vec!["m1j4", "m1k3", "m1m3", "m1m4"]);
    assert_eq!(
        moves_from(&p, "a12"),
        Vec::<String>::new(),
        "not White's stone"
    );
    let small = Position::new(small());
    assert_eq!(
        small.to_text(),
        "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w"
    );
    assert_eq!(small.count_legal_moves(), 60);
}

#[test]
fn a_single_stone_moves_one_square_and_never_captures() {
    // White e5 alone; Black f6 alone, d4 and d5 a row of two.
    let p = pos(
        "14/14/14/14/14/14/5b8/3bw9/3b10/14/14/14 w",
        Rules::default(),
    );
    assert_eq!(
        moves_from(&p, "e5"),
        vec!["e5d6", "e5e4", "e5e6", "e5f4", "e5f5"]
    );
    assert_eq!(
        p.check_step(sq("e5"), sq("f6")),
        Err(IllegalMove::SingleStoneCannotCapture)
    );
    assert_eq!(
        p.check_step(sq("e5"), sq("d5")),
        Err(IllegalMove::SingleStoneCannotCapture)
    );
    assert_eq!(
        p.check_step(sq("e5"), sq("e7")),
        Err(IllegalMove::TooFar { stones: 1 })
    );
    assert!(
        IllegalMove::TooFar { stones: 1 }
            .to_string()
            .contains("single stone")
    );
}

#[test]
fn a_phalanx_of_k_moves_one_to_k_squares() {
    // White c2-c3-c4 on the c-file, plenty of room ahead.
    let p = pos(
        "b13/14/14/14/14/14/14/14/2w11/2w11/2w11/14 w",
        Rules::default(),
    );
    let north: Vec<String> = p
        .legal_moves_from(sq("c2"))
        .into_iter()
        .filter(|m| m.line().map(|(d, _)| d) == Some(0))
        .map(|m| m.to_string())
        .collect();
    assert_eq!(north, vec!["c2c5", "c2c6", "c2c7"]);
    assert_eq!(
        p.check_step(sq("c2"), sq("c8")),
        Err(IllegalMove::TooFar { stones: 3 })
    );
    // Backwards the same phalanx (tail c4) moves south 1..3.
    assert_eq!(p.check_step(sq("c4"), sq("c1")), Ok(step("c4", "c1")));
    // Naming a square inside the phalanx is not a move.
    assert_eq!(
        p.check_step(sq("c2"), sq("c3")),
        Err(IllegalMove::InsidePhalanx {
            to: sq("c3"),
            head: sq("c4")
        })
    );
    assert_eq!(
        p.moving_stones(step("c2", "c7")),
        vec![
            (sq("c2"), sq("c5")),
            (sq("c3"), sq("c6")),
            (sq("c4"), sq("c7"))
        ]
    );
    let mut after = p.clone();
    after.play(step("c2", "c7")).unwrap();
    assert_eq!(
        after.to_text(),
        "b13/14/14/14/14/2w11/2w11/2w11/14/14/14/14 b"
    );
}

#[test]
fn splitting_moves_only_the_front_part() {
    let mut p = pos(
        "b13/14/14/14/14/14/14/14/2w11/2w11/2w11/14 w",
        Rules::default(),
    );
    // Tail c3: the group is c3-c4 (two stones), so it moves 1 or 2; c2 stays.
    let north: Vec<String> = p
        .legal_moves_from(sq("c3"))
        .into_iter()
        .filter(|m| m.line().map(|(d, _)| d) == Some(0))
        .map(|m| m.to_string())
        .collect();
    assert_eq!(north, vec!["c3c5", "c3c6"]);
    assert_eq!(
        p.check_step(sq("c3"), sq("c7")),
        Err(IllegalMove::TooFar { stones: 2 })
    );
    assert_eq!(
        p.moving_stones(step("c3", "c6")),
        vec![(sq("c3"), sq("c5")), (sq("c4"), sq("c6"))]
    );
    // Every move in which c4 takes part: as the front of c2, c3 or alone.
    let mut involving: Vec<String> = p
        .moves_involving(sq("c4"))
        .iter()
        .map(Move::to_string)
        .collect();
    involving.sort();
    assert!(involving.contains(&"c2c7".to_string()));
    assert!(involving.contains(&"c3c5".to_string()));
    assert!(involving.contains(&"c4c5".to_string()));
    assert!(
        !involving
            .iter()
            .any(|m| m.starts_with("c2b") || m == "c2d3")
    );
    p.play(step("c3", "c6")).unwrap();
    assert_eq!(p.to_text(), "b13/14/14/14/14/14/2w11/2w11/14/14/2w11/14 b");
}

#[test]
fn no_passing_through_own_or_enemy_stones() {
    // White c2-c3-c4; Black c6 (in the way), White e2-e3-e4 with White e6.
    let p = pos(
        "b13/14/14/14/14/14/2b1w9/14/2w1w9/2w1w9/2w1w9/14 w",
        Rules::default(),
    );
    assert_eq!(p.check_step(sq("c2"), sq("c5")), Ok(step("c2", "c5")));
    assert_eq!(
        p.check_step(sq("c2"), sq("c7")),
        Err(IllegalMove::Blocked(sq("c6")))
    );
    assert_eq!(p.check_step(sq("e2"), sq("e5")), Ok(step("e2", "e5")));
    assert_eq!(
        p.check_step(sq("e2"), sq("e7")),
        Err(IllegalMove::Blocked(sq("e6")))
    );
    // The own stone is not part of the group (e5 is empty), and may not be landed on.
    assert_eq!(
        p.check_step(sq("e2"), sq("e6")),
        Err(IllegalMove::OwnStone(sq("e6")))
    );
}

#[test]
fn a_capture_needs_a_strictly_shorter_row_and_takes_all_of_it() {
    // White c2-c3-c4 (three); Black c5-c6 (two), then White c7 ends the black row.
    let text = "b13/14/14/14/14/2w11/2b11/2b11/2w11/2w11/2w11/14 w";
    let mut p = pos(text, Rules::default());
    let capture = step("c2", "c5");
    assert_eq!(p.check(capture), Ok(()));
    assert_eq!(names(&p.captured_by(capture)), vec!["c5", "c6"]);
    assert_eq!(p.human_move(capture), "c2xc5");
    assert_eq!(p.human_move(step("c2", "d3")), "c2-d3");
    // Tail c3: two stones against a row of two.
    assert_eq!(
        p.check_step(sq("c3"), sq("c5")),
        Err(IllegalMove::RowTooLong { stones: 2, row: 2 })
    );
    p.play(capture).unwrap();
    assert_eq!(names(&p.last_captures()), vec!["c5", "c6"]);
    assert_eq!(
        p.to_text(),
        "b13/14/14/14/14/2w11/14/2w11/2w11/2w11/14/14 b"
    );
    assert_eq!(p.stones(Color::Black).count(), 1);
    p.undo();
    assert_eq!(p.to_text(), text);
    // A third black stone makes the row as long as the phalanx: no capture.
    let p = pos(
        "b13/14/14/14/14/2b11/2b11/2b11/2w11/2w11/2w11/14 w",
        Rules::default(),
    );
    assert_eq!(
        p.check_step(sq("c2"), sq("c5")),
        Err(IllegalMove::RowTooLong { stones: 3, row: 3 })
    );
    assert!(p.captured_by(step("c2", "c5")).is_empty());
    // The head may travel over empty squares before it captures.
    let p = pos(
        "b13/14/14/14/14/14/2b11/14/2w11/2w11/2w11/14 w",
        Rules::default(),
    );
    assert_eq!(p.check_step(sq("c2"), sq("c6")), Ok(step("c2", "c6")));
    assert_eq!(names(&p.captured_by(step("c2", "c6"))), vec!["c6"]);
    // Diagonally too: b2-c3 against d4 (one stone).
    let p = pos(
        "b13/14/14/14/14/14/14/14/3b10/2w11/1w12/14 w",
        Rules::default(),
    );
    assert_eq!(p.human_move(step("b2", "d4")), "b2xd4");
    assert_eq!(p.check_step(sq("b2"), sq("d4")), Ok(step("b2", "d4")));
}

#[test]
fn capturing_is_never_compulsory() {
    let p = pos(
        "b13/14/14/14/14/2w11/2b11/2b11/2w11/2w11/2w11/14 w",
        Rules::default(),
    );
    let moves = p.legal_moves();
    assert!(moves.contains(&step("c2", "c5")));
    assert!(moves.contains(&step("c2", "d3")));
    assert!(
        moves
            .iter()
            .filter(|m| p.captured_by(**m).is_empty())
            .count()
            > 10
    );
}

#[test]
fn only_the_player_about_to_move_can_win_and_only_when_strictly_ahead() {
    // White d11 can step onto Black's home row; Black's b2 can step onto White's.
    let text = "13b/3w10/14/14/14/14/14/14/14/14/1b12/13w w";
    let mut p = pos(text, Rules::default());
    p.play(step("d11", "d12")).unwrap();
    // White is ahead 1-0, but it is Black's turn: only Black is checked.
    assert_eq!(p.far_row_count(Color::White), 1);
    assert_eq!(p.outcome(), None);
    // Black draws level: at White's turn 1-1 is not strictly more.
    p.play(step("b2", "b1")).unwrap();
    assert_eq!(p.outcome(), None);
    p.undo();
    // Black does something else: at the start of White's turn White is ahead and wins.
    p.play(step("n12", "n11")).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::HomeRow
        })
    );
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.parse_move("n1n2"), Err(MoveError::GameOver));
    assert_eq!(p.clone().play(Move::Pass), Err(MoveError::GameOver));
    // A setup is judged for the side to move only.
    let ahead_to_move = pos(
        "3w9b/14/14/14/14/14/14/14/14/14/1b12/13w w",
        Rules::default(),
    );
    assert_eq!(
        ahead_to_move.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::HomeRow
        })
    );
    let ahead_not_to_move = pos(
        "3w9b/14/14/14/14/14/14/14/14/14/1b12/13w b",
        Rules::default(),
    );
    assert_eq!(ahead_not_to_move.outcome(), None);
}

#[test]
fn a_player_without_stones_loses() {
    // White c2-c3 captures Black's last stone c4.
    let mut p = pos(
        "14/14/14/14/14/14/14/14/2b11/2w11/2w11/14 w",
        Rules::default(),
    );
    p.play(step("c2", "c4")).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::NoStones
        })
    );
    assert!(p.legal_moves().is_empty());
    // A setup without black stones is a finished game; an empty board is an error.
    let done = pos(
        "14/14/14/14/14/14/14/14/14/2w11/2w11/14 b",
        Rules::default(),
    );
    assert_eq!(done.outcome().and_then(Outcome::winner), Some(Color::White));
    assert_eq!(
        Position::from_text("14/14/14/14/14/14/14/14/14/14/14/14 w", Rules::default()).err(),
        Some(PositionError::NoStones)
    );
}

#[test]
fn a_player_without_a_legal_move_passes() {
    // White a4 is walled in by single black stones (a single stone never captures).
    let mut p = pos("8/8/8/bb6/wb6/bb6/7b/8 w", small());
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_moves(), vec![Move::Pass]);
    assert_eq!(p.count_legal_moves(), 1);
    assert_eq!(p.parse_move("pass"), Ok(Move::Pass));
    p.play(Move::Pass).unwrap();
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.check(Move::Pass), Err(IllegalMove::PassNotAllowed));
    assert!(matches!(
        p.clone().play(Move::Pass),
        Err(MoveError::Illegal { .. })
    ));
    assert_eq!(p.undo(), Some(Move::Pass));
    assert_eq!(p.side_to_move(), Color::White);
}

#[test]
fn the_third_repetition_is_a_draw_unless_switched_off() {
    let cycle = ["a2-a3", "a7-a6", "a3-a2", "a6-a7"];
    for repetition_draw in [true, false] {
        let mut p = Position::new(Rules {
            repetition_draw,
            ..small()
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

/// Colour-swapped mirror image (ranks reversed) one move away: White d7-d8 would complete it.
const MIRROR: &str = "bbb1bbbb/1bbw1b2/8/2b1b3/2w1w3/8/1ww2w2/wwwbwwww w";
/// The same, seen from the other side: Black d2-d1 would complete it.
const MIRROR_BLACK: &str = "bbbwbbbb/1bb2b2/8/2b1b3/2w1w3/8/1wwb1w2/www1wwww b";
/// Colour-swapped 180° rotation one move away: White m11-m12 would complete it.
const ROTATION: &str = "7bbbbb2/9bb1w1/14/14/14/14/14/14/14/14/3ww9/1bwwwww7 w";

#[test]
fn anti_symmetry_forbids_a_far_row_move_that_leaves_a_mirror_image() {
    let p = pos(MIRROR, small());
    assert_eq!(p.check(step("d7", "d8")), Err(IllegalMove::Symmetric));
    assert!(!p.legal_moves().contains(&step("d7", "d8")));
    assert!(matches!(
        p.parse_move("d7-d8"),
        Err(MoveError::Illegal { reason, .. }) if reason.contains("anti-symmetry")
    ));
    let black = pos(MIRROR_BLACK, small());
    assert_eq!(black.check(step("d2", "d1")), Err(IllegalMove::Symmetric));
    // With the rule off the move is legal, and leaves 1-1 on the far rows.
    let off = Rules {
        anti_symmetry: false,
        ..small()
    };
    let mut p = pos(MIRROR, off);
    assert_eq!(p.check(step("d7", "d8")), Ok(()));
    p.play(step("d7", "d8")).unwrap();
    assert_eq!(p.outcome(), None);
    assert_eq!(
        pos(MIRROR, small()).count_legal_moves() + 1,
        pos(MIRROR, off).count_legal_moves()
    );
}

#[test]
fn anti_symmetry_forbids_a_far_row_move_that_leaves_a_rotated_image() {
    let p = pos(ROTATION, Rules::default());
    assert_eq!(p.check(step("m11", "m12")), Err(IllegalMove::Symmetric));
    // Another square of the far row breaks the symmetry: allowed.
    assert_eq!(p.check(step("m11", "n12")), Ok(()));
    let off = Rules {
        anti_symmetry: false,
        ..Rules::default()
    };
    assert_eq!(pos(ROTATION, off).check(step("m11", "m12")), Ok(()));
}

#[test]
fn anti_symmetry_only_watches_moves_onto_the_far_row() {
    // c3-c4 restores a mirror image with colours swapped, but c4 is not on the far row.
    let p = pos("bb6/8/8/2b5/8/2w5/8/ww6 w", small());
    assert_eq!(p.check(step("c3", "c4")), Ok(()));
    let mut after = p.clone();
    after.play(step("c3", "c4")).unwrap();
    assert_eq!(after.to_text(), "bb6/8/8/2b5/2w5/8/8/ww6 b");
    // A capture on the far row that leaves a symmetric position is forbidden too: the pair
    // a6-b7 takes c8 and leaves the mirror image.
    let text = "1bb5/1w6/w7/8/8/8/1b6/1wb5 w";
    let capture = step("a6", "c8");
    let p = pos(text, small());
    assert_eq!(p.check(capture), Err(IllegalMove::Symmetric));
    assert!(p.captured_by(capture).is_empty(), "not a legal move");
    let off = pos(
        text,
        Rules {
            anti_symmetry: false,
            ..small()
        },
    );
    assert_eq!(names(&off.captured_by(capture)), vec!["c8"]);
}

#[test]
fn notation_and_errors() {
    let p = Position::new(Rules::default());
    for text in ["a1-a4", "a1xa4", "a1:a4", "a1a4", " A1A4 "] {
        assert_eq!(p.parse_move(text), Ok(step("a1", "a4")), "{text}");
    }
    assert_eq!(step("a1", "a4").to_string(), "a1a4");
    assert_eq!(Move::Pass.to_string(), "pass");
    assert_eq!(p.human_move(step("n1", "n4")), "n1-n4");
    assert_eq!(p.human_move(Move::Pass), "pass");
    assert!(matches!(
        p.parse_move("o1-o2"),
        Err(MoveError::Syntax(MoveParseError::Square { .. }))
    ));
    assert!(matches!(p.parse_move("a13a12"), Err(MoveError::Syntax(_))));
    assert!(matches!(
        p.parse_move(""),
        Err(MoveError::Syntax(MoveParseError::Empty))
    ));
    assert!(matches!(p.parse_move("hello"), Err(MoveError::Syntax(_))));
    for (text, reason) in [
        ("a1-a5", "at most 2 squares"),
        ("a2-a4", "single stone"),
        ("a12-a10", "not yours"),
        ("a5-a6", "no stone on a5"),
        ("a1-b3", "not on one line"),
        ("a1-a1", "must move"),
        ("a1-a2", "inside the moving phalanx"),
        ("pass", "only when you have no legal move"),
    ] {
        match p.parse_move(text) {
            Err(MoveError::Illegal { mv, reason: why }) => {
                assert_eq!(mv, text);
                assert!(why.contains(reason), "{text}: {why}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
    // The small board ends at h8.
    let s = Position::new(small());
    assert!(matches!(s.parse_move("i1-i2"), Err(MoveError::Syntax(_))));
    assert_eq!(
        s.check_step(sq("a1"), sq("a12")),
        Err(IllegalMove::OffBoard(sq("a12")))
    );
}

#[test]
fn position_text_and_errors() {
    let text = "14/14/14/14/14/3b10/10ww2/14/14/14/14/14 b";
    let p = pos(text, Rules::default());
    assert_eq!(p.to_text(), text);
    assert_eq!(p.piece_at(sq("d7")), Some(Color::Black));
    assert_eq!(p.piece_at(sq("l6")), Some(Color::White));
    assert_eq!(format!("{p:?}"), format!("Position({text})"));
    let diagram = p.to_string();
    assert!(diagram.starts_with("12 . . ."));
    assert!(diagram.contains(" 7 . . . x"));
    assert!(diagram.contains("   a b c d e f g h i j k l m n"));
    assert!(diagram.ends_with("Black to move"));
    assert!(matches!(
        Position::from_text("14/14 w", Rules::default()),
        Err(PositionError::Text(SetupParseError::RankCount(2)))
    ));
    assert_eq!(
        Position::from_text("8/8/8/8/8/8/8/w7 w", Rules::default()).err(),
        Some(PositionError::WrongBoard {
            setup: BoardSize::Small,
            rules: BoardSize::Standard
        })
    );
    // Raw setups are checked: stones off the small board, two colours on one square.
    let mut setup = Setup::start(BoardSize::Small);
    setup.white = setup.white.with(sq("n12"));
    assert_eq!(
        Position::from_setup(setup, small()).err(),
        Some(PositionError::OffBoard(sq("n12")))
    );
    let mut setup = Setup::start(BoardSize::Small);
    setup.white = setup.white.with(sq("a8"));
    assert_eq!(
        Position::from_setup(setup, small()).err(),
        Some(PositionError::Overlap(sq("a8")))
    );
}

#[test]
fn undo_restores_everything() {
    let mut p = Position::new(Rules::default());
    let start = (p.to_text(), p.hash());
    for text in ["a1-a4", "n12-n9", "a3-a5", "n10-n8", "a5-a6"] {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(mv).unwrap();
    }
    assert_eq!(p.ply(), 5);
    assert_eq!(p.last_move(), Some(step("a5", "a6")));
    assert_eq!(p.moves_played().count(), 5);
    while p.undo().is_some() {}
    assert_eq!((p.to_text(), p.hash()), start);
    assert_eq!(p.legal_moves().len(), 114);
    assert_eq!(p.initial_setup(), Setup::start(BoardSize::Standard));
}

/// Perft speed from the start (run in release: `cargo test --release -p gamut-engine --test
/// epaminondas_rules -- --ignored --nocapture`).
#[test]
#[ignore]
fn perft_speed() {
    let mut p = Position::new(Rules::default());
    for depth in [3, 4, 4, 4] {
        let start = std::time::Instant::now();
        let nodes = perft(&mut p, depth);
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "perft {depth}: {nodes} nodes in {seconds:.3} s, {:.1} M nodes/s",
            nodes as f64 / seconds / 1e6
        );
    }
}
