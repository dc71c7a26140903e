//! The markers' shapes: every cue on the board differs from the others by its form, not by its
//! colour alone (a player who cannot tell the hues apart, or a theme that dulls them, still reads
//! the board). Each shape is a flat mesh lying on a square one unit wide, made in code:
//!
//! - the last move: corner brackets on the square it left, a filled square where it went;
//! - the selected piece: lifted, with a ring round its foot;
//! - a quiet destination: a dot; a capture: a crosshair's four ticks round the enemy piece;
//! - Epaminondas' stones that move with the tail: a hexagon under each;
//! - Parachute's placement squares: a plus;
//! - the hint: a diamond on its squares;
//! - the set that moves (LOA for four, Ambidextrous): four large dots in the square's corners;
//! - the winning group: an eight-pointed star.
//!
//! None is a plain frame outline along the square's edges: that is the keyboard cursor's.

use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};

use bevy::prelude::*;

/// A kind of marker; each has a shape of its own ([`mark_mesh`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The square the last move left.
    LastFrom,
    /// The square the last move went to (and Parachute's placed piece).
    LastTo,
    /// The hint's squares.
    Hint,
    /// LOA for four, Ambidextrous: a piece of the set that moves.
    Movable,
    /// The selected piece.
    Selected,
    /// A destination of the selected piece.
    Target,
    /// A destination that captures.
    CaptureTarget,
    /// Epaminondas: a stone that moves with the selected tail.
    MovingStone,
    /// Parachute: where the held piece may go.
    Placement,
    /// The winning pieces.
    Winner,
}

impl Mark {
    /// Every kind, in the order of `BoardAssets`' shapes.
    pub const ALL: [Mark; 10] = [
        Mark::LastFrom,
        Mark::LastTo,
        Mark::Hint,
        Mark::Movable,
        Mark::Selected,
        Mark::Target,
        Mark::CaptureTarget,
        Mark::MovingStone,
        Mark::Placement,
        Mark::Winner,
    ];
}

/// A flat 2D mesh (drawn in the XY plane) laid on the board facing up, moved to `(x, z)` and
/// turned by `angle` round the vertical.
fn laid(mesh: Mesh, x: f32, z: f32, angle: f32) -> Mesh {
    mesh.transformed_by(
        Transform::from_xyz(x, 0.0, z)
            .with_rotation(Quat::from_rotation_y(angle) * Quat::from_rotation_x(-FRAC_PI_2)),
    )
}

/// A bar `length` by `width` centred on `(x, z)`, along x (or along z when `along_z`).
fn bar(length: f32, width: f32, x: f32, z: f32, along_z: bool) -> Mesh {
    let (w, h) = if along_z {
        (width, length)
    } else {
        (length, width)
    };
    laid(Rectangle::new(w, h).mesh().build(), x, z, 0.0)
}

/// The parts merged into one mesh.
fn merged(parts: impl IntoIterator<Item = Mesh>) -> Mesh {
    let mut parts = parts.into_iter();
    let mut mesh = parts.next().expect("a shape has a part");
    for part in parts {
        // Every part is a flat triangle list with the same attributes: merging cannot fail.
        let _ = mesh.merge(&part);
    }
    mesh
}

/// The four corners' signs.
const CORNERS: [(f32, f32); 4] = [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)];

/// Corner brackets: an L in each corner of the square, its middles open.
fn brackets() -> Mesh {
    let (reach, arm, width) = (0.46, 0.27, 0.09);
    merged(CORNERS.into_iter().flat_map(|(sx, sz)| {
        let (cx, cz) = (sx * (reach - width / 2.0), sz * (reach - width / 2.0));
        let along = sx * (reach - arm / 2.0);
        let down = sz * (reach - arm / 2.0);
        [
            bar(arm, width, along, cz, false),
            bar(arm, width, cx, down, true),
        ]
    }))
}

/// A crosshair's four ticks pointing in from the square's edges, round the piece standing there.
fn crosshair() -> Mesh {
    let (from, to, width) = (0.28, 0.49, 0.08);
    let mid = (from + to) / 2.0;
    let length = to - from;
    merged([
        bar(length, width, mid, 0.0, false),
        bar(length, width, -mid, 0.0, false),
        bar(length, width, 0.0, mid, true),
        bar(length, width, 0.0, -mid, true),
    ])
}

/// A plus in the middle of the square.
fn plus() -> Mesh {
    merged([
        bar(0.44, 0.1, 0.0, 0.0, false),
        bar(0.44, 0.1, 0.0, 0.0, true),
    ])
}

/// An eight-pointed star: a square and a diamond over it.
fn star() -> Mesh {
    merged([
        laid(Rectangle::new(0.6, 0.6).mesh().build(), 0.0, 0.0, 0.0),
        laid(RegularPolygon::new(0.47, 4).mesh().build(), 0.0, 0.0, 0.0),
    ])
}

/// Four dots in the square's corners, each as large as the corner leaves round the piece
/// (dots of 0.07 were hard to see: the piece hides the square's middle).
fn corner_dots() -> Mesh {
    let (radius, at) = (CORNER_DOT, 0.5 - CORNER_DOT - 0.01);
    merged(
        CORNERS
            .into_iter()
            .map(|(sx, sz)| laid(Circle::new(radius).mesh().build(), sx * at, sz * at, 0.0)),
    )
}

/// The corner dots' radius (a square is one unit wide).
const CORNER_DOT: f32 = 0.125;

/// The shape of a marker, on a square one unit wide centred on the origin.
pub fn mark_mesh(mark: Mark) -> Mesh {
    match mark {
        Mark::LastFrom => brackets(),
        Mark::LastTo => laid(Rectangle::new(0.96, 0.96).mesh().build(), 0.0, 0.0, 0.0),
        Mark::Hint => laid(RegularPolygon::new(0.45, 4).mesh().build(), 0.0, 0.0, 0.0),
        Mark::Winner => star(),
        Mark::Selected => laid(Annulus::new(0.38, 0.47).mesh().build(), 0.0, 0.0, 0.0),
        Mark::Movable => corner_dots(),
        Mark::Target => laid(Circle::new(0.14).mesh().build(), 0.0, 0.0, 0.0),
        Mark::CaptureTarget => crosshair(),
        Mark::MovingStone => laid(
            RegularPolygon::new(0.47, 6).mesh().build(),
            0.0,
            0.0,
            FRAC_PI_4 / 2.0,
        ),
        Mark::Placement => plus(),
    }
}

#[cfg(test)]
mod tests {
    use bevy::mesh::{Indices, VertexAttributeValues};

    use super::*;

    /// Points of a grid over the square, `N` a side.
    const N: usize = 41;

    /// Which points of a grid over the square the mesh covers, seen from above.
    fn footprint(mesh: &Mesh) -> Vec<bool> {
        let Some(VertexAttributeValues::Float32x3(positions)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("a mesh with positions");
        };
        let at = |i: usize| Vec2::new(positions[i][0], positions[i][2]);
        let indices: Vec<usize> = match mesh.indices() {
            Some(Indices::U16(i)) => i.iter().map(|&i| i as usize).collect(),
            Some(Indices::U32(i)) => i.iter().map(|&i| i as usize).collect(),
            None => (0..positions.len()).collect(),
        };
        let inside = |p: Vec2, a: Vec2, b: Vec2, c: Vec2| {
            let d = |u: Vec2, v: Vec2, w: Vec2| (u - w).perp_dot(v - w);
            let (d1, d2, d3) = (d(p, a, b), d(p, b, c), d(p, c, a));
            let neg = d1 < 0.0 || d2 < 0.0 || d3 < 0.0;
            let pos = d1 > 0.0 || d2 > 0.0 || d3 > 0.0;
            !(neg && pos)
        };
        let mut covered = vec![false; N * N];
        for (k, spot) in covered.iter_mut().enumerate() {
            let p = Vec2::new(
                (k % N) as f32 / (N - 1) as f32 - 0.5,
                (k / N) as f32 / (N - 1) as f32 - 0.5,
            );
            *spot = indices
                .chunks_exact(3)
                .any(|t| inside(p, at(t[0]), at(t[1]), at(t[2])));
        }
        covered
    }

    /// The share of the grid where two footprints differ.
    fn difference(a: &[bool], b: &[bool]) -> f32 {
        a.iter().zip(b).filter(|(x, y)| x != y).count() as f32 / a.len() as f32
    }

    const MARKS: [Mark; 10] = [
        Mark::LastFrom,
        Mark::LastTo,
        Mark::Hint,
        Mark::Winner,
        Mark::Selected,
        Mark::Movable,
        Mark::Target,
        Mark::CaptureTarget,
        Mark::MovingStone,
        Mark::Placement,
    ];

    /// The keyboard cursor's frame: an outline along the square's edges.
    fn frame_outline() -> Mesh {
        merged([
            bar(0.96, 0.07, 0.0, 0.445, false),
            bar(0.96, 0.07, 0.0, -0.445, false),
            bar(0.96, 0.07, 0.445, 0.0, true),
            bar(0.96, 0.07, -0.445, 0.0, true),
        ])
    }

    #[test]
    fn every_cue_has_a_shape_of_its_own_and_none_is_the_cursors_frame() {
        let shapes: Vec<(Mark, Vec<bool>)> = MARKS
            .into_iter()
            .map(|m| (m, footprint(&mark_mesh(m))))
            .collect();
        for (mark, shape) in &shapes {
            let covered = shape.iter().filter(|c| **c).count();
            assert!(covered > 4, "{mark:?} is too small to see");
            // The shape lies on its own square.
            let mesh = mark_mesh(*mark);
            let Some(VertexAttributeValues::Float32x3(positions)) =
                mesh.attribute(Mesh::ATTRIBUTE_POSITION)
            else {
                panic!("{mark:?} has positions");
            };
            let points = positions.iter().map(|p| Vec3::from(*p));
            let lo = points.clone().fold(Vec3::MAX, Vec3::min);
            let hi = points.fold(Vec3::MIN, Vec3::max);
            assert!(lo.cmpge(Vec3::splat(-0.5)).all() && hi.cmple(Vec3::splat(0.5)).all());
            assert!(hi.y - lo.y < 1e-4, "{mark:?} lies flat");
        }
        for (i, (a, sa)) in shapes.iter().enumerate() {
            for (b, sb) in &shapes[i + 1..] {
                let d = difference(sa, sb);
                assert!(d > 0.03, "{a:?} and {b:?} differ on {d:.3} of the square");
            }
        }
        let cursor = footprint(&frame_outline());
        for (mark, shape) in &shapes {
            let d = difference(shape, &cursor);
            assert!(d > 0.03, "{mark:?} looks like the cursor's frame ({d:.3})");
        }
    }

    /// LOA for four's "this set moves" cue shows clearly round the piece standing on its
    /// square: at least a sixth of the square outside the piece's foot (radius 0.37). Four dots
    /// of 0.07 covered 6 %.
    #[test]
    fn the_set_that_moves_shows_round_its_piece() {
        let shape = footprint(&mark_mesh(Mark::Movable));
        let shown = shape
            .iter()
            .enumerate()
            .filter(|(k, covered)| {
                let p = Vec2::new(
                    (k % N) as f32 / (N - 1) as f32 - 0.5,
                    (k / N) as f32 / (N - 1) as f32 - 0.5,
                );
                **covered && p.length() > 0.37
            })
            .count() as f32
            / shape.len() as f32;
        assert!(
            shown > 1.0 / 6.0,
            "the cue shows on {shown:.3} of the square"
        );
    }

    #[test]
    fn the_shapes_face_up() {
        for mark in MARKS {
            let mesh = mark_mesh(mark);
            let Some(VertexAttributeValues::Float32x3(normals)) =
                mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
            else {
                panic!("{mark:?} has normals");
            };
            assert!(
                normals.iter().all(|n| n[1] > 0.99),
                "{mark:?} faces the camera"
            );
        }
    }
}
