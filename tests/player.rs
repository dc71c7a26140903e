//! The game as a player uses it. The board played with the mouse, the way the operating system delivers it: the cursor moved to
//! where a square is drawn (worked out from the board's camera), the left button pressed and
//! released, through Bevy's picking and the board's pickable meshes to the move being played.
//!
//! The app is the game's own, built by `gamut::app::build` from command-line arguments exactly as
//! `main` builds it (plugins, picking settings, resources), only without an operating-system
//! window and without drawing. The test stands in for the windowing system: it writes the cursor
//! and button messages winit writes ([`Mouse`]), and nothing else — no call into the board's
//! input handlers, the selection or the move requests.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::pbr::{DistanceFog, FogFalloff};
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use gamut::board::geometry::{PIECE_LIFT, square_center};
use gamut::i18n::Words;
use gamut::input::Selection;
use gamut::learn::check::wanted_moves;
use gamut::learn::{LESSONS, LessonScreen, Verdict as LessonVerdict};
use gamut::model::Cell;
use gamut::model::game::move_cells;
use gamut::play::AppState;
use gamut::puzzles::{Catalog, Phase, PuzzleScreen};
use gamut_engine::Color as Side;
use gamut_engine::Game;

mod common;

use common::window_app::{cell, game_app_in, key_with, run_until, waiting_for_a_person};
use common::{app_state, game};

/// A data folder of the test's own (the player's real one is never touched).
fn data_dir(name: &str) -> PathBuf {
    common::window_app::data_dir("mouse", name)
}

/// The game as `gamut ARGS` starts it, with its own data folder and no animations.
fn game_app(name: &str, args: &[&str]) -> App {
    game_app_in(&data_dir(name), args)
}

/// The game as `gamut ARGS` starts it, its mouse, once a person is to move.
fn ready(name: &str, args: &[&str]) -> (App, Mouse) {
    let mut app = game_app(name, args);
    let mouse = Mouse::of(&mut app);
    run_until(&mut app, "a person to move", waiting_for_a_person);
    (app, mouse)
}

/// The windowing system's part: the messages winit writes for the mouse (see `bevy_winit`'s
/// `state.rs`): the window's cursor position, `CursorMoved` and `MouseButtonInput`, each also as a
/// `WindowEvent`.
struct Mouse {
    window: Entity,
}

impl Mouse {
    fn of(app: &mut App) -> Mouse {
        let window = app
            .world_mut()
            .query_filtered::<Entity, With<PrimaryWindow>>()
            .single(app.world())
            .expect("the game has a window");
        Mouse { window }
    }

    /// Moves the cursor to `to` (logical pixels from the window's top left) in `steps` moves, a
    /// frame each, as a hand does.
    fn move_to(&self, app: &mut App, to: Vec2, steps: u32) {
        let from = app
            .world()
            .get::<Window>(self.window)
            .and_then(Window::cursor_position)
            .unwrap_or(to);
        for i in 1..=steps {
            let at = from.lerp(to, i as f32 / steps as f32);
            let mut window = app.world_mut().get_mut::<Window>(self.window).unwrap();
            let last = window.cursor_position();
            window.set_cursor_position(Some(at));
            let moved = CursorMoved {
                window: self.window,
                position: at,
                delta: last.map(|l| at - l),
            };
            app.world_mut().write_message(moved.clone());
            app.world_mut()
                .write_message(WindowEvent::CursorMoved(moved));
            app.update();
        }
    }

    fn button(&self, app: &mut App, state: ButtonState) {
        let input = MouseButtonInput {
            button: MouseButton::Left,
            state,
            window: self.window,
        };
        app.world_mut().write_message(input);
        app.world_mut()
            .write_message(WindowEvent::MouseButtonInput(input));
        app.update();
    }

    /// The wheel turned `notches` towards the player over the place `at` (the content under
    /// it scrolls up).
    fn wheel(&self, app: &mut App, at: Vec2, notches: f32) {
        use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
        self.move_to(app, at, 2);
        let wheel = MouseWheel {
            unit: MouseScrollUnit::Line,
            x: 0.0,
            y: -notches,
            window: self.window,
            phase: bevy::input::touch::TouchPhase::Moved,
        };
        app.world_mut().write_message(wheel);
        app.world_mut()
            .write_message(WindowEvent::MouseWheel(wheel));
        for _ in 0..5 {
            app.update();
        }
    }

    /// Points at `to`, presses, holds for a few frames and releases there.
    fn click_at(&self, app: &mut App, to: Vec2) {
        self.move_to(app, to, 3);
        self.button(app, ButtonState::Pressed);
        app.update();
        self.button(app, ButtonState::Released);
        app.update();
    }

    /// Moves to `to`, presses and releases there, all reaching the game between two frames
    /// (a quick click on a slow machine: xdotool's `mousemove … click 1`).
    fn click_in_one_frame(&self, app: &mut App, to: Vec2) {
        let mut window = app.world_mut().get_mut::<Window>(self.window).unwrap();
        let last = window.cursor_position();
        window.set_cursor_position(Some(to));
        let moved = CursorMoved {
            window: self.window,
            position: to,
            delta: last.map(|l| to - l),
        };
        app.world_mut().write_message(moved.clone());
        app.world_mut()
            .write_message(WindowEvent::CursorMoved(moved));
        for state in [ButtonState::Pressed, ButtonState::Released] {
            let input = MouseButtonInput {
                button: MouseButton::Left,
                state,
                window: self.window,
            };
            app.world_mut().write_message(input);
            app.world_mut()
                .write_message(WindowEvent::MouseButtonInput(input));
        }
        app.update();
        app.update();
    }

    /// A click on the square `at` (on the piece standing there, if any).
    fn click(&self, app: &mut App, at: Cell) {
        let spot = self.aim(app, at);
        self.click_at(app, spot);
    }

    /// Points at the square `at` and keeps following it while the view still moves (as an eye
    /// and a hand do); where the pointer ends.
    fn aim(&self, app: &mut App, at: Cell) -> Vec2 {
        let mut spot = on_screen(app, at);
        for _ in 0..10 {
            self.move_to(app, spot, 3);
            let now = on_screen(app, at);
            if now.distance(spot) < 1.0 {
                break;
            }
            spot = now;
        }
        spot
    }

    /// Presses on `from`, drags across the board and lets go on `to`.
    fn drag(&self, app: &mut App, from: Cell, to: Cell) {
        self.aim(app, from);
        let end = on_screen(app, to);
        self.button(app, ButtonState::Pressed);
        self.move_to(app, end, 6);
        self.button(app, ButtonState::Released);
        app.update();
    }
}

/// The windowing system's part for a key that does not type.
fn press_key(app: &mut App, key: KeyCode, logical: bevy::input::keyboard::Key) {
    key_with(app, key, logical, None);
}

fn escape(app: &mut App) {
    press_key(app, KeyCode::Escape, bevy::input::keyboard::Key::Escape);
}

/// Where the player sees the square `at` (the top of its piece, if one stands there), in logical
/// pixels of the window, from the board camera as it is framed now.
fn on_screen(app: &mut App, at: Cell) -> Vec2 {
    let game = game(app);
    let height = if game.pieces().iter().any(|&(c, _)| c == at) {
        PIECE_LIFT * 2.0
    } else {
        0.0
    };
    let world = square_center(at, game.bounds()) + Vec3::Y * height;
    let (camera, transform) = app
        .world_mut()
        .query_filtered::<(&Camera, &GlobalTransform), With<Camera3d>>()
        .single(app.world())
        .expect("the board camera");
    let spot = camera
        .world_to_viewport(transform, world)
        .expect("the square is in view");
    let size = app
        .world_mut()
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(app.world())
        .unwrap()
        .size();
    assert!(
        spot.x > 0.0 && spot.y > 0.0 && spot.x < size.x && spot.y < size.y,
        "{at} is drawn at {spot}, outside the {size} window"
    );
    spot
}

/// The game's move list as the side panel shows it.
fn notation(app: &App) -> Vec<String> {
    game(app).notation().to_vec()
}

#[test]
fn hot_seat_lines_of_action_by_click_and_by_drag() {
    let (mut app, mouse) = ready(
        "loa",
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    assert_eq!(game(&app).side_to_move(), Side::Black);
    // A click on b1 selects it: its destinations light up.
    mouse.click(&mut app, cell("b1"));
    assert_eq!(app.world().resource::<Selection>().from(), Some(cell("b1")));
    // A click on b3 plays b1-b3.
    mouse.click(&mut app, cell("b3"));
    run_until(&mut app, "b1-b3", |app| game(app).ply() == 1);
    assert_eq!(notation(&app), ["b1-b3"]);
    // White drags a2 along its rank to c2.
    run_until(&mut app, "White to move", waiting_for_a_person);
    mouse.drag(&mut app, cell("a2"), cell("c2"));
    run_until(&mut app, "a2-c2", |app| game(app).ply() == 2);
    assert_eq!(notation(&app), ["b1-b3", "a2-c2"]);
    // A click on an illegal square leaves the game as it was.
    run_until(&mut app, "Black to move", waiting_for_a_person);
    mouse.click(&mut app, cell("c1"));
    mouse.click(&mut app, cell("c8"));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(game(&app).ply(), 2);
}

/// A click whose move, press and release all reach the game between two frames (a slow frame,
/// a quick hand) acts on the square under it: Bevy's picking alone would send its click to
/// what the pointer was over in the frame before, or nowhere.
#[test]
fn a_click_that_comes_whole_between_two_frames_counts() {
    let (mut app, mouse) = ready(
        "one-frame",
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    // The pointer rests away from the board, then jumps to b1 and clicks in one frame.
    mouse.move_to(&mut app, Vec2::new(5.0, 5.0), 2);
    let b1 = on_screen(&mut app, cell("b1"));
    mouse.click_in_one_frame(&mut app, b1);
    assert_eq!(app.world().resource::<Selection>().from(), Some(cell("b1")));
    let b3 = on_screen(&mut app, cell("b3"));
    mouse.click_in_one_frame(&mut app, b3);
    run_until(&mut app, "b1-b3", |app| game(app).ply() == 1);
    assert_eq!(notation(&app), ["b1-b3"]);
}

/// A press on a piece while the view moves under the held button (here the board turned half
/// round by its key): the release is over another square, and still the press picks the piece
/// it was made on, as the player aimed it.
#[test]
fn a_press_counts_where_it_was_made_when_the_view_moves_before_the_release() {
    let (mut app, mouse) = ready(
        "view-moves",
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    let b1 = mouse.aim(&mut app, cell("b1"));
    mouse.button(&mut app, ButtonState::Pressed);
    key_with(
        &mut app,
        KeyCode::KeyF,
        bevy::input::keyboard::Key::Character("f".into()),
        Some("f"),
    );
    for _ in 0..3 {
        app.update();
    }
    let turned = on_screen(&mut app, cell("b1"));
    assert!(
        turned.distance(b1) > 50.0,
        "the view turned: b1 drawn at {turned}, pressed at {b1}"
    );
    mouse.button(&mut app, ButtonState::Released);
    app.update();
    assert_eq!(app.world().resource::<Selection>().from(), Some(cell("b1")));
}

/// Lines of Action against the computer at level 1: c1-c3 played by two clicks, and the game
/// once the computer has answered.
fn c1_c3_answered_by_level_1(name: &str) -> App {
    let args = [
        "--game",
        "loa",
        "--black",
        "human",
        "--white",
        "ai:1",
        "--think-time",
        "50",
    ];
    let (mut app, mouse) = ready(name, &args);
    mouse.click(&mut app, cell("c1"));
    mouse.click(&mut app, cell("c3"));
    run_until(&mut app, "the computer's answer", |app| {
        game(app).ply() == 2
    });
    app
}

#[test]
fn against_the_computer_a_click_move_is_answered() {
    let mut app = c1_c3_answered_by_level_1("computer");
    assert_eq!(notation(&app)[0], "c1-c3");
    // A click while the computer is to move changes nothing.
    run_until(&mut app, "Black to move again", waiting_for_a_person);
    assert_eq!(game(&app).side_to_move(), Side::Black);
}

#[test]
fn epaminondas_a_phalanx_moves_by_its_tail_and_destination() {
    let (mut app, mouse) = ready(
        "epaminondas",
        &[
            "--game",
            "epaminondas",
            "--variant",
            "small",
            "--black",
            "human",
            "--white",
            "human",
        ],
    );
    assert_eq!(game(&app).side_to_move(), Side::White);
    // The a-file column a1-a2 is a phalanx of two: its tail a1 moves it up to two squares.
    mouse.click(&mut app, cell("a1"));
    let moving = match app.world().resource::<Selection>() {
        Selection::Selected { moving_stones, .. } => moving_stones.clone(),
        other => panic!("a1 is not selected: {other:?}"),
    };
    assert!(moving.is_empty() || moving.contains(&cell("a1")));
    mouse.click(&mut app, cell("a4"));
    run_until(&mut app, "the phalanx's move", |app| game(app).ply() == 1);
    let white: Vec<Cell> = game(&app)
        .pieces()
        .iter()
        .filter(|&&(_, s)| s == Side::White)
        .map(|&(c, _)| c)
        .collect();
    assert!(white.contains(&cell("a3")) && white.contains(&cell("a4")));
    assert!(!white.contains(&cell("a1")) && !white.contains(&cell("a2")));
}

#[test]
fn parachute_a_step_then_the_held_piece_placed_by_clicks() {
    let (mut app, mouse) = ready(
        "parachute",
        &[
            "--game",
            "loa",
            "--variant",
            "parachute",
            "--black",
            "human",
            "--white",
            "human",
        ],
    );
    mouse.click(&mut app, cell("h2"));
    mouse.click(&mut app, cell("f2"));
    // The step waits for its placement: the empty squares are offered.
    assert!(matches!(
        app.world().resource::<Selection>(),
        Selection::Placing { .. }
    ));
    assert_eq!(game(&app).ply(), 0);
    mouse.click(&mut app, cell("d4"));
    run_until(&mut app, "the step and placement", |app| {
        game(app).ply() == 1
    });
    assert_eq!(notation(&app), ["h2-f2 @d4"]);
}

/// A move typed in the side panel's field (`M`, the move, `Enter`) is refused with exactly the
/// reason the clicks on its squares get, and a legal one typed is played.
#[test]
fn a_typed_move_is_refused_as_the_clicks_are() {
    let hot_seat = ["--game", "loa", "--black", "human", "--white", "human"];
    let (mut clicked, mouse) = ready("refused-clicks", &hot_seat);
    mouse.click(&mut clicked, cell("c1"));
    mouse.click(&mut clicked, cell("c5"));
    let (mut typed, _) = ready("refused-typed", &hot_seat);
    press_key(
        &mut typed,
        KeyCode::KeyM,
        bevy::input::keyboard::Key::Character("m".into()),
    );
    type_text(&mut typed, "c1-c5");
    press_key(
        &mut typed,
        KeyCode::Enter,
        bevy::input::keyboard::Key::Enter,
    );
    for _ in 0..3 {
        typed.update();
    }
    let status = |app: &App| {
        app.world()
            .resource::<gamut::play::Status>()
            .notice()
            .cloned()
    };
    assert!(matches!(
        status(&clicked),
        Some(gamut::model::Notice::Refused(..))
    ));
    assert_eq!(status(&typed), status(&clicked));
    assert_eq!((game(&typed).ply(), game(&clicked).ply()), (0, 0));
    type_text(&mut typed, "c1-c3");
    press_key(
        &mut typed,
        KeyCode::Enter,
        bevy::input::keyboard::Key::Enter,
    );
    run_until(&mut typed, "c1-c3", |app| game(app).ply() == 1);
    assert_eq!(notation(&typed), ["c1-c3"]);
}

/// The keyboard's cursor shows with the first arrow key and hides when the mouse clicks the
/// board (the click acting as ever).
#[test]
fn a_click_on_the_board_hides_the_keyboards_cursor() {
    use gamut::input::cursor::BoardCursor;
    let (mut app, mouse) = ready(
        "cursor-click",
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    let shown = |app: &App| app.world().resource::<BoardCursor>().shown;
    assert!(!shown(&app));
    press_key(
        &mut app,
        KeyCode::ArrowUp,
        bevy::input::keyboard::Key::ArrowUp,
    );
    assert!(shown(&app));
    mouse.click(&mut app, cell("b1"));
    assert!(!shown(&app));
    assert_eq!(app.world().resource::<Selection>().from(), Some(cell("b1")));
}

#[test]
fn a_lesson_step_is_played_by_clicks() {
    lesson_step_played("lesson", false);
}

/// The same step played by dragging the piece to its square.
#[test]
fn a_lesson_step_is_played_by_a_drag() {
    lesson_step_played("lesson-drag", true);
}

/// The lesson "loa-moves" opened from the title, its first move played by the mouse: by two
/// clicks, or by a drag; the lesson must say it is right.
fn lesson_step_played(name: &str, by_drag: bool) {
    let mut app = game_app(name, &[]);
    let mouse = Mouse::of(&mut app);
    click_button(&mut app, &mouse, "title/lessons");
    let lesson = LESSONS
        .iter()
        .position(|l| l.id == "loa-moves")
        .unwrap_or(0);
    // Its first step only shows the start; the second asks for a move.
    click_button(&mut app, &mouse, &format!("lessons/{}", LESSONS[lesson].id));
    run_until(&mut app, "the lesson's first step", |app| {
        app.world().resource::<LessonScreen>().at == Some((lesson, 0))
    });
    click_button(&mut app, &mouse, "lessons/next");
    run_until(&mut app, "the lesson's position", |app| {
        let screen = app.world().resource::<LessonScreen>();
        screen.at == Some((lesson, 1)) && waiting_for_a_person(app)
    });
    // Let the camera settle on the lesson's framing.
    for _ in 0..3 {
        app.update();
    }
    let step = app
        .world()
        .resource::<LessonScreen>()
        .step()
        .expect("a step");
    let wanted = wanted_moves(step, game(&app)).expect("the step's moves")[0];
    let cells = move_cells(wanted);
    if by_drag {
        mouse.drag(&mut app, cells[0], cells[cells.len() - 1]);
    } else {
        for at in cells {
            mouse.click(&mut app, at);
        }
    }
    run_until(&mut app, "the lesson's verdict", |app| {
        app.world().resource::<LessonScreen>().verdict.is_some()
    });
    assert_eq!(
        app.world().resource::<LessonScreen>().verdict,
        Some(LessonVerdict::Right { shown: false })
    );
}

#[test]
fn a_puzzle_is_solved_by_clicks() {
    let mut app = game_app("puzzle", &[]);
    let mouse = Mouse::of(&mut app);
    click_button(&mut app, &mouse, "title/puzzles");
    let index = app
        .world()
        .resource::<Catalog>()
        .index_of("loa/w1-01")
        .expect("the first win in 1");
    click_button(&mut app, &mouse, "puzzles/loa/w1-01");
    run_until(&mut app, "the puzzle on the board", |app| {
        app.world()
            .resource::<PuzzleScreen>()
            .attempt
            .as_ref()
            .is_some_and(|a| a.ready)
            && waiting_for_a_person(app)
    });
    for _ in 0..3 {
        app.update();
    }
    let solution = app.world().resource::<Catalog>().entries[index]
        .puzzle
        .solution()[0];
    for at in move_cells(solution) {
        mouse.click(&mut app, at);
    }
    run_until(&mut app, "the puzzle solved", |app| {
        app.world()
            .resource::<PuzzleScreen>()
            .attempt
            .as_ref()
            .is_some_and(|a| matches!(a.phase, Phase::Over(_)))
    });
    let phase = app
        .world()
        .resource::<PuzzleScreen>()
        .attempt
        .as_ref()
        .unwrap()
        .phase
        .clone();
    assert_eq!(
        phase,
        Phase::Over(gamut::puzzles::Verdict::Solved { counted: true })
    );
}

/// Plays `mv` by clicking its squares (the piece, its destination, a Parachute placement).
fn play_by_mouse(app: &mut App, mouse: &Mouse, mv: gamut_engine::any_game::AnyMove) {
    let plies = game(app).ply();
    for at in move_cells(mv) {
        mouse.click(app, at);
    }
    run_until(app, "the move", |app| game(app).ply() > plies);
    run_until(app, "the next turn", |app| {
        waiting_for_a_person(app) || game(app).end().is_some()
    });
}

fn resume_offered(app: &App) -> bool {
    app.world()
        .resource::<gamut::persist::ResumeOffer>()
        .0
        .is_some()
}

fn puzzle_over(app: &App) -> bool {
    app.world()
        .resource::<PuzzleScreen>()
        .attempt
        .as_ref()
        .is_some_and(|a| matches!(a.phase, Phase::Over(_)))
}

/// An unfinished game is never touched by lessons and puzzles: its autosave stays byte for byte,
/// and the title offers to resume it again when the player comes back from them.
#[test]
fn lessons_and_puzzles_leave_the_players_game_alone() {
    let dir = data_dir("autosave");
    let mut app = game_app_in(
        &dir,
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    let mouse = Mouse::of(&mut app);
    run_until(&mut app, "a person to move", waiting_for_a_person);
    for _ in 0..6 {
        let game = game(&app);
        let mv = game
            .position()
            .legal_moves()
            .into_iter()
            .find(|&m| move_cells(m).len() == 2)
            .expect("a move");
        play_by_mouse(&mut app, &mouse, mv);
    }
    let autosave = gamut::persist::DataDir::at(&dir).autosave();
    let saved = std::fs::read(&autosave).expect("the game was autosaved");
    drop(app);

    // The next start: the title offers the game; the player goes to the lessons and back.
    let mut app = game_app_in(&dir, &[]);
    let mouse = Mouse::of(&mut app);
    assert!(resume_offered(&app));
    click_button(&mut app, &mouse, "title/lessons");
    click_button(&mut app, &mouse, &format!("lessons/{}", LESSONS[0].id));
    run_until(&mut app, "a lesson", |app| {
        app.world().resource::<LessonScreen>().at.is_some() && waiting_for_a_person(app)
    });
    click_button(&mut app, &mouse, "lessons/back-to-list");
    // The list is taller than the window: the wheel over it brings "Back to title" up.
    let middle = app
        .world_mut()
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(app.world())
        .map(|w| Vec2::new(w.width(), w.height()) / 2.0)
        .expect("the game has a window");
    mouse.wheel(&mut app, middle, 20.0);
    click_button(&mut app, &mouse, "lessons/back-to-title");
    run_until(&mut app, "the title", |app| {
        *app.world().resource::<State<AppState>>().get() == AppState::Menu
    });
    assert!(resume_offered(&app), "back from the lessons: no Resume");

    // The puzzles: a win in 1 whose solution is shown, then back to the title.
    click_button(&mut app, &mouse, "title/puzzles");
    click_button(&mut app, &mouse, "puzzles/loa/w1-01");
    run_until(&mut app, "the puzzle", |app| {
        app.world()
            .resource::<PuzzleScreen>()
            .attempt
            .as_ref()
            .is_some_and(|a| a.ready)
            && waiting_for_a_person(app)
    });
    click_button(&mut app, &mouse, "puzzles/solution");
    run_until(&mut app, "the solution shown", puzzle_over);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(
        std::fs::read(&autosave).unwrap(),
        saved,
        "a puzzle wrote the autosave"
    );
    click_button(&mut app, &mouse, "puzzles/back-to-title");
    run_until(&mut app, "the title", |app| {
        *app.world().resource::<State<AppState>>().get() == AppState::Menu
    });
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        std::fs::read(&autosave).unwrap(),
        saved,
        "a puzzle wrote the autosave"
    );
    assert!(resume_offered(&app), "back from the puzzles: no Resume");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `Esc` means the same everywhere: it closes what is open, then goes back — from a game to the
/// title (which offers to resume it), from the Exhibition to the title (not into a game).
#[test]
fn escape_goes_back_to_the_title_from_a_game_and_from_the_exhibition() {
    let (mut app, mouse) = ready(
        "escape",
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    mouse.click(&mut app, cell("b1"));
    mouse.click(&mut app, cell("b3"));
    run_until(&mut app, "b1-b3", |app| game(app).ply() == 1);
    // A picked piece: the first Esc drops it, the game goes on.
    mouse.click(&mut app, cell("a2"));
    assert_ne!(*app.world().resource::<Selection>(), Selection::Idle);
    escape(&mut app);
    app.update();
    assert_eq!(*app.world().resource::<Selection>(), Selection::Idle);
    assert_eq!(app_state(&app), AppState::Playing);
    // Nothing open: Esc goes to the title, which offers the game.
    escape(&mut app);
    run_until(&mut app, "the title", |app| {
        app_state(app) == AppState::Menu
    });
    app.update();
    assert!(
        resume_offered(&app),
        "the title does not offer the game left"
    );

    let mut app = game_app("escape-exhibition", &["--demo", "--think-time", "50"]);
    run_until(&mut app, "the exhibition's first move", |app| {
        game(app).ply() > 0
    });
    escape(&mut app);
    run_until(&mut app, "the title", |app| {
        app_state(app) == AppState::Menu
    });
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(app_state(&app), AppState::Menu);
    assert!(
        app.world()
            .get_resource::<State<gamut::play::Exhibiting>>()
            .is_none()
    );
}

/// How much of the theme's fog lies over each square (0 clear, 1 gone in the background), the
/// most of them, as the board camera frames the board now.
fn most_fog_over_the_board(app: &mut App) -> f32 {
    let (camera, fog) = app
        .world_mut()
        .query_filtered::<(&GlobalTransform, &DistanceFog), With<Camera3d>>()
        .single(app.world())
        .map(|(t, f)| (t.translation(), f.clone()))
        .expect("the wood theme has fog");
    let FogFalloff::Linear { start, end } = fog.falloff else {
        panic!("linear fog expected");
    };
    let game = game(app);
    let (lo, hi) = game.bounds();
    let mut most: f32 = 0.0;
    for rank in lo.rank..=hi.rank {
        for file in lo.file..=hi.file {
            let at = square_center(Cell::new(file, rank), (lo, hi));
            let d = camera.distance(at);
            most = most.max(((d - start) / (end - start)).clamp(0.0, 1.0));
        }
    }
    most
}

/// Every square is inside the board camera's view (the part of the window the panels leave).
fn assert_every_square_in_view(app: &mut App) {
    let game = game(app);
    let (lo, hi) = game.bounds();
    let (camera, transform) = app
        .world_mut()
        .query_filtered::<(&Camera, &GlobalTransform), With<Camera3d>>()
        .single(app.world())
        .expect("the board camera");
    let view = camera.logical_viewport_rect().expect("a viewport");
    for rank in lo.rank..=hi.rank {
        for file in lo.file..=hi.file {
            let at = square_center(Cell::new(file, rank), (lo, hi));
            let spot = camera.world_to_viewport(transform, at).unwrap();
            assert!(
                view.contains(spot + view.min),
                "({file},{rank}) is drawn at {spot}, outside the board's view {view:?}"
            );
        }
    }
}

/// The board is drawn whole and clear of the room's fog in the 3D and the flat view, on the small
/// and the large boards (the flat view's camera stood beyond the fog: an empty board; Boundless
/// was cut off and fogged).
#[test]
fn the_board_stands_clear_of_the_fog_in_every_view() {
    for args in [
        &["--game", "loa"][..],
        &["--game", "epaminondas"],
        &["--game", "loa", "--flat"],
        &["--game", "epaminondas", "--flat"],
        &["--game", "loa", "--variant", "boundless"],
        &["--game", "loa", "--variant", "boundless", "--flat"],
    ] {
        let mut line = args.to_vec();
        line.extend(["--theme", "wood", "--black", "human", "--white", "human"]);
        let mut app = game_app("fog", &line);
        let fog = most_fog_over_the_board(&mut app);
        assert!(fog < 0.5, "{args:?}: the board is {fog:.2} fogged");
        assert_every_square_in_view(&mut app);
    }
}

/// Where the button `name` (a landmark the screens record) is drawn, in logical pixels of the
/// window, once it has stayed put for a few frames (a new window is laid out over its first
/// frames).
fn button_on_screen(app: &mut App, name: &str) -> Vec2 {
    let mut last = None;
    let started = Instant::now();
    loop {
        app.update();
        let ctx = app
            .world_mut()
            .query_filtered::<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>()
            .single_mut(app.world_mut())
            .expect("the panels' egui context")
            .get_mut()
            .clone();
        let at = gamut::ui::landmark::rect(&ctx, name)
            .map(|r| Vec2::new(r.center().x, r.center().y) * ctx.zoom_factor());
        if let Some(at) = at
            && last == Some(at)
        {
            return at;
        }
        last = at;
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the button {name} is not drawn (drawn: {:?})",
            gamut::ui::landmark::drawn(&ctx)
                .into_iter()
                .map(|(name, at)| format!("{name} at {at:?}"))
                .collect::<Vec<_>>()
        );
    }
}

/// The whole way in by mouse, headless: the title's Hot-seat, New Game's Start, a move, the
/// side panel's Title button, and Resume on the title.
#[test]
fn from_the_title_into_a_game_and_back_by_mouse() {
    let mut app = game_app("title", &[]);
    let mouse = Mouse::of(&mut app);
    let hot_seat = button_on_screen(&mut app, "title/hot-seat");
    mouse.click_at(&mut app, hot_seat);
    let start = button_on_screen(&mut app, "new-game/start");
    mouse.click_at(&mut app, start);
    run_until(&mut app, "the game", |app| {
        app_state(app) == AppState::Playing && waiting_for_a_person(app)
    });
    for _ in 0..3 {
        app.update();
    }
    mouse.click(&mut app, cell("b1"));
    mouse.click(&mut app, cell("b3"));
    run_until(&mut app, "b1-b3", |app| game(app).ply() == 1);
    let title = button_on_screen(&mut app, "button-title");
    mouse.click_at(&mut app, title);
    run_until(&mut app, "the title", |app| {
        app_state(app) == AppState::Menu
    });
    let rig = |app: &App| *app.world().resource::<gamut::board::camera::CameraRig>();
    let game_view = rig(&app);
    // Behind the title the board turns slowly.
    run_until(&mut app, "the title's turn", |app| {
        rig(app).yaw != game_view.yaw
    });
    let resume = button_on_screen(&mut app, "title/resume");
    mouse.click_at(&mut app, resume);
    run_until(&mut app, "the game again", |app| {
        app_state(app) == AppState::Playing && game(app).ply() == 1
    });
    assert_eq!(notation(&app), ["b1-b3"]);
    // Back in the game, the default framing, not the title's angle.
    let default = gamut::board::camera::CameraRig::default();
    let back = rig(&app);
    assert_eq!(
        (back.yaw, back.pitch, back.zoom),
        (default.yaw, default.pitch, default.zoom),
        "{back:?}"
    );
}

/// A rule preset picked by mouse in New Game is the started game's rules: the title's
/// Hot-seat, "A Gamut of Games, 2nd edition", Start.
#[test]
fn a_rule_preset_picked_by_mouse_sets_the_started_games_rules() {
    use gamut_engine::loa::SimultaneousConnection;
    let mut app = game_app("preset", &[]);
    let mouse = Mouse::of(&mut app);
    let hot_seat = button_on_screen(&mut app, "title/hot-seat");
    mouse.click_at(&mut app, hot_seat);
    let preset = button_on_screen(&mut app, "new-game/preset/gamut-2nd");
    mouse.click_at(&mut app, preset);
    let start = button_on_screen(&mut app, "new-game/start");
    mouse.click_at(&mut app, start);
    run_until(&mut app, "the game", |app| {
        app_state(app) == AppState::Playing && waiting_for_a_person(app)
    });
    let rules = game(&app).config.loa;
    assert_eq!(rules.simultaneous, SimultaneousConnection::MoverWins);
    assert_eq!(rules.first_player, Side::Black);
    assert!(!rules.repetition_draw);
}

/// The title's "About the games" opens the Rules window on the History page.
#[test]
fn about_the_games_opens_the_history_page_by_mouse() {
    let mut app = game_app("about", &[]);
    let mouse = Mouse::of(&mut app);
    let about = button_on_screen(&mut app, "title/about");
    mouse.click_at(&mut app, about);
    let epaminondas = button_on_screen(&mut app, "rules/game/epaminondas");
    mouse.click_at(&mut app, epaminondas);
    let close = button_on_screen(&mut app, "rules/close");
    let page = *app.world().resource::<gamut::ui::about::RulesPage>();
    assert_eq!(
        page,
        gamut::ui::about::RulesPage {
            about: true,
            kind: Some(gamut_engine::any_game::GameKind::Epaminondas)
        }
    );
    mouse.click_at(&mut app, close);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        *app.world()
            .resource::<State<gamut::play::RulesWindow>>()
            .get(),
        gamut::play::RulesWindow::Closed,
        "the window closed"
    );
}

/// Redraws asked in the last frame other than through the rest (egui's integration asks for
/// one whenever egui wants to repaint).
fn redraws(app: &App) -> usize {
    app.world()
        .resource::<Messages<bevy::window::RequestRedraw>>()
        .iter_current_update_messages()
        .count()
}

/// Runs frames until the words are loaded and three frames in a row ask for no frame at once,
/// by the rest or by egui: a new window's first frames (the words arriving, the layout
/// settling) come at once.
fn settle(app: &mut App) {
    let mut quiet = 0;
    for _ in 0..300 {
        app.update();
        let ready = app.world().resource::<gamut::i18n::Words>().is_ready();
        quiet = if ready && loop_wait(app) != Some(Duration::ZERO) {
            quiet + 1
        } else {
            0
        };
        if quiet == 3 {
            return;
        }
    }
    panic!("the window never settled: frames kept asking for the next at once");
}

/// When the loop runs the next frame, as the window's loop would: at once when a redraw was
/// asked (egui's integration asks for one whenever egui wants to repaint: its layout changed),
/// else what the game told it at the end of the frame (see `gamut::rest`).
fn loop_wait(app: &App) -> Option<Duration> {
    if redraws(app) > 0 {
        return Some(Duration::ZERO);
    }
    app.world().resource::<gamut::rest::LoopWait>().0
}

/// Runs frames the way the resting window's loop does: the next one only when the last asked
/// for it (at once, or after its wait); stops when the game rests (no frame asked). Input from
/// the mouse would also wake the loop, so this starts after the clicks.
fn run_as_the_loop_does(app: &mut App) {
    let started = Instant::now();
    while let Some(wait) = loop_wait(app) {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the game never rests"
        );
        std::thread::sleep(wait);
        app.update();
    }
}

/// The game rests while a person thinks and draws while something moves: the title's orbit at
/// its modest rate; no frame asked while a person is to move; after a move by mouse, the frames
/// the turn needs to pass to the computer, the spinner's few a second while it thinks (never
/// full speed), its answer played, and rest again — all without any other input.
#[test]
fn the_game_rests_while_a_person_thinks() {
    use gamut::rest::{ORBIT_FRAME, SPINNER_FRAME};
    let mut title = game_app("rest-title", &[]);
    // Its first frames load the words and lay the screen out, and egui asks for a redraw at
    // once while the layout settles (how many frames that takes depends on when the words
    // arrive); then the orbit's rate alone, frame after frame.
    settle(&mut title);
    for _ in 0..5 {
        assert_eq!(loop_wait(&title), Some(ORBIT_FRAME), "the title's orbit");
        std::thread::sleep(ORBIT_FRAME);
        title.update();
    }

    let (mut app, mouse) = ready(
        "rest-game",
        &[
            "--game",
            "loa",
            "--black",
            "human",
            "--white",
            "ai:14",
            "--think-time",
            "1500",
        ],
    );
    settle(&mut app);
    run_as_the_loop_does(&mut app);
    assert_eq!(loop_wait(&app), None, "a person to move: no frame asked");
    mouse.click(&mut app, cell("c1"));
    mouse.click(&mut app, cell("c3"));
    let mut waits = Vec::new();
    let started = Instant::now();
    while let Some(wait) = loop_wait(&app) {
        assert!(started.elapsed() < Duration::from_secs(120), "never rests");
        waits.push(wait);
        std::thread::sleep(wait);
        app.update();
    }
    assert_eq!(game(&app).ply(), 2, "the computer answered, by itself");
    assert!(waiting_for_a_person(&app));
    assert!(
        waits.iter().any(|w| !w.is_zero() && *w <= SPINNER_FRAME),
        "the spinner's rate while the computer thought: {waits:?}"
    );
    let full_speed = waits.iter().filter(|w| w.is_zero()).count();
    let resting = waits.len() - full_speed;
    // Frames at once: the turn passing, the move played, and egui's short animations (a
    // caption's area fading in, a grid laid out anew) — a few dozen at most, where a game
    // drawing flat out would run hundreds in the computer's 1.5 s.
    assert!(
        full_speed <= 30 && resting >= 3,
        "a few frames at once for the turn to pass, the move to be played and egui's fades, \
         else the spinner's: {waits:?}"
    );
}

/// A blunder explained in review, by mouse: a game that ends with Black's e1xe4 and White's
/// connecting answer is opened; the side panel's Review, then one step back; once the
/// analysis has both positions the strip says why (White connects on the next move, with the
/// move) and what was better.
#[test]
fn a_blunder_is_explained_in_the_review_by_mouse() {
    use gamut::review::{AnalysisLimits, Review};
    use gamut_engine::any_game::GameConfig;
    use gamut_engine::coach::Judgement;
    use gamut_engine::coach::Reason;
    use gamut_engine::record::Record;
    let dir = data_dir("explain");
    let config = GameConfig::default();
    let mut position = config
        .position_from_text("8/1bw3b1/3w1wb1/1bw1w3/3bww1w/8/1bb5/4b1b1 b")
        .unwrap();
    for m in ["e1xe4", "h4-g3"] {
        let mv = position.parse_move(m).unwrap();
        position.play_unchecked(mv);
    }
    assert!(position.outcome().is_some(), "White connected");
    let file = dir.join("blunder.txt");
    std::fs::write(&file, Record::from_game(config, &position).to_string()).unwrap();

    let mut app = game_app_in(&dir, &["--open", file.to_str().unwrap()]);
    // The analysis searches each position to a fixed depth, not for a time: on a loaded machine
    // a timed search sees less, and Black's position before the move (already bad) may look as
    // bad as after it.
    app.insert_resource(AnalysisLimits {
        per_position: Duration::from_secs(60),
        depth: 5,
    });
    let mouse = Mouse::of(&mut app);
    let review = button_on_screen(&mut app, "button-review");
    mouse.click_at(&mut app, review);
    let back = button_on_screen(&mut app, "review/prev");
    mouse.click_at(&mut app, back);
    let explained = |app: &App| {
        app.world()
            .resource::<Review>()
            .0
            .as_ref()
            .and_then(|r| r.explained().cloned())
    };
    run_until(&mut app, "the explanation", |app| explained(app).is_some());
    let said = explained(&app).unwrap();
    assert_eq!(said.played, "e1xe4");
    assert_eq!(said.explanation.judgement, Judgement::Blunder);
    assert!(matches!(
        said.explanation.reasons[0],
        Reason::AllowsForcedWin { plies: 1, .. }
    ));
    assert_eq!(said.lines[0], ["h4-g3"]);
    assert!(said.better.is_some());
    // The sentence is on screen, in the strip.
    button_on_screen(&mut app, "review/explanation");
    let words = app.world().resource::<Words>();
    let sentences = gamut::ui::text::explanation(words, config.kind, &said);
    assert!(sentences[0].contains("h4-g3"), "{sentences:?}");
}

/// The analysis board, by mouse: a hot-seat game's move, the side panel's Analyse; a step back
/// and another move by clicks (a variation); the engine's three lines, the first one played
/// by a click on it; the variation made the main line; the analysis saved, and opened again
/// from the title's Open with its variations.
#[test]
fn the_analysis_board_by_mouse() {
    use gamut::analysis::AnalysisBoard;
    use gamut::board::arrows::BoardArrows;
    use gamut_engine::record::Record;
    let dir = data_dir("analysis");
    let mut app = game_app_in(
        &dir,
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    let mouse = Mouse::of(&mut app);
    run_until(&mut app, "a person to move", waiting_for_a_person);
    mouse.click(&mut app, cell("b1"));
    mouse.click(&mut app, cell("b3"));
    run_until(&mut app, "b1-b3", |app| game(app).ply() == 1);
    let analyse = button_on_screen(&mut app, "button-analyse");
    mouse.click_at(&mut app, analyse);
    let board = |app: &App| {
        app.world()
            .resource::<AnalysisBoard>()
            .0
            .as_ref()
            .map(|b| (b.tree.to_record(), b.tree.current()))
    };
    run_until(&mut app, "the analysis board", |app| board(app).is_some());
    // A step back, and another first move: a variation beside b1-b3.
    let back = button_on_screen(&mut app, "analysis/back");
    mouse.click_at(&mut app, back);
    run_until(&mut app, "the start", |app| game(app).ply() == 0);
    run_until(&mut app, "a person to move", waiting_for_a_person);
    mouse.click(&mut app, cell("c1"));
    mouse.click(&mut app, cell("c3"));
    run_until(&mut app, "c1-c3", |app| game(app).ply() == 1);
    run_until(&mut app, "the tree follows", |app| {
        board(app).is_some_and(|(record, _)| record.moves[0].variations.len() == 1)
    });
    let (record, _) = board(&app).unwrap();
    assert!(record.to_string().contains("(1. c1-c3)"), "{record}");
    // The engine's three lines, its best move drawn; a click on the first plays its move.
    let lines = |app: &App| {
        app.world()
            .resource::<AnalysisBoard>()
            .0
            .as_ref()
            .and_then(|b| b.current_lines().cloned())
    };
    run_until(&mut app, "three lines", |app| {
        lines(app).is_some_and(|l| l.lines.len() == 3)
    });
    let found = lines(&app).unwrap();
    let firsts: Vec<_> = found.lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    run_until(&mut app, "the arrow", |app| {
        !app.world().resource::<BoardArrows>().0.is_empty()
    });
    // Stopped, the engine's lines stay as they are (while it runs the first may change under
    // the pointer).
    let engine = button_on_screen(&mut app, "analysis/engine");
    mouse.click_at(&mut app, engine);
    run_until(&mut app, "the engine stopped", |app| {
        app.world()
            .resource::<AnalysisBoard>()
            .0
            .as_ref()
            .is_some_and(|b| !b.engine_on && !b.is_thinking())
    });
    let line = button_on_screen(&mut app, "analysis/line-1");
    let best = lines(&app).expect("the lines stay").lines[0].pv[0];
    mouse.click_at(&mut app, line);
    run_until(&mut app, "the engine's move", |app| game(app).ply() == 2);
    assert_eq!(game(&app).last_move(), Some(best));
    // The variation becomes the main line; the analysis is saved.
    let promote = button_on_screen(&mut app, "analysis/promote");
    mouse.click_at(&mut app, promote);
    run_until(&mut app, "c1-c3 the main line", |app| {
        board(app).is_some_and(|(r, _)| r.to_string().contains("(1. b1-b3)"))
    });
    let (promoted, _) = board(&app).unwrap();
    assert!(promoted.to_string().contains("(1. b1-b3)"), "{promoted}");
    let save = button_on_screen(&mut app, "analysis/save");
    mouse.click_at(&mut app, save);
    let saves = dir.join("saves");
    run_until(&mut app, "the saved analysis", |_| {
        std::fs::read_dir(&saves).is_ok_and(|d| d.count() == 1)
    });
    // Back at the title (Esc, as from a game), Open, the save, Open: the analysis again, with
    // its variation.
    escape(&mut app);
    run_until(&mut app, "the title", |app| {
        app_state(app) == AppState::Menu
    });
    assert!(board(&app).is_none(), "the analysis closed");
    let open = button_on_screen(&mut app, "title/open");
    mouse.click_at(&mut app, open);
    let first = button_on_screen(&mut app, "saves/first");
    mouse.click_at(&mut app, first);
    let open = button_on_screen(&mut app, "saves/open");
    mouse.click_at(&mut app, open);
    run_until(&mut app, "the analysis reopened", |app| {
        board(app).is_some()
    });
    let (reopened, _) = board(&app).unwrap();
    let moves = |r: &Record| r.to_string().split("\n\n").nth(1).unwrap_or("").to_string();
    assert_eq!(moves(&reopened), moves(&promoted));
}

/// Learn from your mistakes, by mouse: a game lost to the computer by Black's e1xe4?? (White
/// connects at once) is opened; the game-over panel's "Learn from your mistakes"; the position
/// before the blunder comes back for Black; the same move tried again is judged no better, with
/// the coach's reason; after Try again, the engine's move is found and praised; the better move
/// is drawn on the board; Back to the game brings the finished game back.
#[test]
fn learning_from_a_blunder_by_mouse() {
    use gamut::board::arrows::BoardArrows;
    use gamut::mistakes::{MistakesLesson, Step, Verdict};
    use gamut_engine::any_game::GameConfig;
    use gamut_engine::coach::Reason;
    let config = GameConfig::default();
    let (mut app, mouse) = learning_from_the_lost_game("learn-mistakes");
    let start = LOST_START;
    let step = |app: &App| {
        app.world()
            .resource::<MistakesLesson>()
            .0
            .as_ref()
            .map(|l| l.step.clone())
    };
    run_until(&mut app, "the blunder's position", |app| {
        step(app) == Some(Step::Find) && game(app).ply() == 0 && waiting_for_a_person(app)
    });
    button_on_screen(&mut app, "mistakes/find");
    let position = config.position_from_text(start).unwrap();
    assert_eq!(game(&app).position().to_text(), position.to_text());
    // The same move again: no better, and why.
    let blunder = position.parse_move("e1xe4").unwrap();
    play_by_mouse(&mut app, &mouse, blunder);
    run_until(&mut app, "the verdict", |app| {
        matches!(step(app), Some(Step::Judged { .. }))
    });
    let Some(Step::Judged { tried, verdict }) = step(&app) else {
        unreachable!()
    };
    assert_eq!(tried, "e1xe4");
    let Verdict::NotBetter(explained) = verdict else {
        panic!("e1xe4 judged {verdict:?}")
    };
    assert!(matches!(
        explained.explanation.reasons[0],
        Reason::AllowsForcedWin { plies: 1, .. }
    ));
    button_on_screen(&mut app, "mistakes/verdict");
    button_on_screen(&mut app, "mistakes/why");
    // Again, with the engine's move.
    let again = button_on_screen(&mut app, "mistakes/try-again");
    mouse.click_at(&mut app, again);
    run_until(&mut app, "the position again", |app| {
        step(app) == Some(Step::Find) && game(app).ply() == 0 && waiting_for_a_person(app)
    });
    let better = explained.explanation.better.expect("a better move");
    play_by_mouse(&mut app, &mouse, better);
    run_until(&mut app, "the praise", |app| {
        step(app)
            == Some(Step::Judged {
                tried: position.human_move(better),
                verdict: Verdict::Good { best: true },
            })
    });
    let show = button_on_screen(&mut app, "mistakes/show-better");
    mouse.click_at(&mut app, show);
    run_until(&mut app, "the arrow", |app| {
        !app.world().resource::<BoardArrows>().0.is_empty()
    });
    let finish = button_on_screen(&mut app, "mistakes/finish");
    mouse.click_at(&mut app, finish);
    run_until(&mut app, "the game back", |app| {
        app_state(app) == AppState::GameOver && game(app).ply() == 2
    });
    assert!(step(&app).is_none());
    assert!(app.world().resource::<BoardArrows>().0.is_empty());
}

fn editor_verdict(app: &App) -> Result<(), Vec<gamut::editor::SetupProblem>> {
    let editor = app.world().resource::<gamut::editor::Editor>();
    let session = editor.0.as_ref().expect("the editor is open");
    session.verdict.as_ref().map(|_| ()).map_err(Clone::clone)
}

/// Clicks the button `name` (a landmark) and runs a few frames.
fn click_button(app: &mut App, mouse: &Mouse, name: &str) {
    let at = button_on_screen(app, name);
    mouse.click_at(app, at);
    for _ in 0..3 {
        app.update();
    }
}

/// The board editor by mouse: the title's button opens it on the start position; Clear empties
/// the board (no pieces for either side: refused, in words); Black's pieces put on a1 and h8 by
/// clicks (White has none: refused); White's on d4 and f6 with the palette's White; White to
/// move; playable; Play hot-seat starts the game of exactly that position, White to move.
#[test]
fn a_position_set_up_in_the_editor_by_mouse_is_played_hot_seat() {
    use gamut::editor::SetupProblem;
    let mut app = game_app("editor", &[]);
    let mouse = Mouse::of(&mut app);
    click_button(&mut app, &mouse, "title/editor");
    run_until(&mut app, "the editor", |app| {
        app_state(app) == AppState::Editing
    });
    assert!(game(&app).is_diagram());
    assert_eq!(game(&app).pieces().len(), 24, "the start position");
    click_button(&mut app, &mouse, "editor/clear");
    run_until(&mut app, "an empty board", |app| {
        game(app).pieces().is_empty()
    });
    assert_eq!(
        editor_verdict(&app),
        Err(vec![
            SetupProblem::NoPieces(Side::Black),
            SetupProblem::NoPieces(Side::White)
        ])
    );
    // Black's pieces, with the palette's first piece (Black).
    for at in ["a1", "h8"] {
        mouse.click(&mut app, cell(at));
    }
    run_until(&mut app, "two Black pieces", |app| {
        game(app).pieces().len() == 2
    });
    let refused = editor_verdict(&app).expect_err("White has no pieces");
    assert_eq!(refused, [SetupProblem::NoPieces(Side::White)]);
    // The refusal is on screen, in words, and Play hot-seat does nothing yet.
    button_on_screen(&mut app, "editor/verdict");
    let words = app.world().resource::<Words>();
    let line = gamut::editor::screen::problem_line(
        words,
        gamut_engine::any_game::GameKind::LinesOfAction,
        &refused[0],
    );
    assert_eq!(line, "White has no pieces.");
    click_button(&mut app, &mouse, "editor/play-hot-seat");
    assert_eq!(app_state(&app), AppState::Editing);
    click_button(&mut app, &mouse, "editor/piece/white");
    for at in ["d4", "f6"] {
        mouse.click(&mut app, cell(at));
    }
    run_until(&mut app, "four pieces", |app| game(app).pieces().len() == 4);
    click_button(&mut app, &mouse, "editor/to-move/white");
    run_until(&mut app, "White to move", |app| {
        game(app).side_to_move() == Side::White
    });
    assert_eq!(editor_verdict(&app), Ok(()));
    click_button(&mut app, &mouse, "editor/play-hot-seat");
    run_until(&mut app, "the game", |app| {
        app_state(app) == AppState::Playing && waiting_for_a_person(app)
    });
    let played = game(&app);
    assert!(!played.is_diagram());
    assert_eq!(played.position().to_text(), "7b/8/5w2/8/3w4/8/8/b7 w");
    assert_eq!(played.side_to_move(), Side::White);
    let seats = app.world().resource::<gamut::model::Seats>();
    assert!(!seats.black.is_computer() && !seats.white.is_computer());
}

/// From a game, the side panel's "Edit this position" opens the editor on the game's position;
/// a piece put on the board there, then `Esc`: the player's game is back as it was, and its
/// autosave was never written over.
#[test]
fn the_editor_leaves_the_players_game_as_it_was() {
    let dir = data_dir("editor-back");
    let mut app = game_app_in(
        &dir,
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    let mouse = Mouse::of(&mut app);
    run_until(&mut app, "a person to move", waiting_for_a_person);
    mouse.click(&mut app, cell("b1"));
    mouse.click(&mut app, cell("b3"));
    run_until(&mut app, "b1-b3", |app| game(app).ply() == 1);
    for _ in 0..3 {
        app.update();
    }
    let autosave = dir.join("autosave.json");
    let saved = std::fs::read(&autosave).expect("the game is autosaved");
    click_button(&mut app, &mouse, "button-edit-position");
    run_until(&mut app, "the editor", |app| {
        app_state(app) == AppState::Editing
    });
    assert_eq!(game(&app).pieces().len(), 24);
    assert_eq!(game(&app).piece_at(cell("b3")), Some(Side::Black));
    mouse.click(&mut app, cell("d4"));
    run_until(&mut app, "a piece more", |app| {
        game(app).pieces().len() == 25
    });
    for _ in 0..5 {
        app.update();
    }
    escape(&mut app);
    run_until(&mut app, "the game again", |app| {
        app_state(app) == AppState::Playing && waiting_for_a_person(app)
    });
    assert_eq!(notation(&app), ["b1-b3"]);
    assert_eq!(game(&app).pieces().len(), 24);
    assert_eq!(game(&app).side_to_move(), Side::White);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(std::fs::read(&autosave).unwrap(), saved, "the autosave");
}

/// Types `text` as the keyboard does (a key pressed and released per character, its character
/// as the logical key, as winit writes it).
fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        let code = if c == ' ' {
            KeyCode::Space
        } else {
            KeyCode::KeyA
        };
        press_key(
            app,
            code,
            bevy::input::keyboard::Key::Character(c.to_string().into()),
        );
    }
}

/// Save as puzzle, by mouse and keyboard: the shipped puzzle loa/w1-01 set up square by square
/// in the editor, "Save as puzzle…", its title typed, "Prove and save": the engine proves the
/// win in one, the file is in the player's puzzles folder (not the shipped ones), and the
/// puzzle list shows it under the player's own.
#[test]
fn a_position_set_up_in_the_editor_is_saved_as_a_proven_puzzle() {
    use gamut::editor::{Editor, PuzzleStep};
    let dir = data_dir("editor-puzzle");
    let mut app = game_app_in(&dir, &[]);
    let mouse = Mouse::of(&mut app);
    click_button(&mut app, &mouse, "title/editor");
    run_until(&mut app, "the editor", |app| {
        app_state(app) == AppState::Editing
    });
    click_button(&mut app, &mouse, "editor/clear");
    run_until(&mut app, "an empty board", |app| {
        game(app).pieces().is_empty()
    });
    for at in ["c5", "c4", "d3", "c1", "e1", "f1", "g1"] {
        mouse.click(&mut app, cell(at));
    }
    click_button(&mut app, &mouse, "editor/piece/white");
    for at in ["b6", "c6", "d6", "a5", "e4", "f3", "a2", "e2", "f2"] {
        mouse.click(&mut app, cell(at));
    }
    run_until(&mut app, "sixteen pieces", |app| {
        game(app).pieces().len() == 16
    });
    assert_eq!(editor_verdict(&app), Ok(()));
    click_button(&mut app, &mouse, "editor/save-puzzle");
    button_on_screen(&mut app, "editor/puzzle-title");
    type_text(&mut app, "Mine");
    click_button(&mut app, &mouse, "editor/puzzle-prove");
    let step = |app: &App| {
        app.world()
            .resource::<Editor>()
            .0
            .as_ref()
            .map(|s| s.puzzle.clone())
    };
    run_until(&mut app, "the proof", |app| {
        matches!(step(app), Some(PuzzleStep::Saved { .. }))
    });
    assert_eq!(
        step(&app),
        Some(PuzzleStep::Saved {
            moves: 1,
            file: "Mine.txt".into()
        })
    );
    let text = std::fs::read_to_string(dir.join("puzzles/Mine.txt")).expect("the puzzle's file");
    let saved = gamut_engine::puzzle::Puzzle::parse(&text).expect("a puzzle");
    assert_eq!(
        saved.start().to_text(),
        "8/8/1www4/w1b5/2b1w3/3b1w2/w3ww2/2b1bbb1 b"
    );
    click_button(&mut app, &mouse, "editor/back");
    run_until(&mut app, "the title", |app| {
        app_state(app) == AppState::Menu
    });
    click_button(&mut app, &mouse, "title/puzzles");
    button_on_screen(&mut app, "puzzles/mine/Mine");
    let catalog = app.world().resource::<Catalog>();
    let mine = catalog.entries.iter().find(|e| e.id == "mine/Mine");
    assert_eq!(mine.and_then(|e| e.mine.as_deref()), Some("Mine"));
}

/// The night's tournament, as the screen sees it.
fn night(app: &App) -> Option<gamut::tournament::core::Tournament> {
    app.world()
        .resource::<gamut::tournament::Night>()
        .tournament()
        .cloned()
}

/// Game night by mouse and keyboard: the title's button, five names typed and added, a round
/// robin started; board 1's game played on screen with the names at the seats (Black resigns by
/// mouse) and its result back in the tournament; board 2's result typed in by hand. The app is
/// then dropped without a word, as a kill would leave it, and a new one on the same data folder
/// has both results; the standings count them.
#[test]
fn a_tournament_night_by_mouse_survives_a_kill() {
    use gamut::tournament::core::{Format, GameResult};
    let dir = data_dir("tournament");
    let mut app = game_app_in(&dir, &[]);
    let mouse = Mouse::of(&mut app);
    click_button(&mut app, &mouse, "title/tournament");
    for name in ["Ada", "Bo", "Cy", "Di", "Ed"] {
        click_button(&mut app, &mouse, "tournament/name");
        type_text(&mut app, name);
        click_button(&mut app, &mouse, "tournament/add");
    }
    click_button(&mut app, &mouse, "tournament/start");
    run_until(&mut app, "the tournament", |app| night(app).is_some());
    let t = night(&app).unwrap();
    let names: Vec<&str> = t.entrants().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Ada", "Bo", "Cy", "Di", "Ed"]);
    assert_eq!(t.format(), Format::RoundRobin { double: false });
    assert_eq!(t.rounds().len(), 5);
    let first = *t.round(1).unwrap().game(1).unwrap();
    let (black, white) = (
        t.entrant(first.black).unwrap().name.clone(),
        t.entrant(first.white).unwrap().name.clone(),
    );
    // Board 1 on screen: the pairing's names at the seats, a hot-seat game.
    click_button(&mut app, &mouse, "tournament/r1b1/play");
    run_until(&mut app, "the pairing's game", waiting_for_a_person);
    let names = app.world().resource::<gamut::model::SeatNames>().clone();
    assert_eq!(names.0[0].as_deref(), Some(black.as_str()));
    assert_eq!(names.0[1].as_deref(), Some(white.as_str()));
    click_button(&mut app, &mouse, "button-resign");
    click_button(&mut app, &mouse, "resign/yes");
    run_until(&mut app, "the game over", |app| {
        app_state(app) == AppState::GameOver
    });
    click_button(&mut app, &mouse, "tournament/back");
    run_until(&mut app, "back at the tournament", |app| {
        app.world()
            .get_resource::<State<gamut::play::MenuScreen>>()
            .is_some_and(|s| *s.get() == gamut::play::MenuScreen::Tournament)
    });
    let result = |app: &App, board| night(app).unwrap().game(1, board).unwrap().result;
    assert_eq!(
        result(&app, 1),
        Some(GameResult::WhiteWins),
        "Black resigned"
    );
    // Board 2, played on a real board: a draw typed in.
    click_button(&mut app, &mouse, "tournament/r1b2/draw");
    run_until(&mut app, "the draw entered", |app| result(app, 2).is_some());
    assert_eq!(result(&app, 2), Some(GameResult::Draw));
    drop(app);
    // As after a kill: a new game on the same folder.
    let mut app = game_app_in(&dir, &[]);
    let mouse = Mouse::of(&mut app);
    click_button(&mut app, &mouse, "title/tournament");
    let t = night(&app).expect("the tournament is back");
    assert_eq!(t.game(1, 1).unwrap().result, Some(GameResult::WhiteWins));
    assert_eq!(t.game(1, 2).unwrap().result, Some(GameResult::Draw));
    let standings = t.standings();
    let winner = standings.iter().find(|r| r.player == first.white).unwrap();
    assert_eq!((winner.wins, winner.played), (1, 1));
    assert_eq!(standings[0].player, first.white, "the only win leads");
    // The standings page shows by mouse, and the export is written.
    click_button(&mut app, &mouse, "tournament/page-standings");
    button_on_screen(&mut app, "tournament/standings");
    click_button(&mut app, &mouse, "tournament/export-html");
    let page = dir.join("exports").join("tournament.html");
    run_until(&mut app, "the page written", |_| page.exists());
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains(&white) && html.contains("½–½"), "{html}");
}

/// Adds the player `name` at the New Game dialog's seat `seat` by mouse and keyboard: the
/// seat's name list, "Add a player…", the name typed, Add.
fn add_player_by_mouse(app: &mut App, mouse: &Mouse, seat: usize, name: &str) {
    // The seats are low in the form, which scrolls in a window of common height: the wheel over
    // the dialog brings them up, as a player does.
    let middle = app
        .world_mut()
        .query_filtered::<&Window, With<PrimaryWindow>>()
        .single(app.world())
        .map(|w| Vec2::new(w.width(), w.height()) / 2.0)
        .expect("the game has a window");
    mouse.wheel(app, middle, 10.0);
    click_button(app, mouse, &format!("new-game/name-{seat}"));
    click_button(app, mouse, &format!("new-game/name-{seat}/add"));
    button_on_screen(app, &format!("new-game/name-{seat}/field"));
    type_text(app, name);
    click_button(app, mouse, &format!("new-game/name-{seat}/confirm"));
}

fn seat_names(app: &App) -> [Option<String>; 4] {
    app.world().resource::<gamut::model::SeatNames>().0.clone()
}

/// Named players, by mouse and keyboard: the title's Hot-seat, Ada added at Black's seat and
/// Bob at White's (a second "ada" is refused in words, and the field keeps it to be mended);
/// Start; a move; White resigns by mouse. The game-over panel names them; the record of the
/// autosave says `[Black "Ada"]` and `[White "Bob"]`; `players.json` holds both, Ada's rating
/// up and Bob's down, each rated against the other; the unnamed player's ratings are untouched.
#[test]
fn named_players_hot_seat_by_mouse_are_recorded_and_both_rated() {
    use gamut::strength::{Rating, Roster};
    use gamut_engine::any_game::GameKind;
    let dir = data_dir("named");
    let mut app = game_app_in(&dir, &[]);
    let mouse = Mouse::of(&mut app);
    click_button(&mut app, &mouse, "title/hot-seat");
    add_player_by_mouse(&mut app, &mouse, 0, "Ada");
    assert_eq!(app.world().resource::<Roster>().names(), ["Ada"]);
    // The same name again (another case) is refused, said under the field.
    add_player_by_mouse(&mut app, &mouse, 1, "ada");
    button_on_screen(&mut app, "new-game/name-1/refusal");
    assert_eq!(app.world().resource::<Roster>().names(), ["Ada"]);
    for _ in 0..3 {
        press_key(
            &mut app,
            KeyCode::Backspace,
            bevy::input::keyboard::Key::Backspace,
        );
    }
    type_text(&mut app, "Bob");
    click_button(&mut app, &mouse, "new-game/name-1/confirm");
    assert_eq!(app.world().resource::<Roster>().names(), ["Ada", "Bob"]);
    click_button(&mut app, &mouse, "new-game/start");
    run_until(&mut app, "the game", |app| {
        app_state(app) == AppState::Playing && waiting_for_a_person(app)
    });
    assert_eq!(
        seat_names(&app),
        [Some("Ada".into()), Some("Bob".into()), None, None]
    );
    mouse.click(&mut app, cell("b1"));
    mouse.click(&mut app, cell("b3"));
    run_until(&mut app, "b1-b3", |app| game(app).ply() == 1);
    run_until(&mut app, "White to move", waiting_for_a_person);
    for _ in 0..5 {
        app.update();
    }
    // The unfinished game resumed from the title (its autosave) still says their names.
    let mut again = game_app_in(&dir, &[]);
    let hand = Mouse::of(&mut again);
    click_button(&mut again, &hand, "title/resume");
    run_until(&mut again, "the game resumed", |app| {
        app_state(app) == AppState::Playing && game(app).ply() == 1
    });
    assert_eq!(
        seat_names(&again),
        [Some("Ada".into()), Some("Bob".into()), None, None]
    );
    // The names chosen are New Game's again in the next run.
    let chosen = again.world().resource::<gamut::model::ChosenNames>();
    assert_eq!(chosen.0.0, seat_names(&app));
    drop(again);
    // A move more each (a game ended before both sides moved is not rated); White resigns.
    for (from, to) in [("a2", "c2"), ("b8", "b6")] {
        let plies = game(&app).ply();
        mouse.click(&mut app, cell(from));
        mouse.click(&mut app, cell(to));
        run_until(&mut app, "the move", |app| game(app).ply() == plies + 1);
        run_until(&mut app, "the next to move", waiting_for_a_person);
    }
    click_button(&mut app, &mouse, "button-resign");
    click_button(&mut app, &mouse, "resign/yes");
    run_until(&mut app, "the end", |app| {
        app_state(app) == AppState::GameOver
    });
    button_on_screen(&mut app, "game-over/people");
    button_on_screen(&mut app, "game-over/rating");
    let changes = app
        .world()
        .resource::<gamut::strength::RatedGame>()
        .changes()
        .to_vec();
    assert_eq!(changes.len(), 2, "{changes:?}");
    // The record and the save say the names.
    for _ in 0..5 {
        app.update();
    }
    let text = std::fs::read_to_string(dir.join("autosave.json")).expect("the autosave");
    let save = gamut_engine::record::read_save(&text).expect("a save");
    let record = save.record.to_string();
    assert!(record.contains("[Black \"Ada\"]"), "{record}");
    assert!(record.contains("[White \"Bob\"]"), "{record}");
    // Both ratings moved, in the file.
    let kind = GameKind::LinesOfAction;
    let roster = Roster::load(&dir.join("players.json"));
    assert_eq!(roster.problem(), None);
    let start = Rating::start(kind);
    let (ada, bob) = (
        roster.rating_of("Ada", kind).unwrap(),
        roster.rating_of("Bob", kind).unwrap(),
    );
    assert_eq!(ada, start.against(start, gamut::strength::Score::Win));
    assert_eq!(bob, start.against(start, gamut::strength::Score::Loss));
    assert!(ada.value > start.value && bob.value < start.value);
    assert!(
        !dir.join("ratings.json").exists(),
        "the unnamed player's ratings are not touched"
    );
}

/// A players file that cannot be read is moved aside byte for byte and reported on the title,
/// never written over; a player added by mouse then starts a new file.
#[test]
fn a_damaged_players_file_is_kept_aside_and_reported() {
    use gamut::strength::Roster;
    let dir = data_dir("players-damaged");
    let damaged = b"{\"format\": 1, \"players\": [{\"name\": \"Ada\", \"lines-of";
    std::fs::write(dir.join("players.json"), damaged).unwrap();
    let mut app = game_app_in(&dir, &[]);
    let mouse = Mouse::of(&mut app);
    button_on_screen(&mut app, "title/ratings-problem");
    let aside: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("players.bad"))
        })
        .collect();
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(std::fs::read(&aside[0]).unwrap(), damaged);
    assert!(app.world().resource::<Roster>().problem().is_some());
    click_button(&mut app, &mouse, "title/hot-seat");
    add_player_by_mouse(&mut app, &mouse, 0, "Cy");
    assert_eq!(Roster::load(&dir.join("players.json")).names(), ["Cy"]);
    assert_eq!(std::fs::read(&aside[0]).unwrap(), damaged, "kept as it was");
}

/// A named person against the computer, by mouse: the title's "Play against the computer",
/// Ada added at Black's seat, Start, a move, Black resigns by mouse. Ada's rating in
/// `players.json` took the loss against the level, exactly as the unnamed player's would; the
/// unnamed player's `ratings.json` is not touched, and the record says `[Black "Ada"]`.
#[test]
fn a_named_person_against_the_computer_is_rated_by_name() {
    use gamut::strength::{GameResult, Rating, Roster, Score};
    use gamut_engine::any_game::GameKind;
    let dir = data_dir("named-computer");
    let mut app = game_app_in(&dir, &[]);
    let mouse = Mouse::of(&mut app);
    click_button(&mut app, &mouse, "title/against-computer");
    add_player_by_mouse(&mut app, &mouse, 0, "Ada");
    click_button(&mut app, &mouse, "new-game/start");
    run_until(&mut app, "the game", |app| {
        app_state(app) == AppState::Playing && waiting_for_a_person(app)
    });
    assert_eq!(seat_names(&app), [Some("Ada".into()), None, None, None]);
    let seats = *app.world().resource::<gamut::model::Seats>();
    let gamut::model::Player::Computer(level) = seats.white else {
        panic!("White is the computer: {seats:?}");
    };
    mouse.click(&mut app, cell("b1"));
    mouse.click(&mut app, cell("b3"));
    run_until(&mut app, "the computer's answer", |app| {
        game(app).ply() == 2 && waiting_for_a_person(app)
    });
    click_button(&mut app, &mouse, "button-resign");
    click_button(&mut app, &mouse, "resign/yes");
    run_until(&mut app, "the end", |app| {
        app_state(app) == AppState::GameOver
    });
    button_on_screen(&mut app, "game-over/rating");
    let kind = GameKind::LinesOfAction;
    let roster = Roster::load(&dir.join("players.json"));
    let expected = Rating::start(kind).after(
        kind,
        GameResult {
            level,
            score: Score::Loss,
            at: 0,
        },
    );
    assert_eq!(roster.rating_of("Ada", kind), Some(expected));
    assert!(!dir.join("ratings.json").exists());
    for _ in 0..5 {
        app.update();
    }
    let text = std::fs::read_to_string(dir.join("autosave.json")).expect("the autosave");
    let record = gamut_engine::record::read_save(&text).unwrap().record;
    assert_eq!(record.players.black.as_deref(), Some("Ada"));
    // "Your strength" shows Ada's when her name is clicked.
    escape(&mut app);
    run_until(&mut app, "the title", |app| {
        app_state(app) == AppState::Menu
    });
    click_button(&mut app, &mouse, "title/strength");
    click_button(&mut app, &mouse, "strength/who/Ada");
    let screen = app
        .world()
        .resource::<gamut::strength::StrengthScreen>()
        .clone();
    assert_eq!(screen.who.as_deref(), Some("Ada"));
    button_on_screen(&mut app, "strength/graph");
}

fn flipped(app: &App) -> bool {
    app.world()
        .resource::<gamut::board::camera::CameraRig>()
        .flipped
}

/// Plays `from`-`to` by two clicks and waits for the next person's turn.
fn play_clicks(app: &mut App, mouse: &Mouse, from: &str, to: &str) {
    let ply = game(app).ply();
    mouse.click(app, cell(from));
    mouse.click(app, cell(to));
    run_until(app, "the move and a person's turn", |app| {
        game(app).ply() > ply && waiting_for_a_person(app)
    });
}

/// Hot seat: after each move the board turns to the side to move (White looks from the top
/// end); `F` still turns it by hand, until the next move.
#[test]
fn in_a_hot_seat_game_the_board_turns_to_the_side_to_move() {
    let (mut app, mouse) = ready(
        "turn",
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    assert!(!flipped(&app));
    play_clicks(&mut app, &mouse, "b1", "b3");
    assert!(flipped(&app), "the board faces White");
    // White plays on the turned board, by the mouse as always.
    play_clicks(&mut app, &mouse, "a2", "c2");
    assert_eq!(notation(&app), ["b1-b3", "a2-c2"]);
    assert!(!flipped(&app), "the board faces Black again");
    press_key(
        &mut app,
        KeyCode::KeyF,
        bevy::input::keyboard::Key::Character("f".into()),
    );
    assert!(flipped(&app), "F turns the board by hand");
    for _ in 0..3 {
        app.update();
    }
    assert!(flipped(&app), "the hand's turn stays until the next move");
}

/// "Never", picked by mouse on the settings screen: the board stays as it is.
#[test]
fn the_board_stays_put_when_the_player_says_never() {
    let (mut app, mouse) = ready(
        "turn-never",
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    click_button(&mut app, &mouse, "button-settings");
    click_button(&mut app, &mouse, "settings/turn-never");
    click_button(&mut app, &mouse, "settings/close");
    assert_eq!(
        app.world()
            .resource::<gamut::model::Presentation>()
            .turn_board,
        gamut::model::TurnBoard::Never
    );
    play_clicks(&mut app, &mouse, "b1", "b3");
    assert!(!flipped(&app));
}

/// Against the computer the board does not turn by default, not even for the computer's move.
#[test]
fn against_the_computer_the_board_does_not_turn() {
    let mut app = c1_c3_answered_by_level_1("turn-computer");
    run_until(&mut app, "Black to move again", waiting_for_a_person);
    assert!(!flipped(&app));
}

/// The panels' egui context.
fn panels_ctx(app: &mut App) -> bevy_egui::egui::Context {
    app.world_mut()
        .query_filtered::<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>()
        .single_mut(app.world_mut())
        .expect("the panels' egui context")
        .get_mut()
        .clone()
}

/// The live region's words in the AccessKit tree egui gave out last frame, if there is one.
fn live_region_words(app: &mut App) -> Option<String> {
    use bevy_egui::egui::accesskit::Live;
    let output = app
        .world_mut()
        .query::<&bevy_egui::EguiOutput>()
        .iter(app.world())
        .find_map(|o| o.platform_output.accesskit_update.clone())?;
    output
        .nodes
        .iter()
        .find(|(_, node)| node.live() == Some(Live::Polite))
        .and_then(|(_, node)| node.value().map(str::to_string))
}

/// The screen reader: a move played by mouse is announced in words (who played it and the
/// move), in the live region of the AccessKit tree the reader reads; a refused move is
/// announced with its reason.
#[test]
fn a_move_by_mouse_is_announced_to_the_screen_reader() {
    use gamut::access::Announcement;
    let (mut app, mouse) = ready(
        "announce",
        &["--game", "loa", "--black", "human", "--white", "human"],
    );
    // A screen reader runs: the operating system asks for the tree, egui builds it.
    panels_ctx(&mut app).enable_accesskit();
    play_clicks(&mut app, &mouse, "b1", "b3");
    for _ in 0..2 {
        app.update();
    }
    let said = app.world().resource::<Announcement>().text.clone();
    assert_eq!(said, "Black played b1-b3");
    let region = live_region_words(&mut app).expect("the live region is in the tree");
    assert_eq!(region, said);
    // A refusal: White's a2 to d2, not a line's count of squares away.
    mouse.click(&mut app, cell("a2"));
    mouse.click(&mut app, cell("d2"));
    for _ in 0..2 {
        app.update();
    }
    assert_eq!(game(&app).ply(), 1);
    let said = app.world().resource::<Announcement>().text.clone();
    assert_ne!(said, "Black played b1-b3");
    assert!(said.contains("a2"), "the refusal names the move: {said}");
    assert_eq!(live_region_words(&mut app).as_deref(), Some(said.as_str()));
}

/// The screen reader hears the game's result: Black joins its pieces by mouse and wins.
#[test]
fn the_result_is_announced_to_the_screen_reader() {
    use gamut::access::Announcement;
    let (mut app, mouse) = ready(
        "announce-result",
        &[
            "--game",
            "loa",
            "--black",
            "human",
            "--white",
            "human",
            "--position",
            "8/8/8/3b4/3b4/1b6/8/w6w b",
        ],
    );
    mouse.click(&mut app, cell("b3"));
    mouse.click(&mut app, cell("c3"));
    run_until(&mut app, "the game's end", |app| {
        app_state(app) == AppState::GameOver
    });
    for _ in 0..2 {
        app.update();
    }
    let said = app.world().resource::<Announcement>().text.clone();
    assert!(
        said.contains("Black wins: connected all pieces"),
        "the result is said: {said}"
    );
}

/// The tournament night as a player expects it (issue 37): on the set-up page Add stays where
/// it is as players are added (the new player's Remove never comes under the pointer); the
/// round page names who has Black and who White; a notice (an export written) does not move
/// the tabs; a game of the night says its round and board in the side panel, and once it has
/// ended (its result sent to the tournament) Undo takes nothing back, by button or key; back at
/// the title, the tournament button offers to resume the night.
#[test]
fn a_tournament_night_stays_put_and_says_where_it_is() {
    use gamut::tournament::{Night, NightNotice};
    let dir = data_dir("tournament-looks");
    let mut app = game_app_in(&dir, &[]);
    let mouse = Mouse::of(&mut app);
    click_button(&mut app, &mouse, "title/tournament");
    let add = button_on_screen(&mut app, "tournament/add");
    for (i, name) in ["Ada", "Bo", "Cy"].into_iter().enumerate() {
        click_button(&mut app, &mouse, "tournament/name");
        type_text(&mut app, name);
        click_button(&mut app, &mouse, "tournament/add");
        assert_eq!(
            button_on_screen(&mut app, "tournament/add"),
            add,
            "Add moved as {name} was added"
        );
        let remove = button_on_screen(&mut app, &format!("tournament/remove-{}", i + 1));
        assert_ne!(remove, add, "{name}'s Remove is where Add was");
    }
    click_button(&mut app, &mouse, "tournament/start");
    run_until(&mut app, "the tournament", |app| night(app).is_some());
    button_on_screen(&mut app, "tournament/column/Black");
    button_on_screen(&mut app, "tournament/column/White");
    let tabs = button_on_screen(&mut app, "tournament/page-standings");
    click_button(&mut app, &mouse, "tournament/export-text");
    run_until(&mut app, "the export said", |app| {
        matches!(
            app.world().resource::<Night>().notice,
            Some(NightNotice::Exported(_))
        )
    });
    assert_eq!(
        button_on_screen(&mut app, "tournament/page-standings"),
        tabs,
        "the notice pushed the tabs"
    );
    // Board 1's game: the side panel says which; Black resigns.
    click_button(&mut app, &mouse, "tournament/r1b1/play");
    run_until(&mut app, "the pairing's game", waiting_for_a_person);
    button_on_screen(&mut app, "panel/tournament");
    click_button(&mut app, &mouse, "button-resign");
    click_button(&mut app, &mouse, "resign/yes");
    run_until(&mut app, "the result sent", |app| {
        night(app).and_then(|t| t.game(1, 1).and_then(|g| g.result)) == Some(GameResult::WhiteWins)
    });
    // Undo: the result went to the tournament; nothing is taken back.
    click_button(&mut app, &mouse, "button-undo");
    press_key(
        &mut app,
        KeyCode::KeyU,
        bevy::input::keyboard::Key::Character("u".into()),
    );
    for _ in 0..3 {
        app.update();
    }
    assert!(game(&app).end().is_some(), "the end was taken back");
    assert_eq!(app_state(&app), AppState::GameOver);
    click_button(&mut app, &mouse, "tournament/back");
    click_button(&mut app, &mouse, "tournament/close");
    run_until(&mut app, "the title", |app| {
        app_state(app) == AppState::Menu
    });
    button_on_screen(&mut app, "title/tournament");
    assert!(
        night(&app).is_some_and(|t| !t.is_finished()),
        "a night under way: the title's button resumes it (its words: tournament_screen's tests)"
    );
}

use gamut::tournament::core::GameResult;

/// Undo against the computer takes back the person's move and the computer's answer, and says
/// two moves went back (not "Move taken back.").
#[test]
fn undo_says_how_many_moves_went_back() {
    use gamut::model::Notice;
    let (mut app, mouse) = ready(
        "undo-count",
        &[
            "--game",
            "loa",
            "--black",
            "human",
            "--white",
            "ai:1",
            "--think-time",
            "50",
        ],
    );
    mouse.click(&mut app, cell("b1"));
    mouse.click(&mut app, cell("b3"));
    run_until(&mut app, "the computer's answer", |app| {
        game(app).ply() == 2 && waiting_for_a_person(app)
    });
    click_button(&mut app, &mouse, "button-undo");
    run_until(&mut app, "both moves back", |app| game(app).ply() == 0);
    let status = app.world().resource::<gamut::play::Status>();
    assert_eq!(
        status.current(game(&app)),
        Some(&Notice::MoveTakenBack { moves: 2 })
    );
    let words = app.world().resource::<Words>();
    let said = gamut::ui::notices::notice(
        words,
        &Notice::MoveTakenBack { moves: 2 },
        gamut::ui::text::Table::of(game(&app)),
    );
    assert_eq!(said, "2 moves taken back.");
}

/// The board editor's "Play against the computer" asks which side the person plays and the
/// computer's level: White chosen by mouse, Start; the game has the person White and the
/// computer Black at the level offered (the one last chosen in New Game).
#[test]
fn the_editor_asks_side_and_level_against_the_computer() {
    use gamut::model::Player;
    let mut app = game_app("editor-computer", &[]);
    let mouse = Mouse::of(&mut app);
    let level = gamut::editor::computer_level(app.world().resource::<gamut::model::GameSettings>());
    click_button(&mut app, &mouse, "title/editor");
    run_until(&mut app, "the editor", |app| {
        app_state(app) == AppState::Editing
    });
    click_button(&mut app, &mouse, "editor/play-computer");
    click_button(&mut app, &mouse, "editor/you-play/white");
    click_button(&mut app, &mouse, "editor/start-computer");
    run_until(&mut app, "the game", |app| {
        app_state(app) == AppState::Playing
    });
    let seats = *app.world().resource::<gamut::model::Seats>();
    assert_eq!(seats.white, Player::Human);
    assert_eq!(seats.black, Player::Computer(level));
}

/// A lesson done in an earlier run is marked in the lessons list (remembered beside the
/// puzzles' progress), as this run's are.
#[test]
fn the_lessons_list_marks_the_lessons_done_before() {
    let dir = data_dir("lessons-done");
    let first = &LESSONS[1];
    std::fs::write(
        dir.join("puzzles.json"),
        format!(
            "{{\"format\": 1, \"puzzles\": {{\"lesson:{}\": \"solved\"}}}}\n",
            first.id
        ),
    )
    .unwrap();
    let mut app = game_app_in(&dir, &[]);
    let mouse = Mouse::of(&mut app);
    click_button(&mut app, &mouse, "title/lessons");
    button_on_screen(&mut app, &format!("lessons/{}", first.id));
    let screen = app.world().resource::<LessonScreen>();
    assert_eq!(screen.finished, [1], "the lesson done before is marked");
}

/// The position before Black's blunder e1xe4?? in the lost game of the mistakes' tests.
const LOST_START: &str = "8/1bw3b1/3w1wb1/1bw1w3/3bww1w/8/1bb5/4b1b1 b";

/// A game Black lost to the computer by the blunder e1xe4?? (White connects with h4-g3),
/// opened from a file in a fresh data folder `name`, analysed at fixed depths (the same judgement
/// on a loaded machine), and "Learn from your mistakes" clicked on its game-over panel.
fn learning_from_the_lost_game(name: &str) -> (App, Mouse) {
    use gamut::review::AnalysisLimits;
    let dir = data_dir(name);
    let record = format!(
        "[Position \"{LOST_START}\"]\n[Black \"Human\"]\n[White \"Computer (level 2)\"]\n\n1. e1xe4 h4-g3 white-wins\n"
    );
    let file = dir.join("lost.txt");
    std::fs::write(&file, record).unwrap();
    let mut app = game_app_in(&dir, &["--open", file.to_str().unwrap()]);
    app.insert_resource(AnalysisLimits {
        per_position: Duration::from_secs(60),
        depth: 5,
    });
    let mouse = Mouse::of(&mut app);
    run_until(&mut app, "the game over", |app| {
        app_state(app) == AppState::GameOver
    });
    let learn = button_on_screen(&mut app, "game-over/learn");
    mouse.click_at(&mut app, learn);
    (app, mouse)
}

/// Learn from your mistakes gives a second try before the answer: the blunder tried again is
/// judged no better and the window asks for one more try, the better move not said yet; after
/// Try again and a second miss, the window says it.
#[test]
fn learning_from_a_blunder_gives_a_second_try_first() {
    use gamut::mistakes::{MistakesLesson, Step};
    use gamut_engine::any_game::GameConfig;
    let (mut app, mouse) = learning_from_the_lost_game("learn-second-try");
    let start = LOST_START;
    let lesson = |app: &App| {
        let l = app.world().resource::<MistakesLesson>();
        l.0.as_ref()
            .map(|l| (l.step.clone(), l.misses(), l.reveals_better()))
    };
    let position = GameConfig::default().position_from_text(start).unwrap();
    let blunder = position.parse_move("e1xe4").unwrap();
    for miss in 1..=2 {
        run_until(&mut app, "the blunder's position", |app| {
            lesson(app).is_some_and(|(step, _, _)| step == Step::Find)
                && game(app).ply() == 0
                && waiting_for_a_person(app)
        });
        play_by_mouse(&mut app, &mouse, blunder);
        run_until(&mut app, "the verdict", |app| {
            lesson(app).is_some_and(|(step, _, _)| matches!(step, Step::Judged { .. }))
        });
        let (_, misses, reveals) = lesson(&app).unwrap();
        assert_eq!(misses, miss);
        if miss == 1 {
            assert!(!reveals, "the answer after the first miss");
            button_on_screen(&mut app, "mistakes/once-more");
            let again = button_on_screen(&mut app, "mistakes/try-again");
            mouse.click_at(&mut app, again);
        } else {
            assert!(reveals, "no answer after the second miss");
        }
    }
}

/// A letter key as winit writes it: its key code, its character as the logical key and the text
/// it types.
fn letter(app: &mut App, c: char) {
    let code = match c {
        'c' => KeyCode::KeyC,
        'f' => KeyCode::KeyF,
        'h' => KeyCode::KeyH,
        'n' => KeyCode::KeyN,
        'r' => KeyCode::KeyR,
        'u' => KeyCode::KeyU,
        'v' => KeyCode::KeyV,
        other => panic!("no key code for {other:?}"),
    };
    let s = c.to_string();
    key_with(
        app,
        code,
        bevy::input::keyboard::Key::Character(s.as_str().into()),
        Some(&s),
    );
}

/// The game's one-key shortcuts act only on a board. On the tournament's set-up, a name typed in
/// its field, the field left by a click beside it (no widget has the keyboard), then `N`, `V`,
/// `F`, `C`, `H`, `U`, `R` and `Enter` typed: no dialog opens, the view keeps its turn and
/// flatness, and the set-up stays on screen (no game started). In a game, `N` opens New Game.
#[test]
fn letters_typed_on_the_tournament_set_up_are_no_commands() {
    let mut app = game_app("one-keys", &[]);
    let mouse = Mouse::of(&mut app);
    click_button(&mut app, &mouse, "title/tournament");
    click_button(&mut app, &mouse, "tournament/name");
    for c in "nun".chars() {
        letter(&mut app, c);
    }
    // A click beside the page's controls: the field loses the keyboard.
    mouse.click_at(&mut app, Vec2::new(3.0, 3.0));
    for _ in 0..3 {
        app.update();
    }
    let wants_keys = |app: &App| {
        app.world()
            .resource::<bevy_egui::input::EguiWantsInput>()
            .wants_any_keyboard_input()
    };
    assert!(!wants_keys(&app), "no widget has the keyboard");
    let view = |app: &App| {
        let rig = app.world().resource::<gamut::board::camera::CameraRig>();
        (rig.flat, rig.flipped, rig.zoom)
    };
    let before = view(&app);
    for c in "nvfchur".chars() {
        letter(&mut app, c);
    }
    press_key(&mut app, KeyCode::Enter, bevy::input::keyboard::Key::Enter);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        *app.world().resource::<State<gamut::play::Modal>>().get(),
        gamut::play::Modal::None,
        "no dialog opened"
    );
    assert_eq!(view(&app), before, "the view did not change");
    assert_eq!(app_state(&app), AppState::Menu, "no game started");
    assert_eq!(
        app.world()
            .get_resource::<State<gamut::play::MenuScreen>>()
            .map(|s| *s.get()),
        Some(gamut::play::MenuScreen::Tournament),
        "the set-up is still on screen"
    );
    button_on_screen(&mut app, "tournament/name");
    // In a game, the same key opens New Game.
    let (mut app, _) = ready("one-keys-game", &["--black", "human", "--white", "human"]);
    letter(&mut app, 'n');
    app.update();
    assert_eq!(
        *app.world().resource::<State<gamut::play::Modal>>().get(),
        gamut::play::Modal::NewGame
    );
}

/// A small board picked by mouse in New Game is the started game's board, and is played by
/// mouse: the title's Hot-seat, "6 × 6", Start, a move of each side; a variant picked after
/// a small board goes back to 8 × 8 (the small boards have the standard setup only).
#[test]
fn a_small_board_picked_by_mouse_is_played_by_mouse() {
    use gamut_engine::loa::{BoardSize, Variant};
    let mut app = game_app("small-board", &[]);
    let mouse = Mouse::of(&mut app);
    let hot_seat = button_on_screen(&mut app, "title/hot-seat");
    mouse.click_at(&mut app, hot_seat);
    let six = button_on_screen(&mut app, "new-game/loa-board/6x6");
    mouse.click_at(&mut app, six);
    let parachute = button_on_screen(&mut app, "new-game/variant/parachute");
    mouse.click_at(&mut app, parachute);
    let start = button_on_screen(&mut app, "new-game/start");
    mouse.click_at(&mut app, start);
    run_until(&mut app, "Parachute on 8 × 8", |app| {
        app_state(app) == AppState::Playing && waiting_for_a_person(app)
    });
    let rules = game(&app).config.loa;
    assert_eq!(
        (rules.board, rules.variant),
        (BoardSize::Eight, Variant::Parachute)
    );
    // New Game again: 7 × 7 picks the standard setup back, then 6 × 6.
    let new_game = button_on_screen(&mut app, "button-new-game");
    mouse.click_at(&mut app, new_game);
    let seven = button_on_screen(&mut app, "new-game/loa-board/7x7");
    mouse.click_at(&mut app, seven);
    let six = button_on_screen(&mut app, "new-game/loa-board/6x6");
    mouse.click_at(&mut app, six);
    let start = button_on_screen(&mut app, "new-game/start");
    mouse.click_at(&mut app, start);
    run_until(&mut app, "the game on 6 × 6", |app| {
        app_state(app) == AppState::Playing
            && waiting_for_a_person(app)
            && game(app).config.loa.board == BoardSize::Six
    });
    let rules = game(&app).config.loa;
    assert_eq!(
        (rules.board, rules.variant),
        (BoardSize::Six, Variant::Standard)
    );
    assert_eq!(game(&app).size(), (6, 6));
    assert_eq!(game(&app).pieces().len(), 16);
    for _ in 0..3 {
        app.update();
    }
    // Black's b1 moves two up its file (b1 and b6 on it); White's a2 two along rank 2.
    mouse.click(&mut app, cell("b1"));
    mouse.click(&mut app, cell("b3"));
    run_until(&mut app, "b1-b3", |app| game(app).ply() == 1);
    mouse.drag(&mut app, cell("a2"), cell("c2"));
    run_until(&mut app, "a2-c2", |app| game(app).ply() == 2);
    assert_eq!(notation(&app), ["b1-b3", "a2-c2"]);
}
