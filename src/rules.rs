//! The [`Rules`] resource: the engine position of the game being played, its history for
//! undo/redo and the move list. The board on screen is always derived from it; every rule
//! question (is this legal? what did it capture? is the game over?) is asked of the engine.

use bevy::prelude::*;
use gamut_engine::any_game::{AnyMove, AnyPosition, GameConfig, GameKind};
use gamut_engine::notation::Coord;
use gamut_engine::{Color as Side, Game, Outcome, epaminondas, loa};

/// A legal move as the board shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardMove {
    /// The engine move.
    pub mv: AnyMove,
    /// Where the selected piece (LOA) or the tail (Epaminondas) stands.
    pub from: Coord,
    /// Where the piece (or the head of the phalanx) lands.
    pub to: Coord,
    /// Whether it captures.
    pub capture: bool,
}

/// What a move does to the pieces on the board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveEffects {
    /// Each moving piece's origin and destination.
    pub moved: Vec<(Coord, Coord)>,
    /// The squares whose pieces are captured.
    pub captured: Vec<Coord>,
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

    /// Files and ranks of the board.
    pub fn size(&self) -> (u8, u8) {
        match &self.position {
            AnyPosition::LinesOfAction(_) => (8, 8),
            AnyPosition::Epaminondas(p) => (p.board().files(), p.board().ranks()),
        }
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        self.position.kind()
    }

    /// Every piece with its square.
    pub fn pieces(&self) -> Vec<(Coord, Side)> {
        let mut out = Vec::new();
        for side in Side::ALL {
            match &self.position {
                AnyPosition::LinesOfAction(p) => {
                    out.extend(loa::bitboard::Squares(p.pieces(side)).map(|sq| (sq.coord(), side)))
                }
                AnyPosition::Epaminondas(p) => {
                    out.extend(p.stones(side).squares().map(|sq| (sq.coord(), side)))
                }
            }
        }
        out
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<GameEnd> {
        self.resigned
            .map(GameEnd::Resigned)
            .or_else(|| self.position.outcome().map(GameEnd::Rules))
    }

    /// The legal moves starting from `from` (the piece, or the tail of a phalanx).
    pub fn moves_from(&self, from: Coord) -> Vec<BoardMove> {
        if self.end().is_some() {
            return Vec::new();
        }
        match &self.position {
            AnyPosition::LinesOfAction(p) => loa::Square::from_coord(from)
                .map(|sq| p.legal_moves_from(sq))
                .unwrap_or_default()
                .into_iter()
                .filter_map(|m| {
                    Some(BoardMove {
                        mv: AnyMove::LinesOfAction(m),
                        from,
                        to: m.to()?.coord(),
                        capture: p.capture_of(m).is_some(),
                    })
                })
                .collect(),
            AnyPosition::Epaminondas(p) => epaminondas::Square::from_coord(from)
                .map(|sq| p.legal_moves_from(sq))
                .unwrap_or_default()
                .into_iter()
                .filter_map(|m| {
                    Some(BoardMove {
                        mv: AnyMove::Epaminondas(m),
                        from,
                        to: m.to()?.coord(),
                        capture: p.is_capture(m),
                    })
                })
                .collect(),
        }
    }

    /// The move from `from` to `to`, or why it is not legal (for the status line).
    pub fn check(&self, from: Coord, to: Coord) -> Result<AnyMove, String> {
        if let Some(end) = self.end() {
            return Err(format!("the game is over: {}", end.describe()));
        }
        match &self.position {
            AnyPosition::LinesOfAction(p) => {
                let (Some(a), Some(b)) =
                    (loa::Square::from_coord(from), loa::Square::from_coord(to))
                else {
                    return Err("that square is off the board".into());
                };
                p.check_step(a, b)
                    .map(AnyMove::LinesOfAction)
                    .map_err(|e| e.to_string())
            }
            AnyPosition::Epaminondas(p) => {
                let (Some(a), Some(b)) = (
                    epaminondas::Square::from_coord(from),
                    epaminondas::Square::from_coord(to),
                ) else {
                    return Err("that square is off the board".into());
                };
                p.check_step(a, b)
                    .map(AnyMove::Epaminondas)
                    .map_err(|e| e.to_string())
            }
        }
    }

    /// What a legal move will do to the pieces.
    pub fn effects(&self, mv: AnyMove) -> MoveEffects {
        match (&self.position, mv) {
            (AnyPosition::LinesOfAction(p), AnyMove::LinesOfAction(m)) => match m {
                loa::Move::Step { from, to } => MoveEffects {
                    moved: vec![(from.coord(), to.coord())],
                    captured: p.capture_of(m).map(|s| s.coord()).into_iter().collect(),
                },
                loa::Move::Pass => MoveEffects::default(),
            },
            (AnyPosition::Epaminondas(p), AnyMove::Epaminondas(m)) => MoveEffects {
                moved: p
                    .moving_stones(m)
                    .into_iter()
                    .map(|(a, b)| (a.coord(), b.coord()))
                    .collect(),
                captured: p.captured_by(m).into_iter().map(|s| s.coord()).collect(),
            },
            _ => MoveEffects::default(),
        }
    }

    /// Whether the side to move can only pass.
    pub fn must_pass(&self) -> bool {
        let moves = self.position.legal_moves();
        moves.len() == 1 && moves[0].to_string() == "pass"
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

    /// The squares the last move went from and to.
    pub fn last_move_squares(&self) -> Option<(Coord, Coord)> {
        match self.last_move()? {
            AnyMove::LinesOfAction(loa::Move::Step { from, to }) => {
                Some((from.coord(), to.coord()))
            }
            AnyMove::Epaminondas(epaminondas::Move::Step { tail, to }) => {
                Some((tail.coord(), to.coord()))
            }
            _ => None,
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
    pub fn winning_squares(&self) -> Vec<Coord> {
        let Some(GameEnd::Rules(outcome)) = self.end() else {
            return Vec::new();
        };
        let Some(winner) = outcome.winner() else {
            return Vec::new();
        };
        match &self.position {
            AnyPosition::LinesOfAction(p) => loa::bitboard::Squares(p.pieces(winner))
                .map(|s| s.coord())
                .collect(),
            AnyPosition::Epaminondas(p) => {
                let far = p.board().home_row(!winner);
                (p.stones(winner) & far)
                    .squares()
                    .map(|s| s.coord())
                    .collect()
            }
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
