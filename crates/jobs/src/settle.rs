//! A position settled by the proof-number search ([`gamut_engine::proof`]) within a node budget:
//! who wins by force, in how many of the winner's moves, and the line — or that neither side can
//! force a win, or that the budget was too small to tell.
//!
//! Nothing is said that is not checked: a proven win's proof goes through the engine's
//! independent checker ([`proof::check_proof`], the rules alone), and its principal line is
//! replayed through the rules, where it must end in the winner's win within the moves claimed.
//! A proof that fails either is not said at all ([`Settled::Unknown`]).

use std::sync::atomic::{AtomicBool, Ordering};

use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::proof::{self, ProofLimits, ProofTable, Verdict};
use gamut_engine::{Color, Game};
use serde::{Deserialize, Serialize};

use crate::Progress;

/// What a bounded proof search settled about a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Settled {
    /// `winner` wins by force in `moves` of its own moves, whatever the other side does.
    Win {
        /// The side that wins.
        winner: Color,
        /// The winner's moves to the win against the longest defence.
        moves: u32,
        /// The principal line from the position: the winner's fastest moves against the
        /// longest resistance, to the end of the game.
        line: Vec<AnyMove>,
        /// Whether no faster win exists (the search had the budget to rule them out).
        shortest: bool,
    },
    /// Neither side can force a win: the side to move cannot be forced to lose (nor can the
    /// other side).
    Drawn,
    /// Not settled within the budget (or the game is already over).
    Unknown,
}

impl Settled {
    /// The winner and the moves of a proven win.
    pub fn win(&self) -> Option<(Color, u32)> {
        match self {
            Settled::Win { winner, moves, .. } => Some((*winner, *moves)),
            _ => None,
        }
    }
}

/// The table entries a settling search may fill at most (its memory: about 25 bytes each).
const MAX_ENTRIES: usize = 4 << 20;

/// Settles `position` within `nodes` nodes of the proof search, or until `stop` is raised (a
/// game already over is [`Settled::Unknown`]: its end says it all).
pub fn settle(position: &AnyPosition, nodes: u64, stop: &AtomicBool) -> Settled {
    if position.outcome().is_some() {
        return Settled::Unknown;
    }
    let limits = ProofLimits {
        nodes: Some(nodes),
        max_entries: MAX_ENTRIES.min(usize::try_from(nodes).unwrap_or(MAX_ENTRIES).max(1024)),
        ..ProofLimits::default()
    };
    let report = proof::solve_unless_stopped(position, &limits, &mut ProofTable::new(), Some(stop));
    if stop.load(Ordering::Relaxed) {
        return Settled::Unknown;
    }
    match (report.verdict, report.proof) {
        (Verdict::Won | Verdict::Lost, Some(found)) => checked(position, &found, report.shortest),
        (Verdict::Drawn, _) => Settled::Drawn,
        _ => Settled::Unknown,
    }
}

/// The win `found` proves, if the independent checker holds it and its line replays to the
/// win within the moves it claims.
fn checked(position: &AnyPosition, found: &proof::Proof, shortest: bool) -> Settled {
    let holds = proof::check_proof(&found.to_text());
    let Ok(holds) = holds else {
        return Settled::Unknown;
    };
    let line = found.principal_line();
    if holds.prover != found.prover || !line_wins(position, &line, found.prover, holds.depth) {
        return Settled::Unknown;
    }
    Settled::Win {
        winner: found.prover,
        moves: holds.depth,
        line,
        shortest,
    }
}

/// Whether `line`, played from `position` through the rules (each move legal), ends the game
/// with `winner`'s win within `moves` of the winner's moves.
pub fn line_wins(position: &AnyPosition, line: &[AnyMove], winner: Color, moves: u32) -> bool {
    let mut game = position.clone();
    let mut winners_moves = 0;
    for &mv in line {
        if game.outcome().is_some() || !game.is_legal(mv) {
            return false;
        }
        if game.side_to_move() == winner {
            winners_moves += 1;
        }
        game.play_unchecked(mv);
    }
    winners_moves <= moves && game.outcome().is_some_and(|o| o.winner() == Some(winner))
}

/// Settles every position of a game, the last first (endgames settle fastest, and the review
/// wants them most), each within `nodes`, reporting each as [`Progress::Settled`] (`index`: the
/// position after that many moves); stops between positions when `stop` is raised.
pub fn settle_game(
    start: &AnyPosition,
    moves: &[AnyMove],
    nodes: u64,
    stop: &AtomicBool,
    report: &dyn Fn(Progress),
) {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut game = start.clone();
    positions.push(game.clone());
    for &mv in moves {
        if !game.is_legal(mv) {
            break;
        }
        game.play_unchecked(mv);
        positions.push(game.clone());
    }
    for (index, position) in positions.iter().enumerate().rev() {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let settled = settle(position, nodes, stop);
        if settled != Settled::Unknown {
            report(Progress::Settled { index, settled });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::any_game::GameConfig;

    /// The shipped puzzle loa/w3-01: White to move wins by force in 3; its line replays to
    /// White's win, and a line cut short or claimed shorter does not.
    #[test]
    fn a_win_in_three_is_settled_and_its_line_replays() {
        let position = GameConfig::default()
            .position_from_text("8/8/2b5/2w1b3/3wb2b/2ww4/4bw2/w2b3b w")
            .unwrap();
        let Settled::Win {
            winner,
            moves,
            line,
            shortest,
        } = settle(&position, 200_000, &AtomicBool::new(false))
        else {
            panic!("a win in 3");
        };
        assert_eq!((winner, moves, shortest), (Color::White, 3, true));
        assert!(line_wins(&position, &line, Color::White, 3));
        assert!(!line_wins(&position, &line, Color::White, 2));
        assert!(!line_wins(&position, &line, Color::Black, 3));
        assert!(!line_wins(
            &position,
            &line[..line.len() - 1],
            Color::White,
            3
        ));
    }

    /// The side to move lost (the article's defence): the opponent's win, its line starting
    /// with the loser's longest resistance; a tiny budget settles nothing; an ended game is not
    /// searched.
    #[test]
    fn a_lost_position_names_the_other_side_and_small_budgets_say_nothing() {
        let config = GameConfig::default();
        let defence = config
            .position_from_text("8/3b4/8/2wb4/1bw5/1b1w1b2/w3w3/4b3 b")
            .unwrap();
        let Settled::Win {
            winner,
            moves,
            line,
            ..
        } = settle(&defence, 100_000, &AtomicBool::new(false))
        else {
            panic!("White wins whatever Black does");
        };
        assert_eq!((winner, moves), (Color::White, 2));
        assert!(line_wins(&defence, &line, Color::White, 2));
        let start = config.start();
        assert_eq!(
            settle(&start, 500, &AtomicBool::new(false)),
            Settled::Unknown
        );
        let ended = config
            .position_from_text("8/8/8/3b4/3b4/2b5/8/w6w w")
            .unwrap();
        assert!(ended.outcome().is_some());
        assert_eq!(
            settle(&ended, 10_000, &AtomicBool::new(false)),
            Settled::Unknown
        );
    }

    /// A game's positions are settled from the last; a raised stop settles none.
    #[test]
    fn a_games_positions_are_settled_last_first() {
        let config = GameConfig::default();
        let mut position = config
            .position_from_text("8/8/2b5/2w1b3/3wb2b/2ww4/4bw2/w2b3b w")
            .unwrap();
        let start = position.clone();
        let Settled::Win { line, .. } = settle(&position, 200_000, &AtomicBool::new(false)) else {
            panic!("a win");
        };
        for &mv in &line {
            position.play_unchecked(mv);
        }
        let seen = std::cell::RefCell::new(Vec::new());
        settle_game(&start, &line, 200_000, &AtomicBool::new(false), &|p| {
            if let Progress::Settled { index, settled } = p {
                seen.borrow_mut().push((index, settled.win()));
            }
        });
        let seen = seen.into_inner();
        assert_eq!(seen.first().map(|s| s.0), Some(line.len() - 1));
        assert_eq!(seen.last(), Some(&(0, Some((Color::White, 3)))));
        let none = std::cell::Cell::new(0);
        settle_game(&start, &line, 200_000, &AtomicBool::new(true), &|_| {
            none.set(none.get() + 1)
        });
        assert_eq!(none.get(), 0);
    }
}
