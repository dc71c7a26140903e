//! `gamut-tune`: tunes an evaluation's weights by self-play (SPSA) and prints the result.

use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use gamut_engine::Game;
use gamut_engine::epaminondas;
use gamut_engine::eval::{EpaminondasEvaluator, EpaminondasWeights, LoaEvaluator, LoaWeights};
use gamut_engine::loa;
use gamut_engine::notation::parse_args;
use gamut_engine::search::{Evaluator, Limits};
use gamut_engine::tune::{SpsaSettings, play_pair, random_opening, spsa};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Prints a line on standard output; when the reader has gone (`| head`) the program ends
/// quietly instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

/// Tune evaluation weights by self-play: perturbed copies play each other from random openings
/// at a fixed depth, and the weights move toward the winner.
#[derive(Parser, Debug)]
#[command(name = "gamut-tune", version, about)]
struct Cli {
    /// The game whose evaluation to tune.
    #[arg(long, value_enum, default_value = "lines-of-action")]
    game: GameName,
    /// SPSA iterations.
    #[arg(long, default_value_t = 50)]
    iterations: usize,
    /// Game pairs (colours swapped) per iteration.
    #[arg(long, default_value_t = 4)]
    pairs: usize,
    /// Search depth of every move.
    #[arg(long, default_value_t = 3)]
    depth: u32,
    /// Random plies before each game.
    #[arg(long, default_value_t = 6)]
    opening_plies: usize,
    /// Perturbation as a share of each weight.
    #[arg(long, default_value_t = 0.15)]
    perturbation: f64,
    /// Learning rate.
    #[arg(long, default_value_t = 2.0)]
    rate: f64,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// After tuning, play this many game pairs of the tuned weights against the defaults.
    #[arg(long, default_value_t = 0)]
    check_pairs: usize,
}

/// Plays `pairs` game pairs of `tuned` against `default` and prints the score.
fn check<G: Game, A: Evaluator<G>, B: Evaluator<G>>(start: &G, tuned: &A, default: &B, cli: &Cli) {
    if cli.check_pairs == 0 {
        return;
    }
    let mut rng = StdRng::seed_from_u64(cli.seed ^ 0x5eed);
    let mut points = 0.0;
    for _ in 0..cli.check_pairs {
        let opening = random_opening(start, cli.opening_plies, &mut rng);
        points += play_pair(&opening, tuned, default, Limits::depth(cli.depth), 400);
    }
    let games = 2 * cli.check_pairs;
    say!(
        "tuned vs default: {points} / {games} points ({:.1}%) at depth {}",
        100.0 * points / games as f64,
        cli.depth
    );
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum GameName {
    LinesOfAction,
    Epaminondas,
}

fn print_weights(names: &[&str], weights: &[i32]) {
    for (name, w) in names.iter().zip(weights) {
        say!("    {name}: {w},");
    }
}

fn main() -> ExitCode {
    let cli = match parse_args::<Cli>("gamut-tune") {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let settings = SpsaSettings {
        iterations: cli.iterations,
        pairs: cli.pairs,
        depth: cli.depth,
        opening_plies: cli.opening_plies,
        perturbation: cli.perturbation,
        rate: cli.rate,
        seed: cli.seed,
    };
    let progress = |names: &'static [&'static str]| {
        move |i: usize, w: &[i32], advantage: f64| {
            let line: Vec<String> = names
                .iter()
                .zip(w)
                .map(|(n, w)| format!("{n}={w}"))
                .collect();
            say!(
                "iteration {} advantage {:+.3}: {}",
                i + 1,
                advantage,
                line.join(" ")
            );
        }
    };
    match cli.game {
        GameName::LinesOfAction => {
            let start = loa::Position::new(loa::Rules::default());
            let tuned = spsa(
                &start,
                &LoaWeights::default().to_vec(),
                |w| LoaEvaluator {
                    weights: LoaWeights::from_slice(w).unwrap_or_default(),
                },
                settings,
                progress(&LoaWeights::NAMES),
            );
            say!("tuned LoaWeights:");
            print_weights(&LoaWeights::NAMES, &tuned);
            let tuned = LoaEvaluator {
                weights: LoaWeights::from_slice(&tuned).unwrap_or_default(),
            };
            check(&start, &tuned, &LoaEvaluator::default(), &cli);
        }
        GameName::Epaminondas => {
            let start = epaminondas::Position::new(epaminondas::Rules::default());
            let tuned = spsa(
                &start,
                &EpaminondasWeights::default().to_vec(),
                |w| EpaminondasEvaluator {
                    weights: EpaminondasWeights::from_slice(w).unwrap_or_default(),
                },
                settings,
                progress(&EpaminondasWeights::NAMES),
            );
            say!("tuned EpaminondasWeights:");
            print_weights(&EpaminondasWeights::NAMES, &tuned);
            let tuned = EpaminondasEvaluator {
                weights: EpaminondasWeights::from_slice(&tuned).unwrap_or_default(),
            };
            check(&start, &tuned, &EpaminondasEvaluator::default(), &cli);
        }
    }
    ExitCode::SUCCESS
}
