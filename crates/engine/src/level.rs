//! Playing levels 1–6: from a beginner who blunders on purpose to full strength, plus the hint
//! and analysis calls the game's interface uses.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::{Rng, RngExt};
use thiserror::Error;

use crate::Game;
use crate::search::{Evaluator, Limits, SearchInfo, Searcher};

/// A playing strength from 1 (beginner) to 6 (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// How a level plays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelSettings {
    /// Deepest search (`None`: as deep as the time allows).
    pub max_depth: Option<u32>,
    /// Share of the think time the level uses.
    pub time_share: f32,
    /// Random bonus, up to this size, added to each root move's score: misjudgements.
    pub noise: i32,
    /// Chance of playing a random legal move instead: outright blunders.
    pub blunder_chance: f64,
}

/// A level outside 1–6.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("level must be a number from 1 to 6, not '{0}'")]
pub struct BadLevel(pub String);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(6);

    /// The level with this number, if it is 1–6.
    pub fn new(level: u8) -> Option<Level> {
        (1..=6).contains(&level).then_some(Level(level))
    }

    /// Its number, 1–6.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=6).map(Level)
    }

    /// How this level plays (see the README's table).
    pub fn settings(self) -> LevelSettings {
        let (max_depth, time_share, noise, blunder_chance) = match self.0 {
            1 => (Some(1), 1.0, 250, 0.25),
            2 => (Some(2), 1.0, 100, 0.06),
            3 => (Some(3), 1.0, 60, 0.03),
            4 => (Some(5), 1.0, 25, 0.01),
            5 => (None, 0.3, 0, 0.0),
            _ => (None, 1.0, 0, 0.0),
        };
        LevelSettings {
            max_depth,
            time_share,
            noise,
            blunder_chance,
        }
    }

    /// A short description for menus.
    pub fn describe(self) -> &'static str {
        match self.0 {
            1 => "Beginner: looks one move ahead and often blunders",
            2 => "Casual: two moves ahead, misjudges and sometimes blunders",
            3 => "Club: three moves ahead, misjudges now and then",
            4 => "Strong: five moves ahead, slight randomness",
            5 => "Expert: full search with a third of the think time",
            _ => "Master: full strength with all the think time",
        }
    }
}

impl Default for Level {
    fn default() -> Level {
        Level(3)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = BadLevel;
    fn from_str(s: &str) -> Result<Level, BadLevel> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| BadLevel(s.to_string()))
    }
}

/// Chooses the computer's move at `level` with up to `think_time`: the search result (score and
/// principal variation as searched) and the move to play, which at low levels may differ from the
/// best one on purpose. `None` only when the game is over.
///
/// Raising `stop` ends the search early (see [`Searcher::search`]); a legal move still comes
/// back, even when the flag was raised before the call (then without search: depth 0).
pub fn choose_move<G: Game, E: Evaluator<G>>(
    searcher: &mut Searcher<G>,
    game: &G,
    evaluator: &E,
    level: Level,
    think_time: Duration,
    stop: &AtomicBool,
    rng: &mut impl Rng,
) -> Option<(G::Move, SearchInfo<G::Move>)> {
    let settings = level.settings();
    let moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let noise = if settings.noise > 0 {
        moves
            .iter()
            .map(|&m| (m, rng.random_range(-settings.noise..=settings.noise)))
            .collect()
    } else {
        Vec::new()
    };
    searcher.set_root_noise(noise);
    let limits = Limits {
        depth: settings.max_depth,
        time: Some(
            think_time
                .mul_f32(settings.time_share)
                .max(Duration::from_millis(1)),
        ),
        ..Limits::default()
    };
    let info = searcher.search(game, evaluator, limits, stop, |_| {});
    searcher.set_root_noise(Vec::new());
    let chosen = if rng.random_bool(settings.blunder_chance) {
        moves[rng.random_range(0..moves.len())]
    } else {
        info.best_move().copied().unwrap_or(moves[0])
    };
    Some((chosen, info))
}

/// The move full strength would play, for the interface's hint button; `stop` ends the search
/// early.
pub fn hint<G: Game, E: Evaluator<G>>(
    searcher: &mut Searcher<G>,
    game: &G,
    evaluator: &E,
    think_time: Duration,
    stop: &AtomicBool,
) -> Option<G::Move> {
    analyse(
        searcher,
        game,
        evaluator,
        Limits::movetime(think_time),
        stop,
    )
    .best_move()
    .copied()
}

/// Score and principal variation of a position, for the interface's analysis display; `stop`
/// ends the search early.
pub fn analyse<G: Game, E: Evaluator<G>>(
    searcher: &mut Searcher<G>,
    game: &G,
    evaluator: &E,
    limits: Limits,
    stop: &AtomicBool,
) -> SearchInfo<G::Move> {
    searcher.search(game, evaluator, limits, stop, |_| {})
}
