//! Board cells: signed, because Boundless LOA has no edge.

use gamut_engine::boundless::Point;
use gamut_engine::notation::Coord;

/// A square of the board on screen. Signed, because Boundless LOA has no edge; on the bounded
/// boards it runs from `a1` = (0, 0). Written `d3`, or `(x,y)` off the usual files and ranks.
pub type Cell = Point;

/// The screen cell of an engine square.
pub fn cell(c: Coord) -> Cell {
    Cell::new(i32::from(c.file), i32::from(c.rank))
}

/// The engine square of a cell on a bounded board (`None` off the a1 quadrant).
pub fn coord(c: Cell) -> Option<Coord> {
    Some(Coord::new(
        u8::try_from(c.file).ok()?,
        u8::try_from(c.rank).ok()?,
    ))
}
