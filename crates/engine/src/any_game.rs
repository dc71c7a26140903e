//! Either game, chosen at run time: the engine protocol, the match runner and the command line
//! pick Lines of Action or Epaminondas from a name, so they hold an [`AnyPosition`] built from a
//! [`GameConfig`]. [`AnyPosition`] implements [`Game`] by dispatching to the game inside; hot loops
//! (search, perft) run on the concrete position instead, through [`AnyPosition::with_game`]: the
//! one place that maps a position to its concrete game and that game's evaluation (the model is
//! `shakmaty`'s `VariantPosition::with_position`).

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::eval::Evaluators;
use crate::game::MoveError;
use crate::search::Evaluator;
use crate::{Color, Game, Outcome, boundless, epaminondas, loa};

/// Which game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum GameKind {
    /// Lines of Action (Claude Soucie).
    #[default]
    LinesOfAction,
    /// Epaminondas (Robert Abbott).
    Epaminondas,
}

impl GameKind {
    /// Both games, in menu order.
    pub const ALL: [GameKind; 2] = [GameKind::LinesOfAction, GameKind::Epaminondas];

    /// The name used on the command line and in the engine protocol.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::LinesOfAction => "lines-of-action",
            GameKind::Epaminondas => "epaminondas",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An unknown game name.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown game '{0}' (expected lines-of-action or epaminondas)")]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;
    /// Reads `lines-of-action` (also `loa`) or `epaminondas`, ignoring case.
    fn from_str(s: &str) -> Result<GameKind, UnknownGame> {
        let wanted = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        match wanted.as_str() {
            "lines-of-action" | "loa" | "linesofaction" => Ok(GameKind::LinesOfAction),
            "epaminondas" => Ok(GameKind::Epaminondas),
            _ => Err(UnknownGame(s.to_string())),
        }
    }
}

/// The game and the rule options of both games (only those of `kind` are in force).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameConfig {
    /// The game played.
    pub kind: GameKind,
    /// Lines of Action rules.
    pub loa: loa::Rules,
    /// Epaminondas rules.
    pub epaminondas: epaminondas::Rules,
}

/// Position text that does not give a valid position of the configured game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AnyPositionError {
    /// Not a valid Lines of Action position.
    #[error("bad Lines of Action position: {0}")]
    LinesOfAction(#[from] loa::PositionError),
    /// Not a valid Epaminondas position.
    #[error("bad Epaminondas position: {0}")]
    Epaminondas(#[from] epaminondas::PositionError),
    /// Not a valid Boundless Lines of Action position.
    #[error("bad Boundless Lines of Action position: {0}")]
    Boundless(#[from] boundless::PositionError),
}

impl GameConfig {
    /// The start position of the configured game and rules.
    pub fn start(&self) -> AnyPosition {
        match self.kind {
            GameKind::LinesOfAction if self.loa.variant == loa::Variant::Boundless => {
                AnyPosition::Boundless(boundless::Position::new(self.loa))
            }
            GameKind::LinesOfAction => AnyPosition::LinesOfAction(loa::Position::new(self.loa)),
            GameKind::Epaminondas => {
                AnyPosition::Epaminondas(epaminondas::Position::new(self.epaminondas))
            }
        }
    }

    /// Reads position text of the configured game under its rules.
    pub fn position_from_text(&self, text: &str) -> Result<AnyPosition, AnyPositionError> {
        Ok(match self.kind {
            GameKind::LinesOfAction if self.loa.variant == loa::Variant::Boundless => {
                AnyPosition::Boundless(boundless::Position::from_text(text, self.loa)?)
            }
            GameKind::LinesOfAction => {
                let setup = text
                    .parse::<loa::Setup>()
                    .map_err(loa::PositionError::from)?;
                return self.position_from_setup(AnySetup::LinesOfAction(setup));
            }
            GameKind::Epaminondas => {
                AnyPosition::Epaminondas(epaminondas::Position::from_text(text, self.epaminondas)?)
            }
        })
    }

    /// The Lines of Action rules for a setup: these rules on the setup's board (a small board
    /// has the standard setup only).
    fn loa_rules_for(&self, setup: &loa::Setup) -> loa::Rules {
        if setup.board == self.loa.board {
            return self.loa;
        }
        let rules = loa::Rules {
            board: setup.board,
            ..self.loa
        };
        if rules.board_fits_variant() {
            rules
        } else {
            loa::Rules {
                variant: loa::Variant::Standard,
                ..rules
            }
        }
    }

    /// Validates a raw setup under these rules: the position, or the rules' reason. A setup of
    /// another game than the configured one is read as that game's (its board decides).
    pub fn position_from_setup(&self, setup: AnySetup) -> Result<AnyPosition, AnyPositionError> {
        Ok(match setup {
            AnySetup::LinesOfAction(s) => {
                AnyPosition::LinesOfAction(loa::Position::from_setup(s, self.loa_rules_for(&s))?)
            }
            AnySetup::Epaminondas(s) => {
                AnyPosition::Epaminondas(epaminondas::Position::from_setup(s, self.epaminondas)?)
            }
            AnySetup::Boundless(s) => {
                AnyPosition::Boundless(boundless::Position::from_setup(s, self.loa)?)
            }
        })
    }

    /// How many seats take turns: 4 in LOA for four, 2 otherwise.
    pub fn seats(&self) -> usize {
        if self.kind == GameKind::LinesOfAction {
            self.loa.variant.seats()
        } else {
            2
        }
    }

    /// Sets the draw by third repetition in both games.
    pub fn set_repetition_draw(&mut self, on: bool) {
        self.loa.repetition_draw = on;
        self.epaminondas.repetition_draw = on;
    }
}

/// The game and its rules in words, e.g. `lines-of-action (variant standard, first player Black,
/// simultaneous connection draw, repetition draw on)`.
impl fmt::Display for GameConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on_off = |b: bool| if b { "on" } else { "off" };
        match self.kind {
            GameKind::LinesOfAction => {
                let r = &self.loa;
                let simultaneous = match r.simultaneous {
                    loa::SimultaneousConnection::Draw => "draw",
                    loa::SimultaneousConnection::MoverWins => "mover-wins",
                };
                write!(f, "lines-of-action (variant {}", r.variant)?;
                if r.board != loa::BoardSize::Eight {
                    write!(f, ", board {}", r.board)?;
                }
                write!(
                    f,
                    ", first player {}, simultaneous connection {}, repetition draw {})",
                    r.first_player,
                    simultaneous,
                    on_off(r.repetition_draw)
                )
            }
            GameKind::Epaminondas => {
                let r = &self.epaminondas;
                write!(
                    f,
                    "epaminondas (board {}, anti-symmetry {}, repetition draw {})",
                    r.board,
                    on_off(r.anti_symmetry),
                    on_off(r.repetition_draw)
                )
            }
        }
    }
}

/// A raw, unvalidated setup of either game (see each game's `Setup`): what a position editor
/// builds before the rules judge it ([`GameConfig::position_from_setup`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnySetup {
    /// A Lines of Action board (every 8×8 variant).
    LinesOfAction(loa::Setup),
    /// An Epaminondas board.
    Epaminondas(epaminondas::Setup),
    /// Boundless Lines of Action points.
    Boundless(boundless::Setup),
}

impl AnySetup {
    /// Every material problem of the setup under `config`'s rules (see [`crate::material`]).
    pub fn material(&self, config: &GameConfig) -> Vec<crate::material::MaterialProblem> {
        match self {
            AnySetup::LinesOfAction(s) => s.material(config.loa.variant),
            AnySetup::Epaminondas(s) => s.material(),
            AnySetup::Boundless(s) => s.material(),
        }
    }
}

/// The position text of the setup (the text [`GameConfig::position_from_text`] reads).
impl fmt::Display for AnySetup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnySetup::LinesOfAction(s) => s.fmt(f),
            AnySetup::Epaminondas(s) => s.fmt(f),
            AnySetup::Boundless(s) => s.fmt(f),
        }
    }
}

/// A position of either game.
#[derive(Debug, Clone)]
pub enum AnyPosition {
    /// A Lines of Action position.
    LinesOfAction(loa::Position),
    /// An Epaminondas position.
    Epaminondas(epaminondas::Position),
    /// A Boundless Lines of Action position (the unbounded plane).
    Boundless(boundless::Position),
}

/// A move of either game. A move is only ever legal in a position of its own game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AnyMove {
    /// A Lines of Action move.
    LinesOfAction(loa::Move),
    /// An Epaminondas move.
    Epaminondas(epaminondas::Move),
    /// A Boundless Lines of Action move.
    Boundless(boundless::Move),
}

impl From<loa::Move> for AnyMove {
    fn from(mv: loa::Move) -> AnyMove {
        AnyMove::LinesOfAction(mv)
    }
}

impl From<epaminondas::Move> for AnyMove {
    fn from(mv: epaminondas::Move) -> AnyMove {
        AnyMove::Epaminondas(mv)
    }
}

impl From<boundless::Move> for AnyMove {
    fn from(mv: boundless::Move) -> AnyMove {
        AnyMove::Boundless(mv)
    }
}

/// A game an [`AnyPosition`] holds, as [`AnyPosition::with_game`] hands it over: a [`Game`] whose
/// moves become [`AnyMove`]s. Every such game implements it.
pub trait ConcreteGame: Game<Move: Into<AnyMove>> {}

impl<G: Game<Move: Into<AnyMove>>> ConcreteGame for G {}

/// Code written once for every game, run by [`AnyPosition::with_game`] on the concrete position
/// inside with the evaluation of its game.
pub trait WithGame {
    /// What the code gives back.
    type Output;

    /// Runs on `game`, the concrete position, with `evaluator`, the evaluation of its game.
    fn run<G: ConcreteGame, E: Evaluator<G>>(self, game: &G, evaluator: &E) -> Self::Output;
}

/// Engine notation of the move inside (`b1d3`, `pass`).
impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::LinesOfAction(m) => m.fmt(f),
            AnyMove::Epaminondas(m) => m.fmt(f),
            AnyMove::Boundless(m) => m.fmt(f),
        }
    }
}

impl AnyPosition {
    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyPosition::LinesOfAction(_) | AnyPosition::Boundless(_) => GameKind::LinesOfAction,
            AnyPosition::Epaminondas(_) => GameKind::Epaminondas,
        }
    }

    /// The game and the rules in force: the position's own rules for its game (Boundless:
    /// variant [`loa::Variant::Boundless`]), the other game's at their defaults. With it
    /// [`crate::record::Record::from_game`] writes the position's record.
    pub fn config(&self) -> GameConfig {
        match self {
            AnyPosition::LinesOfAction(p) => GameConfig {
                kind: GameKind::LinesOfAction,
                loa: *p.rules(),
                ..GameConfig::default()
            },
            AnyPosition::Epaminondas(p) => GameConfig {
                kind: GameKind::Epaminondas,
                epaminondas: *p.rules(),
                ..GameConfig::default()
            },
            AnyPosition::Boundless(p) => GameConfig {
                kind: GameKind::LinesOfAction,
                loa: loa::Rules {
                    variant: loa::Variant::Boundless,
                    ..*p.rules()
                },
                ..GameConfig::default()
            },
        }
    }

    /// The seat to move, as the game and its tables number seats: the side's index (Black 0,
    /// White 1), plus 2 when a side's marked set moves in LOA for four (in Ambidextrous one
    /// player moves both sets).
    pub fn seat_to_move(&self) -> usize {
        let marked = match self {
            AnyPosition::LinesOfAction(p) => {
                p.rules().variant.seats() == 4 && p.set_to_move() == loa::PieceSet::Marked
            }
            AnyPosition::Epaminondas(_) | AnyPosition::Boundless(_) => false,
        };
        self.side_to_move().index() + if marked { 2 } else { 0 }
    }

    /// The moves played since the setup, oldest first.
    pub fn moves_played(&self) -> Vec<AnyMove> {
        match self {
            AnyPosition::LinesOfAction(p) => p.moves_played().map(AnyMove::LinesOfAction).collect(),
            AnyPosition::Epaminondas(p) => p.moves_played().map(AnyMove::Epaminondas).collect(),
            AnyPosition::Boundless(p) => p.moves_played().map(AnyMove::Boundless).collect(),
        }
    }

    /// The position text of the setup the moves were played from.
    pub fn initial_text(&self) -> String {
        match self {
            AnyPosition::LinesOfAction(p) => p.initial_setup().to_string(),
            AnyPosition::Epaminondas(p) => p.initial_setup().to_string(),
            AnyPosition::Boundless(p) => p.initial_text(),
        }
    }

    /// Runs `visitor` on the concrete position inside, with its game's evaluation taken from
    /// `evaluators`: the engine's one choice of game, evaluation (and so searcher) for a position.
    /// Code that does not evaluate passes [`Evaluators::default`].
    pub fn with_game<V: WithGame>(&self, evaluators: &Evaluators, visitor: V) -> V::Output {
        match self {
            AnyPosition::LinesOfAction(p) => visitor.run(p, &evaluators.loa),
            AnyPosition::Epaminondas(p) => visitor.run(p, &evaluators.epaminondas),
            AnyPosition::Boundless(p) => visitor.run(p, &evaluators.boundless),
        }
    }

    /// The move as the position's own game understands it, if it belongs to that game.
    fn same_game(&self, mv: AnyMove) -> Option<AnyMove> {
        match (self, mv) {
            (AnyPosition::LinesOfAction(_), AnyMove::LinesOfAction(_))
            | (AnyPosition::Epaminondas(_), AnyMove::Epaminondas(_))
            | (AnyPosition::Boundless(_), AnyMove::Boundless(_)) => Some(mv),
            _ => None,
        }
    }
}

/// The diagram of the position inside.
impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyPosition::LinesOfAction(p) => p.fmt(f),
            AnyPosition::Epaminondas(p) => p.fmt(f),
            AnyPosition::Boundless(p) => p.fmt(f),
        }
    }
}

impl Game for AnyPosition {
    type Move = AnyMove;

    fn side_to_move(&self) -> Color {
        match self {
            AnyPosition::LinesOfAction(p) => p.side_to_move(),
            AnyPosition::Epaminondas(p) => p.side_to_move(),
            AnyPosition::Boundless(p) => p.side_to_move(),
        }
    }

    fn legal_moves_into(&self, out: &mut Vec<AnyMove>) {
        out.clear();
        match self {
            AnyPosition::LinesOfAction(p) => {
                out.extend(p.legal_moves().into_iter().map(AnyMove::LinesOfAction));
            }
            AnyPosition::Epaminondas(p) => {
                out.extend(p.legal_moves().into_iter().map(AnyMove::Epaminondas));
            }
            AnyPosition::Boundless(p) => {
                out.extend(p.legal_moves().into_iter().map(AnyMove::Boundless));
            }
        }
    }

    fn count_legal_moves(&self) -> usize {
        match self {
            AnyPosition::LinesOfAction(p) => p.count_legal_moves(),
            AnyPosition::Epaminondas(p) => p.count_legal_moves(),
            AnyPosition::Boundless(p) => p.count_legal_moves(),
        }
    }

    /// Plays a legal move; a move of the other game is never legal, and is ignored.
    fn play_unchecked(&mut self, mv: AnyMove) {
        match (self, mv) {
            (AnyPosition::LinesOfAction(p), AnyMove::LinesOfAction(m)) => p.play_unchecked(m),
            (AnyPosition::Epaminondas(p), AnyMove::Epaminondas(m)) => p.play_unchecked(m),
            (AnyPosition::Boundless(p), AnyMove::Boundless(m)) => p.play_unchecked(m),
            _ => {}
        }
    }

    fn undo(&mut self) -> Option<AnyMove> {
        match self {
            AnyPosition::LinesOfAction(p) => p.undo().map(AnyMove::LinesOfAction),
            AnyPosition::Epaminondas(p) => p.undo().map(AnyMove::Epaminondas),
            AnyPosition::Boundless(p) => p.undo().map(AnyMove::Boundless),
        }
    }

    fn is_capture(&self, mv: AnyMove) -> bool {
        match (self, mv) {
            (AnyPosition::LinesOfAction(p), AnyMove::LinesOfAction(m)) => p.is_capture(m),
            (AnyPosition::Epaminondas(p), AnyMove::Epaminondas(m)) => p.is_capture(m),
            (AnyPosition::Boundless(p), AnyMove::Boundless(m)) => p.is_capture(m),
            _ => false,
        }
    }

    fn null_move(&self) -> Option<AnyMove> {
        match self {
            AnyPosition::LinesOfAction(p) => p.null_move().map(AnyMove::LinesOfAction),
            AnyPosition::Epaminondas(p) => p.null_move().map(AnyMove::Epaminondas),
            AnyPosition::Boundless(p) => p.null_move().map(AnyMove::Boundless),
        }
    }

    fn is_legal(&self, mv: AnyMove) -> bool {
        match (self, mv) {
            (AnyPosition::LinesOfAction(p), AnyMove::LinesOfAction(m)) => p.is_legal(m),
            (AnyPosition::Epaminondas(p), AnyMove::Epaminondas(m)) => p.is_legal(m),
            (AnyPosition::Boundless(p), AnyMove::Boundless(m)) => p.is_legal(m),
            _ => false,
        }
    }

    fn play(&mut self, mv: AnyMove) -> Result<(), MoveError> {
        let Some(mv) = self.same_game(mv) else {
            return Err(MoveError::Illegal {
                mv: mv.to_string(),
                reason: format!("it is not a move of {}", self.kind()),
            });
        };
        match (self, mv) {
            (AnyPosition::LinesOfAction(p), AnyMove::LinesOfAction(m)) => p.play(m),
            (AnyPosition::Epaminondas(p), AnyMove::Epaminondas(m)) => p.play(m),
            (AnyPosition::Boundless(p), AnyMove::Boundless(m)) => p.play(m),
            _ => Ok(()),
        }
    }

    fn hash(&self) -> u64 {
        match self {
            AnyPosition::LinesOfAction(p) => p.hash(),
            AnyPosition::Epaminondas(p) => p.hash(),
            AnyPosition::Boundless(p) => p.hash(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        match self {
            AnyPosition::LinesOfAction(p) => p.outcome(),
            AnyPosition::Epaminondas(p) => p.outcome(),
            AnyPosition::Boundless(p) => p.outcome(),
        }
    }

    fn ply(&self) -> usize {
        match self {
            AnyPosition::LinesOfAction(p) => p.ply(),
            AnyPosition::Epaminondas(p) => p.ply(),
            AnyPosition::Boundless(p) => p.ply(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        match self {
            AnyPosition::LinesOfAction(p) => p.parse_move(text).map(AnyMove::LinesOfAction),
            AnyPosition::Epaminondas(p) => p.parse_move(text).map(AnyMove::Epaminondas),
            AnyPosition::Boundless(p) => p.parse_move(text).map(AnyMove::Boundless),
        }
    }

    fn human_move(&self, mv: AnyMove) -> String {
        match (self, mv) {
            (AnyPosition::LinesOfAction(p), AnyMove::LinesOfAction(m)) => p.human_move(m),
            (AnyPosition::Epaminondas(p), AnyMove::Epaminondas(m)) => p.human_move(m),
            (AnyPosition::Boundless(p), AnyMove::Boundless(m)) => p.human_move(m),
            _ => mv.to_string(),
        }
    }

    fn to_text(&self) -> String {
        match self {
            AnyPosition::LinesOfAction(p) => p.to_text(),
            AnyPosition::Epaminondas(p) => p.to_text(),
            AnyPosition::Boundless(p) => p.to_text(),
        }
    }

    fn piece_count(&self, color: Color) -> u32 {
        match self {
            AnyPosition::LinesOfAction(p) => p.piece_count(color),
            AnyPosition::Epaminondas(p) => p.piece_count(color),
            AnyPosition::Boundless(p) => p.piece_count(color),
        }
    }

    fn largest_group(&self, color: Color) -> Option<u32> {
        match self {
            AnyPosition::LinesOfAction(p) => p.largest_group(color),
            AnyPosition::Epaminondas(p) => p.largest_group(color),
            AnyPosition::Boundless(p) => p.largest_group(color),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_names_round_trip() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
        }
        assert_eq!("LOA".parse::<GameKind>(), Ok(GameKind::LinesOfAction));
        assert!("chess".parse::<GameKind>().is_err());
    }

    #[test]
    fn dispatches_to_the_configured_game() {
        let mut config = GameConfig::default();
        assert_eq!(config.start().legal_moves().len(), 36);
        config.kind = GameKind::Epaminondas;
        let mut position = config.start();
        assert_eq!(position.legal_moves().len(), 114);
        let mv = position.parse_move("a1a4").expect("legal");
        position.play(mv).expect("legal");
        assert_eq!(position.moves_played(), vec![mv]);
        let loa_move = config_loa_move();
        assert!(!position.is_legal(loa_move));
        assert!(position.play(loa_move).is_err());
        assert_eq!(position.ply(), 1);
    }

    #[test]
    fn a_setup_is_judged_by_the_rules_and_written_as_position_text() {
        let config = GameConfig::default();
        let start =
            AnySetup::LinesOfAction(loa::Setup::start(loa::Variant::Standard, Color::Black));
        let position = config
            .position_from_setup(start.clone())
            .expect("the start");
        assert_eq!(start.to_string(), position.to_text());
        assert!(start.material(&config).is_empty());
        let lone = AnySetup::LinesOfAction("8/8/8/8/8/8/8/7w b".parse().expect("text"));
        assert_eq!(
            config.position_from_setup(lone.clone()).err(),
            Some(AnyPositionError::LinesOfAction(
                loa::PositionError::NoPieces(Color::Black)
            ))
        );
        assert_eq!(
            lone.material(&config),
            [crate::material::MaterialProblem::NoPieces(Color::Black)]
        );
        let boundless = AnySetup::Boundless("b:(0,-2),b1 w:a2 w".parse().expect("text"));
        let position = config
            .position_from_setup(boundless.clone())
            .expect("valid");
        assert_eq!(position.side_to_move(), Color::White);
        assert_eq!(boundless.to_string(), position.to_text());
    }

    fn config_loa_move() -> AnyMove {
        let position = GameConfig::default().start();
        position.legal_moves()[0]
    }
}
