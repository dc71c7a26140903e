//! The engine's options: what `uci` advertises and what `setoption` changes.

use thiserror::Error;

use crate::any_game::{GameConfig, GameKind};
use crate::eval::{EpaminondasEvaluator, EpaminondasWeights, Evaluators, LoaEvaluator, LoaWeights};
use crate::level::{LEVEL_RANGE, Level, LevelSettings};
use crate::{Color, epaminondas, loa};

/// Smallest transposition table, in MiB.
pub const HASH_MIN: usize = 1;
/// Largest transposition table, in MiB.
pub const HASH_MAX: usize = 4096;
/// Default transposition table, in MiB.
pub const HASH_DEFAULT: usize = 64;
/// Fewest lines a search reports (`MultiPV`).
pub const MULTI_PV_MIN: usize = 1;
/// Most lines a search reports.
pub const MULTI_PV_MAX: usize = 8;
/// Lines a search reports by default: the best move's alone.
pub const MULTI_PV_DEFAULT: usize = 1;

/// The option lines `uci` prints, in order.
pub const OPTION_LINES: [&str; 13] = [
    "option name Game type combo default lines-of-action var lines-of-action var epaminondas",
    "option name Variant type combo default standard var standard var scrambled-eggs var parachute \
     var four-players var ambidextrous var boundless",
    "option name Board type combo default standard var standard var small var 7x7 var 6x6",
    "option name FirstPlayer type combo default black var black var white",
    "option name Simultaneous type combo default draw var draw var mover-wins",
    "option name Repetition type check default true",
    "option name AntiSymmetry type check default true",
    "option name Level type spin default 14 min 1 max 14",
    "option name Hash type spin default 64 min 1 max 4096",
    "option name MultiPV type spin default 1 min 1 max 8",
    "option name LoaWeights type string default default",
    "option name EpaminondasWeights type string default default",
    "option name LevelSettings type string default ladder",
];

const LOA_WEIGHTS_EXPECTED: &str = "default, or 10 integers separated by commas (groups, \
     concentration, centralisation, centre_of_mass, quads, mobility, walls, connectedness, \
     uniformity, side_to_move)";
const EPAMINONDAS_WEIGHTS_EXPECTED: &str = "default, or 6 integers separated by commas \
     (material, far_row, advance, phalanx, home_guard, side_to_move)";

/// A `setoption` that could not be applied.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionError {
    /// No option has this name.
    #[error(
        "unknown option '{0}' (options: Game, Variant, Board, FirstPlayer, Simultaneous, \
         Repetition, AntiSymmetry, Level, Hash, MultiPV, LoaWeights, EpaminondasWeights, \
         LevelSettings)"
    )]
    Unknown(String),
    /// The option needs a value.
    #[error("option {0} needs a value: setoption name {0} value ...")]
    MissingValue(&'static str),
    /// The value is not one the option takes.
    #[error("option {name} cannot be '{value}' (expected {expected})")]
    BadValue {
        /// The option.
        name: &'static str,
        /// The value given.
        value: String,
        /// What it takes.
        expected: &'static str,
    },
    /// A `Hash` larger than the memory this machine can give now; the old size stays.
    #[error(
        "option Hash cannot be {requested} MiB: only {available} MiB of memory are available; \
         the table keeps its size"
    )]
    HashTooLarge {
        /// The size asked for, in MiB.
        requested: usize,
        /// The memory available, in MiB.
        available: u64,
    },
}

/// What a successful `setoption` changed, so the engine knows what to reset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionChange {
    /// The game or a rule: the position goes back to the start.
    Rules,
    /// The playing level.
    Level,
    /// The transposition table size: the table is rebuilt.
    Hash,
    /// The evaluation weights of a game.
    Weights,
    /// The number of lines a search reports.
    Lines,
}

/// The values of every option.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EngineOptions {
    /// The game and its rules.
    pub config: GameConfig,
    /// Playing strength; below the top level the engine plays through
    /// [`crate::level::choose_move`].
    pub level: Level,
    /// Settings that replace the level's, the top level's too (`None`: the ladder's), for
    /// matches that try candidate levels without a new build.
    pub level_settings: Option<LevelSettings>,
    /// Transposition table size in MiB.
    pub hash_mb: usize,
    /// How many of the best moves a full-strength search reports, each with its line
    /// (`MultiPV`, [`MULTI_PV_MIN`] to [`MULTI_PV_MAX`]); the weaker levels report one.
    pub multi_pv: usize,
    /// The weights of the evaluation of Lines of Action (for tuning and matches).
    pub loa_weights: LoaWeights,
    /// The weights of the evaluation of Epaminondas.
    pub epaminondas_weights: EpaminondasWeights,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            config: GameConfig::default(),
            level: Level::MAX,
            level_settings: None,
            hash_mb: HASH_DEFAULT,
            multi_pv: MULTI_PV_DEFAULT,
            loa_weights: LoaWeights::default(),
            epaminondas_weights: EpaminondasWeights::default(),
        }
    }
}

impl EngineOptions {
    /// The evaluation of each game with the weights set (Boundless has no weight option).
    pub fn evaluators(&self) -> Evaluators {
        Evaluators {
            loa: LoaEvaluator {
                weights: self.loa_weights,
            },
            epaminondas: EpaminondasEvaluator {
                weights: self.epaminondas_weights,
            },
            ..Evaluators::default()
        }
    }
}

/// Weights from `default` or a comma-separated list of integers, one per name in order.
fn parse_weights<W: Default>(
    value: &str,
    names: &[&str],
    from_slice: fn(&[i32]) -> Option<W>,
) -> Option<W> {
    if value.eq_ignore_ascii_case("default") {
        return Some(W::default());
    }
    let weights: Vec<i32> = value
        .split(',')
        .map(|w| {
            w.trim()
                .parse::<i32>()
                .ok()
                .filter(|w| w.unsigned_abs() <= 10_000)
        })
        .collect::<Option<_>>()?;
    if weights.len() == names.len() {
        from_slice(&weights)
    } else {
        None
    }
}

/// The `Board` option: `standard` is both games' default board, `small` Epaminondas' 8×8, and
/// `7x7`, `6x6` (or `8x8`) the Lines of Action boards.
fn set_board(config: &mut GameConfig, value: &str) -> Option<()> {
    let wanted = value.to_ascii_lowercase();
    if wanted == "standard" {
        config.loa.board = loa::BoardSize::Eight;
        config.epaminondas.board = epaminondas::BoardSize::Standard;
    } else if let Ok(board) = wanted.parse::<epaminondas::BoardSize>() {
        config.epaminondas.board = board;
    } else {
        config.loa.board = wanted.parse::<loa::BoardSize>().ok()?;
    }
    Some(())
}

fn parse_check(name: &'static str, value: &str) -> Result<bool, OptionError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(OptionError::BadValue {
            name,
            value: value.to_string(),
            expected: "true or false",
        }),
    }
}

impl EngineOptions {
    /// Sets the option `name` (any case, spaces ignored) to `value`. A `Hash` larger than the
    /// memory available now ([`crate::memory::available_mib`]) is refused.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionChange, OptionError> {
        self.set_within(name, value, crate::memory::available_mib())
    }

    /// [`EngineOptions::set`] with `available_mib` MiB of memory (`None`: unknown).
    pub fn set_within(
        &mut self,
        name: &str,
        value: Option<&str>,
        available_mib: Option<u64>,
    ) -> Result<OptionChange, OptionError> {
        let key = name.to_ascii_lowercase().replace([' ', '_', '-'], "");
        let canonical: &'static str = match key.as_str() {
            "game" => "Game",
            "variant" => "Variant",
            "board" => "Board",
            "firstplayer" => "FirstPlayer",
            "simultaneous" => "Simultaneous",
            "repetition" => "Repetition",
            "antisymmetry" => "AntiSymmetry",
            "level" => "Level",
            "hash" => "Hash",
            "multipv" => "MultiPV",
            "loaweights" => "LoaWeights",
            "epaminondasweights" => "EpaminondasWeights",
            "levelsettings" => "LevelSettings",
            _ => return Err(OptionError::Unknown(name.to_string())),
        };
        let value = value
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .ok_or(OptionError::MissingValue(canonical))?;
        let bad = |expected: &'static str| OptionError::BadValue {
            name: canonical,
            value: value.to_string(),
            expected,
        };
        let config = &mut self.config;
        match canonical {
            "Game" => {
                config.kind = value
                    .parse::<GameKind>()
                    .map_err(|_| bad("lines-of-action or epaminondas"))?;
            }
            "Variant" => {
                config.loa.variant = value.parse::<loa::Variant>().map_err(|_| {
                    bad(
                        "standard, scrambled-eggs, parachute, four-players, ambidextrous or \
                     boundless; the Epaminondas board is the Board option",
                    )
                })?;
            }
            "Board" => set_board(config, value).ok_or_else(|| {
                bad("standard or small (Epaminondas), 8x8, 7x7 or 6x6 (Lines of Action)")
            })?,
            "FirstPlayer" => {
                config.loa.first_player = match value.to_ascii_lowercase().as_str() {
                    "black" | "b" => Color::Black,
                    "white" | "w" => Color::White,
                    _ => return Err(bad("black or white")),
                };
            }
            "Simultaneous" => {
                config.loa.simultaneous = match value.to_ascii_lowercase().as_str() {
                    "draw" => loa::SimultaneousConnection::Draw,
                    "mover-wins" | "moverwins" | "mover" => loa::SimultaneousConnection::MoverWins,
                    _ => return Err(bad("draw or mover-wins")),
                };
            }
            "Repetition" => config.set_repetition_draw(parse_check(canonical, value)?),
            "AntiSymmetry" => config.epaminondas.anti_symmetry = parse_check(canonical, value)?,
            "Level" => {
                self.level = value.parse::<Level>().map_err(|_| bad(LEVEL_RANGE))?;
                return Ok(OptionChange::Level);
            }
            "LevelSettings" => {
                self.level_settings = if value.eq_ignore_ascii_case("ladder") {
                    None
                } else {
                    Some(value.parse::<LevelSettings>().map_err(|_| {
                        bad("ladder, or depth=N nodes=N share=0-1 noise=N blunder=0-1")
                    })?)
                };
                return Ok(OptionChange::Level);
            }
            "LoaWeights" => {
                self.loa_weights = parse_weights(value, &LoaWeights::NAMES, LoaWeights::from_slice)
                    .ok_or_else(|| bad(LOA_WEIGHTS_EXPECTED))?;
                return Ok(OptionChange::Weights);
            }
            "MultiPV" => {
                self.multi_pv = value
                    .parse::<usize>()
                    .ok()
                    .filter(|lines| (MULTI_PV_MIN..=MULTI_PV_MAX).contains(lines))
                    .ok_or_else(|| bad("a number of lines from 1 to 8"))?;
                return Ok(OptionChange::Lines);
            }
            "EpaminondasWeights" => {
                self.epaminondas_weights = parse_weights(
                    value,
                    &EpaminondasWeights::NAMES,
                    EpaminondasWeights::from_slice,
                )
                .ok_or_else(|| bad(EPAMINONDAS_WEIGHTS_EXPECTED))?;
                return Ok(OptionChange::Weights);
            }
            _ => {
                let hash_mb = value
                    .parse::<usize>()
                    .ok()
                    .filter(|mb| (HASH_MIN..=HASH_MAX).contains(mb))
                    .ok_or_else(|| bad("a number of MiB from 1 to 4096"))?;
                if let Some(available) = available_mib
                    && hash_mb as u64 > available
                {
                    return Err(OptionError::HashTooLarge {
                        requested: hash_mb,
                        available,
                    });
                }
                self.hash_mb = hash_mb;
                return Ok(OptionChange::Hash);
            }
        }
        Ok(OptionChange::Rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_level_option_offers_every_level() {
        let line = format!(
            "option name Level type spin default {max} min 1 max {max}",
            max = Level::MAX
        );
        assert!(OPTION_LINES.contains(&line.as_str()));
        assert_eq!(EngineOptions::default().level, Level::MAX);
    }

    #[test]
    fn a_hash_larger_than_the_memory_is_refused() {
        let mut options = EngineOptions::default();
        assert_eq!(
            options.set_within("Hash", Some("4096"), Some(1000)),
            Err(OptionError::HashTooLarge {
                requested: 4096,
                available: 1000
            })
        );
        assert_eq!(options.hash_mb, HASH_DEFAULT);
        assert_eq!(
            options.set_within("Hash", Some("512"), Some(1000)),
            Ok(OptionChange::Hash)
        );
        assert_eq!(options.hash_mb, 512);
        assert_eq!(
            options.set_within("Hash", Some("4096"), None),
            Ok(OptionChange::Hash)
        );
    }

    #[test]
    fn names_ignore_case_and_values_are_checked() {
        let mut options = EngineOptions::default();
        assert_eq!(
            options.set("gAmE", Some("Epaminondas")),
            Ok(OptionChange::Rules)
        );
        assert_eq!(options.config.kind, GameKind::Epaminondas);
        assert_eq!(options.set("level", Some("3")), Ok(OptionChange::Level));
        assert_eq!(options.level.number(), 3);
        assert!(matches!(
            options.set("Level", Some("15")),
            Err(OptionError::BadValue { .. })
        ));
        assert!(matches!(
            options.set("Hash", Some("0")),
            Err(OptionError::BadValue { .. })
        ));
        assert_eq!(
            options.set("Repetition", None),
            Err(OptionError::MissingValue("Repetition"))
        );
        assert!(matches!(
            options.set("Colour", Some("x")),
            Err(OptionError::Unknown(_))
        ));
        assert_eq!(
            options.set("Repetition", Some("false")),
            Ok(OptionChange::Rules)
        );
        assert!(!options.config.loa.repetition_draw && !options.config.epaminondas.repetition_draw);
    }

    #[test]
    fn multi_pv_takes_one_to_eight_lines() {
        let line = format!(
            "option name MultiPV type spin default {MULTI_PV_DEFAULT} min {MULTI_PV_MIN} max \
             {MULTI_PV_MAX}"
        );
        assert!(OPTION_LINES.contains(&line.as_str()));
        let mut options = EngineOptions::default();
        assert_eq!(options.multi_pv, 1);
        assert_eq!(options.set("MultiPV", Some("3")), Ok(OptionChange::Lines));
        assert_eq!(options.multi_pv, 3);
        assert_eq!(
            options.set("multi_pv", Some(" 8 ")),
            Ok(OptionChange::Lines)
        );
        assert_eq!(options.multi_pv, 8);
        for bad in [
            "0",
            "9",
            "-1",
            "3.5",
            "three",
            "18446744073709551616",
            "1e2",
        ] {
            assert!(
                matches!(
                    options.set("MultiPV", Some(bad)),
                    Err(OptionError::BadValue {
                        name: "MultiPV",
                        ..
                    })
                ),
                "{bad}"
            );
        }
        assert_eq!(
            options.set("MULTIPV", None),
            Err(OptionError::MissingValue("MultiPV"))
        );
        assert_eq!(options.multi_pv, 8, "a refused value changes nothing");
        assert_eq!(options.set("MultiPV", Some("1")), Ok(OptionChange::Lines));
        assert_eq!(options.multi_pv, 1);
    }

    #[test]
    fn weights_take_a_full_list_or_default() {
        let mut options = EngineOptions::default();
        let tuned = "-12,-4,-1,-2,-5,5,3,7,-4,43";
        assert_eq!(
            options.set("LoaWeights", Some(tuned)),
            Ok(OptionChange::Weights)
        );
        assert_eq!(
            options.loa_weights.to_vec(),
            [-12, -4, -1, -2, -5, 5, 3, 7, -4, 43]
        );
        for bad in [
            "1,2,3",
            "-12,-4,-1,-2,-5,5,3,7,-4,x",
            "1,2,3,4,5,6,7,8,9,10,11",
            "99999,0,0,0,0,0,0,0,0,0",
            // The smallest i32 has no absolute value in i32 (found by the short fuzz run).
            "-12,-2147483648,-1,-2,-5,5,3,7,-4,43",
        ] {
            assert!(
                matches!(
                    options.set("LoaWeights", Some(bad)),
                    Err(OptionError::BadValue {
                        name: "LoaWeights",
                        ..
                    })
                ),
                "{bad}"
            );
        }
        assert_eq!(
            options.loa_weights.to_vec(),
            [-12, -4, -1, -2, -5, 5, 3, 7, -4, 43]
        );
        assert_eq!(
            options.set("loa weights", Some("default")),
            Ok(OptionChange::Weights)
        );
        assert_eq!(options.loa_weights, LoaWeights::default());
        assert_eq!(
            options.set("EpaminondasWeights", Some("100, 30, 4, 6, 10, 15")),
            Ok(OptionChange::Weights)
        );
        assert_eq!(
            options.epaminondas_weights.to_vec(),
            [100, 30, 4, 6, 10, 15]
        );
        assert!(options.set("EpaminondasWeights", Some("1,2")).is_err());
    }
}
