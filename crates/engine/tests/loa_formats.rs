//! Position text and move notation for Lines of Action: round trips and clear errors.

use gamut_engine::game::MoveError;
use gamut_engine::loa::{
    Move, PieceSet, Position, PositionError, Rules, Setup, SetupParseError, Square,
};
use gamut_engine::notation::MoveParseError;
use gamut_engine::{Color, Game};

#[test]
fn position_text_round_trips() {
    for text in [
        "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b",
        "1wbwbwb1/w6b/b6w/w6b/b6w/w6b/b6w/1bwbwbw1 w",
        "8/8/8/3bb1b1/4b3/8/8/w6w b",
        "bbbbbbbb/wwwwwwww/8/8/8/8/8/8 w",
    ] {
        let setup: Setup = text.parse().unwrap();
        assert_eq!(setup.to_string(), text);
        assert_eq!(
            Position::from_setup(setup, Rules::default())
                .unwrap()
                .to_text(),
            text
        );
    }
    // Upper case marks pieces and the marked set to move (LOA for four, Ambidextrous).
    let upper: Setup = "1BBBBBB1/W6W/W6W/W6W/W6W/W6W/W6W/1BBBBBB1 B"
        .parse()
        .unwrap();
    assert_eq!(upper.marked, upper.black | upper.white);
    assert_eq!(upper.set, PieceSet::Marked);
    assert_eq!(
        upper.to_string(),
        "1BBBBBB1/W6W/W6W/W6W/W6W/W6W/W6W/1BBBBBB1 B"
    );
}

#[test]
fn bad_position_text_gets_typed_errors() {
    let cases: [(&str, SetupParseError); 9] = [
        ("", SetupParseError::Empty),
        ("8/8/8/8/8/8/8/8", SetupParseError::MissingSide),
        ("8/8/8/8/8 b", SetupParseError::RankCount(5)),
        ("8/8/8/8/8/8/8/8/8 b", SetupParseError::RankCount(9)),
        (
            "7/8/8/8/8/8/8/8 b",
            SetupParseError::RankLength {
                rank: 8,
                squares: 7,
                expected: 8,
            },
        ),
        (
            "8/8/8/8/bbbbbbbbb/8/8/8 b",
            SetupParseError::RankLength {
                rank: 4,
                squares: 9,
                expected: 8,
            },
        ),
        (
            "8/8/8/8/8/8/8/7q b",
            SetupParseError::BadCharacter {
                rank: 1,
                character: 'q',
            },
        ),
        ("8/8/8/8/8/8/8/8 x", SetupParseError::BadSide("x".into())),
        (
            "8/7/7/7/7/7/7 b",
            SetupParseError::RankLength {
                rank: 7,
                squares: 8,
                expected: 7,
            },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(text.parse::<Setup>(), Err(expected), "{text:?}");
    }
    assert_eq!(
        "8/8/8/8/8/8/8/8 b w".parse::<Setup>(),
        Err(SetupParseError::BadReserves("w".into()))
    );
    assert_eq!(
        "8/8/8/8/8/8/8/8 b 6/13".parse::<Setup>(),
        Err(SetupParseError::BadReserves("6/13".into()))
    );
    assert_eq!(
        "8/8/8/8/8/8/8/8 b 6/6 w".parse::<Setup>(),
        Err(SetupParseError::TrailingText("w".into()))
    );
    assert_eq!(
        "8/8/8/8/8/8/8/8 b".parse::<Setup>().map(|_| ()),
        Ok(()),
        "an empty board is valid text"
    );
    assert_eq!(
        Position::from_text("8/8/8/8/8/8/8/8 b", Rules::default()).unwrap_err(),
        PositionError::NoPieces(Color::Black)
    );
    assert_eq!(
        Position::from_text("8/8/8/8/8/8/8/b7 b", Rules::default()).unwrap_err(),
        PositionError::NoPieces(Color::White)
    );
    let overlap = Setup::plain(1, 1, Color::Black);
    assert_eq!(
        Position::from_setup(overlap, Rules::default()).unwrap_err(),
        PositionError::Overlap(Square::parse("a1").unwrap())
    );
    // Messages name the problem for a person.
    let message = Position::from_text("8/8/8 b", Rules::default())
        .unwrap_err()
        .to_string();
    assert!(message.contains("3 ranks"), "{message}");
}

#[test]
fn moves_round_trip_in_both_notations() {
    let p = Position::new(Rules::default());
    for mv in p.legal_moves() {
        let engine = mv.to_string();
        let human = p.human_move(mv);
        assert_eq!(p.parse_move(&engine), Ok(mv));
        assert_eq!(p.parse_move(&human), Ok(mv));
        assert_eq!(p.parse_move(&human.replace('x', ":")), Ok(mv));
        assert_eq!(engine, human.replace(['-', 'x'], ""));
    }
    let mv = Move::Step {
        from: Square::parse("c1").unwrap(),
        to: Square::parse("a3").unwrap(),
    };
    assert_eq!(p.human_move(mv), "c1xa3");
    assert_eq!(mv.to_string(), "c1a3");
    assert_eq!(Move::Pass.to_string(), "pass");
}

#[test]
fn bad_moves_get_clear_errors_and_change_nothing() {
    let mut p = Position::new(Rules::default());
    let before = (p.to_text(), p.hash());
    assert_eq!(
        p.parse_move(""),
        Err(MoveError::Syntax(MoveParseError::Empty))
    );
    assert!(matches!(
        p.parse_move("hello"),
        Err(MoveError::Syntax(MoveParseError::Malformed(_)))
    ));
    assert!(matches!(
        p.parse_move("b1-i3"),
        Err(MoveError::Syntax(MoveParseError::Square { .. }))
    ));
    let err = p.parse_move("b1-b2").unwrap_err();
    assert_eq!(
        err.to_string(),
        "b1-b2 is not legal here: the piece on b1 must move exactly 2 squares along that line (2 pieces on it)"
    );
    assert!(p.parse_move("pass").is_err());
    let illegal = Move::Step {
        from: Square::parse("a2").unwrap(),
        to: Square::parse("c2").unwrap(),
    };
    assert!(p.play(illegal).is_err());
    assert_eq!((p.to_text(), p.hash()), before);
}
