//! Proven wins, as a player meets them (issue #50): the analysis board opened on a won endgame
//! says who wins by force in how many moves and shows the line; a game against the computer at
//! a high level, from a position the computer wins by force, has the computer announce it on
//! the status line; with the setting off (chosen on the settings screen, remembered for the next
//! run) or at a low level, nothing is announced. Every line shown is read off the screen and
//! replayed here through the rules: it must end in the claimed side's win within the claimed
//! number of its moves.
//!
//! The app is the game's own (`gamut::app::build`, as `main` builds it, headless); the test
//! clicks as a player does (the cursor moved to a drawn button, the left button pressed and
//! released) and reads the words the panels drew.

use std::time::{Duration, Instant};

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent};
use gamut::i18n::Words;
use gamut_engine::Color as Side;
use gamut_engine::Game;
use gamut_engine::any_game::{AnyPosition, GameConfig};

mod common;

use common::game;
use common::window_app::{data_dir, run_until, waiting_for_a_person};

/// The shipped puzzle loa/w3-01: White to move wins by force in 3.
const WHITE_WINS_IN_3: &str = "8/8/2b5/2w1b3/3wb2b/2ww4/4bw2/w2b3b w";

/// The shipped puzzle loa/article-defence: Black to move, and White wins by force in 2 whatever
/// Black does.
const BLACK_LOST_IN_2: &str = "8/3b4/8/2wb4/1bw5/1b1w1b2/w3w3/4b3 b";

/// The game as `gamut ARGS` starts it with the data folder `dir`, in English (the sentences
/// are read off the screen).
fn game_app_in(dir: &std::path::Path, args: &[&str]) -> App {
    let mut line = vec!["--language", "en"];
    line.extend_from_slice(args);
    common::window_app::game_app_in(dir, &line)
}

/// The panels' egui context.
fn ctx(app: &mut App) -> bevy_egui::egui::Context {
    app.world_mut()
        .query_filtered::<&mut bevy_egui::EguiContext, With<bevy_egui::PrimaryEguiContext>>()
        .single_mut(app.world_mut())
        .expect("the panels' egui context")
        .get_mut()
        .clone()
}

/// The words the panels drew under `name` in the last frame, if they drew it.
fn said(app: &mut App, name: &str) -> Option<String> {
    gamut::ui::landmark::said(&ctx(app))
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, words)| words)
}

/// Runs frames until the panels say something under `name` that `wanted` accepts; what they
/// said.
fn wait_for_words(app: &mut App, name: &str, wanted: impl Fn(&str) -> bool) -> String {
    let started = Instant::now();
    loop {
        app.update();
        if let Some(words) = said(app, name).filter(|w| wanted(w)) {
            return words;
        }
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "{name} never said what was wanted (it says {:?})",
            said(app, name)
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Where the button `name` is drawn (logical pixels), once it stays put.
fn button_on_screen(app: &mut App, name: &str) -> Vec2 {
    let mut last = None;
    let started = Instant::now();
    loop {
        app.update();
        let ctx = ctx(app);
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
            "the button {name} is not drawn"
        );
    }
}

/// A click where the player sees `at`: the cursor moved there, the left button pressed and
/// released, as winit writes them.
fn click_at(app: &mut App, at: Vec2) {
    let window = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .expect("the game has a window");
    for _ in 0..3 {
        let mut w = app.world_mut().get_mut::<Window>(window).unwrap();
        let last = w.cursor_position();
        w.set_cursor_position(Some(at));
        let moved = CursorMoved {
            window,
            position: at,
            delta: last.map(|l| at - l),
        };
        app.world_mut().write_message(moved.clone());
        app.world_mut()
            .write_message(WindowEvent::CursorMoved(moved));
        app.update();
    }
    for state in [ButtonState::Pressed, ButtonState::Released] {
        let input = MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        };
        app.world_mut().write_message(input);
        app.world_mut()
            .write_message(WindowEvent::MouseButtonInput(input));
        app.update();
        app.update();
    }
}

/// The wheel turned `notches` towards the player over `at` (what is under it scrolls up).
fn wheel(app: &mut App, at: Vec2, notches: f32) {
    use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
    let window = app
        .world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .expect("the game has a window");
    let mut w = app.world_mut().get_mut::<Window>(window).unwrap();
    w.set_cursor_position(Some(at));
    let moved = CursorMoved {
        window,
        position: at,
        delta: None,
    };
    app.world_mut().write_message(moved.clone());
    app.world_mut()
        .write_message(WindowEvent::CursorMoved(moved));
    app.update();
    let wheel = MouseWheel {
        unit: MouseScrollUnit::Line,
        x: 0.0,
        y: -notches,
        window,
        phase: bevy::input::touch::TouchPhase::Moved,
    };
    app.world_mut().write_message(wheel);
    app.world_mut()
        .write_message(WindowEvent::MouseWheel(wheel));
    for _ in 0..5 {
        app.update();
    }
}

fn click(app: &mut App, name: &str) {
    let at = button_on_screen(app, name);
    click_at(app, at);
}

/// The words a forced win of `winner` in `moves` is said in.
fn forced_win(app: &App, winner: Side, moves: u32) -> String {
    gamut::ui::proven::forced_win(app.world().resource::<Words>(), winner, moves)
}

/// The side and the number a sentence claims: which of the forced wins in 1 to 12 moves of
/// either side it says (the words of each built from the language file).
fn claimed(app: &App, said: &str) -> Option<(Side, u32)> {
    let mut found = None;
    for moves in 1..=12 {
        for side in [Side::Black, Side::White] {
            if said.contains(&forced_win(app, side, moves)) {
                found = Some((side, moves));
            }
        }
    }
    found
}

/// Plays `line` (moves in the game's notation, as the screen shows them) from `position`
/// through the rules: each move must be legal and the game must end with `winner`'s win within
/// `moves` of the winner's moves. Says what went wrong otherwise.
fn assert_line_wins(position: &AnyPosition, line: &[&str], winner: Side, moves: u32) {
    let mut game = position.clone();
    let mut winners_moves = 0;
    for written in line {
        assert!(game.outcome().is_none(), "the game ended before {written}");
        let mv = game
            .parse_move(written)
            .unwrap_or_else(|e| panic!("{written} is not a move here: {e:?}"));
        assert!(game.is_legal(mv), "{written} is not legal");
        if game.side_to_move() == winner {
            winners_moves += 1;
        }
        game.play_unchecked(mv);
    }
    let end = game.outcome().expect("the line ends the game");
    assert_eq!(end.winner(), Some(winner), "the line ends in {end:?}");
    assert!(
        winners_moves <= moves,
        "{winner:?} took {winners_moves} moves, {moves} were claimed"
    );
}

/// The analysis board on a won endgame (the position played in, hot seat, then the side
/// panel's Analyse): it says "White wins by force in 3 moves" and shows the line, which wins
/// through the rules within 3 of White's moves; a click on the line plays its first move, and
/// the position after it is proven too, a move shorter.
#[test]
fn the_analysis_board_says_who_wins_by_force_and_the_line_wins() {
    let dir = data_dir("proven", "analysis");
    let mut app = game_app_in(
        &dir,
        &[
            "--position",
            WHITE_WINS_IN_3,
            "--black",
            "human",
            "--white",
            "human",
        ],
    );
    run_until(&mut app, "a person to move", waiting_for_a_person);
    click(&mut app, "button-analyse");
    let said = wait_for_words(&mut app, "analysis/proof", claimed_any);
    let (winner, moves) = claimed(&app, &said).expect("a forced win");
    assert_eq!(said, forced_win(&app, Side::White, 3));
    assert_eq!((winner, moves), (Side::White, 3));
    let line = said_line(&mut app, "analysis/proof-line");
    let position = GameConfig::default()
        .position_from_text(WHITE_WINS_IN_3)
        .unwrap();
    assert_line_wins(&position, &words(&line), winner, moves);
    assert!(
        words(&line).len() <= 5,
        "three moves of White's, two of Black's: {line}"
    );
    // A click on the line plays its first move; Black to move, White wins in 2.
    click(&mut app, "analysis/proof-line");
    run_until(&mut app, "the line's first move", |app| {
        game(app).ply() == 1
    });
    let first = position.parse_move(words(&line)[0]).unwrap();
    assert_eq!(game(&app).last_move(), Some(first));
    let in_two = forced_win(&app, Side::White, 2);
    wait_for_words(&mut app, "analysis/proof", |w| w == in_two);
    let mut after = position.clone();
    after.play_unchecked(first);
    let line = said_line(&mut app, "analysis/proof-line");
    assert_line_wins(&after, &words(&line), Side::White, 2);
}

/// Whether a sentence claims some forced win (in English, the tests' language).
fn claimed_any(said: &str) -> bool {
    said.contains("wins by force in")
}

/// The proven line the panel shows under `name`.
fn said_line(app: &mut App, name: &str) -> String {
    wait_for_words(app, name, |w| !w.trim().is_empty())
}

fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// A game against the computer at level 12 from a position it wins by force (Black, the
/// person, to move; White wins in 2 whatever Black does): the status line says "The computer
/// announces: White wins by force in 2 moves" with the line, which wins through the rules.
#[test]
fn the_computer_announces_its_forced_win_and_the_line_wins() {
    let dir = data_dir("proven", "announce");
    let mut app = game_app_in(
        &dir,
        &[
            "--position",
            BLACK_LOST_IN_2,
            "--black",
            "human",
            "--white",
            "ai:12",
        ],
    );
    run_until(&mut app, "a person to move", waiting_for_a_person);
    let said = wait_for_words(&mut app, "status", claimed_any);
    let (winner, moves) = claimed(&app, &said).expect("a forced win announced");
    assert_eq!((winner, moves), (Side::White, 2));
    // The line on the screen, after the claim's colon, played through the rules.
    let line = said.rsplit(": ").next().unwrap();
    let position = GameConfig::default()
        .position_from_text(BLACK_LOST_IN_2)
        .unwrap();
    assert_line_wins(
        &position,
        &line.split(' ').collect::<Vec<_>>(),
        winner,
        moves,
    );
    let announced = app
        .world()
        .resource::<gamut::ai::announce::Announcer>()
        .announced(game(&app))
        .cloned()
        .expect("the announcement is kept for the game");
    let written = gamut_engine::coach::written_line(&announced.position, &announced.line);
    let words = app.world().resource::<Words>();
    let sentence = gamut::ui::proven::announcement(words, winner, moves, &written);
    assert_eq!(said, sentence, "the status line says the announcement");
    assert!(said.starts_with("The computer announces"), "{said}");
}

/// Runs frames for `time`, the engine's jobs going on in the background.
fn run_for(app: &mut App, time: Duration) {
    let started = Instant::now();
    while started.elapsed() < time {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Whether the game announced a forced win in this run (the status line and the announcer).
fn announced(app: &mut App) -> bool {
    let on_screen = said(app, "status").is_some_and(|s| claimed_any(&s));
    let kept = app
        .world()
        .resource::<gamut::ai::announce::Announcer>()
        .announced(game(app))
        .is_some();
    let posted = matches!(
        app.world().resource::<gamut::play::Status>().notice(),
        Some(gamut::model::Notice::ForcedWin { .. })
    );
    on_screen || kept || posted
}

/// The setting off, on the settings screen (and so remembered for the next run): the same game
/// against the computer at level 12 announces nothing. At level 5 (under the announcing
/// levels), nothing either.
#[test]
fn nothing_is_announced_with_the_setting_off_or_at_a_low_level() {
    let dir = data_dir("proven", "off");
    let mut app = game_app_in(&dir, &["--black", "human", "--white", "human"]);
    run_until(&mut app, "a person to move", waiting_for_a_person);
    click(&mut app, "button-settings");
    // The settings scroll: the wheel over them brings the announcements' box into view.
    let over = button_on_screen(&mut app, "settings/evaluation");
    wheel(&mut app, over, 10.0);
    click(&mut app, "settings/announce");
    click(&mut app, "settings/close");
    run_until(&mut app, "the setting off", |app| {
        !app.world()
            .resource::<gamut::model::Presentation>()
            .announce_wins
    });
    let settings = dir.join("settings.json");
    run_until(&mut app, "the settings saved", |_| {
        std::fs::read_to_string(&settings).is_ok_and(|s| {
            s.replace([' ', '\n'], "")
                .contains("\"announce_wins\":false")
        })
    });
    drop(app);
    // The next run remembers it.
    let mut app = game_app_in(
        &dir,
        &[
            "--position",
            BLACK_LOST_IN_2,
            "--black",
            "human",
            "--white",
            "ai:12",
        ],
    );
    run_until(&mut app, "a person to move", waiting_for_a_person);
    assert!(
        !app.world()
            .resource::<gamut::model::Presentation>()
            .announce_wins
    );
    // The announcement comes within a fraction of a second when it is on (the test above).
    run_for(&mut app, Duration::from_secs(4));
    assert!(!announced(&mut app), "announced with the setting off");
    assert_eq!(game(&app).ply(), 0, "the person is still to move");
    // Level 5, the setting on (a fresh data folder).
    let dir = data_dir("proven", "low");
    let mut app = game_app_in(
        &dir,
        &[
            "--position",
            BLACK_LOST_IN_2,
            "--black",
            "human",
            "--white",
            "ai:5",
        ],
    );
    run_until(&mut app, "a person to move", waiting_for_a_person);
    assert!(
        app.world()
            .resource::<gamut::model::Presentation>()
            .announce_wins
    );
    run_for(&mut app, Duration::from_secs(4));
    assert!(!announced(&mut app), "announced at level 5");
}
