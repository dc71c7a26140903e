//! Piece entities, kept in step with [`CurrentGame`]: spawned at the start, moved and removed as
//! each move says, rebuilt after a reset.

use bevy::prelude::*;
use gamut_engine::Color as Side;

use super::{BoardReset, MovePlayed, PiecesMoved};
use crate::model::{Cell, CurrentGame};

/// A piece on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Its side.
    pub owner: Side,
    /// Marked pieces (LOA for four, Ambidextrous LOA) carry a ring.
    pub marked: bool,
}

/// The square a piece stands on.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OnSquare(pub Cell);

/// A board square entity (a view spawns them; clicks on them name the cell).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Square(pub Cell);

pub(super) fn spawn_pieces(mut commands: Commands, game: Res<CurrentGame>) {
    for &(cell, owner) in game.pieces() {
        commands.spawn((
            Piece {
                owner,
                marked: game.is_marked(cell),
            },
            OnSquare(cell),
        ));
    }
}

/// Moves already shown by a rebuild of the pieces, which [`apply_move_effects`] must skip: a
/// move played earlier in the frame than a reset (the computer's answer arriving in the frame
/// of an undo or a new game) is in the rebuilt pieces already, or was taken back.
#[derive(Resource, Debug, Default)]
pub(super) struct MovesShownByReset(usize);

pub(super) fn rebuild_pieces_on_reset(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    mut moves: MessageReader<MovePlayed>,
    mut shown: ResMut<MovesShownByReset>,
    pieces: Query<Entity, With<Piece>>,
    game: Res<CurrentGame>,
) {
    // This reader runs just before `apply_move_effects`' in the same chain, so both have seen
    // the same messages up to here.
    let moves_before = moves.read().count();
    if resets.read().count() == 0 {
        shown.0 = 0;
        return;
    }
    shown.0 = moves_before;
    for entity in &pieces {
        commands.entity(entity).despawn();
    }
    spawn_pieces(commands, game);
}

/// Moves, removes and places piece entities as the played move says, and tells the view.
pub(super) fn apply_move_effects(
    mut commands: Commands,
    mut played: MessageReader<MovePlayed>,
    mut shown: ResMut<MovesShownByReset>,
    mut pieces: Query<(Entity, &Piece, &mut OnSquare)>,
    mut moved_out: MessageWriter<PiecesMoved>,
) {
    let skip = std::mem::take(&mut shown.0);
    for event in played.read().skip(skip) {
        let at = |pieces: &Query<(Entity, &Piece, &mut OnSquare)>, c: Cell| {
            pieces
                .iter()
                .find(|(_, _, s)| s.0 == c)
                .map(|(e, p, _)| (e, p.owner))
        };
        let captured: Vec<(Entity, Cell, Side)> = event
            .effects
            .captured
            .iter()
            .filter_map(|&c| at(&pieces, c).map(|(e, side)| (e, c, side)))
            .collect();
        let moved: Vec<(Entity, Cell, Cell)> = event
            .effects
            .moved
            .iter()
            .filter_map(|&(from, to)| Some((at(&pieces, from)?.0, from, to)))
            .collect();
        for &(entity, ..) in &captured {
            commands.entity(entity).despawn();
        }
        for &(entity, _, to) in &moved {
            if let Ok((_, _, mut square)) = pieces.get_mut(entity) {
                square.0 = to;
            }
        }
        let placed = event.effects.placed.map(|(cell, owner)| {
            commands
                .spawn((
                    Piece {
                        owner,
                        marked: false,
                    },
                    OnSquare(cell),
                ))
                .id()
        });
        moved_out.write(PiecesMoved {
            moved,
            captured: captured.iter().map(|&(_, c, side)| (c, side)).collect(),
            placed,
        });
    }
}
