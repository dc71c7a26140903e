//! Playing levels 1–14: from a beginner who blunders on purpose to full strength, plus the hint
//! and analysis calls the game's interface uses.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::{Rng, RngExt};
use thiserror::Error;

use crate::Game;
use crate::any_game::GameKind;
use crate::search::{Evaluator, Limits, SearchInfo, Searcher};

/// A playing strength from 1 (beginner) to [`Level::MAX`] (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Level(#[cfg_attr(feature = "serde", serde(deserialize_with = "deserialize_level"))] u8);

/// How a level plays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LevelSettings {
    /// Deepest search (`None`: as deep as the time allows).
    pub max_depth: Option<u32>,
    /// Most nodes searched (`None`: no node budget). Like the depth, a budget makes the level
    /// play the same at any think time that lets it finish.
    pub nodes: Option<u64>,
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
        nodes: None,
        time_share: 1.0,
        noise,
        blunder_chance,
    }
}

/// A search of up to `nodes` nodes, with `noise` and `blunder_chance` as in [`plays`].
const fn budget(nodes: u64, noise: i32, blunder_chance: f64) -> LevelSettings {
    LevelSettings {
        max_depth: None,
        nodes: Some(nodes),
        time_share: 1.0,
        noise,
        blunder_chance,
    }
}

const fn full(time_share: f32) -> LevelSettings {
    LevelSettings {
        max_depth: None,
        nodes: None,
        time_share,
        noise: 0,
        blunder_chance: 0.0,
    }
}

/// Every level's settings in Lines of Action (and Boundless), weakest first (see docs/levels.md,
/// "How the levels were measured", for the matches that spaced them). Levels 1–13 are capped by depth or by a
/// node budget, so they play the same at any think time that lets them finish; only 14 uses
/// all the think time.
const LOA_LADDER: [LevelSettings; 14] = [
    plays(1, 250, 0.25),
    plays(1, 150, 0.15),
    plays(1, 70, 0.07),
    plays(2, 85, 0.055),
    plays(3, 60, 0.03),
    plays(3, 25, 0.01),
    plays(4, 30, 0.01),
    plays(5, 40, 0.01),
    plays(6, 30, 0.01),
    plays(7, 20, 0.005),
    plays(8, 0, 0.0),
    plays(10, 0, 0.0),
    budget(500_000, 0, 0.0),
    full(1.0),
];

/// Every level's settings in Epaminondas, weakest first. Its evaluation counts a stone as 27
/// and its searches cost more per ply, so its levels have smaller noise, and from level 9 on
/// node budgets about 2.4 times apart; only 14 uses the think time.
const EPAMINONDAS_LADDER: [LevelSettings; 14] = [
    plays(1, 250, 0.25),
    plays(1, 170, 0.17),
    plays(1, 110, 0.11),
    plays(2, 115, 0.075),
    plays(2, 71, 0.041),
    plays(3, 60, 0.03),
    plays(3, 25, 0.01),
    plays(4, 20, 0.008),
    budget(10_000, 0, 0.0),
    budget(24_000, 0, 0.0),
    budget(58_000, 0, 0.0),
    budget(140_000, 0, 0.0),
    budget(340_000, 0, 0.0),
    full(1.0),
];

/// The number of levels.
const COUNT: u8 = LOA_LADDER.len() as u8;

/// What a level number must be, for messages (a test checks it against [`Level::MAX`]).
pub const LEVEL_RANGE: &str = "a number from 1 to 14";

/// A level outside 1–[`Level::MAX`].
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("level must be {LEVEL_RANGE}, not '{0}'")]
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

    /// How this level plays `game` (see docs/levels.md, table).
    pub fn settings(self, game: GameKind) -> LevelSettings {
        let ladder = match game {
            GameKind::LinesOfAction => &LOA_LADDER,
            GameKind::Epaminondas => &EPAMINONDAS_LADDER,
        };
        ladder[usize::from(self.0 - 1)]
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

/// Settings text that could not be read (see [`LevelSettings`]'s `FromStr`).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "'{0}' is not level settings: expected space-separated depth=N, nodes=N, share=0.0-1.0, \
     noise=N, blunder=0.0-1.0 (e.g. 'depth=4 noise=40 blunder=0.015')"
)]
pub struct BadLevelSettings(pub String);

/// Reads `depth=4 nodes=20000 share=1 noise=40 blunder=0.015` (any order, any subset; what is
/// left out searches without that limit, with no noise, no blunders and all the time).
impl FromStr for LevelSettings {
    type Err = BadLevelSettings;
    fn from_str(s: &str) -> Result<LevelSettings, BadLevelSettings> {
        let bad = || BadLevelSettings(s.to_string());
        let mut settings = full(1.0);
        for pair in s.split([' ', ',']).filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').ok_or_else(bad)?;
            match key.to_ascii_lowercase().as_str() {
                "depth" => settings.max_depth = Some(value.parse().map_err(|_| bad())?),
                "nodes" => settings.nodes = Some(value.parse().map_err(|_| bad())?),
                "noise" => settings.noise = value.parse().map_err(|_| bad())?,
                "share" => settings.time_share = value.parse().map_err(|_| bad())?,
                "blunder" => settings.blunder_chance = value.parse().map_err(|_| bad())?,
                _ => return Err(bad()),
            }
        }
        let in_unit = |x: f64| (0.0..=1.0).contains(&x);
        let fine = settings.max_depth != Some(0)
            && settings.nodes != Some(0)
            && settings.noise >= 0
            && in_unit(settings.blunder_chance)
            && settings.time_share > 0.0
            && in_unit(f64::from(settings.time_share));
        if fine { Ok(settings) } else { Err(bad()) }
    }
}

/// Chooses the computer's move playing as `settings` say (a level's, see [`Level::settings`]) with up to `think_time`: the search result (score and
/// principal variation as searched) and the move to play, which at low levels may differ from the
/// best one on purpose. `None` only when the game is over.
///
/// Raising `stop` ends the search early (see [`Searcher::search`]); a legal move still comes
/// back, even when the flag was raised before the call (then without search: depth 0).
pub fn choose_move<G: Game, E: Evaluator<G>>(
    searcher: &mut Searcher<G>,
    game: &G,
    evaluator: &E,
    settings: LevelSettings,
    think_time: Duration,
    stop: &AtomicBool,
    rng: &mut impl Rng,
) -> Option<(G::Move, SearchInfo<G::Move>)> {
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
        nodes: settings.nodes,
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

#[cfg(feature = "serde")]
/// A level's number, 1–[`Level::MAX`].
fn deserialize_level<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    crate::checked::checked_u8(deserializer, |n| Level::new(n).is_some(), LEVEL_RANGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How much searching a level does: by depth, then by node budget, then by share of the
    /// think time (each class does more than the one before).
    fn work(s: LevelSettings) -> (u8, f64) {
        match (s.max_depth, s.nodes) {
            (Some(depth), _) => (0, f64::from(depth)),
            (None, Some(nodes)) => (1, nodes as f64),
            (None, None) => (2, f64::from(s.time_share)),
        }
    }

    /// In both games each level searches at least as much as the one below it and, with the
    /// same search, misjudges and blunders less; the top level is a full search with all the
    /// think time.
    #[test]
    fn levels_are_ordered_by_their_settings() {
        for game in [GameKind::LinesOfAction, GameKind::Epaminondas] {
            let all: Vec<LevelSettings> = Level::all().map(|l| l.settings(game)).collect();
            assert_eq!(all.len(), usize::from(Level::MAX.number()));
            for pair in all.windows(2) {
                let (lower, higher) = (pair[0], pair[1]);
                assert!(
                    work(higher) >= work(lower),
                    "{game}: {lower:?} then {higher:?}"
                );
                if work(higher) == work(lower) {
                    assert!(
                        higher.noise < lower.noise,
                        "{game}: {lower:?} then {higher:?}"
                    );
                    assert!(higher.blunder_chance < lower.blunder_chance);
                }
                if higher.max_depth.is_none() && higher.nodes.is_none() {
                    assert_eq!((higher.noise, higher.blunder_chance), (0, 0.0));
                }
            }
            assert_eq!(Level::MAX.settings(game), full(1.0), "{game}");
            assert!(Level::MIN.settings(game).blunder_chance < 0.5);
        }
    }

    /// The `LevelSettings` option's text: any subset in any order; nonsense is refused.
    #[test]
    fn settings_text_is_read_and_nonsense_refused() {
        assert_eq!(
            "depth=4 noise=40 blunder=0.015".parse(),
            Ok(plays(4, 40, 0.015))
        );
        assert_eq!("nodes=20000,noise=5".parse(), Ok(budget(20_000, 5, 0.0)));
        assert_eq!("share=0.4".parse(), Ok(full(0.4)));
        assert_eq!("".parse(), Ok(full(1.0)));
        for bad in [
            "depth=0",
            "nodes=-3",
            "share=1.5",
            "share=0",
            "blunder=2",
            "noise=-1",
            "speed=9",
            "depth",
            "depth=four",
        ] {
            let err = bad.parse::<LevelSettings>().unwrap_err();
            assert!(err.to_string().contains(bad), "{bad}: {err}");
        }
    }

    #[test]
    fn numbers_outside_the_ladder_are_refused() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(Level::MAX.number() + 1), None);
        assert_eq!("14".parse::<Level>(), Ok(Level::MAX));
        let err = "15".parse::<Level>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "level must be a number from 1 to 14, not '15'"
        );
        assert!(Level::all().all(|l| l >= Level::MIN && l <= Level::MAX));
        assert_eq!(LEVEL_RANGE, format!("a number from 1 to {}", Level::MAX));
    }
}
