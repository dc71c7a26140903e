//! The computer announces its forced wins: in a game of the player's own against the computer at
//! a high level ([`FROM_LEVEL`] and up), on each turn of the person, the proof-number search
//! settles the position within a modest budget ([`NODES`]) as an engine job of its own
//! ([`JobOwner::Announcer`]) — on the person's time, never the computer's — and when the
//! computer's side is proven to win, the status line says so once in the game ("The computer
//! announces: White wins by force in 2 moves", with the proven line). The setting
//! ([`Presentation::announce_wins`], on by default) turns it off.
//!
//! What is said is checked: the proof by the engine's independent checker, the line replayed
//! through the rules to the win within the moves claimed ([`crate::engine_jobs::settle`]).

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::any_game::{AnyMove, AnyPosition};

use crate::engine_jobs::{JobOwner, JobReport, JobRequest, JobResult, JobTicket, Jobs, Report};
use crate::model::{CurrentGame, Notice, Player, Presentation, Seats};
use crate::play::{AppState, GameMode, Status, TurnState};

/// The lowest level that announces: from 11 the computer plays without noise or deliberate
/// blunders in both games (Lines of Action's levels 11–14, Epaminondas's from 9), so it plays
/// the win it announces as well as it can.
pub const FROM_LEVEL: u8 = 11;

/// The proof search's budget on each of the person's turns, in nodes: a win in 3 or 4 of a Lines
/// of Action endgame, in about a tenth of a second.
pub const NODES: u64 = 100_000;

/// What the computer announced in the game going on.
#[derive(Debug, Clone)]
pub struct Announced {
    /// The position it was announced in, and the game's moves before it.
    pub position: AnyPosition,
    /// The game's moves up to the announcement, in notation (the same game while it starts
    /// with them).
    pub moves: Vec<String>,
    /// The computer's side.
    pub winner: Side,
    /// The winner's moves to the win, against the longest defence.
    pub count: u32,
    /// The proven line from [`Announced::position`].
    pub line: Vec<AnyMove>,
}

/// The announcer: its proof under way, the position it last asked about, and what it announced.
#[derive(Resource, Default)]
pub struct Announcer {
    job: Option<(JobTicket, (u64, usize))>,
    asked: Option<(u64, usize)>,
    announced: Option<Announced>,
}

impl Announcer {
    /// What the computer announced in `game`, if it did (and the game still goes through that
    /// moment).
    pub fn announced(&self, game: &CurrentGame) -> Option<&Announced> {
        self.announced.as_ref().filter(|a| {
            game.notation().starts_with(&a.moves)
                && game.position().initial_text() == a.position.initial_text()
        })
    }
}

/// The computer's side and level when a person is to move against the computer, in the
/// player's own game of two sides.
fn computer_against(game: &CurrentGame, seats: &Seats) -> Option<(Side, u8)> {
    if game.end().is_some() || game.is_four_players() {
        return None;
    }
    if seats.player_to_move(game).is_computer() {
        return None;
    }
    let side = !game.side_to_move();
    match seats.player(side) {
        Player::Computer(level) => Some((side, level.number())),
        _ => None,
    }
}

/// What the announcer reads of the game.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct Moment<'w> {
    game: Res<'w, CurrentGame>,
    seats: Res<'w, Seats>,
    presentation: Option<Res<'w, Presentation>>,
    state: Res<'w, State<AppState>>,
    mode: Res<'w, State<GameMode>>,
    turn: Option<Res<'w, State<TurnState>>>,
}

impl Moment<'_> {
    /// The computer's side, when a proof of its win is wanted now.
    fn wanted(&self) -> Option<Side> {
        let on = self.presentation.as_ref().is_none_or(|p| p.announce_wins);
        let playing = *self.state.get() == AppState::Playing && *self.mode.get() == GameMode::Own;
        let persons_turn = self
            .turn
            .as_ref()
            .is_some_and(|t| *t.get() == TurnState::AwaitingInput);
        if !(on && playing && persons_turn) {
            return None;
        }
        let (side, level) = computer_against(&self.game, &self.seats)?;
        (level >= FROM_LEVEL).then_some(side)
    }
}

/// On the person's turn, asks for the position settled; its answer, if the computer's side
/// wins by force, is announced once in the game.
pub(super) fn announce(
    mut announcer: ResMut<Announcer>,
    mut jobs: Jobs,
    mut reports: MessageReader<JobReport>,
    moment: Moment,
    mut status: ResMut<Status>,
) {
    for report in reports.read() {
        receive(&mut announcer, report, &moment, &mut status);
    }
    let game = &moment.game;
    if announcer.announced(game).is_some() {
        return;
    }
    announcer.announced = None;
    if moment.wanted().is_none() || announcer.asked == Some(game.moment()) {
        return;
    }
    let request = JobRequest::Settle {
        position: game.position().clone(),
        nodes: NODES,
    };
    let ticket = jobs.submit(JobOwner::Announcer, request);
    announcer.job = Some((ticket, game.moment()));
    announcer.asked = Some(game.moment());
}

/// Announces the answer in `report`, if it is the announcer's, the game is still where it was
/// asked, and the computer's side wins by force.
fn receive(announcer: &mut Announcer, report: &JobReport, moment: &Moment, status: &mut Status) {
    let Some((ticket, asked)) = announcer.job.as_ref() else {
        return;
    };
    if !ticket.owns(report) {
        return;
    }
    let Report::Done(result) = &report.report else {
        return;
    };
    let asked = *asked;
    announcer.job = None;
    let game = &moment.game;
    let Some(side) = moment.wanted().filter(|_| asked == game.moment()) else {
        return;
    };
    let JobResult::Settled(settled) = result else {
        return;
    };
    let Some((winner, count)) = settled.win().filter(|(w, _)| *w == side) else {
        return;
    };
    let crate::engine_jobs::Settled::Win { line, .. } = settled else {
        return;
    };
    let position = game.position().clone();
    let written = gamut_engine::coach::written_line(&position, line);
    info!(
        "the computer announces its win in {count}: {}",
        written.join(" ")
    );
    status.post(
        Notice::ForcedWin {
            winner,
            moves: count,
            line: written,
        },
        game,
    );
    announcer.announced = Some(Announced {
        position,
        moves: game.notation().to_vec(),
        winner,
        count,
        line: line.clone(),
    });
}
