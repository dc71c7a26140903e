//! The lesson's judgement of a move, as a typed value the interface renders: the engine decides
//! what is legal, the step decides what it wanted.

use std::collections::BTreeSet;

use gamut_engine::Color as Side;
use gamut_engine::Game;
use gamut_engine::any_game::AnyMove;

use super::lessons::{Goal, StepDef, Task};
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
        Some(text) => CurrentGame::from_text(config, text).map_err(|e| {
            bevy::log::warn!("lesson position {text}: {e}");
            StepError::Position(text.to_string())
        }),
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
/// goal any move may reach, its example.
pub fn wanted_moves(step: &StepDef, game: &CurrentGame) -> Result<Vec<AnyMove>, StepError> {
    let texts: Vec<&str> = match step.task {
        Task::Look { show } => show.into_iter().collect(),
        Task::Play {
            goal: Goal::Moves(moves),
            ..
        } => moves.to_vec(),
        Task::Play { goal, .. } => vec![goal.example()],
    };
    texts.iter().map(|t| engine_move(game, t)).collect()
}

/// Whether the learner's move `mv`, from `before` to `after`, reaches the step's goal
/// (`wanted` from [`wanted_moves`]).
pub fn reaches(
    goal: Goal,
    learner: Side,
    wanted: &[AnyMove],
    mv: AnyMove,
    before: &CurrentGame,
    after: &CurrentGame,
) -> bool {
    let took =
        |at: Cell| before.piece_at(at) == Some(!learner) && after.piece_at(at) == Some(learner);
    match goal {
        Goal::Moves(_) => wanted.contains(&mv),
        Goal::CaptureOn { on, .. } => on.parse().is_ok_and(took),
        Goal::CaptureInCentre { .. } => centre(before).any(took),
        Goal::Safe { .. } => {
            let before = passed(before).map(|g| threatened(&g)).unwrap_or_default();
            threatened(after).is_subset(&before)
        }
        Goal::Hold { .. } => after.end().and_then(GameEnd::winner) != Some(!learner),
        Goal::Cross { .. } => on_far_row(after, learner) > on_far_row(before, learner),
        Goal::Win { .. } => after.end().and_then(GameEnd::winner) == Some(learner),
        Goal::Any { .. } => true,
    }
}

/// The squares of the board's middle: all but the two outer rings.
fn centre(game: &CurrentGame) -> impl Iterator<Item = Cell> {
    let (lo, hi) = game.bounds();
    (lo.rank + 2..=hi.rank - 2)
        .flat_map(move |rank| (lo.file + 2..=hi.file - 2).map(move |file| Cell { file, rank }))
}

/// The squares whose pieces the side to move in `game` can capture.
pub fn threatened(game: &CurrentGame) -> BTreeSet<Cell> {
    game.position()
        .legal_moves()
        .into_iter()
        .flat_map(|mv| game.effects(mv).captured)
        .collect()
}

/// The same position with the other side to move (what it could capture if it moved now).
pub fn passed(game: &CurrentGame) -> Option<CurrentGame> {
    let text = game.position().to_text();
    let (board, side) = text.rsplit_once(' ')?;
    let other = match side {
        "b" => "w",
        "w" => "b",
        _ => return None,
    };
    CurrentGame::from_text(game.config, &format!("{board} {other}")).ok()
}

/// How many of `side`'s stones stand on the far row: the enemy's home row (White's is the
/// lowest rank).
fn on_far_row(game: &CurrentGame, side: Side) -> usize {
    let (lo, hi) = game.bounds();
    let far = if side == Side::White {
        hi.rank
    } else {
        lo.rank
    };
    game.pieces()
        .iter()
        .filter(|(at, s)| *s == side && at.rank == far)
        .count()
}

/// Judges a legal move `mv` the learner played from `before` (the step's position): `wanted`
/// from [`wanted_moves`], `after` the game once it is played. `None` on a look-only step.
pub fn judge_played(
    step: &StepDef,
    wanted: &[AnyMove],
    mv: AnyMove,
    (before, after): (&CurrentGame, &CurrentGame),
    shown: bool,
) -> Option<Verdict> {
    let Task::Play { goal, .. } = step.task else {
        return None;
    };
    Some(if reaches(goal, step.learner, wanted, mv, before, after) {
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
    judge_played(step, &wanted, mv, (game, &after), false)
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
