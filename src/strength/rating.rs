//! The player's rating from their results against the computer's levels: Glicko-2 (Mark
//! Glickman's system, as `skillratings` computes it), one game at a time. Each game is a rating
//! period of its own against a level whose rating is the ladder's ([`super::ladder`]); the
//! rating is worked out again from the list of results whenever it is needed, so the numbers
//! always follow the results and the ladder, and nothing but the results is kept in the file.

use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;
use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::ladder::{LEVEL_DEVIATION, START_DEVIATION, level_rating, start_rating};

/// A game's result for the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// The person won.
    Win,
    /// A draw.
    Draw,
    /// The person lost (or resigned, or ran out of time).
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }
}

/// One game that counted: the computer's level and how it went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// The computer's level.
    pub level: Level,
    /// The person's result.
    pub score: Score,
    /// When the game ended, in seconds since 1970 (0 when not known).
    pub at: u64,
}

/// A rating and how sure it is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The rating, on the Elo scale of the ladder.
    pub value: f64,
    /// Its deviation: the true strength is within about twice this of the value, 19 times in
    /// 20.
    pub deviation: f64,
    /// Glicko-2's volatility: how erratic the results have been.
    pub volatility: f64,
}

impl Rating {
    /// A new player's rating in `kind`.
    pub fn start(kind: GameKind) -> Rating {
        Rating {
            value: start_rating(kind),
            deviation: START_DEVIATION,
            volatility: Glicko2Rating::new().volatility,
        }
    }

    /// The rating after `result`, a game of `kind`.
    pub fn after(self, kind: GameKind, result: GameResult) -> Rating {
        let level = Rating {
            value: level_rating(kind, result.level),
            deviation: LEVEL_DEVIATION,
            volatility: Glicko2Rating::new().volatility,
        };
        self.against(level, result.score)
    }

    /// The rating after scoring `score` against an opponent rated `them` (a level, or another
    /// person as rated when the game began).
    pub fn against(self, them: Rating, score: Score) -> Rating {
        let (me, _) = glicko2(
            &self.glicko(),
            &them.glicko(),
            &score.outcome(),
            &Glicko2Config::new(),
        );
        Rating {
            value: me.rating,
            deviation: me.deviation,
            volatility: me.volatility,
        }
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.value,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// The rating before the first game and after each of `results` (one more than them).
pub fn history(kind: GameKind, results: &[GameResult]) -> Vec<Rating> {
    let mut ratings = vec![Rating::start(kind)];
    for &result in results {
        let last = ratings[ratings.len() - 1];
        ratings.push(last.after(kind, result));
    }
    ratings
}

/// The rating after `results`.
pub fn current(kind: GameKind, results: &[GameResult]) -> Rating {
    history(kind, results)
        .pop()
        .unwrap_or_else(|| Rating::start(kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOA: GameKind = GameKind::LinesOfAction;

    fn game(level: u8, score: Score) -> GameResult {
        GameResult {
            level: Level::new(level).unwrap(),
            score,
            at: 0,
        }
    }

    /// Glickman's one-game Glicko step (the first Glicko, without volatility), written out
    /// here from the paper as a reference: the new rating and deviation of `me` after scoring
    /// `score` against an opponent rated `them` with deviation `their_deviation`.
    fn glicko_one(me: Rating, them: f64, their_deviation: f64, score: f64) -> (f64, f64) {
        let q = std::f64::consts::LN_10 / 400.0;
        let pi2 = std::f64::consts::PI.powi(2);
        let g = 1.0 / (1.0 + 3.0 * q * q * their_deviation.powi(2) / pi2).sqrt();
        let e = 1.0 / (1.0 + 10f64.powf(-g * (me.value - them) / 400.0));
        let d2 = 1.0 / (q * q * g * g * e * (1.0 - e));
        let inverse = 1.0 / me.deviation.powi(2) + 1.0 / d2;
        (
            me.value + q / inverse * g * (score - e),
            (1.0 / inverse).sqrt(),
        )
    }

    /// A win against a stronger level raises the rating, a loss against a weaker one lowers
    /// it, by about what Glickman's formula says (Glicko-2's volatility adds a few points to the
    /// deviation, hence the margin); a draw against an equal moves it little.
    #[test]
    fn a_game_moves_the_rating_the_way_and_by_the_amount_glicko_says() {
        let start = Rating::start(LOA);
        assert_eq!(start.value, 1225.0);
        for (level, score, points) in [
            (5, Score::Win, 1.0),
            (5, Score::Loss, 0.0),
            (1, Score::Loss, 0.0),
            (1, Score::Win, 1.0),
            (3, Score::Draw, 0.5),
        ] {
            let them = level_rating(LOA, Level::new(level).unwrap());
            let after = start.after(LOA, game(level, score));
            let (value, deviation) = glicko_one(start, them, LEVEL_DEVIATION, points);
            assert!(
                (after.value - value).abs() < 3.0,
                "level {level} {score:?}: {} where Glicko says {value}",
                after.value
            );
            assert!(
                (after.deviation - deviation).abs() < 3.0,
                "level {level} {score:?}: deviation {} where Glicko says {deviation}",
                after.deviation
            );
            let moved = after.value - start.value;
            match score {
                Score::Win => assert!(moved > 0.0),
                Score::Loss => assert!(moved < 0.0),
                Score::Draw => assert!(moved.abs() < 1.0, "a draw with an equal: {moved}"),
            }
        }
        // A win at level 5 (382 above) is worth many times a win at level 1 (425 below).
        let strong = start.after(LOA, game(5, Score::Win)).value - start.value;
        let weak = start.after(LOA, game(1, Score::Win)).value - start.value;
        assert!(strong > 300.0 && weak < 60.0, "{strong} and {weak}");
        // A loss to level 1 costs many times a loss to level 5.
        let to_weak = start.value - start.after(LOA, game(1, Score::Loss)).value;
        let to_strong = start.value - start.after(LOA, game(5, Score::Loss)).value;
        assert!(
            to_weak > 300.0 && to_strong < 60.0,
            "{to_weak} and {to_strong}"
        );
    }

    /// Each game makes the rating surer, and a settled rating moves less for the same result.
    #[test]
    fn the_deviation_shrinks_with_games() {
        let results: Vec<GameResult> = (0..30)
            .map(|i| game(4, if i % 2 == 0 { Score::Win } else { Score::Loss }))
            .collect();
        let ratings = history(LOA, &results);
        assert_eq!(ratings.len(), 31);
        assert!(
            ratings.windows(2).all(|w| w[1].deviation < w[0].deviation),
            "{:?}",
            ratings.iter().map(|r| r.deviation).collect::<Vec<_>>()
        );
        assert!(ratings[30].deviation < 100.0);
        let last = ratings[30];
        let settled = last.after(LOA, game(4, Score::Win)).value - last.value;
        let first = ratings[0].after(LOA, game(4, Score::Win)).value - ratings[0].value;
        assert!(
            settled < first / 3.0,
            "{settled} after 30 games, {first} at first"
        );
        // Winning half against level 4 puts the rating near level 4's.
        let level = level_rating(LOA, Level::new(4).unwrap());
        assert!(
            (last.value - level).abs() < 60.0,
            "{} near {level}",
            last.value
        );
    }

    #[test]
    fn the_rating_is_worked_out_from_the_results_in_order() {
        let results = [
            game(3, Score::Win),
            game(4, Score::Loss),
            game(4, Score::Win),
        ];
        let by_steps = results
            .iter()
            .fold(Rating::start(LOA), |r, &g| r.after(LOA, g));
        assert_eq!(current(LOA, &results), by_steps);
        assert_eq!(current(LOA, &[]), Rating::start(LOA));
        assert_eq!(
            current(GameKind::Epaminondas, &[]).value,
            level_rating(GameKind::Epaminondas, Level::new(3).unwrap())
        );
    }
}
