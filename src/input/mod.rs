//! Turning clicks and keys into moves and commands: pick a piece (or a phalanx tail), see its
//! destinations, click one — or drag the piece there. The selection is a state machine
//! ([`machine`]); this module feeds it the clicks that may act and applies its reactions.

pub mod cursor;
mod gamepad;
pub mod keys;
pub mod machine;
pub mod pointer;
pub mod typed;

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

pub use machine::{Reaction, Say, Selection};

use crate::model::{Cell, CurrentGame, MoveRequest, Notice};
use crate::play::{AppState, OnSquare, Overlay, Piece, Square, Status, TurnState};

/// What the player asks of the view (keys and buttons); the board's camera carries it out.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewCommand {
    /// Between the 3D view and the flat top-down one.
    ToggleFlat,
    /// Turn the board half round.
    Flip,
    /// Back to the default framing.
    ResetCamera,
}

/// The keyboard's shortcuts, so that a screen with keys of its own (`Esc` in the board editor)
/// can see the dialogs as they were before the keys closed them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct KeySystems;

/// Clicks, drags, keys and the selection.
pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Selection>()
            .insert_resource(pointer::first_pointer_kind())
            .add_systems(
                PreUpdate,
                pointer::follow_pointer_kind.run_if(
                    resource_exists::<Messages<bevy::input::touch::TouchInput>>.and_then(
                        resource_exists::<Messages<bevy::input::mouse::MouseButtonInput>>,
                    ),
                ),
            )
            .init_resource::<pointer::Pinching>()
            .add_systems(
                PreUpdate,
                pointer::watch_pinches
                    .after(bevy::input::InputSystems)
                    .before(bevy::picking::PickingSystems::Input),
            )
            .init_resource::<cursor::BoardCursor>()
            .init_resource::<gamepad::StickRepeat>()
            .add_message::<ViewCommand>()
            .add_message::<cursor::CursorCommand>()
            .add_message::<typed::TypedMove>()
            .add_message::<bevy::window::WindowOccluded>()
            .init_resource::<Pressed>()
            .add_observer(on_press)
            .add_observer(on_click)
            .add_observer(on_drag_start)
            .add_observer(on_drop)
            .add_observer(cursor::hide_on_click)
            .add_systems(
                Update,
                (
                    (keys::keyboard_shortcuts, keys::gamepad_shortcuts).in_set(KeySystems),
                    keys::toggle_fullscreen,
                    keys::screenshot_key,
                    clear_stale_selection,
                    click_between_frames
                        .run_if(resource_exists::<Messages<bevy::picking::pointer::PointerInput>>),
                    follow_window_away,
                    (
                        (cursor::cursor_keys, gamepad::pad_on_board),
                        cursor::act_at_cursor,
                        cursor::keep_on_board,
                    )
                        .chain(),
                    typed::play_typed,
                ),
            )
            .add_systems(
                PreUpdate,
                // Only with egui's input (not in the headless apps of the tests without panels).
                gamepad::pad_in_menus
                    .run_if(resource_exists::<Messages<bevy_egui::input::EguiInputEvent>>)
                    .after(bevy::input::InputSystems)
                    .in_set(bevy_egui::EguiInputSet::ReadBevyMessages),
            );
    }
}

/// What the board handlers need: the game, who plays, the selection and where to send moves.
#[derive(bevy::ecs::system::SystemParam)]
pub struct BoardInput<'w, 's> {
    squares: Query<'w, 's, &'static Square>,
    pieces: Query<'w, 's, &'static OnSquare, With<Piece>>,
    game: Res<'w, CurrentGame>,
    seats: Res<'w, crate::model::Seats>,
    app_state: Option<Res<'w, State<AppState>>>,
    turn: Option<Res<'w, State<TurnState>>>,
    overlay: Res<'w, State<Overlay>>,
    practice: Res<'w, crate::play::Practice>,
    egui: Option<Res<'w, EguiWantsInput>>,
    pinching: Res<'w, pointer::Pinching>,
    selection: ResMut<'w, Selection>,
    status: ResMut<'w, Status>,
    requests: MessageWriter<'w, MoveRequest>,
}

impl BoardInput<'_, '_> {
    /// A finger of a pinch: it neither taps nor drags a piece.
    fn of_a_pinch(&self, pointer: bevy::picking::pointer::PointerId) -> bool {
        self.pinching.0 && pointer.is_touch()
    }

    /// The cell of a square or piece entity.
    fn cell_of(&self, entity: Entity) -> Option<Cell> {
        self.squares
            .get(entity)
            .map(|s| s.0)
            .or_else(|_| self.pieces.get(entity).map(|p| p.0))
            .ok()
    }

    /// Whether a click may act now: `Err` with what to tell the player (or nothing, for clicks
    /// behind a dialog or outside a game, which do nothing at all).
    fn may_act(&self) -> Result<(), Option<Notice>> {
        let behind_panel = self
            .egui
            .as_ref()
            .is_some_and(|e| e.wants_any_pointer_input());
        let playing = self
            .app_state
            .as_ref()
            .is_some_and(|s| *s.get() == AppState::Playing);
        if behind_panel || *self.overlay.get() == Overlay::Dialog || !playing {
            return Err(None);
        }
        if self
            .turn
            .as_ref()
            .is_none_or(|t| *t.get() != TurnState::AwaitingInput)
        {
            return Err(Some(Notice::NotYourTurnYet));
        }
        // A lesson or puzzle: the learner's pieces only (its seats are all people's).
        if self.practice.scripted_to_move(&self.game) {
            return Err(Some(Notice::NotYourTurnYet));
        }
        match self.seats.player_to_move(&self.game) {
            crate::model::Player::Computer(_) => {
                return Err(Some(Notice::ComputersTurn(self.game.seat())));
            }
            crate::model::Player::Remote => return Err(Some(Notice::RemoteTurn(self.game.seat()))),
            crate::model::Player::Human => {}
        }
        Ok(())
    }

    /// The player points at `at`.
    pub fn act(&mut self, at: Cell) {
        if let Err(notice) = self.may_act() {
            if let Some(notice) = notice {
                self.status.post(notice, &self.game);
            }
            return;
        }
        let reaction = machine::click(&self.selection, &self.game, at);
        self.apply(reaction);
    }

    /// The player asks for a whole move at once (typed): refused, when a click would be, for
    /// the same reason; otherwise asked for as the clicks' last step asks.
    pub fn ask(&mut self, request: MoveRequest) {
        if let Err(notice) = self.may_act() {
            if let Some(notice) = notice {
                self.status.post(notice, &self.game);
            }
            return;
        }
        self.apply(Reaction {
            next: Selection::Idle,
            request: Some(request),
            say: Say::Keep,
        });
    }

    fn apply(&mut self, reaction: Reaction) {
        match reaction.say {
            Say::Keep => {}
            Say::Clear => self.status.clear(),
            Say::Post(notice) => self.status.post(notice, &self.game),
        }
        if *self.selection != reaction.next {
            *self.selection = reaction.next;
        }
        if let Some(request) = reaction.request {
            self.requests.write(request);
        }
    }
}

/// A click on a square or a piece (a click on a piece's part reaches the piece as it bubbles up).
fn on_click(click: On<Pointer<Click>>, mut input: BoardInput, mut pressed: ResMut<Pressed>) {
    if click.event.button != PointerButton::Primary || input.of_a_pinch(click.pointer_id) {
        return;
    }
    if let Some(at) = input.cell_of(click.entity) {
        if let Some(press) = pressed.0.as_mut().filter(|p| p.pointer == click.pointer_id) {
            press.clicked = true;
        }
        input.act(at);
    }
}

/// The board's square last pressed, by which pointer, and whether its click came. Bevy's
/// picking sends a click to what the pointer was over in the *previous* frame: a press and a
/// release between two frames (a quick click on a slow machine, a tap, a pointer that moved
/// and clicked at once) reach the square pressed, not the one clicked, and no click comes.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct Pressed(Option<Press>);

#[derive(Debug, Clone, Copy, PartialEq)]
struct Press {
    pointer: bevy::picking::pointer::PointerId,
    at: Cell,
    clicked: bool,
}

/// A press on the board is noted (the square under the pointer as the press came).
fn on_press(
    press: On<Pointer<bevy::picking::events::Press>>,
    input: BoardInput,
    mut pressed: ResMut<Pressed>,
) {
    if press.event.button != PointerButton::Primary {
        return;
    }
    if let Some(at) = input.cell_of(press.entity) {
        pressed.0 = Some(Press {
            pointer: press.pointer_id,
            at,
            clicked: false,
        });
    }
}

/// A release of the pointer that pressed the board, with no click for that press and no drag
/// in between, is a click on the square pressed.
fn click_between_frames(
    mut inputs: MessageReader<bevy::picking::pointer::PointerInput>,
    mut pressed: ResMut<Pressed>,
    mut input: BoardInput,
) {
    use bevy::picking::pointer::PointerAction;
    for event in inputs.read() {
        let PointerAction::Release(PointerButton::Primary) = event.action else {
            continue;
        };
        let Some(press) = pressed.0.filter(|p| p.pointer == event.pointer_id) else {
            continue;
        };
        pressed.0 = None;
        if !press.clicked && !input.of_a_pinch(event.pointer_id) {
            input.act(press.at);
        }
    }
}

/// Starting to drag a piece selects it (its destinations light up).
fn on_drag_start(
    drag: On<Pointer<DragStart>>,
    mut input: BoardInput,
    mut pressed: ResMut<Pressed>,
) {
    if drag.event.button != PointerButton::Primary || input.of_a_pinch(drag.pointer_id) {
        return;
    }
    // A drag, not a click.
    if pressed.0.is_some_and(|p| p.pointer == drag.pointer_id) {
        pressed.0 = None;
    }
    if let Some(at) = input.cell_of(drag.entity)
        && input.selection.from() != Some(at)
        && input.pieces.get(drag.entity).is_ok()
    {
        input.act(at);
    }
}

/// Dropping a dragged piece on a square (or a piece) moves it there.
fn on_drop(drop: On<Pointer<DragDrop>>, mut input: BoardInput) {
    if drop.event.button != PointerButton::Primary || input.of_a_pinch(drop.pointer_id) {
        return;
    }
    let (Some(from), Some(to)) = (
        input.cell_of(drop.event.dropped),
        input.cell_of(drop.entity),
    ) else {
        return;
    };
    if input.selection.from() == Some(from) && from != to {
        input.act(to);
    }
}

/// Drops the selection when the position changes under it (the computer moved, undo, …).
fn clear_stale_selection(game: Res<CurrentGame>, mut selection: ResMut<Selection>) {
    if game.is_changed() && *selection != Selection::Idle {
        *selection = Selection::Idle;
    }
}

/// The clocks may stop while the window is minimised (hidden from view).
fn follow_window_away(
    mut occluded: MessageReader<bevy::window::WindowOccluded>,
    mut away: ResMut<crate::play::WindowAway>,
) {
    if let Some(last) = occluded.read().last() {
        away.set_if_neq(crate::play::WindowAway(last.occluded));
    }
}
