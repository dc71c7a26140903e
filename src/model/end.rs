//! Who moves ([`Seat`]) and how a game ended ([`GameEnd`]): words the game, its notices and
//! its refusals all use.

use gamut_engine::Color as Side;
use gamut_engine::Outcome;

/// Who moves: a colour, and in LOA for four and Ambidextrous LOA which of its two sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seat {
    /// The colour (the team in LOA for four).
    pub side: Side,
    /// Whether the marked set moves.
    pub marked: bool,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    /// By the rules.
    Rules(Outcome),
    /// A player resigned.
    Resigned(Side),
    /// A player's clock ran out (the side that lost on time).
    Time(Side),
    /// The players agreed a draw (at a table on the network).
    Agreed,
}

impl GameEnd {
    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            GameEnd::Rules(o) => o.winner(),
            GameEnd::Resigned(loser) | GameEnd::Time(loser) => Some(!loser),
            GameEnd::Agreed => None,
        }
    }
}
