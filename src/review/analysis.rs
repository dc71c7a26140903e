//! The evaluation of every position of a game, as an engine job ([`crate::engine_jobs`]): one
//! short search per position, from the start to the end, each score kept as soon as it is
//! reported (so the graph fills as it goes). Dropping the [`Analysis`] stops its job.

use std::time::Duration;

use bevy::prelude::*;
use gamut_engine::coach::Explanation;
use gamut_engine::search::Limits;

pub use crate::engine_jobs::Found;
use crate::engine_jobs::{JobOwner, JobReport, JobRequest, JobTicket, Jobs, Progress, Report};
use crate::model::CurrentGame;

/// How long the analysis searches each position: up to `per_position`, no deeper than `depth`.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalysisLimits {
    /// Time per position.
    pub per_position: Duration,
    /// Deepest iteration per position.
    pub depth: u32,
}

impl Default for AnalysisLimits {
    /// 150 ms a position: a game of 80 moves takes about 12 seconds.
    fn default() -> AnalysisLimits {
        AnalysisLimits {
            per_position: Duration::from_millis(150),
            depth: 12,
        }
    }
}

impl AnalysisLimits {
    /// The search limits of one position.
    pub fn search(self) -> Limits {
        Limits {
            depth: Some(self.depth),
            time: Some(self.per_position),
            ..Limits::default()
        }
    }
}

/// The analysis of one game, running or done.
pub struct Analysis {
    /// `None` once done (or if the game could not be replayed).
    ticket: Option<JobTicket>,
    /// It ended without its answer.
    failed: bool,
    found: Vec<Option<Found>>,
    only_moves: Vec<Option<Explanation>>,
}

impl Analysis {
    /// Asks the service, for `owner`, to analyse every position of `game` (the start, then
    /// after each move).
    pub fn start(
        jobs: &mut Jobs,
        owner: JobOwner,
        game: &CurrentGame,
        limits: AnalysisLimits,
    ) -> Analysis {
        let position = game.position();
        let moves = position.moves_played();
        let mut analysis = Analysis {
            ticket: None,
            failed: false,
            found: vec![None; moves.len() + 1],
            only_moves: vec![None; moves.len()],
        };
        match game.config.position_from_text(&position.initial_text()) {
            Ok(start) => {
                let request = JobRequest::AnalyseGame {
                    start,
                    moves,
                    limits: limits.search(),
                };
                analysis.ticket = Some(jobs.submit(owner, request));
            }
            Err(e) => error!("cannot replay the game for its analysis: {e}"),
        }
        analysis
    }

    /// Takes what `report` says if it is about this analysis.
    pub fn receive(&mut self, report: &JobReport) {
        if !self.ticket.as_ref().is_some_and(|t| t.owns(report)) {
            return;
        }
        match &report.report {
            Report::Progress(Progress::Position { index, found }) => {
                if let Some(slot) = self.found.get_mut(*index) {
                    *slot = Some(found.clone());
                }
            }
            Report::Progress(Progress::OnlyMove { index, explanation }) => {
                if let Some(slot) = self.only_moves.get_mut(*index) {
                    *slot = Some(explanation.clone());
                }
            }
            Report::Progress(Progress::Lines(_) | Progress::Settled { .. }) => {}
            Report::Done(result) => {
                self.ticket = None;
                self.failed = matches!(result, crate::engine_jobs::JobResult::Failed);
            }
        }
    }

    /// Whether the analysis ended without its answer (its engine stopped abnormally).
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// The `!`s found so far, one slot per move.
    pub fn only_moves(&self) -> Vec<Option<Explanation>> {
        self.only_moves.clone()
    }

    /// What was found so far, one per position.
    pub fn found(&self) -> Vec<Option<Found>> {
        self.found.clone()
    }

    /// Whether it is still searching.
    pub fn is_running(&self) -> bool {
        self.ticket.is_some()
    }
}
