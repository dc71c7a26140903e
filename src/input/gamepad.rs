//! The gamepad (through Bevy's gilrs support). On the board, in a game being played, the pad
//! (D-pad, or the left stick, repeating while held) moves the keyboard's cursor and South (A)
//! acts as `Enter` does. Elsewhere — the title, a dialog, the game-over panel, or once a button
//! of the panels has the focus — the pad moves the panels' focus (as `Tab` and `Shift+Tab`)
//! and South presses the focused button (as `Enter`). East (B) is `Esc` everywhere; the other
//! buttons are in [`super::keys::gamepad_shortcuts`].

use bevy::input::gamepad::{Gamepad, GamepadButton};
use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::input::{EguiInputEvent, EguiWantsInput};

use super::cursor::{CursorCommand, ScreenStep, board_has_keys};
use crate::play::AppState;
use crate::play::Overlay;

/// The left stick held over: the direction, and when it steps again.
#[derive(Resource, Debug, Default)]
pub(super) struct StickRepeat {
    held: Option<ScreenStep>,
    /// Seconds left before the next step.
    wait: f32,
}

/// How far the stick goes before it counts as a push.
const STICK_PUSH: f32 = 0.6;
/// The first repeat waits this long (seconds), the next ones this long.
const REPEAT_DELAY: f32 = 0.4;
const REPEAT_EVERY: f32 = 0.15;

/// The pad's buttons as steps on screen.
const PAD: [(GamepadButton, ScreenStep); 4] = [
    (GamepadButton::DPadUp, ScreenStep::Up),
    (GamepadButton::DPadDown, ScreenStep::Down),
    (GamepadButton::DPadLeft, ScreenStep::Left),
    (GamepadButton::DPadRight, ScreenStep::Right),
];

/// Whether the pad steers the board's cursor now (else it moves the panels' focus).
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct PadTarget<'w> {
    state: Option<Res<'w, State<AppState>>>,
    overlay: Option<Res<'w, State<Overlay>>>,
    egui: Option<Res<'w, EguiWantsInput>>,
}

impl PadTarget<'_> {
    fn board(&self) -> bool {
        board_has_keys(
            self.state.as_deref(),
            self.overlay.as_deref(),
            self.egui.as_deref(),
        )
    }
}

/// The direction the stick is pushed in, if it is pushed far enough.
fn stick_step(stick: Vec2) -> Option<ScreenStep> {
    if stick.length() < STICK_PUSH {
        return None;
    }
    Some(if stick.x.abs() > stick.y.abs() {
        if stick.x > 0.0 {
            ScreenStep::Right
        } else {
            ScreenStep::Left
        }
    } else if stick.y > 0.0 {
        ScreenStep::Up
    } else {
        ScreenStep::Down
    })
}

impl StickRepeat {
    /// The step to take now with the stick at `step` after `dt` seconds: at once when pushed,
    /// then after a delay, then steadily while held.
    fn tick(&mut self, step: Option<ScreenStep>, dt: f32) -> Option<ScreenStep> {
        if step != self.held {
            self.held = step;
            self.wait = REPEAT_DELAY;
            return step;
        }
        self.wait -= dt;
        if step.is_some() && self.wait <= 0.0 {
            self.wait += REPEAT_EVERY;
            return step;
        }
        None
    }
}

/// On the board: the pad and the stick step the cursor, South acts.
pub(super) fn pad_on_board(
    pads: Query<&Gamepad>,
    target: PadTarget,
    time: Res<Time<Real>>,
    mut repeat: ResMut<StickRepeat>,
    mut commands: MessageWriter<CursorCommand>,
) {
    let stick = pads
        .iter()
        .map(Gamepad::left_stick)
        .find(|s| *s != Vec2::ZERO);
    let step = repeat.tick(stick.and_then(stick_step), time.delta_secs());
    if !target.board() {
        return;
    }
    for pad in &pads {
        for (button, step) in PAD {
            if pad.just_pressed(button) {
                commands.write(CursorCommand::Step(step));
            }
        }
        if pad.just_pressed(GamepadButton::South) {
            commands.write(CursorCommand::Act);
        }
    }
    if let Some(step) = step {
        commands.write(CursorCommand::Step(step));
    }
}

/// Off the board: the pad is `Tab`/`Shift+Tab` and South `Enter` for the panels; East is `Esc`
/// for them everywhere (it lets go of a focused button, as the key does).
pub(super) fn pad_in_menus(
    pads: Query<&Gamepad>,
    target: PadTarget,
    contexts: Query<Entity, With<bevy_egui::PrimaryEguiContext>>,
    mut events: MessageWriter<EguiInputEvent>,
) {
    let Ok(context) = contexts.single() else {
        return;
    };
    let board = target.board();
    for pad in &pads {
        let mut keys = Vec::new();
        if !board {
            for (button, step) in PAD {
                if pad.just_pressed(button) {
                    let back = matches!(step, ScreenStep::Up | ScreenStep::Left);
                    keys.push((egui::Key::Tab, back));
                }
            }
            if pad.just_pressed(GamepadButton::South) {
                keys.push((egui::Key::Enter, false));
            }
        }
        if pad.just_pressed(GamepadButton::East) {
            keys.push((egui::Key::Escape, false));
        }
        for (key, shift) in keys {
            let modifiers = if shift {
                egui::Modifiers::SHIFT
            } else {
                egui::Modifiers::NONE
            };
            for pressed in [true, false] {
                events.write(EguiInputEvent {
                    context,
                    event: egui::Event::Key {
                        key,
                        physical_key: None,
                        pressed,
                        repeat: false,
                        modifiers,
                    },
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stick_steps_at_once_then_repeats_while_held() {
        let mut repeat = StickRepeat::default();
        let right = stick_step(Vec2::new(0.9, 0.1));
        assert_eq!(right, Some(ScreenStep::Right));
        assert_eq!(stick_step(Vec2::new(0.2, -0.3)), None);
        assert_eq!(stick_step(Vec2::new(0.1, -0.8)), Some(ScreenStep::Down));
        assert_eq!(repeat.tick(right, 0.0), right);
        assert_eq!(repeat.tick(right, REPEAT_DELAY / 2.0), None);
        assert_eq!(repeat.tick(right, REPEAT_DELAY / 2.0), right);
        assert_eq!(repeat.tick(right, REPEAT_EVERY / 2.0), None);
        assert_eq!(repeat.tick(right, REPEAT_EVERY), right);
        // Let go, pushed again: a step at once.
        assert_eq!(repeat.tick(None, 0.1), None);
        assert_eq!(repeat.tick(right, 0.0), right);
    }
}
