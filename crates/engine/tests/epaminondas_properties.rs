//! Property tests: random games and random positions checked against a plain, obviously-correct
//! square-by-square move generator, capture rule, anti-symmetry rule and end rule written only
//! for these tests.

use gamut_engine::epaminondas::{BoardSize, Move, Position, Rules, Setup, Square};
use gamut_engine::perft::perft;
use gamut_engine::{Color, DrawReason, Game, Outcome, WinReason};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// A board as a plain grid of cells, `cells[rank * files + file]`.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Grid {
    files: i32,
    ranks: i32,
    cells: Vec<Option<Color>>,
    side: Color,
}

impl Grid {
    fn from_setup(setup: &Setup) -> Grid {
        let (files, ranks) = (setup.board.files() as i32, setup.board.ranks() as i32);
        let cells = (0..ranks)
            .flat_map(|r| {
                (0..files)
                    .map(move |f| setup.piece_at(Square::from_file_rank(f as u8, r as u8).unwrap()))
            })
            .collect();
        Grid {
            files,
            ranks,
            cells,
            side: setup.side,
        }
    }

    /// `None` off the board, `Some(cell)` on it.
    fn at(&self, f: i32, r: i32) -> Option<Option<Color>> {
        if (0..self.files).contains(&f) && (0..self.ranks).contains(&r) {
            Some(self.cells[(r * self.files + f) as usize])
        } else {
            None
        }
    }

    fn set(&mut self, f: i32, r: i32, cell: Option<Color>) {
        self.cells[(r * self.files + f) as usize] = cell;
    }

    fn count(&self, color: Color) -> usize {
        self.cells.iter().filter(|&&c| c == Some(color)).count()
    }

    /// Stones of `color` on rank `r`.
    fn on_rank(&self, color: Color, r: i32) -> usize {
        (0..self.files)
            .filter(|&f| self.at(f, r) == Some(Some(color)))
            .count()
    }

    /// The rank `color` races to (the opponent's home row).
    fn far_rank(&self, color: Color) -> i32 {
        match color {
            Color::White => self.ranks - 1,
            Color::Black => 0,
        }
    }

    /// Whether mapping every square through `image` and swapping colours gives the same board.
    fn swapped_symmetric(&self, image: impl Fn(i32, i32) -> (i32, i32)) -> bool {
        (0..self.ranks).all(|r| {
            (0..self.files).all(|f| {
                let (g, s) = image(f, r);
                self.at(f, r) == self.at(g, s).map(|cell| cell.map(|c| !c))
            })
        })
    }

    fn symmetric(&self) -> bool {
        let (files, ranks) = (self.files, self.ranks);
        self.swapped_symmetric(|f, r| (f, ranks - 1 - r))
            || self.swapped_symmetric(|f, r| (files - 1 - f, ranks - 1 - r))
    }

    fn to_setup(&self, board: BoardSize) -> Setup {
        let mut setup = Setup {
            board,
            black: Default::default(),
            white: Default::default(),
            side: self.side,
        };
        for r in 0..self.ranks {
            for f in 0..self.files {
                let sq = Square::from_file_rank(f as u8, r as u8).unwrap();
                match self.at(f, r).flatten() {
                    Some(Color::Black) => setup.black = setup.black.with(sq),
                    Some(Color::White) => setup.white = setup.white.with(sq),
                    None => {}
                }
            }
        }
        setup
    }
}

/// A reference move: tail, where the head lands, and the board after it.
struct RefMove {
    tail: (i32, i32),
    to: (i32, i32),
    after: Grid,
}

/// Every legal ordinary move, walking the board square by square.
fn reference_moves(grid: &Grid, anti_symmetry: bool) -> Vec<RefMove> {
    let side = grid.side;
    let mut moves = Vec::new();
    for r in 0..grid.ranks {
        for f in 0..grid.files {
            if grid.at(f, r) != Some(Some(side)) {
                continue;
            }
            for (df, dr) in DIRECTIONS {
                // The group: the tail and every own stone straight ahead of it.
                let mut k = 0;
                while grid.at(f + k * df, r + k * dr) == Some(Some(side)) {
                    k += 1;
                }
                let head = (f + (k - 1) * df, r + (k - 1) * dr);
                for m in 1..=k {
                    let to = (head.0 + m * df, head.1 + m * dr);
                    let path_clear =
                        (1..m).all(|i| grid.at(head.0 + i * df, head.1 + i * dr) == Some(None));
                    if !path_clear {
                        break;
                    }
                    let mut captured = Vec::new();
                    match grid.at(to.0, to.1) {
                        None => break,
                        Some(None) => {}
                        Some(Some(c)) if c == side => break,
                        Some(Some(_)) => {
                            let mut s = to;
                            while grid.at(s.0, s.1) == Some(Some(!side)) {
                                captured.push(s);
                                s = (s.0 + df, s.1 + dr);
                            }
                            if captured.len() as i32 >= k {
                                break;
                            }
                        }
                    }
                    let mut after = grid.clone();
                    for &s in &captured {
                        after.set(s.0, s.1, None);
                    }
                    for i in 0..k {
                        after.set(f + i * df, r + i * dr, None);
                    }
                    for i in 0..k {
                        after.set(f + (i + m) * df, r + (i + m) * dr, Some(side));
                    }
                    after.side = !side;
                    let onto_far_row = (0..k).any(|i| r + (i + m) * dr == grid.far_rank(side));
                    if anti_symmetry && onto_far_row && after.symmetric() {
                        continue;
                    }
                    moves.push(RefMove {
                        tail: (f, r),
                        to,
                        after,
                    });
                    if !captured.is_empty() {
                        break;
                    }
                }
            }
        }
    }
    moves
}

/// The end at the start of the side to move's turn (repetition aside).
fn reference_outcome(grid: &Grid) -> Option<Outcome> {
    let side = grid.side;
    if grid.count(side) == 0 {
        return Some(Outcome::Win {
            winner: !side,
            reason: WinReason::NoStones,
        });
    }
    if grid.count(!side) == 0 {
        return Some(Outcome::Win {
            winner: side,
            reason: WinReason::NoStones,
        });
    }
    if grid.on_rank(side, grid.far_rank(side)) > grid.on_rank(!side, grid.far_rank(!side)) {
        return Some(Outcome::Win {
            winner: side,
            reason: WinReason::HomeRow,
        });
    }
    None
}

fn square(c: (i32, i32)) -> Square {
    Square::from_file_rank(c.0 as u8, c.1 as u8).unwrap()
}

fn step(m: &RefMove) -> Move {
    Move::Step {
        tail: square(m.tail),
        to: square(m.to),
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Checks the engine against the reference in `p` (a game still going on).
fn check_against_reference(p: &Position) {
    let setup = p.setup();
    let grid = Grid::from_setup(&setup);
    let reference = reference_moves(&grid, p.rules().anti_symmetry);
    let engine: Vec<String> = p.legal_moves().iter().map(Move::to_string).collect();
    let expected: Vec<String> = if reference.is_empty() {
        vec!["pass".to_string()]
    } else {
        reference.iter().map(|m| step(m).to_string()).collect()
    };
    assert_eq!(sorted(engine), sorted(expected), "moves in {}", p.to_text());
    assert_eq!(p.count_legal_moves(), reference.len().max(1));
    // The moves of each stone, as the game asks for them.
    for tail in p.stones(setup.side).squares() {
        let mut from: Vec<String> = p
            .legal_moves_from(tail)
            .iter()
            .map(Move::to_string)
            .collect();
        let mut expected: Vec<String> = reference
            .iter()
            .filter(|m| square(m.tail) == tail)
            .map(|m| step(m).to_string())
            .collect();
        from.sort();
        expected.sort();
        assert_eq!(from, expected, "moves from {tail} in {}", p.to_text());
    }
    let mut scratch = p.clone();
    for m in &reference {
        let mv = step(m);
        assert_eq!(p.check(mv), Ok(()), "{mv} in {}", p.to_text());
        // The engine's move moves and captures exactly what the reference says.
        let moved = p.moving_stones(mv);
        let captured = p.captured_by(mv);
        scratch.play_unchecked(mv);
        assert_eq!(
            scratch.setup(),
            m.after.to_setup(setup.board),
            "{mv} in {}",
            p.to_text()
        );
        assert_eq!(scratch.last_captures(), captured);
        let before = setup.black.count() + setup.white.count();
        assert_eq!(
            scratch.occupied().count() as usize,
            before as usize - captured.len()
        );
        assert!(!moved.is_empty());
        for &(from, to) in &moved {
            assert_eq!(p.piece_at(from), Some(setup.side));
            assert_eq!(scratch.piece_at(to), Some(setup.side));
        }
        scratch.undo();
    }
    let fresh = Position::from_setup(setup, *p.rules()).unwrap();
    assert_eq!(
        fresh.hash(),
        p.hash(),
        "incremental hash in {}",
        p.to_text()
    );
}

/// Every (tail, destination) pair is legal for `check` exactly when the reference lists it.
fn check_every_pair(p: &Position) {
    let grid = Grid::from_setup(&p.setup());
    let reference: Vec<Move> = reference_moves(&grid, p.rules().anti_symmetry)
        .iter()
        .map(step)
        .collect();
    let board = p.board().squares();
    for tail in p.stones(p.side_to_move()).squares() {
        for to in board.squares() {
            let mv = Move::Step { tail, to };
            assert_eq!(
                p.check(mv).is_ok(),
                reference.contains(&mv),
                "{mv} in {}: {:?}",
                p.to_text(),
                p.check(mv)
            );
        }
    }
    assert_eq!(p.check(Move::Pass).is_ok(), reference.is_empty());
}

fn play_random_game(seed: u64, rules: Rules, plies: usize) {
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
        // Play and undo restores the position exactly.
        p.play_unchecked(mv);
        assert_eq!(p.undo(), Some(mv));
        assert_eq!((p.to_text(), p.hash()), before);
        p.play(mv).unwrap();
        trail.push((p.to_text(), p.hash()));
        let grid = Grid::from_setup(&p.setup());
        let seen = trail
            .iter()
            .filter(|(text, _)| *text == p.to_text())
            .count();
        let expected = reference_outcome(&grid).or((rules.repetition_draw && seen >= 3).then_some(
            Outcome::Draw {
                reason: DrawReason::Repetition,
            },
        ));
        assert_eq!(p.outcome(), expected, "after {mv} in {}", p.to_text());
        if p.outcome().is_some() {
            assert!(p.legal_moves().is_empty());
            assert_eq!(p.count_legal_moves(), 0);
        }
    }
    // Undo all the way back through every position seen.
    while p.ply() > 0 {
        trail.pop();
        p.undo();
        assert_eq!(&(p.to_text(), p.hash()), trail.last().unwrap());
    }
}

fn random_color(rng: &mut StdRng) -> Color {
    if rng.random_bool(0.5) {
        Color::Black
    } else {
        Color::White
    }
}

/// Random stones anywhere.
fn random_setup(rng: &mut StdRng, board: BoardSize) -> Setup {
    let density = rng.random_range(0.05..0.7);
    let mut grid = Grid::from_setup(&Setup {
        board,
        black: Default::default(),
        white: Default::default(),
        side: random_color(rng),
    });
    for r in 0..grid.ranks {
        for f in 0..grid.files {
            if rng.random_bool(density) {
                let color = random_color(rng);
                grid.set(f, r, Some(color));
            }
        }
    }
    grid.to_setup(board)
}

/// A colour-swapped symmetric position (mirror or rotation), with the last move of the side
/// that is not to move taken back: a group that had landed on the far row is put back, and
/// sometimes an enemy row it had captured there is restored. Playing that move again would
/// restore the symmetry.
fn near_symmetric_setup(rng: &mut StdRng, board: BoardSize) -> Setup {
    let mut grid = Grid::from_setup(&Setup {
        board,
        black: Default::default(),
        white: Default::default(),
        side: random_color(rng),
    });
    let (files, ranks) = (grid.files, grid.ranks);
    let rotate = rng.random_bool(0.5);
    let image = |f: i32, r: i32| {
        if rotate {
            (files - 1 - f, ranks - 1 - r)
        } else {
            (f, ranks - 1 - r)
        }
    };
    let density = rng.random_range(0.05..0.6);
    for r in 0..ranks / 2 {
        for f in 0..files {
            if rng.random_bool(density) {
                let color = random_color(rng);
                let (g, s) = image(f, r);
                grid.set(f, r, Some(color));
                grid.set(g, s, Some(!color));
            }
        }
    }
    let side = grid.side;
    let far = grid.far_rank(side);
    let forward = if side == Color::White { 1 } else { -1 };
    for _ in 0..20 {
        // The head landed on x, moving in direction d towards (or along) the far row.
        let x = (rng.random_range(0..files), far);
        if grid.at(x.0, x.1) != Some(Some(side)) {
            continue;
        }
        let d =
            [(0, forward), (1, forward), (-1, forward), (1, 0), (-1, 0)][rng.random_range(0..5)];
        let mut run = 0;
        while grid.at(x.0 - run * d.0, x.1 - run * d.1) == Some(Some(side)) {
            run += 1;
        }
        let k = if rng.random_bool(0.5) {
            run
        } else {
            rng.random_range(1..=run)
        };
        let m = rng.random_range(1..=k);
        let at = |i: i32| (x.0 + i * d.0, x.1 + i * d.1);
        // Before the move the group stood m squares further back, on squares now empty.
        if !(k..k + m).all(|i| grid.at(at(-i).0, at(-i).1) == Some(None)) {
            continue;
        }
        let captured = if k >= 2 && rng.random_bool(0.5) {
            rng.random_range(1..k)
        } else {
            0
        };
        if !(1..captured).all(|i| grid.at(at(i).0, at(i).1) == Some(None)) {
            continue;
        }
        for i in 0..k {
            grid.set(at(-i).0, at(-i).1, None);
        }
        for i in 0..k {
            grid.set(at(-i - m).0, at(-i - m).1, Some(side));
        }
        for i in 0..captured {
            grid.set(at(i).0, at(i).1, Some(!side));
        }
        break;
    }
    grid.to_setup(board)
}

/// A random position: random stones, or one move away from a symmetric position.
fn random_position(seed: u64) -> Setup {
    let mut rng = StdRng::seed_from_u64(seed);
    let board = if rng.random_bool(0.5) {
        BoardSize::Small
    } else {
        BoardSize::Standard
    };
    if rng.random_bool(0.5) {
        near_symmetric_setup(&mut rng, board)
    } else {
        random_setup(&mut rng, board)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_agree_with_the_reference(
        seed: u64,
        small: bool,
        anti_symmetry: bool,
        repetition_draw: bool,
    ) {
        let rules = Rules {
            board: if small { BoardSize::Small } else { BoardSize::Standard },
            anti_symmetry,
            repetition_draw,
        };
        play_random_game(seed, rules, 150);
    }

    #[test]
    fn random_positions_agree_with_the_reference(seed: u64, anti_symmetry: bool) {
        let setup = random_position(seed);
        prop_assume!(!(setup.black | setup.white).is_empty());
        let rules = Rules { board: setup.board, anti_symmetry, ..Rules::default() };
        let p = Position::from_setup(setup, rules).unwrap();
        // Text round-trips.
        prop_assert_eq!(p.to_text().parse::<Setup>().unwrap(), setup);
        prop_assert_eq!(p.outcome(), reference_outcome(&Grid::from_setup(&setup)));
        if p.outcome().is_none() {
            check_against_reference(&p);
            check_every_pair(&p);
        } else {
            prop_assert!(p.legal_moves().is_empty());
            prop_assert_eq!(p.count_legal_moves(), 0);
        }
    }
}

/// Reference perft: the plain generator and the plain end rule, no engine involved.
fn reference_perft(grid: &Grid, history: &mut Vec<Grid>, depth: u32, anti_symmetry: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let repeated = history.iter().filter(|g| *g == grid).count() >= 3;
    if reference_outcome(grid).is_some() || repeated {
        return 0;
    }
    let moves = reference_moves(grid, anti_symmetry);
    if moves.is_empty() {
        let mut passed = grid.clone();
        passed.side = !grid.side;
        history.push(passed.clone());
        let n = reference_perft(&passed, history, depth - 1, anti_symmetry);
        history.pop();
        return n;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for m in moves {
        history.push(m.after.clone());
        total += reference_perft(&m.after, history, depth - 1, anti_symmetry);
        history.pop();
    }
    total
}

/// Engine and reference perft of a position (they must agree); returns the count.
fn compare_perft(text: &str, board: BoardSize, depth: u32) -> u64 {
    let rules = Rules {
        board,
        ..Rules::default()
    };
    let mut p = Position::from_text(text, rules).unwrap();
    let grid = Grid::from_setup(&p.setup());
    let reference = reference_perft(&grid, &mut vec![grid.clone()], depth, true);
    let engine = perft(&mut p, depth);
    println!("{text}: perft {depth} = {engine}");
    assert_eq!(engine, reference, "{text} depth {depth}");
    engine
}

#[test]
fn perft_agrees_with_the_reference_at_low_depth() {
    let start = Position::new(Rules::default()).to_text();
    assert_eq!(compare_perft(&start, BoardSize::Standard, 2), 12_996);
    let small = Position::new(Rules {
        board: BoardSize::Small,
        ..Rules::default()
    })
    .to_text();
    assert_eq!(compare_perft(&small, BoardSize::Small, 3), 269_278);
}

/// Every Epaminondas count of `tests/data/perft.txt` up to 25 million leaves, recomputed with
/// the reference generator (slow: run in release with `--ignored`).
#[test]
#[ignore]
fn perft_data_agrees_with_the_reference() {
    let text = include_str!("data/perft.txt");
    for block in text.split("\n\n") {
        let mut fields = Vec::new();
        for line in block
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            fields.push(line.split_once(' ').expect("key value"));
        }
        let value = |key: &str| fields.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
        if value("game") != Some("epaminondas") {
            continue;
        }
        let board: BoardSize = value("variant").expect("variant").parse().unwrap();
        let rules = Rules {
            board,
            ..Rules::default()
        };
        let fen = value("fen").map_or_else(|| Position::new(rules).to_text(), str::to_string);
        for (_, count) in fields.iter().filter(|(k, _)| *k == "perft") {
            let (depth, expected) = count.split_once(' ').unwrap();
            let (depth, expected): (u32, u64) = (depth.parse().unwrap(), expected.parse().unwrap());
            if expected <= 25_000_000 {
                assert_eq!(
                    compare_perft(&fen, board, depth),
                    expected,
                    "{fen} depth {depth}"
                );
            }
        }
    }
}

/// Perft 4 from the standard start with the reference generator (very slow: a few minutes in
/// release with `--ignored`).
#[test]
#[ignore]
fn perft_4_from_the_start_agrees_with_the_reference() {
    let start = Position::new(Rules::default()).to_text();
    assert_eq!(compare_perft(&start, BoardSize::Standard, 4), 245_799_684);
}
