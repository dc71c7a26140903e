//! Self-play: games between two evaluations in-process, and an SPSA tuner that adjusts an
//! evaluation's weights by playing perturbed copies against each other.

use std::sync::atomic::AtomicBool;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use crate::search::{Evaluator, Limits, Searcher};
use crate::{Color, Game};

/// Plays one game from `start`: `first` plays the side to move at the start, `second` the other
/// side, each searching within `limits`. Returns the winner (`None`: a draw, or `max_plies`
/// reached).
pub fn play_game<G, A, B>(
    start: &G,
    first: &A,
    second: &B,
    limits: Limits,
    max_plies: usize,
) -> Option<Color>
where
    G: Game,
    A: Evaluator<G>,
    B: Evaluator<G>,
{
    let mut game = start.clone();
    let first_side = game.side_to_move();
    let mut searchers = (Searcher::<G>::new(4), Searcher::<G>::new(4));
    let never = AtomicBool::new(false);
    for _ in 0..max_plies {
        if let Some(outcome) = game.outcome() {
            return outcome.winner();
        }
        let info = if game.side_to_move() == first_side {
            searchers.0.search(&game, first, limits, &never, |_| {})
        } else {
            searchers.1.search(&game, second, limits, &never, |_| {})
        };
        let mv = *info.best_move()?;
        game.play_unchecked(mv);
    }
    game.outcome().and_then(|o| o.winner())
}

/// A start position `plies` random legal moves away from `start` (an opening for self-play).
pub fn random_opening<G: Game>(start: &G, plies: usize, rng: &mut StdRng) -> G {
    let mut game = start.clone();
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    game
}

/// A pair of games from one opening with colours swapped: `a`'s points (win 1, draw ½) out of 2.
pub fn play_pair<G, A, B>(opening: &G, a: &A, b: &B, limits: Limits, max_plies: usize) -> f64
where
    G: Game,
    A: Evaluator<G>,
    B: Evaluator<G>,
{
    let side = opening.side_to_move();
    let points = |winner: Option<Color>, a_side: Color| match winner {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    points(play_game(opening, a, b, limits, max_plies), side)
        + points(play_game(opening, b, a, limits, max_plies), !side)
}

/// Settings of an SPSA run.
#[derive(Debug, Clone, Copy)]
pub struct SpsaSettings {
    /// Iterations (each plays `pairs` game pairs).
    pub iterations: usize,
    /// Game pairs per iteration.
    pub pairs: usize,
    /// Search depth of every move.
    pub depth: u32,
    /// Random plies before each game.
    pub opening_plies: usize,
    /// Size of the perturbation, as a share of each weight (at least 1).
    pub perturbation: f64,
    /// Learning rate.
    pub rate: f64,
    /// Seed of the random openings and perturbations.
    pub seed: u64,
}

/// Tunes `weights` by SPSA: each iteration perturbs every weight up or down at random, plays
/// the two perturbed copies against each other, and moves the weights toward the better one.
/// `make` builds an evaluator from a weight list; `report` sees each iteration's weights.
pub fn spsa<G, E>(
    start: &G,
    weights: &[i32],
    make: impl Fn(&[i32]) -> E,
    settings: SpsaSettings,
    mut report: impl FnMut(usize, &[i32], f64),
) -> Vec<i32>
where
    G: Game,
    E: Evaluator<G>,
{
    let mut rng = StdRng::seed_from_u64(settings.seed);
    let mut theta: Vec<f64> = weights.iter().map(|&w| f64::from(w)).collect();
    let limits = Limits::depth(settings.depth);
    for iteration in 0..settings.iterations {
        let deltas: Vec<f64> = theta
            .iter()
            .map(|&w| {
                let size = (w.abs() * settings.perturbation).max(1.0);
                if rng.random_bool(0.5) { size } else { -size }
            })
            .collect();
        let plus: Vec<i32> = theta
            .iter()
            .zip(&deltas)
            .map(|(w, d)| (w + d).round() as i32)
            .collect();
        let minus: Vec<i32> = theta
            .iter()
            .zip(&deltas)
            .map(|(w, d)| (w - d).round() as i32)
            .collect();
        let (a, b) = (make(&plus), make(&minus));
        let mut score = 0.0;
        for _ in 0..settings.pairs {
            let opening = random_opening(start, settings.opening_plies, &mut rng);
            score += play_pair(&opening, &a, &b, limits, 400);
        }
        // Share of points for `plus` above one half, in -0.5..0.5.
        let advantage = score / (2.0 * settings.pairs as f64) - 0.5;
        for (w, d) in theta.iter_mut().zip(&deltas) {
            *w += settings.rate * advantage * d.signum() * d.abs().max(1.0);
        }
        let current: Vec<i32> = theta.iter().map(|w| w.round() as i32).collect();
        report(iteration, &current, advantage);
    }
    theta.iter().map(|w| w.round() as i32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::LoaEvaluator;
    use crate::loa::{Position, Rules};

    /// An evaluation that only counts the side to move's legal moves: weaker than the real one.
    struct MobilityOnly;
    impl Evaluator<Position> for MobilityOnly {
        fn evaluate(&self, p: &Position) -> i32 {
            p.count_steps() as i32
        }
    }

    #[test]
    fn the_real_evaluation_beats_a_crude_one() {
        let start = Position::new(Rules::default());
        let mut rng = StdRng::seed_from_u64(3);
        let mut points = 0.0;
        for _ in 0..3 {
            let opening = random_opening(&start, 4, &mut rng);
            points += play_pair(
                &opening,
                &LoaEvaluator::default(),
                &MobilityOnly,
                Limits::depth(2),
                300,
            );
        }
        assert!(
            points >= 4.5,
            "the MIA evaluation scored only {points} of 6"
        );
    }

    #[test]
    fn spsa_reports_every_iteration_and_keeps_the_weight_count() {
        let start = Position::new(Rules::default());
        let weights = crate::eval::LoaWeights::default().to_vec();
        let mut seen = 0;
        let settings = SpsaSettings {
            iterations: 2,
            pairs: 1,
            depth: 1,
            opening_plies: 4,
            perturbation: 0.1,
            rate: 1.0,
            seed: 1,
        };
        let tuned = spsa(
            &start,
            &weights,
            |w| LoaEvaluator {
                weights: crate::eval::LoaWeights::from_slice(w).unwrap(),
            },
            settings,
            |_, w, _| {
                seen += 1;
                assert_eq!(w.len(), weights.len());
            },
        );
        assert_eq!(seen, 2);
        assert_eq!(tuned.len(), weights.len());
    }
}
