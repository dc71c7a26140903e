//! Runs the players' clocks (see [`crate::model::Clocks`]): from the first move on, the side to
//! move's clock runs while it thinks (not while pieces glide), a move gives its increment, a clock that runs out ends
//! the game on time, and a clock getting low sends [`ClockWarning`] once. With
//! [`crate::model::GameSettings::pause_clocks`] the clocks stop while a dialog is open or the window is away.
//! A clock measures real time: a slow frame, or a stall, is charged in full.

use bevy::prelude::*;
use gamut_engine::Color as Side;

use super::{MovePlayed, Overlay, TurnState};
use crate::model::{CurrentGame, Seats};

/// A side's clock has little time left (the sound of the low-time warning).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockWarning(pub Side);

/// The window is minimised (set by the window's view; never in headless tests).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct WindowAway(pub bool);

/// What stops the clocks.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct ClockStops<'w> {
    seats: Res<'w, Seats>,
    overlay: Res<'w, State<Overlay>>,
    away: Res<'w, WindowAway>,
    turn: Option<Res<'w, State<TurnState>>>,
}

impl ClockStops<'_> {
    /// Whether the side to move's clock runs this frame.
    fn running(&self) -> bool {
        let pausing =
            self.seats.pause_clocks && (*self.overlay.get() == Overlay::Dialog || self.away.0);
        let gliding = self
            .turn
            .as_ref()
            .is_some_and(|t| *t.get() == TurnState::Animating);
        !pausing && !gliding
    }
}

/// Runs the side to move's clock for this frame; flags it when it runs out (in the player's
/// own game while it is played: lessons, puzzles and the Exhibition are not timed).
pub(super) fn run_clocks(
    time: Res<Time<Real>>,
    stops: ClockStops,
    mut game: ResMut<CurrentGame>,
    mut warnings: MessageWriter<ClockWarning>,
    mut next_turn: ResMut<NextState<TurnState>>,
) {
    // The clocks start with the first move: the opening move (and a slow start of the window)
    // is not timed.
    let started = game.ply() > 0;
    if !game.clocks().is_timed() || !started {
        return;
    }
    if game.end().is_some() {
        return;
    }
    if !stops.running() {
        return;
    }
    let side = game.side_to_move();
    let elapsed = time.delta();
    // Ticking changes nothing else: other systems are not told the game changed.
    let clocks = game.bypass_change_detection().clocks_mut();
    let ran_out = clocks.run(side, elapsed);
    if clocks.take_warning(side) {
        warnings.write(ClockWarning(side));
    }
    if ran_out {
        // The turn is judged again, and the end with it (a search under way stops).
        game.lose_on_time(side);
        next_turn.set(TurnState::AwaitingInput);
    }
}

/// A table's clocks as its server runs them (see `crate::table`): each side's time left now
/// (Black's, White's), for the game at ply `ply`, and whether the side to move's runs.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClocksAtTable {
    pub left: [std::time::Duration; 2],
    pub ply: usize,
    pub running: bool,
}

/// The board's clocks set to the table's (the server runs them; this game never flags a side
/// there), the low-time warning given once.
pub(super) fn take_table_clocks(
    mut told: MessageReader<ClocksAtTable>,
    mut game: ResMut<CurrentGame>,
    mut warnings: MessageWriter<ClockWarning>,
) {
    let Some(told) = told.read().last().copied() else {
        return;
    };
    if !game.clocks().is_timed() || game.ply() != told.ply {
        return;
    }
    let to_move = game.side_to_move();
    let over = game.end().is_some();
    // Ticking changes nothing else: other systems are not told the game changed.
    let clocks = game.bypass_change_detection().clocks_mut();
    for side in [Side::Black, Side::White] {
        clocks.set_left(side, told.left[side.index()]);
    }
    if told.running && !over && clocks.take_warning(to_move) {
        warnings.write(ClockWarning(to_move));
    }
}

/// A move gives the mover its increment (or its full time per move).
pub(super) fn credit_moves(mut played: MessageReader<MovePlayed>, mut game: ResMut<CurrentGame>) {
    for moved in played.read() {
        if game.clocks().is_timed() {
            game.clocks_mut().moved(moved.by);
        }
    }
}
