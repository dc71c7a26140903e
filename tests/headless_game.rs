//! Whole games played headless (`MinimalPlugins` + the game, no window): human moves are
//! injected as the same `MoveRequest` messages a click produces, the computer answers, and after
//! every frame the piece entities must match the game.

mod common;

use bevy::prelude::*;
use common::*;
use gamut::model::{MoveRequest, Notice, Player, Refusal};
use gamut::play::{AppState, GameCommand, Status, TurnState};
use gamut_engine::Color as Side;
use gamut_engine::any_game::GameKind;
use gamut_engine::loa::{IllegalMove, Variant};
use std::time::Duration;

fn notice(app: &App) -> Option<Notice> {
    app.world().resource::<Status>().notice().cloned()
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
    assert_game_over_matches_the_engine(&app);
}

#[test]
fn computer_against_computer_epaminondas_to_the_end() {
    let mut app = app(settings(GameKind::Epaminondas, computer(1), computer(2)));
    play_out(&mut app, 2, 40_000);
    assert_game_over_matches_the_engine(&app);
}

#[test]
fn hot_seat_lines_of_action_to_the_end() {
    let mut app = app(settings(
        GameKind::LinesOfAction,
        Player::Human,
        Player::Human,
    ));
    play_out(&mut app, 3, 20_000);
    assert_game_over_matches_the_engine(&app);
}

#[test]
fn an_illegal_move_changes_nothing_and_says_why() {
    let mut app = app(settings(
        GameKind::LinesOfAction,
        Player::Human,
        Player::Human,
    ));
    let before = (game_pieces(&app), game(&app).ply());
    for (from, to) in [("b1", "b2"), ("a2", "c2"), ("d4", "d5"), ("b1", "c3")] {
        app.world_mut().write_message(step(from, to));
        app.update();
        let refused = notice(&app);
        assert!(
            matches!(refused, Some(Notice::Refused(r, _)) if r == step(from, to)),
            "{refused:?}"
        );
        assert_eq!((game_pieces(&app), game(&app).ply()), before);
        assert_eq!(entity_pieces(&mut app), before.0);
    }
    // A legal one is played.
    app.world_mut().write_message(MoveRequest::step(
        "b1".parse().unwrap(),
        "b3".parse().unwrap(),
    ));
    app.update();
    assert_eq!(game(&app).ply(), 1);
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
        if game(&app).ply() == 2 && turn_state(&app) == Some(TurnState::AwaitingInput) {
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(game(&app).ply(), 2, "the computer answered");
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    app.update();
    assert_eq!(game(&app).ply(), 0);
    assert_eq!(game(&app).side_to_move(), Side::Black);
    assert_eq!(entity_pieces(&mut app), game_pieces(&app));
    // Redo replays the person's move.
    app.world_mut().write_message(GameCommand::Redo);
    app.update();
    assert_eq!(game(&app).ply(), 1);
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
    let end = game(&app).end().unwrap();
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
        .insert_resource(gamut::play::StartPosition(Some(
            "w7/8/8/3bb1b1/4b3/8/8/w6w b".into(),
        )));
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    app.update();
    assert_eq!(game(&app).pieces().len(), 7);
    assert_eq!(entity_pieces(&mut app), game_pieces(&app));
    // seed 001, figure 3: g5-f4 connects Black.
    app.world_mut().write_message(step("g5", "f4"));
    assert!(run_until(&mut app, 10, |app| app_state(app) == AppState::GameOver));
    assert_game_over_matches_the_engine(&app);
    let rules = game(&app);
    assert_eq!(rules.end().and_then(|e| e.winner()), Some(Side::Black));
    assert_eq!(rules.winning_squares().len(), 4);
    // No further move is accepted.
    app.world_mut().write_message(MoveRequest::step(
        "a1".parse().unwrap(),
        "b1".parse().unwrap(),
    ));
    app.update();
    assert_eq!(game(&app).ply(), 1);
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
    assert_game_over_matches_the_engine(&app);
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
    assert_game_over_matches_the_engine(&app);
    let rules = game(&app);
    assert_eq!(rules.held(), [0, 0]);
    assert!(rules.notation()[0].contains(" @"), "{:?}", rules.notation());
}

#[test]
fn parachute_computer_against_computer_to_the_end() {
    let app = computer_game_to_the_end(Variant::Parachute, 12);
    let rules = game(&app);
    assert!(rules.ply() >= 12 && rules.held() == [0, 0]);
}

#[test]
fn loa_for_four_with_four_computer_seats_to_the_end() {
    let app = computer_game_to_the_end(Variant::FourPlayers, 13);
    let rules = game(&app);
    assert!(rules.notation().len() >= 4);
}

#[test]
fn loa_for_four_with_people_and_computers_to_the_end() {
    let mut s = variant_settings(Variant::FourPlayers, Player::Human, computer(1));
    s.black_marked = computer(2);
    s.white_marked = Player::Human;
    let mut app = app(s);
    play_out(&mut app, 14, 60_000);
    assert_game_over_matches_the_engine(&app);
}

#[test]
fn ambidextrous_computer_against_computer_to_the_end() {
    let app = computer_game_to_the_end(Variant::Ambidextrous, 15);
    assert!(game(&app).notation().len() >= 4);
}

#[test]
fn boundless_computer_against_computer_to_the_end() {
    let app = computer_game_to_the_end(Variant::Boundless, 16);
    let rules = game(&app);
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
    assert!(
        matches!(
            notice(&app),
            Some(Notice::Refused(
                _,
                Refusal::LinesOfAction(IllegalMove::WrongSet { .. })
            ))
        ),
        "{:?}",
        notice(&app)
    );
    assert_eq!(game(&app).ply(), 0);
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
    assert_eq!(
        notice(&app),
        Some(Notice::Refused(
            step("h2", "f2"),
            Refusal::LinesOfAction(IllegalMove::PlacementMissing)
        ))
    );
    assert_eq!(game(&app).ply(), 0);
    app.world_mut().write_message(MoveRequest::Step {
        from: "h2".parse().unwrap(),
        to: "f2".parse().unwrap(),
        drop: Some("d4".parse().unwrap()),
    });
    app.update();
    app.update();
    let rules = game(&app);
    assert_eq!(rules.notation(), ["h2-f2 @d4"]);
    assert_eq!(rules.held(), [5, 6]);
    assert_eq!(entity_pieces(&mut app).len(), 13);
}
