//! A try judged: the position after it searched as an engine job, as the analysis searched the
//! game's positions, and the verdict by the review's thresholds.

use gamut_engine::Game;
use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::coach::{self, Seen};

use super::Verdict;
use crate::engine_jobs::{JobOwner, JobReport, JobRequest, JobResult, JobTicket, Jobs, Report};
use crate::review::{AnalysisLimits, Explained};

/// The search of a try, asked of the engine-job service, under way or done; dropping it stops
/// the search.
pub struct Judge {
    ticket: Option<JobTicket>,
    /// The search's answer: `Some(None)` when the try ended the game (nothing to search).
    answer: Option<Option<Seen>>,
}

impl Judge {
    /// Asks for `after` (the position after the try) to be searched within `limits`.
    pub fn start(jobs: &mut Jobs, after: &AnyPosition, limits: AnalysisLimits) -> Judge {
        if after.outcome().is_some() {
            return Judge {
                ticket: None,
                answer: Some(None),
            };
        }
        let request = JobRequest::Judge {
            position: after.clone(),
            limits: limits.search(),
        };
        Judge {
            ticket: Some(jobs.submit(JobOwner::Judge, request)),
            answer: None,
        }
    }

    /// Takes the search's answer from `report` if it is this judge's.
    pub fn receive(&mut self, report: &JobReport) {
        if !self.ticket.as_ref().is_some_and(|t| t.owns(report)) {
            return;
        }
        if let Report::Done(JobResult::Judged(seen)) = &report.report {
            self.answer = Some(Some(seen.clone()));
        }
    }

    /// The search's view of the position after the try, once done (`Some(None)`: the try
    /// ended the game).
    pub fn done(&self) -> Option<Option<Seen>> {
        self.answer.clone()
    }
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
