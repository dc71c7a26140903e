//! The [`Rules`] resource: the engine position of the game being played, its history for
//! undo/redo and the move list. The board on screen is always derived from it; every rule
//! question (is this legal? what did it capture? is the game over?) is asked of the engine.

use bevy::prelude::*;
use gamut_engine::any_game::{AnyMove, AnyPosition, GameConfig, GameKind};
use gamut_engine::boundless::Point;
use gamut_engine::notation::Coord;
use gamut_engine::{Color as Side, Game, Outcome, epaminondas, loa};

use crate::logic::MoveRequest;

/// A square of the board on screen. Signed, because Boundless LOA has no edge; on the bounded
/// boards it runs from `a1` = (0, 0). Written `d3`, or `(x,y)` off the usual files and ranks.
pub type Cell = Point;

/// The screen cell of an engine square.
pub fn cell(c: Coord) -> Cell {
    Cell::new(i32::from(c.file), i32::from(c.rank))
}

/// The engine square of a cell on a bounded board.
fn coord(c: Cell) -> Option<Coord> {
    Some(Coord::new(
        u8::try_from(c.file).ok()?,
        u8::try_from(c.rank).ok()?,
    ))
}

/// A legal move as the board shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardMove {
    /// The engine move.
    pub mv: AnyMove,
    /// Where the selected piece (LOA) or the tail (Epaminondas) stands.
    pub from: Cell,
    /// Where the piece (or the head of the phalanx) lands.
    pub to: Cell,
    /// Whether it captures.
    pub capture: bool,
}

/// What a move does to the pieces on the board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveEffects {
    /// Each moving piece's origin and destination.
    pub moved: Vec<(Cell, Cell)>,
    /// The squares whose pieces are captured.
    pub captured: Vec<Cell>,
    /// Parachute: a held piece placed on a square, and its colour.
    pub placed: Option<(Cell, Side)>,
}

/// Who moves: a colour, and in LOA for four and Ambidextrous LOA which of its two sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seat {
    /// The colour (the team in LOA for four).
    pub side: Side,
    /// Whether the marked set moves.
    pub marked: bool,
}

impl Seat {
    /// `Black`, or `Black (marked)` when the marked set moves.
    pub fn label(self, with_set: bool) -> String {
        match (with_set, self.marked) {
            (false, _) => self.side.to_string(),
            (true, false) => format!("{} (plain)", self.side),
            (true, true) => format!("{} (marked)", self.side),
        }
    }
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameEnd {
    /// By the rules.
    Rules(Outcome),
    /// A player resigned.
    Resigned(Side),
}

impl GameEnd {
    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            GameEnd::Rules(o) => o.winner(),
            GameEnd::Resigned(loser) => Some(!loser),
        }
    }

    /// Who won and why, for the game-over panel.
    pub fn describe(self) -> String {
        match self {
            GameEnd::Rules(o) => o.to_string(),
            GameEnd::Resigned(loser) => format!("{} wins: {loser} resigned", !loser),
        }
    }
}

/// The game being played.
#[derive(Resource, Debug, Clone)]
pub struct Rules {
    /// Game, variant and rule options.
    pub config: GameConfig,
    position: AnyPosition,
    /// Moves taken back, most recent last, for redo.
    redo: Vec<AnyMove>,
    /// The moves played, in human notation.
    notation: Vec<String>,
    resigned: Option<Side>,
}

impl Rules {
    /// A new game from the start of `config`.
    pub fn new(config: GameConfig) -> Rules {
        Rules {
            config,
            position: config.start(),
            redo: Vec::new(),
            notation: Vec::new(),
            resigned: None,
        }
    }

    /// A game from a position given as text (for `--position`), or why the text is wrong.
    pub fn from_text(config: GameConfig, text: &str) -> Result<Rules, String> {
        let position = config.position_from_text(text).map_err(|e| e.to_string())?;
        Ok(Rules {
            config,
            position,
            redo: Vec::new(),
            notation: Vec::new(),
            resigned: None,
        })
    }

    /// The engine position.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// The Lines of Action variant, if this is Lines of Action.
    pub fn variant(&self) -> Option<loa::Variant> {
        match &self.position {
            AnyPosition::LinesOfAction(p) => Some(p.rules().variant),
            AnyPosition::Boundless(_) => Some(loa::Variant::Boundless),
            AnyPosition::Epaminondas(_) => None,
        }
    }

    /// The lowest and highest cell the board shows (corners, inclusive). Fixed for the bounded
    /// boards; in Boundless LOA it covers every piece and every square the side to move can
    /// reach, plus a margin, and grows as the pieces spread.
    pub fn bounds(&self) -> (Cell, Cell) {
        match &self.position {
            AnyPosition::LinesOfAction(_) => (Cell::new(0, 0), Cell::new(7, 7)),
            AnyPosition::Epaminondas(p) => (
                Cell::new(0, 0),
                Cell::new(
                    i32::from(p.board().files()) - 1,
                    i32::from(p.board().ranks()) - 1,
                ),
            ),
            AnyPosition::Boundless(p) => {
                let (mut lo, mut hi) = p.bounds();
                let moves = if p.outcome().is_none() {
                    p.legal_moves()
                } else {
                    Vec::new()
                };
                for to in moves.iter().filter_map(|m| m.to()) {
                    lo = Cell::new(lo.file.min(to.file), lo.rank.min(to.rank));
                    hi = Cell::new(hi.file.max(to.file), hi.rank.max(to.rank));
                }
                (
                    Cell::new(lo.file - 1, lo.rank - 1),
                    Cell::new(hi.file + 1, hi.rank + 1),
                )
            }
        }
    }

    /// Files and ranks the board shows.
    pub fn size(&self) -> (i32, i32) {
        let (lo, hi) = self.bounds();
        (hi.file - lo.file + 1, hi.rank - lo.rank + 1)
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.position.kind()
    }

    /// Every piece with its square.
    pub fn pieces(&self) -> Vec<(Cell, Side)> {
        let mut out = Vec::new();
        for side in Side::ALL {
            match &self.position {
                AnyPosition::LinesOfAction(p) => out.extend(
                    loa::bitboard::Squares(p.pieces(side)).map(|sq| (cell(sq.coord()), side)),
                ),
                AnyPosition::Epaminondas(p) => {
                    out.extend(p.stones(side).squares().map(|sq| (cell(sq.coord()), side)))
                }
                AnyPosition::Boundless(p) => {
                    out.extend(p.pieces(side).iter().map(|&pt| (pt, side)));
                }
            }
        }
        out
    }

    /// Whether the piece on `at` is marked (LOA for four, Ambidextrous LOA).
    pub fn is_marked(&self, at: Cell) -> bool {
        match (&self.position, coord(at).and_then(loa::Square::from_coord)) {
            (AnyPosition::LinesOfAction(p), Some(sq)) => p.marked() & sq.bit() != 0,
            _ => false,
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    /// Who moves: the side, and which of its sets in LOA for four and Ambidextrous LOA.
    pub fn seat(&self) -> Seat {
        let marked = match &self.position {
            AnyPosition::LinesOfAction(p) => p.set_to_move() == loa::PieceSet::Marked,
            _ => false,
        };
        Seat {
            side: self.side_to_move(),
            marked,
        }
    }

    /// Whether this variant has plain and marked sets.
    pub fn has_marked_sets(&self) -> bool {
        self.variant().is_some_and(loa::Variant::has_marked_sets)
    }

    /// The pieces that may move this turn (only one set in LOA for four and Ambidextrous).
    pub fn movers(&self) -> Vec<Cell> {
        match &self.position {
            AnyPosition::LinesOfAction(p) => loa::bitboard::Squares(p.movers())
                .map(|sq| cell(sq.coord()))
                .collect(),
            _ => {
                let side = self.side_to_move();
                self.pieces()
                    .into_iter()
                    .filter(|(_, s)| *s == side)
                    .map(|(c, _)| c)
                    .collect()
            }
        }
    }

    /// Parachute: how many enemy pieces each side still holds (Black's, White's).
    pub fn held(&self) -> [u8; 2] {
        match &self.position {
            AnyPosition::LinesOfAction(p) => [p.held_by(Side::Black), p.held_by(Side::White)],
            _ => [0, 0],
        }
    }

    /// Parachute: whether this turn ends by placing a held enemy piece.
    pub fn must_place(&self) -> bool {
        self.end().is_none()
            && matches!(&self.position, AnyPosition::LinesOfAction(p) if p.must_place())
    }

    /// Parachute: the squares where the held piece may go after the step `from`-`to` (or after
    /// a pass, when `step` is `None`).
    pub fn placements(&self, step: Option<(Cell, Cell)>) -> Vec<Cell> {
        let AnyPosition::LinesOfAction(p) = &self.position else {
            return Vec::new();
        };
        let mv = match step {
            Some((from, to)) => {
                match (
                    coord(from).and_then(loa::Square::from_coord),
                    coord(to).and_then(loa::Square::from_coord),
                ) {
                    (Some(from), Some(to)) => loa::Move::Step { from, to },
                    _ => return Vec::new(),
                }
            }
            None => loa::Move::Pass,
        };
        loa::bitboard::Squares(p.placements_after(mv))
            .map(|sq| cell(sq.coord()))
            .collect()
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<GameEnd> {
        self.resigned
            .map(GameEnd::Resigned)
            .or_else(|| self.position.outcome().map(GameEnd::Rules))
    }

    /// The legal moves starting from `from` (the piece, or the tail of a phalanx). In
    /// Parachute's compound turns these are the steps alone, before the placement.
    pub fn moves_from(&self, from: Cell) -> Vec<BoardMove> {
        if self.end().is_some() {
            return Vec::new();
        }
        match &self.position {
            AnyPosition::LinesOfAction(p) => coord(from)
                .and_then(loa::Square::from_coord)
                .map(|sq| p.legal_moves_from(sq))
                .unwrap_or_default()
                .into_iter()
                .filter_map(|m| {
                    Some(BoardMove {
                        mv: AnyMove::LinesOfAction(m),
                        from,
                        to: cell(m.to()?.coord()),
                        capture: p.capture_of(m).is_some(),
                    })
                })
                .collect(),
            AnyPosition::Epaminondas(p) => coord(from)
                .and_then(epaminondas::Square::from_coord)
                .map(|sq| p.legal_moves_from(sq))
                .unwrap_or_default()
                .into_iter()
                .filter_map(|m| {
                    Some(BoardMove {
                        mv: AnyMove::Epaminondas(m),
                        from,
                        to: cell(m.to()?.coord()),
                        capture: p.is_capture(m),
                    })
                })
                .collect(),
            AnyPosition::Boundless(p) => p
                .legal_moves_from(from)
                .into_iter()
                .filter_map(|m| {
                    Some(BoardMove {
                        mv: AnyMove::Boundless(m),
                        from,
                        to: m.to()?,
                        capture: p.capture_of(m).is_some(),
                    })
                })
                .collect(),
        }
    }

    /// The move a request asks for, or why it is not legal (for the status line).
    pub fn check(&self, request: MoveRequest) -> Result<AnyMove, String> {
        if let Some(end) = self.end() {
            return Err(format!("the game is over: {}", end.describe()));
        }
        let off_board = || "that square is off the board".to_string();
        let square = |c: Cell| {
            coord(c)
                .and_then(loa::Square::from_coord)
                .ok_or_else(off_board)
        };
        match &self.position {
            AnyPosition::LinesOfAction(p) => {
                let mv = match request {
                    MoveRequest::Step { from, to, .. } => p
                        .check_step(square(from)?, square(to)?)
                        .map_err(|e| e.to_string())?,
                    MoveRequest::Place { .. } => loa::Move::Pass,
                };
                let mv = match request.placement() {
                    Some(drop) => mv.with_placement(square(drop)?),
                    None => mv,
                };
                p.check(mv).map_err(|e| e.to_string())?;
                Ok(AnyMove::LinesOfAction(mv))
            }
            AnyPosition::Epaminondas(p) => {
                let MoveRequest::Step { from, to, .. } = request else {
                    return Err("nothing to place in Epaminondas".into());
                };
                let (Some(a), Some(b)) = (
                    coord(from).and_then(epaminondas::Square::from_coord),
                    coord(to).and_then(epaminondas::Square::from_coord),
                ) else {
                    return Err(off_board());
                };
                p.check_step(a, b)
                    .map(AnyMove::Epaminondas)
                    .map_err(|e| e.to_string())
            }
            AnyPosition::Boundless(p) => {
                let MoveRequest::Step { from, to, .. } = request else {
                    return Err("nothing to place in Boundless LOA".into());
                };
                p.check_step(from, to)
                    .map(AnyMove::Boundless)
                    .map_err(|e| e.to_string())
            }
        }
    }

    /// What a legal move will do to the pieces.
    pub fn effects(&self, mv: AnyMove) -> MoveEffects {
        match (&self.position, mv) {
            (AnyPosition::LinesOfAction(p), AnyMove::LinesOfAction(m)) => MoveEffects {
                moved: m
                    .step()
                    .map(|(from, to)| (cell(from.coord()), cell(to.coord())))
                    .into_iter()
                    .collect(),
                captured: p
                    .capture_of(m)
                    .map(|s| cell(s.coord()))
                    .into_iter()
                    .collect(),
                placed: m.placement().map(|s| (cell(s.coord()), !p.side_to_move())),
            },
            (AnyPosition::Epaminondas(p), AnyMove::Epaminondas(m)) => MoveEffects {
                moved: p
                    .moving_stones(m)
                    .into_iter()
                    .map(|(a, b)| (cell(a.coord()), cell(b.coord())))
                    .collect(),
                captured: p
                    .captured_by(m)
                    .into_iter()
                    .map(|s| cell(s.coord()))
                    .collect(),
                placed: None,
            },
            (AnyPosition::Boundless(p), AnyMove::Boundless(m)) => MoveEffects {
                moved: m.from().zip(m.to()).into_iter().collect(),
                captured: p.capture_of(m).into_iter().collect(),
                placed: None,
            },
            _ => MoveEffects::default(),
        }
    }

    /// Whether the side to move can only pass.
    pub fn must_pass(&self) -> bool {
        let moves = self.position.legal_moves();
        moves.len() == 1 && moves[0].to_string() == "pass"
    }

    /// Parachute: whether the side to move has no step and only places a held piece.
    pub fn must_pass_and_place(&self) -> bool {
        self.must_place()
            && self
                .position
                .legal_moves()
                .first()
                .is_some_and(|m| matches!(m, AnyMove::LinesOfAction(loa::Move::PassDrop { .. })))
    }

    /// Plays a legal move (the caller checked it), clearing the redo list unless it is the
    /// move redo would play. Returns what it did.
    pub fn play(&mut self, mv: AnyMove) -> MoveEffects {
        let effects = self.effects(mv);
        self.notation.push(self.position.human_move(mv));
        self.position.play_unchecked(mv);
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        effects
    }

    /// Takes back the last move (and a resignation first, if any).
    pub fn undo(&mut self) -> Option<AnyMove> {
        if self.resigned.take().is_some() {
            return None;
        }
        let mv = self.position.undo()?;
        self.notation.pop();
        self.redo.push(mv);
        Some(mv)
    }

    /// The move redo would play.
    pub fn redo_move(&self) -> Option<AnyMove> {
        self.redo.last().copied()
    }

    /// Moves played since the start.
    pub fn ply(&self) -> usize {
        self.notation.len()
    }

    /// The moves played, in human notation.
    pub fn notation(&self) -> &[String] {
        &self.notation
    }

    /// The last move played.
    pub fn last_move(&self) -> Option<AnyMove> {
        self.position.moves_played().last().copied()
    }

    /// The squares the last move went from and to, and where it placed a piece.
    pub fn last_move_squares(&self) -> Vec<Cell> {
        self.last_move()
            .map(|mv| self.move_cells(mv))
            .unwrap_or_default()
    }

    /// The squares a move goes from and to, and where it places a piece (for highlights).
    pub fn move_cells(&self, mv: AnyMove) -> Vec<Cell> {
        match Some(mv) {
            Some(AnyMove::LinesOfAction(m)) => m
                .step()
                .map(|(from, to)| [from, to])
                .into_iter()
                .flatten()
                .chain(m.placement())
                .map(|s| cell(s.coord()))
                .collect(),
            Some(AnyMove::Epaminondas(epaminondas::Move::Step { tail, to })) => {
                vec![cell(tail.coord()), cell(to.coord())]
            }
            Some(AnyMove::Boundless(m)) => m.from().into_iter().chain(m.to()).collect(),
            _ => Vec::new(),
        }
    }

    /// The side to move gives up.
    pub fn resign(&mut self) {
        if self.end().is_none() {
            self.resigned = Some(self.side_to_move());
        }
    }

    /// The pieces that won (Lines of Action: the connected group; Epaminondas: the stones on
    /// the far row), for the game-over highlight.
    pub fn winning_squares(&self) -> Vec<Cell> {
        let Some(GameEnd::Rules(outcome)) = self.end() else {
            return Vec::new();
        };
        let Some(winner) = outcome.winner() else {
            return Vec::new();
        };
        match &self.position {
            AnyPosition::LinesOfAction(p) => loa::bitboard::Squares(p.pieces(winner))
                .map(|s| cell(s.coord()))
                .collect(),
            AnyPosition::Epaminondas(p) => {
                let far = p.board().home_row(!winner);
                (p.stones(winner) & far)
                    .squares()
                    .map(|s| cell(s.coord()))
                    .collect()
            }
            AnyPosition::Boundless(p) => p.pieces(winner).to_vec(),
        }
    }

    /// Pieces of each side still on the board.
    pub fn counts(&self) -> [usize; 2] {
        let pieces = self.pieces();
        let black = pieces.iter().filter(|(_, s)| *s == Side::Black).count();
        [black, pieces.len() - black]
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::new(GameConfig::default())
    }
}
