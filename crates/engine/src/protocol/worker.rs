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
use crate::Game;
use crate::any_game::{AnyPosition, ConcreteGame, WithGame};
use crate::any_search::AnySearcher;
use crate::eval::Evaluators;
use crate::level::{Level, LevelSettings};
use crate::search::{Evaluator, Limits, MultiInfo, Score, SearchInfo};

/// The output, shared by the protocol loop and the search thread; one line at a time.
pub(crate) type SharedSink = Arc<Mutex<Box<dyn LineSink>>>;

/// Writes one line to the shared output (a poisoned lock is still used: lines stay whole).
pub(crate) fn emit(sink: &SharedSink, line: &str) {
    let mut guard = sink.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    guard.send_line(line);
}

/// Stack for the search thread: deep recursion with room to spare.
const SEARCH_STACK_BYTES: usize = 64 * 1024 * 1024;

/// What a `go` asks for, worked out from its parameters.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SearchJob {
    /// Limits for a full-strength search.
    pub limits: Limits,
    /// The playing level.
    pub level: Level,
    /// Settings that replace the level's (the `LevelSettings` option).
    pub level_settings: Option<LevelSettings>,
    /// Think time for levels below the top.
    pub think_time: Duration,
    /// `go infinite`: hold `bestmove` back until `stop`.
    pub infinite: bool,
    /// Seed of the weak levels' random choices.
    pub seed: u64,
    /// The evaluation of each game (the weights set by options).
    pub evaluators: Evaluators,
    /// How many lines a full-strength search reports (the `MultiPV` option); 1 prints the
    /// single-line `info` of old.
    pub lines: usize,
}

/// A job for the thread.
#[derive(Debug, Clone)]
pub(crate) enum Job {
    /// Search and answer `bestmove`.
    Search(Box<SearchJob>),
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
        let infinite = matches!(&job, Job::Search(search) if search.infinite);
        let thread_stop = Arc::clone(&stop);
        let handle = thread::Builder::new()
            .name("gamut-search".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn(move || {
                let mut searcher = searcher;
                let is_search = matches!(job, Job::Search(_));
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    run_job(&mut searcher, position, job, &thread_stop, &sink);
                }));
                if outcome.is_err() {
                    emit(&sink, "info string error: the search failed");
                    if is_search {
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
    match (job, searcher) {
        (Job::Perft(depth), _) => {
            position.with_game(&Evaluators::default(), PerftJob { depth, stop, sink });
        }
        (Job::Search(job), Some(searcher)) => search_job(searcher, &position, &job, stop, sink),
        (Job::Search(_), None) => {
            emit(sink, "info string error: no searcher");
            emit(sink, "bestmove (none)");
        }
    }
}

/// The `info` line of a completed iteration.
pub(crate) fn info_line<M: std::fmt::Display>(info: &SearchInfo<M>) -> String {
    let progress = (info.nodes, info.nps(), info.time);
    format_info(info.depth, None, info.score, progress, &info.pv)
}

/// The `info depth D multipv K score … nodes … nps … time … pv …` lines of a completed
/// iteration of a multi-line search, one per line, K from 1.
pub(crate) fn multi_info_lines<M: std::fmt::Display>(info: &MultiInfo<M>) -> Vec<String> {
    let progress = (info.nodes, info.nps(), info.time);
    info.lines
        .iter()
        .enumerate()
        .map(|(k, line)| format_info(info.depth, Some(k + 1), line.score, progress, &line.pv))
        .collect()
}

/// An `info` line: `multipv K` after the depth when given, `pv …` when the line has moves.
fn format_info<M: std::fmt::Display>(
    depth: u32,
    multipv: Option<usize>,
    score: Score,
    (nodes, nps, time): (u64, u64, Duration),
    pv: &[M],
) -> String {
    let mut line = format!("info depth {depth}");
    if let Some(k) = multipv {
        line.push_str(&format!(" multipv {k}"));
    }
    line.push_str(&format!(
        " score {} nodes {nodes} nps {nps} time {}",
        score.protocol(),
        time.as_millis()
    ));
    if !pv.is_empty() {
        line.push_str(" pv");
        for mv in pv {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    line
}

fn search_job(
    searcher: &mut AnySearcher,
    position: &AnyPosition,
    job: &SearchJob,
    stop: &AtomicBool,
    sink: &SharedSink,
) {
    let evaluators = &job.evaluators;
    let best = if job.level < Level::MAX || job.level_settings.is_some() {
        let mut rng = StdRng::seed_from_u64(job.seed);
        let settings = job
            .level_settings
            .unwrap_or_else(|| job.level.settings(position.kind()));
        searcher
            .choose_move_as(
                position,
                evaluators,
                settings,
                job.think_time,
                stop,
                &mut rng,
            )
            .map(|choice| {
                if choice.info.depth > 0 {
                    emit(sink, &info_line(&choice.info));
                }
                choice.mv
            })
    } else if job.lines > 1 {
        let on_iteration = |info: &MultiInfo<_>| {
            for line in multi_info_lines(info) {
                emit(sink, &line);
            }
        };
        let limits = job.limits;
        let result =
            searcher.search_lines(position, evaluators, limits, job.lines, stop, on_iteration);
        result.best_move().copied()
    } else {
        let on_iteration = |info: &SearchInfo<_>| emit(sink, &info_line(info));
        let result = searcher.search(position, evaluators, job.limits, stop, on_iteration);
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

/// A `perft` job for the game at hand.
struct PerftJob<'a> {
    depth: u32,
    stop: &'a AtomicBool,
    sink: &'a SharedSink,
}

impl WithGame for PerftJob<'_> {
    type Output = ();

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, game: &G, _: &E) {
        perft_job(&mut game.clone(), self.depth, self.stop, self.sink);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Line;

    #[test]
    fn one_line_has_no_multipv_and_several_are_numbered() {
        let single = SearchInfo {
            depth: 3,
            score: Score::Centipawns(-12),
            nodes: 5000,
            time: Duration::from_millis(20),
            pv: vec!["b1d3", "a2c2"],
        };
        assert_eq!(
            info_line(&single),
            "info depth 3 score cp -12 nodes 5000 nps 250000 time 20 pv b1d3 a2c2"
        );
        let multi = MultiInfo {
            depth: 3,
            nodes: 5000,
            time: Duration::from_millis(20),
            lines: vec![
                Line {
                    score: Score::WinIn(3),
                    pv: vec!["b1d3", "a2c2", "d3f5"],
                },
                Line {
                    score: Score::Centipawns(-12),
                    pv: vec!["g1e3"],
                },
                Line {
                    score: Score::LossIn(2),
                    pv: vec![],
                },
            ],
        };
        assert_eq!(
            multi_info_lines(&multi),
            [
                "info depth 3 multipv 1 score mate 2 nodes 5000 nps 250000 time 20 pv b1d3 a2c2 \
                 d3f5",
                "info depth 3 multipv 2 score cp -12 nodes 5000 nps 250000 time 20 pv g1e3",
                "info depth 3 multipv 3 score mate -1 nodes 5000 nps 250000 time 20",
            ]
        );
    }
}
