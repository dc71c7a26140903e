//! Match scores and the Elo difference they imply, with a 95% error bar.
//!
//! The score `s` (wins plus half the draws, per game) gives the Elo difference
//! `-400 · log10(1/s − 1)`. Its error bar comes from the per-game variance of the results
//! (1, ½, 0 around `s`): the standard error of `s` is `sqrt(variance / games)`, the 95% interval
//! of `s` is `s ± 1.96 · that`, and the error bar is half the width of the same interval in Elo.

use std::fmt;

/// The normal quantile for a two-sided 95% interval.
const Z_95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// An Elo difference with its 95% error bar. Infinite when every game was won or lost.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// The difference in Elo points (positive: the first side is stronger).
    pub difference: f64,
    /// Half the width of the 95% interval, in Elo points.
    pub error_95: f64,
}

/// The Elo difference for an expected score `score` (0–1): ±∞ at 0 and 1.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points: a win 1, a draw ½.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// Points per game (0–1), `None` before any game.
    pub fn score(&self) -> Option<f64> {
        (self.games() > 0).then(|| self.points() / f64::from(self.games()))
    }

    /// The tally from the other side's view.
    pub fn reversed(&self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// The Elo difference and its 95% error bar, `None` before any game.
    pub fn elo(&self) -> Option<EloEstimate> {
        let score = self.score()?;
        let n = f64::from(self.games());
        let variance = (f64::from(self.wins) * (1.0 - score).powi(2)
            + f64::from(self.draws) * (0.5 - score).powi(2)
            + f64::from(self.losses) * score.powi(2))
            / n;
        let margin = Z_95 * (variance / n).sqrt();
        let difference = elo_from_score(score);
        let error_95 = if difference.is_finite() {
            (elo_from_score(score + margin) - elo_from_score(score - margin)) / 2.0
        } else {
            f64::INFINITY
        };
        Some(EloEstimate {
            difference,
            error_95,
        })
    }
}

/// `W-D-L`.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.wins, self.draws, self.losses)
    }
}

/// `+190.8 +/- 45.3`; `+inf` or `-inf` after a clean sweep.
impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.difference.is_finite() {
            // No "-0.0" for an even score.
            let shown = if self.difference.abs() < 0.05 {
                0.0
            } else {
                self.difference
            };
            write!(f, "{shown:+.1}")?;
        } else if self.difference > 0.0 {
            f.write_str("+inf")?;
        } else {
            f.write_str("-inf")?;
        }
        if self.error_95.is_finite() {
            write!(f, " +/- {:.1}", self.error_95)
        } else {
            f.write_str(" +/- inf")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_score_is_zero_elo() {
        let t = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let e = t.elo().unwrap();
        assert!(e.difference.abs() < 1e-9);
        assert!(e.error_95 > 100.0);
        assert!(e.to_string().starts_with("+0.0 +/- "), "{e}");
    }

    #[test]
    fn sweep_is_infinite() {
        let t = Tally {
            wins: 3,
            draws: 0,
            losses: 0,
        };
        assert_eq!(t.elo().unwrap().to_string(), "+inf +/- inf");
        assert_eq!(t.reversed().elo().unwrap().to_string(), "-inf +/- inf");
        assert!(Tally::default().elo().is_none());
    }
}
