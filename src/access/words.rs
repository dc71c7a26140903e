//! The screen reader's sentences, in the player's language (`access.ftl`): a square as the
//! reader says it, and a move played.

use crate::i18n::Words;
use crate::model::{Cell, CurrentGame};
use crate::play::MovePlayed;
use crate::ui::text;

/// One square for the screen reader: `d4, black piece`, `d4, empty` (a stone in Epaminondas; a
/// marked piece where the sets matter).
pub fn describe_square(w: &Words, game: &CurrentGame, at: Cell) -> String {
    let square = at.to_string();
    match game.piece_at(at) {
        None => w.t_with("access-square-empty", [("square", square.into())]),
        Some(side) => w.t_with(
            "access-square-piece",
            [
                ("square", square.into()),
                ("colour", text::colour(side)),
                ("game", text::men(game.config.kind)),
                (
                    "marked",
                    if game.has_marked_sets() && game.is_marked(at) {
                        "yes"
                    } else {
                        "no"
                    }
                    .into(),
                ),
            ],
        ),
    }
}

/// A move played, for the screen reader: `Black played b1-b3`, `White played a2xc4, capturing`.
/// `notation` is the move as the move list writes it.
pub fn move_sentence(w: &Words, played: &MovePlayed, notation: &str) -> String {
    let key = if played.effects.captured.is_empty() {
        "access-move"
    } else {
        "access-move-capture"
    };
    w.t_with(
        key,
        [
            ("side", text::side(w, played.by).into()),
            ("move", notation.to_string().into()),
        ],
    )
}

/// The move list's writing of the move just played (its last entry), or the engine's when the
/// game has moved on since.
pub fn notation_of(game: &CurrentGame, played: &MovePlayed) -> String {
    match game.notation().last() {
        Some(last) if game.last_move() == Some(played.mv) => last.clone(),
        _ => played.mv.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Language;

    fn c(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn a_square_is_said_with_what_stands_on_it_in_each_language() {
        let game = CurrentGame::default();
        let english = Words::from_assets(Language::English);
        assert_eq!(describe_square(&english, &game, c("b1")), "b1, black piece");
        assert_eq!(describe_square(&english, &game, c("a2")), "a2, white piece");
        assert_eq!(describe_square(&english, &game, c("d4")), "d4, empty");
        let french = Words::from_assets(Language::French);
        assert_eq!(describe_square(&french, &game, c("b1")), "b1, pion noir");
        assert_eq!(describe_square(&french, &game, c("d4")), "d4, vide");
        let italian = Words::from_assets(Language::Italian);
        assert_eq!(
            describe_square(&italian, &game, c("a2")),
            "a2, pezzo bianco"
        );
        assert_eq!(describe_square(&italian, &game, c("d4")), "d4, vuota");
    }

    #[test]
    fn an_epaminondas_man_is_a_stone() {
        let config = gamut_engine::any_game::GameConfig {
            kind: gamut_engine::any_game::GameKind::Epaminondas,
            ..Default::default()
        };
        let game = CurrentGame::new(config);
        let english = Words::from_assets(Language::English);
        assert_eq!(describe_square(&english, &game, c("a1")), "a1, white stone");
    }
}
