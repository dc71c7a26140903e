//! The Lines of Action variants of RULES.md §1.1 played on the 8×8 board: Parachute, LOA for
//! four and Ambidextrous (Boundless has its own tests).

use gamut_engine::game::MoveError;
use gamut_engine::loa::{
    IllegalMove, Move, PieceSet, Position, PositionError, Rules, Square, Variant,
};
use gamut_engine::{Color, DrawReason, Game, Outcome, WinReason};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

fn rules(variant: Variant) -> Rules {
    Rules {
        variant,
        ..Rules::default()
    }
}

fn pos(variant: Variant, text: &str) -> Position {
    Position::from_text(text, rules(variant)).unwrap()
}

fn bits(names: &str) -> u64 {
    names.split_whitespace().map(|n| sq(n).bit()).sum()
}

#[test]
fn variant_names_round_trip() {
    for variant in Variant::ALL {
        assert_eq!(variant.name().parse::<Variant>(), Ok(variant));
    }
    assert_eq!("LOA for four".parse::<Variant>(), Ok(Variant::FourPlayers));
    assert_eq!("four".parse::<Variant>(), Ok(Variant::FourPlayers));
    let err = "five".parse::<Variant>().unwrap_err().to_string();
    assert!(
        err.contains("parachute") && err.contains("boundless"),
        "{err}"
    );
}

// ---------------------------------------------------------------- Parachute

#[test]
fn parachute_starts_with_half_the_scrambled_eggs_setup_and_six_held_each() {
    let p = Position::new(rules(Variant::Parachute));
    assert_eq!(p.to_text(), "8/b6w/w6b/b6w/w6b/b6w/w6b/8 b 6/6");
    assert_eq!(p.pieces(Color::Black), bits("a3 a5 a7 h2 h4 h6"));
    assert_eq!(p.pieces(Color::White), bits("a2 a4 a6 h3 h5 h7"));
    assert_eq!((p.held_by(Color::Black), p.held_by(Color::White)), (6, 6));
    assert!(p.must_place());
    // Every move is a step plus a placement on one of the 52 empty squares (no captures yet).
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 18 * 52);
    assert!(moves.iter().all(|m| m.placement().is_some()));
    assert_eq!(p.count_legal_moves(), moves.len());
}

#[test]
fn a_parachute_turn_is_a_move_then_a_placement() {
    let mut p = Position::new(rules(Variant::Parachute));
    // Both notations, with or without a space before the placement.
    let mv = p.parse_move("a3-a5 @d4").unwrap_err();
    assert!(
        matches!(mv, MoveError::Illegal { .. }),
        "a3 moves 6 on the a-file"
    );
    let mv = p.parse_move("h2-f2 @d4").unwrap();
    assert_eq!(p.parse_move("h2f2@d4"), Ok(mv));
    assert_eq!(mv.to_string(), "h2f2@d4");
    assert_eq!(p.human_move(mv), "h2-f2 @d4");
    // The placement is missing, on a taken square, or not a square.
    assert_eq!(
        p.check(Move::Step {
            from: sq("h2"),
            to: sq("f2")
        }),
        Err(IllegalMove::PlacementMissing)
    );
    assert_eq!(
        p.check(mv.with_placement(sq("a2"))),
        Err(IllegalMove::PlacementNotEmpty(sq("a2")))
    );
    assert!(p.parse_move("h2-f2 @z9").is_err());
    assert!(p.parse_move("h2-f2 @").is_err());
    // The square the piece just left may take the placed piece.
    assert_eq!(p.check(mv.with_placement(sq("h2"))), Ok(()));
    p.play(mv).unwrap();
    assert_eq!(p.pieces(Color::White) & sq("d4").bit(), sq("d4").bit());
    assert_eq!((p.held_by(Color::Black), p.held_by(Color::White)), (5, 6));
    assert_eq!(p.to_text(), "8/b6w/w6b/b6w/w2w3b/b6w/w4b2/8 w 5/6");
    // Undo gives the piece back to the holder.
    p.undo();
    assert_eq!(p.to_text(), "8/b6w/w6b/b6w/w6b/b6w/w6b/8 b 6/6");
}

#[test]
fn after_six_turns_each_the_game_continues_normally() {
    let mut p = Position::new(rules(Variant::Parachute));
    for _ in 0..12 {
        assert!(p.must_place());
        let moves = p.legal_moves();
        let quiet = moves.iter().find(|m| p.capture_of(**m).is_none());
        p.play(*quiet.unwrap()).unwrap();
        assert_eq!(p.outcome(), None);
    }
    assert_eq!((p.held_by(Color::Black), p.held_by(Color::White)), (0, 0));
    assert!(!p.must_place());
    assert_eq!(p.pieces(Color::Black).count_ones(), 12);
    assert_eq!(p.pieces(Color::White).count_ones(), 12);
    assert_eq!(
        p.to_text().split_whitespace().count(),
        2,
        "no reserves field"
    );
    let mv = p.legal_moves()[0];
    assert!(mv.placement().is_none());
    let empty = Square::all().find(|s| p.occupied() & s.bit() == 0).unwrap();
    assert_eq!(
        p.check(mv.with_placement(empty)),
        Err(IllegalMove::NothingToPlace)
    );
}

#[test]
fn nobody_wins_while_the_opponent_holds_his_pieces() {
    // Black's b4-c4 connects d5 e5 c4, but White still holds one Black piece.
    let text = "8/8/8/3bb3/1b6/8/w6w/8 b 0/1";
    let mut p = pos(Variant::Parachute, text);
    p.play(p.parse_move("b4-c4").unwrap()).unwrap();
    assert_eq!(p.outcome(), None);
    // White must place the held Black piece: far away, the game goes on...
    let mut far = p.clone();
    far.play(far.parse_move("a2-a3 @a8").unwrap()).unwrap();
    assert_eq!(far.outcome(), None);
    // ...next to the group, Black is connected with nothing held: Black wins.
    p.play(p.parse_move("a2-a3 @c5").unwrap()).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: WinReason::ConnectedByOpponent
        })
    );
    // With nothing held the same move wins at once.
    let mut free = pos(Variant::Parachute, "8/8/8/3bb3/1b6/8/w6w/8 b");
    free.play(free.parse_move("b4-c4").unwrap()).unwrap();
    assert_eq!(free.outcome().and_then(Outcome::winner), Some(Color::Black));
}

#[test]
fn a_player_without_a_move_still_places() {
    // Black's a1 and h8 are hemmed in by White's pieces; Black holds one White piece.
    let mut p = pos(Variant::Parachute, "6wb/6ww/8/8/8/8/ww6/bw6 b 1/0");
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 56);
    assert!(moves.iter().all(|m| matches!(m, Move::PassDrop { .. })));
    assert_eq!(p.count_legal_moves(), 56);
    assert_eq!(p.check(Move::Pass), Err(IllegalMove::PlacementMissing));
    p.play(p.parse_move("pass @d5").unwrap()).unwrap();
    assert_eq!(p.outcome(), None);
    assert_eq!(p.last_move().map(|m| m.to_string()), Some("pass@d5".into()));
    assert_eq!(p.pieces(Color::White).count_ones(), 7);
    assert_eq!(p.held_by(Color::Black), 0);
}

#[test]
fn a_placement_that_connects_both_sides_is_a_draw_by_default() {
    // White's d1-b1 joins a1 a2; the Black piece White places on c4 joins b4 and d4.
    let text = "8/8/8/8/1b1b4/8/w7/w2w4 w 0/1";
    let mut p = pos(Variant::Parachute, text);
    p.play(p.parse_move("d1-b1 @c4").unwrap()).unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::BothConnected
        })
    );
    // Under the "mover wins" option White wins; placed far away, White simply wins.
    let mover_wins = Rules {
        variant: Variant::Parachute,
        simultaneous: gamut_engine::loa::SimultaneousConnection::MoverWins,
        ..Rules::default()
    };
    let mut q = Position::from_text(text, mover_wins).unwrap();
    q.play(q.parse_move("d1-b1 @c4").unwrap()).unwrap();
    assert_eq!(
        q.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::BothConnectedMoverWins
        })
    );
    let mut far = pos(Variant::Parachute, text);
    far.play(far.parse_move("d1b1@h8").unwrap()).unwrap();
    assert_eq!(far.outcome().and_then(Outcome::winner), Some(Color::White));
}

#[test]
fn reserves_and_marks_are_checked_against_the_variant() {
    let standard = Position::from_text("8/b6w/w6b/b6w/w6b/b6w/w6b/8 b 6/6", Rules::default());
    assert_eq!(
        standard.unwrap_err(),
        PositionError::ReservesNotInVariant(Variant::Standard)
    );
    let marks = Position::from_text(
        "1BbBbBb1/W6w/w6W/W6w/w6W/W6w/w6W/1bBbBbB1 b",
        Rules::default(),
    );
    assert_eq!(
        marks.unwrap_err(),
        PositionError::MarksNotInVariant(Variant::Standard)
    );
    // In Parachute a side may have no piece on the board while the opponent holds some.
    assert!(Position::from_text("8/8/8/8/8/8/8/b7 b 2/0", rules(Variant::Parachute)).is_ok());
    assert_eq!(
        Position::from_text("8/8/8/8/8/8/8/b7 b 0/1", rules(Variant::Parachute)).unwrap_err(),
        PositionError::NoPieces(Color::White)
    );
}

// ---------------------------------------------------- LOA for four and Ambidextrous

const MARKED_START: &str = "1BbBbBb1/W6w/w6W/W6w/w6W/W6w/w6W/1bBbBbB1 b";

#[test]
fn marked_sets_alternate_along_each_edge() {
    for variant in [Variant::FourPlayers, Variant::Ambidextrous] {
        let p = Position::new(rules(variant));
        assert_eq!(p.to_text(), MARKED_START);
        assert_eq!(p.marked(), bits("c1 e1 g1 b8 d8 f8 a3 a5 a7 h2 h4 h6"));
        assert_eq!(p.movers(), bits("b1 d1 f1 c8 e8 g8"));
        assert_eq!(p.seat(), 0);
    }
}

#[test]
fn seats_move_in_turn_each_with_its_own_set() {
    let mut p = Position::new(rules(Variant::FourPlayers));
    let expected = [
        (Color::Black, PieceSet::Plain, 0),
        (Color::White, PieceSet::Plain, 1),
        (Color::Black, PieceSet::Marked, 2),
        (Color::White, PieceSet::Marked, 3),
        (Color::Black, PieceSet::Plain, 0),
        (Color::White, PieceSet::Plain, 1),
    ];
    for (side, set, seat) in expected {
        assert_eq!(
            (p.side_to_move(), p.set_to_move(), p.seat()),
            (side, set, seat)
        );
        let movers = p.movers();
        let moves = p.legal_moves();
        assert!(!moves.is_empty());
        for mv in &moves {
            assert_ne!(
                movers & mv.from().unwrap().bit(),
                0,
                "{mv} moves another set"
            );
        }
        p.play(moves[0]).unwrap();
    }
    // Undo walks the seats back.
    p.undo();
    p.undo();
    assert_eq!(p.seat(), 0);
    p.undo();
    assert_eq!((p.seat(), p.set_to_move()), (3, PieceSet::Marked));
}

#[test]
fn white_first_puts_white_plain_in_the_first_seat() {
    let mut p = Position::new(Rules {
        variant: Variant::Ambidextrous,
        first_player: Color::White,
        ..Rules::default()
    });
    assert_eq!((p.side_to_move(), p.seat()), (Color::White, 0));
    for seat in [0, 1, 2, 3, 0] {
        assert_eq!(p.seat(), seat);
        p.play(p.legal_moves()[0]).unwrap();
    }
}

#[test]
fn a_piece_of_the_other_set_may_not_move() {
    let p = Position::new(rules(Variant::FourPlayers));
    let err = p.check_step(sq("c1"), sq("c3")).unwrap_err();
    assert_eq!(
        err,
        IllegalMove::WrongSet {
            square: sq("c1"),
            set: PieceSet::Plain,
            other: PieceSet::Marked
        }
    );
    assert_eq!(
        err.to_string(),
        "the piece on c1 is marked; this turn the plain set moves"
    );
    assert!(p.legal_moves_from(sq("c1")).is_empty());
    assert!(!p.legal_moves_from(sq("b1")).is_empty());
}

#[test]
fn marks_travel_with_their_pieces_and_leave_with_captures() {
    // Black's marked d4 captures White's marked f6 (diagonal d4-f6 holds two pieces).
    let mut p = pos(Variant::FourPlayers, "8/8/5W2/8/3B4/8/b6w/1w6 B");
    let before = (p.to_text(), p.hash());
    let mv = p.parse_move("d4xf6").unwrap();
    p.play(mv).unwrap();
    assert_eq!(p.marked(), sq("f6").bit());
    assert_eq!(p.pieces(Color::Black) & sq("f6").bit(), sq("f6").bit());
    assert_eq!(p.to_text(), "8/8/5B2/8/8/8/b6w/1w6 W");
    p.undo();
    assert_eq!((p.to_text(), p.hash()), before);
}

#[test]
fn a_seat_whose_set_cannot_move_passes() {
    // Black's marked set is gone: that seat can only pass; then White's marked set moves.
    let mut p = pos(Variant::FourPlayers, "8/5b2/8/3b4/8/8/8/W6w B");
    assert_eq!(p.legal_moves(), vec![Move::Pass]);
    p.play(Move::Pass).unwrap();
    assert_eq!(
        (p.side_to_move(), p.set_to_move()),
        (Color::White, PieceSet::Marked)
    );
    assert_eq!(p.movers(), sq("a1").bit());
}

#[test]
fn a_team_wins_when_all_its_pieces_connect() {
    // Black's plain b4-c4 joins the marked d5 and the plain e5: both sets of Black connected.
    for variant in [Variant::FourPlayers, Variant::Ambidextrous] {
        let mut p = pos(variant, "8/8/8/3Bb3/1b6/8/8/W6w b");
        p.play(p.parse_move("b4-c4").unwrap()).unwrap();
        assert_eq!(
            p.outcome(),
            Some(Outcome::Win {
                winner: Color::Black,
                reason: WinReason::Connected
            })
        );
    }
}
