//! A puzzle's theme: what its key move does, found by the engine from the puzzle itself (so it
//! is never out of step with the position): a defence, a block of the opponent's threat, a
//! capture, a quiet move, a connection in one or, in Epaminondas, a march to the far row.

use super::{Goal, Puzzle};
use crate::Game;
use crate::any_game::{AnyPosition, GameKind};

/// The most positions the prover may visit to see whether the opponent threatens a win in one.
const THREAT_BUDGET: u64 = 200_000;

/// What a puzzle teaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// Lines of Action, a win in 1 by a move that captures nothing: join the last group.
    Connect,
    /// The key move captures.
    Capture,
    /// A win in 2 or more whose key move captures nothing and stops no threat: the quiet move.
    Quiet,
    /// Epaminondas: the key move captures nothing; a stone goes for the far row.
    Breakthrough,
    /// The opponent, were it to move, would win in 1: the key move stops that and still wins.
    Block,
    /// A defence puzzle: stop the opponent's forced win.
    Defend,
}

impl Theme {
    /// Every theme, in the list's order.
    pub const ALL: [Theme; 6] = [
        Theme::Connect,
        Theme::Capture,
        Theme::Quiet,
        Theme::Breakthrough,
        Theme::Block,
        Theme::Defend,
    ];

    /// The theme's name in files and message keys: `capture`.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Connect => "connect",
            Theme::Capture => "capture",
            Theme::Quiet => "quiet",
            Theme::Breakthrough => "breakthrough",
            Theme::Block => "block",
            Theme::Defend => "defend",
        }
    }
}

/// The theme of a puzzle, from its position and its solution's first move: a defence puzzle
/// is `Defend`; a win in 2 or more where the opponent threatens a win in 1 is `Block`; then
/// a capture is `Capture`; otherwise `Connect` (a win in 1) or `Quiet` in Lines of Action, and
/// `Breakthrough` in Epaminondas.
pub fn theme(puzzle: &Puzzle) -> Theme {
    let n = match puzzle.goal {
        Goal::Defend(_) => return Theme::Defend,
        Goal::Win(n) => n,
    };
    let start = puzzle.start();
    if n >= 2 && opponent_threatens(puzzle, &start) {
        return Theme::Block;
    }
    let captures = puzzle
        .solution()
        .first()
        .is_some_and(|&mv| start.is_capture(mv));
    match (captures, start.kind(), n) {
        (true, _, _) => Theme::Capture,
        (false, GameKind::Epaminondas, _) => Theme::Breakthrough,
        (false, GameKind::LinesOfAction, 1) => Theme::Connect,
        (false, GameKind::LinesOfAction, _) => Theme::Quiet,
    }
}

/// Whether the opponent, were it to move in the puzzle's position, would force a win in 1 (a
/// proof out of its budget counts as no threat).
fn opponent_threatens(puzzle: &Puzzle, start: &AnyPosition) -> bool {
    let Some(flipped) = super::verify::flip_side(puzzle) else {
        return false;
    };
    start.outcome().is_none()
        && flipped.outcome().is_none()
        && super::shortest_win(&flipped, 1, Some(THREAT_BUDGET)).is_ok_and(|w| w.is_some())
}

/// A theme from its name (`capture`), as [`Theme::name`] writes it.
impl std::str::FromStr for Theme {
    type Err = UnknownTheme;
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s.trim())
            .ok_or_else(|| UnknownTheme(s.to_string()))
    }
}

/// A theme name that is none of [`Theme::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a puzzle theme")]
pub struct UnknownTheme(pub String);
