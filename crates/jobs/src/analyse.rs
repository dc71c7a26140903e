//! A game's analysis: one short search per position, from the start to the end, each score
//! reported as soon as it is found (so the review's graph fills as it goes); then the coach's
//! `!` for each move that was the only one to keep a won position won.

use std::sync::atomic::{AtomicBool, Ordering};

use gamut_engine::Game;
use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::any_search::AnySearcher;
use gamut_engine::coach::{self, Seen};
use gamut_engine::eval::Evaluators;
use gamut_engine::search::{Limits, Score};
use serde::{Deserialize, Serialize};

use crate::{Progress, black_view};

/// Transposition table of the analysis, in MiB.
const HASH_MB: usize = 16;

/// What the analysis found in one position: the score from Black's point of view, and the best
/// line from it (empty when the game is over there).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Found {
    /// The score, from Black's point of view.
    pub black_score: Score,
    /// The search's best line, best move first.
    pub line: Vec<AnyMove>,
}

/// The score of `position` from Black's point of view and its best line: the result if the game
/// is over, else a short search's (`None` if stopped).
fn score_of(
    searcher: &mut AnySearcher,
    position: &AnyPosition,
    limits: Limits,
    stop: &AtomicBool,
) -> Option<Found> {
    if let Some(outcome) = position.outcome() {
        let black_score = match outcome.winner() {
            Some(gamut_engine::Color::Black) => Score::WinIn(0),
            Some(gamut_engine::Color::White) => Score::LossIn(0),
            None => Score::Centipawns(0),
        };
        return Some(Found {
            black_score,
            line: Vec::new(),
        });
    }
    let info = searcher.search(position, &Evaluators::default(), limits, stop, |_| {});
    (!stop.load(Ordering::Relaxed)).then(|| Found {
        black_score: black_view(info.score, position.side_to_move()),
        line: info.pv,
    })
}

/// Every position scored, from the start to the end; then the moves that were the only ones
/// to keep a win.
pub(super) fn analyse(
    start: AnyPosition,
    moves: &[AnyMove],
    limits: Limits,
    stop: &AtomicBool,
    report: &dyn Fn(Progress),
) {
    let mut searcher = AnySearcher::new(&start, HASH_MB);
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut position = start;
    let mut found = Vec::with_capacity(moves.len() + 1);
    for index in 0..=moves.len() {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let Some(here) = score_of(&mut searcher, &position, limits, stop) else {
            return;
        };
        report(Progress::Position {
            index,
            found: here.clone(),
        });
        found.push(here);
        positions.push(position.clone());
        if let Some(&mv) = moves.get(index) {
            position.play_unchecked(mv);
        }
    }
    find_only_moves(
        &mut searcher,
        &positions,
        moves,
        &found,
        limits,
        stop,
        report,
    );
}

/// The coach's `!` for each move that kept a won position won when every other move let the
/// win go: the other moves are searched as deep as the positions were (see
/// [`coach::explain_only_move`]). Only moves from a won position are looked at.
fn find_only_moves(
    searcher: &mut AnySearcher,
    positions: &[AnyPosition],
    moves: &[AnyMove],
    found: &[Found],
    limits: Limits,
    stop: &AtomicBool,
    report: &dyn Fn(Progress),
) {
    let seen = |i: usize| -> Option<Seen> {
        let f = found.get(i)?;
        let side = positions.get(i)?.side_to_move();
        Some(Seen {
            score: black_view(f.black_score, side),
            line: f.line.clone(),
        })
    };
    for (index, &mv) in moves.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let Some(before) = seen(index) else {
            continue;
        };
        if !matches!(before.score, Score::WinIn(_)) {
            continue;
        }
        // The end itself is not searched: no line after it.
        let after = seen(index + 1).filter(|_| positions[index + 1].outcome().is_none());
        let only = coach::explain_only_move(
            searcher,
            &positions[index],
            mv,
            &before,
            after.as_ref(),
            limits,
            stop,
        );
        if let Some(explanation) = only {
            report(Progress::OnlyMove { index, explanation });
        }
    }
}
