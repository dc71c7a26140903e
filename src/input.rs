//! Turning clicks and keys into moves and commands: select a piece (or a phalanx tail), see its
//! destinations, click one. Keyboard shortcuts for the common actions.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use gamut_engine::any_game::AnyMove;
use gamut_engine::epaminondas;

use crate::board_view::Square;
use crate::logic::{AppState, GameCommand, MoveRequest, OnSquare, Piece, StatusLine, TurnState};
use crate::rules::{BoardMove, Cell, Rules};
use crate::settings::GameSettings;

/// The selected piece and its legal moves.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Selection {
    /// The selected piece (or phalanx tail).
    pub from: Option<Cell>,
    /// Its legal moves.
    pub moves: Vec<BoardMove>,
    /// Epaminondas: the stones that move with this tail.
    pub moving_stones: Vec<Cell>,
    /// Parachute: the step chosen, waiting for the held piece's square.
    pub placing: Option<Placing>,
}

/// Parachute: a chosen step (or a pass) waiting for the square of the held enemy piece.
#[derive(Debug, Clone, PartialEq)]
pub struct Placing {
    /// The step's origin and destination (`None`: no legal step, only the placement).
    pub step: Option<(Cell, Cell)>,
    /// The empty squares the piece may go to.
    pub squares: Vec<Cell>,
}

/// The engine's suggested move, shown on the board until the position changes.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Hint(pub Option<AnyMove>);

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

/// What the board handlers need: the rules, who plays, the selection and where to send moves.
#[derive(bevy::ecs::system::SystemParam)]
pub struct BoardInput<'w, 's> {
    squares: Query<'w, 's, &'static Square>,
    pieces: Query<'w, 's, &'static OnSquare, With<Piece>>,
    rules: Res<'w, Rules>,
    settings: Res<'w, GameSettings>,
    turn: Option<Res<'w, State<TurnState>>>,
    egui: Option<Res<'w, EguiWantsInput>>,
    selection: ResMut<'w, Selection>,
    status: ResMut<'w, StatusLine>,
    requests: MessageWriter<'w, MoveRequest>,
}

impl BoardInput<'_, '_> {
    /// The square of a square or piece entity.
    fn coord_of(&self, entity: Entity) -> Option<Cell> {
        self.squares
            .get(entity)
            .map(|s| s.0)
            .or_else(|_| self.pieces.get(entity).map(|p| p.0))
            .ok()
    }

    /// The player points at `coord`: select a piece, or move the selected one there (and in
    /// Parachute then choose the held piece's square).
    fn act(&mut self, coord: Cell) {
        if self
            .egui
            .as_ref()
            .is_some_and(|e| e.wants_any_pointer_input())
        {
            return;
        }
        if self
            .turn
            .as_ref()
            .is_none_or(|t| *t.get() != TurnState::AwaitingInput)
        {
            self.status.0 = "Wait: it is not your turn to move yet.".into();
            return;
        }
        let side = self.rules.side_to_move();
        if self.settings.player_to_move(&self.rules).is_computer() {
            self.status.0 = format!("It is the computer's turn ({side}).");
            return;
        }
        if let Some(placing) = self.selection.placing.clone() {
            self.place(&placing, coord);
            return;
        }
        if self.rules.must_pass_and_place() {
            let placing = Placing {
                step: None,
                squares: self.rules.placements(None),
            };
            self.place(&placing, coord);
            return;
        }
        if let Some(from) = self.selection.from {
            if self.selection.moves.iter().any(|m| m.to == coord) {
                if self.rules.must_place() {
                    self.selection.moves.retain(|m| m.to == coord);
                    self.selection.placing = Some(Placing {
                        step: Some((from, coord)),
                        squares: self.rules.placements(Some((from, coord))),
                    });
                    self.status.0 = format!(
                        "{from}-{coord}: now place one of the {} pieces you hold on an empty \
                         square (Esc: choose another move).",
                        !side
                    );
                } else {
                    self.requests.write(MoveRequest::step(from, coord));
                    *self.selection = Selection::default();
                }
                return;
            }
            if from == coord {
                *self.selection = Selection::default();
                return;
            }
        }
        let own = self
            .rules
            .pieces()
            .into_iter()
            .any(|(c, owner)| c == coord && owner == side);
        if own && !self.rules.movers().contains(&coord) {
            // The other set's piece (LOA for four, Ambidextrous): the rules say why.
            if let Err(reason) = self.rules.check(MoveRequest::step(coord, coord)) {
                self.status.0 = reason;
            }
            *self.selection = Selection::default();
        } else if own {
            let moves = self.rules.moves_from(coord);
            self.status.0 = if moves.is_empty() {
                format!("The piece on {coord} has no legal move.")
            } else {
                String::new()
            };
            let moving_stones = moving_stones(&self.rules, &moves);
            *self.selection = Selection {
                from: Some(coord),
                moves,
                moving_stones,
                placing: None,
            };
        } else if let Some(from) = self.selection.from {
            // Not a destination: let the rules say why.
            self.requests.write(MoveRequest::step(from, coord));
            *self.selection = Selection::default();
        } else {
            self.status.0 = format!("Select one of {side}'s pieces first.");
        }
    }

    /// Parachute: the player chose `coord` for the held piece.
    fn place(&mut self, placing: &Placing, coord: Cell) {
        if !placing.squares.contains(&coord) {
            self.status.0 = format!(
                "{coord} is not empty: place the held piece on an empty square (Esc: choose \
                 another move)."
            );
            return;
        }
        let request = match placing.step {
            Some((from, to)) => MoveRequest::Step {
                from,
                to,
                drop: Some(coord),
            },
            None => MoveRequest::Place { drop: coord },
        };
        self.requests.write(request);
        *self.selection = Selection::default();
    }
}

/// A click on a square or a piece.
pub fn on_board_click(click: On<Pointer<Click>>, mut input: BoardInput) {
    if click.event.button != PointerButton::Primary {
        return;
    }
    if let Some(coord) = input.coord_of(click.entity) {
        input.act(coord);
    }
}

/// Starting to drag a piece selects it (its destinations light up).
pub fn on_piece_drag_start(drag: On<Pointer<DragStart>>, mut input: BoardInput) {
    if drag.event.button != PointerButton::Primary {
        return;
    }
    if let Some(coord) = input.coord_of(drag.entity)
        && input.selection.from != Some(coord)
    {
        input.act(coord);
    }
}

/// Dropping a dragged piece on a square (or a piece) moves it there.
pub fn on_board_drop(drop: On<Pointer<DragDrop>>, mut input: BoardInput) {
    if drop.event.button != PointerButton::Primary {
        return;
    }
    let (Some(from), Some(to)) = (
        input.coord_of(drop.event.dropped),
        input.coord_of(drop.entity),
    ) else {
        return;
    };
    if input.selection.from == Some(from) && from != to {
        input.act(to);
    }
}

/// Epaminondas: every stone that moves in one of these moves (the tail's phalanx).
fn moving_stones(rules: &Rules, moves: &[BoardMove]) -> Vec<Cell> {
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
