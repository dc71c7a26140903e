//! Material no game can reach: more pieces of a colour than its set holds, more in a set than the
//! set has, more held pieces than Parachute hands out (or than are missing from the board), or
//! no pieces at all. A position editor asks this before it asks
//! [`GameConfig::position_from_setup`](crate::any_game::GameConfig::position_from_setup), and
//! gets every problem at once, where `from_setup` stops at the first.
//!
//! The counts are those of the start: twelve pieces a colour in Lines of Action (six plain and
//! six marked in LOA for four and Ambidextrous; in Parachute six on the board and six held by the
//! opponent, who holds at most six), and in Epaminondas the stones of the board's two home rows.
//! Boundless positions may hold up to [`boundless::MAX_PIECES`] pieces a colour, but a game of it
//! starts with the twelve of standard Lines of Action, and never gains one.

use thiserror::Error;

use crate::loa::{PieceSet, Variant};
use crate::{Color, boundless, epaminondas, loa};

/// Material that no game of the rules reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum MaterialProblem {
    /// A colour has no pieces: none on the board and none held by the opponent (in
    /// Epaminondas: an empty board).
    #[error("{0} has no pieces")]
    NoPieces(Color),
    /// More pieces of a colour on the board than its set holds.
    #[error("{color} has {count} pieces on the board; its set has {most}")]
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// How many are on the board.
        count: u32,
        /// How many the set holds.
        most: u32,
    },
    /// More pieces in one of a colour's two sets than the set has (LOA for four, Ambidextrous).
    #[error("{color}'s {set} set has {count} pieces; it has {most} at the start")]
    TooManyInSet {
        /// Whose pieces.
        color: Color,
        /// Which set.
        set: PieceSet,
        /// How many are on the board.
        count: u32,
        /// How many the set has at the start.
        most: u32,
    },
    /// Parachute: a side holds more enemy pieces than it may (six at most, and no more than the
    /// enemy's set lacks on the board).
    #[error("{holder} holds {held} enemy pieces; at most {most} may be held")]
    TooManyHeld {
        /// Who holds them.
        holder: Color,
        /// How many are held.
        held: u32,
        /// The most that may be held in this position.
        most: u32,
    },
}

/// How many pieces the start gives `color` in `variant`: on the board, and held by the
/// opponent (Parachute).
fn loa_start_count(variant: Variant, color: Color) -> (u32, u32) {
    let (black, white) = variant.start_pieces();
    let on_board = match color {
        Color::Black => black,
        Color::White => white,
    };
    (
        on_board.count_ones(),
        u32::from(variant.start_held()[(!color).index()]),
    )
}

impl loa::Setup {
    /// Every material problem of this setup in `variant` (none: the counts can occur in a game).
    /// Held pieces outside Parachute and marks outside the marked-set variants are the rules'
    /// business ([`loa::Position::from_setup`]), not counted here.
    pub fn material(&self, variant: Variant) -> Vec<MaterialProblem> {
        let mut problems = Vec::new();
        for color in Color::ALL {
            let pieces = match color {
                Color::Black => self.black,
                Color::White => self.white,
            };
            let on_board = pieces.count_ones();
            let held = u32::from(self.held[(!color).index()]);
            if on_board + held == 0 {
                problems.push(MaterialProblem::NoPieces(color));
            }
            let (start_board, start_held) = loa_start_count(variant, color);
            let set = start_board + start_held;
            if on_board > set {
                problems.push(MaterialProblem::TooManyPieces {
                    color,
                    count: on_board,
                    most: set,
                });
            } else if variant == Variant::Parachute {
                let most = start_held.min(set - on_board);
                if held > most {
                    problems.push(MaterialProblem::TooManyHeld {
                        holder: !color,
                        held,
                        most,
                    });
                }
            }
            if variant.has_marked_sets() {
                let marked = (pieces & self.marked).count_ones();
                let start_marked =
                    (pieces_of(variant, color) & variant.start_marked()).count_ones();
                for (set, count, most) in [
                    (
                        PieceSet::Plain,
                        on_board - marked,
                        start_board - start_marked,
                    ),
                    (PieceSet::Marked, marked, start_marked),
                ] {
                    if count > most {
                        problems.push(MaterialProblem::TooManyInSet {
                            color,
                            set,
                            count,
                            most,
                        });
                    }
                }
            }
        }
        problems
    }
}

/// The start's pieces of `color` in `variant`.
fn pieces_of(variant: Variant, color: Color) -> u64 {
    let (black, white) = variant.start_pieces();
    match color {
        Color::Black => black,
        Color::White => white,
    }
}

impl boundless::Setup {
    /// Every material problem of this setup: a colour with no pieces, or more than the twelve a
    /// game starts with.
    pub fn material(&self) -> Vec<MaterialProblem> {
        let (set, _) = loa_start_count(Variant::Standard, Color::Black);
        let mut problems = Vec::new();
        for color in Color::ALL {
            let count = self.pieces(color).len() as u32;
            if count == 0 {
                problems.push(MaterialProblem::NoPieces(color));
            } else if count > set {
                problems.push(MaterialProblem::TooManyPieces {
                    color,
                    count,
                    most: set,
                });
            }
        }
        problems
    }
}

impl epaminondas::Setup {
    /// Every material problem of this setup: more stones of a colour than its two home rows
    /// hold at the start, or an empty board (each colour then has none). One colour without
    /// stones is a finished game, not a problem of material.
    pub fn material(&self) -> Vec<MaterialProblem> {
        let start = epaminondas::Setup::start(self.board);
        let empty = (self.black | self.white).is_empty();
        let mut problems = Vec::new();
        for color in Color::ALL {
            let count = self.stones(color).count();
            let most = start.stones(color).count();
            if empty {
                problems.push(MaterialProblem::NoPieces(color));
            } else if count > most {
                problems.push(MaterialProblem::TooManyPieces { color, count, most });
            }
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::epaminondas::BoardSize;

    fn loa(text: &str) -> loa::Setup {
        text.parse().expect("position text")
    }

    #[test]
    fn the_starts_have_no_problem() {
        for variant in Variant::ALL {
            let setup = loa::Setup::start(variant, Color::Black);
            assert_eq!(setup.material(variant), [], "{variant}");
        }
        assert_eq!(boundless::Setup::start(Color::Black).material(), []);
        for board in [BoardSize::Standard, BoardSize::Small] {
            assert_eq!(epaminondas::Setup::start(board).material(), [], "{board}");
        }
    }

    #[test]
    fn a_colour_without_pieces() {
        let empty = loa("8/8/8/8/8/8/8/8 b");
        assert_eq!(
            empty.material(Variant::Standard),
            [
                MaterialProblem::NoPieces(Color::Black),
                MaterialProblem::NoPieces(Color::White)
            ]
        );
        // In Parachute, pieces the opponent holds are still the colour's.
        let held = loa("8/8/8/3w4/8/8/8/8 b 0/2");
        assert_eq!(held.material(Variant::Parachute), []);
        assert_eq!(
            loa("8/8/8/3w4/8/8/8/8 b").material(Variant::Standard),
            [MaterialProblem::NoPieces(Color::Black)]
        );
        let white_only: boundless::Setup = "b: w:a2 b".parse().expect("setup");
        assert_eq!(
            white_only.material(),
            [MaterialProblem::NoPieces(Color::Black)]
        );
    }

    #[test]
    fn more_pieces_than_the_set() {
        let thirteen = loa("bbbbbbbb/bbbbb3/8/8/8/8/8/7w b");
        assert_eq!(
            thirteen.material(Variant::Standard),
            [MaterialProblem::TooManyPieces {
                color: Color::Black,
                count: 13,
                most: 12
            }]
        );
        let boundless: boundless::Setup = "b:a1,b1,c1,d1,e1,f1,g1,h1,a2,b2,c2,d2,e2 w:a8 b"
            .parse()
            .expect("setup");
        assert_eq!(
            boundless.material(),
            [MaterialProblem::TooManyPieces {
                color: Color::Black,
                count: 13,
                most: 12
            }]
        );
        let mut small = epaminondas::Setup::start(BoardSize::Small);
        let extra = epaminondas::Square::from_file_rank(3, 3).expect("on the board");
        small.white = small.white.with(extra);
        assert_eq!(
            small.material(),
            [MaterialProblem::TooManyPieces {
                color: Color::White,
                count: 17,
                most: 16
            }]
        );
        let empty = epaminondas::Setup {
            black: epaminondas::Bitboard::default(),
            white: epaminondas::Bitboard::default(),
            ..small
        };
        assert_eq!(empty.material().len(), 2);
    }

    #[test]
    fn parachute_holds_at_most_six_and_what_the_board_lacks() {
        // Black holds seven White pieces: more than the six Parachute hands out.
        let seven = loa("8/b6w/w6b/b6w/w6b/b6w/8/8 b 7/6");
        assert_eq!(
            seven.material(Variant::Parachute),
            [MaterialProblem::TooManyHeld {
                holder: Color::Black,
                held: 7,
                most: 6
            }]
        );
        // Ten White pieces on the board: Black may hold only the two missing.
        let ten = loa("8/b5ww/w5wb/b5ww/w5wb/b6w/w7/8 b 3/6");
        assert_eq!(
            ten.material(Variant::Parachute),
            [MaterialProblem::TooManyHeld {
                holder: Color::Black,
                held: 3,
                most: 2
            }]
        );
    }

    #[test]
    fn the_sets_of_loa_for_four_hold_six_each() {
        let start = loa::Setup::start(Variant::FourPlayers, Color::Black);
        let mut more_marked = start;
        // Every Black piece marked: twelve in the marked set, none in the plain.
        more_marked.marked |= start.black;
        assert_eq!(
            more_marked.material(Variant::FourPlayers),
            [MaterialProblem::TooManyInSet {
                color: Color::Black,
                set: PieceSet::Marked,
                count: 12,
                most: 6
            }]
        );
        let mut more_plain = start;
        more_plain.marked &= !start.white;
        assert_eq!(
            more_plain.material(Variant::Ambidextrous),
            [MaterialProblem::TooManyInSet {
                color: Color::White,
                set: PieceSet::Plain,
                count: 12,
                most: 6
            }]
        );
    }
}
