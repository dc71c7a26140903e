//! Finding puzzles: self-play games at low levels, and the positions near their end where the
//! side to move has a forced win in N (1 to 4) with a single winning first move.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::analyse::{analyse_win, solution_line};
use super::{Goal, OutOfBudget, Puzzle, prover_for, verify};
use crate::any_game::{AnyMove, AnyPosition, ConcreteGame, GameConfig, WithGame};
use crate::any_search::AnySearcher;
use crate::eval::Evaluators;
use crate::level::Level;
use crate::record::{Record, RecordMove};
use crate::search::Evaluator;
use crate::{Color, Game};

/// How to look for puzzles.
#[derive(Debug, Clone)]
pub struct GenerateSettings {
    /// The game and rules.
    pub config: GameConfig,
    /// How many puzzles to find of each length: index 0 is "win in 1", index 3 "win in 4".
    pub wanted: [usize; 4],
    /// Seed of the self-play games.
    pub seed: u64,
    /// Give up after this many self-play games.
    pub max_games: usize,
    /// The most positions the prover may visit to analyse one candidate position.
    pub budget: u64,
    /// The most positions a puzzle's re-proof may visit (keeps the shipped puzzles quick to
    /// check).
    pub verify_budget: u64,
    /// How many positions before a game's end are examined.
    pub tail_plies: usize,
    /// A game still going after this many plies is abandoned.
    pub max_plies: usize,
}

/// A puzzle found, and where.
#[derive(Debug, Clone)]
pub struct Found {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Positions its re-proof visited.
    pub nodes: u64,
    /// The self-play game it comes from (from 0).
    pub game: usize,
    /// The ply of that game its position comes after.
    pub ply: usize,
}

/// Progress of a generation, for the caller to print.
#[derive(Debug, Clone)]
pub enum Progress {
    /// A self-play game ended after `plies` plies.
    Game {
        /// Its number, from 0.
        game: usize,
        /// Its length.
        plies: usize,
    },
    /// A position was examined.
    Examined {
        /// The game's number.
        game: usize,
        /// The ply the position comes after.
        ply: usize,
        /// What the prover found: `win in N`, `no win`, `not unique`, `out of budget`.
        verdict: &'static str,
        /// How long it took.
        time: Duration,
        /// The position text.
        position: String,
    },
    /// A puzzle was found.
    Found {
        /// Its goal.
        goal: Goal,
        /// Re-proof positions.
        nodes: u64,
        /// How many of each length are found so far.
        counts: [usize; 4],
    },
}

/// Plays self-play games and collects puzzles until `settings.wanted` are found or
/// `settings.max_games` are played.
pub fn generate(settings: &GenerateSettings, mut progress: impl FnMut(&Progress)) -> Vec<Found> {
    let mut found = Vec::new();
    let mut counts = [0usize; 4];
    let mut seen = HashSet::new();
    for game in 0..settings.max_games {
        if counts.iter().zip(&settings.wanted).all(|(c, w)| c >= w) {
            break;
        }
        let positions = self_play(settings, game);
        progress(&Progress::Game {
            game,
            plies: positions.len().saturating_sub(1),
        });
        let mut taken = [false; 4];
        let first = positions.len().saturating_sub(settings.tail_plies + 1);
        for (ply, text) in positions.iter().enumerate().skip(first).rev() {
            if !seen.insert(text.clone()) {
                continue;
            }
            let Ok(position) = settings.config.position_from_text(text) else {
                continue;
            };
            if position.outcome().is_some() {
                continue;
            }
            let started = std::time::Instant::now();
            let (verdict, candidate) = candidate(settings, &position, &counts, &taken);
            progress(&Progress::Examined {
                game,
                ply,
                verdict,
                time: started.elapsed(),
                position: text.clone(),
            });
            let Some(candidate) = candidate else {
                continue;
            };
            let Ok(verified) = verify(&candidate, Some(settings.verify_budget)) else {
                continue;
            };
            let n = candidate.goal.moves() as usize;
            counts[n - 1] += 1;
            taken[n - 1] = true;
            progress(&Progress::Found {
                goal: candidate.goal,
                nodes: verified.nodes,
                counts,
            });
            found.push(Found {
                puzzle: candidate,
                nodes: verified.nodes,
                game,
                ply,
            });
        }
    }
    found
}

/// The position texts of one self-play game, from its start: a few random plies, then both
/// sides at levels 1 to 3 (chosen at random per game), with the game's own random generator.
fn self_play(settings: &GenerateSettings, game: usize) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(settings.seed.wrapping_mul(1_000_003) ^ game as u64);
    let mut position = settings.config.start();
    let mut texts = vec![position.to_text()];
    let opening = rng.random_range(2..=6);
    for _ in 0..opening {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        texts.push(position.to_text());
    }
    let levels = [rng.random_range(1..=3u8), rng.random_range(1..=3u8)];
    let mut searcher = AnySearcher::new(&position, 8);
    let evaluators = Evaluators::default();
    let never = AtomicBool::new(false);
    while position.outcome().is_none() && texts.len() <= settings.max_plies {
        let side = usize::from(position.side_to_move() == Color::White);
        let level = Level::new(levels[side]).unwrap_or(Level::MIN);
        let Some(choice) = searcher.choose_move(
            &position,
            &evaluators,
            level,
            Duration::from_secs(60),
            &never,
            &mut rng,
        ) else {
            break;
        };
        position.play_unchecked(choice.mv);
        texts.push(position.to_text());
    }
    texts
}

/// The puzzle of a position if its side to move has a forced win of a length still wanted
/// (and not yet taken from this game) with a single winning first move.
fn candidate(
    settings: &GenerateSettings,
    position: &AnyPosition,
    counts: &[usize; 4],
    taken: &[bool; 4],
) -> (&'static str, Option<Puzzle>) {
    let Some(max) = (1..=4u32)
        .rev()
        .find(|&n| counts[n as usize - 1] < settings.wanted[n as usize - 1])
    else {
        return ("nothing wanted", None);
    };
    let found = position.with_game(
        &Evaluators::default(),
        FindPuzzle {
            max,
            budget: settings.budget,
        },
    );
    let (n, line) = match found {
        Err(OutOfBudget) => return ("out of budget", None),
        Ok(Err(verdict)) => return (verdict, None),
        Ok(Ok(found)) => found,
    };
    if counts[n as usize - 1] >= settings.wanted[n as usize - 1] || taken[n as usize - 1] {
        return ("length not wanted", None);
    }
    let puzzle = puzzle_record(&settings.config, position, Goal::Win(n), &line);
    ("puzzle", Some(puzzle))
}

/// The puzzle record: the position as its start, the solution as its moves, the result.
pub fn puzzle_record(
    config: &GameConfig,
    position: &AnyPosition,
    goal: Goal,
    solution: &[AnyMove],
) -> Puzzle {
    let start = config
        .position_from_text(&position.to_text())
        .expect("the engine reads its own position text");
    let mut end = start.clone();
    for &mv in solution {
        end.play_unchecked(mv);
    }
    let mut record = Record::from_game(*config, &end);
    record.start = Some(start.to_text());
    record.moves = solution.iter().map(|&mv| RecordMove::new(mv)).collect();
    record.comment = Some(format!(
        "{} to play and {}",
        start.side_to_move(),
        match goal {
            Goal::Win(1) => "win in 1 move".to_string(),
            Goal::Win(n) => format!("win in {n} moves"),
            Goal::Defend(n) => format!("stop the opponent's win in {n}"),
        }
    ));
    Puzzle { record, goal }
}

/// The shortest forced win (at most `max`) of the game at hand and its solution line, if its
/// first move is the only one that wins as fast.
struct FindPuzzle {
    max: u32,
    budget: u64,
}

impl WithGame for FindPuzzle {
    type Output = Result<Result<(u32, Vec<AnyMove>), &'static str>, OutOfBudget>;

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, game: &G, evaluator: &E) -> Self::Output {
        let mut prover = prover_for::<G, E>(evaluator);
        prover.set_budget(Some(self.budget));
        let Some(analysis) = analyse_win(&mut prover, game, self.max)? else {
            return Ok(Err("no win"));
        };
        if analysis.winning_first_moves.len() != 1 {
            return Ok(Err("not unique"));
        }
        let line = solution_line(&mut prover, game, analysis.moves)?;
        Ok(line
            .map(|line| (analysis.moves, line.into_iter().map(Into::into).collect()))
            .ok_or("no solution line"))
    }
}
