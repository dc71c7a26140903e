//! A validated Lines of Action position with make/unmake, move generation and the end rules.

use std::fmt;

use thiserror::Error;

use super::bitboard::{
    BITS, DIRECTIONS, LINE_COUNT, LINE_IDS, LINE_MASKS, LINE_OF_DIRECTION, OFF_BOARD, RAYS, Square,
    Squares, TARGETS, between, group_of, is_connected, neighbours,
};
use super::moves::Move;
use super::setup::{BoardSize, PieceSet, Rules, Setup, SetupParseError, Variant};
use crate::game::{DrawReason, Game, MoveError, Outcome};
use crate::notation::{MoveParseError, MoveText};
use crate::{Color, zobrist};

/// Zobrist keys: 64 per colour, the key for "White to move", 64 for "marked piece here", the key
/// for "the marked set moves", then 13 per colour for the number of pieces held.
const KEYS: [u64; 220] = zobrist::keys(0x4C4F_4131_2026_1121);
const SIDE_KEY: u64 = KEYS[128];
const SET_KEY: u64 = KEYS[193];

#[inline]
fn mark_key(sq: usize) -> u64 {
    KEYS[129 + (sq & 63)]
}

#[inline]
fn held_key(holder: Color, count: u8) -> u64 {
    KEYS[194 + holder.index() * 13 + usize::from(count.min(12))]
}

#[inline]
fn piece_key(color: Color, sq: usize) -> u64 {
    KEYS[color.index() * 64 + sq]
}

/// How many placements per step the search tries in Parachute's compound turns.
pub const PLACEMENT_CANDIDATES: usize = 8;

/// What a played move changed, kept so it can be taken back.
#[derive(Debug, Clone, Copy)]
struct Undo {
    mv: Move,
    captured: bool,
    captured_marked: bool,
    set_before: PieceSet,
    hash_before: u64,
}

/// A setup that breaks the rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A square holds both colours.
    #[error("square {0} holds both a black and a white piece")]
    Overlap(Square),
    /// A side has no pieces.
    #[error("{0} has no pieces")]
    NoPieces(Color),
    /// Marked pieces, or a marked set to move, in a variant without marks.
    #[error(
        "marked pieces (B, W) are only used in the four-players and ambidextrous variants, not {0}"
    )]
    MarksNotInVariant(Variant),
    /// Held pieces in a variant without reserves.
    #[error("held pieces are only used in the parachute variant, not {0}")]
    ReservesNotInVariant(Variant),
    /// A small board with a variant other than the standard setup.
    #[error("the {1} board is played with the standard setup only, not {0}")]
    BoardNotInVariant(Variant, BoardSize),
    /// The position text's board is not the rules' board.
    #[error("the position is on the {found} board, but the game is played on {rules}")]
    OtherBoard {
        /// The board of the position text.
        found: BoardSize,
        /// The board of the rules.
        rules: BoardSize,
    },
    /// A piece stands outside the board.
    #[error("a piece stands on {0}, off the board")]
    OffBoard(Square),
    /// Boundless games are not played on the 8×8 bitboard position.
    #[error("boundless games are played by the boundless position, not the 8x8 board")]
    Boundless,
    /// The text could not be read.
    #[error(transparent)]
    Text(#[from] SetupParseError),
}

/// Why a move from one square to another is not legal, in words for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// No piece on the origin.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The destination is not on the (small) board.
    #[error("{0} is off the board")]
    OffBoard(Square),
    /// The piece belongs to the other side.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Square),
    /// Origin and destination are the same square.
    #[error("a piece must move")]
    SameSquare,
    /// The squares are not on one rank, file or diagonal.
    #[error("{from} and {to} are not on one line (pieces move straight or diagonally)")]
    NotOnALine {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// The distance is not the number of pieces on the line.
    #[error(
        "the piece on {from} must move exactly {needed} {} along that line ({needed} {} on it)",
        if *needed == 1 { "square" } else { "squares" },
        if *needed == 1 { "piece" } else { "pieces" }
    )]
    WrongDistance {
        /// Origin.
        from: Square,
        /// How far it must move along that line.
        needed: u8,
    },
    /// An enemy piece stands in the way.
    #[error("the enemy piece on {0} blocks the way (pieces jump only their own side)")]
    Blocked(Square),
    /// The destination holds one of the mover's pieces.
    #[error("{0} holds one of your own pieces")]
    OwnPiece(Square),
    /// A pass while a move is possible.
    #[error("you may pass only when you have no legal move")]
    PassNotAllowed,
    /// The piece belongs to the set that does not move this turn (LOA for four, Ambidextrous).
    #[error("the piece on {square} is {other}; this turn the {set} set moves")]
    WrongSet {
        /// The piece chosen.
        square: Square,
        /// The set that moves this turn.
        set: PieceSet,
        /// The set of the piece chosen.
        other: PieceSet,
    },
    /// Parachute: the turn must end by placing a held enemy piece.
    #[error("you must also place one of the enemy pieces you hold (like a3-a5 @d4)")]
    PlacementMissing,
    /// A placement when nothing is held.
    #[error("you hold no enemy pieces to place")]
    NothingToPlace,
    /// The placement square is taken.
    #[error("{0} is not empty: a held piece goes on an empty square")]
    PlacementNotEmpty(Square),
}

/// A Lines of Action position: the pieces, the side to move, the rules in force and the history
/// of moves played since the setup.
#[derive(Clone)]
pub struct Position {
    pieces: [u64; 2],
    /// Marked pieces of both colours (LOA for four, Ambidextrous).
    marked: u64,
    side: Color,
    /// Which set of the side to move moves.
    set: PieceSet,
    /// Parachute: enemy pieces held, indexed by holder.
    held: [u8; 2],
    /// Pieces on each of the 46 lines (ranks, files, both diagonals), kept incrementally.
    pub(super) line_counts: [u8; 64],
    hash: u64,
    outcome: Option<Outcome>,
    rules: Rules,
    initial: Setup,
    history: Vec<Undo>,
}

impl Position {
    /// The start position of the rules' variant, with their first player to move.
    ///
    /// Boundless LOA is not played on the 8×8 board ([`crate::boundless::Position`] plays it):
    /// for it this gives the standard start under otherwise the same rules.
    pub fn new(rules: Rules) -> Position {
        let rules = if rules.variant == Variant::Boundless {
            Rules {
                variant: Variant::Standard,
                ..rules
            }
        } else {
            rules
        };
        let rules = if rules.board_fits_variant() {
            rules
        } else {
            Rules {
                variant: Variant::Standard,
                ..rules
            }
        };
        Position::from_setup(Setup::for_rules(&rules), rules).expect("start positions are valid")
    }

    /// Validates a setup under the given rules. A setup in which a side is already connected
    /// starts as a finished game, judged as if the side not to move had just moved.
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        let variant = rules.variant;
        if variant == Variant::Boundless {
            return Err(PositionError::Boundless);
        }
        if !rules.board_fits_variant() {
            return Err(PositionError::BoardNotInVariant(variant, rules.board));
        }
        if setup.board != rules.board {
            return Err(PositionError::OtherBoard {
                found: setup.board,
                rules: rules.board,
            });
        }
        if let Some(sq) = Squares((setup.black | setup.white) & !rules.board.squares()).next() {
            return Err(PositionError::OffBoard(sq));
        }
        if let Some(sq) = Squares(setup.black & setup.white).next() {
            return Err(PositionError::Overlap(sq));
        }
        if !variant.has_marked_sets() && (setup.marked != 0 || setup.set == PieceSet::Marked) {
            return Err(PositionError::MarksNotInVariant(variant));
        }
        if variant != Variant::Parachute && setup.held != [0, 0] {
            return Err(PositionError::ReservesNotInVariant(variant));
        }
        let pieces = [setup.black, setup.white];
        for color in Color::ALL {
            if pieces[color.index()] == 0 && setup.held[(!color).index()] == 0 {
                return Err(PositionError::NoPieces(color));
            }
        }
        let marked = setup.marked & (setup.black | setup.white);
        let mut line_counts = [0u8; 64];
        for (count, mask) in line_counts.iter_mut().zip(LINE_MASKS).take(LINE_COUNT) {
            *count = ((pieces[0] | pieces[1]) & mask).count_ones() as u8;
        }
        let mut hash = if setup.side == Color::White {
            SIDE_KEY
        } else {
            0
        };
        for color in Color::ALL {
            for sq in Squares(pieces[color.index()]) {
                hash ^= piece_key(color, sq.index());
            }
            hash ^= held_key(color, setup.held[color.index()]);
        }
        for sq in Squares(marked) {
            hash ^= mark_key(sq.index());
        }
        if setup.set == PieceSet::Marked {
            hash ^= SET_KEY;
        }
        let mut position = Position {
            pieces,
            marked,
            side: setup.side,
            set: setup.set,
            held: setup.held,
            line_counts,
            hash,
            outcome: None,
            rules,
            initial: Setup { marked, ..setup },
            history: Vec::new(),
        };
        position.outcome = position.connection_outcome(!setup.side, true);
        Ok(position)
    }

    /// Parses position text and validates it under the given rules.
    pub fn from_text(text: &str, rules: Rules) -> Result<Position, PositionError> {
        Position::from_setup(text.parse()?, rules)
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board and side to move as a raw setup.
    pub fn setup(&self) -> Setup {
        Setup {
            black: self.pieces[0],
            white: self.pieces[1],
            marked: self.marked,
            side: self.side,
            set: self.set,
            held: self.held,
            board: self.rules.board,
        }
    }

    /// The setup this position's history starts from.
    pub fn initial_setup(&self) -> Setup {
        self.initial
    }

    /// The pieces of one colour as a bitboard.
    #[inline]
    pub fn pieces(&self, color: Color) -> u64 {
        self.pieces[color.index()]
    }

    /// Every piece as a bitboard.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// The colour of the piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        self.setup().piece_at(sq)
    }

    /// The marked pieces of both colours (LOA for four, Ambidextrous).
    #[inline]
    pub fn marked(&self) -> u64 {
        self.marked
    }

    /// Which set of the side to move moves this turn (always plain in variants without marks).
    #[inline]
    pub fn set_to_move(&self) -> PieceSet {
        self.set
    }

    /// The pieces that may move this turn: the side to move's pieces of the set that moves.
    #[inline]
    pub fn movers(&self) -> u64 {
        let own = self.pieces[self.side.index()];
        match self.set {
            PieceSet::Plain => own & !self.marked,
            PieceSet::Marked => own & self.marked,
        }
    }

    /// Parachute: how many enemy pieces `holder` still holds.
    #[inline]
    pub fn held_by(&self, holder: Color) -> u8 {
        self.held[holder.index()]
    }

    /// Whether this turn ends by placing a held enemy piece (Parachute).
    #[inline]
    pub fn must_place(&self) -> bool {
        self.held[self.side.index()] > 0 && self.outcome.is_none()
    }

    /// The seat to move, 0–3, in LOA for four's order: first player's plain set, second
    /// player's plain set, first player's marked set, second player's marked set. Variants
    /// without marks have seats 0 and 1 only.
    pub fn seat(&self) -> usize {
        let second = usize::from(self.side != self.rules.first_player);
        match self.set {
            PieceSet::Plain => second,
            PieceSet::Marked => 2 + second,
        }
    }

    /// Parachute: the empty squares where a held enemy piece hurts the enemy most — not next
    /// to any enemy piece (where it would help them connect) and as far as possible from the
    /// enemy's centre of mass: the [`PLACEMENT_CANDIDATES`] best. The search tries only these.
    pub fn placement_candidates(&self) -> u64 {
        let enemy = self.pieces[(!self.side).index()];
        let empty = !self.occupied();
        if enemy == 0 {
            return empty;
        }
        let n = enemy.count_ones() as i32;
        let (sum_file, sum_rank) = Squares(enemy).fold((0i32, 0i32), |(f, r), s| {
            (f + i32::from(s.file()), r + i32::from(s.rank()))
        });
        let apart = empty & !neighbours(enemy);
        let pool = if apart != 0 { apart } else { empty };
        let mut scored: Vec<(i32, Square)> = Squares(pool)
            .map(|s| {
                let df = i32::from(s.file()) * n - sum_file;
                let dr = i32::from(s.rank()) * n - sum_rank;
                (df * df + dr * dr, s)
            })
            .collect();
        scored.sort_by_key(|&(d, s)| (std::cmp::Reverse(d), s.index()));
        scored
            .iter()
            .take(PLACEMENT_CANDIDATES)
            .map(|&(_, s)| s.bit())
            .sum()
    }

    /// The empty squares where a held enemy piece may be placed after the step part of `mv`
    /// (Parachute); empty when nothing is held.
    pub fn placements_after(&self, mv: Move) -> u64 {
        if !self.must_place() {
            return 0;
        }
        let mut occupied = self.occupied();
        if let Some((from, to)) = mv.step() {
            occupied = (occupied & !from.bit()) | to.bit();
        }
        !occupied
    }

    /// The moves played since the setup, oldest first.
    pub fn moves_played(&self) -> impl DoubleEndedIterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|u| u.mv)
    }

    /// Pieces on the line through `sq` that runs in direction `dir` (index into
    /// [`DIRECTIONS`]): the distance a piece on `sq` moves that way.
    #[inline]
    pub fn line_count(&self, sq: Square, dir: usize) -> u8 {
        self.line_counts[LINE_IDS[sq.index()][LINE_OF_DIRECTION[dir]] as usize]
    }

    /// Calls `f(from, to)` for every step (ordinary move, no placement) the side to move may
    /// play.
    #[inline]
    fn for_each_step(&self, mut f: impl FnMut(Square, Square)) {
        let own = self.pieces[self.side.index()];
        let enemy = self.pieces[(!self.side).index()];
        let off_board = !self.rules.board.squares();
        for from in Squares(self.movers()) {
            let ids = &LINE_IDS[from.index() & 63];
            let targets = &TARGETS[from.index() & 63];
            for dir in 0..8 {
                let n = (self.line_counts[ids[LINE_OF_DIRECTION[dir]] as usize & 63] & 15) as usize;
                let to = targets[dir][n];
                if to == OFF_BOARD || (own | off_board) & (1u64 << to) != 0 {
                    continue;
                }
                if n > 1 && enemy & between(from.index(), dir, to as usize) != 0 {
                    continue;
                }
                f(from, Square::new(to).expect("on board"));
            }
        }
    }

    /// How many ordinary legal moves the side to move has, without branches per move: the
    /// bulk count at perft's last ply.
    #[inline]
    pub fn count_steps(&self) -> u32 {
        self.count_steps_of(self.side)
    }

    /// How many ordinary moves `color` would have if it were to move (the mobility term of the
    /// evaluation).
    #[inline]
    pub fn count_steps_of(&self, color: Color) -> u32 {
        let own = self.pieces[color.index()];
        let enemy = self.pieces[(!color).index()];
        let blocked = own | !self.rules.board.squares();
        let mut count = 0u32;
        for from in Squares(own) {
            let f = from.index() & 63;
            let ids = &LINE_IDS[f];
            let targets = &TARGETS[f];
            let rays = &RAYS[f];
            for dir in 0..8 {
                let n = self.line_counts[ids[LINE_OF_DIRECTION[dir]] as usize & 63] & 15;
                let to = targets[dir][n as usize];
                let to_bit = BITS[usize::from(to)];
                let path = rays[dir] & !RAYS[usize::from(to)][dir] & !to_bit;
                count += u32::from((to_bit & !blocked != 0) & (path & enemy == 0));
            }
        }
        count
    }

    /// The legal moves of the piece on `sq` (empty if it is not the side to move's, or the game
    /// is over). The game uses it to highlight a selected piece's destinations.
    ///
    /// In Parachute's compound turns these are the steps alone: add a placement from
    /// [`Position::placements_after`] with [`Move::with_placement`].
    pub fn legal_moves_from(&self, sq: Square) -> Vec<Move> {
        let mut out = Vec::new();
        if self.outcome.is_some() || self.movers() & sq.bit() == 0 {
            return out;
        }
        self.for_each_step(|from, to| {
            if from == sq {
                out.push(Move::Step { from, to });
            }
        });
        out
    }

    /// The square whose piece a legal move would capture.
    pub fn capture_of(&self, mv: Move) -> Option<Square> {
        mv.to()
            .filter(|to| self.pieces[(!self.side).index()] & to.bit() != 0)
    }

    /// The square a move captured, for a move already played (`None` for the start).
    pub fn last_capture(&self) -> Option<Square> {
        self.history
            .last()
            .filter(|u| u.captured)
            .and_then(|u| u.mv.to())
    }

    /// Checks a move from `from` to `to` for the side to move, saying why it is illegal.
    pub fn check_step(&self, from: Square, to: Square) -> Result<Move, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let own = self.pieces[self.side.index()];
        let enemy = self.pieces[(!self.side).index()];
        if own & from.bit() == 0 {
            return Err(if enemy & from.bit() != 0 {
                IllegalMove::NotYourPiece(from)
            } else {
                IllegalMove::NoPiece(from)
            });
        }
        if self.movers() & from.bit() == 0 {
            return Err(IllegalMove::WrongSet {
                square: from,
                set: self.set,
                other: !self.set,
            });
        }
        if from == to {
            return Err(IllegalMove::SameSquare);
        }
        let df = i16::from(to.file()) - i16::from(from.file());
        let dr = i16::from(to.rank()) - i16::from(from.rank());
        if df != 0 && dr != 0 && df.abs() != dr.abs() {
            return Err(IllegalMove::NotOnALine { from, to });
        }
        let dir = DIRECTIONS
            .iter()
            .position(|&(f, r)| i16::from(f) == df.signum() && i16::from(r) == dr.signum())
            .expect("one of eight directions");
        let needed = self.line_count(from, dir);
        if i16::from(needed) != df.abs().max(dr.abs()) {
            return Err(IllegalMove::WrongDistance { from, needed });
        }
        if !self.rules.board.contains(to) {
            return Err(IllegalMove::OffBoard(to));
        }
        if let Some(blocker) = Squares(enemy & between(from.index(), dir, to.index())).next() {
            return Err(IllegalMove::Blocked(blocker));
        }
        if own & to.bit() != 0 {
            return Err(IllegalMove::OwnPiece(to));
        }
        Ok(Move::Step { from, to })
    }

    /// Checks a move (ordinary or pass, with its placement in Parachute) for legality, saying
    /// why it is illegal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        match mv.step() {
            Some((from, to)) => {
                self.check_step(from, to)?;
            }
            None => {
                let mut any = false;
                self.for_each_step(|_, _| any = true);
                if any {
                    return Err(IllegalMove::PassNotAllowed);
                }
            }
        }
        match (mv.placement(), self.must_place()) {
            (None, false) => Ok(()),
            (None, true) => Err(IllegalMove::PlacementMissing),
            (Some(_), false) => Err(IllegalMove::NothingToPlace),
            (Some(drop), true) if self.placements_after(mv) & drop.bit() == 0 => {
                Err(IllegalMove::PlacementNotEmpty(drop))
            }
            (Some(_), true) => Ok(()),
        }
    }

    /// The group of `color`'s pieces that holds `sq` (for highlighting a winning group).
    pub fn group_at(&self, color: Color, sq: Square) -> u64 {
        group_of(self.pieces[color.index()], sq)
    }

    /// The end, if any, after `mover` moved; the opponent's pieces only change when the move
    /// captured or placed one of them. Nobody wins while the opponent holds some of his pieces
    /// (Parachute).
    fn connection_outcome(&self, mover: Color, opponent_changed: bool) -> Option<Outcome> {
        let can_win = |c: Color| self.held[(!c).index()] == 0;
        let mover_connected = can_win(mover) && is_connected(self.pieces[mover.index()]);
        let opponent_connected =
            opponent_changed && can_win(!mover) && is_connected(self.pieces[(!mover).index()]);
        self.rules
            .simultaneous
            .judge(mover, mover_connected, opponent_connected)
    }

    /// Whether the current position has occurred twice before with the same side to move.
    fn is_third_repetition(&self) -> bool {
        let mut seen = 1;
        for undo in self.history.iter().rev() {
            if undo.captured || undo.mv.placement().is_some() {
                break; // positions before a capture or placement had other piece counts
            }
            if undo.hash_before == self.hash {
                seen += 1;
                if seen >= 3 {
                    return true;
                }
            }
        }
        false
    }

    #[inline]
    fn move_lines(&mut self, sq: usize, delta: i8) {
        for &id in &LINE_IDS[sq] {
            let count = &mut self.line_counts[id as usize & 63];
            *count = count.wrapping_add_signed(delta);
        }
    }
}

impl Game for Position {
    type Move = Move;

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        if self.must_place() {
            let occupied = self.occupied();
            self.for_each_step(|from, to| {
                let after = (occupied & !from.bit()) | to.bit();
                out.extend(Squares(!after).map(|drop| Move::StepDrop { from, to, drop }));
            });
            if out.is_empty() {
                out.extend(Squares(!occupied).map(|drop| Move::PassDrop { drop }));
            }
            return;
        }
        self.for_each_step(|from, to| out.push(Move::Step { from, to }));
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    /// In Parachute's compound turns only the placements that hurt the enemy most are searched
    /// (see [`Position::placement_candidates`]); otherwise every legal move.
    fn search_moves_into(&self, out: &mut Vec<Move>) {
        if !self.must_place() {
            self.legal_moves_into(out);
            return;
        }
        out.clear();
        let occupied = self.occupied();
        let candidates = self.placement_candidates();
        self.for_each_step(|from, to| {
            let after = (occupied & !from.bit()) | to.bit();
            let mut drops = candidates & !after;
            if drops == 0 {
                drops = !after;
            }
            out.extend(Squares(drops).map(|drop| Move::StepDrop { from, to, drop }));
        });
        if out.is_empty() {
            out.extend(Squares(candidates & !occupied).map(|drop| Move::PassDrop { drop }));
        }
        if out.is_empty() {
            self.legal_moves_into(out);
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        if self.marked == 0 && self.set == PieceSet::Plain && !self.must_place() {
            return self.count_steps_by_lines(self.side).max(1) as usize;
        }
        let enemy = self.pieces[(!self.side).index()];
        let (mut steps, mut captures) = (0usize, 0usize);
        self.for_each_step(|_, to| {
            steps += 1;
            captures += usize::from(enemy & to.bit() != 0);
        });
        if !self.must_place() {
            return steps.max(1);
        }
        let empty = 64 - self.occupied().count_ones() as usize;
        if steps == 0 {
            empty
        } else {
            steps * empty + captures
        }
    }

    #[inline]
    fn is_capture(&self, mv: Move) -> bool {
        self.capture_of(mv).is_some()
    }

    fn null_move(&self) -> Option<Move> {
        Some(Move::Pass)
    }

    fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.check(mv).map_err(|reason| match reason {
            IllegalMove::GameOver => MoveError::GameOver,
            reason => MoveError::Illegal {
                mv: mv.to_string(),
                reason: reason.to_string(),
            },
        })?;
        self.play_unchecked(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: Move) {
        let mover = self.side;
        let mut undo = Undo {
            mv,
            captured: false,
            captured_marked: false,
            set_before: self.set,
            hash_before: self.hash,
        };
        let enemy = (!mover).index();
        if let Some((from, to)) = mv.step() {
            let (from, to) = (from.index(), to.index());
            let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
            if self.pieces[enemy] & to_bit != 0 {
                self.pieces[enemy] ^= to_bit;
                self.hash ^= piece_key(!mover, to);
                undo.captured = true;
                if self.marked & to_bit != 0 {
                    self.marked ^= to_bit;
                    self.hash ^= mark_key(to);
                    undo.captured_marked = true;
                }
            } else {
                self.move_lines(to, 1);
            }
            self.pieces[mover.index()] ^= from_bit | to_bit;
            self.hash ^= piece_key(mover, from) ^ piece_key(mover, to);
            self.move_lines(from, -1);
            if self.marked & from_bit != 0 {
                self.marked ^= from_bit | to_bit;
                self.hash ^= mark_key(from) ^ mark_key(to);
            }
        }
        if let Some(drop) = mv.placement() {
            let drop = drop.index();
            self.pieces[enemy] |= 1u64 << drop;
            self.hash ^= piece_key(!mover, drop);
            self.move_lines(drop, 1);
            let held = &mut self.held[mover.index()];
            self.hash ^= held_key(mover, *held) ^ held_key(mover, held.saturating_sub(1));
            *held = held.saturating_sub(1);
        }
        if self.rules.variant.has_marked_sets() && mover != self.rules.first_player {
            self.set = !self.set;
            self.hash ^= SET_KEY;
        }
        self.side = !mover;
        self.hash ^= SIDE_KEY;
        self.history.push(undo);
        self.outcome = if mv == Move::Pass {
            None
        } else {
            self.connection_outcome(mover, undo.captured || mv.placement().is_some())
        };
        if self.outcome.is_none() && self.rules.repetition_draw && self.is_third_repetition() {
            self.outcome = Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
    }

    fn undo(&mut self) -> Option<Move> {
        let undo = self.history.pop()?;
        let mover = !self.side;
        if let Some(drop) = undo.mv.placement() {
            let drop = drop.index();
            self.pieces[(!mover).index()] ^= 1u64 << drop;
            self.move_lines(drop, -1);
            self.held[mover.index()] += 1;
        }
        if let Some((from, to)) = undo.mv.step() {
            let (from, to) = (from.index(), to.index());
            let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
            self.pieces[mover.index()] ^= from_bit | to_bit;
            self.move_lines(from, 1);
            if self.marked & to_bit != 0 {
                self.marked ^= from_bit | to_bit;
            }
            if undo.captured {
                self.pieces[(!mover).index()] |= to_bit;
                if undo.captured_marked {
                    self.marked |= to_bit;
                }
            } else {
                self.move_lines(to, -1);
            }
        }
        self.set = undo.set_before;
        self.side = mover;
        self.hash = undo.hash_before;
        self.outcome = None;
        Some(undo.mv)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn ply(&self) -> usize {
        self.history.len()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let (step_text, drop_text) = match text.split_once('@') {
            Some((step, drop)) => (step, Some(drop.trim())),
            None => (text, None),
        };
        let mut mv = match MoveText::parse(step_text, 8, 8)? {
            MoveText::Pass => Move::Pass,
            MoveText::Step { from, to, .. } => {
                match (Square::from_coord(from), Square::from_coord(to)) {
                    (Some(from), Some(to)) => Move::Step { from, to },
                    _ => return Err(MoveParseError::Malformed(text.trim().to_string()).into()),
                }
            }
        };
        if let Some(drop_text) = drop_text {
            let drop = Square::parse(drop_text).map_err(|source| MoveParseError::Square {
                text: text.trim().to_string(),
                source,
            })?;
            mv = mv.with_placement(drop);
        }
        self.check(mv).map_err(|reason| match reason {
            IllegalMove::GameOver => MoveError::GameOver,
            reason => MoveError::Illegal {
                mv: text.trim().to_string(),
                reason: reason.to_string(),
            },
        })?;
        Ok(mv)
    }

    fn human_move(&self, mv: Move) -> String {
        let step = match mv.step() {
            Some((from, to)) => {
                let sep = if self.capture_of(mv).is_some() {
                    'x'
                } else {
                    '-'
                };
                format!("{from}{sep}{to}")
            }
            None => "pass".to_string(),
        };
        match mv.placement() {
            Some(drop) => format!("{step} @{drop}"),
            None => step,
        }
    }

    fn to_text(&self) -> String {
        self.setup().to_string()
    }

    fn piece_count(&self, color: Color) -> u32 {
        self.pieces[color.index()].count_ones()
    }

    fn largest_group(&self, color: Color) -> Option<u32> {
        let mut left = self.pieces[color.index()];
        let mut largest = 0;
        while left != 0 {
            let seed = Square::new(left.trailing_zeros() as u8).expect("a square of the board");
            let group = group_of(left, seed);
            largest = largest.max(group.count_ones());
            left &= !group;
        }
        Some(largest)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_text())
    }
}

/// A diagram: rank 8 on top, `x` Black, `o` White (`X`, `O` marked), `.` empty.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            write!(f, "{} ", rank + 1)?;
            for file in 0..8u8 {
                let sq = Square::from_file_rank(file, rank).expect("on board");
                let c = match self.piece_at(sq) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None => '.',
                };
                let c = if self.marked & sq.bit() != 0 {
                    c.to_ascii_uppercase()
                } else {
                    c
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        writeln!(f, "  a b c d e f g h")?;
        write!(f, "{} to move", self.side)?;
        if self.rules.variant.has_marked_sets() {
            write!(f, " ({} set)", self.set)?;
        }
        if self.held != [0, 0] {
            write!(
                f,
                "; Black holds {}, White holds {}",
                self.held[0], self.held[1]
            )?;
        }
        Ok(())
    }
}
