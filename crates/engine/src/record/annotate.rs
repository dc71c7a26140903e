//! Annotating a record with the engine's evaluation after every move.

use super::{Record, RecordError};
use crate::Game;
use crate::any_game::{AnyMove, AnyPosition};
use crate::eval::{BoundlessEvaluator, EpaminondasEvaluator, LoaEvaluator};
use crate::search::{Evaluator, Limits, Score, Searcher};

/// The score the other way round: for the side that just moved instead of the side to move.
fn for_mover(score: Score) -> Score {
    match score {
        Score::Centipawns(cp) => Score::Centipawns(-cp),
        Score::WinIn(plies) => Score::LossIn(plies),
        Score::LossIn(plies) => Score::WinIn(plies),
    }
}

/// The comment after each move: the search's score of the position after it, for the side that
/// moved, and its depth (`+0.35 depth 12`, `win in 3 depth 9`); where the move ended the game,
/// how it ended (`Black wins: connected all pieces`).
fn comments<G: Game, E: Evaluator<G>>(
    mut game: G,
    moves: impl Iterator<Item = G::Move>,
    evaluator: &E,
    limits: Limits,
    hash_megabytes: usize,
) -> Vec<String> {
    let mut searcher = Searcher::<G>::new(hash_megabytes);
    let mut out = Vec::new();
    for mv in moves {
        game.play_unchecked(mv);
        out.push(match game.outcome() {
            Some(outcome) => outcome.to_string(),
            None => {
                let info = searcher.search(&game, evaluator, limits, |_| {});
                format!("{} depth {}", for_mover(info.score), info.depth)
            }
        });
    }
    out
}

/// The record with every move's comment replaced by the engine's evaluation of the position
/// after it: the score for the side that moved (in pieces' worth, `+0.35`, or `win in N` /
/// `loss in N` moves) and the depth searched within `limits`, or how the game ended. The comment
/// before the first move is kept; `hash_megabytes` sizes the search's table. Errors if the record's
/// moves are not legal.
pub fn annotate(
    record: &Record,
    limits: Limits,
    hash_megabytes: usize,
) -> Result<Record, RecordError> {
    record.replay()?;
    let start = record.start_position()?;
    let moves = record.move_list();
    let comments = match start {
        AnyPosition::LinesOfAction(p) => comments(
            p,
            moves.iter().filter_map(|m| match m {
                AnyMove::LinesOfAction(m) => Some(*m),
                _ => None,
            }),
            &LoaEvaluator::default(),
            limits,
            hash_megabytes,
        ),
        AnyPosition::Epaminondas(p) => comments(
            p,
            moves.iter().filter_map(|m| match m {
                AnyMove::Epaminondas(m) => Some(*m),
                _ => None,
            }),
            &EpaminondasEvaluator::default(),
            limits,
            hash_megabytes,
        ),
        AnyPosition::Boundless(p) => comments(
            p,
            moves.iter().filter_map(|m| match m {
                AnyMove::Boundless(m) => Some(*m),
                _ => None,
            }),
            &BoundlessEvaluator::default(),
            limits,
            hash_megabytes,
        ),
    };
    let mut annotated = record.clone();
    for (m, comment) in annotated.moves.iter_mut().zip(comments) {
        m.comment = Some(comment);
    }
    Ok(annotated)
}
