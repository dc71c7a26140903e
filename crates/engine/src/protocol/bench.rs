//! The fixed search benchmark: the same positions of both games, each searched to a fixed depth
//! by a fresh searcher, so the total node count changes only when the search does.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::any_game::{AnyPosition, GameConfig, GameKind};
use crate::any_search::AnySearcher;
use crate::eval::Evaluators;
use crate::game::MoveError;
use crate::search::Limits;
use crate::{Game, epaminondas, loa};

/// Transposition table of each benchmark search, in MiB.
pub const BENCH_HASH_MB: usize = 16;

/// One benchmark position: a game, a move sequence from its start, and a depth.
#[derive(Debug, Clone, Copy)]
pub struct BenchPosition {
    /// A short name.
    pub name: &'static str,
    /// The game and rules.
    pub config: GameConfig,
    /// Moves from the start, engine notation, separated by spaces.
    pub moves: &'static str,
    /// Search depth.
    pub depth: u32,
}

const fn loa_config(variant: loa::Variant) -> GameConfig {
    GameConfig {
        kind: GameKind::LinesOfAction,
        loa: loa::Rules {
            variant,
            first_player: crate::Color::Black,
            simultaneous: loa::SimultaneousConnection::Draw,
            repetition_draw: true,
            board: loa::BoardSize::Eight,
        },
        epaminondas: epaminondas::Rules {
            anti_symmetry: true,
            board: epaminondas::BoardSize::Standard,
            repetition_draw: true,
        },
    }
}

const fn epaminondas_config(board: epaminondas::BoardSize) -> GameConfig {
    let mut config = loa_config(loa::Variant::Standard);
    config.kind = GameKind::Epaminondas;
    config.epaminondas.board = board;
    config
}

/// The benchmark positions.
pub const BENCH_POSITIONS: [BenchPosition; 10] = [
    BenchPosition {
        name: "lines-of-action start",
        config: loa_config(loa::Variant::Standard),
        moves: "",
        depth: 8,
    },
    BenchPosition {
        name: "scrambled-eggs start",
        config: loa_config(loa::Variant::ScrambledEggs),
        moves: "",
        depth: 8,
    },
    BenchPosition {
        name: "lines-of-action opening",
        config: loa_config(loa::Variant::Standard),
        moves: LOA_OPENING,
        depth: 8,
    },
    BenchPosition {
        name: "lines-of-action middle game",
        config: loa_config(loa::Variant::Standard),
        moves: LOA_MIDDLE,
        depth: 8,
    },
    BenchPosition {
        name: "lines-of-action late middle game",
        config: loa_config(loa::Variant::Standard),
        moves: LOA_LATE,
        depth: 8,
    },
    BenchPosition {
        name: "scrambled-eggs middle game",
        config: loa_config(loa::Variant::ScrambledEggs),
        moves: EGGS_MIDDLE,
        depth: 8,
    },
    BenchPosition {
        name: "epaminondas start",
        config: epaminondas_config(epaminondas::BoardSize::Standard),
        moves: "",
        depth: 5,
    },
    BenchPosition {
        name: "epaminondas middle game",
        config: epaminondas_config(epaminondas::BoardSize::Standard),
        moves: EPAMINONDAS_MIDDLE,
        depth: 5,
    },
    BenchPosition {
        name: "epaminondas small board start",
        config: epaminondas_config(epaminondas::BoardSize::Small),
        moves: "",
        depth: 6,
    },
    BenchPosition {
        name: "epaminondas small board middle game",
        config: epaminondas_config(epaminondas::BoardSize::Small),
        moves: SMALL_MIDDLE,
        depth: 6,
    },
];

// The middle games come from the engine's own depth-4 games (depth 3 for the big Epaminondas
// board), cut where the position is still open.
const LOA_OPENING: &str = "g1g3 h6f8 g8g6 h7f7 f1f4 h5f3 d1f3 a7b6 c1e3 f8f4 g6e4 h2h5";
const LOA_MIDDLE: &str = "g1g3 h6f8 g8g6 h7f7 f1f4 h5f3 d1f3 a7b6 c1e3 f8f4 g6e4 h2h5 b1d1 h3f5 \
    e1e5 a5e5 d1g4 f7f3 c8f5 a3e3 d8f6 h4f6 g3g5 a6d6 e4g6 e3e6";
const LOA_LATE: &str = "g1g3 h6f8 g8g6 h7f7 f1f4 h5f3 d1f3 a7b6 c1e3 f8f4 g6e4 h2h5 b1d1 h3f5 \
    e1e5 a5e5 d1g4 f7f3 c8f5 a3e3 d8f6 h4f6 g3g5 a6d6 e4g6 e3e6 e8c6 a2c4";
const EGGS_MIDDLE: &str = "f1h3 b8b6 a7c7 h5f7 a3c1 e1c3 a5c3 a2a5 h6f8 g1e3 d1b3 d8f6 f8e7 f7f5 \
    c1b2 h7e7";
const EPAMINONDAS_MIDDLE: &str = "a1c3 a12c10 c1c6 c12c7 b2c3 b11c10 a2b2 n11b11 b2c2 n12c12 \
    n1c1 a11b10 b1d3 b12b7 d1d5 d12b10 e1e4 b10b3 f2b6 b5b1";
const SMALL_MIDDLE: &str = "a1c3 e7f6 c3d3 a7e7 f2e3 a8c6 d3g3 c6d6 g3d3 c7c6 e2f3 c6e6 a2f2 h8e5";

/// A benchmark that could not run.
#[derive(Debug, Error)]
pub enum BenchError {
    /// A built-in move sequence no longer fits the rules.
    #[error("bench position '{name}', move {index} '{text}': {source}")]
    Move {
        /// The position's name.
        name: &'static str,
        /// The move's place, from 1.
        index: usize,
        /// The move.
        text: String,
        /// Why it cannot be played.
        source: MoveError,
    },
    /// The report could not be written.
    #[error("cannot write the report: {0}")]
    Output(#[from] io::Error),
}

/// One position's search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchLine {
    /// The position's name.
    pub name: &'static str,
    /// The depth searched.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The best move, engine notation (`(none)` if the game is over).
    pub best: String,
    /// The score in protocol form (`cp 12`).
    pub score: String,
}

/// The whole benchmark.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BenchReport {
    /// Each position in order.
    pub lines: Vec<BenchLine>,
    /// Nodes of all searches: the benchmark's signature.
    pub total_nodes: u64,
    /// Time of all searches.
    pub total_time: Duration,
}

impl BenchReport {
    /// Nodes per second over the whole benchmark.
    pub fn nps(&self) -> u64 {
        (self.total_nodes as f64 / self.total_time.as_secs_f64().max(1e-9)) as u64
    }
}

impl BenchPosition {
    /// The position after the move sequence.
    pub fn position(&self) -> Result<AnyPosition, BenchError> {
        let mut position = self.config.start();
        for (i, text) in self.moves.split_whitespace().enumerate() {
            let error = |source| BenchError::Move {
                name: self.name,
                index: i + 1,
                text: text.to_string(),
                source,
            };
            let mv = position.parse_move(text).map_err(error)?;
            position.play(mv).map_err(error)?;
        }
        Ok(position)
    }
}

/// Searches `position` to `depth` with a fresh searcher and the default evaluation: nodes,
/// best move and score.
fn search_one(position: &AnyPosition, depth: u32) -> (u64, String, String) {
    let mut searcher = AnySearcher::new(position, BENCH_HASH_MB);
    let evaluators = Evaluators::default();
    let never = AtomicBool::new(false);
    let info = searcher.search(position, &evaluators, Limits::depth(depth), &never, |_| {});
    let best = info
        .best_move()
        .map_or_else(|| "(none)".to_string(), |m| m.to_string());
    (info.nodes, best, info.score.protocol())
}

/// Runs the benchmark: every position (at `depth` if given, else its own depth), a line each,
/// then the totals.
pub fn run_bench(depth: Option<u32>, out: &mut dyn Write) -> Result<BenchReport, BenchError> {
    let mut report = BenchReport::default();
    for (i, bench) in BENCH_POSITIONS.iter().enumerate() {
        let position = bench.position()?;
        let depth = depth.unwrap_or(bench.depth);
        let start = Instant::now();
        let (nodes, best, score) = search_one(&position, depth);
        let time = start.elapsed();
        writeln!(
            out,
            "{:>2}/{} {:<36} depth {:>2} nodes {:>10} time {:>6} ms  bestmove {} score {}",
            i + 1,
            BENCH_POSITIONS.len(),
            bench.name,
            depth,
            nodes,
            time.as_millis(),
            best,
            score
        )?;
        report.total_nodes += nodes;
        report.total_time += time;
        report.lines.push(BenchLine {
            name: bench.name,
            depth,
            nodes,
            time,
            best,
            score,
        });
    }
    writeln!(out, "Total time (ms) : {}", report.total_time.as_millis())?;
    writeln!(out, "Nodes searched  : {}", report.total_nodes)?;
    writeln!(out, "Nodes/second    : {}", report.nps())?;
    Ok(report)
}
