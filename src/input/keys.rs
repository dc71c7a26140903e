//! Keyboard shortcuts.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::{Selection, ViewCommand};
use crate::play::{AppState, Dialogs, GameCommand, HintRequest, Modal};

/// Where the keyboard's actions go.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct KeyTargets<'w> {
    commands: MessageWriter<'w, GameCommand>,
    hints: MessageWriter<'w, HintRequest>,
    view: MessageWriter<'w, ViewCommand>,
    dialogs: Dialogs<'w>,
    selection: ResMut<'w, Selection>,
}

/// `F11`: fullscreen on and off.
pub(super) fn toggle_fullscreen(
    keys: Res<ButtonInput<KeyCode>>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    if !keys.just_pressed(KeyCode::F11) {
        return;
    }
    for mut window in &mut windows {
        window.mode = toggled(window.mode);
    }
}

/// Windowed becomes borderless fullscreen on the current monitor, and back.
pub fn toggled(mode: bevy::window::WindowMode) -> bevy::window::WindowMode {
    use bevy::window::{MonitorSelection, WindowMode};
    match mode {
        WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
        _ => WindowMode::Windowed,
    }
}

pub(super) fn keyboard_shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    state: Res<State<AppState>>,
    practising: Option<Res<State<crate::play::Practising>>>,
    mut to: KeyTargets,
) {
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let pressed = |key| keys.just_pressed(key);
    // In a game: not at the title, nor in the board editor (which has no moves to take back).
    let in_game =
        !matches!(state.get(), AppState::Menu | AppState::Editing) && !to.dialogs.is_modal();
    // The one-key shortcuts act only where they mean something: on a board being played or
    // reviewed. Never at the title's screens nor in the editor, which have forms and text fields
    // (a letter typed there after its field lost the focus is not a command).
    let on_board = one_keys_act(*state.get(), &to.dialogs);
    if in_game && (pressed(KeyCode::KeyU) || (ctrl && pressed(KeyCode::KeyZ))) {
        to.commands.write(GameCommand::Undo);
    }
    if in_game && (pressed(KeyCode::KeyR) || (ctrl && pressed(KeyCode::KeyY))) {
        to.commands.write(GameCommand::Redo);
    }
    if in_game && pressed(KeyCode::KeyH) && *state.get() == AppState::Playing {
        to.hints.write(HintRequest);
    }
    if ctrl && (pressed(KeyCode::KeyS) || pressed(KeyCode::KeyO)) {
        to.dialogs.open(Modal::Saves);
    }
    if on_board && pressed(KeyCode::KeyN) {
        to.dialogs.open(Modal::NewGame);
    }
    if on_board && pressed(KeyCode::KeyV) {
        to.view.write(ViewCommand::ToggleFlat);
    }
    if on_board && pressed(KeyCode::KeyF) {
        to.view.write(ViewCommand::Flip);
    }
    if on_board && pressed(KeyCode::KeyC) {
        to.view.write(ViewCommand::ResetCamera);
    }
    if pressed(KeyCode::F1) {
        to.dialogs.toggle_rules();
    }
    if pressed(KeyCode::Escape) {
        escape(*state.get(), practising.is_some(), &mut to);
    }
}

/// Whether the one-key shortcuts (`N`, `V`, `F`, `C`) act: in a game, its end or its review,
/// with no dialog open.
pub fn one_keys_act(state: AppState, dialogs: &Dialogs) -> bool {
    matches!(
        state,
        AppState::Playing | AppState::GameOver | AppState::Review
    ) && !dialogs.is_modal()
}

/// The gamepad's buttons beside the pad and South (see [`super::gamepad`]): East (B) and
/// Select are `Esc`, Start opens New Game, West (X) takes a move back and North (Y) plays it
/// again — as their keys do, and not while a panel's button or field has the keyboard.
pub(super) fn gamepad_shortcuts(
    pads: Query<&bevy::input::gamepad::Gamepad>,
    egui: Option<Res<EguiWantsInput>>,
    state: Res<State<AppState>>,
    practising: Option<Res<State<crate::play::Practising>>>,
    mut to: KeyTargets,
) {
    use bevy::input::gamepad::GamepadButton as B;
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let pressed = |button| pads.iter().any(|p| p.just_pressed(button));
    let in_game =
        !matches!(state.get(), AppState::Menu | AppState::Editing) && !to.dialogs.is_modal();
    if in_game && pressed(B::West) {
        to.commands.write(GameCommand::Undo);
    }
    if in_game && pressed(B::North) {
        to.commands.write(GameCommand::Redo);
    }
    if pressed(B::Start) {
        to.dialogs.open(Modal::NewGame);
    }
    if pressed(B::East) || pressed(B::Select) {
        escape(*state.get(), practising.is_some(), &mut to);
    }
}

/// `Esc` goes back one step, the same everywhere: it closes what is open (a dialog, the picked
/// piece); with nothing open, a game (or the Exhibition) goes back to the title screen. Lessons,
/// puzzles and review go back through their own screens.
fn escape(state: AppState, practice: bool, to: &mut KeyTargets) {
    let open = to.dialogs.close_all();
    let picked = *to.selection != Selection::Idle;
    *to.selection = Selection::Idle;
    let in_game = matches!(state, AppState::Playing | AppState::GameOver);
    if !open && !picked && in_game && !practice {
        to.commands.write(GameCommand::BackToTitle);
    }
}

/// `F12` saves a screenshot of the window as `gamut-N.png` in the working folder (the first N
/// not taken), for bug reports and the gallery (docs/gallery.md).
pub(super) fn screenshot_key(mut commands: Commands, keys: Option<Res<ButtonInput<KeyCode>>>) {
    if !keys.is_some_and(|k| k.just_pressed(KeyCode::F12)) {
        return;
    }
    let Some(path) = (1..10_000)
        .map(|n| std::path::PathBuf::from(format!("gamut-{n}.png")))
        .find(|p| !p.exists())
    else {
        return;
    };
    info!("saving a screenshot to {}", path.display());
    commands
        .spawn(bevy::render::view::screenshot::Screenshot::primary_window())
        .observe(bevy::render::view::screenshot::save_to_disk(path));
}
