//! Clocks: a flag-fall ends the game on time (and the record says so), a move gets its
//! increment, a slow frame is charged in full, clocks are saved and resumed with the game, and
//! the computer never loses on time at 1 minute + 0 seconds. Time is virtual throughout: each
//! frame advances `Time<Real>` by a set amount, so no test depends on the machine's speed.

mod common;

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use gamut::ai::think_time;
use gamut::model::{CurrentGame, GameEnd, GameSettings, Notice, Player, TimeControl};
use gamut::persist::save::{load, record_of, save_file};
use gamut::play::{Actions, AppState, GameCommand, Status, TurnState, available_actions};
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;
use gamut_engine::record::Termination;

use common::{app, app_state, game, settings, step, turn_state};

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
fn a_flag_fall_is_not_taken_back() {
    // 3 seconds each, frames of a second: White's flag falls.
    let control = TimeControl::parse("0.05+0").unwrap();
    let mut app = timed_app(control, Duration::from_secs(1));
    app.world_mut().write_message(step("b1", "b3"));
    for _ in 0..8 {
        app.update();
    }
    assert_eq!(game(&app).end(), Some(GameEnd::Time(Side::White)));
    let settings = *app.world().resource::<GameSettings>();
    let open = available_actions(game(&app), &settings, app_state(&app));
    assert_eq!(
        open,
        Actions {
            review: true,
            analyse: true,
            ..Actions::default()
        }
    );
    // The keys send the commands whatever the buttons say: they change nothing.
    for command in [GameCommand::Undo, GameCommand::Redo] {
        app.world_mut().write_message(command);
        for _ in 0..4 {
            app.update();
        }
        assert_eq!(game(&app).end(), Some(GameEnd::Time(Side::White)));
        assert_eq!(game(&app).ply(), 1);
        assert_eq!(app_state(&app), AppState::GameOver);
    }
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
fn a_slow_frame_is_charged_in_full() {
    // Frames of 3 seconds, as in a software-rendered window: a clock measures real time
    // whatever the frame rate.
    let frame = Duration::from_secs(3);
    let mut app = timed_app(TimeControl::game(5, 0), frame);
    app.world_mut().write_message(step("b1", "b3"));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(game(&app).ply(), 1, "Black's first move was played");
    assert_eq!(turn_state(&app), Some(TurnState::AwaitingInput));
    let before = game(&app).clocks().left(Side::White);
    const FRAMES: u32 = 10;
    for _ in 0..FRAMES {
        app.update();
    }
    assert_eq!(
        before - game(&app).clocks().left(Side::White),
        frame * FRAMES,
        "each frame takes its whole length off White's clock"
    );
    assert_eq!(
        game(&app).clocks().left(Side::Black),
        Duration::from_secs(300),
        "Black's clock stands"
    );
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

/// A frame of the computer's game on the virtual clock.
const FRAME: Duration = Duration::from_millis(50);

#[test]
fn the_computer_never_loses_on_time_at_one_minute() {
    // Full strength on a 1 + 0 clock against a quick beginner, on the virtual clock: every frame
    // takes FRAME, and each search is charged the whole think time it was given (as if it used
    // all of it), so the result does not depend on how fast the machine searches.
    let mut s = settings(
        GameKind::LinesOfAction,
        Player::Computer(Level::new(1).unwrap()),
        Player::Computer(Level::MAX),
    );
    s.clock = TimeControl::game(1, 0);
    let mut app = app(s);
    let mut search: Option<(Side, Duration)> = None;
    let mut timed_frames = 0;
    while game(&app).end().is_none() && timed_frames < 20_000 {
        let thinking = turn_state(&app) == Some(TurnState::AiThinking);
        if thinking && search.is_none() {
            // The search was given its think time a frame ago: a frame's more is charged.
            let given = think_time(game(&app), &s) + FRAME;
            search = Some((game(&app).side_to_move(), given));
        }
        // The frames while the search runs take no time: the search is charged as a whole.
        let frame = if thinking { Duration::ZERO } else { FRAME };
        app.insert_resource(TimeUpdateStrategy::ManualDuration(frame));
        app.update();
        if thinking {
            // Only lets the search's thread have the processor; no time is measured.
            std::thread::sleep(Duration::from_millis(1));
        } else {
            timed_frames += 1;
        }
        if turn_state(&app) != Some(TurnState::AiThinking)
            && let Some((side, given)) = search.take()
        {
            charge_search(&mut app, side, given);
        }
    }
    let end = game(&app).end();
    let clocks = *game(&app).clocks();
    eprintln!(
        "{end:?} after {} moves; White's clock {:?}",
        game(&app).ply(),
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

/// Takes a finished search's time off `side`'s clock, which must not run out.
fn charge_search(app: &mut App, side: Side, given: Duration) {
    let mut game = app.world_mut().resource_mut::<CurrentGame>();
    let left = game.clocks().left(side);
    assert!(
        left > given,
        "{side:?} would lose on time: its search was given {given:?} with {left:?} left"
    );
    game.clocks_mut().run(side, given);
}
