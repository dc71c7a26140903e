//! Re-proving a puzzle: everything its record claims, checked by the exact prover; a win in N is
//! proven a second time by the proof-number search ([`crate::proof`]), whose saved proof the
//! independent checker accepts.

use std::time::Duration;
use web_time::Instant;

use thiserror::Error;

use super::analyse::{best_defence, winning_first_moves};
use super::prove::OutOfBudget;
use super::{Goal, Puzzle, prover_for};
use crate::any_game::{AnyMove, AnyPosition, ConcreteGame, WithGame};
use crate::eval::Evaluators;
use crate::proof::{ProofLimits, ProofTable, Verdict, check_proof, solve};
use crate::search::Evaluator;
use crate::{Color, Game};

/// What a proven puzzle was found to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The goal proven.
    pub goal: Goal,
    /// A win puzzle: the one winning first move. A defence puzzle: every saving move.
    pub key_moves: Vec<String>,
    /// A defence puzzle: the moves after which the opponent still forces its win (empty for a
    /// win puzzle).
    pub losing_moves: Vec<String>,
    /// A defence puzzle: the opponent's fastest win if it were to move now.
    pub threat: Option<u32>,
    /// A win puzzle: the positions of the second proof, by the proof-number search
    /// ([`crate::proof`]), of a win in N, which the independent checker accepted (0 for a
    /// defence puzzle).
    pub proof_positions: usize,
    /// Positions the prover visited.
    pub nodes: u64,
    /// How long the proof took.
    pub time: Duration,
}

/// Why a puzzle does not hold.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProofFailure {
    /// The side to move has no forced win in N.
    #[error("no forced win in {n}")]
    NoWin {
        /// The N claimed.
        n: u32,
    },
    /// The side to move wins faster than claimed.
    #[error("a forced win in {found}, fewer than the {claimed} claimed")]
    FasterWin {
        /// The shortest win found.
        found: u32,
        /// The N claimed.
        claimed: u32,
    },
    /// More than one first move wins in N.
    #[error("the first move is not unique: {} all win in {n}", moves.join(", "))]
    NotUnique {
        /// The N.
        n: u32,
        /// Every winning first move (engine notation).
        moves: Vec<String>,
    },
    /// The solution's move at `ply` is not what the prover finds there.
    #[error("solution ply {ply} ({mv}): {reason}")]
    BadLine {
        /// The ply of the solution, from 1.
        ply: usize,
        /// The move (engine notation).
        mv: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The solution does not end in the win of the side to move at the start.
    #[error("the solution does not end with a win for the side to move at the start")]
    NotWon,
    /// A defence puzzle whose opponent threatens nothing within N.
    #[error(
        "the opponent does not threaten a win in {n} (it would not win in {n} if it moved now)"
    )]
    NoThreat {
        /// The N.
        n: u32,
    },
    /// A defence puzzle where every move saves: nothing to find.
    #[error("{saving} of {total} moves save: no defence puzzle")]
    NoChoice {
        /// Saving moves.
        saving: usize,
        /// Legal moves.
        total: usize,
    },
    /// A defence puzzle whose solution's move does not save.
    #[error("{mv} does not save: the opponent still forces a win in {n}")]
    NotSaving {
        /// The move (engine notation).
        mv: String,
        /// The N.
        n: u32,
    },
    /// The start position cannot be read with the other side to move.
    #[error("the position cannot be set up with the other side to move")]
    NoFlip,
    /// The proof-number search does not confirm the win in N, or its proof fails the checker.
    #[error("the proof-number search does not confirm it: {0}")]
    SecondProof(String),
    /// The prover ran out of its node budget.
    #[error("the proof ran out of its budget of positions")]
    OutOfBudget,
}

impl From<OutOfBudget> for ProofFailure {
    fn from(_: OutOfBudget) -> ProofFailure {
        ProofFailure::OutOfBudget
    }
}

/// Re-proves a puzzle with the exact prover (`budget`: the most positions visited, `None` for
/// no limit).
///
/// A win puzzle ("win in N"): the side to move forces a win in N moves and not in fewer; exactly
/// one first move wins in N and it is the solution's; in the solution every move of the winner
/// keeps the fastest win and every defence holds out as long as any defence can; and the
/// solution ends with the win, after N moves of the winner. The proof-number search then proves
/// the win in N a second time, and the independent checker accepts its saved proof
/// ([`Verified::proof_positions`]).
///
/// A defence puzzle ("defend against win in N"): the opponent, were it to move, would force a
/// win in at most N; some moves do not save (after them the opponent forces a win in N); if some
/// do, the solution's first move is one of them (if none does, the solution shows a try
/// refuted). [`Verified::key_moves`] lists the saving moves.
pub fn verify(puzzle: &Puzzle, budget: Option<u64>) -> Result<Verified, ProofFailure> {
    let start = puzzle.start();
    let started = Instant::now();
    let solution: Vec<String> = puzzle.solution().iter().map(AnyMove::to_string).collect();
    let mut verified = match puzzle.goal {
        Goal::Win(n) => {
            let mut verified = start.with_game(
                &Evaluators::default(),
                VerifyWin {
                    n,
                    solution,
                    budget,
                },
            )?;
            verified.proof_positions = second_proof(&start, n, budget)?;
            verified
        }
        Goal::Defend(n) => {
            let flipped = flip_side(puzzle).ok_or(ProofFailure::NoFlip)?;
            let threat = super::shortest_win(&flipped, n, budget)?;
            if threat.is_none() {
                return Err(ProofFailure::NoThreat { n });
            }
            let mut verified = start.with_game(
                &Evaluators::default(),
                VerifyDefence {
                    n,
                    first: solution[0].clone(),
                    budget,
                },
            )?;
            verified.threat = threat;
            verified
        }
    };
    verified.time = started.elapsed();
    Ok(verified)
}

/// The win in `n` proven again by the proof-number search (bounded to `n` moves, the first win
/// found, within `budget` nodes) and its saved proof checked by the independent checker: the
/// positions of that proof.
fn second_proof(start: &AnyPosition, n: u32, budget: Option<u64>) -> Result<usize, ProofFailure> {
    let limits = ProofLimits {
        nodes: budget,
        max_moves: Some(n),
        shortest: false,
        ..ProofLimits::default()
    };
    let report = solve(start, &limits, &mut ProofTable::new());
    let failure = |why: String| ProofFailure::SecondProof(why);
    match (report.verdict, report.proof) {
        (Verdict::Won, Some(proof)) => {
            let checked = check_proof(&proof.to_text()).map_err(|e| failure(e.to_string()))?;
            if checked.depth != n {
                return Err(failure(format!("its proof wins in {}", checked.depth)));
            }
            Ok(checked.positions)
        }
        (Verdict::Unknown, _) => Err(ProofFailure::OutOfBudget),
        (verdict, _) => Err(failure(format!("it finds the position {}", verdict.word()))),
    }
}

/// The puzzle's start with the other side to move.
pub(super) fn flip_side(puzzle: &Puzzle) -> Option<AnyPosition> {
    let text = puzzle.start().to_text();
    let (board, side) = text.trim().rsplit_once(' ')?;
    let other = match side {
        "b" => Color::White,
        "w" => Color::Black,
        _ => return None,
    };
    let letter = if other == Color::White { "w" } else { "b" };
    puzzle
        .record
        .config
        .position_from_text(&format!("{board} {letter}"))
        .ok()
}

/// The legal move written `text` (engine notation) in `game`.
fn find_move<G: Game>(game: &G, text: &str) -> Option<G::Move> {
    game.legal_moves()
        .into_iter()
        .find(|m| m.to_string() == text)
}

struct VerifyWin {
    n: u32,
    solution: Vec<String>,
    budget: Option<u64>,
}

impl WithGame for VerifyWin {
    type Output = Result<Verified, ProofFailure>;

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, game: &G, evaluator: &E) -> Self::Output {
        let n = self.n;
        let mut prover = prover_for::<G, E>(evaluator);
        prover.set_budget(self.budget);
        match prover.shortest_win(game, n)? {
            None => return Err(ProofFailure::NoWin { n }),
            Some(found) if found < n => {
                return Err(ProofFailure::FasterWin { found, claimed: n });
            }
            Some(_) => {}
        }
        let first: Vec<String> = winning_first_moves(&mut prover, game, n)?
            .iter()
            .map(ToString::to_string)
            .collect();
        if first.len() != 1 {
            return Err(ProofFailure::NotUnique { n, moves: first });
        }
        check_line(&mut prover, game, n, &self.solution)?;
        Ok(Verified {
            goal: Goal::Win(n),
            key_moves: first,
            losing_moves: Vec::new(),
            threat: None,
            proof_positions: 0,
            nodes: prover.nodes(),
            time: Duration::ZERO,
        })
    }
}

/// Checks the solution line of a win in `n` from `game`.
fn check_line<G: Game, E: Evaluator<G>>(
    prover: &mut super::Prover<'_, G, E>,
    game: &G,
    n: u32,
    solution: &[String],
) -> Result<(), ProofFailure> {
    let mut game = game.clone();
    let attacker = game.side_to_move();
    let mut left = n;
    let mut attacker_moves = 0;
    for (i, text) in solution.iter().enumerate() {
        let bad = |reason: String| ProofFailure::BadLine {
            ply: i + 1,
            mv: text.clone(),
            reason,
        };
        if game.outcome().is_some() {
            return Err(bad("the game is already over".into()));
        }
        let mv = find_move(&game, text).ok_or_else(|| bad("not a legal move".into()))?;
        if game.side_to_move() == attacker {
            if prover.shortest_win_after(&game, mv, left)? != Some(left) {
                return Err(bad(format!("it does not keep the win in {left}")));
            }
            attacker_moves += 1;
            left -= 1;
        } else {
            let longest = match best_defence(prover, &game, left)? {
                Some((_, Some(needed))) => needed,
                _ => return Err(bad("a defence escapes the win".into())),
            };
            let needed = prover.attacker_needs_after(&game, mv, left)?;
            if needed != Some(longest) {
                return Err(bad(format!(
                    "not the longest defence (another holds out until the win in {longest})"
                )));
            }
            left = longest;
        }
        game.play_unchecked(mv);
    }
    let won = game.outcome().and_then(|o| o.winner()) == Some(attacker);
    if !won || attacker_moves != n {
        return Err(ProofFailure::NotWon);
    }
    Ok(())
}

struct VerifyDefence {
    n: u32,
    first: String,
    budget: Option<u64>,
}

impl WithGame for VerifyDefence {
    type Output = Result<Verified, ProofFailure>;

    fn run<G: ConcreteGame, E: Evaluator<G>>(self, game: &G, evaluator: &E) -> Self::Output {
        let n = self.n;
        let mut prover = prover_for::<G, E>(evaluator);
        prover.set_budget(self.budget);
        let mut saving = Vec::new();
        let mut losing = Vec::new();
        let moves = game.legal_moves();
        for &mv in &moves {
            if prover.attacker_needs_after(game, mv, n)?.is_none() {
                saving.push(mv.to_string());
            } else {
                losing.push(mv.to_string());
            }
        }
        if losing.is_empty() {
            return Err(ProofFailure::NoChoice {
                saving: saving.len(),
                total: moves.len(),
            });
        }
        // With a saving move, the solution plays one; without, it shows a try refuted (the
        // record then ends with the opponent's win, which reading it has checked).
        if !saving.is_empty() && !saving.contains(&self.first) {
            return Err(ProofFailure::NotSaving { mv: self.first, n });
        }
        Ok(Verified {
            goal: Goal::Defend(n),
            key_moves: saving,
            losing_moves: losing,
            threat: None,
            proof_positions: 0,
            nodes: prover.nodes(),
            time: Duration::ZERO,
        })
    }
}
