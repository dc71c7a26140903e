//! A validated Boundless Lines of Action position with make/unmake, move generation and the end
//! rules.
//!
//! Representation: each colour's pieces are a short fixed array of [`Point`]s (at most
//! [`MAX_PIECES`]). To move a piece the generator scans every other piece once, sorts it onto one
//! of the piece's four lines (or none) and records per direction a bit mask of the distances at
//! which own and enemy pieces stand; the piece count of each line, the enemy blocking the way and
//! the own piece on the target then fall out of a few bit operations. With the 24 pieces of a game this
//! beats keeping per-line count maps up to date (figures in the module notes of
//! [`crate::boundless`]).

use std::fmt;

use thiserror::Error;

use super::moves::{Move, MoveText, MoveTextError};
use super::point::{COORDINATE_LIMIT, Point, PointParseError};
use super::setup::{Setup, SetupParseError};
use crate::game::{DrawReason, Game, MoveError, Outcome};
use crate::loa::Rules;
use crate::notation::{MoveParseError, SquareParseError};
use crate::{Color, zobrist};

/// The most pieces a colour may have (the standard start has 12).
pub const MAX_PIECES: usize = 16;

/// Seeds of the per-colour point keys, and the key for "White to move".
const SEEDS: [u64; 3] = zobrist::keys(0x424F_554E_444C_4553);
const SIDE_KEY: u64 = SEEDS[2];

/// The Zobrist key of a `color` piece on `p`: SplitMix64 of the packed coordinates, salted per
/// colour (a bijection of the packed point, so no two points of a colour share a key).
#[inline]
fn piece_key(color: Color, p: Point) -> u64 {
    let packed = (u64::from(p.file as u32) << 32) | u64::from(p.rank as u32);
    zobrist::splitmix64(packed ^ SEEDS[color.index()]).1
}

/// The direction (index into [`super::DIRECTIONS`]) and distance from `from` to `q`, if `q` is another
/// point on one of `from`'s lines.
#[inline(always)]
fn classify(from: Point, q: Point) -> Option<(usize, u32)> {
    let df = q.file.wrapping_sub(from.file);
    let dr = q.rank.wrapping_sub(from.rank);
    if df == 0 {
        if dr == 0 {
            None
        } else {
            Some((if dr > 0 { 0 } else { 4 }, dr.unsigned_abs()))
        }
    } else if dr == 0 {
        Some((if df > 0 { 2 } else { 6 }, df.unsigned_abs()))
    } else if df == dr {
        Some((if df > 0 { 1 } else { 5 }, df.unsigned_abs()))
    } else if df == -dr {
        Some((if df > 0 { 3 } else { 7 }, df.unsigned_abs()))
    } else {
        None
    }
}

/// Whether two different points touch (8-connectivity).
#[inline(always)]
fn adjacent(a: Point, b: Point) -> bool {
    let df = a.file.wrapping_sub(b.file).wrapping_add(1) as u32;
    let dr = a.rank.wrapping_sub(b.rank).wrapping_add(1) as u32;
    df <= 2 && dr <= 2 && a != b
}

/// What a piece sees along its lines.
struct Lines {
    /// Pieces on each line (N–S, NE–SW, E–W, SE–NW), the piece itself included: the distance a
    /// move along it goes.
    count: [u32; 4],
    /// Bit `k` of `own[d]`: an own piece stands `k` steps away in direction `d`.
    own: [u64; 8],
    /// The same for enemy pieces.
    enemy: [u64; 8],
}

impl Lines {
    #[inline(always)]
    fn of(from: Point, own: &[Point], enemy: &[Point]) -> Lines {
        let mut lines = Lines {
            count: [1; 4],
            own: [0; 8],
            enemy: [0; 8],
        };
        for &q in own {
            if let Some((d, k)) = classify(from, q) {
                lines.count[d & 3] += 1;
                if k < 64 {
                    lines.own[d] |= 1u64 << k;
                }
            }
        }
        for &q in enemy {
            if let Some((d, k)) = classify(from, q) {
                lines.count[d & 3] += 1;
                if k < 64 {
                    lines.enemy[d] |= 1u64 << k;
                }
            }
        }
        lines
    }

    /// Whether the move in direction `d` is legal, and how far it goes.
    #[inline(always)]
    fn legal(&self, d: usize) -> (bool, u32) {
        let n = self.count[d & 3];
        let path = (1u64 << n) - 2; // distances 1 .. n-1
        let ok = self.enemy[d] & path == 0 && self.own[d] & (1u64 << n) == 0;
        (ok, n)
    }
}

/// Whether a set of at most [`MAX_PIECES`] points forms one 8-connected group.
pub(crate) fn is_connected(points: &[Point]) -> bool {
    let n = points.len();
    if n <= 1 {
        return n == 1;
    }
    // A connected group of n pieces spans fewer than n files and ranks.
    let (mut min_f, mut max_f, mut min_r, mut max_r) = (
        points[0].file,
        points[0].file,
        points[0].rank,
        points[0].rank,
    );
    for p in &points[1..] {
        min_f = min_f.min(p.file);
        max_f = max_f.max(p.file);
        min_r = min_r.min(p.rank);
        max_r = max_r.max(p.rank);
    }
    let span = (max_f.wrapping_sub(min_f) as u32).max(max_r.wrapping_sub(min_r) as u32);
    if span as usize >= n {
        return false;
    }
    group_mask(points, 0) == (1u32 << n) - 1
}

/// The group holding `points[start]`, as a bit mask over the indices of `points`.
pub(crate) fn group_mask(points: &[Point], start: usize) -> u32 {
    let mut group = 1u32 << start;
    let mut frontier = group;
    while frontier != 0 {
        let i = frontier.trailing_zeros() as usize;
        frontier &= frontier - 1;
        for (j, &q) in points.iter().enumerate() {
            if group & (1 << j) == 0 && adjacent(points[i], q) {
                group |= 1 << j;
                frontier |= 1 << j;
            }
        }
    }
    group
}

/// What a played move changed, kept so it can be taken back.
#[derive(Debug, Clone, Copy)]
struct Undo {
    mv: Move,
    /// Index of the moved piece in the mover's list.
    moved: u8,
    /// Index the captured piece had in the opponent's list, if the move captured.
    captured: Option<u8>,
    hash_before: u64,
}

/// A setup that breaks the rules (or text that is not a setup).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text could not be read.
    #[error(transparent)]
    Text(#[from] SetupParseError),
    /// A point is listed twice for one colour.
    #[error("{color} has {point} twice")]
    Duplicate {
        /// Whose list.
        color: Color,
        /// The point.
        point: Point,
    },
    /// A point holds both colours.
    #[error("{0} holds both a black and a white piece")]
    Overlap(Point),
    /// A side has no pieces.
    #[error("{0} has no pieces")]
    NoPieces(Color),
    /// A side has more than [`MAX_PIECES`] pieces.
    #[error("{color} has {count} pieces; at most {MAX_PIECES} are allowed")]
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// How many.
        count: usize,
    },
    /// A coordinate beyond [`COORDINATE_LIMIT`].
    #[error("{0} is too far out: coordinates must lie within ±{COORDINATE_LIMIT}")]
    TooFar(Point),
}

/// Why a move from one point to another is not legal, in words for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// No piece on the origin.
    #[error("there is no piece on {0}")]
    NoPiece(Point),
    /// The piece belongs to the other side.
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Point),
    /// Origin and destination are the same point.
    #[error("a piece must move")]
    SameSquare,
    /// The points are not on one rank, file or diagonal.
    #[error("{from} and {to} are not on one line (pieces move straight or diagonally)")]
    NotOnALine {
        /// Origin.
        from: Point,
        /// Destination.
        to: Point,
    },
    /// The distance is not the number of pieces on the line.
    #[error(
        "the piece on {from} must move exactly {needed} {} along that line ({needed} {} on it)",
        if *needed == 1 { "square" } else { "squares" },
        if *needed == 1 { "piece" } else { "pieces" }
    )]
    WrongDistance {
        /// Origin.
        from: Point,
        /// How far it must move along that line.
        needed: u32,
    },
    /// An enemy piece stands in the way.
    #[error("the enemy piece on {0} blocks the way (pieces jump only their own side)")]
    Blocked(Point),
    /// The destination holds one of the mover's pieces.
    #[error("{0} holds one of your own pieces")]
    OwnPiece(Point),
    /// A pass while a move is possible.
    #[error("you may pass only when you have no legal move")]
    PassNotAllowed,
}

/// A Boundless Lines of Action position: the pieces on the unbounded plane, the side to move,
/// the rules in force and the history of moves played since the setup.
#[derive(Clone)]
pub struct Position {
    /// Each colour's pieces; the first `len[c]` entries are live. The order is an internal
    /// matter (undo restores it exactly, so move generation order is reproducible).
    pieces: [[Point; MAX_PIECES]; 2],
    len: [u8; 2],
    side: Color,
    hash: u64,
    outcome: Option<Outcome>,
    rules: Rules,
    initial: Setup,
    history: Vec<Undo>,
}

impl Position {
    /// The standard start with the rules' first player to move (the rules' `variant` is
    /// ignored: Boundless always starts from the standard setup).
    pub fn new(rules: Rules) -> Position {
        Position::from_setup(Setup::start(rules.first_player), rules)
            .expect("the start position is valid")
    }

    /// Validates a setup under the given rules. A setup in which a side is already connected
    /// starts as a finished game, judged as if the side not to move had just moved (and
    /// captured).
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        let mut pieces = [[Point::default(); MAX_PIECES]; 2];
        let mut len = [0u8; 2];
        for color in Color::ALL {
            let list = setup.pieces(color);
            if list.is_empty() {
                return Err(PositionError::NoPieces(color));
            }
            if list.len() > MAX_PIECES {
                return Err(PositionError::TooManyPieces {
                    color,
                    count: list.len(),
                });
            }
            for (i, &p) in list.iter().enumerate() {
                if !p.within_limit() {
                    return Err(PositionError::TooFar(p));
                }
                if list[..i].contains(&p) {
                    return Err(PositionError::Duplicate { color, point: p });
                }
                pieces[color.index()][i] = p;
            }
            len[color.index()] = list.len() as u8;
        }
        if let Some(&p) = setup.black.iter().find(|p| setup.white.contains(p)) {
            return Err(PositionError::Overlap(p));
        }
        let mut hash = if setup.side == Color::White {
            SIDE_KEY
        } else {
            0
        };
        for color in Color::ALL {
            for &p in setup.pieces(color) {
                hash ^= piece_key(color, p);
            }
        }
        let mut position = Position {
            pieces,
            len,
            side: setup.side,
            hash,
            outcome: None,
            rules,
            initial: setup,
            history: Vec::new(),
        };
        position.outcome = position.connection_outcome(!position.side, true);
        Ok(position)
    }

    /// Parses position text (`b:b1,c1 w:a2,(0,1) b` or the 8×8 board text) and validates it.
    pub fn from_text(text: &str, rules: Rules) -> Result<Position, PositionError> {
        Position::from_setup(text.parse()?, rules)
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The pieces and side to move as a raw setup.
    pub fn setup(&self) -> Setup {
        Setup {
            black: self.pieces(Color::Black).to_vec(),
            white: self.pieces(Color::White).to_vec(),
            side: self.side,
        }
    }

    /// The setup this position's history starts from.
    pub fn initial_setup(&self) -> &Setup {
        &self.initial
    }

    /// The text of the setup this position's history starts from.
    pub fn initial_text(&self) -> String {
        self.initial.to_string()
    }

    /// One colour's pieces, in no particular order.
    #[inline]
    pub fn pieces(&self, color: Color) -> &[Point] {
        &self.pieces[color.index()][..usize::from(self.len[color.index()])]
    }

    /// The colour of the piece on a point.
    pub fn piece_at(&self, p: Point) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.pieces(c).contains(&p))
    }

    /// The moves played since the setup, oldest first.
    pub fn moves_played(&self) -> impl DoubleEndedIterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|u| u.mv)
    }

    /// The point a move already played captured on (`None` at the start or after a quiet move).
    pub fn last_capture(&self) -> Option<Point> {
        self.history
            .last()
            .filter(|u| u.captured.is_some())
            .and_then(|u| u.mv.to())
    }

    /// The lower-left and upper-right corners of the smallest box holding every piece and the
    /// standard 8×8 area `a1`..`h8` (what a view must show).
    pub fn bounds(&self) -> (Point, Point) {
        let (mut lo, mut hi) = (Point::new(0, 0), Point::new(7, 7));
        for color in Color::ALL {
            for p in self.pieces(color) {
                lo = Point::new(lo.file.min(p.file), lo.rank.min(p.rank));
                hi = Point::new(hi.file.max(p.file), hi.rank.max(p.rank));
            }
        }
        (lo, hi)
    }

    /// Pieces on the line through `p` in direction `dir` (an index into
    /// [`super::DIRECTIONS`]; `d`
    /// and `d + 4` give the same line), a piece on `p` included: the distance a piece on `p`
    /// moves that way.
    pub fn line_count(&self, p: Point, dir: usize) -> u32 {
        let on_line = |&q: &Point| q == p || classify(p, q).is_some_and(|(d, _)| d & 3 == dir & 3);
        let count = |c: Color| self.pieces(c).iter().filter(|q| on_line(q)).count() as u32;
        count(Color::Black) + count(Color::White)
    }

    /// Calls `f(from, to)` for every ordinary (non-pass) legal move of `color`.
    #[inline]
    fn for_each_step_of(&self, color: Color, mut f: impl FnMut(Point, Point)) {
        let own = self.pieces(color);
        let enemy = self.pieces(!color);
        for &from in own {
            let lines = Lines::of(from, own, enemy);
            for d in 0..8 {
                let (ok, n) = lines.legal(d);
                if ok {
                    f(from, from.step(d, n as i32));
                }
            }
        }
    }

    /// How many ordinary moves `color` would have if it were to move (the mobility term of the
    /// evaluation, and perft's bulk count).
    #[inline]
    pub fn count_steps_of(&self, color: Color) -> u32 {
        let own = self.pieces(color);
        let enemy = self.pieces(!color);
        let mut count = 0;
        for &from in own {
            let lines = Lines::of(from, own, enemy);
            for d in 0..8 {
                count += u32::from(lines.legal(d).0);
            }
        }
        count
    }

    /// The legal moves of the piece on `p` (empty if it is not the side to move's, or the game
    /// is over). The game uses it to highlight a selected piece's destinations.
    pub fn legal_moves_from(&self, p: Point) -> Vec<Move> {
        let mut out = Vec::new();
        if self.outcome.is_some() || !self.pieces(self.side).contains(&p) {
            return out;
        }
        let lines = Lines::of(p, self.pieces(self.side), self.pieces(!self.side));
        for d in 0..8 {
            let (ok, n) = lines.legal(d);
            if ok {
                out.push(Move::Step {
                    from: p,
                    to: p.step(d, n as i32),
                });
            }
        }
        out
    }

    /// The point whose piece a move would capture (the side to move's move).
    pub fn capture_of(&self, mv: Move) -> Option<Point> {
        mv.to().filter(|to| self.pieces(!self.side).contains(to))
    }

    /// Checks a move from `from` to `to` for the side to move, saying why it is illegal.
    pub fn check_step(&self, from: Point, to: Point) -> Result<Move, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let own = self.pieces(self.side);
        let enemy = self.pieces(!self.side);
        if !own.contains(&from) {
            return Err(if enemy.contains(&from) {
                IllegalMove::NotYourPiece(from)
            } else {
                IllegalMove::NoPiece(from)
            });
        }
        if from == to {
            return Err(IllegalMove::SameSquare);
        }
        let (dir, distance) = from
            .direction_to(to)
            .ok_or(IllegalMove::NotOnALine { from, to })?;
        let needed = self.line_count(from, dir);
        if i64::from(needed) != distance {
            return Err(IllegalMove::WrongDistance { from, needed });
        }
        let blocker = enemy
            .iter()
            .filter_map(|&q| match classify(from, q) {
                Some((d, k)) if d == dir && k < needed => Some((k, q)),
                _ => None,
            })
            .min();
        if let Some((_, q)) = blocker {
            return Err(IllegalMove::Blocked(q));
        }
        if own.contains(&to) {
            return Err(IllegalMove::OwnPiece(to));
        }
        Ok(Move::Step { from, to })
    }

    /// Checks a move (ordinary or pass) for legality, saying why it is illegal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            Move::Step { from, to } => self.check_step(from, to).map(|_| ()),
            Move::Pass if self.outcome.is_some() => Err(IllegalMove::GameOver),
            Move::Pass if self.count_steps_of(self.side) > 0 => Err(IllegalMove::PassNotAllowed),
            Move::Pass => Ok(()),
        }
    }

    /// The group of `color`'s pieces that holds `p` (for highlighting a winning group); empty if
    /// no piece of that colour stands on `p`.
    pub fn group_at(&self, color: Color, p: Point) -> Vec<Point> {
        let pieces = self.pieces(color);
        let Some(start) = pieces.iter().position(|&q| q == p) else {
            return Vec::new();
        };
        let group = group_mask(pieces, start);
        pieces
            .iter()
            .enumerate()
            .filter(|&(i, _)| group & (1 << i) != 0)
            .map(|(_, &q)| q)
            .collect()
    }

    /// Whether `color`'s pieces form one 8-connected group.
    pub fn is_connected(&self, color: Color) -> bool {
        is_connected(self.pieces(color))
    }

    /// The end, if any, after `mover` moved; the opponent's connection only changes when the
    /// move captured.
    fn connection_outcome(&self, mover: Color, captured: bool) -> Option<Outcome> {
        let mover_connected = self.is_connected(mover);
        let opponent_connected = captured && self.is_connected(!mover);
        self.rules
            .simultaneous
            .judge(mover, mover_connected, opponent_connected)
    }

    /// Whether the current position has occurred twice before with the same side to move.
    fn is_third_repetition(&self) -> bool {
        let mut seen = 1;
        for undo in self.history.iter().rev() {
            if undo.captured.is_some() {
                break; // positions before a capture had more pieces
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

    /// The player-facing error for an illegal move written as `text`.
    fn move_error(reason: IllegalMove, text: String) -> MoveError {
        match reason {
            IllegalMove::GameOver => MoveError::GameOver,
            reason => MoveError::Illegal {
                mv: text,
                reason: reason.to_string(),
            },
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
        self.for_each_step_of(self.side, |from, to| out.push(Move::Step { from, to }));
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        self.count_steps_of(self.side).max(1) as usize
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
        self.check(mv)
            .map_err(|reason| Position::move_error(reason, mv.to_string()))?;
        self.play_unchecked(mv);
        Ok(())
    }

    fn play_unchecked(&mut self, mv: Move) {
        let mover = self.side;
        let mut undo = Undo {
            mv,
            moved: 0,
            captured: None,
            hash_before: self.hash,
        };
        if let Move::Step { from, to } = mv {
            let m = mover.index();
            let e = (!mover).index();
            let moved = self.pieces(mover).iter().position(|&p| p == from);
            debug_assert!(moved.is_some(), "{mv} moves no piece of the side to move");
            let moved = moved.unwrap_or(0);
            self.pieces[m][moved] = to;
            undo.moved = moved as u8;
            self.hash ^= piece_key(mover, from) ^ piece_key(mover, to);
            if let Some(c) = self.pieces(!mover).iter().position(|&p| p == to) {
                let last = usize::from(self.len[e]) - 1;
                self.pieces[e][c] = self.pieces[e][last];
                self.len[e] -= 1;
                self.hash ^= piece_key(!mover, to);
                undo.captured = Some(c as u8);
            }
        }
        self.side = !mover;
        self.hash ^= SIDE_KEY;
        self.history.push(undo);
        self.outcome = if mv == Move::Pass {
            None
        } else {
            self.connection_outcome(mover, undo.captured.is_some())
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
        if let Move::Step { from, to } = undo.mv {
            let (m, e) = (mover.index(), (!mover).index());
            self.pieces[m][usize::from(undo.moved)] = from;
            if let Some(c) = undo.captured {
                let (c, len) = (usize::from(c), usize::from(self.len[e]));
                self.pieces[e][len] = self.pieces[e][c];
                self.pieces[e][c] = to;
                self.len[e] += 1;
            }
        }
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

    /// Parses `b1-(2,0)`, `b1x(2,0)`, `b1:(2,0)`, `b1(2,0)`, `b1-d3` or `pass` and checks the
    /// move. A point too far out to be reached is reported as an illegal move.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let trimmed = text.trim().to_string();
        let mv = match MoveText::parse(text) {
            Ok(MoveText::Pass) => Move::Pass,
            Ok(MoveText::Step { from, to, .. }) => Move::Step { from, to },
            Err(MoveTextError::Empty) => return Err(MoveParseError::Empty.into()),
            Err(MoveTextError::Malformed(t)) => return Err(MoveParseError::Malformed(t).into()),
            Err(MoveTextError::Point {
                source: PointParseError::TooLarge(point),
                ..
            }) => {
                if self.outcome.is_some() {
                    return Err(MoveError::GameOver);
                }
                return Err(MoveError::Illegal {
                    mv: trimmed,
                    reason: format!(
                        "{point} is too far out (coordinates lie within ±{COORDINATE_LIMIT})"
                    ),
                });
            }
            Err(MoveTextError::Point { text, source }) => {
                let point = match source {
                    PointParseError::Malformed(p) | PointParseError::TooLarge(p) => p,
                    PointParseError::Empty => String::new(),
                };
                return Err(MoveParseError::Square {
                    text,
                    source: SquareParseError::Malformed(point),
                }
                .into());
            }
        };
        self.check(mv)
            .map_err(|reason| Position::move_error(reason, trimmed))?;
        Ok(mv)
    }

    fn human_move(&self, mv: Move) -> String {
        match mv {
            Move::Step { from, to } => {
                let sep = if self.capture_of(mv).is_some() {
                    'x'
                } else {
                    '-'
                };
                format!("{from}{sep}{to}")
            }
            Move::Pass => "pass".to_string(),
        }
    }

    fn to_text(&self) -> String {
        self.setup().to_string()
    }

    fn piece_count(&self, color: Color) -> u32 {
        self.pieces(color).len() as u32
    }

    fn largest_group(&self, color: Color) -> Option<u32> {
        let pieces = self.pieces(color);
        let mut counted = vec![false; pieces.len()];
        let mut largest = 0;
        for (i, &p) in pieces.iter().enumerate() {
            if counted[i] {
                continue;
            }
            let group = self.group_at(color, p);
            for q in &group {
                if let Some(k) = pieces.iter().position(|r| r == q) {
                    counted[k] = true;
                }
            }
            largest = largest.max(group.len() as u32);
        }
        Some(largest)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_text())
    }
}

/// The widest or tallest box drawn as a diagram; beyond it `Display` writes the text form.
const DIAGRAM_LIMIT: i64 = 64;

/// A diagram of [`Position::bounds`]: top rank first, `x` Black, `o` White, `.` empty, the 8×8
/// area's empty squares drawn as `.` and the rest of the plane as `,`. Rank numbers on the
/// left; file letters (`?` beyond a–z) below.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (lo, hi) = self.bounds();
        let width = i64::from(hi.file) - i64::from(lo.file) + 1;
        let height = i64::from(hi.rank) - i64::from(lo.rank) + 1;
        if width > DIAGRAM_LIMIT || height > DIAGRAM_LIMIT {
            return write!(f, "{}\n{} to move", self.to_text(), self.side);
        }
        let label_width = [lo.rank, hi.rank]
            .iter()
            .map(|r| (i64::from(*r) + 1).to_string().len())
            .max()
            .unwrap_or(1);
        for rank in (lo.rank..=hi.rank).rev() {
            write!(f, "{:>label_width$} ", i64::from(rank) + 1)?;
            for file in lo.file..=hi.file {
                let p = Point::new(file, rank);
                let c = match self.piece_at(p) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None if p.on_standard_board() => '.',
                    None => ',',
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        write!(f, "{:label_width$} ", "")?;
        for file in lo.file..=hi.file {
            let c = if (0..26).contains(&file) {
                (b'a' + file as u8) as char
            } else {
                '?'
            };
            write!(f, "{c} ")?;
        }
        writeln!(f)?;
        write!(f, "{} to move", self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_per_colour_and_point() {
        let mut seen = std::collections::HashSet::new();
        for color in Color::ALL {
            for file in -20..20 {
                for rank in -20..20 {
                    assert!(seen.insert(piece_key(color, Point::new(file, rank))));
                }
            }
        }
        assert!(!seen.contains(&SIDE_KEY));
    }

    #[test]
    fn classify_finds_the_eight_directions() {
        let o = Point::new(3, -2);
        for d in 0..8 {
            for k in 1..5 {
                assert_eq!(classify(o, o.step(d, k)), Some((d, k as u32)));
            }
        }
        assert_eq!(classify(o, o), None);
        assert_eq!(classify(o, Point::new(4, 0)), None);
    }
}
