//! Property tests: random games and random positions checked against a plain, obviously-correct
//! square-by-square move generator and connectivity test written only for these tests.

use gamut_engine::loa::{Move, Position, Rules, Setup, Square, Variant};
use gamut_engine::{Color, Game, Outcome};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The piece at (file, rank), or None off the board or on an empty square.
fn at(setup: &Setup, file: i32, rank: i32) -> Option<Color> {
    if !(0..8).contains(&file) || !(0..8).contains(&rank) {
        return None;
    }
    setup.piece_at(Square::from_file_rank(file as u8, rank as u8).unwrap())
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
        if setup.piece_at(from) != Some(setup.side) {
            continue;
        }
        let (f, r) = (from.file() as i32, from.rank() as i32);
        for (df, dr) in directions {
            // Count every piece on the whole line, both ways, the moving piece included.
            let mut count = 1;
            for sign in [1, -1] {
                let mut k = 1;
                while (0..8).contains(&(f + sign * k * df)) && (0..8).contains(&(r + sign * k * dr))
                {
                    if at(setup, f + sign * k * df, r + sign * k * dr).is_some() {
                        count += 1;
                    }
                    k += 1;
                }
            }
            let (tf, tr) = (f + count * df, r + count * dr);
            if !(0..8).contains(&tf) || !(0..8).contains(&tr) {
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

fn engine_moves(p: &Position) -> Vec<(Square, Square)> {
    let mut v: Vec<(Square, Square)> = p
        .legal_moves()
        .into_iter()
        .filter_map(|m| Some((m.from()?, m.to()?)))
        .collect();
    v.sort();
    v
}

/// Checks the engine against the reference in `p` (a game still going on).
fn check_against_reference(p: &Position) {
    let setup = p.setup();
    let reference = reference_moves(&setup);
    assert_eq!(engine_moves(p), reference, "moves in {}", p.to_text());
    assert_eq!(p.count_legal_moves(), reference.len().max(1));
    if reference.is_empty() {
        assert_eq!(p.legal_moves(), vec![Move::Pass]);
    }
    for &(from, to) in &reference {
        let mv = Move::Step { from, to };
        assert_eq!(p.check(mv), Ok(()));
        assert!(p.legal_moves_from(from).contains(&mv));
    }
    let fresh = Position::from_setup(setup, *p.rules()).unwrap();
    assert_eq!(
        fresh.hash(),
        p.hash(),
        "incremental hash in {}",
        p.to_text()
    );
}

/// The outcome the reference expects after `mover` played a move that captured or not.
fn reference_outcome(setup: &Setup, mover: Color, captured: bool) -> Option<Color> {
    let mover_connected = reference_connected(setup, mover);
    let opponent_connected = captured && reference_connected(setup, !mover);
    match (mover_connected, opponent_connected) {
        (true, false) => Some(mover),
        (false, true) => Some(!mover),
        _ => None,
    }
}

fn play_random_game(seed: u64, variant: Variant, plies: usize) {
    let rules = Rules {
        variant,
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
        let captured = p.capture_of(mv).is_some();
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

fn random_setup(seed: u64) -> Setup {
    let mut rng = StdRng::seed_from_u64(seed);
    let density = rng.random_range(0.05..0.6);
    let mut setup = Setup {
        black: 0,
        white: 0,
        side: if rng.random_bool(0.5) {
            Color::Black
        } else {
            Color::White
        },
    };
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
    fn random_games_agree_with_the_reference(seed: u64, eggs: bool) {
        let variant = if eggs { Variant::ScrambledEggs } else { Variant::Standard };
        play_random_game(seed, variant, 160);
    }

    #[test]
    fn random_positions_agree_with_the_reference(seed: u64) {
        let setup = random_setup(seed);
        prop_assume!(setup.black != 0 && setup.white != 0);
        let p = Position::from_setup(setup, Rules::default()).unwrap();
        // Text round-trips.
        prop_assert_eq!(p.to_text().parse::<Setup>().unwrap(), setup);
        if p.outcome().is_none() {
            check_against_reference(&p);
        } else {
            prop_assert!(p.legal_moves().is_empty());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The evaluation's shift-based move count agrees with the move generator for both sides.
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
