//! Helpers for the headless tests: an app with the game and no window, settings, and the
//! comparison of piece entities with the game.
#![allow(dead_code)]

pub mod window_app;

use std::collections::BTreeSet;
use std::time::Duration;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gamut::HeadlessPlugins;
use gamut::input::BoardInput;
use gamut::model::{AnimationSpeed, Cell, CurrentGame, GameSettings, MoveRequest, Player};
use gamut::play::{AppState, GameCommand, OnSquare, Piece, TurnState};
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::level::Level;
use gamut_engine::loa::Variant;
use gamut_engine::{Color as Side, Game};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The headless game with `settings`, a new game started.
pub fn app(settings: GameSettings) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, HeadlessPlugins))
        .insert_resource(settings)
        .insert_resource(CurrentGame::new(settings.config));
    start(&mut app);
    app
}

/// Sends New Game and lets the state change apply.
pub fn start(app: &mut App) {
    app.update();
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    // State changes apply at the start of the next frame.
    app.update();
}

/// The headless game plus the input machine (clicks through `BoardInput`, as the mouse does).
pub fn app_with_input(settings: GameSettings) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, HeadlessPlugins))
        .add_plugins(gamut::input::InputPlugin)
        .init_resource::<ButtonInput<KeyCode>>()
        .insert_resource(settings)
        .insert_resource(CurrentGame::new(settings.config));
    app
}

/// A click on `name` as the mouse makes it.
pub fn click(app: &mut App, name: &str) {
    let at: Cell = name.parse().unwrap();
    app.world_mut()
        .run_system_once(move |mut input: BoardInput| input.act(at))
        .expect("the click system runs");
}

pub fn settings(kind: GameKind, black: Player, white: Player) -> GameSettings {
    let mut config = GameConfig {
        kind,
        ..GameConfig::default()
    };
    config.epaminondas.board = BoardSize::Small;
    GameSettings {
        config,
        black,
        white,
        black_marked: black,
        white_marked: white,
        think_time: Duration::from_millis(20),
        animation: AnimationSpeed::Instant,
        ..GameSettings::default()
    }
}

/// Lines of Action settings for a variant.
pub fn variant_settings(variant: Variant, black: Player, white: Player) -> GameSettings {
    let mut s = settings(GameKind::LinesOfAction, black, white);
    s.config.loa.variant = variant;
    s
}

pub fn computer(level: u8) -> Player {
    Player::Computer(Level::new(level).unwrap())
}

/// A piece as (square, black?, marked?).
pub type PieceKey = ((i32, i32), bool, bool);

/// The pieces as the entities show them.
pub fn entity_pieces(app: &mut App) -> BTreeSet<PieceKey> {
    let mut query = app.world_mut().query::<(&Piece, &OnSquare)>();
    query
        .iter(app.world())
        .map(|(p, s)| ((s.0.file, s.0.rank), p.owner == Side::Black, p.marked))
        .collect()
}

pub fn game(app: &App) -> &CurrentGame {
    app.world().resource::<CurrentGame>()
}

pub fn game_pieces(app: &App) -> BTreeSet<PieceKey> {
    let game = game(app);
    game.pieces()
        .iter()
        .map(|&(c, s)| ((c.file, c.rank), s == Side::Black, game.is_marked(c)))
        .collect()
}

pub fn piece_entity_count(app: &mut App) -> usize {
    let mut query = app.world_mut().query::<&Piece>();
    query.iter(app.world()).count()
}

pub fn app_state(app: &App) -> AppState {
    *app.world().resource::<State<AppState>>().get()
}

pub fn turn_state(app: &App) -> Option<TurnState> {
    app.world()
        .get_resource::<State<TurnState>>()
        .map(|s| *s.get())
}

/// A random index below `n`.
pub fn pick_index(rng: &mut StdRng, n: usize) -> usize {
    rng.random_range(0..n)
}

/// A random one of `cells`.
pub fn pick(rng: &mut StdRng, cells: &[Cell]) -> Cell {
    cells[pick_index(rng, cells.len())]
}

/// A square's (file, rank) from its name.
pub fn at(name: &str) -> (i32, i32) {
    let c: Cell = name.parse().unwrap();
    (c.file, c.rank)
}

pub fn step(from: &str, to: &str) -> MoveRequest {
    MoveRequest::step(from.parse().unwrap(), to.parse().unwrap())
}

/// A random legal move for the side to move, as the clicks that would make it.
pub fn random_request(app: &App, rng: &mut StdRng) -> Option<MoveRequest> {
    let game = game(app);
    if game.must_pass_and_place() {
        return Some(MoveRequest::Place {
            drop: pick(rng, &game.placements(None)),
        });
    }
    let moves: Vec<_> = game
        .movers()
        .iter()
        .flat_map(|&c| game.moves_from(c))
        .collect();
    if moves.is_empty() {
        return None;
    }
    let m = moves[pick_index(rng, moves.len())];
    let drop = game
        .must_place()
        .then(|| pick(rng, &game.placements(Some((m.from, m.to)))));
    Some(MoveRequest::Step {
        from: m.from,
        to: m.to,
        drop,
    })
}

/// Whether a person is to move and may.
pub fn person_to_move(app: &App) -> bool {
    let settings = app.world().resource::<GameSettings>();
    !settings.player_to_move(game(app)).is_computer()
        && turn_state(app) == Some(TurnState::AwaitingInput)
}

/// Plays until the game ends (or `max_frames`), checking the entities after every frame.
/// Returns the number of moves played.
pub fn play_out(app: &mut App, seed: u64, max_frames: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..max_frames {
        if app_state(app) == AppState::GameOver {
            break;
        }
        if person_to_move(app)
            && let Some(request) = random_request(app, &mut rng)
        {
            app.world_mut().write_message(request);
        }
        if turn_state(app) == Some(TurnState::AiThinking) {
            std::thread::sleep(Duration::from_millis(1));
        }
        app.update();
        assert_eq!(
            entity_pieces(app),
            game_pieces(app),
            "entities differ from the game"
        );
        assert_eq!(
            piece_entity_count(app),
            game_pieces(app).len(),
            "a captured piece was not despawned"
        );
    }
    game(app).ply()
}

/// Runs frames until `done` (at least `max_frames` of them, for at least [`GENEROUS`], before it
/// gives up); whether it got there.
pub fn run_until(app: &mut App, max_frames: usize, done: impl Fn(&App) -> bool) -> bool {
    // At least `max_frames` frames, and on a loaded machine as many more as fit in a generous
    // time: the computer's thread may get the processor late, never the test's verdict.
    let started = std::time::Instant::now();
    let mut frames = 0;
    while frames < max_frames || started.elapsed() < GENEROUS {
        if done(app) {
            return true;
        }
        app.update();
        frames += 1;
        std::thread::sleep(Duration::from_millis(1));
    }
    done(app)
}

/// How long a test waits for something another thread does before it calls it lost.
pub const GENEROUS: Duration = Duration::from_secs(120);

pub fn assert_game_over_matches_the_engine(app: &App) {
    assert_eq!(app_state(app), AppState::GameOver);
    let game = game(app);
    let outcome = game
        .position()
        .outcome()
        .expect("the engine says the game is over");
    assert_eq!(game.end().and_then(|e| e.winner()), outcome.winner());
    assert!(game.position().legal_moves().is_empty());
    assert_history_replays(game);
}

/// The move list replayed from the setup through the engine's human notation reaches the same
/// position: every move shown was legal and the game's record is whole.
pub fn assert_history_replays(game: &CurrentGame) {
    let position = game.position();
    let mut replay = game
        .config
        .position_from_text(&position.initial_text())
        .expect("the setup reads back");
    assert_eq!(game.notation().len(), position.moves_played().len());
    for (i, text) in game.notation().iter().enumerate() {
        let mv = replay
            .parse_move(text)
            .unwrap_or_else(|e| panic!("move {} ({text}) does not replay: {e}", i + 1));
        replay.play_unchecked(mv);
    }
    assert_eq!(replay.to_string(), position.to_string());
    assert_eq!(replay.outcome(), position.outcome());
}

/// Whether a lesson or puzzle is being played (the state `Practising`).
pub fn practising(app: &App) -> bool {
    app.world()
        .get_resource::<State<gamut::play::Practising>>()
        .is_some()
}

/// Whether the Exhibition runs (the state `Exhibiting`).
pub fn exhibiting(app: &App) -> bool {
    app.world()
        .get_resource::<State<gamut::play::Exhibiting>>()
        .is_some()
}

/// Waits for `done` (checked every few milliseconds) up to a generous `limit`, for what happens
/// on another thread: whether it happened, never how fast.
pub fn wait_for(limit: Duration, done: impl Fn() -> bool) -> bool {
    let started = std::time::Instant::now();
    while !done() {
        if started.elapsed() > limit {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    true
}
