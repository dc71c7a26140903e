//! The computer's memory between moves: one searcher for the game being played, made when first
//! needed and replaced (its table freed) when the game changes. It lives with the engine-job
//! service, on the side that runs the searches (a worker in the browser).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, TryLockError};
use std::time::Duration;

use gamut_engine::Game;
use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::any_search::{AnySearcher, ONE_SHOT_HASH_MB};
use gamut_engine::eval::Evaluators;
use gamut_engine::level::{Level, LevelSettings};
use gamut_engine::search::Score;
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// Transposition table of the computer's search, in MiB.
const HASH_MB: usize = 64;
/// Transposition table of the hint search, in MiB.
const HINT_HASH_MB: usize = 16;

/// What a finished search found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AiAnswer {
    /// The move to play (`None` if the game was over or the search was stopped).
    pub mv: Option<AnyMove>,
    /// The evaluation for the side that moved.
    pub score: Option<Score>,
    /// Depth reached.
    pub depth: u32,
}

impl AiAnswer {
    /// No move: the search was stopped or the game is over.
    fn nothing() -> AiAnswer {
        AiAnswer {
            mv: None,
            score: None,
            depth: 0,
        }
    }
}

/// A searcher slot shared with the background task.
type Slot = Arc<Mutex<Option<AnySearcher>>>;

/// The computer's searchers: one for its moves, one for hints.
#[derive(Clone, Default)]
pub struct Brain {
    moves: Slot,
    hints: Slot,
    hinting: bool,
}

impl Brain {
    /// The same brain, searching with the hint table.
    pub fn for_hints(&self) -> Brain {
        Brain {
            hinting: true,
            ..self.clone()
        }
    }

    /// Searches `position` at `level` for up to `think_time` on the calling thread (a job's
    /// thread: the game's engine-job service, or the page's worker). A raised
    /// `stop`, even before the search starts, ends it and gives no move.
    pub fn think(
        &self,
        position: &AnyPosition,
        level: Level,
        think_time: Duration,
        stop: &AtomicBool,
    ) -> AiAnswer {
        let (slot, hash_mb) = if self.hinting {
            (&self.hints, HINT_HASH_MB)
        } else {
            (&self.moves, HASH_MB)
        };
        // The slot's searcher is busy only while a search stopped a moment ago winds down: this
        // one does not wait for it, and thinks with a small table of its own this once.
        let mut guard = match slot.try_lock() {
            Ok(guard) => Some(guard),
            Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        };
        let mut own = None;
        let searcher = match guard.as_deref_mut() {
            Some(held) => {
                if !held.as_ref().is_some_and(|s| s.fits(position)) {
                    *held = None; // free the old table before making the new one
                    *held = Some(AnySearcher::new(position, hash_mb));
                }
                held.as_mut()
            }
            None => Some(own.insert(AnySearcher::new(position, ONE_SHOT_HASH_MB))),
        };
        let Some(searcher) = searcher else {
            return AiAnswer::nothing();
        };
        let choice = searcher.choose_move(
            position,
            &Evaluators::default(),
            level,
            think_time,
            stop,
            &mut rand::rng(),
        );
        match choice {
            Some(choice) if !stop.load(Ordering::Relaxed) => AiAnswer {
                mv: Some(choice.mv),
                score: Some(choice.info.score),
                depth: choice.info.depth,
            },
            _ => AiAnswer::nothing(),
        }
    }

    /// Searches `position` at `level` within a fixed budget of `nodes` (and no time limit), the
    /// weak levels' random choices seeded from the position: the same answer on any machine,
    /// however loaded (see [`crate::Budget::Nodes`]).
    pub fn think_within(
        &self,
        position: &AnyPosition,
        level: Level,
        nodes: u64,
        stop: &AtomicBool,
    ) -> AiAnswer {
        // A fresh table each time, of its own: what an earlier search left in the shared one
        // would change this one, and a search stopped a moment ago may still hold that.
        let mut searcher = AnySearcher::new(position, ONE_SHOT_HASH_MB);
        let settings = LevelSettings {
            nodes: Some(nodes),
            time_share: 1.0,
            ..level.settings(position.kind())
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(position.hash());
        let choice = searcher.choose_move_as(
            position,
            &Evaluators::default(),
            settings,
            Duration::from_secs(3600),
            stop,
            &mut rng,
        );
        match choice {
            Some(choice) if !stop.load(Ordering::Relaxed) => AiAnswer {
                mv: Some(choice.mv),
                score: Some(choice.info.score),
                depth: choice.info.depth,
            },
            _ => AiAnswer::nothing(),
        }
    }

    /// Whether the searcher for moves has been made (its table is allocated).
    pub fn has_searcher(&self) -> bool {
        self.moves
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }
}

/// Lowers the calling thread's priority, so on a machine with few cores the window's threads
/// run first and the search takes the time they leave. Only for the search's own thread, which
/// ends with the search.
pub fn lower_this_threads_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only changes the scheduling priority of the calling thread (Linux
    // keeps the nice value per thread); raising it needs no privilege, and a refusal is harmless.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}
