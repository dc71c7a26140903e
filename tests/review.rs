//! Review, headless: stepping through a finished game (keys, the move list's jumps), the
//! pieces at every shown ply, the final game back after it, moves taken back refused while
//! reviewing, the analysis's scores, and play from here.

mod common;

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use common::*;
use gamut::ai::{AiTask, Thinking};
use gamut::board::motion::{Glide, MotionPlugin};
use gamut::model::{AnimationSpeed, CurrentGame, GameSettings, Player};
use gamut::play::{AppState, GameCommand, OnSquare, Piece, TurnState};
use gamut::review::{AnalysisLimits, Opponent, Review, ReviewCommand, ReviewPlugin};
use gamut_engine::any_game::GameKind;
use gamut_engine::search::Score;
use gamut_engine::{Color as Side, Game};

/// A finished hot-seat game of Lines of Action (random moves), with the review.
fn finished_game(seed: u64, animated: bool) -> App {
    let mut s = settings(GameKind::LinesOfAction, Player::Human, Player::Human);
    if animated {
        s.animation = AnimationSpeed::Normal;
    }
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, gamut::HeadlessPlugins))
        .add_plugins(ReviewPlugin)
        .insert_resource(AnalysisLimits {
            per_position: Duration::from_secs(5),
            depth: 2,
        })
        .insert_resource(s)
        .insert_resource(CurrentGame::new(s.config));
    if animated {
        app.add_plugins(MotionPlugin)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                50,
            )));
    }
    start(&mut app);
    play_out(&mut app, seed, 5000);
    assert_eq!(app_state(&app), AppState::GameOver, "the game ended");
    app
}

fn send(app: &mut App, command: ReviewCommand) {
    app.world_mut().write_message(command);
    app.update();
    app.update(); // state changes apply at the start of the next frame
}

fn shown_ply(app: &App) -> Option<usize> {
    app.world()
        .resource::<Review>()
        .0
        .as_ref()
        .map(|r| r.shown_ply())
}

/// The position of `full` after `ply` moves, replayed from its start.
fn position_at(full: &CurrentGame, ply: usize) -> String {
    let mut p = full
        .config
        .position_from_text(&full.position().initial_text())
        .unwrap();
    for mv in full.position().moves_played().into_iter().take(ply) {
        p.play_unchecked(mv);
    }
    p.to_string()
}

/// The board shows the position after `ply` moves of `full`: the game and the entities.
fn assert_shows(app: &mut App, full: &CurrentGame, ply: usize) {
    assert_eq!(shown_ply(app), Some(ply));
    assert_eq!(game(app).ply(), ply);
    assert_eq!(game(app).position().to_string(), position_at(full, ply));
    assert_eq!(
        entity_pieces(app),
        game_pieces(app),
        "entities at ply {ply}"
    );
    assert_eq!(piece_entity_count(app), game_pieces(app).len());
}

#[test]
fn stepping_through_a_finished_game_shows_each_position_and_leaving_restores_the_end() {
    let mut app = finished_game(7, false);
    let full = game(&app).clone();
    let n = full.ply();
    assert!(n > 4);
    send(&mut app, ReviewCommand::Enter);
    assert_eq!(app_state(&app), AppState::Review);
    assert_shows(&mut app, &full, n);

    // Back to the start a move at a time, then forward again.
    for ply in (0..n).rev() {
        send(&mut app, ReviewCommand::Previous);
        assert_shows(&mut app, &full, ply);
    }
    send(&mut app, ReviewCommand::Previous);
    assert_shows(&mut app, &full, 0);
    for ply in 1..=n {
        send(&mut app, ReviewCommand::Next);
        assert_shows(&mut app, &full, ply);
    }
    send(&mut app, ReviewCommand::Next);
    assert_shows(&mut app, &full, n);
    assert!(game(&app).end().is_some(), "the end shows at the last ply");

    // Home, End, and the move list's jumps.
    send(&mut app, ReviewCommand::First);
    assert_shows(&mut app, &full, 0);
    send(&mut app, ReviewCommand::Last);
    assert_shows(&mut app, &full, n);
    send(&mut app, ReviewCommand::Goto(n / 2));
    assert_shows(&mut app, &full, n / 2);
    send(&mut app, ReviewCommand::Goto(n + 10));
    assert_shows(&mut app, &full, n);
    send(&mut app, ReviewCommand::Goto(3));

    // Undo and redo do nothing while reviewing, and the board takes no move.
    app.world_mut().write_message(GameCommand::Undo);
    app.world_mut().write_message(GameCommand::Redo);
    app.update();
    app.update();
    assert_eq!(app_state(&app), AppState::Review);
    assert_shows(&mut app, &full, 3);

    send(&mut app, ReviewCommand::Leave);
    assert_eq!(app_state(&app), AppState::GameOver);
    assert!(!app.world().resource::<Review>().is_active());
    assert_eq!(game(&app).ply(), n);
    assert_eq!(
        game(&app).position().to_string(),
        full.position().to_string()
    );
    assert_eq!(game(&app).end(), full.end());
    assert_eq!(entity_pieces(&mut app), game_pieces(&app));
    assert_history_replays(game(&app));
}

#[test]
fn arrow_keys_home_end_and_escape_drive_the_review() {
    let mut app = finished_game(11, false);
    let full = game(&app).clone();
    let n = full.ply();
    app.init_resource::<ButtonInput<KeyCode>>();
    send(&mut app, ReviewCommand::Enter);
    let press = |app: &mut App, key: KeyCode| {
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .press(key);
        app.update();
        let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
        keys.release(key);
        keys.clear();
        app.update();
    };
    press(&mut app, KeyCode::ArrowLeft);
    assert_shows(&mut app, &full, n - 1);
    press(&mut app, KeyCode::Home);
    assert_shows(&mut app, &full, 0);
    press(&mut app, KeyCode::ArrowRight);
    assert_shows(&mut app, &full, 1);
    press(&mut app, KeyCode::End);
    assert_shows(&mut app, &full, n);
    press(&mut app, KeyCode::ArrowLeft);
    press(&mut app, KeyCode::Escape);
    assert_eq!(app_state(&app), AppState::GameOver);
    assert_eq!(
        game(&app).position().to_string(),
        full.position().to_string()
    );
}

#[test]
fn a_step_back_glides_the_piece_back_and_a_step_forward_glides_it_again() {
    let mut app = finished_game(3, true);
    let full = game(&app).clone();
    // A move that captures nothing: its step back glides.
    let k = (1..=full.ply())
        .rev()
        .find(|&k| {
            let mut before = full.clone();
            while before.ply() >= k && before.undo() {}
            before
                .effects(full.position().moves_played()[k - 1])
                .captured
                .is_empty()
        })
        .expect("a quiet move");
    send(&mut app, ReviewCommand::Enter);
    send(&mut app, ReviewCommand::Goto(k));
    for _ in 0..40 {
        app.update(); // let any animation end
    }
    let (from, to) = {
        let mut before = full.clone();
        while before.ply() >= k && before.undo() {}
        before.effects(full.position().moves_played()[k - 1]).moved[0]
    };
    app.world_mut().write_message(ReviewCommand::Previous);
    app.update();
    app.update();
    let mut glides = app.world_mut().query::<(&Glide, &OnSquare)>();
    let found: Vec<(Glide, OnSquare)> = glides.iter(app.world()).map(|(g, s)| (*g, *s)).collect();
    assert!(
        found
            .iter()
            .any(|(g, s)| g.from == to && g.to == from && s.0 == from),
        "the piece glides back from {to:?} to {from:?}: {found:?}"
    );
    for _ in 0..40 {
        app.update();
    }
    assert_shows(&mut app, &full, k - 1);
    app.world_mut().write_message(ReviewCommand::Next);
    app.update();
    app.update();
    let mut glides = app.world_mut().query::<&Glide>();
    assert!(
        glides
            .iter(app.world())
            .any(|g| g.from == from && g.to == to),
        "the piece glides forward again"
    );
    for _ in 0..40 {
        app.update();
    }
    assert_shows(&mut app, &full, k);
    let mut pieces = app.world_mut().query_filtered::<&OnSquare, With<Piece>>();
    assert_eq!(pieces.iter(app.world()).count(), game_pieces(&app).len());
}

#[test]
fn the_analysis_scores_every_position_from_blacks_view() {
    let mut app = finished_game(7, false);
    let full = game(&app).clone();
    let n = full.ply();
    let winner = full.end().and_then(|e| e.winner()).expect("a winner");
    send(&mut app, ReviewCommand::Enter);
    let done = run_until(&mut app, 20_000, |app| {
        let review = app.world().resource::<Review>();
        review
            .0
            .as_ref()
            .is_some_and(|r| !r.is_analysing() && r.analysed() == n + 1)
    });
    assert!(done, "the analysis finished");
    let review = app.world().resource::<Review>().0.as_ref().unwrap();
    let scores = review.scores();
    assert_eq!(scores.len(), n + 1, "one score per position");
    let black_wins = |s: Score| matches!(s, Score::WinIn(_));
    let white_wins = |s: Score| matches!(s, Score::LossIn(_));
    let won = |s: Score| match winner {
        Side::Black => black_wins(s),
        Side::White => white_wins(s),
    };
    assert!(won(scores[n].unwrap()), "the end: {:?}", scores[n]);
    // The computers' game depends on their think time, so on the machine's load: usually the
    // winner's own move ends it, but a capture can connect the other side (the mover loses).
    if review.movers()[n - 1] == winner {
        assert!(
            won(scores[n - 1].unwrap()),
            "the winner to move wins in one: {:?}",
            scores[n - 1]
        );
    }
    assert_eq!(review.mistakes().len(), n);
}

#[test]
fn leaving_review_by_a_new_game_stops_the_review() {
    let mut app = finished_game(11, false);
    send(&mut app, ReviewCommand::Enter);
    send(&mut app, ReviewCommand::First);
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    app.update();
    assert_eq!(app_state(&app), AppState::Playing);
    assert!(!app.world().resource::<Review>().is_active());
    assert_eq!(game(&app).ply(), 0);
}

/// Who sits at the game in progress.
fn seats_of(app: &App) -> GameSettings {
    app.world().resource::<gamut::model::Seats>().0
}

#[test]
fn play_from_here_continues_the_game_at_the_shown_ply() {
    for (opponent, at) in [(Opponent::Computer, 5), (Opponent::HotSeat, 4)] {
        let mut app = finished_game(7, false);
        let full = game(&app).clone();
        send(&mut app, ReviewCommand::Enter);
        send(&mut app, ReviewCommand::Goto(at));
        let to_move = game(&app).side_to_move();
        send(&mut app, ReviewCommand::PlayFromHere(opponent));
        assert_eq!(app_state(&app), AppState::Playing);
        assert!(!app.world().resource::<Review>().is_active());
        assert_eq!(game(&app).ply(), at);
        assert_eq!(game(&app).position().to_string(), position_at(&full, at));
        assert_eq!(game(&app).notation(), &full.notation()[..at]);
        assert_eq!(game(&app).side_to_move(), to_move);
        assert_eq!(
            game(&app).side_to_move(),
            if at % 2 == 0 {
                Side::Black
            } else {
                Side::White
            }
        );
        let s = seats_of(&app);
        assert_eq!(s.player(to_move), Player::Human);
        match opponent {
            Opponent::Computer => assert!(s.player(!to_move).is_computer()),
            Opponent::HotSeat => assert_eq!(s.player(!to_move), Player::Human),
        }
        assert_eq!(entity_pieces(&mut app), game_pieces(&app));
        assert!(person_to_move(&app), "the person to move may play");
    }
}

#[test]
fn a_game_in_progress_can_be_reviewed_and_goes_on_after() {
    // The computer would think for an hour: only the review can stop its turn.
    let mut s = settings(GameKind::LinesOfAction, Player::Human, computer(6));
    s.think_time = Duration::from_secs(3600);
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, gamut::HeadlessPlugins))
        .add_plugins(ReviewPlugin)
        .insert_resource(s)
        .insert_resource(CurrentGame::new(s.config));
    start(&mut app);
    app.world_mut().write_message(step("b1", "b3"));
    assert!(run_until(&mut app, 50, |app| turn_state(app)
        == Some(TurnState::AiThinking)));
    let searching = |app: &App| app.world().resource::<AiTask>().is_running();
    assert!(searching(&app), "the computer is thinking");
    // The review stops its turn: no search is left that could play a move.
    send(&mut app, ReviewCommand::Enter);
    assert_eq!(app_state(&app), AppState::Review);
    assert!(
        !searching(&app),
        "the computer still searches in the review"
    );
    let full = game(&app).clone();
    send(&mut app, ReviewCommand::First);
    assert_shows(&mut app, &full, 0);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(game(&app).ply(), 0, "no move is played while reviewing");
    assert!(!searching(&app));
    // From here the computer answers in the frame after its search starts (a fixed budget).
    app.insert_resource(Thinking::Fixed { nodes: 2_000 });
    send(&mut app, ReviewCommand::Leave);
    assert_eq!(app_state(&app), AppState::Playing);
    assert_eq!(game(&app).ply(), full.ply());
    let moved = run_until(&mut app, 3, |app| game(app).ply() > full.ply());
    assert!(
        moved,
        "the computer moves again after the review; the game stands at: app {:?}, turn {:?}, \
         overlay {:?}, computer searching {}, engine job threads {}, computer's job busy {}, \
         {:?} to move, end {:?}, thinking {:?}",
        app_state(&app),
        turn_state(&app),
        app.world()
            .get_resource::<State<gamut::play::Overlay>>()
            .map(|s| *s.get()),
        searching(&app),
        app.world()
            .resource::<gamut::engine_jobs::EngineJobs>()
            .threads(),
        app.world()
            .resource::<gamut::engine_jobs::EngineJobs>()
            .is_busy(gamut::engine_jobs::JobOwner::Computer),
        seats_of(&app).player_to_move(game(&app)),
        game(&app).end(),
        app.world().resource::<Thinking>(),
    );
}
