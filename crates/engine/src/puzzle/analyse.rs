//! What the prover says about a puzzle position, for any [`Game`]: the shortest forced win, the
//! first moves that win within it, the solution line with the longest defence, and the
//! defender's best reply (for the game's puzzle screen).

use super::prove::{OutOfBudget, Prover};
use crate::Game;
use crate::search::Evaluator;

/// A defence and what the attacker then needs: `Some(n)` more moves (0: the defence ends the
/// game in the attacker's favour), or `None` when the defence escapes the win asked about.
pub type Defence<M> = (M, Option<u32>);

/// The shortest forced win of a position and every first move that wins as fast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinAnalysis<M> {
    /// The fewest moves of the side to move that win against every defence.
    pub moves: u32,
    /// The first moves that win within `moves`, in legal-move order.
    pub winning_first_moves: Vec<M>,
}

/// The shortest forced win of the side to move within `max` moves, with every first move that
/// wins as fast; `None` if there is none within `max`.
pub fn analyse_win<G: Game, E: Evaluator<G>>(
    prover: &mut Prover<'_, G, E>,
    game: &G,
    max: u32,
) -> Result<Option<WinAnalysis<G::Move>>, OutOfBudget> {
    let Some(moves) = prover.shortest_win(game, max)? else {
        return Ok(None);
    };
    Ok(Some(WinAnalysis {
        moves,
        winning_first_moves: winning_first_moves(prover, game, moves)?,
    }))
}

/// The first moves of the side to move that win in at most `n` moves, in legal-move order.
pub fn winning_first_moves<G: Game, E: Evaluator<G>>(
    prover: &mut Prover<'_, G, E>,
    game: &G,
    n: u32,
) -> Result<Vec<G::Move>, OutOfBudget> {
    let mut out = Vec::new();
    for mv in game.legal_moves() {
        if prover.shortest_win_after(game, mv, n)?.is_some() {
            out.push(mv);
        }
    }
    Ok(out)
}

/// With the defender to move and the attacker needing a win in at most `k` more of its moves:
/// the defence that holds out longest — `Ok(Some((move, needed)))` where `needed` is what the
/// attacker then needs (0: the defence ends the game in its favour) — or, if some defence
/// escapes the win within `k`, that defence with `needed` = `None`. `None` when the game is
/// over. Ties go to the first move in legal-move order.
pub fn best_defence<G: Game, E: Evaluator<G>>(
    prover: &mut Prover<'_, G, E>,
    game: &G,
    k: u32,
) -> Result<Option<Defence<G::Move>>, OutOfBudget> {
    let mut best: Option<(G::Move, u32)> = None;
    for mv in game.legal_moves() {
        match prover.attacker_needs_after(game, mv, k)? {
            None => return Ok(Some((mv, None))),
            Some(needed) if best.is_none_or(|(_, b)| needed > b) => best = Some((mv, needed)),
            Some(_) => {}
        }
    }
    Ok(best.map(|(mv, needed)| (mv, Some(needed))))
}

/// The solution line of a forced win in `n`: the attacker's fastest win (the first such move in
/// legal-move order) against the defence that holds out longest, up to the end of the game.
/// `None` if the side to move has no win in `n`.
pub fn solution_line<G: Game, E: Evaluator<G>>(
    prover: &mut Prover<'_, G, E>,
    game: &G,
    n: u32,
) -> Result<Option<Vec<G::Move>>, OutOfBudget> {
    let mut game = game.clone();
    let attacker = game.side_to_move();
    let mut line = Vec::new();
    let Some(mut left) = prover.shortest_win(&game, n)? else {
        return Ok(None);
    };
    loop {
        let mut chosen = None;
        for mv in game.legal_moves() {
            if prover.shortest_win_after(&game, mv, left)? == Some(left) {
                chosen = Some(mv);
                break;
            }
        }
        let Some(mv) = chosen else {
            return Ok(None);
        };
        game.play_unchecked(mv);
        line.push(mv);
        if game.outcome().is_some() {
            break;
        }
        let Some((defence, Some(needed))) = best_defence(prover, &game, left - 1)? else {
            return Ok(None);
        };
        game.play_unchecked(defence);
        line.push(defence);
        if game.outcome().is_some() || needed == 0 {
            break;
        }
        left = needed;
    }
    let won = game.outcome().and_then(|o| o.winner()) == Some(attacker);
    Ok(won.then_some(line))
}
