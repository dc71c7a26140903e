//! The rating of each of the computer's levels, per game: the one table of them. Each level's
//! rating is level 1's (the anchor, 800) plus the measured Elo difference of every step up to
//! it, from the matches of `docs/levels.md` ("The matches"; Lines of Action's ladder serves its
//! variants, as the game's levels do). Glicko-2 ratings are on the Elo scale, so a measured
//! step of +200 is a rating 200 higher.

use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;

/// Level 1's rating (Beginner) in both games. Only differences are measured; this sets where
/// the scale starts.
pub const ANCHOR: f64 = 800.0;

/// Lines of Action: each step's measured difference (level 2 over 1, 3 over 2, …, 14 over 13),
/// `docs/levels.md`.
const LOA_STEPS: [f64; 13] = [
    225.0, 200.0, 189.0, 193.0, 168.0, 210.0, 215.0, 198.0, 186.0, 200.0, 191.0, 185.0, 232.0,
];

/// Epaminondas: each step's measured difference, `docs/levels.md`.
const EPAMINONDAS_STEPS: [f64; 13] = [
    153.0, 246.0, 200.0, 238.0, 220.0, 263.0, 210.0, 225.0, 191.0, 191.0, 123.0, 311.0, 154.0,
];

/// How uncertain a level's rating is taken to be (its Glicko deviation): the measured steps'
/// 95 % intervals are ±55 to ±90 for most pairs, a deviation of about 30 to 45 each.
pub const LEVEL_DEVIATION: f64 = 50.0;

/// The level a new player's rating starts at (Casual): a person new to the game against a
/// program that looks one move ahead with a few blunders.
pub const START_LEVEL: u8 = 3;

/// A new player's deviation: Glicko's usual 350, "nothing known yet".
pub const START_DEVIATION: f64 = 350.0;

fn steps(kind: GameKind) -> &'static [f64; 13] {
    match kind {
        GameKind::LinesOfAction => &LOA_STEPS,
        GameKind::Epaminondas => &EPAMINONDAS_STEPS,
    }
}

/// The rating of `level` in `kind`.
pub fn level_rating(kind: GameKind, level: Level) -> f64 {
    let below = usize::from(level.number() - Level::MIN.number());
    ANCHOR + steps(kind)[..below].iter().sum::<f64>()
}

/// The level whose rating is closest to `rating`: an even game (the lower one when two are as
/// close).
pub fn closest_level(kind: GameKind, rating: f64) -> Level {
    Level::all()
        .min_by(|a, b| {
            let da = (level_rating(kind, *a) - rating).abs();
            let db = (level_rating(kind, *b) - rating).abs();
            da.total_cmp(&db)
        })
        .unwrap_or_default()
}

/// A new player's rating in `kind`: that of [`START_LEVEL`].
pub fn start_rating(kind: GameKind) -> f64 {
    level_rating(kind, Level::new(START_LEVEL).unwrap_or(Level::MIN))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(n: u8) -> Level {
        Level::new(n).unwrap()
    }

    /// The table is docs/levels.md's sums: level 1 at the anchor, level 2 one measured step
    /// above, level 14 all of them.
    #[test]
    fn the_ratings_are_the_sums_of_the_measured_steps() {
        let loa = GameKind::LinesOfAction;
        let epaminondas = GameKind::Epaminondas;
        assert_eq!(level_rating(loa, Level::MIN), 800.0);
        assert_eq!(level_rating(loa, level(2)), 1025.0);
        assert_eq!(level_rating(loa, level(6)), 1775.0);
        assert_eq!(level_rating(loa, Level::MAX), 3392.0);
        assert_eq!(level_rating(epaminondas, level(2)), 953.0);
        assert_eq!(level_rating(epaminondas, level(6)), 1857.0);
        assert_eq!(level_rating(epaminondas, Level::MAX), 3525.0);
        for kind in GameKind::ALL {
            let ratings: Vec<f64> = Level::all().map(|l| level_rating(kind, l)).collect();
            assert!(ratings.windows(2).all(|w| w[1] > w[0]), "{kind:?} rises");
        }
    }

    #[test]
    fn the_closest_level_is_an_even_game() {
        let loa = GameKind::LinesOfAction;
        assert_eq!(closest_level(loa, 0.0), Level::MIN);
        assert_eq!(closest_level(loa, 5000.0), Level::MAX);
        assert_eq!(closest_level(loa, 1775.0), level(6));
        assert_eq!(closest_level(loa, 1700.0), level(6));
        assert_eq!(closest_level(loa, 1680.0), level(5));
        assert_eq!(closest_level(GameKind::Epaminondas, 1700.0), level(5));
        assert_eq!(start_rating(loa), 1225.0);
        assert_eq!(closest_level(loa, start_rating(loa)), level(START_LEVEL));
    }
}
