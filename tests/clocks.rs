//! Clocks: a flag-fall ends the game on time (and the record says so), a move gets its
//! increment, clocks are saved and resumed with the game, and the computer never loses on time
//! at 1 minute + 0 seconds.

mod common;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use gamut::model::{CurrentGame, GameEnd, GameSettings, Notice, Player, TimeControl};
use gamut::persist::save::{load, record_of, save_file};
use gamut::play::{AppState, Status};
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;
use gamut_engine::record::Termination;

use common::{app, app_state, game, settings, step};

/// Person against person with `control`, each frame taking `frame` off the running clock.
fn timed_app(control: TimeControl, frame: Duration) -> App {
    let mut s = settings(GameKind::LinesOfAction, Player::Human, Player::Human);
    s.clock = control;
    let mut app = app(s);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
    app
}

#[test]
fn a_flag_fall_ends_the_game_on_time_and_the_record_says_so() {
    // 3 seconds each; every frame takes half a second.
    let control = TimeControl::parse("0.05+0").unwrap();
    let mut app = timed_app(control, Duration::from_millis(500));
    for _ in 0..12 {
        app.update();
    }
    assert_eq!(
        game(&app).end(),
        None,
        "the clocks start with the first move"
    );
    assert_eq!(
        game(&app).clocks().left(Side::Black),
        Duration::from_secs(3)
    );
    app.world_mut().write_message(step("b1", "b3"));
    for _ in 0..12 {
        app.update();
    }
    assert_eq!(game(&app).end(), Some(GameEnd::Time(Side::White)));
    assert_eq!(app_state(&app), AppState::GameOver);
    assert_eq!(
        app.world().resource::<Status>().notice(),
        Some(&Notice::GameOver(GameEnd::Time(Side::White)))
    );
    assert_eq!(game(&app).clocks().left(Side::White), Duration::ZERO);
    assert_eq!(
        game(&app).clocks().left(Side::Black),
        Duration::from_secs(3)
    );

    let settings = *app.world().resource::<GameSettings>();
    let record = record_of(game(&app), &settings);
    assert_eq!(record.termination, Some(Termination::Time));
    assert_eq!(record.result.winner(), Some(Side::Black));
    assert!(
        record.to_string().contains("[TimeControl \"3+0\"]"),
        "{record}"
    );
    // Read back, the game is still lost on time.
    let text = record.to_string();
    let loaded = load(text.as_bytes(), &GameSettings::default()).expect("the record reads");
    assert_eq!(loaded.game.end(), Some(GameEnd::Time(Side::White)));
}

#[test]
fn a_move_gets_its_increment_and_the_other_clock_runs() {
    let mut app = timed_app(TimeControl::game(1, 2), Duration::from_secs(1));
    app.world_mut().write_message(step("b1", "b3"));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(game(&app).ply(), 1, "Black's first move was played");
    // The first move is not timed; it still gets its increment.
    assert_eq!(
        game(&app).clocks().left(Side::Black),
        Duration::from_secs(62)
    );
    let before = game(&app).clocks().left(Side::White);
    assert!(before < Duration::from_secs(60), "White's clock runs");
    app.world_mut().write_message(step("a2", "c2"));
    app.update();
    assert_eq!(game(&app).ply(), 2, "White's move was played");
    // The frame of the move took one second, the move gave two.
    let after = game(&app).clocks().left(Side::White);
    assert_eq!(after, before + Duration::from_secs(1));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        game(&app).clocks().left(Side::White),
        after,
        "White's clock stopped"
    );
    assert!(game(&app).clocks().left(Side::Black) < Duration::from_secs(62));
}

#[test]
fn clocks_are_saved_and_resumed_with_the_game() {
    let per_move = TimeControl::PerMove(Duration::from_secs(30));
    let mut app = timed_app(per_move, Duration::from_millis(700));
    app.world_mut().write_message(step("b1", "b3"));
    for _ in 0..4 {
        app.update();
    }
    app.world_mut().write_message(step("a2", "c2"));
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(game(&app).ply(), 2);
    let mut settings = *app.world().resource::<GameSettings>();
    settings.pause_clocks = false;
    let black_left = game(&app).clocks().left(Side::Black);
    assert!(black_left < Duration::from_secs(30), "Black's clock runs");
    assert_eq!(
        game(&app).clocks().left(Side::White),
        Duration::from_secs(30)
    );
    let text = save_file(game(&app), &settings, None).to_json();
    let loaded = load(text.as_bytes(), &GameSettings::default()).expect("the save reads");
    assert_eq!(loaded.settings.clock, per_move);
    assert!(!loaded.settings.pause_clocks);
    let clocks = loaded.game.clocks();
    assert_eq!(clocks.left(Side::Black).as_millis(), black_left.as_millis());
    assert_eq!(clocks.left(Side::White), Duration::from_secs(30));
    // A save without clocks (or a plain record) is untimed.
    let untimed = save_file(&CurrentGame::default(), &GameSettings::default(), None).to_json();
    let loaded = load(untimed.as_bytes(), &settings).expect("the save reads");
    assert_eq!(loaded.settings.clock, TimeControl::Untimed);
    assert!(!loaded.game.clocks().is_timed());
}

#[test]
fn the_computer_never_loses_on_time_at_one_minute() {
    // Full strength on a 1 + 0 clock against a quick beginner, in real time.
    let mut s = settings(
        GameKind::LinesOfAction,
        Player::Computer(Level::new(1).unwrap()),
        Player::Computer(Level::MAX),
    );
    s.clock = TimeControl::game(1, 0);
    let mut app = app(s);
    let started = Instant::now();
    while game(&app).end().is_none() && started.elapsed() < Duration::from_secs(240) {
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
    let end = game(&app).end();
    let clocks = *game(&app).clocks();
    eprintln!(
        "{end:?} after {} moves in {:.1} s; White's clock {:?}",
        game(&app).ply(),
        started.elapsed().as_secs_f32(),
        clocks.left(Side::White)
    );
    assert!(
        !matches!(end, Some(GameEnd::Time(_)) | None),
        "the game must end by the rules: {end:?}"
    );
    assert!(clocks.left(Side::White) > Duration::ZERO);
    assert!(
        clocks.left(Side::White) < Duration::from_secs(60),
        "White used its clock"
    );
}
