//! The monkey test: the real game plugins (the headless game, the computer, input, animations,
//! saves and autosave, and the eight features: analysis board, editor, learn from your mistakes,
//! tournament, strength, puzzles, lessons, Exhibition, with the review) driven for thousands of
//! frames by random input — clicks on random squares and pieces, drags, legal moves, keys, undo,
//! redo, new games of every game and variant with random players, resignations, hints, saves,
//! loads, pasted records and resumes, and each feature's own commands (opened, stepped, played
//! from, left, at any moment) — during the computer's thinking and during animations included.
//! After every frame the piece entities must match the game, and nothing may panic.
//!
//! Seeded: `GAMUT_MONKEY_SEED=N` replays one run, `GAMUT_MONKEY_FRAMES=N` sets its length
//! (`scripts/monkey.sh` runs long ones in release).

mod common;

use std::time::Duration;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use common::*;
use gamut::board::motion::MotionPlugin;
use gamut::input::{BoardInput, InputPlugin, Selection};
use gamut::model::{AnimationSpeed, Cell, CurrentGame, GameSettings, Player};
use gamut::persist::{DataDir, PersistPlugin, PersistRequest};
use gamut::play::{GameCommand, HintRequest};
use gamut::review::AnalysisLimits as ReviewLimits;
use gamut_engine::level::Level;
use gamut_engine::{Color as Side, epaminondas, loa};
use gamut_fuzz::targets;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn temp_dir(seed: u64) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamut-monkey-{}-{seed}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn random_player(rng: &mut StdRng) -> Player {
    match rng.random_range(0..Level::MAX.number() + 2) {
        0..=1 => Player::Human,
        n => Player::Computer(Level::new(n - 1).expect("levels 1 to Level::MAX")),
    }
}

/// Settings of a random game, variant, rule options, players and animation speed.
fn random_settings(rng: &mut StdRng) -> GameSettings {
    let configs = targets::configs();
    let mut config = configs[rng.random_range(0..configs.len())].1;
    if rng.random_bool(0.2) {
        config.loa.first_player = Side::White;
    }
    if rng.random_bool(0.2) {
        config.loa.simultaneous = loa::SimultaneousConnection::MoverWins;
    }
    if rng.random_bool(0.2) {
        config.epaminondas.anti_symmetry = false;
    }
    if rng.random_bool(0.2) {
        config.set_repetition_draw(false);
    }
    if config.epaminondas.board == epaminondas::BoardSize::Standard && rng.random_bool(0.5) {
        // The big board's games are long: play the small one more often.
        config.epaminondas.board = epaminondas::BoardSize::Small;
    }
    GameSettings {
        config,
        black: random_player(rng),
        white: random_player(rng),
        black_marked: random_player(rng),
        white_marked: random_player(rng),
        think_time: Duration::from_millis(rng.random_range(10..60)),
        animation: AnimationSpeed::ALL[rng.random_range(0..AnimationSpeed::ALL.len())],
        ..GameSettings::default()
    }
}

/// The whole game but the drawing, the words, the sounds and the screen reader: headless game,
/// computer, input, animations, saves, and with `features` the review and the eight features.
fn monkey_app(settings: GameSettings, dir: &std::path::Path, features: bool) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, gamut::HeadlessPlugins))
        .add_plugins((InputPlugin, MotionPlugin, PersistPlugin));
    if features {
        app.add_plugins((
            gamut::review::ReviewPlugin,
            gamut::analysis::AnalysisPlugin,
            gamut::mistakes::MistakesPlugin,
            gamut::tournament::TournamentPlugin,
            gamut::strength::StrengthPlugin,
            gamut::puzzles::PuzzleLogicPlugin,
            gamut::learn::LearnPlugin,
            gamut::exhibition::ExhibitionPlugin,
            gamut::editor::EditorPlugin,
        ))
        // The board's arrows, which the analysis board and the mistakes draw (no board here).
        .init_resource::<gamut::board::arrows::BoardArrows>();
    }
    app.insert_resource(ReviewLimits {
        per_position: Duration::from_millis(5),
        depth: 2,
    })
    .init_resource::<ButtonInput<KeyCode>>()
    .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )))
    // The computer's answers, and the frames they come at, are the same on any machine.
    .insert_resource(gamut::ai::Thinking::Fixed { nodes: 2_000 })
    .insert_resource(DataDir::at(dir))
    .insert_resource(settings)
    .insert_resource(CurrentGame::new(settings.config));
    start(&mut app);
    app
}

/// A random cell on the board or just off it (Boundless' board grows; clicks off it are fine).
fn random_cell(app: &App, rng: &mut StdRng) -> Cell {
    let (low, high) = game(app).bounds();
    Cell {
        file: rng.random_range(low.file - 2..=high.file + 2),
        rank: rng.random_range(low.rank - 2..=high.rank + 2),
    }
}

fn act(app: &mut App, at: Cell) {
    app.world_mut()
        .run_system_once(move |mut input: BoardInput| input.act(at))
        .expect("the click system runs");
}

fn selected(app: &App) -> Option<Cell> {
    app.world().resource::<Selection>().from()
}

/// A drag as the pointer observers see it: the piece is picked up (selected) and dropped.
fn drag(app: &mut App, from: Cell, to: Cell) {
    if selected(app) != Some(from) {
        act(app, from);
    }
    if selected(app) == Some(from) && from != to {
        act(app, to);
    }
}

/// The clicks of a random legal move (and its placement), when a person may move.
fn legal_clicks(app: &mut App, rng: &mut StdRng) {
    let Some(request) = random_request(app, &mut StdRng::seed_from_u64(rng.random())) else {
        return;
    };
    match request {
        gamut::model::MoveRequest::Step { from, to, drop } => {
            act(app, from);
            act(app, to);
            if let Some(drop) = drop {
                act(app, drop);
            }
        }
        gamut::model::MoveRequest::Place { drop } => act(app, drop),
    }
}

const KEYS: [KeyCode; 12] = [
    KeyCode::KeyU,
    KeyCode::KeyR,
    KeyCode::KeyH,
    KeyCode::KeyN,
    KeyCode::KeyV,
    KeyCode::KeyF,
    KeyCode::KeyC,
    KeyCode::F1,
    KeyCode::Escape,
    KeyCode::Escape,
    KeyCode::KeyZ,
    KeyCode::KeyS,
];

/// One random action (or none); the frame follows. With `features`, a fifth of them go to the
/// review and the features.
fn random_action(
    app: &mut App,
    rng: &mut StdRng,
    dir: &std::path::Path,
    features: bool,
    trace: bool,
) {
    let choice = rng.random_range(0..if features { 125 } else { 100 });
    if trace {
        println!("  action {choice}");
    }
    let world_write = |app: &mut App, command: GameCommand| {
        app.world_mut().write_message(command);
    };
    match choice {
        0..=19 => {
            let at = random_cell(app, rng);
            act(app, at);
        }
        20..=29 => {
            let pieces = game(app).pieces().to_vec();
            if !pieces.is_empty() {
                let from = pieces[rng.random_range(0..pieces.len())].0;
                let to = random_cell(app, rng);
                drag(app, from, to);
            }
        }
        30..=49 => legal_clicks(app, rng),
        50..=61 => {
            let key = KEYS[rng.random_range(0..KEYS.len())];
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            if rng.random_bool(0.3) {
                keys.press(KeyCode::ControlLeft);
            }
            keys.press(key);
        }
        62..=65 => world_write(app, GameCommand::Undo),
        66..=68 => world_write(app, GameCommand::Redo),
        69..=70 => world_write(app, GameCommand::Resign),
        71..=74 => {
            let settings = random_settings(rng);
            app.insert_resource(settings);
            world_write(app, GameCommand::NewGame);
        }
        75..=77 => {
            app.world_mut().write_message(HintRequest);
        }
        78..=80 => {
            let name = format!("monkey {}", rng.random_range(0..4));
            app.world_mut().write_message(PersistRequest::Save(name));
        }
        81..=83 => {
            let name = format!("monkey {}.json", rng.random_range(0..4));
            app.world_mut()
                .write_message(PersistRequest::Open(dir.join("saves").join(name)));
        }
        84..=85 => {
            app.world_mut().write_message(PersistRequest::Resume);
        }
        86..=87 => {
            // A pasted record: the game's own, sometimes damaged.
            let settings = *app.world().resource::<GameSettings>();
            let mut text = gamut::persist::save::record_of(game(app), &settings).to_string();
            if rng.random_bool(0.5) && !text.is_empty() {
                let cut = rng.random_range(0..text.len());
                text.truncate(cut);
                while !text.is_char_boundary(text.len()) {
                    text.pop();
                }
            }
            app.world_mut().write_message(PersistRequest::Paste(text));
        }
        100..=124 => feature_action(app, rng, trace),
        _ => {} // a quiet frame: the computer thinks, the pieces glide
    }
}

/// One of any feature's commands, at any moment (most of them out of place: a lesson's Next in
/// a tournament game, Play from here with no review).
fn feature_action(app: &mut App, rng: &mut StdRng, trace: bool) {
    use gamut::analysis::AnalysisCommand;
    use gamut::editor::{EditorCommand, OpenEditor};
    use gamut::learn::LessonAction;
    use gamut::mistakes::MistakesCommand;
    use gamut::play::{OpenAnalysis, OpenLearn, StartExhibition};
    use gamut::puzzles::PuzzleCommand;
    use gamut::review::{Opponent, ReviewCommand};
    use gamut::tournament::TournamentCommand;
    use gamut::tournament::core::entrant::{Entrant, EntrantKind};
    use gamut::tournament::core::{Format, round::GameResult};
    use gamut_engine::Game;

    let opponent = if rng.random_bool(0.5) {
        Opponent::Computer
    } else {
        Opponent::HotSeat
    };
    let feature = rng.random_range(0..9);
    if trace {
        println!("  feature {feature}");
    }
    match feature {
        0 => {
            let ply = game(app).ply();
            let command = match rng.random_range(0..9) {
                0 => ReviewCommand::Enter,
                1 => ReviewCommand::Leave,
                2 => ReviewCommand::First,
                3 => ReviewCommand::Previous,
                4 => ReviewCommand::Next,
                5 => ReviewCommand::Last,
                6 => ReviewCommand::Goto(rng.random_range(0..ply + 2)),
                7 => ReviewCommand::PlayFromHere(opponent),
                _ => ReviewCommand::Analyse,
            };
            app.world_mut().write_message(command);
        }
        1 => {
            let command = match rng.random_range(0..8) {
                0 => {
                    let game = Box::new(game(app).clone());
                    app.world_mut().write_message(OpenAnalysis::Game(game));
                    return;
                }
                1 => AnalysisCommand::First,
                2 => AnalysisCommand::Back,
                3 => AnalysisCommand::Forward,
                4 => AnalysisCommand::Last,
                5 => AnalysisCommand::ToggleEngine,
                6 => AnalysisCommand::PlayFromHere(opponent),
                _ => {
                    let moves = game(app).position().legal_moves();
                    if moves.is_empty() {
                        return;
                    }
                    AnalysisCommand::Play(moves[rng.random_range(0..moves.len())])
                }
            };
            app.world_mut().write_message(command);
        }
        2 => {
            // Learning from a game's mistakes begins once it is over: sometimes the player
            // resigns first (a frame) to have one.
            let over = |app: &App| app_state(app) == gamut::play::AppState::GameOver;
            if !over(app) && rng.random_bool(0.5) {
                app.world_mut().write_message(GameCommand::Resign);
                app.update();
            }
            let over = over(app);
            app.world_mut().write_message(match rng.random_range(0..5) {
                _ if over && rng.random_bool(0.6) => MistakesCommand::Start,
                0 => MistakesCommand::Start,
                1 => MistakesCommand::TryAgain,
                2 => MistakesCommand::ShowBetter,
                3 => MistakesCommand::Next,
                _ => MistakesCommand::Finish,
            });
        }
        3 => {
            let command = match rng.random_range(0..6) {
                0 => {
                    let entrants = (0..rng.random_range(2..5))
                        .map(|i| Entrant {
                            name: format!("monkey {i}"),
                            kind: if rng.random_bool(0.5) {
                                EntrantKind::Person
                            } else {
                                EntrantKind::Computer {
                                    level: rng.random_range(1..4),
                                }
                            },
                        })
                        .collect();
                    let create = TournamentCommand::Create {
                        entrants,
                        format: if rng.random_bool(0.5) {
                            Format::RoundRobin { double: false }
                        } else {
                            Format::Swiss { rounds: 1 }
                        },
                        game: random_settings(rng),
                    };
                    // Made, and its first game begun, as the screen's Start and Play do.
                    app.world_mut().write_message(create);
                    TournamentCommand::Play { round: 1, board: 1 }
                }
                1 | 2 => TournamentCommand::Play {
                    round: rng.random_range(0..4),
                    board: rng.random_range(0..3),
                },
                3 => TournamentCommand::Enter {
                    round: rng.random_range(1..4),
                    board: rng.random_range(1..3),
                    result: [
                        None,
                        Some(GameResult::BlackWins),
                        Some(GameResult::WhiteWins),
                        Some(GameResult::Draw),
                    ][rng.random_range(0..4)],
                },
                4 => TournamentCommand::PairNext,
                _ => TournamentCommand::PutAway,
            };
            app.world_mut().write_message(command);
        }
        4 => {
            let puzzles = app
                .world()
                .resource::<gamut::puzzles::Catalog>()
                .entries
                .len();
            app.world_mut().write_message(match rng.random_range(0..8) {
                0 | 1 => PuzzleCommand::Open(rng.random_range(0..puzzles + 1)),
                2 => PuzzleCommand::TryAgain,
                3 => PuzzleCommand::Hint,
                4 => PuzzleCommand::ShowSolution,
                5 => PuzzleCommand::Next,
                6 => PuzzleCommand::BackToList,
                _ => PuzzleCommand::BackToTitle,
            });
        }
        5 => {
            let lessons = gamut::learn::LESSONS.len();
            app.world_mut().write_message(match rng.random_range(0..8) {
                0 | 1 => LessonAction::Open(rng.random_range(0..lessons + 1)),
                2 | 3 => LessonAction::Next,
                4 => LessonAction::TryAgain,
                5 => LessonAction::ShowMe,
                6 => LessonAction::BackToList,
                _ => LessonAction::BackToTitle,
            });
        }
        6 => {
            if rng.random_bool(0.5) {
                app.world_mut().write_message(OpenLearn::Lessons);
            } else {
                app.world_mut().write_message(OpenLearn::Puzzles);
            }
        }
        7 => {
            app.world_mut().write_message(StartExhibition);
        }
        _ => {
            if rng.random_bool(0.3) {
                app.world_mut().write_message(OpenEditor);
                return;
            }
            let at = random_cell(app, rng);
            app.world_mut()
                .write_message(match rng.random_range(0..10) {
                    0..=3 => EditorCommand::Click(at),
                    4 => EditorCommand::Clear,
                    5 => EditorCommand::StartPosition,
                    6 => EditorCommand::PlayComputer {
                        person: gamut_engine::Color::White,
                        level: gamut_engine::level::Level::new(1).unwrap(),
                    },
                    7 => EditorCommand::PlayHotSeat,
                    8 => EditorCommand::Analyse,
                    _ => EditorCommand::Back,
                });
        }
    }
}

/// What a run did: the moves played in all (counted as plies gained), and the game's moves
/// after each frame.
#[derive(Debug, PartialEq)]
struct Run {
    moves: usize,
    games: Vec<String>,
    /// The features the run was in at the end of a frame.
    reached: std::collections::BTreeSet<&'static str>,
}

/// The features the game is in now.
fn features_in(app: &App) -> Vec<&'static str> {
    use gamut::play::{AppState, GameMode};
    let world = app.world();
    let state = *world.resource::<State<AppState>>().get();
    let mode = *world.resource::<State<GameMode>>().get();
    let mut now = Vec::new();
    let mut add = |on: bool, name| {
        if on {
            now.push(name);
        }
    };
    add(state == AppState::Review, "review");
    add(state == AppState::Editing, "editor");
    add(mode == GameMode::Analysis, "analysis");
    add(mode == GameMode::Show, "exhibition");
    add(mode == GameMode::Tournament, "tournament");
    add(
        world
            .get_resource::<gamut::mistakes::MistakesLesson>()
            .is_some_and(|l| l.0.is_some()),
        "mistakes",
    );
    add(
        world
            .get_resource::<gamut::learn::LessonScreen>()
            .is_some_and(|l| l.at.is_some()),
        "lessons",
    );
    add(
        world
            .get_resource::<gamut::puzzles::PuzzleScreen>()
            .is_some_and(|p| p.attempt.is_some()),
        "puzzles",
    );
    now
}

/// Frames of random input from `seed` (with the features' commands when `features`); checks the
/// entities after each one.
fn monkey(seed: u64, frames: usize, features: bool) -> Run {
    let dir = temp_dir(seed);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut app = monkey_app(random_settings(&mut rng), &dir, features);
    let mut moves = 0;
    let mut games = Vec::with_capacity(frames);
    let mut reached = std::collections::BTreeSet::new();
    let trace = std::env::var("GAMUT_MONKEY_TRACE").is_ok();
    for frame in 0..frames {
        if trace {
            let g = game(&app);
            println!(
                "frame {frame}: ply {} {:?} turn {:?} notation {:?}",
                g.ply(),
                app_state(&app),
                turn_state(&app),
                g.notation().last()
            );
        }
        random_action(&mut app, &mut rng, &dir, features, trace);
        let before = game(&app).ply();
        app.update();
        {
            let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
            keys.release_all();
            keys.clear();
        }
        if game(&app).ply() == before + 1 {
            moves += 1;
        }
        assert_eq!(
            entity_pieces(&mut app),
            game_pieces(&app),
            "seed {seed}, frame {frame}: the piece entities differ from the game"
        );
        assert_eq!(
            piece_entity_count(&mut app),
            game_pieces(&app).len(),
            "seed {seed}, frame {frame}: a piece entity too many"
        );
        if frame % 64 == 0 {
            assert_history_replays(game(&app));
        }
        games.push(game(&app).notation().join(" "));
        reached.extend(features_in(&app));
    }
    let _ = std::fs::remove_dir_all(&dir);
    Run {
        moves,
        games,
        reached,
    }
}

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

#[test]
fn random_input_never_breaks_the_game() {
    let frames = env_number("GAMUT_MONKEY_FRAMES").unwrap_or(800) as usize;
    let seeds: Vec<u64> = match env_number("GAMUT_MONKEY_SEED") {
        Some(seed) => vec![seed],
        None => (1..=env_number("GAMUT_MONKEY_RUNS").unwrap_or(2)).collect(),
    };
    let mut reached = std::collections::BTreeSet::new();
    for seed in seeds {
        let start = std::time::Instant::now();
        let run = monkey(seed, frames, true);
        println!(
            "monkey seed {seed}: {frames} frames, {} moves, {:.1} s, in {:?}",
            run.moves,
            start.elapsed().as_secs_f64(),
            run.reached
        );
        reached.extend(run.reached);
    }
    println!("features reached: {reached:?}");
    // Seeds 1 and 2 go through every feature with a screen of its own (strength has none: it
    // follows the games' ends); a change that keeps the monkey out of one is seen here.
    if env_number("GAMUT_MONKEY_SEED").is_none() && frames >= 800 {
        let every = [
            "analysis",
            "editor",
            "exhibition",
            "lessons",
            "mistakes",
            "puzzles",
            "review",
            "tournament",
        ];
        let missed: Vec<_> = every.iter().filter(|f| !reached.contains(*f)).collect();
        assert!(missed.is_empty(), "the monkey never reached {missed:?}");
    }
}

/// A seed replays the same run: the same moves at the same frames (the computer searches a
/// fixed budget, time advances by a set amount each frame). Without the features, whose
/// analyses run for a time on threads of their own.
#[test]
fn a_seed_replays_the_same_run() {
    let first = monkey(3, 250, false);
    assert!(first.moves > 10, "a run with moves: {}", first.moves);
    let again = monkey(3, 250, false);
    let differs = first
        .games
        .iter()
        .zip(&again.games)
        .position(|(a, b)| a != b);
    assert_eq!(differs, None, "seed 3 went otherwise from this frame on");
    assert_eq!(first, again);
}

/// Sends the computer's answer (a legal move of the game as it is) before the play systems,
/// as the computer's plugin does.
#[derive(Resource, Default)]
struct InjectMove(bool);

fn inject_move(
    mut inject: ResMut<InjectMove>,
    game: Res<CurrentGame>,
    mut moves: MessageWriter<gamut::play::PlayMove>,
) {
    use gamut_engine::Game;
    if std::mem::take(&mut inject.0) {
        let mv = game.position().legal_moves()[0];
        moves.write(gamut::play::PlayMove::new(
            mv,
            gamut::play::Mover::Computer,
            &game,
        ));
    }
}

/// Found by the monkey test (seed 1, frame 58): the computer's answer arrived in the frame of
/// a New Game (or an undo); the pieces were rebuilt from the new game, then the answer's move
/// was applied to them too, so a piece stood where the game had none.
#[test]
fn a_move_played_in_the_frame_of_a_reset_is_not_applied_twice() {
    for command in [GameCommand::NewGame, GameCommand::Undo] {
        // The computer moves first and thinks far longer than the test: its answers are the
        // injected ones.
        let mut settings = common::settings(
            gamut_engine::any_game::GameKind::LinesOfAction,
            Player::Computer(gamut_engine::level::Level::MIN),
            Player::Human,
        );
        settings.think_time = Duration::from_secs(600);
        let mut app = common::app(settings);
        app.init_resource::<InjectMove>()
            .add_systems(Update, inject_move.before(gamut::play::PlaySystems));
        for _ in 0..3 {
            app.world_mut().resource_mut::<InjectMove>().0 = true;
            app.world_mut().write_message(command);
            app.update();
            app.update();
            assert_eq!(entity_pieces(&mut app), game_pieces(&app), "{command:?}");
            assert_eq!(piece_entity_count(&mut app), game_pieces(&app).len());
        }
    }
}

/// Found by the monkey test (seed 1, frame 102): a game opened from a save showed the old
/// game's pieces for one frame (the request was handled after the play systems).
#[test]
fn an_opened_game_has_its_pieces_in_the_same_frame() {
    let dir = temp_dir(1_000_001);
    let mut rng = StdRng::seed_from_u64(5);
    let mut settings = random_settings(&mut rng);
    settings.config = targets::configs()[3].1; // LOA for four
    settings.black = Player::Human;
    settings.white = Player::Human;
    settings.black_marked = Player::Human;
    settings.white_marked = Player::Human;
    let mut app = monkey_app(settings, &dir, false);
    for _ in 0..3 {
        legal_clicks(&mut app, &mut rng);
        app.update();
        app.update();
    }
    app.world_mut()
        .write_message(PersistRequest::Save("four".into()));
    app.update();
    let mut other = settings;
    other.config = targets::configs()[7].1; // small Epaminondas
    app.insert_resource(other);
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    app.update();
    app.world_mut()
        .write_message(PersistRequest::Open(dir.join("saves").join("four.json")));
    app.update();
    assert!(game(&app).is_four_players(), "the save was opened");
    assert_eq!(entity_pieces(&mut app), game_pieces(&app));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The computer's search table (64 MiB) is made when it first thinks, not at start-up: a game
/// between people never allocates it.
#[test]
fn the_search_table_is_made_when_the_computer_first_thinks() {
    use gamut_engine::any_game::GameKind;
    let has_table = |app: &App| app.world().resource::<gamut::ai::Brain>().has_searcher();
    let mut people = common::app(common::settings(
        GameKind::LinesOfAction,
        Player::Human,
        Player::Human,
    ));
    play_out(&mut people, 1, 20);
    assert!(game(&people).ply() > 0);
    assert!(!has_table(&people));
    let mut computers = common::app(common::settings(
        GameKind::LinesOfAction,
        common::computer(1),
        common::computer(1),
    ));
    assert!(run_until(&mut computers, 2000, |a| game(a).ply() > 0));
    assert!(has_table(&computers));
}
