//! Property tests: random games and random positions checked against a plain, obviously-correct
//! square-by-square move generator and connectivity test written only for these tests.

use gamut_engine::loa::{BoardSize, Move, PieceSet, Position, Rules, Setup, Square, Variant};
use gamut_engine::{Color, Game, Outcome};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The piece at (file, rank), or None off the board or on an empty square.
fn at(setup: &Setup, file: i32, rank: i32) -> Option<Color> {
    if !on_board(setup, file, rank) {
        return None;
    }
    setup.piece_at(Square::from_file_rank(file as u8, rank as u8).unwrap())
}

/// Whether (file, rank) lies on the setup's board (8×8, 7×7 or 6×6, from a1).
fn on_board(setup: &Setup, file: i32, rank: i32) -> bool {
    let side = i32::from(setup.board.side());
    (0..side).contains(&file) && (0..side).contains(&rank)
}

/// Whether the piece on `sq` may move: the side to move's, of the set that moves.
fn may_move(setup: &Setup, sq: Square) -> bool {
    let marked = setup.marked & sq.bit() != 0;
    setup.piece_at(sq) == Some(setup.side) && marked == (setup.set == PieceSet::Marked)
}

/// A legal move as (step, placement), comparable and sortable.
type MoveKey = (Option<(Square, Square)>, Option<Square>);

/// Every legal move, Parachute placements included, by the plain reference.
fn reference_legal(setup: &Setup) -> Vec<MoveKey> {
    let steps = reference_moves(setup);
    let occupied = setup.black | setup.white;
    let mut out: Vec<MoveKey> = Vec::new();
    if setup.held[setup.side.index()] == 0 {
        out.extend(steps.iter().map(|&s| (Some(s), None)));
        if out.is_empty() {
            out.push((None, None));
        }
    } else {
        for &(from, to) in &steps {
            let after = (occupied & !from.bit()) | to.bit();
            out.extend(
                Square::all()
                    .filter(|d| after & d.bit() == 0)
                    .map(|d| (Some((from, to)), Some(d))),
            );
        }
        if steps.is_empty() {
            out.extend(
                Square::all()
                    .filter(|d| occupied & d.bit() == 0)
                    .map(|d| (None, Some(d))),
            );
        }
    }
    out.sort();
    out
}

/// Legal ordinary moves, walking the board square by square.
fn reference_moves(setup: &Setup) -> Vec<(Square, Square)> {
    let mut moves = Vec::new();
    let directions = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    for from in Square::all() {
        if !may_move(setup, from) {
            continue;
        }
        let (f, r) = (from.file() as i32, from.rank() as i32);
        for (df, dr) in directions {
            // Count every piece on the whole line, both ways, the moving piece included.
            let mut count = 1;
            for sign in [1, -1] {
                let mut k = 1;
                while on_board(setup, f + sign * k * df, r + sign * k * dr) {
                    if at(setup, f + sign * k * df, r + sign * k * dr).is_some() {
                        count += 1;
                    }
                    k += 1;
                }
            }
            let (tf, tr) = (f + count * df, r + count * dr);
            if !on_board(setup, tf, tr) {
                continue;
            }
            let blocked =
                (1..count).any(|k| at(setup, f + k * df, r + k * dr) == Some(!setup.side));
            if blocked || at(setup, tf, tr) == Some(setup.side) {
                continue;
            }
            moves.push((from, Square::from_file_rank(tf as u8, tr as u8).unwrap()));
        }
    }
    moves.sort();
    moves
}

/// Whether `color`'s pieces form one 8-connected group, by a plain flood fill over squares.
fn reference_connected(setup: &Setup, color: Color) -> bool {
    let pieces: Vec<Square> = Square::all()
        .filter(|&s| setup.piece_at(s) == Some(color))
        .collect();
    let Some(&first) = pieces.first() else {
        return false;
    };
    let mut seen = vec![first];
    let mut i = 0;
    while i < seen.len() {
        let s = seen[i];
        for &p in &pieces {
            let near = (p.file() as i32 - s.file() as i32).abs() <= 1
                && (p.rank() as i32 - s.rank() as i32).abs() <= 1;
            if near && !seen.contains(&p) {
                seen.push(p);
            }
        }
        i += 1;
    }
    seen.len() == pieces.len()
}

fn engine_moves(p: &Position) -> Vec<MoveKey> {
    let mut v: Vec<MoveKey> = p
        .legal_moves()
        .into_iter()
        .map(|m| (m.step(), m.placement()))
        .collect();
    v.sort();
    v
}

/// The move for a reference key.
fn to_move(key: MoveKey) -> Move {
    let mv = match key.0 {
        Some((from, to)) => Move::Step { from, to },
        None => Move::Pass,
    };
    match key.1 {
        Some(drop) => mv.with_placement(drop),
        None => mv,
    }
}

/// Checks the engine against the reference in `p` (a game still going on).
fn check_against_reference(p: &Position) {
    let setup = p.setup();
    let reference = reference_legal(&setup);
    assert_eq!(engine_moves(p), reference, "moves in {}", p.to_text());
    assert_eq!(p.count_legal_moves(), reference.len());
    for &key in &reference {
        let mv = to_move(key);
        assert_eq!(p.check(mv), Ok(()));
        if let Some((from, _)) = key.0 {
            assert!(p.legal_moves_from(from).contains(&mv.without_placement()));
            if let Some(drop) = key.1 {
                assert_ne!(p.placements_after(mv) & drop.bit(), 0);
            }
        }
    }
    // A move of the set that does not move, or a missing or extra placement, is illegal.
    for &key in reference.iter().take(20) {
        let mv = to_move(key);
        if key.1.is_some() {
            assert!(p.check(mv.without_placement()).is_err());
        } else if let Some(empty) =
            Square::all().find(|s| (setup.black | setup.white) & s.bit() == 0)
        {
            assert!(p.check(mv.with_placement(empty)).is_err());
        }
    }
    let fresh = Position::from_setup(setup, *p.rules()).unwrap();
    assert_eq!(
        fresh.hash(),
        p.hash(),
        "incremental hash in {}",
        p.to_text()
    );
}

/// The outcome the reference expects after `mover` played a move that captured (or placed an
/// enemy piece) or not. Nobody wins while the opponent holds some of his pieces.
fn reference_outcome(setup: &Setup, mover: Color, captured: bool) -> Option<Color> {
    let can_win = |c: Color| setup.held[(!c).index()] == 0;
    let mover_connected = can_win(mover) && reference_connected(setup, mover);
    let opponent_connected = captured && can_win(!mover) && reference_connected(setup, !mover);
    match (mover_connected, opponent_connected) {
        (true, false) => Some(mover),
        (false, true) => Some(!mover),
        _ => None,
    }
}

fn play_random_game(seed: u64, variant: Variant, plies: usize) {
    play_random_game_on(seed, variant, BoardSize::Eight, plies);
}

fn play_random_game_on(seed: u64, variant: Variant, board: BoardSize, plies: usize) {
    let rules = Rules {
        variant,
        board,
        ..Rules::default()
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut p = Position::new(rules);
    let mut trail = vec![(p.to_text(), p.hash())];
    for _ in 0..plies {
        if p.outcome().is_some() {
            break;
        }
        check_against_reference(&p);
        let moves = p.legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        let before = (p.to_text(), p.hash());
        let mover = p.side_to_move();
        let captured = p.capture_of(mv).is_some() || mv.placement().is_some();
        // Play and undo restores the position exactly.
        p.play_unchecked(mv);
        assert_eq!(p.undo(), Some(mv));
        assert_eq!((p.to_text(), p.hash()), before);
        p.play(mv).unwrap();
        trail.push((p.to_text(), p.hash()));
        match p.outcome() {
            Some(Outcome::Win { winner, .. }) => {
                assert_eq!(reference_outcome(&p.setup(), mover, captured), Some(winner));
            }
            Some(Outcome::Draw { .. }) => {}
            None => assert_eq!(reference_outcome(&p.setup(), mover, captured), None),
        }
    }
    // Undo all the way back through every position seen.
    while p.ply() > 0 {
        trail.pop();
        p.undo();
        assert_eq!(&(p.to_text(), p.hash()), trail.last().unwrap());
    }
}

/// A random board for `variant`: marks and the set to move in LOA for four and Ambidextrous,
/// pieces held in Parachute.
fn random_setup_of(seed: u64, variant: Variant) -> Setup {
    let mut setup = random_setup(seed);
    let mut rng = StdRng::seed_from_u64(seed ^ 0x5EED);
    if variant.has_marked_sets() {
        setup.marked = (setup.black | setup.white) & rng.random::<u64>();
        setup.set = if rng.random_bool(0.5) {
            PieceSet::Marked
        } else {
            PieceSet::Plain
        };
    }
    if variant == Variant::Parachute {
        setup.held = [rng.random_range(0..=6), rng.random_range(0..=6)];
    }
    setup
}

/// The variants played on the 8×8 board.
const BOARD_VARIANTS: [Variant; 5] = [
    Variant::Standard,
    Variant::ScrambledEggs,
    Variant::Parachute,
    Variant::FourPlayers,
    Variant::Ambidextrous,
];

fn random_setup(seed: u64) -> Setup {
    let mut rng = StdRng::seed_from_u64(seed);
    let density = rng.random_range(0.05..0.6);
    let side = if rng.random_bool(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let mut setup = Setup::plain(0, 0, side);
    for sq in Square::all() {
        if rng.random_bool(density) {
            if rng.random_bool(0.5) {
                setup.black |= sq.bit();
            } else {
                setup.white |= sq.bit();
            }
        }
    }
    // Both sides need a piece.
    if setup.black == 0 {
        setup.black = Square::parse("a1").unwrap().bit() & !setup.white;
        setup.white &= !setup.black;
    }
    if setup.white == 0 {
        setup.white = Square::parse("h8").unwrap().bit() & !setup.black;
    }
    setup
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_agree_with_the_reference(seed: u64, variant in 0..BOARD_VARIANTS.len()) {
        play_random_game(seed, BOARD_VARIANTS[variant], 160);
    }

    #[test]
    fn random_positions_agree_with_the_reference(seed: u64, variant in 0..BOARD_VARIANTS.len()) {
        let variant = BOARD_VARIANTS[variant];
        let setup = random_setup_of(seed, variant);
        prop_assume!(setup.black != 0 && setup.white != 0);
        let rules = Rules { variant, ..Rules::default() };
        let p = Position::from_setup(setup, rules).unwrap();
        // Text round-trips.
        prop_assert_eq!(p.to_text().parse::<Setup>().unwrap(), setup);
        if p.outcome().is_none() {
            check_against_reference(&p);
        } else {
            prop_assert!(p.legal_moves().is_empty());
        }
    }
}

/// A random board on a small board: the random 8×8 setup cut down to the board's squares.
fn random_small_setup(seed: u64, board: BoardSize) -> Setup {
    let mut setup = random_setup(seed);
    setup.black &= board.squares();
    setup.white &= board.squares();
    setup.board = board;
    setup
}

const SMALL_BOARDS: [BoardSize; 2] = [BoardSize::Seven, BoardSize::Six];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_on_small_boards_agree_with_the_reference(
        seed: u64,
        board in 0..SMALL_BOARDS.len(),
    ) {
        play_random_game_on(seed, Variant::Standard, SMALL_BOARDS[board], 160);
    }

    #[test]
    fn random_positions_on_small_boards_agree_with_the_reference(
        seed: u64,
        board in 0..SMALL_BOARDS.len(),
    ) {
        let board = SMALL_BOARDS[board];
        let setup = random_small_setup(seed, board);
        prop_assume!(setup.black != 0 && setup.white != 0);
        let rules = Rules { board, ..Rules::default() };
        let p = Position::from_setup(setup, rules).unwrap();
        prop_assert_eq!(p.to_text().parse::<Setup>().unwrap(), setup);
        prop_assert_eq!(p.to_text().split('/').count(), usize::from(board.side()));
        if p.outcome().is_none() {
            check_against_reference(&p);
        }
        for color in Color::ALL {
            let mut as_mover = setup;
            as_mover.side = color;
            let reference = reference_moves(&as_mover).len() as u32;
            prop_assert_eq!(p.mobility()[color.index()], reference);
        }
    }
}

/// The small boards' perft counts (also in `data/perft.txt`) by the reference generator.
#[test]
fn small_board_perft_counts_agree_with_the_reference() {
    for (board, depth, expected) in [(BoardSize::Six, 4, 234_560), (BoardSize::Seven, 3, 25_012)] {
        let mut p = Position::new(Rules {
            board,
            ..Rules::default()
        });
        assert_eq!(reference_perft(&mut p, depth), expected, "{board}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The evaluation's line-table move count agrees with the move generator for both sides.
    #[test]
    fn mobility_counts_agree_with_move_generation(seed: u64) {
        let setup = random_setup(seed);
        prop_assume!(setup.black != 0 && setup.white != 0);
        let p = Position::from_setup(setup, Rules::default()).unwrap();
        for color in Color::ALL {
            let mut as_mover = setup;
            as_mover.side = color;
            let reference = reference_moves(&as_mover).len() as u32;
            prop_assert_eq!(p.count_steps_of(color), reference);
            prop_assert_eq!(p.mobility()[color.index()], reference, "{} {:?}", p.to_text(), color);
        }
    }
}

/// Perft with every node's moves from the plain reference generator (the engine only plays
/// them), to cross-check the counts in `data/perft.txt`.
fn reference_perft(p: &mut Position, depth: u32) -> u64 {
    if p.outcome().is_some() {
        return 0;
    }
    let moves = reference_legal(&p.setup());
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for key in moves {
        let mv = to_move(key);
        p.play_unchecked(mv);
        total += reference_perft(p, depth - 1);
        p.undo();
    }
    total
}

#[test]
fn variant_perft_counts_agree_with_the_reference() {
    let cases: [(Variant, Option<&str>, u32, u64); 5] = [
        (Variant::Parachute, None, 2, 1_057_326),
        (
            Variant::Parachute,
            Some("8/b6w/w2b3b/b6w/w3w2b/b1b4w/w6b/8 w 5/4"),
            2,
            2_004_383,
        ),
        (Variant::FourPlayers, None, 4, 91_160),
        (
            Variant::FourPlayers,
            Some("1B1BbB2/W5bw/w6W/W2b3w/w1B3bW/W3B2w/w6W/1b1b2B1 W"),
            4,
            87_481,
        ),
        (Variant::Ambidextrous, None, 4, 91_160),
    ];
    for (variant, fen, depth, expected) in cases {
        let rules = Rules {
            variant,
            ..Rules::default()
        };
        let mut p = match fen {
            Some(fen) => Position::from_text(fen, rules).unwrap(),
            None => Position::new(rules),
        };
        assert_eq!(
            reference_perft(&mut p, depth),
            expected,
            "{variant} {fen:?}"
        );
    }
}
