//! Playing levels 1–13: from a beginner who blunders on purpose to full strength, plus the hint
//! and analysis calls the game's interface uses.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::{Rng, RngExt};
use thiserror::Error;

use crate::Game;
use crate::search::{Evaluator, Limits, SearchInfo, Searcher};

/// A playing strength from 1 (beginner) to [`Level::MAX`] (full strength).
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

const fn plays(max_depth: u32, noise: i32, blunder_chance: f64) -> LevelSettings {
    LevelSettings {
        max_depth: Some(max_depth),
        time_share: 1.0,
        noise,
        blunder_chance,
    }
}

const fn full(time_share: f32) -> LevelSettings {
    LevelSettings {
        max_depth: None,
        time_share,
        noise: 0,
        blunder_chance: 0.0,
    }
}

/// Every level's settings, weakest first (see the README's "Levels" table for the matches that
/// spaced them).
const LADDER: [LevelSettings; 13] = [
    plays(1, 250, 0.25),
    plays(1, 170, 0.17),
    plays(1, 110, 0.11),
    plays(2, 120, 0.08),
    plays(2, 70, 0.04),
    plays(3, 60, 0.03),
    plays(3, 25, 0.01),
    plays(4, 40, 0.015),
    plays(5, 40, 0.01),
    plays(6, 30, 0.01),
    plays(7, 20, 0.005),
    full(0.4),
    full(1.0),
];

/// The number of levels.
const COUNT: u8 = LADDER.len() as u8;

/// A level outside 1–[`Level::MAX`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("level must be a number from 1 to {max}, not '{0}'", max = COUNT)]
pub struct BadLevel(pub String);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const MAX: Level = Level(COUNT);

    /// The level with this number, if it is 1–[`Level::MAX`].
    pub fn new(level: u8) -> Option<Level> {
        (1..=COUNT).contains(&level).then_some(Level(level))
    }

    /// Its number, 1–[`Level::MAX`].
    pub fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=COUNT).map(Level)
    }

    /// How this level plays (see the README's table).
    pub fn settings(self) -> LevelSettings {
        LADDER[usize::from(self.0 - 1)]
    }
}

impl Default for Level {
    fn default() -> Level {
        Level(6)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each level searches at least as deep as the one below it and, at the same depth,
    /// misjudges and blunders less; the full searches at the top use more and more of the time,
    /// the top level all of it.
    #[test]
    fn levels_are_ordered_by_their_settings() {
        let depth = |s: LevelSettings| s.max_depth.unwrap_or(u32::MAX);
        let all: Vec<LevelSettings> = Level::all().map(Level::settings).collect();
        assert_eq!(all.len(), usize::from(Level::MAX.number()));
        for pair in all.windows(2) {
            let (lower, higher) = (pair[0], pair[1]);
            assert!(depth(higher) >= depth(lower), "{lower:?} then {higher:?}");
            if lower.max_depth.is_none() {
                // Full searches differ only by their share of the think time.
                assert!(
                    higher.time_share > lower.time_share,
                    "{lower:?} then {higher:?}"
                );
                assert_eq!((higher.noise, higher.blunder_chance), (0, 0.0));
            } else if depth(higher) == depth(lower) {
                assert!(higher.noise < lower.noise, "{lower:?} then {higher:?}");
                assert!(higher.blunder_chance < lower.blunder_chance);
            }
            assert!(higher != lower);
        }
        assert_eq!(
            Level::MAX.settings(),
            LevelSettings {
                max_depth: None,
                time_share: 1.0,
                noise: 0,
                blunder_chance: 0.0
            }
        );
        assert!(Level::MIN.settings().blunder_chance < 0.5);
    }

    #[test]
    fn numbers_outside_the_ladder_are_refused() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(Level::MAX.number() + 1), None);
        assert_eq!("13".parse::<Level>(), Ok(Level::MAX));
        let err = "14".parse::<Level>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "level must be a number from 1 to 13, not '14'"
        );
        assert!(Level::all().all(|l| l >= Level::MIN && l <= Level::MAX));
    }
}
