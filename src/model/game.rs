//! [`CurrentGame`]: the game being played — the engine position, its history for undo and redo,
//! the move list, a resignation — and what the board needs to know about it, derived once per
//! change. Every rule question (is this legal? what did it capture? is the game over?) is asked
//! of the engine.

use bevy::prelude::*;
use gamut_engine::any_game::{AnyMove, AnyPosition, GameConfig, GameKind};
use gamut_engine::{Color as Side, Game, epaminondas, loa};

use super::cell::{cell, coord};
use super::diagram::Diagram;
use super::{Cell, Clocks, GameEnd, MoveRequest, Refusal, Seat};

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

/// What the board shows of a position, worked out once each time the position changes.
#[derive(Debug, Clone, Default)]
struct Derived {
    bounds: (Cell, Cell),
    pieces: Vec<(Cell, Side)>,
    marked: Vec<Cell>,
    held: [u8; 2],
    movers: Vec<Cell>,
}

/// The game being played.
#[derive(Resource, Debug, Clone)]
pub struct CurrentGame {
    /// Game, variant and rule options.
    pub config: GameConfig,
    position: AnyPosition,
    /// Moves taken back, most recent last, for redo.
    redo: Vec<AnyMove>,
    /// The moves played, in human notation.
    notation: Vec<String>,
    resigned: Option<Side>,
    /// The side whose clock ran out.
    flagged: Option<Side>,
    /// Whether the players agreed a draw.
    agreed: bool,
    /// The players' clocks.
    clocks: Clocks,
    derived: Derived,
    /// A diagram set up in the board editor, shown instead of the position (which is then the
    /// game's start, never played): who is to move in it, and a key of it.
    diagram: Option<(Seat, u64)>,
}

impl CurrentGame {
    /// A new game from the start of `config`.
    pub fn new(config: GameConfig) -> CurrentGame {
        CurrentGame::from_position(config, config.start())
    }

    /// A game from a position given as text (for `--position`), or the engine's reason.
    pub fn from_text(
        config: GameConfig,
        text: &str,
    ) -> Result<CurrentGame, gamut_engine::any_game::AnyPositionError> {
        Ok(CurrentGame::from_position(
            config,
            config.position_from_text(text)?,
        ))
    }

    /// A game from a replayed record's final position, keeping its history: every move can
    /// be taken back, and the move list is rebuilt in human notation.
    pub fn from_replay(config: GameConfig, position: &AnyPosition) -> CurrentGame {
        let mut start = position.clone();
        let mut moves = Vec::new();
        while let Some(mv) = start.undo() {
            moves.push(mv);
        }
        let mut game = CurrentGame::from_position(config, start);
        for mv in moves.into_iter().rev() {
            game.notation.push(game.position.human_move(mv));
            game.position.play_unchecked(mv);
        }
        game.derive();
        game
    }

    fn from_position(config: GameConfig, position: AnyPosition) -> CurrentGame {
        let mut game = CurrentGame {
            config,
            position,
            redo: Vec::new(),
            notation: Vec::new(),
            resigned: None,
            flagged: None,
            agreed: false,
            clocks: Clocks::default(),
            derived: Derived::default(),
            diagram: None,
        };
        game.derive();
        game
    }

    /// A position set up in the board editor, shown as it is on the board (it may break the
    /// rules): its pieces, held pieces and side to move are the diagram's; nobody moves on it,
    /// it has no end, and [`CurrentGame::position`] is only the start of `config`. Play puts it
    /// on the board with [`crate::play::StartAs::Edit`]; a game played from it is an engine
    /// position's ([`CurrentGame::from_setup_position`]).
    pub fn diagram(config: GameConfig, diagram: &Diagram) -> CurrentGame {
        let mut game = CurrentGame::new(config);
        game.derived = Derived {
            bounds: diagram.area,
            pieces: diagram.pieces.iter().map(|p| (p.at, p.side)).collect(),
            marked: diagram
                .pieces
                .iter()
                .filter(|p| p.marked)
                .map(|p| p.at)
                .collect(),
            held: diagram.held,
            movers: Vec::new(),
        };
        game.diagram = Some((diagram.seat, diagram.key()));
        game
    }

    /// A game from a position the rules accepted (a setup of the board editor), from its start.
    pub fn from_setup_position(config: GameConfig, position: AnyPosition) -> CurrentGame {
        CurrentGame::from_position(config, position)
    }

    /// Whether this is a diagram of the board editor rather than a game
    /// ([`CurrentGame::diagram`]).
    pub fn is_diagram(&self) -> bool {
        self.diagram.is_some()
    }

    /// The same game with clocks: full ones for `control`, or those given (a resumed game).
    pub fn with_clocks(mut self, clocks: Clocks) -> CurrentGame {
        self.clocks = clocks;
        self
    }

    /// The players' clocks.
    pub fn clocks(&self) -> &Clocks {
        &self.clocks
    }

    /// The players' clocks, to run them.
    pub fn clocks_mut(&mut self) -> &mut Clocks {
        &mut self.clocks
    }

    /// `loser`'s clock has run out: it loses (unless the game is already over).
    pub fn lose_on_time(&mut self, loser: Side) {
        if self.end().is_none() {
            self.flagged = Some(loser);
        }
    }

    /// Works out what the board shows; called after every change of the position.
    fn derive(&mut self) {
        let pieces = pieces_of(&self.position);
        let movers = movers_of(&self.position, &pieces);
        let (marked, held) = match &self.position {
            AnyPosition::LinesOfAction(p) => (
                loa::bitboard::Squares(p.marked())
                    .map(|sq| cell(sq.coord()))
                    .collect(),
                [p.held_by(Side::Black), p.held_by(Side::White)],
            ),
            _ => (Vec::new(), [0, 0]),
        };
        self.derived = Derived {
            bounds: bounds_of(&self.position),
            pieces,
            marked,
            held,
            movers,
        };
    }

    /// The engine position.
    pub fn position(&self) -> &AnyPosition {
        &self.position
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.position.kind()
    }

    /// The Lines of Action variant, if this is Lines of Action.
    pub fn variant(&self) -> Option<loa::Variant> {
        match &self.position {
            AnyPosition::LinesOfAction(p) => Some(p.rules().variant),
            AnyPosition::Boundless(_) => Some(loa::Variant::Boundless),
            AnyPosition::Epaminondas(_) => None,
        }
    }

    /// Whether this is LOA for four (four seats).
    pub fn is_four_players(&self) -> bool {
        self.variant() == Some(loa::Variant::FourPlayers)
    }

    /// The lowest and highest cell the board shows (corners, inclusive). Fixed for the bounded
    /// boards; in Boundless LOA it covers every piece and every square the side to move can
    /// reach, plus a margin, and grows as the pieces spread.
    pub fn bounds(&self) -> (Cell, Cell) {
        self.derived.bounds
    }

    /// Files and ranks the board shows.
    pub fn size(&self) -> (i32, i32) {
        let (lo, hi) = self.bounds();
        (hi.file - lo.file + 1, hi.rank - lo.rank + 1)
    }

    /// Every piece with its square.
    pub fn pieces(&self) -> &[(Cell, Side)] {
        &self.derived.pieces
    }

    /// The colour of the piece on `at`, if any.
    pub fn piece_at(&self, at: Cell) -> Option<Side> {
        self.pieces()
            .iter()
            .find(|(c, _)| *c == at)
            .map(|(_, side)| *side)
    }

    /// Pieces of each side still on the board.
    pub fn counts(&self) -> [usize; 2] {
        let black = self
            .pieces()
            .iter()
            .filter(|(_, s)| *s == Side::Black)
            .count();
        [black, self.pieces().len() - black]
    }

    /// Whether the piece on `at` is marked (LOA for four, Ambidextrous LOA).
    pub fn is_marked(&self, at: Cell) -> bool {
        self.derived.marked.contains(&at)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        match self.diagram {
            Some((seat, _)) => seat.side,
            None => self.position.side_to_move(),
        }
    }

    /// Who moves: the side, and which of its sets in LOA for four and Ambidextrous LOA.
    pub fn seat(&self) -> Seat {
        if let Some((seat, _)) = self.diagram {
            return seat;
        }
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
    pub fn movers(&self) -> &[Cell] {
        &self.derived.movers
    }

    /// Parachute: how many enemy pieces each side still holds (Black's, White's).
    pub fn held(&self) -> [u8; 2] {
        self.derived.held
    }

    /// Parachute: whether this turn ends by placing a held enemy piece.
    pub fn must_place(&self) -> bool {
        !self.is_diagram()
            && self.end().is_none()
            && matches!(&self.position, AnyPosition::LinesOfAction(p) if p.must_place())
    }

    /// Parachute: the squares where the held piece may go after the step `from`-`to` (or after
    /// a pass, when `step` is `None`). The square the step leaves is one of them.
    pub fn placements(&self, step: Option<(Cell, Cell)>) -> Vec<Cell> {
        let AnyPosition::LinesOfAction(p) = &self.position else {
            return Vec::new();
        };
        let square = |c: Cell| coord(c).and_then(loa::Square::from_coord);
        let mv = match step {
            Some((from, to)) => match (square(from), square(to)) {
                (Some(from), Some(to)) => loa::Move::Step { from, to },
                _ => return Vec::new(),
            },
            None => loa::Move::Pass,
        };
        loa::bitboard::Squares(p.placements_after(mv))
            .map(|sq| cell(sq.coord()))
            .collect()
    }

    /// How the game ended, if it has: the one place that judges it.
    pub fn end(&self) -> Option<GameEnd> {
        if self.is_diagram() {
            return None;
        }
        self.resigned
            .map(GameEnd::Resigned)
            .or_else(|| self.flagged.map(GameEnd::Time))
            .or_else(|| self.agreed.then_some(GameEnd::Agreed))
            .or_else(|| self.position.outcome().map(GameEnd::Rules))
    }

    /// The legal moves starting from `from` (the piece, or the tail of a phalanx). In
    /// Parachute's compound turns these are the steps alone, before the placement.
    pub fn moves_from(&self, from: Cell) -> Vec<BoardMove> {
        if self.end().is_some() || self.is_diagram() {
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

    /// Epaminondas: every stone that moves in one of these moves (the tail's phalanx).
    pub fn moving_stones(&self, moves: &[BoardMove]) -> Vec<Cell> {
        let mut stones = Vec::new();
        for m in moves {
            if let AnyMove::Epaminondas(_) = m.mv {
                for (from, _) in self.effects(m.mv).moved {
                    if !stones.contains(&from) {
                        stones.push(from);
                    }
                }
            }
        }
        stones
    }

    /// The move a request asks for, or why the rules refuse it.
    pub fn check(&self, request: MoveRequest) -> Result<AnyMove, Refusal> {
        if let Some(end) = self.end() {
            return Err(Refusal::GameOver(end));
        }
        match &self.position {
            AnyPosition::LinesOfAction(p) => check_loa(p, request),
            AnyPosition::Epaminondas(p) => {
                let MoveRequest::Step { from, to, .. } = request else {
                    return Err(Refusal::NothingToPlace);
                };
                let square = |c: Cell| {
                    coord(c)
                        .and_then(epaminondas::Square::from_coord)
                        .ok_or(Refusal::OffBoard(c))
                };
                p.check_step(square(from)?, square(to)?)
                    .map(AnyMove::Epaminondas)
                    .map_err(Refusal::Epaminondas)
            }
            AnyPosition::Boundless(p) => {
                let MoveRequest::Step { from, to, .. } = request else {
                    return Err(Refusal::NothingToPlace);
                };
                p.check_step(from, to)
                    .map(AnyMove::Boundless)
                    .map_err(Refusal::Boundless)
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

    /// The pass, when passing is the side to move's only legal move.
    pub fn forced_pass(&self) -> Option<AnyMove> {
        let moves = self.position.legal_moves();
        match moves.as_slice() {
            [only] if only.to_string() == "pass" => Some(*only),
            _ => None,
        }
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
        self.derive();
        effects
    }

    /// Takes back the last move (or a resignation first, if any). Whether anything changed.
    pub fn undo(&mut self) -> bool {
        if self.resigned.take().is_some() || self.flagged.take().is_some() {
            return true;
        }
        let Some(mv) = self.position.undo() else {
            return false;
        };
        self.notation.pop();
        self.redo.push(mv);
        self.derive();
        true
    }

    /// The moves taken back, in the order redo would play them again.
    pub fn redo_moves(&self) -> Vec<AnyMove> {
        self.redo.iter().rev().copied().collect()
    }

    /// The move redo would play.
    pub fn redo_move(&self) -> Option<AnyMove> {
        self.redo.last().copied()
    }

    /// Moves played since the start (plies: one per seat's turn).
    pub fn ply(&self) -> usize {
        self.notation.len()
    }

    /// Numbered lines of the move list (a line holds one move of each seat).
    pub fn move_lines(&self) -> usize {
        self.ply().div_ceil(self.seat_count())
    }

    /// Seats that take turns: four in LOA for four, else two.
    pub fn seat_count(&self) -> usize {
        if self.is_four_players() { 4 } else { 2 }
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
        self.last_move().map(move_cells).unwrap_or_default()
    }

    /// The side to move gives up.
    pub fn resign(&mut self) {
        self.give_up(self.side_to_move());
    }

    /// `loser` gives up (at a table on the network, whoever's turn it is).
    pub fn give_up(&mut self, loser: Side) {
        if self.end().is_none() {
            self.resigned = Some(loser);
        }
    }

    /// The players agreed a draw (unless the game is already over).
    pub fn agree_draw(&mut self) {
        if self.end().is_none() {
            self.agreed = true;
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
            AnyPosition::Epaminondas(p) => {
                let far = p.board().home_row(!winner);
                (p.stones(winner) & far)
                    .squares()
                    .map(|s| cell(s.coord()))
                    .collect()
            }
            _ => self
                .pieces()
                .iter()
                .filter(|(_, side)| *side == winner)
                .map(|(c, _)| *c)
                .collect(),
        }
    }

    /// A key for "this exact moment of the game": an answer computed for another is stale.
    pub fn moment(&self) -> (u64, usize) {
        match self.diagram {
            Some((_, key)) => (key, 0),
            None => (self.position.hash(), self.ply()),
        }
    }
}

impl Default for CurrentGame {
    fn default() -> CurrentGame {
        CurrentGame::new(GameConfig::default())
    }
}

/// The squares a move goes from and to, and where it places a piece (for highlights).
pub fn move_cells(mv: AnyMove) -> Vec<Cell> {
    match mv {
        AnyMove::LinesOfAction(m) => m
            .step()
            .map(|(from, to)| [from, to])
            .into_iter()
            .flatten()
            .chain(m.placement())
            .map(|s| cell(s.coord()))
            .collect(),
        AnyMove::Epaminondas(epaminondas::Move::Step { tail, to }) => {
            vec![cell(tail.coord()), cell(to.coord())]
        }
        AnyMove::Boundless(m) => m.from().into_iter().chain(m.to()).collect(),
        AnyMove::Epaminondas(_) => Vec::new(),
    }
}

/// The square a move leaves, if it leaves one (a placement alone, or a pass, leaves none).
pub fn move_origin(mv: AnyMove) -> Option<Cell> {
    match mv {
        AnyMove::LinesOfAction(m) => m.step().map(|(from, _)| cell(from.coord())),
        AnyMove::Epaminondas(epaminondas::Move::Step { tail, .. }) => Some(cell(tail.coord())),
        AnyMove::Boundless(m) => m.from(),
        AnyMove::Epaminondas(_) => None,
    }
}

fn check_loa(p: &loa::Position, request: MoveRequest) -> Result<AnyMove, Refusal> {
    let square = |c: Cell| {
        coord(c)
            .and_then(loa::Square::from_coord)
            .ok_or(Refusal::OffBoard(c))
    };
    let mv = match request {
        MoveRequest::Step { from, to, .. } => p
            .check_step(square(from)?, square(to)?)
            .map_err(Refusal::LinesOfAction)?,
        MoveRequest::Place { .. } => loa::Move::Pass,
    };
    let mv = match request.placement() {
        Some(drop) => mv.with_placement(square(drop)?),
        None => mv,
    };
    p.check(mv).map_err(Refusal::LinesOfAction)?;
    Ok(AnyMove::LinesOfAction(mv))
}

fn pieces_of(position: &AnyPosition) -> Vec<(Cell, Side)> {
    let mut out = Vec::new();
    for side in Side::ALL {
        match position {
            AnyPosition::LinesOfAction(p) => out
                .extend(loa::bitboard::Squares(p.pieces(side)).map(|sq| (cell(sq.coord()), side))),
            AnyPosition::Epaminondas(p) => {
                out.extend(p.stones(side).squares().map(|sq| (cell(sq.coord()), side)))
            }
            AnyPosition::Boundless(p) => out.extend(p.pieces(side).iter().map(|&pt| (pt, side))),
        }
    }
    out
}

fn movers_of(position: &AnyPosition, pieces: &[(Cell, Side)]) -> Vec<Cell> {
    match position {
        AnyPosition::LinesOfAction(p) => loa::bitboard::Squares(p.movers())
            .map(|sq| cell(sq.coord()))
            .collect(),
        _ => {
            let side = position.side_to_move();
            pieces
                .iter()
                .filter(|(_, s)| *s == side)
                .map(|(c, _)| *c)
                .collect()
        }
    }
}

fn bounds_of(position: &AnyPosition) -> (Cell, Cell) {
    match position {
        AnyPosition::LinesOfAction(p) => {
            let last = i32::from(p.rules().board.side()) - 1;
            (Cell::new(0, 0), Cell::new(last, last))
        }
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
