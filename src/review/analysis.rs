//! The evaluation of every position of a game, on a thread of its own: one short search per
//! position, from the start to the end, each score stored as soon as it is found (so the graph
//! fills as it goes). Dropping the [`Analysis`] raises its stop flag; the thread ends within a
//! few hundred nodes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use bevy::prelude::*;
use gamut_engine::Game;
use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::any_search::AnySearcher;
use gamut_engine::coach::{self, Explanation, Seen};
use gamut_engine::eval::Evaluators;
use gamut_engine::search::{Limits, Score};

use super::marks::black_view;
use crate::model::CurrentGame;

/// Transposition table of the analysis, in MiB.
const HASH_MB: usize = 16;
/// Stack of the analysis thread: the search recurses once per ply.
const STACK_BYTES: usize = 16 * 1024 * 1024;

/// How long the analysis searches each position: up to `per_position`, no deeper than `depth`.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisLimits {
    /// Time per position.
    pub per_position: Duration,
    /// Deepest iteration per position.
    pub depth: u32,
}

impl Default for AnalysisLimits {
    /// 150 ms a position: a game of 80 moves takes about 12 seconds.
    fn default() -> AnalysisLimits {
        AnalysisLimits {
            per_position: Duration::from_millis(150),
            depth: 12,
        }
    }
}

/// What the analysis found in one position: the score from Black's point of view, and the best
/// line from it (empty when the game is over there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The score, from Black's point of view.
    pub black_score: Score,
    /// The search's best line, best move first.
    pub line: Vec<AnyMove>,
}

/// What was found so far, one slot per position (`None`: not yet).
type Scores = Arc<Mutex<Vec<Option<Found>>>>;

/// The coach's `!`s found so far, one slot per move: the explanation of a move that was the only
/// one to keep a won position won.
type OnlyMoves = Arc<Mutex<Vec<Option<Explanation>>>>;

/// The analysis of one game, running or done.
pub struct Analysis {
    thread: Option<std::thread::JoinHandle<()>>,
    stop: Arc<AtomicBool>,
    scores: Scores,
    only_moves: OnlyMoves,
}

impl Analysis {
    /// Starts analysing every position of `game` (the start, then after each move).
    pub fn start(game: &CurrentGame, limits: AnalysisLimits) -> Analysis {
        let position = game.position();
        let start = game.config.position_from_text(&position.initial_text());
        let moves = position.moves_played();
        let scores: Scores = Arc::new(Mutex::new(vec![None; moves.len() + 1]));
        let only_moves: OnlyMoves = Arc::new(Mutex::new(vec![None; moves.len()]));
        let stop = Arc::new(AtomicBool::new(false));
        let found = Shared {
            scores: Arc::clone(&scores),
            only_moves: Arc::clone(&only_moves),
            stop: Arc::clone(&stop),
        };
        let thread = match start {
            Ok(start) => std::thread::Builder::new()
                .name("gamut-analysis".into())
                .stack_size(STACK_BYTES)
                .spawn(move || analyse(start, &moves, limits, &found))
                .map_err(|e| error!("cannot start the analysis thread: {e}"))
                .ok(),
            Err(e) => {
                error!("cannot replay the game for its analysis: {e}");
                None
            }
        };
        Analysis {
            thread,
            stop,
            scores,
            only_moves,
        }
    }

    /// The `!`s found so far, one slot per move.
    pub fn only_moves(&self) -> Vec<Option<Explanation>> {
        self.only_moves
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// What was found so far, one per position.
    pub fn found(&self) -> Vec<Option<Found>> {
        self.scores
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Whether it is still searching.
    pub fn is_running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }
}

impl Drop for Analysis {
    /// An analysis nobody looks at any more stops.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The score of `position` from Black's point of view and its best line: the result if the game
/// is over, else a short search's (`None` if stopped).
fn score_of(
    searcher: &mut AnySearcher,
    position: &AnyPosition,
    limits: AnalysisLimits,
    stop: &AtomicBool,
) -> Option<Found> {
    if let Some(outcome) = position.outcome() {
        let black_score = match outcome.winner() {
            Some(gamut_engine::Color::Black) => Score::WinIn(0),
            Some(gamut_engine::Color::White) => Score::LossIn(0),
            None => Score::Centipawns(0),
        };
        return Some(Found {
            black_score,
            line: Vec::new(),
        });
    }
    let limits = Limits {
        depth: Some(limits.depth),
        time: Some(limits.per_position),
        ..Limits::default()
    };
    let info = searcher.search(position, &Evaluators::default(), limits, stop, |_| {});
    (!stop.load(Ordering::Relaxed)).then(|| Found {
        black_score: black_view(info.score, position.side_to_move()),
        line: info.pv,
    })
}

/// What the analysis thread fills in, and its stop flag.
struct Shared {
    scores: Scores,
    only_moves: OnlyMoves,
    stop: Arc<AtomicBool>,
}

/// Every position scored, from the start to the end; then the moves that were the only ones
/// to keep a win.
fn analyse(start: AnyPosition, moves: &[AnyMove], limits: AnalysisLimits, shared: &Shared) {
    let stop = &*shared.stop;
    let mut searcher = AnySearcher::new(&start, HASH_MB);
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut position = start;
    let mut found = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let Some(here) = score_of(&mut searcher, &position, limits, stop) else {
            return;
        };
        shared.scores.lock().unwrap_or_else(PoisonError::into_inner)[i] = Some(here.clone());
        found.push(here);
        positions.push(position.clone());
        if let Some(&mv) = moves.get(i) {
            position.play_unchecked(mv);
        }
    }
    find_only_moves(&mut searcher, &positions, moves, &found, limits, shared);
}

/// The coach's `!` for each move that kept a won position won when every other move let the
/// win go: the other moves are searched as deep as the positions were (see
/// [`coach::explain_only_move`]). Only moves from a won position are looked at.
fn find_only_moves(
    searcher: &mut AnySearcher,
    positions: &[AnyPosition],
    moves: &[AnyMove],
    found: &[Found],
    limits: AnalysisLimits,
    shared: &Shared,
) {
    let limits = Limits {
        depth: Some(limits.depth),
        time: Some(limits.per_position),
        ..Limits::default()
    };
    let seen = |i: usize| -> Option<Seen> {
        let f = found.get(i)?;
        let side = positions.get(i)?.side_to_move();
        Some(Seen {
            score: black_view(f.black_score, side),
            line: f.line.clone(),
        })
    };
    for (i, &mv) in moves.iter().enumerate() {
        if shared.stop.load(Ordering::Relaxed) {
            return;
        }
        let Some(before) = seen(i) else {
            continue;
        };
        if !matches!(before.score, Score::WinIn(_)) {
            continue;
        }
        // The end itself is not searched: no line after it.
        let after = seen(i + 1).filter(|_| positions[i + 1].outcome().is_none());
        let only = coach::explain_only_move(
            searcher,
            &positions[i],
            mv,
            &before,
            after.as_ref(),
            limits,
            &shared.stop,
        );
        if only.is_some() {
            shared
                .only_moves
                .lock()
                .unwrap_or_else(PoisonError::into_inner)[i] = only;
        }
    }
}
