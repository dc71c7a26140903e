//! The evaluation shown at the end of a game: the result, not the search's last word.

mod common;

use gamut::ai::{Evaluation, Standing};
use gamut::model::Player;
use gamut_engine::any_game::GameKind;

use common::{app, assert_game_over_matches_the_engine, computer, game, play_out, settings};

#[test]
fn a_game_against_the_computer_ends_with_its_result_on_the_bar() {
    let mut app = app(settings(
        GameKind::LinesOfAction,
        Player::Human,
        computer(2),
    ));
    play_out(&mut app, 7, 20_000);
    assert_game_over_matches_the_engine(&app);
    let (game, evaluation) = (game(&app), app.world().resource::<Evaluation>());
    let end = game.end().expect("the game is over");
    assert!(
        evaluation.current(game).and_then(|a| a.score).is_some(),
        "the computer's last word is still kept"
    );
    assert_eq!(evaluation.standing(game), Some(Standing::Over(end)));
}
