//! The thread that runs one `go` or `perft` at a time on a copy of the position, printing its
//! `info` lines and `bestmove` while the protocol loop keeps answering `isready` and `stop`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::LineSink;
use crate::any_game::AnyPosition;
use crate::eval::{BoundlessEvaluator, EpaminondasEvaluator, LoaEvaluator};
use crate::level::{Level, choose_move};
use crate::search::{Evaluator, Limits, SearchInfo, Searcher};
use crate::{Game, boundless, epaminondas, loa};

/// The output, shared by the protocol loop and the search thread; one line at a time.
pub(crate) type SharedSink = Arc<Mutex<Box<dyn LineSink>>>;

/// Writes one line to the shared output (a poisoned lock is still used: lines stay whole).
pub(crate) fn emit(sink: &SharedSink, line: &str) {
    let mut guard = sink.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    guard.send_line(line);
}

/// Stack for the search thread: deep recursion with room to spare.
const SEARCH_STACK_BYTES: usize = 64 * 1024 * 1024;

/// The searcher of the game being played (the transposition table is per game).
pub enum AnySearcher {
    /// For Lines of Action.
    LinesOfAction(Searcher<loa::Position>),
    /// For Epaminondas.
    Epaminondas(Searcher<epaminondas::Position>),
    /// For Boundless Lines of Action.
    Boundless(Searcher<boundless::Position>),
}

impl AnySearcher {
    /// A searcher for the game of `position` with a table of `hash_mb` MiB.
    pub fn new(position: &AnyPosition, hash_mb: usize) -> AnySearcher {
        match position {
            AnyPosition::LinesOfAction(_) => AnySearcher::LinesOfAction(Searcher::new(hash_mb)),
            AnyPosition::Epaminondas(_) => AnySearcher::Epaminondas(Searcher::new(hash_mb)),
            AnyPosition::Boundless(_) => AnySearcher::Boundless(Searcher::new(hash_mb)),
        }
    }

    /// Whether it searches the game of `position`.
    pub fn fits(&self, position: &AnyPosition) -> bool {
        matches!(
            (self, position),
            (AnySearcher::LinesOfAction(_), AnyPosition::LinesOfAction(_))
                | (AnySearcher::Epaminondas(_), AnyPosition::Epaminondas(_))
                | (AnySearcher::Boundless(_), AnyPosition::Boundless(_))
        )
    }

    /// Forgets everything learnt.
    pub fn clear(&mut self) {
        match self {
            AnySearcher::LinesOfAction(s) => s.clear(),
            AnySearcher::Epaminondas(s) => s.clear(),
            AnySearcher::Boundless(s) => s.clear(),
        }
    }
}

/// What a `go` asks for, worked out from its parameters.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SearchJob {
    /// Limits for a full-strength search.
    pub limits: Limits,
    /// The playing level.
    pub level: Level,
    /// Think time for levels below 6.
    pub think_time: Duration,
    /// `go infinite`: hold `bestmove` back until `stop`.
    pub infinite: bool,
    /// Seed of the weak levels' random choices.
    pub seed: u64,
    /// The Lines of Action evaluation (its weights).
    pub loa: LoaEvaluator,
    /// The Epaminondas evaluation.
    pub epaminondas: EpaminondasEvaluator,
}

/// A job for the thread.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Job {
    /// Search and answer `bestmove`.
    Search(SearchJob),
    /// Count move sequences to this depth.
    Perft(u32),
}

/// A running job.
pub(crate) struct Worker {
    handle: JoinHandle<Option<AnySearcher>>,
    stop: Arc<AtomicBool>,
    infinite: bool,
}

impl Worker {
    /// Starts `job` on `position` in a new thread, lending it the searcher. The job gets a stop
    /// flag of its own, which only [`Worker::stop_and_join`] raises. On failure the error is the
    /// reason the thread could not start.
    pub fn start(
        searcher: Option<AnySearcher>,
        position: AnyPosition,
        job: Job,
        sink: SharedSink,
    ) -> Result<Worker, String> {
        let stop = Arc::new(AtomicBool::new(false));
        let infinite = matches!(job, Job::Search(SearchJob { infinite: true, .. }));
        let thread_stop = Arc::clone(&stop);
        let handle = thread::Builder::new()
            .name("gamut-search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let mut searcher = searcher;
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    run_job(&mut searcher, position, job, &thread_stop, &sink);
                }));
                if outcome.is_err() {
                    emit(&sink, "info string error: the search failed");
                    if matches!(job, Job::Search(_)) {
                        emit(&sink, "bestmove (none)");
                    }
                    return None;
                }
                searcher
            })
            .map_err(|e| e.to_string())?;
        Ok(Worker {
            handle,
            stop,
            infinite,
        })
    }

    /// Whether the job runs until `stop`.
    pub fn is_infinite(&self) -> bool {
        self.infinite
    }

    /// Whether the job has ended.
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Ends the job now and waits until it has printed its last line; takes the searcher back
    /// (`None` if the job failed). The job's flag stays raised, so a search that had not yet
    /// begun ends at once too.
    pub fn stop_and_join(self) -> Option<AnySearcher> {
        self.stop.store(true, Ordering::SeqCst);
        self.join()
    }

    /// Waits for the job to end by itself and takes the searcher back (`None` if the job
    /// failed).
    pub fn join(self) -> Option<AnySearcher> {
        self.handle.join().ok().flatten()
    }
}

fn run_job(
    searcher: &mut Option<AnySearcher>,
    position: AnyPosition,
    job: Job,
    stop: &AtomicBool,
    sink: &SharedSink,
) {
    match job {
        Job::Perft(depth) => match position {
            AnyPosition::LinesOfAction(mut p) => perft_job(&mut p, depth, stop, sink),
            AnyPosition::Epaminondas(mut p) => perft_job(&mut p, depth, stop, sink),
            AnyPosition::Boundless(mut p) => perft_job(&mut p, depth, stop, sink),
        },
        Job::Search(job) => match (searcher, position) {
            (Some(AnySearcher::LinesOfAction(s)), AnyPosition::LinesOfAction(p)) => {
                search_job(s, &p, &job.loa, &job, stop, sink);
            }
            (Some(AnySearcher::Epaminondas(s)), AnyPosition::Epaminondas(p)) => {
                search_job(s, &p, &job.epaminondas, &job, stop, sink);
            }
            (Some(AnySearcher::Boundless(s)), AnyPosition::Boundless(p)) => {
                search_job(s, &p, &BoundlessEvaluator::default(), &job, stop, sink);
            }
            _ => {
                emit(sink, "info string error: no searcher for this game");
                emit(sink, "bestmove (none)");
            }
        },
    }
}

/// The `info` line of a completed iteration.
pub(crate) fn info_line<M: std::fmt::Display>(info: &SearchInfo<M>) -> String {
    let mut line = format!(
        "info depth {} score {} nodes {} nps {} time {}",
        info.depth,
        info.score.protocol(),
        info.nodes,
        info.nps(),
        info.time.as_millis()
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in &info.pv {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    line
}

fn search_job<G: Game, E: Evaluator<G>>(
    searcher: &mut Searcher<G>,
    game: &G,
    evaluator: &E,
    job: &SearchJob,
    stop: &AtomicBool,
    sink: &SharedSink,
) {
    let best = if job.level < Level::MAX {
        let mut rng = StdRng::seed_from_u64(job.seed);
        choose_move(
            searcher,
            game,
            evaluator,
            job.level,
            job.think_time,
            stop,
            &mut rng,
        )
        .map(|(mv, info)| {
            if info.depth > 0 {
                emit(sink, &info_line(&info));
            }
            mv
        })
    } else {
        let result = searcher.search(game, evaluator, job.limits, stop, |info| {
            emit(sink, &info_line(info));
        });
        result.best_move().copied()
    };
    if job.infinite {
        while !stop.load(Ordering::SeqCst) {
            thread::sleep(Duration::from_millis(1));
        }
    }
    match best {
        Some(mv) => emit(sink, &format!("bestmove {mv}")),
        None => emit(sink, "bestmove (none)"),
    }
}

/// Leaf count below `game` at `depth`, or `None` once `stop` is raised.
fn count_leaves<G: Game>(game: &mut G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    match depth {
        0 => Some(1),
        1 => Some(game.count_legal_moves() as u64),
        _ => {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let mut total = 0;
            for mv in game.legal_moves() {
                game.play_unchecked(mv);
                let below = count_leaves(game, depth - 1, stop);
                game.undo();
                total += below?;
            }
            Some(total)
        }
    }
}

fn perft_job<G: Game>(game: &mut G, depth: u32, stop: &AtomicBool, sink: &SharedSink) {
    let start = Instant::now();
    let total = if depth == 0 {
        1
    } else {
        let mut total = 0;
        for mv in game.legal_moves() {
            game.play_unchecked(mv);
            let below = count_leaves(game, depth - 1, stop);
            game.undo();
            let Some(below) = below else {
                emit(sink, "info string perft stopped");
                return;
            };
            emit(sink, &format!("{mv}: {below}"));
            total += below;
        }
        total
    };
    let seconds = start.elapsed().as_secs_f64();
    emit(
        sink,
        &format!(
            "info string perft {depth}: {total} nodes in {} ms ({} nodes/second)",
            (seconds * 1000.0) as u64,
            (total as f64 / seconds.max(1e-9)) as u64
        ),
    );
    emit(sink, &format!("Nodes searched: {total}"));
}
