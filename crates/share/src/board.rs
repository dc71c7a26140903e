//! What a picture shows of a position: the board's size, the piece (if any) on each square, the
//! side to move; and the squares a move touched. Boards of squares only: Lines of Action (its
//! 8×8 variants, marked sets included, and its 7×7 and 6×6 boards) and Epaminondas (both
//! boards); Boundless LOA's open plane has no board to draw.

use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::{Color, Game, epaminondas, loa};

use crate::ShareError;

/// A piece on a square: its side, and whether it is of a marked set (LOA for four).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Piece {
    pub(crate) color: Color,
    pub(crate) marked: bool,
}

/// A board to draw: `files` × `ranks` squares, `cells` rank by rank from rank 1, file a first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Board {
    pub(crate) files: u8,
    pub(crate) ranks: u8,
    pub(crate) cells: Vec<Option<Piece>>,
    pub(crate) to_move: Color,
}

impl Board {
    /// The board of `position`, or why it cannot be drawn.
    pub(crate) fn of(position: &AnyPosition) -> Result<Board, ShareError> {
        let (files, ranks, cells) = match position {
            AnyPosition::LinesOfAction(p) => {
                let side = p.rules().board.side();
                (side, side, loa_cells(p, side))
            }
            AnyPosition::Epaminondas(p) => {
                let board = p.board();
                (
                    board.files(),
                    board.ranks(),
                    epaminondas_cells(p, board.files(), board.ranks()),
                )
            }
            AnyPosition::Boundless(_) => return Err(ShareError::Unsupported("Boundless LOA")),
        };
        Ok(Board {
            files,
            ranks,
            cells,
            to_move: position.side_to_move(),
        })
    }

    /// The piece on the square at `file`, `rank` (from 0).
    pub(crate) fn piece(&self, file: u8, rank: u8) -> Option<Piece> {
        let at = usize::from(rank) * usize::from(self.files) + usize::from(file);
        self.cells.get(at).copied().flatten()
    }
}

/// The squares of a Lines of Action position on its board of `side` × `side`, rank by rank.
fn loa_cells(position: &loa::Position, side: u8) -> Vec<Option<Piece>> {
    let marked = position.marked();
    (0..side)
        .flat_map(|rank| (0..side).map(move |file| (file, rank)))
        .map(|(file, rank)| {
            let square = loa::Square::from_file_rank(file, rank)?;
            let color = position.piece_at(square)?;
            Some(Piece {
                color,
                marked: marked & square.bit() != 0,
            })
        })
        .collect()
}

/// The squares of an Epaminondas position, on its board of `files` × `ranks`.
fn epaminondas_cells(position: &epaminondas::Position, files: u8, ranks: u8) -> Vec<Option<Piece>> {
    (0..ranks)
        .flat_map(|rank| (0..files).map(move |file| (file, rank)))
        .map(|(file, rank)| {
            let square = epaminondas::Square::from_file_rank(file, rank)?;
            let color = position.piece_at(square)?;
            Some(Piece {
                color,
                marked: false,
            })
        })
        .collect()
}

/// The squares (file, rank from 0) a move marks: where its piece (or phalanx's tail) stood,
/// where it (or the phalanx's head) landed, and a Parachute piece's placement. A pass marks none.
pub(crate) fn move_squares(mv: AnyMove) -> Vec<(u8, u8)> {
    match mv {
        AnyMove::LinesOfAction(m) => {
            let step = m.step().map(|(from, to)| [from, to]).into_iter().flatten();
            step.chain(m.placement())
                .map(|s| (s.file(), s.rank()))
                .collect()
        }
        AnyMove::Epaminondas(m) => m
            .tail()
            .into_iter()
            .chain(m.to())
            .map(|s| (s.file(), s.rank()))
            .collect(),
        AnyMove::Boundless(_) => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::any_game::{GameConfig, GameKind};

    #[test]
    fn the_start_positions_have_their_pieces() {
        let loa = Board::of(&GameConfig::default().start()).unwrap();
        assert_eq!((loa.files, loa.ranks), (8, 8));
        assert_eq!(loa.piece(1, 0).map(|p| p.color), Some(Color::Black));
        assert_eq!(loa.piece(0, 1).map(|p| p.color), Some(Color::White));
        assert_eq!(loa.piece(0, 0), None);
        let config = GameConfig {
            kind: GameKind::Epaminondas,
            ..GameConfig::default()
        };
        let epaminondas = Board::of(&config.start()).unwrap();
        assert_eq!((epaminondas.files, epaminondas.ranks), (14, 12));
        assert_eq!(epaminondas.cells.iter().flatten().count(), 56);
    }
}
