//! Whether the player points with a finger or a mouse: the last of the two that pressed. The
//! status line's help names the gestures of that one (tap and two fingers, or click, right-drag
//! and the wheel).

use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, Touches};
use bevy::prelude::*;

/// What the player last pressed with.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PointerKind {
    /// A mouse or a touchpad (and before anything was pressed).
    #[default]
    Mouse,
    /// A finger on a touch screen.
    Touch,
}

/// Before any press, a page on a screen whose main pointer is a finger (a phone, a tablet:
/// `(pointer: coarse)`) starts as touched.
pub(super) fn first_pointer_kind() -> PointerKind {
    #[cfg(target_arch = "wasm32")]
    {
        let coarse = web_sys::window()
            .and_then(|w| w.match_media("(pointer: coarse)").ok().flatten())
            .is_some_and(|query| query.matches());
        if coarse {
            return PointerKind::Touch;
        }
    }
    PointerKind::Mouse
}

/// Follows the last press: a touch's start or a mouse button's.
pub(super) fn follow_pointer_kind(
    mut touches: MessageReader<TouchInput>,
    mut buttons: MessageReader<MouseButtonInput>,
    mut kind: ResMut<PointerKind>,
) {
    use bevy::input::touch::TouchPhase;
    let touched = touches.read().any(|t| t.phase == TouchPhase::Started);
    let clicked = buttons.read().any(|b| b.state.is_pressed());
    let now = match (touched, clicked) {
        (true, false) => PointerKind::Touch,
        (false, true) => PointerKind::Mouse,
        _ => return,
    };
    kind.set_if_neq(now);
}

/// Whether two fingers have been on the screen together since it was last bare: a pinch or a
/// turn of the view, whose fingers neither tap nor drag a piece (a pinch's first finger, lifted
/// last, was taken for a tap on the square it started on).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pinching(pub bool);

/// Follows the fingers on the screen: two at once start a pinch; it ends the frame after the
/// last finger lifted (the clicks of that release still see it).
pub(super) fn watch_pinches(touches: Option<Res<Touches>>, mut pinching: ResMut<Pinching>) {
    let Some(touches) = touches else {
        return;
    };
    let down = touches.iter().count();
    let lifting = touches.iter_just_released().count() + touches.iter_just_canceled().count();
    if down >= 2 {
        pinching.set_if_neq(Pinching(true));
    } else if down == 0 && lifting == 0 {
        pinching.set_if_neq(Pinching(false));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::ButtonState;
    use bevy::input::touch::TouchPhase;

    fn app() -> App {
        let mut app = App::new();
        app.add_message::<TouchInput>()
            .add_message::<MouseButtonInput>()
            .init_resource::<PointerKind>()
            .add_systems(Update, follow_pointer_kind);
        app
    }

    fn touch(app: &mut App, phase: TouchPhase) {
        let window = app.world_mut().spawn_empty().id();
        app.world_mut().write_message(TouchInput {
            phase,
            position: Vec2::new(10.0, 20.0),
            window,
            force: None,
            id: 1,
        });
    }

    fn press(app: &mut App, state: ButtonState) {
        let window = app.world_mut().spawn_empty().id();
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
    }

    /// A finger `id` at `x`, as the window reports it.
    fn finger(app: &mut App, id: u64, phase: TouchPhase, x: f32) {
        let window = app.world_mut().spawn_empty().id();
        app.world_mut().write_message(TouchInput {
            phase,
            position: Vec2::new(x, 20.0),
            window,
            force: None,
            id,
        });
    }

    #[test]
    fn two_fingers_make_a_pinch_until_the_screen_is_bare() {
        let mut app = App::new();
        app.add_plugins(bevy::input::InputPlugin)
            .init_resource::<Pinching>()
            .add_systems(PreUpdate, watch_pinches.after(bevy::input::InputSystems));
        let pinching = |app: &App| app.world().resource::<Pinching>().0;
        finger(&mut app, 1, TouchPhase::Started, 10.0);
        app.update();
        assert!(!pinching(&app), "one finger: a tap or a drag");
        finger(&mut app, 2, TouchPhase::Started, 60.0);
        app.update();
        assert!(pinching(&app));
        // The second finger lifts first, then the first: still a pinch as the first lifts.
        finger(&mut app, 2, TouchPhase::Ended, 80.0);
        app.update();
        assert!(pinching(&app));
        finger(&mut app, 1, TouchPhase::Ended, 10.0);
        app.update();
        assert!(
            pinching(&app),
            "the release of the pinch's last finger is no tap"
        );
        app.update();
        assert!(
            !pinching(&app),
            "the screen bare: the next touch is a tap again"
        );
        finger(&mut app, 3, TouchPhase::Started, 10.0);
        app.update();
        assert!(!pinching(&app));
    }

    #[test]
    fn the_last_press_says_finger_or_mouse() {
        let mut app = app();
        app.update();
        assert_eq!(*app.world().resource::<PointerKind>(), PointerKind::Mouse);
        touch(&mut app, TouchPhase::Started);
        app.update();
        assert_eq!(*app.world().resource::<PointerKind>(), PointerKind::Touch);
        // A finger lifted, or a button released, changes nothing.
        touch(&mut app, TouchPhase::Ended);
        press(&mut app, ButtonState::Released);
        app.update();
        assert_eq!(*app.world().resource::<PointerKind>(), PointerKind::Touch);
        press(&mut app, ButtonState::Pressed);
        app.update();
        assert_eq!(*app.world().resource::<PointerKind>(), PointerKind::Mouse);
    }
}
