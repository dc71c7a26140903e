//! Captions: what just happened on the board, as typed values made by pure functions of the move
//! and the position after it. Every question of the rules ("can this side win with its next
//! move?") is asked of the engine, by trying its legal moves; [`super::words`] says them from
//! the Fluent files.

use gamut_engine::any_game::{AnyMove, AnyPosition};
use gamut_engine::{Color as Side, Outcome, WinReason};

use crate::engine_jobs::threat::{self, Threat};
pub use crate::engine_jobs::threat::{has_winning_move, winning_threat};
use crate::model::game::move_cells;
use crate::model::{Cell, CurrentGame, GameEnd, MoveEffects};

/// Something worth saying about the game, for the exhibition's caption.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caption {
    /// A piece moved (in Epaminondas a phalanx of `pieces` stones, its tail `from`, its head
    /// landing on `to`).
    Moved {
        /// Who moved.
        side: Side,
        /// Where the piece (or the phalanx's tail) stood.
        from: Cell,
        /// Where it landed.
        to: Cell,
        /// How many pieces moved (1 in Lines of Action).
        pieces: usize,
    },
    /// A move captured `count` pieces, the first on `at`.
    Captured {
        /// Who captured.
        side: Side,
        /// Where (the first captured piece).
        at: Cell,
        /// How many pieces were taken.
        count: usize,
    },
    /// Parachute: `side` dropped one of the opponent's pieces it held on `at`.
    Placed {
        /// Who placed it (the piece is the other colour).
        side: Side,
        /// Where.
        at: Cell,
    },
    /// The side had no move and passed.
    Passed {
        /// Who passed.
        side: Side,
    },
    /// Lines of Action: the side has a move that connects its pieces (it is to move, or it
    /// threatens to on its next turn).
    NearConnection {
        /// Who is one move from connecting.
        side: Side,
    },
    /// Epaminondas: the side has a move that wins at once (taking the last enemy stones).
    NearWin {
        /// Who is one move from winning.
        side: Side,
    },
    /// Epaminondas: the side has more stones on the far row than the opponent on its own: the
    /// opponent must answer at once or lose.
    Crossed {
        /// Who crossed.
        side: Side,
    },
    /// Epaminondas: the side can reach the far row with its next move (more stones there than
    /// the opponent).
    NearCrossing {
        /// Who is one move from crossing.
        side: Side,
    },
    /// The game is won.
    Won {
        /// The winner.
        side: Side,
        /// How.
        how: WinBy,
    },
    /// The game is drawn.
    Drawn,
}

/// How a game was won, as the caption says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinBy {
    /// Lines of Action: the winner's pieces are connected.
    Connection,
    /// Epaminondas: more stones on the far row at the start of the winner's turn.
    FarRow,
    /// Epaminondas: every enemy stone taken.
    AllCaptured,
    /// The other side resigned.
    Resignation,
}

/// The captions of a move `by` one side that did `effects`, in `game` as it is after the move:
/// first what the move did, then (if anything) what it means — a win, a draw, a side one move
/// from winning.
pub fn captions(by: Side, mv: AnyMove, effects: &MoveEffects, game: &CurrentGame) -> Vec<Caption> {
    let mut out = move_captions(by, mv, effects);
    out.extend(situation(game.end(), game.position(), by));
    out
}

/// What a move `by` one side that did `effects` did: a move, a capture or a pass, and a
/// Parachute drop.
pub fn move_captions(by: Side, mv: AnyMove, effects: &MoveEffects) -> Vec<Caption> {
    let mut out = Vec::with_capacity(3);
    out.extend(move_caption(by, mv, effects));
    if let Some(placed) = effects.placed {
        out.push(Caption::Placed {
            side: by,
            at: placed.0,
        });
    }
    if out.is_empty() {
        out.push(Caption::Passed { side: by });
    }
    out
}

/// What the move did to the pieces, if it moved any.
fn move_caption(by: Side, mv: AnyMove, effects: &MoveEffects) -> Option<Caption> {
    if let Some(&at) = effects.captured.first() {
        return Some(Caption::Captured {
            side: by,
            at,
            count: effects.captured.len(),
        });
    }
    if effects.moved.is_empty() {
        return None;
    }
    let (from, to) = match move_cells(mv).as_slice() {
        [from, to, ..] => (*from, *to),
        _ => *effects.moved.first()?,
    };
    Some(Caption::Moved {
        side: by,
        from,
        to,
        pieces: effects.moved.len(),
    })
}

/// What the position means after a move by `mover`: the end, or a side about to win.
pub fn situation(end: Option<GameEnd>, position: &AnyPosition, mover: Side) -> Option<Caption> {
    match end {
        Some(end) => Some(ending(end)),
        None => threat(position, mover),
    }
}

/// How the game ended.
pub fn ending(end: GameEnd) -> Caption {
    match end {
        // The exhibition's games have no clocks: a loss on time is told as a resignation.
        GameEnd::Resigned(loser) | GameEnd::Time(loser) => Caption::Won {
            side: !loser,
            how: WinBy::Resignation,
        },
        GameEnd::Rules(Outcome::Win { winner, reason }) => Caption::Won {
            side: winner,
            how: win_by(reason),
        },
        GameEnd::Rules(Outcome::Draw { .. }) | GameEnd::Agreed => Caption::Drawn,
    }
}

/// A side one move from winning (or, in Epaminondas, from crossing or having crossed), after a
/// move by `mover` (see [`threat::threat`]: the game asks it as an engine job).
pub fn threat(position: &AnyPosition, mover: Side) -> Option<Caption> {
    threat::threat(position, mover).map(Caption::from)
}

impl From<Threat> for Caption {
    fn from(threat: Threat) -> Caption {
        match threat {
            Threat::NearWin { side } => Caption::NearWin { side },
            Threat::Crossed { side } => Caption::Crossed { side },
            Threat::NearCrossing { side } => Caption::NearCrossing { side },
            Threat::NearConnection { side } => Caption::NearConnection { side },
        }
    }
}

fn win_by(reason: WinReason) -> WinBy {
    match reason {
        WinReason::HomeRow => WinBy::FarRow,
        WinReason::NoStones => WinBy::AllCaptured,
        WinReason::Connected
        | WinReason::ConnectedByOpponent
        | WinReason::BothConnectedMoverWins => WinBy::Connection,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::Game;
    use gamut_engine::any_game::{GameConfig, GameKind};
    use gamut_engine::epaminondas::BoardSize;

    fn loa(text: &str) -> CurrentGame {
        CurrentGame::from_text(GameConfig::default(), text).expect("a valid position")
    }

    fn epaminondas(text: &str) -> CurrentGame {
        let mut config = GameConfig {
            kind: GameKind::Epaminondas,
            ..GameConfig::default()
        };
        config.epaminondas.board = BoardSize::Small;
        CurrentGame::from_text(config, text).expect("a valid position")
    }

    /// Plays the move written `text` and returns its captions.
    fn play(game: &mut CurrentGame, text: &str) -> Vec<Caption> {
        let mv = game.position().parse_move(text).expect("a legal move");
        let by = game.side_to_move();
        let effects = game.play(mv);
        captions(by, mv, &effects, game)
    }

    fn cell(name: &str) -> Cell {
        name.parse().expect("a square")
    }

    #[test]
    fn a_quiet_opening_move_is_a_move_and_nothing_more() {
        let mut game = CurrentGame::new(GameConfig::default());
        let said = play(&mut game, "b1-b3");
        assert_eq!(
            said,
            vec![Caption::Moved {
                side: Side::Black,
                from: cell("b1"),
                to: cell("b3"),
                pieces: 1
            }]
        );
    }

    #[test]
    fn a_capture_says_where() {
        // Two pieces in the b-file: Black's b1 moves two squares and takes b3.
        let mut game = loa("8/8/8/8/8/1w6/8/1b3b1w b");
        let said = play(&mut game, "b1xb3");
        assert_eq!(
            said[0],
            Caption::Captured {
                side: Side::Black,
                at: cell("b3"),
                count: 1
            }
        );
    }

    /// Black a1 and c1 (a1-b2 joins them), White d5 and f2.
    const BLACK_NEAR: &str = "8/8/8/3w4/8/8/5w2/b1b5";

    #[test]
    fn one_move_from_connecting_is_seen_for_the_side_to_move_and_for_the_mover() {
        // Black to move can connect at once.
        let game = loa(&format!("{BLACK_NEAR} b"));
        assert!(has_winning_move(game.position()));
        assert_eq!(winning_threat(game.position()), Some(Side::Black));
        // White to move cannot, but Black threatens to (seen through the null move).
        let mut game = loa(&format!("{BLACK_NEAR} w"));
        assert!(!has_winning_move(game.position()));
        assert_eq!(winning_threat(game.position()), Some(Side::Black));
        // A quiet White move: the caption says Black is one move from connecting.
        let said = play(&mut game, "f2-f3");
        assert_eq!(
            said.last(),
            Some(&Caption::NearConnection { side: Side::Black })
        );
        assert_eq!(said.len(), 2);
    }

    #[test]
    fn the_end_is_said_with_the_winner() {
        let mut game = loa(&format!("{BLACK_NEAR} b"));
        let said = play(&mut game, "a1-b2");
        assert_eq!(
            said.last(),
            Some(&Caption::Won {
                side: Side::Black,
                how: WinBy::Connection
            })
        );
    }

    #[test]
    fn nothing_more_is_said_when_nobody_is_near_a_win() {
        let game = CurrentGame::new(GameConfig::default());
        assert_eq!(situation(None, game.position(), Side::White), None);
    }

    /// White g7 (one step from rank 8, its far row) and a3; Black d6 and b2.
    const WHITE_NEAR_FAR_ROW: &str = "8/6w1/3b4/8/8/w7/1b6/8";

    #[test]
    fn epaminondas_crossing_is_seen() {
        let game = epaminondas(&format!("{WHITE_NEAR_FAR_ROW} w"));
        assert_eq!(
            situation(None, game.position(), Side::Black),
            Some(Caption::NearCrossing { side: Side::White })
        );
        let mut game = game;
        let said = play(&mut game, "g7-g8");
        assert_eq!(said.last(), Some(&Caption::Crossed { side: Side::White }));
    }

    #[test]
    fn epaminondas_phalanx_moves_count_their_stones() {
        let mut config = GameConfig {
            kind: GameKind::Epaminondas,
            ..GameConfig::default()
        };
        config.epaminondas.board = BoardSize::Small;
        let mut game = CurrentGame::new(config);
        let side = game.side_to_move();
        // A phalanx of two along the a-file: the tail a1 moves the head a2 forward.
        let home = if side == Side::White { "a1" } else { "a8" };
        let step = if side == Side::White {
            "a1-a4"
        } else {
            "a8-a5"
        };
        let said = play(&mut game, step);
        assert!(
            matches!(said[0], Caption::Moved { from, pieces: 2, .. } if from == cell(home)),
            "{said:?}"
        );
    }
}
