//! Annotating a record with the engine's evaluation after every move: the coach's work (it runs
//! searches); the record only reads and writes the comments.

use std::sync::atomic::AtomicBool;

use crate::Game;
use crate::any_search::AnySearcher;
use crate::eval::Evaluators;
use crate::record::{Record, RecordError};
use crate::search::Limits;

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
    let mut position = record.start_position()?;
    let mut searcher = AnySearcher::new(&position, hash_megabytes);
    let evaluators = Evaluators::default();
    let never = AtomicBool::new(false);
    let mut annotated = record.clone();
    for m in annotated.moves.iter_mut() {
        position.play_unchecked(m.mv);
        m.comment = Some(match position.outcome() {
            Some(outcome) => outcome.to_string(),
            None => {
                let info = searcher.search(&position, &evaluators, limits, &never, |_| {});
                format!("{} depth {}", info.score.flipped(), info.depth)
            }
        });
    }
    Ok(annotated)
}
