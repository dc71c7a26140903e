//! A job carried out on the calling thread (a job's own): the request in, progress through
//! `report`, the result out. Every search is given the job's stop flag.

use std::sync::atomic::{AtomicBool, Ordering};

use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::any_search::AnySearcher;
use gamut_engine::coach::Seen;
use gamut_engine::eval::Evaluators;
use gamut_engine::level::Level;
use gamut_engine::puzzle::{self, OutOfBudget};
use gamut_engine::search::{Limits, MultiInfo};

use crate::{
    Brain, Budget, JobRequest, JobResult, Memory, Progress, Proven, PuzzleAnswer, PuzzleQuestion,
    analyse, brain, settle, threat,
};

/// Transposition table of the analysis board's lines, in MiB.
const LINES_HASH_MB: usize = 32;
/// Transposition table of a judged try's search, in MiB.
const JUDGE_HASH_MB: usize = 16;

/// Carries out `request`.
pub fn run(
    request: JobRequest,
    brain: &Brain,
    stop: &AtomicBool,
    report: &dyn Fn(Progress),
) -> JobResult {
    match request {
        JobRequest::BestMove {
            position,
            level,
            budget,
            memory,
        } => JobResult::BestMove(best_move(brain, &position, level, budget, memory, stop)),
        JobRequest::Lines {
            position,
            limits,
            count,
        } => JobResult::Lines(lines(&position, limits, count, stop, report)),
        JobRequest::AnalyseGame {
            start,
            moves,
            limits,
        } => {
            analyse::analyse(start, &moves, limits, stop, report);
            JobResult::Analysed
        }
        JobRequest::Judge { position, limits } => JobResult::Judged(judge(&position, limits, stop)),
        JobRequest::Threat { position, mover } => {
            JobResult::Threat(threat::threat(&position, mover))
        }
        JobRequest::ProvePuzzle {
            position,
            most_moves,
            budget,
        } => JobResult::Proof(prove(&position, most_moves, budget)),
        JobRequest::AskPuzzle { position, question } => {
            JobResult::Puzzle(ask_puzzle(&position, question))
        }
        JobRequest::Settle { position, nodes } => {
            JobResult::Settled(settle::settle(&position, nodes, stop))
        }
        JobRequest::SettleGame {
            start,
            moves,
            nodes,
        } => {
            settle::settle_game(&start, &moves, nodes, stop, report);
            JobResult::GameSettled
        }
    }
}

/// The exact prover's answer to `question` about `position`.
fn ask_puzzle(position: &AnyPosition, question: PuzzleQuestion) -> PuzzleAnswer {
    let answer = match question {
        PuzzleQuestion::WinningMoves(n) => {
            puzzle::winning_moves(position, n, None).map(PuzzleAnswer::WinningMoves)
        }
        PuzzleQuestion::BestDefence(n) => {
            puzzle::best_defence(position, n, None).map(PuzzleAnswer::BestDefence)
        }
        PuzzleQuestion::Solution(n) => {
            puzzle::solution(position, n, None).map(PuzzleAnswer::Solution)
        }
    };
    answer.unwrap_or(PuzzleAnswer::OutOfBudget)
}

/// The computer's move, at a lowered priority (on a machine with few cores the window's
/// threads run first), with its kept searcher.
fn best_move(
    brain: &Brain,
    position: &AnyPosition,
    level: Level,
    budget: Budget,
    memory: Memory,
    stop: &AtomicBool,
) -> crate::AiAnswer {
    brain::lower_this_threads_priority();
    let brain = match memory {
        Memory::Moves => brain.clone(),
        Memory::Hints => brain.for_hints(),
    };
    match budget {
        Budget::Time(time) => brain.think(position, level, time, stop),
        Budget::Nodes(nodes) => brain.think_within(position, level, nodes, stop),
    }
}

/// The `count` best lines, each completed depth reported; the last ones (`None` if stopped).
fn lines(
    position: &AnyPosition,
    limits: Limits,
    count: usize,
    stop: &AtomicBool,
    report: &dyn Fn(Progress),
) -> Option<MultiInfo<AnyMove>> {
    let mut searcher = AnySearcher::new(position, LINES_HASH_MB);
    let last = searcher.search_lines(
        position,
        &Evaluators::default(),
        limits,
        count,
        stop,
        |info: &MultiInfo<AnyMove>| report(Progress::Lines(info.clone())),
    );
    (!stop.load(Ordering::Relaxed)).then_some(last)
}

/// The search's view of the position after a try.
fn judge(position: &AnyPosition, limits: Limits, stop: &AtomicBool) -> Seen {
    let mut searcher = AnySearcher::new(position, JUDGE_HASH_MB);
    let info = searcher.search(position, &Evaluators::default(), limits, stop, |_| {});
    Seen {
        score: info.score,
        line: info.pv,
    }
}

/// The shortest forced win of the side to move and its solution.
fn prove(position: &AnyPosition, most_moves: u32, budget: u64) -> Proven {
    let moves = match puzzle::shortest_win(position, most_moves, Some(budget)) {
        Ok(Some(moves)) => moves,
        Ok(None) => return Proven::NoWin,
        Err(OutOfBudget) => return Proven::TooLong,
    };
    match puzzle::solution(position, moves, Some(budget)) {
        Ok(Some(line)) => Proven::Win { moves, line },
        Ok(None) => Proven::NoWin,
        Err(OutOfBudget) => Proven::TooLong,
    }
}

/// Carries out `request` on the calling thread, for tests and tools that need an answer now.
pub fn run_here(request: JobRequest, stop: &AtomicBool) -> JobResult {
    run(request, &Brain::default(), stop, &|_| {})
}
