//! Boundless Lines of Action property tests: random games from the start and random piece sets
//! spread over a 20×20 area, checked against a plain, obviously-correct point-by-point move
//! generator and flood fill (hash maps and sets over the plane) written only for these tests;
//! and perft from the start, counted by the engine and by that reference.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::AtomicBool;

use gamut_engine::boundless::{Move, Point, Position, Rules, Setup};
use gamut_engine::eval::BoundlessEvaluator;
use gamut_engine::perft::perft;
use gamut_engine::search::{Limits, Searcher};
use gamut_engine::{Color, Game, Outcome};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Perft from the standard start (Black to move), depths 1 to 4.
const START_PERFT: [u64; 4] = [92, 8_344, 744_928, 65_716_120];

const DIRECTIONS: [(i64, i64); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The plane as a map from (file, rank) to the piece there.
#[derive(Clone, Debug)]
struct Plane {
    pieces: HashMap<(i64, i64), Color>,
    side: Color,
}

impl Plane {
    fn of(setup: &Setup) -> Plane {
        let mut pieces = HashMap::new();
        for color in Color::ALL {
            for p in setup.pieces(color) {
                pieces.insert((i64::from(p.file), i64::from(p.rank)), color);
            }
        }
        Plane {
            pieces,
            side: setup.side,
        }
    }

    /// Every piece on the infinite line through `at` with direction (df, dr), `at` included.
    fn line_count(&self, at: (i64, i64), (df, dr): (i64, i64)) -> i64 {
        self.pieces
            .keys()
            .filter(|&&(x, y)| (x - at.0) * dr == (y - at.1) * df)
            .count() as i64
    }

    /// Legal ordinary moves, walking the plane point by point.
    fn moves(&self) -> Vec<((i64, i64), (i64, i64))> {
        let mut moves = Vec::new();
        for (&from, &color) in &self.pieces {
            if color != self.side {
                continue;
            }
            for (df, dr) in DIRECTIONS {
                let n = self.line_count(from, (df, dr));
                let blocked = (1..n).any(|k| {
                    self.pieces.get(&(from.0 + k * df, from.1 + k * dr)) == Some(&!self.side)
                });
                let to = (from.0 + n * df, from.1 + n * dr);
                if !blocked && self.pieces.get(&to) != Some(&self.side) {
                    moves.push((from, to));
                }
            }
        }
        moves.sort();
        moves
    }

    /// Whether `color`'s pieces form one 8-connected group, by a flood fill over the plane.
    fn connected(&self, color: Color) -> bool {
        let all: HashSet<(i64, i64)> = self
            .pieces
            .iter()
            .filter(|&(_, &c)| c == color)
            .map(|(&p, _)| p)
            .collect();
        let Some(&first) = all.iter().next() else {
            return false;
        };
        self.group(&all, first).len() == all.len()
    }

    fn group(&self, all: &HashSet<(i64, i64)>, first: (i64, i64)) -> HashSet<(i64, i64)> {
        let mut seen = HashSet::from([first]);
        let mut todo = vec![first];
        while let Some((x, y)) = todo.pop() {
            for dx in -1..=1 {
                for dy in -1..=1 {
                    let q = (x + dx, y + dy);
                    if all.contains(&q) && seen.insert(q) {
                        todo.push(q);
                    }
                }
            }
        }
        seen
    }

    /// Plays a move; returns whether it captured.
    fn play(&mut self, from: (i64, i64), to: (i64, i64)) -> bool {
        let piece = self.pieces.remove(&from).expect("a piece to move");
        let captured = self.pieces.insert(to, piece).is_some();
        self.side = !self.side;
        captured
    }

    /// Whether the game is over after `mover` moved (capturing or not).
    fn over_after(&self, mover: Color, captured: bool) -> bool {
        self.connected(mover) || (captured && self.connected(!mover))
    }

    /// Perft by the reference: a finished game has no moves, a side without moves passes.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if moves.is_empty() {
            let mut passed = self.clone();
            passed.side = !passed.side;
            return passed.perft(depth - 1);
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&(from, to)| {
                let mut next = self.clone();
                let mover = next.side;
                let captured = next.play(from, to);
                if next.over_after(mover, captured) {
                    0
                } else {
                    next.perft(depth - 1)
                }
            })
            .sum()
    }
}

fn point((file, rank): (i64, i64)) -> Point {
    Point::new(file as i32, rank as i32)
}

fn engine_moves(p: &Position) -> Vec<((i64, i64), (i64, i64))> {
    let key = |q: Point| (i64::from(q.file), i64::from(q.rank));
    let mut v: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter_map(|m| Some((key(m.from()?), key(m.to()?))))
        .collect();
    v.sort();
    v
}

/// Checks the engine against the reference in `p` (a game still going on).
fn check_against_reference(p: &Position) {
    let setup = p.setup();
    let plane = Plane::of(&setup);
    let reference = plane.moves();
    assert_eq!(engine_moves(p), reference, "moves in {}", p.to_text());
    assert_eq!(p.count_legal_moves(), reference.len().max(1));
    assert_eq!(p.count_steps_of(p.side_to_move()) as usize, reference.len());
    if reference.is_empty() {
        assert_eq!(p.legal_moves(), vec![Move::Pass]);
        assert_eq!(p.check(Move::Pass), Ok(()));
    } else {
        assert!(p.check(Move::Pass).is_err());
    }
    let legal: HashSet<_> = reference.iter().copied().collect();
    // Every move along a line, a little short of and beyond the right distance, is judged
    // like the reference judges it.
    for (&from, &color) in &plane.pieces {
        for (d, &(df, dr)) in DIRECTIONS.iter().enumerate() {
            let n = plane.line_count(from, (df, dr));
            assert_eq!(i64::from(p.line_count(point(from), d)), n);
            for k in [1, n - 1, n, n + 1] {
                let to = (from.0 + k * df, from.1 + k * dr);
                let mv = Move::Step {
                    from: point(from),
                    to: point(to),
                };
                let ok = color == p.side_to_move() && legal.contains(&(from, to));
                assert_eq!(p.check(mv).is_ok(), ok, "{mv} in {}", p.to_text());
                assert_eq!(p.is_legal(mv), ok);
            }
        }
        let from_here: Vec<_> = reference.iter().filter(|m| m.0 == from).collect();
        assert_eq!(p.legal_moves_from(point(from)).len(), from_here.len());
    }
    for color in Color::ALL {
        assert_eq!(p.is_connected(color), plane.connected(color));
        let all: HashSet<_> = plane
            .pieces
            .iter()
            .filter(|&(_, &c)| c == color)
            .map(|(&q, _)| q)
            .collect();
        for &q in &all {
            let mut group: Vec<_> = p
                .group_at(color, point(q))
                .into_iter()
                .map(|g| (i64::from(g.file), i64::from(g.rank)))
                .collect();
            group.sort();
            let mut expected: Vec<_> = plane.group(&all, q).into_iter().collect();
            expected.sort();
            assert_eq!(group, expected);
        }
    }
    let fresh = Position::from_setup(setup, *p.rules()).unwrap();
    assert_eq!(
        fresh.hash(),
        p.hash(),
        "incremental hash in {}",
        p.to_text()
    );
    let reread = Position::from_text(&p.to_text(), *p.rules()).unwrap();
    assert_eq!((reread.to_text(), reread.hash()), (p.to_text(), p.hash()));
}

/// The winner the reference expects after `mover` played a move that captured or not.
fn reference_winner(plane: &Plane, mover: Color, captured: bool) -> Option<Color> {
    let mover_connected = plane.connected(mover);
    let opponent_connected = captured && plane.connected(!mover);
    match (mover_connected, opponent_connected) {
        (true, false) => Some(mover),
        (false, true) => Some(!mover),
        _ => None,
    }
}

fn play_random_game(seed: u64, plies: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let rules = Rules {
        repetition_draw: rng.random_bool(0.5),
        ..Rules::default()
    };
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
        assert_eq!(p.is_capture(mv), captured);
        // Play and undo restores the position exactly.
        p.play_unchecked(mv);
        assert_eq!(p.undo(), Some(mv));
        assert_eq!((p.to_text(), p.hash()), before);
        p.play(mv).unwrap();
        assert_eq!(p.last_move(), Some(mv));
        assert_eq!(p.last_capture(), mv.to().filter(|_| captured));
        trail.push((p.to_text(), p.hash()));
        let plane = Plane::of(&p.setup());
        match p.outcome() {
            Some(Outcome::Win { winner, .. }) => {
                assert_eq!(reference_winner(&plane, mover, captured), Some(winner));
            }
            Some(Outcome::Draw { .. }) => {}
            None => assert_eq!(reference_winner(&plane, mover, captured), None),
        }
    }
    assert_eq!(p.moves_played().count(), p.ply());
    // Undo all the way back through every position seen.
    while p.ply() > 0 {
        trail.pop();
        p.undo();
        assert_eq!(&(p.to_text(), p.hash()), trail.last().unwrap());
    }
    assert_eq!(p.to_text(), p.initial_text());
}

/// Random pieces, 1 to 16 a side, in a square area of 3×3 up to 20×20 points (from (-6,-6)):
/// small areas give crowded, often connected sets, large ones scattered pieces.
fn random_setup(seed: u64) -> Setup {
    let mut rng = StdRng::seed_from_u64(seed);
    let size: i32 = rng.random_range(3..=20);
    let max = ((size * size / 2) as usize).min(16);
    let mut taken = HashSet::new();
    let mut list = |n: usize, rng: &mut StdRng| {
        let mut points = Vec::new();
        while points.len() < n {
            let p = Point::new(
                rng.random_range(-6..size - 6),
                rng.random_range(-6..size - 6),
            );
            if taken.insert(p) {
                points.push(p);
            }
        }
        points
    };
    let nb = rng.random_range(1..=max);
    let nw = rng.random_range(1..=max);
    let black = list(nb, &mut rng);
    let white = list(nw, &mut rng);
    Setup {
        black,
        white,
        side: if rng.random_bool(0.5) {
            Color::Black
        } else {
            Color::White
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_games_agree_with_the_reference(seed: u64) {
        play_random_game(seed, 120);
    }

    #[test]
    fn random_positions_agree_with_the_reference(seed: u64) {
        let setup = random_setup(seed);
        let p = Position::from_setup(setup.clone(), Rules::default()).unwrap();
        // Text round-trips (up to the order of the lists).
        let mut reread = p.to_text().parse::<Setup>().unwrap();
        let mut expected = setup;
        for s in [&mut reread, &mut expected] {
            s.black.sort();
            s.white.sort();
        }
        prop_assert_eq!(reread, expected);
        if p.outcome().is_none() {
            check_against_reference(&p);
            // Play every legal move and take it back.
            let mut q = p.clone();
            for mv in p.legal_moves() {
                let mover = q.side_to_move();
                let captured = q.capture_of(mv).is_some();
                q.play_unchecked(mv);
                let plane = Plane::of(&q.setup());
                prop_assert_eq!(
                    q.outcome().and_then(|o| o.winner()),
                    reference_winner(&plane, mover, captured)
                );
                let fresh = Position::from_setup(q.setup(), Rules::default()).unwrap();
                prop_assert_eq!(fresh.hash(), q.hash());
                q.undo();
                prop_assert_eq!((q.to_text(), q.hash()), (p.to_text(), p.hash()));
            }
        } else {
            prop_assert!(p.legal_moves().is_empty());
        }
    }
}

/// A position after up to `plies` random legal moves from the start.
fn random_game(seed: u64, plies: usize) -> Position {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Position::new(Rules::default());
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// The generic search answers with a legal move from random games and random piece sets
    /// (and with none exactly when the game is over), leaving the position untouched.
    #[test]
    fn the_search_never_returns_an_illegal_move(seed: u64, plies in 0usize..80, depth in 1u32..4) {
        let mut searcher = Searcher::<Position>::new(4);
        let from_setup = Position::from_setup(random_setup(seed), Rules::default()).unwrap();
        for game in [random_game(seed, plies), from_setup] {
            let before = (game.to_text(), game.hash());
            let info = searcher.search(&game, &BoundlessEvaluator::default(), Limits::depth(depth), &AtomicBool::new(false), |_| {});
            match info.best_move() {
                Some(&mv) => prop_assert!(game.is_legal(mv), "{} {}", game.to_text(), mv),
                None => prop_assert!(game.outcome().is_some()),
            }
            prop_assert_eq!((game.to_text(), game.hash()), before);
        }
    }
}

#[test]
fn perft_from_the_start_agrees_with_the_reference() {
    let mut p = Position::new(Rules::default());
    let plane = Plane::of(&p.setup());
    for depth in 1..=3u32 {
        let engine = perft(&mut p, depth);
        let reference = plane.perft(depth);
        println!("perft {depth}: engine {engine}, reference {reference}");
        assert_eq!(engine, reference, "depth {depth}");
        assert_eq!(engine, START_PERFT[depth as usize - 1], "depth {depth}");
    }
    assert!(START_PERFT[0] > 36, "moves off the board are legal");
}

#[test]
fn perft_4_from_the_start() {
    let mut p = Position::new(Rules::default());
    let start = std::time::Instant::now();
    let nodes = perft(&mut p, 4);
    let took = start.elapsed();
    println!(
        "perft 4: {nodes} leaves in {took:?} ({:.1} M leaves/s)",
        nodes as f64 / took.as_secs_f64() / 1e6
    );
    assert_eq!(nodes, START_PERFT[3]);
}

/// The reference's own perft 4 (about a minute): `cargo test --release -- --ignored`.
#[test]
#[ignore = "slow: the reference generator's perft 4"]
fn reference_perft_4_from_the_start() {
    let plane = Plane::of(&Setup::start(Color::Black));
    assert_eq!(plane.perft(4), START_PERFT[3]);
}

/// A spread-out position (pieces far off the 8×8 area): perft 1–3 from the engine and from the
/// reference, against the counts in `data/perft.txt`.
#[test]
fn perft_of_a_spread_position_agrees_with_the_reference() {
    let text = "b:b1,(0,-2),d1,k9,c8 w:a2,(-3,5),h7,e5 w";
    let mut p = Position::from_text(text, Rules::default()).unwrap();
    let plane = Plane::of(&p.setup());
    for (depth, expected) in [(1u32, 31u64), (2, 1153), (3, 35685)] {
        assert_eq!(perft(&mut p, depth), expected, "depth {depth}");
        assert_eq!(plane.perft(depth), expected, "reference depth {depth}");
    }
}
