//! A try judged: the position after it searched on a thread of its own, as the analysis
//! searched the game's positions, and the verdict by the review's thresholds.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use bevy::prelude::*;
use gamut_engine::Game;
use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::any_search::AnySearcher;
use gamut_engine::coach::{self, Seen};
use gamut_engine::eval::Evaluators;
use gamut_engine::search::Limits;

use super::Verdict;
use crate::rest::Wake;
use crate::review::{AnalysisLimits, Explained};

/// Transposition table of the judge's search, in MiB.
const HASH_MB: usize = 16;
/// Stack of the judge's thread: the search recurses once per ply.
const STACK_BYTES: usize = 16 * 1024 * 1024;

/// The search's answer: `Some(None)` when the try ended the game (nothing to search).
type Answer = Arc<Mutex<Option<Option<Seen>>>>;

/// The search of a try, under way or done; dropping it stops the search.
pub struct Judge {
    stop: Arc<AtomicBool>,
    answer: Answer,
}

impl Judge {
    /// Searches `after` (the position after the try) within `limits`, waking the loop when done.
    pub fn start(after: &AnyPosition, limits: AnalysisLimits, wake: &Wake) -> Judge {
        let answer: Answer = Arc::new(Mutex::new(None));
        let stop = Arc::new(AtomicBool::new(false));
        if after.outcome().is_some() {
            *answer.lock().unwrap_or_else(PoisonError::into_inner) = Some(None);
            return Judge { stop, answer };
        }
        let (task_answer, task_stop) = (Arc::clone(&answer), Arc::clone(&stop));
        let position = after.clone();
        let wake = wake.clone();
        let spawned = std::thread::Builder::new()
            .name("gamut-judge".into())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                let seen = search(&position, limits, &task_stop);
                if !task_stop.load(Ordering::Relaxed) {
                    *task_answer.lock().unwrap_or_else(PoisonError::into_inner) = Some(seen);
                    wake.wake();
                }
            });
        if let Err(e) = spawned {
            error!("cannot start the judge's thread: {e}");
        }
        Judge { stop, answer }
    }

    /// The search's view of the position after the try, once done (`Some(None)`: the try
    /// ended the game).
    pub fn done(&self) -> Option<Option<Seen>> {
        self.answer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl Drop for Judge {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn search(position: &AnyPosition, limits: AnalysisLimits, stop: &AtomicBool) -> Option<Seen> {
    let limits = Limits {
        depth: Some(limits.depth),
        time: Some(limits.per_position),
        ..Limits::default()
    };
    let mut searcher = AnySearcher::new(position, HASH_MB);
    let info = searcher.search(position, &Evaluators::default(), limits, stop, |_| {});
    Some(Seen {
        score: info.score,
        line: info.pv,
    })
}

/// The verdict on `tried` from `before`: good when it is the engine's move or loses little
/// (the review's thresholds: not a `?`), else a mistake with the coach's reasons.
pub fn verdict(
    before: &AnyPosition,
    tried: AnyMove,
    seen_before: &Seen,
    seen_after: Option<&Seen>,
    better: Option<AnyMove>,
) -> Verdict {
    if Some(tried) == better {
        return Verdict::Good { best: true };
    }
    match coach::explain_mistake(before, tried, seen_before, seen_after) {
        None => Verdict::Good { best: false },
        Some(explanation) => Verdict::NotBetter(Box::new(Explained::of(explanation, before))),
    }
}
