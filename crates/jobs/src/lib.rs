//! The engine's jobs as data, and the work of each: what the game asks of the engine (the
//! computer's move, the analysis board's lines, a game's positions analysed, a try judged, the
//! Exhibition's threat, a puzzle proven or asked about), what it reports while it works and how
//! it ends, and [`run`], which carries a job out on the calling thread.
//!
//! No Bevy: the game's engine-job service (`src/engine_jobs`) runs these on threads of its own
//! on the desktop; in the browser the engine's Web Worker runs them (`crates/worker`, a program
//! of its own, much smaller than the game's), and requests and reports cross to it as JSON
//! ([`Wire`], [`carry_out`]).

mod analyse;
mod brain;
mod run;
pub mod settle;
pub mod threat;

use std::time::Duration;

use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::coach::{Explanation, Seen};
use gamut_engine::level::Level;
use gamut_engine::search::{Limits, MultiInfo, Score};
use serde::{Deserialize, Serialize};

pub use analyse::Found;
pub use brain::{AiAnswer, Brain, lower_this_threads_priority};
pub use run::{run, run_here};
pub use settle::Settled;
pub use threat::Threat;

/// How long the computer searches for its move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Budget {
    /// Up to this long (the game).
    Time(Duration),
    /// A fixed number of nodes, the weak levels' random choices seeded from the position and
    /// the service waiting for the answer in the frame after the job began: the same moves at
    /// the same frames on any machine, however loaded (replayable tests).
    Nodes(u64),
}

/// Which of the computer's kept searchers a best-move search uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Memory {
    /// The one for its moves (its table kept between moves of a game).
    Moves,
    /// The one for hints.
    Hints,
}

/// A job, as data.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum JobRequest {
    /// The computer's move in `position` at `level`.
    BestMove {
        position: AnyPosition,
        level: Level,
        budget: Budget,
        memory: Memory,
    },
    /// The `count` best lines of `position`, deepening within `limits` (each completed depth
    /// reported as [`Progress::Lines`]).
    Lines {
        position: AnyPosition,
        limits: Limits,
        count: usize,
    },
    /// Every position of a game scored, from `start` through `moves` (each reported as
    /// [`Progress::Position`]), then the moves that alone kept a win ([`Progress::OnlyMove`]).
    AnalyseGame {
        start: AnyPosition,
        moves: Vec<AnyMove>,
        limits: Limits,
    },
    /// The position after a try, searched within `limits`.
    Judge {
        position: AnyPosition,
        limits: Limits,
    },
    /// A side one move from winning after a move by `mover` (every legal move tried).
    Threat {
        position: AnyPosition,
        mover: gamut_engine::Color,
    },
    /// The shortest forced win of the side to move in at most `most_moves`, and its solution,
    /// within `budget` positions visited.
    ProvePuzzle {
        position: AnyPosition,
        most_moves: u32,
        budget: u64,
    },
    /// A question to the exact prover about a puzzle's position (no budget: a puzzle is small).
    AskPuzzle {
        position: AnyPosition,
        question: PuzzleQuestion,
    },
    /// `position` settled by the proof-number search within `nodes` ([`settle::settle`]): a
    /// forced win and its line, neither side able to force one, or unknown.
    Settle { position: AnyPosition, nodes: u64 },
    /// Every position of a game settled, from `start` through `moves`, the last first, each
    /// within `nodes` (each settled one reported as [`Progress::Settled`]).
    SettleGame {
        start: AnyPosition,
        moves: Vec<AnyMove>,
        nodes: u64,
    },
}

/// A question to the exact prover about a puzzle's position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzleQuestion {
    /// The side to move's moves that still force the win within this many moves.
    WinningMoves(u32),
    /// The defence that holds out longest against a win within this many moves.
    BestDefence(u32),
    /// The winner's fastest line within this many moves.
    Solution(u32),
}

/// The prover's answer to a [`PuzzleQuestion`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzleAnswer {
    /// The winning moves (empty: none).
    WinningMoves(Vec<AnyMove>),
    /// The longest defence and how many moves the win still takes after it (`None`: the
    /// defence escapes); `None` if there is no move.
    BestDefence(Option<(AnyMove, Option<u32>)>),
    /// The winner's line, if the win is there.
    Solution(Option<Vec<AnyMove>>),
    /// The prover gave up.
    OutOfBudget,
}

impl JobRequest {
    /// The name of the job's thread (`gamut-search` for the computer's moves: the CPU measures
    /// of `scripts/rest-check.py` leave it out).
    pub fn thread_name(&self) -> &'static str {
        match self {
            JobRequest::BestMove { .. } => "gamut-search",
            JobRequest::Lines { .. } => "gamut-lines",
            JobRequest::AnalyseGame { .. } => "gamut-analysis",
            JobRequest::Judge { .. } => "gamut-judge",
            JobRequest::Threat { .. } => "gamut-caption",
            JobRequest::ProvePuzzle { .. }
            | JobRequest::AskPuzzle { .. }
            | JobRequest::Settle { .. }
            | JobRequest::SettleGame { .. } => "gamut-prover",
        }
    }

    /// Whether the service waits for this job's answer in the frame after it began.
    pub fn waits(&self) -> bool {
        matches!(
            self,
            JobRequest::BestMove {
                budget: Budget::Nodes(_),
                ..
            }
        )
    }
}

/// What a running job found so far.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Progress {
    /// The lines of the deepest completed iteration.
    Lines(MultiInfo<AnyMove>),
    /// The position after `index` moves scored.
    Position { index: usize, found: Found },
    /// Move `index` (from 0) was the only one to keep a won position won.
    OnlyMove {
        index: usize,
        explanation: Explanation,
    },
    /// The position after `index` moves settled by the proof search (only what it settled).
    Settled { index: usize, settled: Settled },
}

/// What a puzzle proof found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Proven {
    /// A forced win in `moves` moves, and its solution line.
    Win { moves: u32, line: Vec<AnyMove> },
    /// No forced win within the moves asked.
    NoWin,
    /// Too large to prove within the budget.
    TooLong,
}

/// How a job ended.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum JobResult {
    /// The computer's answer.
    BestMove(AiAnswer),
    /// The last lines found (`None` if the search found none).
    Lines(Option<MultiInfo<AnyMove>>),
    /// The game's analysis is complete (its findings came as progress).
    Analysed,
    /// The search's view of the judged position: its score for the side to move and line.
    Judged(Seen),
    /// The threat found, if any.
    Threat(Option<Threat>),
    /// The puzzle proof.
    Proof(Proven),
    /// The prover's answer about a puzzle's position.
    Puzzle(PuzzleAnswer),
    /// What the proof search settled about the position.
    Settled(Settled),
    /// A game's positions are settled as far as they could be (each came as progress).
    GameSettled,
    /// The job could not run or ended abnormally (a thread that could not start or panicked).
    Failed,
}

/// A job's progress or its end.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Report {
    /// Found so far; more comes.
    Progress(Progress),
    /// The end: nothing more comes for this job.
    Done(JobResult),
}

/// A job's report as it crosses between the page and the engine's worker: the job's number
/// (the page's) and what it says.
#[derive(Debug, Serialize, Deserialize)]
pub struct Wire {
    /// The job's number.
    pub id: u64,
    /// Its progress or its end.
    pub report: Report,
}

/// The worker's side of a job: carries out job `id` (`request`, JSON) with `brain`'s searchers
/// and gives its end as the JSON [`Wire`] message for the page; each progress report is given
/// to `progress` as such a message first. A request it cannot read ends as
/// [`JobResult::Failed`].
pub fn carry_out(brain: &Brain, id: u64, request: &str, progress: &dyn Fn(&str)) -> String {
    let message = |report: Report| serde_json::to_string(&Wire { id, report }).unwrap_or_default();
    let result = match serde_json::from_str::<JobRequest>(request) {
        Ok(request) => {
            // Nothing on the page can raise it: a stopped job's worker is ended instead.
            let stop = std::sync::atomic::AtomicBool::new(false);
            run(request, brain, &stop, &|found| {
                progress(&message(Report::Progress(found)));
            })
        }
        Err(_) => JobResult::Failed,
    };
    message(Report::Done(result))
}

/// A score of the side to move `side`, seen by Black (the review's graph, the game's analysis).
pub fn black_view(score: Score, side: gamut_engine::Color) -> Score {
    match side {
        gamut_engine::Color::Black => score,
        gamut_engine::Color::White => score.flipped(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::any_game::GameConfig;

    /// A job goes in as JSON and its progress and end come out as JSON messages with its
    /// number: what the page and the worker say to each other.
    #[test]
    fn a_job_crosses_as_json_and_its_reports_come_back() {
        let position = GameConfig::default().start();
        let request = JobRequest::Lines {
            position,
            limits: Limits {
                depth: Some(2),
                ..Limits::default()
            },
            count: 2,
        };
        let text = serde_json::to_string(&request).unwrap();
        let reports = std::cell::RefCell::new(Vec::new());
        let done = carry_out(&Brain::default(), 7, &text, &|m| {
            reports.borrow_mut().push(m.to_owned())
        });
        let done: Wire = serde_json::from_str(&done).unwrap();
        assert_eq!(done.id, 7);
        let Report::Done(JobResult::Lines(Some(lines))) = done.report else {
            panic!("no lines: {:?}", done.report);
        };
        assert_eq!(lines.lines.len(), 2);
        let reports = reports.into_inner();
        assert!(!reports.is_empty());
        for report in reports {
            let wire: Wire = serde_json::from_str(&report).unwrap();
            assert_eq!(wire.id, 7);
            assert!(matches!(wire.report, Report::Progress(Progress::Lines(_))));
        }
    }

    /// What the worker cannot read is a failed job, never a panic.
    #[test]
    fn a_garbled_request_fails_the_job() {
        for garbage in ["", "{", "[1,2]", "{\"BestMove\":{}}", "\u{0}"] {
            let done: Wire =
                serde_json::from_str(&carry_out(&Brain::default(), 1, garbage, &|_| {})).unwrap();
            assert!(
                matches!(done.report, Report::Done(JobResult::Failed)),
                "{garbage:?}"
            );
        }
    }
}
