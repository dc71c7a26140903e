//! The analysis board's engine: a multi-line search of one position, asked of the engine-job
//! service ([`crate::engine_jobs`]), deepening until it is stopped or its time is up, each
//! completed depth's lines kept for the screen as soon as they are reported.

use std::time::Duration;

use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::search::{Limits, MultiInfo};

use crate::engine_jobs::{
    JobOwner, JobReport, JobRequest, JobResult, JobTicket, Jobs, Progress, Report,
};

/// How many lines the engine shows.
pub const LINES: usize = 3;
/// How long the engine thinks about one position before it rests (the lines stay shown; the
/// player starts it again to go deeper).
pub const THINK_FOR: Duration = Duration::from_secs(30);

/// One position being searched, or searched: dropping it stops the search.
pub struct EngineJob {
    /// `None` once the search has ended.
    ticket: Option<JobTicket>,
    found: Option<MultiInfo<AnyMove>>,
}

impl EngineJob {
    /// Asks for [`LINES`] lines of `position` within `limits`.
    pub fn start(jobs: &mut Jobs, position: &AnyPosition, limits: Limits) -> EngineJob {
        let request = JobRequest::Lines {
            position: position.clone(),
            limits,
            count: LINES,
        };
        EngineJob {
            ticket: Some(jobs.submit(JobOwner::AnalysisBoard, request)),
            found: None,
        }
    }

    /// Takes the lines `report` brings if it is about this search.
    pub fn receive(&mut self, report: &JobReport) {
        if !self.ticket.as_ref().is_some_and(|t| t.owns(report)) {
            return;
        }
        match &report.report {
            Report::Progress(Progress::Lines(lines)) => self.found = Some(lines.clone()),
            Report::Done(result) => {
                if let JobResult::Lines(Some(lines)) = result {
                    self.found = Some(lines.clone());
                }
                self.ticket = None;
            }
            Report::Progress(_) => {}
        }
    }

    /// The lines of the deepest completed iteration, if any yet.
    pub fn found(&self) -> Option<MultiInfo<AnyMove>> {
        self.found.clone()
    }

    /// Whether it is still searching.
    pub fn is_running(&self) -> bool {
        self.ticket.is_some()
    }
}

/// The limits of the board's engine: up to [`THINK_FOR`], as deep as it gets.
pub fn default_limits() -> Limits {
    Limits {
        time: Some(THINK_FOR),
        ..Limits::default()
    }
}
