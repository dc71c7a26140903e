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

/// The weights `gamut-tune --game epaminondas` found by self-play (SPSA, 300 iterations at
/// depth 3), confirmed by a 200-game match at 100 ms per move against the hand-set weights they
/// replaced (see docs/engine.md, "Search and evaluation").
impl Default for EpaminondasWeights {
    fn default() -> EpaminondasWeights {
        EpaminondasWeights {
            material: 27,
            far_row: 61,
            advance: 3,
            phalanx: 5,
            home_guard: -1,
            side_to_move: 8,
        }
    }
}

impl EpaminondasWeights {
    /// Feature names, in list order.
    pub const NAMES: [&'static str; 6] = [
        "material",
        "far_row",
        "advance",
        "phalanx",
        "home_guard",
        "side_to_move",
    ];

    /// The weights as a list (the order of [`EpaminondasWeights::NAMES`]).
    pub fn to_vec(self) -> Vec<i32> {
        vec![
            self.material,
            self.far_row,
            self.advance,
            self.phalanx,
            self.home_guard,
            self.side_to_move,
        ]
    }

    /// Weights from a list in the order of [`EpaminondasWeights::NAMES`]; `None` if too short.
    pub fn from_slice(w: &[i32]) -> Option<EpaminondasWeights> {
        Some(EpaminondasWeights {
            material: *w.first()?,
            far_row: *w.get(1)?,
            advance: *w.get(2)?,
            phalanx: *w.get(3)?,
            home_guard: *w.get(4)?,
            side_to_move: *w.get(5)?,
        })
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

impl EpaminondasEvaluator {
    /// Whether the side to move has a capture that takes an enemy stone off its home row.
    fn can_capture_an_intruder(&self, position: &Position) -> bool {
        let side = position.side_to_move();
        let home = position.board().home_row(side);
        position.legal_moves().into_iter().any(|mv| {
            position.is_capture(mv)
                && position
                    .captured_by(mv)
                    .into_iter()
                    .any(|sq| home.contains(sq))
        })
    }
}

impl Evaluator<Position> for EpaminondasEvaluator {
    fn evaluate(&self, position: &Position) -> i32 {
        let side = position.side_to_move();
        let mut score = self.side_score(position, side) - self.side_score(position, !side);
        // Intruders on our home row: if they put the opponent ahead and we can neither capture
        // one nor catch up this move, he wins at the start of his turn. A capture we can make
        // (a threat against the intruder) lifts that danger.
        let (ours, theirs) = (position.far_row_count(side), position.far_row_count(!side));
        if theirs > ours && !self.can_capture_an_intruder(position) {
            score -= self.weights.far_row * 2;
        }
        score + self.weights.side_to_move
    }
}
