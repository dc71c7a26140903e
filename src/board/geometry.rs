//! Where cells are in the world.

use bevy::prelude::*;

use crate::model::Cell;

/// World size of one board square.
pub const SQUARE_SIZE: f32 = 1.0;
/// Height of a piece's centre above the board.
pub const PIECE_LIFT: f32 = 0.09;

/// The world position of the centre of a square on the board area `bounds` (lowest and highest
/// cell), on the board's surface. The area's centre is the world origin, so the camera, which
/// frames the origin, follows the board as Boundless LOA's area grows.
pub fn square_center(c: Cell, bounds: (Cell, Cell)) -> Vec3 {
    let (lo, hi) = bounds;
    let mid_file = (lo.file + hi.file) as f32 / 2.0;
    let mid_rank = (lo.rank + hi.rank) as f32 / 2.0;
    Vec3::new(
        (c.file as f32 - mid_file) * SQUARE_SIZE,
        0.0,
        (mid_rank - c.rank as f32) * SQUARE_SIZE,
    )
}

/// A file's name on the rim: `a`–`z`, or its number in brackets beyond them.
pub fn file_label(file: i32) -> String {
    match u8::try_from(file) {
        Ok(f) if f < 26 => ((b'a' + f) as char).to_string(),
        _ => format!("({})", file + 1),
    }
}
