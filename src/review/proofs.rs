//! The review's proofs: the proof-number search settles the game's positions, the last first,
//! each within [`NODES_PER_POSITION`] (an engine job of its own, [`JobOwner::ReviewProof`],
//! beside the alpha-beta analysis). A position proven gets its statement ("From here Black wins
//! by force in 5 moves"), and a move from a position proven won for its mover to one proven not
//! to be is named as the move that let the win go.

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::Game;

use super::{Review, ReviewState};
use crate::engine_jobs::{
    JobOwner, JobReport, JobRequest, JobTicket, Jobs, Progress, Report, Settled,
};
use crate::model::CurrentGame;

/// The proof search's budget on each position of the game, in nodes (a game of 80 moves: a few
/// seconds on the desktop; most middle-game positions settle nothing and cost the whole
/// budget, endgames settle in a fraction of it).
pub const NODES_PER_POSITION: u64 = 50_000;

/// The proofs of one game's positions, under way or done: dropping it stops the search.
pub struct GameProofs {
    /// `None` once done (or if the game could not be replayed).
    ticket: Option<JobTicket>,
    settled: Vec<Option<Settled>>,
}

impl GameProofs {
    /// Asks the service to settle every position of `game` (the start, then after each move).
    pub fn start(jobs: &mut Jobs, game: &CurrentGame) -> GameProofs {
        let position = game.position();
        let moves = position.moves_played();
        let mut proofs = GameProofs {
            ticket: None,
            settled: vec![None; moves.len() + 1],
        };
        match game.config.position_from_text(&position.initial_text()) {
            Ok(start) => {
                let request = JobRequest::SettleGame {
                    start,
                    moves,
                    nodes: NODES_PER_POSITION,
                };
                proofs.ticket = Some(jobs.submit(JobOwner::ReviewProof, request));
            }
            Err(e) => error!("cannot replay the game for its proofs: {e}"),
        }
        proofs
    }

    /// Takes what `report` says if it is about these proofs.
    pub fn receive(&mut self, report: &JobReport) {
        if !self.ticket.as_ref().is_some_and(|t| t.owns(report)) {
            return;
        }
        match &report.report {
            Report::Progress(Progress::Settled { index, settled }) => {
                if let Some(slot) = self.settled.get_mut(*index) {
                    *slot = Some(settled.clone());
                }
            }
            Report::Progress(_) => {}
            Report::Done(_) => self.ticket = None,
        }
    }

    /// Whether it is still searching.
    pub fn is_running(&self) -> bool {
        self.ticket.is_some()
    }
}

impl ReviewState {
    /// What the proof search settled about the shown position, if it settled it.
    pub fn settled_here(&self) -> Option<&Settled> {
        self.settled.get(self.shown_ply)?.as_ref()
    }

    /// The move that led to the shown position, if it let its mover's proven win go: the move
    /// in the game's notation, its mover and the moves the win took. "Let go": the position
    /// before was proven won for the mover, and the position after is proven won for the other
    /// side, proven drawn, or the game ended there without the mover's win.
    pub fn win_let_go(&self) -> Option<(String, Side, u32)> {
        let i = self.shown_ply.checked_sub(1)?;
        let mover = *self.movers.get(i)?;
        let (winner, moves) = self.settled.get(i)?.as_ref()?.win()?;
        if winner != mover {
            return None;
        }
        let after = self.game_at(i + 1);
        let lost = match (after.end(), self.settled.get(i + 1)?) {
            (Some(end), _) => end.winner() != Some(mover),
            (None, Some(Settled::Win { winner, .. })) => *winner != mover,
            (None, Some(Settled::Drawn)) => true,
            (None, _) => false,
        };
        let played = *self.full.position().moves_played().get(i)?;
        let before = self.game_at(i);
        lost.then(|| (before.position().human_move(played), mover, moves))
    }

    /// Whether the proof search is still settling the game's positions.
    pub fn is_proving(&self) -> bool {
        self.proofs.as_ref().is_some_and(GameProofs::is_running)
    }
}

/// Copies what the proof search settled; its job is dropped once done.
pub(super) fn poll_proofs(mut review: ResMut<Review>, mut reports: MessageReader<JobReport>) {
    let Some(state) = review.0.as_mut() else {
        reports.clear();
        return;
    };
    let Some(proofs) = state.proofs.as_mut() else {
        reports.clear();
        return;
    };
    for report in reports.read() {
        proofs.receive(report);
    }
    if proofs.settled != state.settled {
        state.settled = proofs.settled.clone();
    }
    if !proofs.is_running() {
        state.proofs = None;
    }
}

#[cfg(test)]
impl ReviewState {
    /// The same review with the position before the shown move proven won for its mover and
    /// the shown position proven won for the other side, its line the game's own moves after
    /// it (the panels' tests: the proven word and the win let go, as long as they get).
    pub fn with_a_win_let_go(mut self) -> ReviewState {
        let shown = self.shown_ply;
        let Some(i) = shown.checked_sub(1) else {
            return self;
        };
        let mover = self.movers[i];
        let line = self.full.position().moves_played()[shown..].to_vec();
        self.settled[i] = Some(Settled::Win {
            winner: mover,
            moves: 12,
            line: Vec::new(),
            shortest: true,
        });
        self.settled[shown] = Some(Settled::Win {
            winner: !mover,
            moves: 11,
            line,
            shortest: false,
        });
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::CurrentGame;

    /// A move from a position proven won for its mover to one proven won for the other side
    /// let the win go; with the position after unproven, or still won for the mover, it did
    /// not.
    #[test]
    fn a_proven_win_let_go_is_named_only_when_both_positions_are_proven() {
        let mut game = CurrentGame::new(Default::default());
        crate::ui::layout_check::play_quiet_moves(&mut game, 6);
        let state = ReviewState::with_scores(&game, 4, vec![None; 7]).with_a_win_let_go();
        let (played, mover, moves) = state.win_let_go().expect("the win let go");
        assert_eq!(mover, state.movers()[3]);
        assert_eq!(moves, 12);
        assert_eq!(played, game.notation()[3]);
        assert!(matches!(
            state.settled_here(),
            Some(Settled::Win { moves: 11, .. })
        ));
        let mut kept = state;
        kept.settled[4] = Some(Settled::Win {
            winner: mover,
            moves: 11,
            line: Vec::new(),
            shortest: true,
        });
        assert_eq!(kept.win_let_go(), None, "still won for the mover");
        kept.settled[4] = None;
        assert_eq!(kept.win_let_go(), None, "not proven either way");
        kept.settled[4] = Some(Settled::Drawn);
        assert!(kept.win_let_go().is_some(), "drawn: the win is gone");
    }
}
