//! The Exhibition's question after each move: is a side one move from winning? Every legal
//! move is tried (up to a few milliseconds in the largest positions), so it runs as an engine
//! job; the Exhibition turns the answer into its caption.

use gamut_engine::any_game::AnyPosition;
use gamut_engine::{Color as Side, Game, Outcome};
use serde::{Deserialize, Serialize};

/// A side one move from winning (or, in Epaminondas, from crossing or having crossed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Threat {
    /// Lines of Action: `side` can connect with one move.
    NearConnection { side: Side },
    /// Epaminondas: `side`, to move, can win now.
    NearWin { side: Side },
    /// Epaminondas: `side` has crossed (more stones on the far row than the other).
    Crossed { side: Side },
    /// Epaminondas: `side` can cross with its next move.
    NearCrossing { side: Side },
}

/// A side one move from winning (or, in Epaminondas, from crossing or having crossed), after a
/// move by `mover`. It tries every legal move: up to a few milliseconds in the largest
/// positions (Epaminondas's 14×12 board, Boundless), so the game asks it as an engine job.
pub fn threat(position: &AnyPosition, mover: Side) -> Option<Threat> {
    match position {
        AnyPosition::Epaminondas(p) => epaminondas_situation(position, p, mover),
        _ => winning_threat(position).map(|side| Threat::NearConnection { side }),
    }
}

/// Epaminondas, in order of urgency: the side to move can win now; the mover has crossed; the
/// side to move can cross now; the mover could cross with its next move.
fn epaminondas_situation(
    position: &AnyPosition,
    p: &gamut_engine::epaminondas::Position,
    mover: Side,
) -> Option<Threat> {
    let to_move = position.side_to_move();
    if has_winning_move(position) {
        return Some(Threat::NearWin { side: to_move });
    }
    if p.far_row_count(mover) > p.far_row_count(!mover) {
        return Some(Threat::Crossed { side: mover });
    }
    let crosses = |after: &AnyPosition, side: Side| match after {
        AnyPosition::Epaminondas(q) => q.far_row_count(side) > q.far_row_count(!side),
        _ => false,
    };
    if any_move_leads_to(position, |after| crosses(after, to_move)) {
        return Some(Threat::NearCrossing { side: to_move });
    }
    let mut passed = position.clone();
    let null = position.null_move()?;
    passed.play_unchecked(null);
    let side = passed.side_to_move();
    any_move_leads_to(&passed, |after| crosses(after, side))
        .then_some(Threat::NearCrossing { side })
}

/// Lines of Action: a side that can connect with one move — the side to move, else the side
/// that just moved, were it to move again (the engine's null move hands the turn over).
pub fn winning_threat(position: &AnyPosition) -> Option<Side> {
    if position.outcome().is_some() {
        return None;
    }
    if has_winning_move(position) {
        return Some(position.side_to_move());
    }
    let null = position.null_move()?;
    let mut passed = position.clone();
    passed.play_unchecked(null);
    if passed.outcome().is_some() {
        return None;
    }
    has_winning_move(&passed).then(|| passed.side_to_move())
}

/// Whether the side to move has a legal move that wins the game at once.
pub fn has_winning_move(position: &AnyPosition) -> bool {
    let side = position.side_to_move();
    any_move_leads_to(position, |after| {
        after.outcome().and_then(Outcome::winner) == Some(side)
    })
}

/// Whether some legal move of the side to move leads to a position where `test` holds.
fn any_move_leads_to(position: &AnyPosition, test: impl Fn(&AnyPosition) -> bool) -> bool {
    let mut trial = position.clone();
    position.legal_moves().into_iter().any(|mv| {
        trial.play_unchecked(mv);
        let hit = test(&trial);
        trial.undo();
        hit
    })
}
