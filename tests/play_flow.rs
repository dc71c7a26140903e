//! The turn flow with the view's animations and the input machine, headless: animated turns,
//! seats wired to their players, a paused game, clicks that must do nothing, notices and
//! evaluations that belong to their moment, and a cancelled search that lets go at once.

mod common;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use common::*;
use gamut::ai::{Brain, Evaluation};
use gamut::board::geometry::{PIECE_LIFT, square_center};
use gamut::board::motion::{Glide, MotionPlugin};
use gamut::input::Selection;
use gamut::model::{AnimationSpeed, Cell, CurrentGame, GameSettings, Notice, Player};
use gamut::play::{AppState, GameCommand, Modal, OnSquare, Overlay, Status, TurnState, ViewBusy};
use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;
use gamut_engine::loa::Variant;
use gamut_engine::{Color as Side, Game};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// The headless game plus the view's animations (no drawing), 50 ms per frame.
fn animated_app(mut settings: GameSettings) -> App {
    settings.animation = AnimationSpeed::Normal;
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        gamut::HeadlessPlugins,
        MotionPlugin,
    ))
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        50,
    )))
    .insert_resource(settings)
    .insert_resource(CurrentGame::new(settings.config));
    start(&mut app);
    app
}

fn notice(app: &App) -> Option<Notice> {
    app.world().resource::<Status>().notice().cloned()
}

fn current_notice(app: &App) -> Option<Notice> {
    app.world().resource::<Status>().current(game(app)).cloned()
}

#[test]
fn an_animated_turn_ends_when_the_view_has_shown_the_move() {
    let mut app = animated_app(settings(
        GameKind::LinesOfAction,
        Player::Human,
        Player::Human,
    ));
    app.world_mut().write_message(step("b1", "b3"));
    app.update();
    app.update();
    assert_eq!(turn_state(&app), Some(TurnState::Animating));
    assert!(
        app.world().resource::<ViewBusy>().0,
        "the view holds the turn"
    );
    // Normal speed: 0.35 s, 50 ms a frame.
    let mut frames = 0;
    while turn_state(&app) == Some(TurnState::Animating) {
        assert!(frames < 30, "the animation never ended");
        app.update();
        frames += 1;
    }
    assert!(
        frames >= 5,
        "the turn ended after {frames} frames, before the glide"
    );
    assert_eq!(turn_state(&app), Some(TurnState::AwaitingInput));
    let mut query = app
        .world_mut()
        .query::<(&OnSquare, &Transform, Option<&Glide>)>();
    let bounds = game(&app).bounds();
    for (square, transform, glide) in query.iter(app.world()) {
        assert!(glide.is_none());
        let rest = square_center(square.0, bounds) + Vec3::Y * PIECE_LIFT;
        assert!(
            transform.translation.distance(rest) < 1e-4,
            "{} shows at {}",
            square.0,
            transform.translation
        );
    }
}

#[test]
fn without_a_view_an_animated_setting_does_not_hold_the_turn() {
    let mut s = settings(GameKind::LinesOfAction, Player::Human, Player::Human);
    s.animation = AnimationSpeed::Slow;
    let mut app = app(s);
    app.world_mut().write_message(step("b1", "b3"));
    assert!(run_until(&mut app, 4, |app| game(app).ply() == 1
        && turn_state(app) == Some(TurnState::AwaitingInput)));
}

#[test]
fn animated_computer_games_of_every_kind_reach_their_end() {
    let cases = [
        settings(GameKind::Epaminondas, computer(2), computer(1)),
        variant_settings(Variant::Parachute, computer(1), computer(2)),
    ];
    for (seed, case) in cases.into_iter().enumerate() {
        let mut app = animated_app(case);
        play_out(&mut app, seed as u64, 60_000);
        assert_game_over_matches_the_engine(&app);
        assert!(!app.world().resource::<ViewBusy>().0);
    }
}

/// Plays a game to the end with random moves for the person's seats and checks that every move
/// of a person's seat came from the person, and every other from the computer.
fn check_seats(settings: GameSettings, seed: u64) {
    let mut app = app(settings);
    // The computer's answer comes in the frame after its search starts: no waiting for its thread.
    app.insert_resource(gamut::ai::Thinking::Fixed { nodes: 2_000 });
    let mut rng = StdRng::seed_from_u64(seed);
    let mut by_person = 0;
    for _ in 0..60_000 {
        if app_state(&app) == AppState::GameOver {
            break;
        }
        let before = game(&app).ply();
        let mut sent = false;
        if person_to_move(&app)
            && let Some(request) = random_request(&app, &mut rng)
        {
            app.world_mut().write_message(request);
            sent = true;
        }
        app.update();
        if sent && game(&app).ply() > before {
            by_person += 1;
        }
    }
    assert_game_over_matches_the_engine(&app);
    // Replay the history and count the plies of seats a person plays.
    let game = game(&app);
    let mut replay = game
        .config
        .position_from_text(&game.position().initial_text())
        .unwrap();
    let mut person_plies = 0;
    for mv in game.position().moves_played() {
        let seat = CurrentGame::from_text(game.config, &replay.to_text())
            .expect("the position reads back")
            .seat();
        if !settings
            .seat_player(seat, game.is_four_players())
            .is_computer()
        {
            person_plies += 1;
        }
        replay.play_unchecked(mv);
    }
    assert!(person_plies > 0, "the person never moved");
    assert_eq!(person_plies, by_person, "a seat moved by the wrong player");
}

#[test]
fn each_seat_is_moved_by_the_player_it_was_given() {
    // Black is the computer and moves first; White is the person.
    check_seats(
        settings(GameKind::LinesOfAction, computer(1), Player::Human),
        21,
    );
    // LOA for four: only Black's marked set is a person.
    let mut four = variant_settings(Variant::FourPlayers, computer(1), computer(2));
    four.black_marked = Player::Human;
    four.white_marked = computer(1);
    check_seats(four, 22);
}

/// A game where the computer (Black) is to move first, started under a dialog or not. Its search
/// has a fixed budget, and the frame after the search starts waits for the answer: the frames it
/// takes to move are the same on any machine, however loaded.
fn computer_to_move(under_a_dialog: bool) -> App {
    let s = settings(GameKind::LinesOfAction, computer(1), Player::Human);
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        gamut::HeadlessPlugins,
    ))
    .insert_resource(gamut::ai::Thinking::Fixed { nodes: 2_000 })
    .insert_resource(s)
    .insert_resource(CurrentGame::new(s.config));
    app.update();
    if under_a_dialog {
        set_overlay(&mut app, Overlay::Dialog);
    }
    start(&mut app);
    app
}

#[test]
fn while_a_dialog_pauses_the_game_the_computer_does_not_move() {
    const FRAMES: usize = 10;
    // Without a dialog these frames are enough for the computer's move...
    let mut free = computer_to_move(false);
    for _ in 0..FRAMES {
        free.update();
    }
    assert_eq!(
        game(&free).ply(),
        1,
        "the computer's move takes more frames"
    );
    // ... under one, the same frames pass and its turn waits.
    let mut app = computer_to_move(true);
    for _ in 0..FRAMES {
        app.update();
    }
    assert_eq!(game(&app).ply(), 0, "the computer moved while paused");
    assert_eq!(turn_state(&app), Some(TurnState::AwaitingInput));
    set_overlay(&mut app, Overlay::None);
    for _ in 0..FRAMES {
        app.update();
    }
    assert_eq!(
        game(&app).ply(),
        1,
        "the computer moves once the dialog closes"
    );
}

/// Opens a dialog over the game (New Game, as `N` or the button opens it), or closes it: the
/// overlay follows in the same frame.
fn set_overlay(app: &mut App, overlay: Overlay) {
    let modal = match overlay {
        Overlay::Dialog => Modal::NewGame,
        Overlay::None => Modal::None,
    };
    app.world_mut()
        .resource_mut::<NextState<Modal>>()
        .set(modal);
    app.update();
    assert_eq!(*app.world().resource::<State<Overlay>>().get(), overlay);
}

#[test]
fn clicks_outside_a_game_or_behind_a_dialog_do_nothing() {
    let mut app = app_with_input(settings(
        GameKind::LinesOfAction,
        Player::Human,
        computer(1),
    ));
    app.update();
    assert_eq!(app_state(&app), AppState::Menu);
    click(&mut app, "b1");
    assert_eq!(
        notice(&app),
        None,
        "a click behind the New Game dialog said something"
    );
    assert_eq!(*app.world().resource::<Selection>(), Selection::Idle);
    start(&mut app);
    // The New Game dialog opened over the game (as `N` or the button opens it).
    set_overlay(&mut app, Overlay::Dialog);
    app.update();
    click(&mut app, "b1");
    assert_eq!(*app.world().resource::<Selection>(), Selection::Idle);
    assert_eq!(notice(&app), Some(Notice::NewGame));
    set_overlay(&mut app, Overlay::None);
    app.update();
    click(&mut app, "b1");
    assert_eq!(
        app.world().resource::<Selection>().from(),
        Some("b1".parse().unwrap())
    );
}

#[test]
fn a_notice_about_waiting_goes_when_it_is_the_persons_turn_again() {
    let mut s = settings(GameKind::LinesOfAction, Player::Human, computer(1));
    s.think_time = Duration::from_millis(300);
    let mut app = app_with_input(s);
    start(&mut app);
    click(&mut app, "b1");
    click(&mut app, "b3");
    assert!(run_until(&mut app, 50, |app| turn_state(app)
        == Some(TurnState::AiThinking)));
    click(&mut app, "c1");
    assert_eq!(current_notice(&app), Some(Notice::NotYourTurnYet));
    assert!(run_until(&mut app, 5000, |app| game(app).ply() == 2
        && turn_state(app) == Some(TurnState::AwaitingInput)));
    app.update();
    assert_eq!(
        current_notice(&app),
        None,
        "the stale notice is still shown"
    );
    // A click that is not a move says why, and the piece stays selected: a piece of Black's
    // that can move and an empty square it cannot reach, whatever the computer answered.
    let (from, to) = piece_and_unreachable_square(game(&app));
    click(&mut app, &from.to_string());
    click(&mut app, &to.to_string());
    assert!(matches!(current_notice(&app), Some(Notice::Refused(..))));
    assert_eq!(app.world().resource::<Selection>().from(), Some(from));
}

/// A piece of the side to move that has moves, and an empty square it cannot move to.
fn piece_and_unreachable_square(game: &CurrentGame) -> (Cell, Cell) {
    let (lo, hi) = game.bounds();
    let empty: Vec<Cell> = (lo.rank..=hi.rank)
        .flat_map(|rank| (lo.file..=hi.file).map(move |file| Cell::new(file, rank)))
        .filter(|&c| game.piece_at(c).is_none())
        .collect();
    game.movers()
        .iter()
        .find_map(|&from| {
            let moves = game.moves_from(from);
            let to = empty.iter().find(|&&c| moves.iter().all(|m| m.to != c))?;
            (!moves.is_empty()).then_some((from, *to))
        })
        .expect("a piece with moves and a square it cannot reach")
}

#[test]
fn the_computers_evaluation_is_forgotten_when_its_move_is_taken_back() {
    let mut app = app(settings(
        GameKind::LinesOfAction,
        Player::Human,
        computer(2),
    ));
    app.world_mut().write_message(step("b1", "b3"));
    assert!(run_until(&mut app, 5000, |app| game(app).ply() == 2));
    let shown = |app: &App| {
        app.world()
            .resource::<Evaluation>()
            .current(game(app))
            .is_some()
    };
    assert!(shown(&app));
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    app.update();
    assert_eq!(game(&app).ply(), 0);
    assert!(
        !shown(&app),
        "the evaluation of a taken-back move is still shown"
    );
}

#[test]
fn a_cancelled_search_lets_go_of_the_computers_searcher() {
    // The computer would think for an hour: only the cancel can free its searcher in time.
    let mut s = settings(GameKind::LinesOfAction, Player::Human, computer(6));
    s.think_time = Duration::from_secs(3600);
    let mut app = app(s);
    app.world_mut().write_message(step("b1", "b3"));
    assert!(run_until(&mut app, 50, |app| turn_state(app)
        == Some(TurnState::AiThinking)));
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    app.update();
    assert_eq!(game(&app).ply(), 0);
    assert_eq!(game(&app).side_to_move(), Side::Black);
    // The next search gets the searcher (and its table): it answers, long before the hour.
    let brain = app.world().resource::<Brain>().clone();
    let position = game(&app).position().clone();
    let next = std::thread::spawn(move || {
        brain.think(
            &position,
            Level::MIN,
            Duration::from_millis(50),
            &AtomicBool::new(false),
        )
    });
    assert!(
        wait_for(Duration::from_secs(300), || next.is_finished()),
        "the cancelled search still holds the searcher"
    );
    assert!(next.join().unwrap().mv.is_some());
}

/// With the colours drawn by lot, New Game gives the person Black in some starts and White in
/// others (40 starts: the chance of one colour only is 2⁻³⁹); the seats and the notice agree,
/// and the computer plays the other colour.
#[test]
fn colours_drawn_by_lot_give_the_person_either_colour() {
    let mut s = settings(GameKind::LinesOfAction, Player::Human, computer(1));
    s.colours_by_lot = true;
    // The computer waits behind a dialog: only the starts are looked at.
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        gamut::HeadlessPlugins,
    ))
    .insert_resource(s)
    .insert_resource(CurrentGame::new(s.config));
    app.update();
    set_overlay(&mut app, Overlay::Dialog);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..40 {
        start(&mut app);
        let seats = **app.world().resource::<gamut::model::Seats>();
        let person = if seats.black == Player::Human {
            Side::Black
        } else {
            Side::White
        };
        assert!(seats.player(!person).is_computer(), "{seats:?}");
        assert_eq!(
            notice(&app),
            Some(Notice::ColoursDrawn {
                you: Some(person),
                swapped: person == Side::White,
            })
        );
        seen.insert(person);
        if seen.len() == 2 {
            break;
        }
    }
    assert_eq!(seen.len(), 2, "the lot always gave {seen:?}");
    // The dialog's choices are kept as they were: the lot changes the game's seats only.
    assert_eq!(*app.world().resource::<GameSettings>(), s);
}
