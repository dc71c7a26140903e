//! Epaminondas evaluation: material, stones on and near the far row, phalanx strength, and
//! threats against intruders on one's own home row.

use crate::epaminondas::{Position, Square};
use crate::search::Evaluator;
use crate::{Color, Game};

/// The weight of each feature.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EpaminondasWeights {
    /// Per stone.
    pub material: i32,
    /// Per stone on the opponent's home row (each one threatens to win).
    pub far_row: i32,
    /// Per rank of advance, squared, summed over stones and scaled down by 16.
    pub advance: i32,
    /// Per pair of own stones touching along a line (phalanx strength).
    pub phalanx: i32,
    /// Per own stone on the own home row (guards against intruders).
    pub home_guard: i32,
    /// For having the move.
    pub side_to_move: i32,
}

impl Default for EpaminondasWeights {
    fn default() -> EpaminondasWeights {
        EpaminondasWeights {
            material: 100,
            far_row: 120,
            advance: 6,
            phalanx: 4,
            home_guard: 3,
            side_to_move: 15,
        }
    }
}

/// The Epaminondas evaluation with its weights.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct EpaminondasEvaluator {
    /// Feature weights.
    pub weights: EpaminondasWeights,
}

impl EpaminondasEvaluator {
    fn side_score(&self, position: &Position, color: Color) -> i32 {
        let w = &self.weights;
        let board = position.board();
        let ranks = i32::from(board.ranks());
        let own = position.stones(color);
        let mut advance = 0;
        let mut phalanx = 0;
        for sq in own.squares() {
            let rank = i32::from(sq.rank());
            let progress = if color == Color::White {
                rank
            } else {
                ranks - 1 - rank
            };
            advance += progress * progress;
            // Count each touching pair once: look forward along four of the eight directions.
            for dir in 0..4 {
                if sq
                    .step(dir, 1)
                    .is_some_and(|next: Square| own.contains(next))
                {
                    phalanx += 1;
                }
            }
        }
        let far_row = position.far_row_count(color) as i32;
        let home_guard = (own & board.home_row(color)).count() as i32;
        own.count() as i32 * w.material
            + far_row * w.far_row
            + advance * w.advance / 16
            + phalanx * w.phalanx
            + home_guard * w.home_guard
    }
}

impl Evaluator<Position> for EpaminondasEvaluator {
    fn evaluate(&self, position: &Position) -> i32 {
        let side = position.side_to_move();
        let mut score = self.side_score(position, side) - self.side_score(position, !side);
        // An intruder on our home row that we cannot capture wins at the start of its owner's
        // turn if it puts him ahead: weigh the far-row race by who moves next.
        let (ours, theirs) = (position.far_row_count(side), position.far_row_count(!side));
        if theirs > ours {
            score -= self.weights.far_row * 2;
        }
        score + self.weights.side_to_move
    }
}
