//! Boundless Lines of Action (RULES.md §1.1): the standard setup, but pieces may move off the
//! 8×8 board onto an unbounded plane. Lines extend without end, and the distance a piece moves is
//! the number of pieces on the whole infinite line. Everything else is standard Lines of Action,
//! under the same rule options ([`Rules`]; its `variant` is ignored).
//!
//! Text formats:
//! - a point is `d3` (files `a`–`z`, ranks from 1) or `(x,y)` with 1-based numbers anywhere:
//!   `(1,1)` is `a1`, `(1,0)` the point below it, `(0,1)` the point left of it;
//! - a move is `b1-(2,0)`, a capture `b1x(2,0)` or `b1:(2,0)`, engine form `b1(2,0)`, or `pass`;
//! - a position is `b:b1,c1,d1 w:a2,(0,3) b` (Black's points, White's points, side to move), or
//!   the standard 8×8 board text.
//!
//! Representation (measured with perft 4 from the start, 65,716,120 leaves, release build, on a
//! shared 2-core machine): each colour's pieces in a fixed array of points, one branchy scan of
//! all pieces per moving piece sorting each onto a line and recording distance bit masks, ≈0.6–0.8
//! s. Measured alternatives: per-line count hash maps updated incrementally plus an occupancy map
//! (walk the path square by square) ≈1.5–2.0 s; a branch-free table-driven scan ≈1.0 s; a
//! padded, branch-free line-mask scan ≈0.75–1.0 s (no clear gain); a plain scan of every piece
//! per direction ≈4.3–6 s.

mod moves;
mod point;
mod position;
mod setup;

pub use moves::{Move, MoveText, MoveTextError};
pub use point::{COORDINATE_LIMIT, DIRECTIONS, Point, PointParseError};
pub use position::{IllegalMove, MAX_PIECES, Position, PositionError};
pub use setup::{Setup, SetupParseError};

pub use crate::loa::{Rules, SimultaneousConnection};
