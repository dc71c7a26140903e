//! The analysis board's proof: beside the engine's lines, the proof-number search settles the
//! shown position within a node budget ([`NODES`]) — a forced win and its line, or neither side
//! able to force one — as an engine job of its own ([`JobOwner::AnalysisProof`]), started with
//! each new position shown and dropped (stopped) when the position changes.

use gamut_engine::any_game::AnyPosition;

pub use crate::engine_jobs::Settled;
use crate::engine_jobs::{JobOwner, JobReport, JobRequest, JobResult, JobTicket, Jobs, Report};

/// The proof search's budget on one position, in nodes: well under a second on the desktop for
/// Lines of Action (a win in 4 needs up to 200,000), and the table's memory bounded with it.
pub const NODES: u64 = 400_000;

/// The proof search of one position, under way or done: dropping it stops it.
pub struct ProofJob {
    /// `None` once it has ended.
    ticket: Option<JobTicket>,
    settled: Option<Settled>,
}

impl ProofJob {
    /// Asks for `position` settled within [`NODES`].
    pub fn start(jobs: &mut Jobs, position: &AnyPosition) -> ProofJob {
        let request = JobRequest::Settle {
            position: position.clone(),
            nodes: NODES,
        };
        ProofJob {
            ticket: Some(jobs.submit(JobOwner::AnalysisProof, request)),
            settled: None,
        }
    }

    /// Takes the answer `report` brings if it is about this proof.
    pub fn receive(&mut self, report: &JobReport) {
        if !self.ticket.as_ref().is_some_and(|t| t.owns(report)) {
            return;
        }
        if let Report::Done(result) = &report.report {
            self.settled = Some(match result {
                JobResult::Settled(settled) => settled.clone(),
                _ => Settled::Unknown,
            });
            self.ticket = None;
        }
    }

    /// What it settled, once done.
    pub fn settled(&self) -> Option<&Settled> {
        self.settled.as_ref()
    }

    /// Whether it is still searching.
    pub fn is_running(&self) -> bool {
        self.ticket.is_some()
    }
}

#[cfg(test)]
impl ProofJob {
    /// A proof search done, that settled `settled` (the panel's tests).
    pub fn done(settled: Settled) -> ProofJob {
        ProofJob {
            ticket: None,
            settled: Some(settled),
        }
    }
}
