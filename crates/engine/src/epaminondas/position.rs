//! A validated Epaminondas position with make/unmake, move generation and the end rules.

use std::fmt;

use thiserror::Error;

use super::bitboard::{BITS, Bitboard, DELTA, Geometry, Square};
use super::movegen::{Collector, Counter, View};
use super::moves::Move;
use super::setup::{BoardSize, Rules, Setup, SetupParseError};
use crate::game::{DrawReason, Game, MoveError, Outcome, WinReason};
use crate::notation::{MoveParseError, MoveText};
use crate::{Color, zobrist};

/// Zobrist keys: one per colour and layout bit, then the key for "Black to move".
const KEYS: [u64; 2 * BITS + 1] = zobrist::keys(0x4550_414D_2026_1975);
const SIDE_KEY: u64 = KEYS[2 * BITS];

#[inline]
fn stone_key(color: Color, index: usize) -> u64 {
    KEYS[color.index() * BITS + index]
}

/// What a played move changed, kept so it can be taken back.
#[derive(Debug, Clone, Copy)]
struct Undo {
    mv: Move,
    /// Index step of the move's direction (0 for a pass).
    delta: i8,
    /// How many squares the group moved.
    distance: u8,
    /// How many enemy stones the move captured.
    captured: u8,
    hash_before: u64,
}

/// A setup that breaks the rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The setup is for another board than the rules.
    #[error("the position is for the {setup} board, but the game is played on the {rules} board")]
    WrongBoard {
        /// The setup's board.
        setup: BoardSize,
        /// The rules' board.
        rules: BoardSize,
    },
    /// A stone stands outside the board.
    #[error("{0} is not on the board")]
    OffBoard(Square),
    /// A square holds both colours.
    #[error("square {0} holds both a black and a white stone")]
    Overlap(Square),
    /// Neither side has a stone.
    #[error("the board is empty")]
    NoStones,
    /// The text could not be read.
    #[error(transparent)]
    Text(#[from] SetupParseError),
}

/// Why a move is not legal, in words for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A square is not on this board.
    #[error("{0} is not on the board")]
    OffBoard(Square),
    /// No stone on the tail square.
    #[error("there is no stone on {0}")]
    NoStone(Square),
    /// The stone belongs to the other side.
    #[error("the stone on {0} is not yours")]
    NotYourStone(Square),
    /// Tail and destination are the same square.
    #[error("a stone must move")]
    SameSquare,
    /// The squares are not on one rank, file or diagonal.
    #[error("{tail} and {to} are not on one line (phalanxes move straight or diagonally)")]
    NotOnALine {
        /// The tail.
        tail: Square,
        /// The destination.
        to: Square,
    },
    /// The destination is a square of the moving phalanx itself.
    #[error("{to} is inside the moving phalanx: name the square where its head ({head}) lands")]
    InsidePhalanx {
        /// The destination given.
        to: Square,
        /// The phalanx's front stone.
        head: Square,
    },
    /// The group would move further than it has stones.
    #[error("{}", too_far(*stones))]
    TooFar {
        /// Stones in the moving group.
        stones: u8,
    },
    /// The destination holds one of the mover's own stones.
    #[error("{0} holds one of your own stones")]
    OwnStone(Square),
    /// A stone stands on a square the head would pass over.
    #[error("the stone on {0} is in the way (a phalanx cannot pass through stones)")]
    Blocked(Square),
    /// A single stone tries to capture.
    #[error("a single stone cannot capture")]
    SingleStoneCannotCapture,
    /// The enemy row is not shorter than the moving group.
    #[error(
        "a phalanx of {stones} captures only an enemy row of fewer than {stones} stones; this row has {row}"
    )]
    RowTooLong {
        /// Stones in the moving group.
        stones: u8,
        /// Stones in the enemy row that starts on the destination.
        row: u8,
    },
    /// The move reaches the far row and leaves a colour-swapped symmetric position.
    #[error(
        "a move onto the far row may not leave the position symmetric with the colours swapped (anti-symmetry rule)"
    )]
    Symmetric,
    /// A pass while a move is possible.
    #[error("you may pass only when you have no legal move")]
    PassNotAllowed,
}

fn too_far(stones: u8) -> String {
    if stones == 1 {
        "a single stone moves only one square".to_string()
    } else {
        format!("a phalanx of {stones} stones moves at most {stones} squares")
    }
}

/// An Epaminondas position: the stones, the side to move, the rules in force and the history of
/// moves played since the setup.
#[derive(Clone)]
pub struct Position {
    /// Stones by [`Color::index`].
    stones: [Bitboard; 2],
    side: Color,
    hash: u64,
    outcome: Option<Outcome>,
    rules: Rules,
    geo: &'static Geometry,
    initial: Setup,
    history: Vec<Undo>,
}

impl Position {
    /// The start position on the rules' board, White to move.
    pub fn new(rules: Rules) -> Position {
        Position::from_setup(Setup::start(rules.board), rules).expect("start positions are valid")
    }

    /// Validates a setup under the given rules. The end rules are applied at once for the side
    /// to move: a side without stones has lost, and the side to move wins if it has more stones
    /// on the far row than the opponent has on its own far row.
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        if setup.board != rules.board {
            return Err(PositionError::WrongBoard {
                setup: setup.board,
                rules: rules.board,
            });
        }
        let geo = rules.board.geometry();
        if let Some(sq) = (setup.black | setup.white)
            .and_not(geo.board)
            .squares()
            .next()
        {
            return Err(PositionError::OffBoard(sq));
        }
        if let Some(sq) = (setup.black & setup.white).squares().next() {
            return Err(PositionError::Overlap(sq));
        }
        if (setup.black | setup.white).is_empty() {
            return Err(PositionError::NoStones);
        }
        let stones = [setup.black, setup.white];
        let mut hash = if setup.side == Color::Black {
            SIDE_KEY
        } else {
            0
        };
        for color in Color::ALL {
            for sq in stones[color.index()].squares() {
                hash ^= stone_key(color, sq.index());
            }
        }
        let mut position = Position {
            stones,
            side: setup.side,
            hash,
            outcome: None,
            rules,
            geo,
            initial: setup,
            history: Vec::new(),
        };
        position.outcome = position.start_of_turn_outcome();
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

    /// The board the game is played on.
    pub fn board(&self) -> BoardSize {
        self.rules.board
    }

    /// The stones and side to move as a raw setup.
    pub fn setup(&self) -> Setup {
        Setup {
            board: self.rules.board,
            black: self.stones[Color::Black.index()],
            white: self.stones[Color::White.index()],
            side: self.side,
        }
    }

    /// The setup this position's history starts from.
    pub fn initial_setup(&self) -> Setup {
        self.initial
    }

    /// The stones of one colour.
    #[inline]
    pub fn stones(&self, color: Color) -> Bitboard {
        self.stones[color.index()]
    }

    /// Every stone.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.stones[0] | self.stones[1]
    }

    /// The colour of the stone on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        self.setup().piece_at(sq)
    }

    /// The moves played since the setup, oldest first.
    pub fn moves_played(&self) -> impl DoubleEndedIterator<Item = Move> + '_ {
        self.history.iter().map(|u| u.mv)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|u| u.mv)
    }

    /// How many stones of `color` stand on the opponent's home row (the row `color` races to).
    pub fn far_row_count(&self, color: Color) -> u32 {
        (self.stones[color.index()] & self.geo.home[(!color).index()]).count()
    }

    /// The board as the side to move sees it.
    #[inline]
    fn view(&self) -> View {
        let own = self.stones[self.side.index()];
        let enemy = self.stones[(!self.side).index()];
        View {
            own,
            enemy,
            empty: self.geo.board.and_not(own | enemy),
            far_row: self.geo.home[(!self.side).index()],
            check_symmetry: self.rules.anti_symmetry && own.count() <= enemy.count(),
            geo: self.geo,
        }
    }

    /// The number of stones of `color` in an unbroken row from `from` (included) in direction
    /// `dir`.
    fn row_length(&self, color: Color, from: Square, dir: usize) -> u8 {
        let stones = self.stones[color.index()];
        let delta = DELTA[dir] as isize;
        let mut s = from.index() as isize;
        let mut n = 0;
        while stones.has_index(s) {
            n += 1;
            s += delta;
        }
        n
    }

    /// The legal moves whose tail is the stone on `sq` (empty if it is not the side to move's,
    /// or the game is over). The game uses it to show a selected stone's options.
    pub fn legal_moves_from(&self, sq: Square) -> Vec<Move> {
        let mut moves = self.legal_moves();
        moves.retain(|mv| mv.tail() == Some(sq));
        moves
    }

    /// The legal moves in which the stone on `sq` moves, as the tail or ahead of it.
    pub fn moves_involving(&self, sq: Square) -> Vec<Move> {
        let mut moves = self.legal_moves();
        moves.retain(|&mv| self.moving_stones(mv).iter().any(|&(from, _)| from == sq));
        moves
    }

    /// Each stone a legal move moves, from its square to where it lands, tail first (empty for
    /// a pass or an illegal move).
    pub fn moving_stones(&self, mv: Move) -> Vec<(Square, Square)> {
        let (Ok((tail, dir, stones, distance)), Some(_)) = (self.analyse(mv), mv.tail()) else {
            return Vec::new();
        };
        let distance = distance as i8;
        (0..stones as i8)
            .filter_map(|i| Some((tail.step(dir, i)?, tail.step(dir, i + distance)?)))
            .collect()
    }

    /// The enemy stones a legal move would capture: the whole row starting where the head
    /// lands (empty for a move that captures nothing, a pass or an illegal move).
    pub fn captured_by(&self, mv: Move) -> Vec<Square> {
        match (self.analyse(mv), mv.to()) {
            (Ok((_, dir, _, _)), Some(to)) => {
                let row = self.row_length(!self.side, to, dir) as i8;
                (0..row).filter_map(|i| to.step(dir, i)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The stones the last move captured (empty at the start of the history).
    pub fn last_captures(&self) -> Vec<Square> {
        let Some(undo) = self.history.last() else {
            return Vec::new();
        };
        match (undo.mv.to(), undo.mv.line()) {
            (Some(to), Some((dir, _))) => (0..undo.captured as i8)
                .filter_map(|i| to.step(dir, i))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Checks a move of the group whose tail is `tail` with its head landing on `to`, for the
    /// side to move, saying why it is illegal.
    pub fn check_step(&self, tail: Square, to: Square) -> Result<Move, IllegalMove> {
        let mv = Move::Step { tail, to };
        self.analyse(mv).map(|_| mv)
    }

    /// Checks a move (ordinary or pass) for legality, saying why it is illegal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        self.analyse(mv).map(|_| ())
    }

    /// Checks a move; for a legal step returns its tail, direction, group size and distance
    /// (a legal pass gives zeros).
    fn analyse(&self, mv: Move) -> Result<(Square, usize, u8, u8), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        let Move::Step { tail, to } = mv else {
            let mut counter = Counter(0);
            self.view().generate(&mut counter);
            return if counter.0 == 0 {
                Ok((Square::from_index(0), 0, 0, 0))
            } else {
                Err(IllegalMove::PassNotAllowed)
            };
        };
        for sq in [tail, to] {
            if !self.geo.board.contains(sq) {
                return Err(IllegalMove::OffBoard(sq));
            }
        }
        let view = self.view();
        if !view.own.contains(tail) {
            return Err(if view.enemy.contains(tail) {
                IllegalMove::NotYourStone(tail)
            } else {
                IllegalMove::NoStone(tail)
            });
        }
        if tail == to {
            return Err(IllegalMove::SameSquare);
        }
        let (dir, steps) = mv.line().ok_or(IllegalMove::NotOnALine { tail, to })?;
        let stones = self.row_length(self.side, tail, dir);
        let head = tail
            .step(dir, stones as i8 - 1)
            .expect("the head is on the board");
        if steps < stones {
            return Err(IllegalMove::InsidePhalanx { to, head });
        }
        let distance = steps - stones + 1;
        if distance > stones {
            return Err(IllegalMove::TooFar { stones });
        }
        for i in 1..distance as i8 {
            let sq = head
                .step(dir, i)
                .expect("between the head and the destination");
            if !view.empty.contains(sq) {
                return Err(IllegalMove::Blocked(sq));
            }
        }
        if view.own.contains(to) {
            return Err(IllegalMove::OwnStone(to));
        }
        if view.enemy.contains(to) {
            if stones == 1 {
                return Err(IllegalMove::SingleStoneCannotCapture);
            }
            let row = self.row_length(!self.side, to, dir);
            if row >= stones {
                return Err(IllegalMove::RowTooLong { stones, row });
            }
        }
        if view.check_symmetry
            && view.far_row.contains(to)
            && view.symmetric_after(to, dir, i32::from(stones), i32::from(distance))
        {
            return Err(IllegalMove::Symmetric);
        }
        Ok((tail, dir, stones, distance))
    }

    /// The end, if any, at the start of the side to move's turn: a side without stones has
    /// lost; the side to move wins with more stones on its far row than the opponent has on
    /// his. Only the side to move can win by the far row.
    fn start_of_turn_outcome(&self) -> Option<Outcome> {
        let side = self.side;
        for color in [side, !side] {
            if self.stones[color.index()].is_empty() {
                return Some(Outcome::Win {
                    winner: !color,
                    reason: WinReason::NoStones,
                });
            }
        }
        if self.far_row_count(side) > self.far_row_count(!side) {
            return Some(Outcome::Win {
                winner: side,
                reason: WinReason::HomeRow,
            });
        }
        None
    }

    /// Whether the current position has occurred twice before with the same side to move.
    fn is_third_repetition(&self) -> bool {
        let mut seen = 1;
        for undo in self.history.iter().rev() {
            if undo.captured > 0 {
                break; // positions before a capture had more stones
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

    /// Moves the group of a step (its first and last `distance` squares change) and removes
    /// or restores the captured row; updates the hash. Its own inverse for the mover's stones.
    #[inline]
    fn toggle_group(&mut self, mover: Color, tail: usize, to: usize, delta: isize, distance: u8) {
        let own = &mut self.stones[mover.index()];
        for i in 0..distance as isize {
            let from = (tail as isize + i * delta) as usize;
            let onto = (to as isize - i * delta) as usize;
            own.toggle_index(from);
            own.toggle_index(onto);
            self.hash ^= stone_key(mover, from) ^ stone_key(mover, onto);
        }
    }
}

impl Game for Position {
    type Move = Move;

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    /// A legal move captures exactly when its head lands on an enemy stone.
    #[inline]
    fn is_capture(&self, mv: Move) -> bool {
        mv.to()
            .is_some_and(|to| self.stones[(!self.side).index()].contains(to))
    }

    /// Passing is the null move, except when an enemy stone is within three rows of the side to
    /// move's home row: a pass searched shallower cannot see that race, and would hide it.
    fn null_move(&self) -> Option<Move> {
        let threat = self.stones[(!self.side).index()] & self.geo.near_home[self.side.index()];
        threat.is_empty().then_some(Move::Pass)
    }

    fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        self.view().generate(&mut Collector(out));
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        if self.outcome.is_some() {
            return 0;
        }
        let mut counter = Counter(0);
        self.view().generate(&mut counter);
        (counter.0 as usize).max(1)
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
            delta: 0,
            distance: 0,
            captured: 0,
            hash_before: self.hash,
        };
        if let (Move::Step { tail, to }, Some((dir, steps))) = (mv, mv.line()) {
            let delta = DELTA[dir] as isize;
            let own = self.stones[mover.index()];
            let mut stones = 1;
            while stones < steps && own.has_index(tail.index() as isize + stones as isize * delta) {
                stones += 1;
            }
            let distance = steps + 1 - stones;
            self.toggle_group(mover, tail.index(), to.index(), delta, distance);
            let enemy = &mut self.stones[(!mover).index()];
            let mut s = to.index() as isize;
            while enemy.has_index(s) {
                enemy.toggle_index(s as usize);
                self.hash ^= stone_key(!mover, s as usize);
                undo.captured += 1;
                s += delta;
            }
            undo.delta = delta as i8;
            undo.distance = distance;
        }
        self.side = !mover;
        self.hash ^= SIDE_KEY;
        self.history.push(undo);
        self.outcome = self.start_of_turn_outcome();
        if self.outcome.is_none() && self.rules.repetition_draw && self.is_third_repetition() {
            self.outcome = Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
    }

    fn undo(&mut self) -> Option<Move> {
        let undo = self.history.pop()?;
        let mover = !self.side;
        if let Move::Step { tail, to } = undo.mv {
            let delta = isize::from(undo.delta);
            if delta != 0 {
                self.toggle_group(mover, tail.index(), to.index(), delta, undo.distance);
                let enemy = &mut self.stones[(!mover).index()];
                for i in 0..isize::from(undo.captured) {
                    enemy.toggle_index((to.index() as isize + i * delta) as usize);
                }
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

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let board = self.rules.board;
        let mv = match MoveText::parse(text, board.files(), board.ranks())? {
            MoveText::Pass => Move::Pass,
            MoveText::Step { from, to, .. } => {
                match (Square::from_coord(from), Square::from_coord(to)) {
                    (Some(tail), Some(to)) => Move::Step { tail, to },
                    _ => return Err(MoveParseError::Malformed(text.trim().to_string()).into()),
                }
            }
        };
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
        match mv {
            Move::Step { tail, to } => {
                let sep = if self.stones[(!self.side).index()].contains(to) {
                    'x'
                } else {
                    '-'
                };
                format!("{tail}{sep}{to}")
            }
            Move::Pass => "pass".to_string(),
        }
    }

    fn to_text(&self) -> String {
        self.setup().to_string()
    }

    fn piece_count(&self, color: Color) -> u32 {
        self.stones(color).count()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_text())
    }
}

/// A diagram: top rank first, `x` Black, `o` White, `.` empty.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (files, ranks) = (self.geo.files, self.geo.ranks);
        for rank in (0..ranks).rev() {
            write!(f, "{:>2} ", rank + 1)?;
            for file in 0..files {
                let sq = Square::from_file_rank(file, rank).expect("on the board");
                let c = match self.piece_at(sq) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None => '.',
                };
                write!(f, "{c} ")?;
            }
            writeln!(f)?;
        }
        f.write_str("   ")?;
        for file in 0..files {
            write!(f, "{} ", (b'a' + file) as char)?;
        }
        writeln!(f)?;
        write!(f, "{} to move", self.side)
    }
}
