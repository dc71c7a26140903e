//! Which of the game's actions the player may take now: the one rule behind the side panel's
//! buttons, the game-over panel's Undo, the keys and the commands. Every rule asks the game
//! itself (a flag-fall ends it as surely as a connection), not only the app's state.

use gamut_engine::Color as Side;

use super::{AppState, GameMode};
use crate::model::{CurrentGame, GameEnd, GameSettings};

/// The actions open to the player now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Actions {
    /// Take back a move (or a resignation).
    pub undo: bool,
    /// Play again a move taken back.
    pub redo: bool,
    /// Ask the computer for a move.
    pub hint: bool,
    /// Give the game up.
    pub resign: bool,
    /// Step through the game's moves.
    pub review: bool,
    /// Open the game on the analysis board.
    pub analyse: bool,
}

/// What the player may do in `game` with `settings`, the app being in `state`.
pub fn available_actions(game: &CurrentGame, settings: &GameSettings, state: AppState) -> Actions {
    let at_the_game = matches!(state, AppState::Playing | AppState::GameOver);
    let persons_turn = state == AppState::Playing
        && game.end().is_none()
        && settings.player_to_move(game).is_here();
    Actions {
        undo: at_the_game && can_undo(game),
        redo: at_the_game && can_redo(game),
        hint: persons_turn,
        // The side to move resigns: never the computer on a person's click.
        resign: persons_turn,
        review: at_the_game && game.ply() > 0,
        analyse: at_the_game,
    }
}

impl Actions {
    /// The actions in a game of `mode`: a tournament game's end is final (its result went to
    /// the tournament as it ended; see [`end_is_final`]), so it cannot be taken back.
    pub fn in_mode(self, game: &CurrentGame, seats: &GameSettings, mode: GameMode) -> Actions {
        // At a table on the network the server keeps the game: nothing is taken back or
        // played again here, and the engine gives no hints against another person. The
        // player seated here may resign on either side's turn (the server takes it then).
        let table = mode == GameMode::Table;
        let at_the_game = self.analyse;
        let seated = side_here(seats).is_some();
        Actions {
            undo: self.undo && !end_is_final(game, mode) && !table,
            redo: self.redo && !table,
            hint: self.hint && !table,
            resign: if table {
                at_the_game && game.end().is_none() && seated
            } else {
                self.resign
            },
            ..self
        }
    }
}

/// The side whose every seat a person at this screen holds, when the other's are not (a
/// table's seat held here).
pub fn side_here(seats: &GameSettings) -> Option<Side> {
    let here = |side: Side| {
        seats
            .seats()
            .into_iter()
            .enumerate()
            .filter(|(i, _)| (i % 2 == 0) == (side == Side::Black))
            .all(|(_, p)| p == crate::model::Player::Human)
    };
    match (here(Side::Black), here(Side::White)) {
        (true, false) => Some(Side::Black),
        (false, true) => Some(Side::White),
        _ => None,
    }
}

/// Who resigns in `mode`: at a table, the side held here; elsewhere the side to move.
pub fn resigning_side(game: &CurrentGame, seats: &GameSettings, mode: GameMode) -> Side {
    match mode {
        GameMode::Table => side_here(seats).unwrap_or(game.side_to_move()),
        _ => game.side_to_move(),
    }
}

/// Whether the end of `game`, played in `mode`, is final: a tournament game's, whose result the
/// tournament took as it ended (a result typed in by hand on the tournament's page corrects it).
pub fn end_is_final(game: &CurrentGame, mode: GameMode) -> bool {
    mode == GameMode::Tournament && game.end().is_some()
}

/// Whether undo has something to take back: a move, or a resignation. Never a flag-fall: the
/// clocks do not go back with the moves, so the flagged side would play on at 0:00 (a clock at
/// zero does not fall again).
pub fn can_undo(game: &CurrentGame) -> bool {
    match game.end() {
        Some(GameEnd::Time(_)) => false,
        Some(GameEnd::Resigned(_)) => true,
        _ => game.ply() > 0,
    }
}

/// Whether redo has a move to play again: none once the game is over (no move follows the end).
pub fn can_redo(game: &CurrentGame) -> bool {
    game.end().is_none() && game.redo_move().is_some()
}

/// The person's colour in a game of a person against the computer (two seats only).
pub fn learner(game: &CurrentGame, seats: &GameSettings) -> Option<gamut_engine::Color> {
    if game.is_four_players() || !seats.mixes_humans_and_computers() {
        return None;
    }
    [gamut_engine::Color::Black, gamut_engine::Color::White]
        .into_iter()
        .find(|&side| match side {
            gamut_engine::Color::Black => seats.black == crate::model::Player::Human,
            gamut_engine::Color::White => seats.white == crate::model::Player::Human,
        })
}

/// Whether the lesson can start from `game`: a finished game of a person against the computer
/// in which the person moved.
pub fn can_learn(game: &CurrentGame, seats: &GameSettings) -> bool {
    game.end().is_some() && game.ply() > 0 && learner(game, seats).is_some()
}

#[cfg(test)]
mod tests {
    use gamut_engine::Color as Side;
    use gamut_engine::any_game::GameConfig;
    use gamut_engine::level::Level;

    use super::*;
    use crate::model::{MoveRequest, Player};

    fn people() -> GameSettings {
        GameSettings {
            black: Player::Human,
            white: Player::Human,
            ..GameSettings::default()
        }
    }

    fn against_the_computer() -> GameSettings {
        GameSettings {
            black: Player::Human,
            white: Player::Computer(Level::default()),
            ..GameSettings::default()
        }
    }

    fn step(game: &mut CurrentGame, from: &str, to: &str) {
        let request = MoveRequest::step(from.parse().unwrap(), to.parse().unwrap());
        let mv = game.check(request).expect("a legal move");
        game.play(mv);
    }

    /// Black connects with b3-c3 (d5, d4 and b3 join).
    fn won_by_connection() -> CurrentGame {
        let text = "8/8/8/3b4/3b4/1b6/8/w6w b";
        let mut game = CurrentGame::from_text(GameConfig::default(), text).expect("a position");
        step(&mut game, "b3", "c3");
        assert!(game.end().is_some(), "Black connected");
        game
    }

    #[test]
    fn a_person_to_move_in_a_game_going_on_may_do_everything_but_redo() {
        let mut game = CurrentGame::default();
        let at_start = available_actions(&game, &people(), AppState::Playing);
        assert_eq!(
            at_start,
            Actions {
                hint: true,
                resign: true,
                analyse: true,
                ..Actions::default()
            },
            "no move to take back or review yet"
        );
        step(&mut game, "b1", "b3");
        let all = Actions {
            undo: true,
            redo: false,
            hint: true,
            resign: true,
            review: true,
            analyse: true,
        };
        assert_eq!(available_actions(&game, &people(), AppState::Playing), all);
        game.undo();
        step(&mut game, "c1", "c3");
        game.undo();
        assert!(available_actions(&game, &people(), AppState::Playing).redo);
    }

    #[test]
    fn the_computer_to_move_gets_no_hint_and_is_not_resigned_for() {
        let mut game = CurrentGame::default();
        step(&mut game, "b1", "b3");
        assert_eq!(game.side_to_move(), Side::White);
        let actions = available_actions(&game, &against_the_computer(), AppState::Playing);
        assert!(!actions.hint && !actions.resign);
        assert!(actions.undo && actions.review);
    }

    #[test]
    fn a_game_won_by_connection_may_be_taken_back_and_reviewed_only() {
        let game = won_by_connection();
        for state in [AppState::Playing, AppState::GameOver] {
            let actions = available_actions(&game, &people(), state);
            assert_eq!(
                actions,
                Actions {
                    undo: true,
                    review: true,
                    analyse: true,
                    ..Actions::default()
                },
                "{state:?}"
            );
        }
    }

    #[test]
    fn after_a_flag_fall_only_review_and_analysis_are_left() {
        let mut game = CurrentGame::default();
        step(&mut game, "b1", "b3");
        step(&mut game, "a2", "c2");
        game.undo();
        game.lose_on_time(Side::Black);
        // Still Playing for the frame before the state follows the game: the game decides.
        for state in [AppState::Playing, AppState::GameOver] {
            let actions = available_actions(&game, &people(), state);
            assert_eq!(
                actions,
                Actions {
                    review: true,
                    analyse: true,
                    ..Actions::default()
                },
                "{state:?}"
            );
        }
    }

    #[test]
    fn a_tournament_games_end_is_final() {
        let mut game = CurrentGame::new(GameConfig::default());
        game.resign();
        let open = available_actions(&game, &GameSettings::default(), AppState::GameOver);
        assert!(open.undo);
        assert!(open.in_mode(&game, &people(), GameMode::Own).undo);
        assert!(!open.in_mode(&game, &people(), GameMode::Tournament).undo);
        // Before its end, a tournament game's moves may be taken back as any game's.
        let fresh = CurrentGame::new(GameConfig::default());
        assert!(!end_is_final(&fresh, GameMode::Tournament));
    }

    #[test]
    fn a_player_at_a_table_may_resign_on_either_turn() {
        use crate::model::Player;
        let game = CurrentGame::default();
        let white_here = GameSettings {
            black: Player::Remote,
            white: Player::Human,
            ..GameSettings::default()
        };
        let open = available_actions(&game, &white_here, AppState::Playing);
        assert!(
            !open.resign,
            "Black's turn: not White's to resign at one screen"
        );
        let at_table = open.in_mode(&game, &white_here, GameMode::Table);
        assert!(
            at_table.resign,
            "White resigns at the table on Black's turn"
        );
        assert_eq!(
            resigning_side(&game, &white_here, GameMode::Table),
            Side::White
        );
        let watching = GameSettings {
            black: Player::Remote,
            white: Player::Remote,
            ..GameSettings::default()
        };
        assert!(!open.in_mode(&game, &watching, GameMode::Table).resign);
    }

    #[test]
    fn a_resignation_may_be_taken_back() {
        let mut game = CurrentGame::default();
        game.resign();
        assert!(can_undo(&game), "even before any move");
        assert!(!available_actions(&game, &people(), AppState::GameOver).resign);
    }

    #[test]
    fn in_review_the_moves_are_stepped_through_not_played() {
        let mut game = CurrentGame::default();
        step(&mut game, "b1", "b3");
        assert_eq!(
            available_actions(&game, &people(), AppState::Review),
            Actions::default()
        );
        assert_eq!(
            available_actions(&won_by_connection(), &people(), AppState::Review),
            Actions::default()
        );
    }
}
