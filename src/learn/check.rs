//! The lesson's judgement of a move, as a typed value the interface renders: the engine decides
//! what is legal, the step decides what it wanted.

use gamut_engine::Game;
use gamut_engine::any_game::AnyMove;

use super::lessons::{StepDef, Task};
use crate::model::{Cell, CurrentGame, GameEnd, MoveRequest, Refusal};

/// What the lesson says of the learner's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The move the step asked for (`shown`: "Show me" played it).
    Right {
        /// Whether the lesson played it for the learner.
        shown: bool,
    },
    /// The rules refuse the move, and why (nothing moved).
    Illegal(Refusal),
    /// A legal move, but not what the step asks for (it was played: "Try again").
    NotThisOne(AnyMove),
}

/// A lesson's text that does not say a move or a position the engine can read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The position text is not a position of the step's game.
    #[error("bad position: {0}")]
    Position(String),
    /// A move's text cannot be read.
    #[error("cannot read the move '{0}'")]
    MoveText(String),
    /// The engine refuses a move the step wants.
    #[error("the move '{0}' is refused: {1:?}")]
    Refused(String, Refusal),
}

/// Reads `a6-c4`, `c1xc5`, `a3-c3 @d4` or `b1-(2,-1)` as a request.
pub fn parse_move(text: &str) -> Result<MoveRequest, StepError> {
    let bad = || StepError::MoveText(text.to_string());
    let (step, drop) = match text.split_once('@') {
        Some((step, drop)) => (step.trim(), Some(drop.trim())),
        None => (text.trim(), None),
    };
    let split = if step.starts_with('(') {
        step.find(')').map(|i| i + 1)
    } else {
        step.find(['-', 'x', ':'])
    }
    .ok_or_else(bad)?;
    let from: Cell = step[..split].parse().map_err(|_| bad())?;
    let to: Cell = step[split..]
        .trim_start_matches(['-', 'x', ':'])
        .parse()
        .map_err(|_| bad())?;
    let drop = drop
        .map(|d| d.parse::<Cell>().map_err(|_| bad()))
        .transpose()?;
    Ok(MoveRequest::Step { from, to, drop })
}

/// The step's position as a game.
pub fn step_game(step: &StepDef) -> Result<CurrentGame, StepError> {
    let config = step.rules.config();
    match step.position {
        Some(text) => CurrentGame::from_text(config, text)
            .map_err(|e| StepError::Position(format!("{text}: {e}"))),
        None => Ok(CurrentGame::new(config)),
    }
}

/// The engine move for `text` in `game`, or why not.
pub fn engine_move(game: &CurrentGame, text: &str) -> Result<AnyMove, StepError> {
    let request = parse_move(text)?;
    game.check(request)
        .map_err(|why| StepError::Refused(text.to_string(), why))
}

/// The moves the step wants, in its position (the first is the one "Show me" plays); for a
/// win or any-move task, its example.
pub fn wanted_moves(step: &StepDef, game: &CurrentGame) -> Result<Vec<AnyMove>, StepError> {
    let texts: Vec<&str> = match step.task {
        Task::Look { show } => show.into_iter().collect(),
        Task::Play { moves, .. } => moves.to_vec(),
        Task::Win { example } | Task::Any { example } => vec![example],
    };
    texts.iter().map(|t| engine_move(game, t)).collect()
}

/// Judges a legal move `mv` the learner played: `wanted` from [`wanted_moves`], `after` the game
/// once it is played (for a win). `None` on a look-only step.
pub fn judge_played(
    step: &StepDef,
    wanted: &[AnyMove],
    mv: AnyMove,
    after: &CurrentGame,
    shown: bool,
) -> Option<Verdict> {
    let right = match step.task {
        Task::Look { .. } => return None,
        Task::Play { .. } => wanted.contains(&mv),
        Task::Win { .. } => {
            after.end().and_then(GameEnd::winner) == Some(step.learner) || wanted.contains(&mv)
        }
        Task::Any { .. } => true,
    };
    Some(if right {
        Verdict::Right { shown }
    } else {
        Verdict::NotThisOne(mv)
    })
}

/// Judges a request in `game` (before it is played), as the lesson screen would: refused by
/// the rules, the step's move, or another one. For tests and tools.
pub fn judge_request(step: &StepDef, game: &CurrentGame, request: MoveRequest) -> Option<Verdict> {
    let mv = match game.check(request) {
        Ok(mv) => mv,
        Err(why) => return Some(Verdict::Illegal(why)),
    };
    let wanted = wanted_moves(step, game).ok()?;
    let mut after = game.clone();
    after.play(mv);
    judge_played(step, &wanted, mv, &after, false)
}

/// The scripted answer after the learner's move, in `game` as it is then.
pub fn reply_move(step: &StepDef, game: &CurrentGame) -> Option<Result<AnyMove, StepError>> {
    match step.task {
        Task::Play {
            reply: Some(text), ..
        } => Some(engine_move(game, text)),
        _ => None,
    }
}

/// Whether the position is a legal start for the step: the learner can move in it (or, in a
/// look-only step, anyone). For the data check.
pub fn learner_to_move(step: &StepDef, game: &CurrentGame) -> bool {
    game.side_to_move() == step.learner && !game.position().legal_moves().is_empty()
}
