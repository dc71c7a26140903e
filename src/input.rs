//! Turning clicks and keys into moves and commands: select a piece (or a phalanx tail), see its
//! destinations, click one. Keyboard shortcuts for the common actions.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use gamut_engine::any_game::AnyMove;
use gamut_engine::epaminondas;
use gamut_engine::notation::Coord;

use crate::board_view::Square;
use crate::logic::{AppState, GameCommand, MoveRequest, OnSquare, Piece, StatusLine, TurnState};
use crate::rules::{BoardMove, Rules};
use crate::settings::GameSettings;

/// The selected piece and its legal moves.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Selection {
    /// The selected piece (or phalanx tail).
    pub from: Option<Coord>,
    /// Its legal moves.
    pub moves: Vec<BoardMove>,
    /// Epaminondas: the stones that move with this tail.
    pub moving_stones: Vec<Coord>,
}

/// The engine's suggested move, shown on the board until the position changes.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Hint(pub Option<BoardMove>);

/// A request for a hint (the AI plugin registers and answers it).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintRequest;

/// Interface toggles the keyboard also reaches.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ViewToggles {
    /// Top-down flat view instead of the 3D one.
    pub flat: bool,
    /// The rules summary window is open.
    pub rules_open: bool,
    /// The New Game dialog is open.
    pub new_game_open: bool,
}

/// Clicks, keys and selection.
pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Selection>()
            .init_resource::<ViewToggles>()
            .add_systems(Update, (keyboard_shortcuts, clear_stale_selection));
    }
}

/// A click on a square or a piece.
#[allow(clippy::too_many_arguments)]
pub fn on_board_click(
    click: On<Pointer<Click>>,
    squares: Query<&Square>,
    pieces: Query<&OnSquare, With<Piece>>,
    rules: Res<Rules>,
    settings: Res<GameSettings>,
    turn: Option<Res<State<TurnState>>>,
    egui: Option<Res<EguiWantsInput>>,
    mut selection: ResMut<Selection>,
    mut status: ResMut<StatusLine>,
    mut requests: MessageWriter<MoveRequest>,
) {
    if click.event.button != PointerButton::Primary {
        return;
    }
    if egui.is_some_and(|e| e.wants_any_pointer_input()) {
        return;
    }
    let coord = if let Ok(square) = squares.get(click.entity) {
        square.0
    } else if let Ok(on) = pieces.get(click.entity) {
        on.0
    } else {
        return;
    };
    if turn.is_none_or(|t| *t.get() != TurnState::AwaitingInput) {
        status.0 = "Wait: it is not your turn to move yet.".into();
        return;
    }
    let side = rules.side_to_move();
    if settings.player(side).is_computer() {
        status.0 = format!("It is the computer's turn ({side}).");
        return;
    }
    if let Some(from) = selection.from {
        if selection.moves.iter().any(|m| m.to == coord) {
            requests.write(MoveRequest { from, to: coord });
            *selection = Selection::default();
            return;
        }
        if from == coord {
            *selection = Selection::default();
            return;
        }
    }
    let own = rules
        .pieces()
        .into_iter()
        .any(|(c, owner)| c == coord && owner == side);
    if own {
        let moves = rules.moves_from(coord);
        status.0 = if moves.is_empty() {
            format!("The piece on {coord} has no legal move.")
        } else {
            String::new()
        };
        let moving_stones = moving_stones(&rules, &moves);
        *selection = Selection {
            from: Some(coord),
            moves,
            moving_stones,
        };
    } else if let Some(from) = selection.from {
        // Not a destination: let the rules say why.
        requests.write(MoveRequest { from, to: coord });
        *selection = Selection::default();
    } else {
        status.0 = format!("Select one of {side}'s pieces first.");
    }
}

/// Epaminondas: every stone that moves in one of these moves (the tail's phalanx).
fn moving_stones(rules: &Rules, moves: &[BoardMove]) -> Vec<Coord> {
    let mut stones = Vec::new();
    for m in moves {
        if let AnyMove::Epaminondas(epaminondas::Move::Step { .. }) = m.mv {
            for (from, _) in rules.effects(m.mv).moved {
                if !stones.contains(&from) {
                    stones.push(from);
                }
            }
        }
    }
    stones
}

/// Drops the selection when the position changes under it (the computer moved, undo, …).
fn clear_stale_selection(
    rules: Res<Rules>,
    mut selection: ResMut<Selection>,
    mut hint: ResMut<Hint>,
) {
    if rules.is_changed() {
        if selection.from.is_some() {
            *selection = Selection::default();
        }
        if hint.0.is_some() {
            hint.0 = None;
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn keyboard_shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    state: Res<State<AppState>>,
    mut commands: MessageWriter<GameCommand>,
    mut hints: MessageWriter<HintRequest>,
    mut toggles: ResMut<ViewToggles>,
    mut selection: ResMut<Selection>,
) {
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if keys.just_pressed(KeyCode::KeyU) || (ctrl && keys.just_pressed(KeyCode::KeyZ)) {
        commands.write(GameCommand::Undo);
    }
    if keys.just_pressed(KeyCode::KeyR) || (ctrl && keys.just_pressed(KeyCode::KeyY)) {
        commands.write(GameCommand::Redo);
    }
    if keys.just_pressed(KeyCode::KeyH) && *state.get() == AppState::Playing {
        hints.write(HintRequest);
    }
    if keys.just_pressed(KeyCode::KeyN) {
        toggles.new_game_open = true;
    }
    if keys.just_pressed(KeyCode::KeyV) {
        toggles.flat = !toggles.flat;
    }
    if keys.just_pressed(KeyCode::F1) {
        toggles.rules_open = !toggles.rules_open;
    }
    if keys.just_pressed(KeyCode::Escape) {
        *selection = Selection::default();
        toggles.rules_open = false;
    }
}
