//! Scores for the graph and the marks of the moves that lost most: pure functions of the
//! analysis's scores (each from Black's point of view, one per position of the game).
//!
//! Thresholds, in pieces (100 centipawns = one piece), of the drop in the mover's score from the
//! position before the move to the position after it, are the engine's coach's
//! ([`gamut_engine::coach`], shared with `gamut-engine explain`):
//! - `?` ([`Mistake::Dubious`]): a drop of at least [`coach::DUBIOUS_DROP`] (1.5 pieces);
//! - `??` ([`Mistake::Blunder`]): a drop of at least [`coach::BLUNDER_DROP`] (3 pieces), or a move
//!   that lets a won position (a forced win seen by the search) go.
//!
//! A won or lost position counts as [`PLOT_LIMIT`] pieces, the edge of the graph.

use gamut_engine::Color as Side;
use gamut_engine::coach::{self, Judgement};
use gamut_engine::search::Score;

/// The graph's range: scores are clamped to ± this many pieces, and wins and losses sit on it.
pub const PLOT_LIMIT: f64 = coach::SCORE_LIMIT;

/// How bad a move was — or, for `!`, how good.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mistake {
    /// `!`: the only move that kept a won position won (the coach's
    /// [`coach::explain_only_move`], found after every position is scored).
    OnlyMove,
    /// `?`: lost at least [`coach::DUBIOUS_DROP`] pieces.
    Dubious,
    /// `??`: lost at least [`coach::BLUNDER_DROP`] pieces, or a win.
    Blunder,
}

/// A score of the side to move, seen by Black: the engine's jobs' own.
pub use gamut_jobs::black_view;

/// A score from Black's point of view as the graph's height in pieces, clamped to
/// ±[`PLOT_LIMIT`] (wins and losses on the edges).
pub fn plot_value(black_score: Score) -> f64 {
    coach::pieces(black_score)
}

/// The mark of each move: `movers[i]` played move `i`, from position `i` to position `i + 1`,
/// whose scores (from Black's point of view, `None` while not yet analysed) are
/// `black_scores[i]` and `black_scores[i + 1]`. One entry per move; `None` for a move that lost
/// little or whose scores are not known yet. The coach's thresholds ([`coach::judge`]).
pub fn mistakes(black_scores: &[Option<Score>], movers: &[Side]) -> Vec<Option<Mistake>> {
    movers
        .iter()
        .enumerate()
        .map(|(i, &mover)| {
            let before = (*black_scores.get(i)?)?;
            let after = (*black_scores.get(i + 1)?)?;
            // Black's view is the mover's when Black moved; flipped back for White.
            match coach::judge(black_view(before, mover), black_view(after, mover))? {
                Judgement::Blunder => Some(Mistake::Blunder),
                Judgement::Dubious => Some(Mistake::Dubious),
                Judgement::OnlyMove => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cp(c: i32) -> Option<Score> {
        Some(Score::Centipawns(c))
    }

    #[test]
    fn drops_are_marked_by_the_movers_loss() {
        use Side::{Black, White};
        let scores = [
            cp(0),   // Black to move
            cp(-20), // Black lost 0.2: nothing
            cp(180), // White lost 2.0: ?
            cp(-150),
            // Black lost 3.3: ??
            cp(-100), // White lost 0.5 (-1.5 → -1.0): nothing
            None,     // not analysed
            cp(0),
        ];
        let marks = mistakes(&scores, &[Black, White, Black, White, Black, White]);
        assert_eq!(
            marks,
            vec![
                None,
                Some(Mistake::Dubious),
                Some(Mistake::Blunder),
                None,
                None,
                None
            ]
        );
    }

    #[test]
    fn a_win_let_go_is_a_blunder_and_a_win_kept_is_not() {
        use Side::{Black, White};
        let scores = [
            Some(Score::WinIn(5)),         // White to move: Black wins by force
            Some(Score::WinIn(4)),         // Black to move: still won
            Some(Score::Centipawns(900)),  // Black let the win go (only a piece on the graph)
            Some(Score::Centipawns(-300)), // White gained
        ];
        let marks = mistakes(&scores, &[White, Black, White]);
        assert_eq!(marks, vec![None, Some(Mistake::Blunder), None]);
        // White's own win let go.
        let scores = [Some(Score::LossIn(3)), Some(Score::Centipawns(-50))];
        assert_eq!(mistakes(&scores, &[White]), vec![Some(Mistake::Blunder)]);
    }

    #[test]
    fn the_graph_clamps_and_the_view_flips() {
        assert_eq!(plot_value(Score::Centipawns(250)), 2.5);
        assert_eq!(plot_value(Score::Centipawns(-5000)), -PLOT_LIMIT);
        assert_eq!(plot_value(Score::WinIn(3)), PLOT_LIMIT);
        assert_eq!(plot_value(Score::LossIn(0)), -PLOT_LIMIT);
        assert_eq!(black_view(Score::WinIn(2), Side::White), Score::LossIn(2));
        assert_eq!(
            black_view(Score::Centipawns(40), Side::White),
            Score::Centipawns(-40)
        );
        assert_eq!(black_view(Score::LossIn(1), Side::Black), Score::LossIn(1));
    }
}
