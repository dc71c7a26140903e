//! The Exhibition, headless: computer against computer through a cycle of two games — the second
//! starts after the first ends and its graph has shown, with the next game's settings, and the
//! cycle comes round again after the second; each
//! computer move adds one point to the graph; each capture gets its caption; the end is said;
//! `Esc` gives the player's settings back.

mod common;

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use common::*;
use gamut::exhibition::{
    Caption, Captions, EvaluationTrace, Exhibition, ExhibitionPlugin, Phase, Showcase,
};
use gamut::model::{AnimationSpeed, GameSettings};
use gamut::play::{AppState, GameCommand, MovePlayed};
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;

/// What the moves of the game did, as the test saw them.
#[derive(Resource, Default)]
struct Seen {
    moves: usize,
    captures: usize,
}

fn see_moves(mut played: MessageReader<MovePlayed>, mut seen: ResMut<Seen>) {
    for m in played.read() {
        seen.moves += 1;
        if !m.effects.captured.is_empty() {
            seen.captures += 1;
        }
    }
}

fn small_epaminondas() -> GameConfig {
    let mut config = GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    };
    config.epaminondas.board = BoardSize::Small;
    config
}

/// The player's own settings before the exhibition.
fn players_settings() -> GameSettings {
    settings(
        GameKind::LinesOfAction,
        gamut::model::Player::Human,
        computer(2),
    )
}

/// A headless exhibition of Epaminondas on the small board, then Lines of Action: quick levels,
/// short thinking, no animation, one second of graph (frames of 50 ms).
fn exhibition_app() -> App {
    let cycle = vec![
        Showcase::new(small_epaminondas(), 4, 3),
        Showcase::new(GameConfig::default(), 3, 4),
    ];
    let mut exhibition = Exhibition::with_cycle(cycle);
    exhibition.think_time = Duration::from_millis(15);
    exhibition.animation = AnimationSpeed::Instant;
    exhibition.pause = Duration::from_secs(1);
    let settings = players_settings();
    let show = exhibition.start();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, gamut::HeadlessPlugins))
        .add_plugins(ExhibitionPlugin)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            50,
        )))
        .init_resource::<Seen>()
        .add_systems(Update, see_moves)
        .insert_resource(settings)
        .insert_resource(exhibition);
    app.update();
    // What the title's Exhibition button (or `--demo`) sends.
    app.world_mut().write_message(show);
    app.update();
    app.update();
    app
}

fn seats(app: &App) -> GameSettings {
    app.world().resource::<gamut::model::Seats>().0
}

fn exhibition(app: &App) -> &Exhibition {
    app.world().resource::<Exhibition>()
}

fn trace(app: &App) -> &EvaluationTrace {
    app.world().resource::<EvaluationTrace>()
}

fn captions(app: &App) -> &Captions {
    app.world().resource::<Captions>()
}

#[test]
fn a_headless_exhibition_cycles_through_two_games() {
    let mut app = exhibition_app();
    assert!(exhibiting(&app));
    assert_eq!(game(&app).config, small_epaminondas());
    assert!(
        seats(&app).seats().iter().all(|p| p.is_computer()),
        "computers only"
    );

    // The first game, to its end.
    assert!(
        run_until(&mut app, 20_000, |app| app_state(app) == AppState::GameOver),
        "the first game ends"
    );
    let plies = game(&app).ply();
    let seen = app.world().resource::<Seen>();
    assert_eq!(seen.moves, plies);
    // One point per computer move, at the ply after it.
    let xs: Vec<f64> = trace(&app).points.iter().map(|p| p[0]).collect();
    let expected: Vec<f64> = (1..=plies).map(|p| p as f64).collect();
    assert_eq!(xs, expected, "one graph point per computer move");
    assert!(
        trace(&app)
            .points
            .iter()
            .all(|p| p[1].abs() <= 10.0 && p[1].is_finite())
    );
    // Every capture was said, and the end too.
    let log = &captions(&app).log;
    let captured = log
        .iter()
        .filter(|c| matches!(c, Caption::Captured { .. }))
        .count();
    assert!(seen.captures > 0, "a whole game without a capture");
    assert_eq!(captured, seen.captures, "each capture has its caption");
    assert!(
        matches!(log.last(), Some(Caption::Won { .. } | Caption::Drawn)),
        "the end is said: {:?}",
        log.last()
    );
    let winner = game(&app).end().and_then(|e| e.winner());
    if let Some(Caption::Won { side, .. }) = log.last() {
        assert_eq!(Some(*side), winner);
    }

    // The graph shows for the pause (one second of 50 ms frames), the game stays on the board.
    for _ in 0..5 {
        app.update();
    }
    assert!(matches!(exhibition(&app).phase(), Phase::Finale { .. }));
    assert_eq!(app_state(&app), AppState::GameOver);
    assert_eq!(game(&app).ply(), plies);

    // Then the second game of the cycle starts, with its own settings.
    assert!(
        run_until(&mut app, 100, |app| app_state(app) == AppState::Playing),
        "the next game starts after the graph"
    );
    assert!(
        run_until(&mut app, 5_000, |app| game(app).ply() >= 3),
        "the second game goes on"
    );
    assert_eq!(exhibition(&app).index(), 1);
    assert_eq!(exhibition(&app).phase(), Phase::Playing);
    assert_eq!(game(&app).config, GameConfig::default());
    assert_eq!(seats(&app).config, GameConfig::default());
    // The player's own settings were never touched.
    assert_eq!(*app.world().resource::<GameSettings>(), players_settings());
    let ply = game(&app).ply();
    assert!(
        (ply - 1..=ply).contains(&trace(&app).points.len()),
        "a new graph for the new game: {} points after {ply} moves",
        trace(&app).points.len()
    );
    assert!(captions(&app).log.len() <= 2 * ply, "a new caption log");

    // At its end the cycle comes round to the first game again.
    assert!(
        run_until(&mut app, 20_000, |app| app_state(app) == AppState::GameOver),
        "the second game ends"
    );
    assert!(
        run_until(&mut app, 100, |app| app_state(app) == AppState::Playing),
        "the third game starts"
    );
    assert_eq!(exhibition(&app).index(), 0);
    assert_eq!(game(&app).config, small_epaminondas());

    // Back to the title (what Esc asks for: `tests/player.rs` presses it) ends the exhibition;
    // the player's settings are theirs.
    app.world_mut().write_message(GameCommand::BackToTitle);
    app.update();
    app.update();
    assert_eq!(app_state(&app), AppState::Menu);
    assert!(!exhibiting(&app));
    assert_eq!(*app.world().resource::<GameSettings>(), players_settings());
}
