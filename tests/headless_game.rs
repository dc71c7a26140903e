//! Whole games played headless (`MinimalPlugins` + the game logic, no window): human moves are
//! injected as the same `MoveRequest` messages a click produces, the computer answers, and after
//! every frame the piece entities must match `Rules`.

use std::collections::BTreeSet;
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use gamut::logic::{
    AppState, GameCommand, GameLogicPlugin, MoveRequest, OnSquare, Piece, StatusLine, TurnState,
};
use gamut::rules::{Cell, Rules};
use gamut::settings::{AnimationSpeed, GameSettings, Player};
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::level::Level;
use gamut_engine::loa::Variant;
use gamut_engine::{Color as Side, Game};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn app(settings: GameSettings) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, GameLogicPlugin))
        .insert_resource(settings)
        .insert_resource(Rules::new(settings.config));
    app.update();
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    // State changes apply at the start of the next frame.
    app.update();
    app
}

fn settings(kind: GameKind, black: Player, white: Player) -> GameSettings {
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
    }
}

/// Lines of Action settings for a variant.
fn variant_settings(variant: Variant, black: Player, white: Player) -> GameSettings {
    let mut s = settings(GameKind::LinesOfAction, black, white);
    s.config.loa.variant = variant;
    s
}

fn computer(level: u8) -> Player {
    Player::Computer(Level::new(level).unwrap())
}

/// A piece as (square, black?, marked?).
type PieceKey = ((i32, i32), bool, bool);

/// The pieces as the entities show them.
fn entity_pieces(app: &mut App) -> BTreeSet<PieceKey> {
    let mut query = app.world_mut().query::<(&Piece, &OnSquare)>();
    query
        .iter(app.world())
        .map(|(p, s)| ((s.0.file, s.0.rank), p.owner == Side::Black, p.marked))
        .collect()
}

fn rules_pieces(app: &App) -> BTreeSet<PieceKey> {
    let rules = app.world().resource::<Rules>();
    rules
        .pieces()
        .into_iter()
        .map(|(c, s)| ((c.file, c.rank), s == Side::Black, rules.is_marked(c)))
        .collect()
}

fn piece_entity_count(app: &mut App) -> usize {
    let mut query = app.world_mut().query::<&Piece>();
    query.iter(app.world()).count()
}

fn app_state(app: &App) -> AppState {
    *app.world().resource::<State<AppState>>().get()
}

fn turn_state(app: &App) -> Option<TurnState> {
    app.world()
        .get_resource::<State<TurnState>>()
        .map(|s| *s.get())
}

/// A random index below `n`.
fn pick_index(rng: &mut StdRng, n: usize) -> usize {
    rng.random_range(0..n)
}

/// A random one of `cells`.
fn pick(rng: &mut StdRng, cells: &[Cell]) -> Cell {
    cells[pick_index(rng, cells.len())]
}

/// A square's (file, rank) from its name.
fn at(name: &str) -> (i32, i32) {
    let c: Cell = name.parse().unwrap();
    (c.file, c.rank)
}

/// A random legal move for the side to move, as the click that would make it.
fn random_click(app: &App, rng: &mut StdRng) -> Option<MoveRequest> {
    let rules = app.world().resource::<Rules>();
    if rules.must_pass_and_place() {
        return Some(MoveRequest::Place {
            drop: pick(rng, &rules.placements(None)),
        });
    }
    let moves: Vec<_> = rules
        .movers()
        .into_iter()
        .flat_map(|c| rules.moves_from(c))
        .collect();
    if moves.is_empty() {
        return None;
    }
    let m = moves[pick_index(rng, moves.len())];
    let drop = rules
        .must_place()
        .then(|| pick(rng, &rules.placements(Some((m.from, m.to)))));
    Some(MoveRequest::Step {
        from: m.from,
        to: m.to,
        drop,
    })
}

/// Plays until the game ends (or `max_frames`), checking the entities after every frame.
/// Returns the number of moves played.
fn play_out(app: &mut App, seed: u64, max_frames: usize) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..max_frames {
        if app_state(app) == AppState::GameOver {
            break;
        }
        let human_to_move = {
            let rules = app.world().resource::<Rules>();
            let settings = app.world().resource::<GameSettings>();
            !settings.player_to_move(rules).is_computer()
        };
        if human_to_move
            && turn_state(app) == Some(TurnState::AwaitingInput)
            && let Some(click) = random_click(app, &mut rng)
        {
            app.world_mut().write_message(click);
        }
        if turn_state(app) == Some(TurnState::AiThinking) {
            std::thread::sleep(Duration::from_millis(1));
        }
        app.update();
        assert_eq!(
            entity_pieces(app),
            rules_pieces(app),
            "entities differ from Rules"
        );
        assert_eq!(
            piece_entity_count(app),
            rules_pieces(app).len(),
            "a captured piece was not despawned"
        );
    }
    app.world().resource::<Rules>().ply()
}

fn assert_game_over_matches_rules(app: &App) {
    assert_eq!(app_state(app), AppState::GameOver);
    let rules = app.world().resource::<Rules>();
    let outcome = rules
        .position()
        .outcome()
        .expect("the engine says the game is over");
    assert_eq!(rules.end().and_then(|e| e.winner()), outcome.winner());
    assert!(rules.position().legal_moves().is_empty());
}

#[test]
fn human_against_computer_lines_of_action_to_the_end() {
    let mut app = app(settings(
        GameKind::LinesOfAction,
        Player::Human,
        computer(2),
    ));
    assert_eq!(app_state(&app), AppState::Playing);
    let moves = play_out(&mut app, 1, 20_000);
    assert!(moves > 4, "only {moves} moves were played");
    assert_game_over_matches_rules(&app);
}

#[test]
fn computer_against_computer_epaminondas_to_the_end() {
    let mut app = app(settings(GameKind::Epaminondas, computer(1), computer(2)));
    play_out(&mut app, 2, 40_000);
    assert_game_over_matches_rules(&app);
}

#[test]
fn hot_seat_lines_of_action_to_the_end() {
    let mut app = app(settings(
        GameKind::LinesOfAction,
        Player::Human,
        Player::Human,
    ));
    play_out(&mut app, 3, 20_000);
    assert_game_over_matches_rules(&app);
}

#[test]
fn an_illegal_move_changes_nothing_and_says_why() {
    let mut app = app(settings(
        GameKind::LinesOfAction,
        Player::Human,
        Player::Human,
    ));
    let before = (rules_pieces(&app), app.world().resource::<Rules>().ply());
    for (from, to) in [("b1", "b2"), ("a2", "c2"), ("d4", "d5"), ("b1", "c3")] {
        app.world_mut().write_message(MoveRequest::step(
            from.parse().unwrap(),
            to.parse().unwrap(),
        ));
        app.update();
        let status = app.world().resource::<StatusLine>().0.clone();
        assert!(status.starts_with(&format!("{from}-{to}:")), "{status}");
        assert_eq!(
            (rules_pieces(&app), app.world().resource::<Rules>().ply()),
            before
        );
        assert_eq!(entity_pieces(&mut app), before.0);
    }
    // A legal one is played.
    app.world_mut().write_message(MoveRequest::step(
        "b1".parse().unwrap(),
        "b3".parse().unwrap(),
    ));
    app.update();
    assert_eq!(app.world().resource::<Rules>().ply(), 1);
}

#[test]
fn a_capture_despawns_exactly_the_captured_piece() {
    let mut app = app(settings(
        GameKind::LinesOfAction,
        Player::Human,
        Player::Human,
    ));
    // c1xa3 captures White's a3.
    app.world_mut().write_message(MoveRequest::step(
        "c1".parse().unwrap(),
        "a3".parse().unwrap(),
    ));
    app.update();
    app.update();
    assert_eq!(piece_entity_count(&mut app), 23);
    let pieces = entity_pieces(&mut app);
    assert!(pieces.contains(&(at("a3"), true, false)));
    assert!(!pieces.contains(&(at("a3"), false, false)));
    assert!(!pieces.iter().any(|(c, _, _)| *c == at("c1")));
}

#[test]
fn undo_against_the_computer_takes_back_the_pair() {
    let mut app = app(settings(
        GameKind::LinesOfAction,
        Player::Human,
        computer(1),
    ));
    app.world_mut().write_message(MoveRequest::step(
        "b1".parse().unwrap(),
        "b3".parse().unwrap(),
    ));
    for _ in 0..2000 {
        app.update();
        if app.world().resource::<Rules>().ply() == 2
            && turn_state(&app) == Some(TurnState::AwaitingInput)
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(
        app.world().resource::<Rules>().ply(),
        2,
        "the computer answered"
    );
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Rules>().ply(), 0);
    assert_eq!(app.world().resource::<Rules>().side_to_move(), Side::Black);
    assert_eq!(entity_pieces(&mut app), rules_pieces(&app));
    // Redo replays the person's move.
    app.world_mut().write_message(GameCommand::Redo);
    app.update();
    assert_eq!(app.world().resource::<Rules>().ply(), 1);
}

#[test]
fn resigning_ends_the_game_for_the_other_side() {
    let mut app = app(settings(
        GameKind::Epaminondas,
        Player::Human,
        Player::Human,
    ));
    app.world_mut().write_message(GameCommand::Resign);
    app.update();
    app.update();
    assert_eq!(app_state(&app), AppState::GameOver);
    let end = app.world().resource::<Rules>().end().unwrap();
    assert_eq!(
        end.winner(),
        Some(Side::Black),
        "White moves first in Epaminondas and resigned"
    );
}

#[test]
fn the_win_check_after_the_turn_ends_the_game_with_the_right_result() {
    let mut app = app(settings(
        GameKind::LinesOfAction,
        Player::Human,
        Player::Human,
    ));
    app.world_mut()
        .insert_resource(gamut::logic::StartPosition(Some(
            "w7/8/8/3bb1b1/4b3/8/8/w6w b".into(),
        )));
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Rules>().pieces().len(), 7);
    assert_eq!(entity_pieces(&mut app), rules_pieces(&app));
    // seed 001, figure 3: g5-f4 connects Black.
    app.world_mut().write_message(MoveRequest::step(
        "g5".parse().unwrap(),
        "f4".parse().unwrap(),
    ));
    for _ in 0..3 {
        app.update();
    }
    assert_game_over_matches_rules(&app);
    let rules = app.world().resource::<Rules>();
    assert_eq!(rules.end().and_then(|e| e.winner()), Some(Side::Black));
    assert_eq!(rules.winning_squares().len(), 4);
    // No further move is accepted.
    app.world_mut().write_message(MoveRequest::step(
        "a1".parse().unwrap(),
        "b1".parse().unwrap(),
    ));
    app.update();
    assert_eq!(app.world().resource::<Rules>().ply(), 1);
}

/// Every seat of a variant game played by the computer to the end, the entities checked
/// against `Rules` after every frame.
fn computer_game_to_the_end(variant: Variant, seed: u64) -> App {
    let mut s = variant_settings(variant, computer(1), computer(2));
    s.black_marked = computer(2);
    s.white_marked = computer(1);
    let mut app = app(s);
    let moves = play_out(&mut app, seed, 60_000);
    assert!(moves > 4, "{variant}: only {moves} moves");
    assert_game_over_matches_rules(&app);
    app
}

#[test]
fn parachute_with_a_person_and_the_computer_to_the_end() {
    // The person's compound turns come as step + placement requests, like two clicks make.
    let mut app = app(variant_settings(
        Variant::Parachute,
        Player::Human,
        computer(2),
    ));
    let moves = play_out(&mut app, 11, 60_000);
    assert!(
        moves >= 12,
        "the six compound turns each were not all played"
    );
    assert_game_over_matches_rules(&app);
    let rules = app.world().resource::<Rules>();
    assert_eq!(rules.held(), [0, 0]);
    assert!(rules.notation()[0].contains(" @"), "{:?}", rules.notation());
}

#[test]
fn parachute_computer_against_computer_to_the_end() {
    let app = computer_game_to_the_end(Variant::Parachute, 12);
    let rules = app.world().resource::<Rules>();
    assert!(rules.ply() >= 12 && rules.held() == [0, 0]);
}

#[test]
fn loa_for_four_with_four_computer_seats_to_the_end() {
    let app = computer_game_to_the_end(Variant::FourPlayers, 13);
    let rules = app.world().resource::<Rules>();
    assert!(rules.notation().len() >= 4);
}

#[test]
fn loa_for_four_with_people_and_computers_to_the_end() {
    let mut s = variant_settings(Variant::FourPlayers, Player::Human, computer(1));
    s.black_marked = computer(2);
    s.white_marked = Player::Human;
    let mut app = app(s);
    play_out(&mut app, 14, 60_000);
    assert_game_over_matches_rules(&app);
}

#[test]
fn ambidextrous_computer_against_computer_to_the_end() {
    let app = computer_game_to_the_end(Variant::Ambidextrous, 15);
    assert!(app.world().resource::<Rules>().notation().len() >= 4);
}

#[test]
fn boundless_computer_against_computer_to_the_end() {
    let app = computer_game_to_the_end(Variant::Boundless, 16);
    let rules = app.world().resource::<Rules>();
    let (lo, hi) = rules.bounds();
    assert!(lo.file <= -1 && lo.rank <= -1 && hi.file >= 8 && hi.rank >= 8);
}

#[test]
fn a_piece_of_the_set_that_does_not_move_is_refused() {
    let mut app = app(variant_settings(
        Variant::Ambidextrous,
        Player::Human,
        Player::Human,
    ));
    // c1 is marked; Black's first turn moves the plain set.
    app.world_mut().write_message(MoveRequest::step(
        "c1".parse().unwrap(),
        "c3".parse().unwrap(),
    ));
    app.update();
    let status = app.world().resource::<StatusLine>().0.clone();
    assert!(status.contains("this turn the plain set moves"), "{status}");
    assert_eq!(app.world().resource::<Rules>().ply(), 0);
}

#[test]
fn a_parachute_step_without_its_placement_is_refused() {
    let mut app = app(variant_settings(
        Variant::Parachute,
        Player::Human,
        Player::Human,
    ));
    app.world_mut().write_message(MoveRequest::step(
        "h2".parse().unwrap(),
        "f2".parse().unwrap(),
    ));
    app.update();
    let status = app.world().resource::<StatusLine>().0.clone();
    assert!(status.contains("place"), "{status}");
    assert_eq!(app.world().resource::<Rules>().ply(), 0);
    app.world_mut().write_message(MoveRequest::Step {
        from: "h2".parse().unwrap(),
        to: "f2".parse().unwrap(),
        drop: Some("d4".parse().unwrap()),
    });
    app.update();
    app.update();
    let rules = app.world().resource::<Rules>();
    assert_eq!(rules.notation(), ["h2-f2 @d4"]);
    assert_eq!(rules.held(), [5, 6]);
    assert_eq!(entity_pieces(&mut app).len(), 13);
}
