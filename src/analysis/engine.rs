//! The analysis board's engine: a multi-line search of one position on a thread of its own,
//! deepening until it is stopped or its time is up, each completed depth's lines shared with the
//! screen as soon as they are found (and the game's loop woken to show them).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use bevy::prelude::*;
use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::any_search::AnySearcher;
use gamut_engine::eval::Evaluators;
use gamut_engine::search::{Limits, MultiInfo};

use crate::rest::Wake;

/// How many lines the engine shows.
pub const LINES: usize = 3;
/// Transposition table of the analysis engine, in MiB.
const HASH_MB: usize = 32;
/// Stack of the engine's thread: the search recurses once per ply.
const STACK_BYTES: usize = 16 * 1024 * 1024;
/// How long the engine thinks about one position before it rests (the lines stay shown; the
/// player starts it again to go deeper).
pub const THINK_FOR: Duration = Duration::from_secs(30);

/// What the engine found so far in its position.
type Found = Arc<Mutex<Option<MultiInfo<AnyMove>>>>;

/// One position being searched, or searched: dropping it stops the search.
pub struct EngineJob {
    thread: Option<std::thread::JoinHandle<()>>,
    stop: Arc<AtomicBool>,
    found: Found,
}

impl EngineJob {
    /// Starts searching `position` for [`LINES`] lines within `limits`, waking the loop at each
    /// completed depth.
    pub fn start(position: &AnyPosition, limits: Limits, wake: &Wake) -> EngineJob {
        let found: Found = Arc::new(Mutex::new(None));
        let stop = Arc::new(AtomicBool::new(false));
        let (task_found, task_stop) = (Arc::clone(&found), Arc::clone(&stop));
        let position = position.clone();
        let wake = wake.clone();
        let thread = std::thread::Builder::new()
            .name("gamut-analysis-board".into())
            .stack_size(STACK_BYTES)
            .spawn(move || search(&position, limits, &task_stop, &task_found, &wake))
            .map_err(|e| error!("cannot start the analysis engine's thread: {e}"))
            .ok();
        EngineJob {
            thread,
            stop,
            found,
        }
    }

    /// The lines of the deepest completed iteration, if any yet.
    pub fn found(&self) -> Option<MultiInfo<AnyMove>> {
        self.found
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Whether it is still searching.
    pub fn is_running(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }
}

impl Drop for EngineJob {
    /// A search nobody looks at any more stops.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// The limits of the board's engine: up to [`THINK_FOR`], as deep as it gets.
pub fn default_limits() -> Limits {
    Limits {
        time: Some(THINK_FOR),
        ..Limits::default()
    }
}

fn search(position: &AnyPosition, limits: Limits, stop: &AtomicBool, found: &Found, wake: &Wake) {
    let mut searcher = AnySearcher::new(position, HASH_MB);
    let publish = |info: &MultiInfo<AnyMove>| {
        *found.lock().unwrap_or_else(PoisonError::into_inner) = Some(info.clone());
        wake.wake();
    };
    let last = searcher.search_lines(
        position,
        &Evaluators::default(),
        limits,
        LINES,
        stop,
        publish,
    );
    if !stop.load(Ordering::Relaxed) {
        publish(&last);
    }
}
