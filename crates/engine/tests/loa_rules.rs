//! Lines of Action rules: every example of RULES.md §1.2 and every way a game ends.

use gamut_engine::game::MoveError;
use gamut_engine::loa::{IllegalMove, Move, Position, Rules, SimultaneousConnection, Square};
use gamut_engine::{Color, DrawReason, Game, Outcome, WinReason};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn step(from: &str, to: &str) -> Move {
    Move::Step {
        from: sq(from),
        to: sq(to),
    }
}

fn pos(text: &str) -> Position {
    Position::from_text(text, Rules::default()).unwrap()
}

fn destinations(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves_from(sq(from))
        .iter()
        .map(|m| m.to().unwrap().to_string())
        .collect();
    v.sort();
    v
}

#[test]
fn start_position_and_first_player() {
    let p = Position::new(Rules::default());
    assert_eq!(p.to_text(), "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b");
    assert_eq!(p.side_to_move(), Color::Black);
    let white_first = Position::new(Rules {
        first_player: Color::White,
        ..Rules::default()
    });
    assert_eq!(white_first.side_to_move(), Color::White);
    assert_eq!(white_first.legal_moves().len(), 36);
}

#[test]
fn distance_is_the_number_of_pieces_on_the_whole_line() {
    let p = Position::new(Rules::default());
    // b1: file b holds b1 and b8 (2); the diagonal b1-h7 holds b1 and h7 (2); rank 1 holds six,
    // so b1 jumps its own pieces to h1; b1-a2's diagonal runs off the board.
    assert_eq!(destinations(&p, "b1"), vec!["b3", "d3", "h1"]);
    assert_eq!(
        p.check_step(sq("b1"), sq("b2")),
        Err(IllegalMove::WrongDistance {
            from: sq("b1"),
            needed: 2
        })
    );
    assert_eq!(
        p.check_step(sq("b1"), sq("c3")),
        Err(IllegalMove::NotOnALine {
            from: sq("b1"),
            to: sq("c3")
        })
    );
    assert_eq!(
        p.check_step(sq("a2"), sq("c2")),
        Err(IllegalMove::NotYourPiece(sq("a2")))
    );
    assert_eq!(
        p.check_step(sq("d4"), sq("d6")),
        Err(IllegalMove::NoPiece(sq("d4")))
    );
    assert_eq!(
        p.check_step(sq("b1"), sq("b1")),
        Err(IllegalMove::SameSquare)
    );
}

#[test]
fn seed_000_may_not_jump_an_enemy_piece_even_with_three_on_the_rank() {
    // White a6 and h6, Black c6: three pieces on rank 6, but c6 is in the way of a6-d6.
    let p = pos("8/8/w1b4w/8/8/8/4b3/b7 w");
    assert_eq!(p.line_count(sq("a6"), 2), 3);
    assert_eq!(
        p.check_step(sq("a6"), sq("d6")),
        Err(IllegalMove::Blocked(sq("c6")))
    );
    assert!(matches!(
        p.parse_move("a6-d6"),
        Err(MoveError::Illegal { .. })
    ));
    // The diagonal a6-f1 holds two pieces (a6, e2): a6-c4 is legal.
    assert_eq!(p.check_step(sq("a6"), sq("c4")), Ok(step("a6", "c4")));
    assert_eq!(p.parse_move("a6-c4"), Ok(step("a6", "c4")));
}

#[test]
fn seed_000_may_jump_own_pieces() {
    // Black e2 jumps its own d3 along the diagonal f1-a6, which holds three pieces.
    let p = pos("8/8/8/8/8/3b4/4b3/b4w1w b");
    assert_eq!(p.line_count(sq("e2"), 7), 3);
    assert_eq!(p.check_step(sq("e2"), sq("b5")), Ok(step("e2", "b5")));
}

#[test]
fn landing_on_an_enemy_captures_it_and_no_move_leaves_the_board() {
    // Black a1 and c1, White c3 and h1.
    let mut p = pos("8/8/8/8/8/2w5/8/b1b4w b");
    // c1 west would leave the board; north lands on c3 (capture); rank 1 holds three.
    assert_eq!(destinations(&p, "c1"), vec!["b2", "c3", "d2", "f1"]);
    // a1 jumps its own c1 to d1 and captures c3 along the diagonal (a1, c3: two pieces).
    assert_eq!(destinations(&p, "a1"), vec!["a2", "c3", "d1"]);
    assert_eq!(p.capture_of(step("a1", "c3")), Some(sq("c3")));
    assert_eq!(p.capture_of(step("a1", "d1")), None);
    assert_eq!(p.human_move(step("a1", "c3")), "a1xc3");
    assert_eq!(p.human_move(step("c1", "f1")), "c1-f1");
    p.play(step("a1", "c3")).unwrap();
    assert_eq!(p.piece_at(sq("c3")), Some(Color::Black));
    assert_eq!(p.piece_at(sq("a1")), None);
    assert_eq!(p.pieces(Color::White).count_ones(), 1);
    assert_eq!(p.last_capture(), Some(sq("c3")));
    // White is down to h1, a single piece: connected by Black's capture.
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::ConnectedByOpponent
        })
    );
}

#[test]
fn own_piece_on_the_target_is_illegal() {
    // b1 and b3 black, file b holds two pieces: b1-b3 lands on its own piece.
    let p = pos("7w/8/8/8/8/1b6/8/1b5w b");
    assert_eq!(
        p.check_step(sq("b1"), sq("b3")),
        Err(IllegalMove::OwnPiece(sq("b3")))
    );
}

#[test]
fn seed_001_figure_3_black_wins_by_g5_f4() {
    let mut p = pos("w7/8/8/3bb1b1/4b3/8/8/w6w b");
    assert_eq!(p.outcome(), None);
    p.play(step("g5", "f4")).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::Connected
        })
    );
    assert!(p.legal_moves().is_empty(), "no moves after the game ended");
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.clone().play(Move::Pass), Err(MoveError::GameOver));
    assert_eq!(p.parse_move("a1-b1"), Err(MoveError::GameOver));
}

#[test]
fn seed_002_a_single_piece_is_connected() {
    // White h6xh8 leaves Black with the single piece a1: Black wins.
    let mut p = pos("7b/8/7w/w7/8/8/8/b7 w");
    p.play(step("h6", "h8")).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::ConnectedByOpponent
        })
    );
    // A setup where the side that just moved has one piece is already won by it.
    let done = pos("7b/8/7w/w7/8/8/8/8 w");
    assert_eq!(done.outcome().and_then(|o| o.winner()), Some(Color::Black));
    assert!(done.legal_moves().is_empty());
}

#[test]
fn both_connected_by_one_move_is_a_draw_or_a_mover_win() {
    // Black e4xe2 joins c1-d1 and leaves White with the pair g6-h6.
    let text = "8/8/6ww/8/4b3/8/4w3/2bb4 b";
    let mut draw = pos(text);
    draw.play(step("e4", "e2")).unwrap();
    assert_eq!(
        draw.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BothConnected
        })
    );
    let rules = Rules {
        simultaneous: SimultaneousConnection::MoverWins,
        ..Rules::default()
    };
    let mut mover_wins = Position::from_text(text, rules).unwrap();
    mover_wins.play(step("e4", "e2")).unwrap();
    assert_eq!(
        mover_wins.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::BothConnectedMoverWins
        })
    );
}

#[test]
fn capturing_the_last_straggler_connects_the_opponent_who_wins() {
    // As above, but Black still has a8 astray: only White is connected.
    let mut p = pos("b7/8/6ww/8/4b3/8/4w3/2bb4 b");
    p.play(step("e4", "e2")).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::ConnectedByOpponent
        })
    );
}

#[test]
fn a_player_without_a_legal_move_passes() {
    // White a1 and a8 are walled in by Black.
    let mut p = pos("wb6/bb6/8/8/8/8/bb6/wb6 w");
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_moves(), vec![Move::Pass]);
    assert_eq!(p.count_legal_moves(), 1);
    assert_eq!(
        p.check_step(sq("a1"), sq("c1")),
        Err(IllegalMove::Blocked(sq("b1")))
    );
    assert_eq!(p.parse_move("pass"), Ok(Move::Pass));
    p.play(Move::Pass).unwrap();
    assert_eq!(p.side_to_move(), Color::Black);
    assert_eq!(p.outcome(), None);
    // Black has moves, so Black may not pass.
    assert!(!p.legal_moves().contains(&Move::Pass));
    assert!(matches!(
        p.clone().play(Move::Pass),
        Err(MoveError::Illegal { .. })
    ));
    assert_eq!(p.undo(), Some(Move::Pass));
    assert_eq!(p.side_to_move(), Color::White);
}

#[test]
fn the_third_repetition_is_a_draw_unless_switched_off() {
    let cycle = ["b1-b3", "a2-c2", "b3-b1", "c2-a2"];
    for repetition_draw in [true, false] {
        let mut p = Position::new(Rules {
            repetition_draw,
            ..Rules::default()
        });
        for (i, text) in cycle.iter().cycle().take(8).enumerate() {
            assert_eq!(p.outcome(), None, "ply {i}");
            let mv = p.parse_move(text).unwrap();
            p.play(mv).unwrap();
        }
        let expected = repetition_draw.then_some(Outcome::Draw {
            reason: DrawReason::Repetition,
        });
        assert_eq!(p.outcome(), expected);
        // Taking the last move back reopens the game.
        p.undo();
        assert_eq!(p.outcome(), None);
    }
}

#[test]
fn undo_restores_everything() {
    let mut p = Position::new(Rules::default());
    let start = (p.to_text(), p.hash());
    for text in ["b1-d3", "a6xd3", "c1-c3"] {
        let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(mv).unwrap();
    }
    assert_eq!(p.ply(), 3);
    while p.undo().is_some() {}
    assert_eq!((p.to_text(), p.hash()), start);
    assert_eq!(p.legal_moves().len(), 36);
}
