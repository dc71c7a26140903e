//! The selection as a state machine: what a click on a cell does, as a pure function of the
//! current selection and the game. Unit-tested below without Bevy.

use bevy::prelude::*;

use crate::model::{BoardMove, Cell, CurrentGame, MoveRequest, Notice};

/// What the player has picked so far this turn.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub enum Selection {
    /// Nothing picked.
    #[default]
    Idle,
    /// A piece (or phalanx tail) is picked; its destinations light up.
    Selected {
        /// The piece.
        from: Cell,
        /// Its legal moves.
        moves: Vec<BoardMove>,
        /// Epaminondas: the stones that move with this tail.
        moving_stones: Vec<Cell>,
    },
    /// Parachute: the step is chosen (or there is none) and the held piece's square is next.
    Placing {
        /// The step's origin and destination (`None`: no legal step, only the placement).
        step: Option<(Cell, Cell)>,
        /// The empty squares the held piece may go to.
        squares: Vec<Cell>,
    },
}

impl Selection {
    /// The picked piece, if any.
    pub fn from(&self) -> Option<Cell> {
        match self {
            Selection::Selected { from, .. } => Some(*from),
            Selection::Placing {
                step: Some((from, _)),
                ..
            } => Some(*from),
            _ => None,
        }
    }
}

/// What to do with the status line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Say {
    /// Leave it.
    Keep,
    /// Clear it.
    Clear,
    /// Post this.
    Post(Notice),
}

/// What a click leads to.
#[derive(Debug, Clone, PartialEq)]
pub struct Reaction {
    /// The selection afterwards.
    pub next: Selection,
    /// The move to ask for, if the click completes one.
    pub request: Option<MoveRequest>,
    /// What to tell the player.
    pub say: Say,
}

impl Reaction {
    fn stay(state: &Selection, say: Say) -> Reaction {
        Reaction {
            next: state.clone(),
            request: None,
            say,
        }
    }

    fn ask(request: MoveRequest) -> Reaction {
        Reaction {
            next: Selection::Idle,
            request: Some(request),
            say: Say::Keep,
        }
    }
}

/// What a click on `at` does while a person is to move in `game`.
pub fn click(state: &Selection, game: &CurrentGame, at: Cell) -> Reaction {
    if let Selection::Placing { step, squares } = state {
        return place(state, *step, squares, at);
    }
    if game.must_pass_and_place() {
        let squares = game.placements(None);
        return place(state, None, &squares, at);
    }
    if let Selection::Selected { from, moves, .. } = state {
        if moves.iter().any(|m| m.to == at) {
            return choose_destination(game, *from, at);
        }
        if *from == at {
            return Reaction::stay(&Selection::Idle, Say::Clear);
        }
    }
    let seat = game.seat();
    let own = game.piece_at(at) == Some(seat.side);
    if own && !game.movers().contains(&at) {
        // The other set's piece (LOA for four, Ambidextrous): the rules say why.
        return refuse(state, game, MoveRequest::step(at, at));
    }
    if own {
        return select(game, at);
    }
    match state.from() {
        // Not a destination: the rules say why, and the piece stays selected.
        Some(from) => refuse(state, game, MoveRequest::step(from, at)),
        None => Reaction::stay(state, Say::Post(Notice::SelectOwnPiece(seat))),
    }
}

/// Picks the piece on `at`.
fn select(game: &CurrentGame, at: Cell) -> Reaction {
    let moves = game.moves_from(at);
    let say = if moves.is_empty() {
        Say::Post(Notice::NoMoveForPiece(at))
    } else {
        Say::Clear
    };
    let moving_stones = game.moving_stones(&moves);
    Reaction {
        next: Selection::Selected {
            from: at,
            moves,
            moving_stones,
        },
        request: None,
        say,
    }
}

/// The selected piece goes to `to`: the move, or in Parachute the placing step.
fn choose_destination(game: &CurrentGame, from: Cell, to: Cell) -> Reaction {
    if !game.must_place() {
        return Reaction::ask(MoveRequest::step(from, to));
    }
    Reaction {
        next: Selection::Placing {
            step: Some((from, to)),
            squares: game.placements(Some((from, to))),
        },
        request: None,
        say: Say::Post(Notice::ChoosePlacement {
            from,
            to,
            holder: game.side_to_move(),
        }),
    }
}

/// Parachute: the held piece goes on `at`, if it may.
fn place(state: &Selection, step: Option<(Cell, Cell)>, squares: &[Cell], at: Cell) -> Reaction {
    if !squares.contains(&at) {
        return Reaction::stay(state, Say::Post(Notice::PlacementNotEmpty(at)));
    }
    Reaction::ask(match step {
        Some((from, to)) => MoveRequest::Step {
            from,
            to,
            drop: Some(at),
        },
        None => MoveRequest::Place { drop: at },
    })
}

/// The rules refuse `request`: say why and keep the selection.
fn refuse(state: &Selection, game: &CurrentGame, request: MoveRequest) -> Reaction {
    match game.check(request) {
        Err(why) => Reaction::stay(state, Say::Post(Notice::Refused(request, why))),
        Ok(_) => Reaction::ask(request),
    }
}

#[cfg(test)]
mod tests {
    use gamut_engine::Color as Side;
    use gamut_engine::any_game::{GameConfig, GameKind};
    use gamut_engine::loa::{IllegalMove, Variant};

    use super::*;
    use crate::model::Refusal;

    fn c(name: &str) -> Cell {
        name.parse().unwrap()
    }

    fn loa(variant: Variant) -> CurrentGame {
        let mut config = GameConfig::default();
        config.loa.variant = variant;
        CurrentGame::new(config)
    }

    #[test]
    fn clicking_an_own_piece_selects_it_with_its_moves() {
        let game = loa(Variant::Standard);
        let r = click(&Selection::Idle, &game, c("b1"));
        let Selection::Selected { from, moves, .. } = &r.next else {
            panic!("not selected: {r:?}");
        };
        assert_eq!(*from, c("b1"));
        let mut targets: Vec<String> = moves.iter().map(|m| m.to.to_string()).collect();
        targets.sort();
        assert_eq!(targets, ["b3", "d3", "h1"]);
        assert_eq!(r.request, None);
        assert_eq!(r.say, Say::Clear);
    }

    #[test]
    fn clicking_a_destination_asks_for_the_move_and_clears_the_selection() {
        let game = loa(Variant::Standard);
        let selected = click(&Selection::Idle, &game, c("b1")).next;
        let r = click(&selected, &game, c("b3"));
        assert_eq!(r.request, Some(MoveRequest::step(c("b1"), c("b3"))));
        assert_eq!(r.next, Selection::Idle);
    }

    #[test]
    fn an_illegal_destination_says_why_and_keeps_the_piece_selected() {
        let game = loa(Variant::Standard);
        let selected = click(&Selection::Idle, &game, c("b1")).next;
        let r = click(&selected, &game, c("b4"));
        assert_eq!(r.next, selected, "the selection is kept");
        assert_eq!(r.request, None);
        assert!(matches!(
            r.say,
            Say::Post(Notice::Refused(
                _,
                Refusal::LinesOfAction(IllegalMove::WrongDistance { needed: 2, .. })
            ))
        ));
    }

    #[test]
    fn clicking_the_selected_piece_again_drops_it() {
        let game = loa(Variant::Standard);
        let selected = click(&Selection::Idle, &game, c("b1")).next;
        assert_eq!(click(&selected, &game, c("b1")).next, Selection::Idle);
    }

    #[test]
    fn another_own_piece_changes_the_selection() {
        let game = loa(Variant::Standard);
        let selected = click(&Selection::Idle, &game, c("b1")).next;
        assert_eq!(click(&selected, &game, c("c1")).next.from(), Some(c("c1")));
    }

    #[test]
    fn an_enemy_piece_with_nothing_selected_asks_for_an_own_piece() {
        let game = loa(Variant::Standard);
        let r = click(&Selection::Idle, &game, c("a2"));
        assert_eq!(r.next, Selection::Idle);
        assert_eq!(r.say, Say::Post(Notice::SelectOwnPiece(game.seat())));
    }

    #[test]
    fn parachute_a_destination_leads_to_placing_and_the_left_square_is_offered() {
        let game = loa(Variant::Parachute);
        let from = game.movers()[0];
        let selected = click(&Selection::Idle, &game, from).next;
        let Selection::Selected { moves, .. } = &selected else {
            panic!("not selected");
        };
        let to = moves[0].to;
        let r = click(&selected, &game, to);
        let Selection::Placing { step, squares } = &r.next else {
            panic!("not placing: {r:?}");
        };
        assert_eq!(*step, Some((from, to)));
        assert!(squares.contains(&from), "the square just left is free");
        assert!(!squares.contains(&to));
        assert!(matches!(r.say, Say::Post(Notice::ChoosePlacement { .. })));
        // An occupied square is refused and placing goes on.
        let occupied = game
            .pieces()
            .iter()
            .map(|&(c, _)| c)
            .find(|&c| c != from)
            .expect("another piece");
        let again = click(&r.next, &game, occupied);
        assert_eq!(again.next, r.next);
        assert_eq!(again.say, Say::Post(Notice::PlacementNotEmpty(occupied)));
        // A free square completes the compound move.
        let done = click(&r.next, &game, from);
        assert_eq!(
            done.request,
            Some(MoveRequest::Step {
                from,
                to,
                drop: Some(from)
            })
        );
        assert_eq!(done.next, Selection::Idle);
    }

    #[test]
    fn a_piece_of_the_set_that_does_not_move_is_refused_with_the_reason() {
        let game = loa(Variant::FourPlayers);
        let other_set = game
            .pieces()
            .iter()
            .map(|&(c, _)| c)
            .find(|&c| game.piece_at(c) == Some(game.side_to_move()) && !game.movers().contains(&c))
            .expect("a piece of the other set");
        let r = click(&Selection::Idle, &game, other_set);
        assert_eq!(r.next, Selection::Idle);
        assert!(matches!(
            r.say,
            Say::Post(Notice::Refused(
                _,
                Refusal::LinesOfAction(IllegalMove::WrongSet { .. })
            ))
        ));
    }

    #[test]
    fn epaminondas_selecting_a_tail_names_the_stones_that_move() {
        let game = CurrentGame::new(GameConfig {
            kind: GameKind::Epaminondas,
            ..GameConfig::default()
        });
        let tail = game
            .movers()
            .iter()
            .copied()
            .find(|c| c.rank == 0)
            .expect("a stone on rank 1");
        assert_eq!(game.side_to_move(), Side::White);
        let Selection::Selected { moving_stones, .. } = click(&Selection::Idle, &game, tail).next
        else {
            panic!("not selected");
        };
        assert!(moving_stones.contains(&tail));
        assert!(moving_stones.len() >= 2, "the phalanx ahead moves too");
    }
}
