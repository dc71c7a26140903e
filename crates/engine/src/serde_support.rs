//! Serde support (the `serde` feature): the game's engine jobs cross to a Web Worker as JSON.
//! Most types derive `Serialize` and `Deserialize` where they are declared; this module holds
//! what a derive cannot say.
//!
//! An [`AnyPosition`] is carried as its game record ([`Record::from_game`] under the position's
//! [`AnyPosition::config`]): the game and every rule option, the setup it started from, the moves
//! played (so repetitions still count) and the result. Reading it replays the record through the
//! rules, so a position read is one the rules reached. The one thing a record does not keep is
//! the order of a Boundless setup's pieces (its `Position` tag sorts them), which fixes the
//! order the moves are generated in and so the search's choice between equal moves: when that
//! order is not the one the record would give back, the setup in its own order goes in the
//! record's `SetupOrder` tag.
//!
//! The newtypes that must stay in range (squares, levels) are checked on the way in.

use serde::de::{Deserialize, Deserializer, Error};
use serde::ser::{Serialize, Serializer};

use crate::any_game::AnyPosition;
use crate::boundless::{self, Point};
use crate::record::Record;

/// The record tag holding a Boundless setup with its pieces in their own order (`b:g1,b1 w:a2,h7
/// b`), when the `Position` tag's sorted order would give them back in another.
const SETUP_ORDER_TAG: &str = "SetupOrder";

/// A position as its game record text.
impl Serialize for AnyPosition {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&record_text(self))
    }
}

/// A position from its game record text, replayed through the rules.
impl<'de> Deserialize<'de> for AnyPosition {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<AnyPosition, D::Error> {
        let text = String::deserialize(deserializer)?;
        let mut record = Record::parse(&text).map_err(D::Error::custom)?;
        let order = record
            .other_tags
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(SETUP_ORDER_TAG))
            .map(|(_, value)| value.clone());
        let Some(order) = order else {
            return record.replay().map_err(D::Error::custom);
        };
        let setup = record.start_position().map_err(D::Error::custom)?;
        record.start = Some(order);
        let position = record.replay().map_err(D::Error::custom)?;
        if !matches!(position, AnyPosition::Boundless(_))
            || position.initial_text() != setup.initial_text()
        {
            return Err(D::Error::custom(format!(
                "the {SETUP_ORDER_TAG} tag is not the record's Boundless setup"
            )));
        }
        Ok(position)
    }
}

/// The record of the game up to `position`, with the `SetupOrder` tag when a Boundless setup's
/// pieces would otherwise come back in another order.
fn record_text(position: &AnyPosition) -> String {
    let mut record = Record::from_game(position.config(), position);
    if let AnyPosition::Boundless(p) = position {
        let kept = match record.start_position() {
            Ok(AnyPosition::Boundless(q)) => q.initial_setup() == p.initial_setup(),
            _ => false,
        };
        if !kept {
            record
                .other_tags
                .push((SETUP_ORDER_TAG.to_string(), in_order(p.initial_setup())));
        }
    }
    record.to_string()
}

/// Boundless position text with each colour's pieces in the setup's order (its `Display` sorts
/// them); reading it keeps that order.
fn in_order(setup: &boundless::Setup) -> String {
    let list = |points: &[Point]| {
        points
            .iter()
            .map(Point::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "b:{} w:{} {}",
        list(&setup.black),
        list(&setup.white),
        setup.side.letter()
    )
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::any_game::{AnyMove, GameConfig, GameKind};
    use crate::coach::{Explanation, Judgement, Reason, Seen};
    use crate::game::{DrawReason, Outcome};
    use crate::level::Level;
    use crate::search::{Limits, Line, MultiInfo, Score};
    use crate::{Color, Game, epaminondas, loa};

    /// A small board's rules go through JSON; a small board with another variant than the
    /// standard setup is refused, and rules written before there were boards read as 8×8.
    #[test]
    fn loa_rules_through_json_keep_the_board_only_with_the_standard_setup() {
        let mut config = GameConfig::default();
        config.loa.board = loa::BoardSize::Six;
        let json = serde_json::to_string(&config).unwrap();
        assert_eq!(serde_json::from_str::<GameConfig>(&json).unwrap(), config);
        let parachute = json.replace("\"Standard\"", "\"Parachute\"");
        assert_ne!(parachute, json);
        let refused = serde_json::from_str::<GameConfig>(&parachute).unwrap_err();
        assert!(
            refused.to_string().contains("standard setup only"),
            "{refused}"
        );
        let old = r#"{"variant":"Parachute","first_player":"Black","simultaneous":"Draw","repetition_draw":true}"#;
        let rules: loa::Rules = serde_json::from_str(old).unwrap();
        assert_eq!(
            (rules.variant, rules.board),
            (loa::Variant::Parachute, loa::BoardSize::Eight)
        );
    }

    /// The position through JSON and back.
    fn through_json(position: &AnyPosition) -> AnyPosition {
        let json = serde_json::to_string(position).expect("a position serializes");
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}\n{json}"))
    }

    /// Everything the search reads is the same in both, at every point of their histories.
    fn assert_same(a: &AnyPosition, b: &AnyPosition) {
        assert_eq!(a.config(), b.config());
        assert_eq!(a.initial_text(), b.initial_text());
        assert_eq!(a.moves_played(), b.moves_played());
        assert_eq!(a.outcome(), b.outcome());
        match (a, b) {
            (AnyPosition::LinesOfAction(p), AnyPosition::LinesOfAction(q)) => {
                assert_eq!(p.rules(), q.rules());
                assert_eq!(p.initial_setup(), q.initial_setup());
            }
            (AnyPosition::Epaminondas(p), AnyPosition::Epaminondas(q)) => {
                assert_eq!(p.rules(), q.rules());
                assert_eq!(p.initial_setup(), q.initial_setup());
            }
            (AnyPosition::Boundless(p), AnyPosition::Boundless(q)) => {
                assert_eq!(p.rules(), q.rules());
                // Vectors: the pieces' order too.
                assert_eq!(p.initial_setup(), q.initial_setup());
            }
            _ => panic!("another game came back: {} for {}", b.kind(), a.kind()),
        }
        let (mut a, mut b) = (a.clone(), b.clone());
        loop {
            assert_eq!(a.side_to_move(), b.side_to_move());
            assert_eq!(a.to_text(), b.to_text());
            assert_eq!(a.hash(), b.hash());
            assert_eq!(a.ply(), b.ply());
            assert_eq!(a.outcome(), b.outcome());
            // In the same order: the search tries them in it.
            assert_eq!(a.legal_moves(), b.legal_moves());
            let undone = a.undo();
            assert_eq!(undone, b.undo());
            if undone.is_none() {
                break;
            }
        }
    }

    /// `position` through JSON, checked the same.
    fn round_trip(position: &AnyPosition) -> AnyPosition {
        let back = through_json(position);
        assert_same(position, &back);
        back
    }

    /// Plays `plies` moves picked by a fixed rule; the game must not end on the way.
    fn play(position: &mut AnyPosition, plies: usize) {
        for ply in 0..plies {
            let moves = position.legal_moves();
            assert!(!moves.is_empty(), "the game ended at ply {ply}");
            position
                .play(moves[(ply * 7 + 3) % moves.len()])
                .expect("legal");
        }
    }

    fn loa_config(variant: loa::Variant) -> GameConfig {
        let mut config = GameConfig::default();
        config.loa.variant = variant;
        config
    }

    #[test]
    fn the_loa_start_round_trips() {
        let start = GameConfig::default().start();
        let back = round_trip(&start);
        assert_eq!(back.moves_played(), Vec::new());
        assert_eq!(back.side_to_move(), Color::Black);
    }

    #[test]
    fn a_loa_game_keeps_its_moves_and_side_to_move() {
        let mut position = GameConfig::default().start();
        play(&mut position, 9);
        let back = round_trip(&position);
        assert_eq!(back.moves_played().len(), 9);
        assert_eq!(back.side_to_move(), Color::White);
        assert_eq!(back.to_text(), position.to_text());
    }

    /// Black a1 and a8, White h1 and h8: each side shuttles a piece two squares up its file and
    /// back, and the position comes round every four plies.
    const SHUTTLE: &str = "b6w/8/8/8/8/8/8/b6w b";

    fn shuttle(position: &mut AnyPosition, moves: &[&str]) {
        for text in moves {
            let mv = position.parse_move(text).expect("a move");
            position.play(mv).expect("legal");
        }
    }

    #[test]
    fn a_repetition_still_counts_after_the_round_trip() {
        let config = GameConfig::default();
        let mut position = config.position_from_text(SHUTTLE).expect("valid");
        shuttle(
            &mut position,
            &["a1a3", "h1h3", "a3a1", "h3h1", "a1a3", "h1h3", "a3a1"],
        );
        assert_eq!(position.outcome(), None);
        let mut back = round_trip(&position);
        // The third time: a draw, in the position that came back as in the one that did not.
        let draw = Some(Outcome::Draw {
            reason: DrawReason::Repetition,
        });
        for p in [&mut position, &mut back] {
            shuttle(p, &["h3h1"]);
            assert_eq!(p.outcome(), draw);
        }
        // And the finished game comes back finished.
        assert_eq!(round_trip(&back).outcome(), draw);
        // With the repetition rule off it goes on.
        let mut config = config;
        config.set_repetition_draw(false);
        let mut off = config.position_from_text(SHUTTLE).expect("valid");
        shuttle(
            &mut off,
            &["a1a3", "h1h3", "a3a1", "h3h1", "a1a3", "h1h3", "a3a1"],
        );
        let mut off = round_trip(&off);
        shuttle(&mut off, &["h3h1"]);
        assert_eq!(off.outcome(), None);
    }

    #[test]
    fn every_variant_and_rule_option_round_trips() {
        for variant in loa::Variant::ALL {
            for (first_player, simultaneous, repetition_draw) in [
                (Color::Black, loa::SimultaneousConnection::Draw, true),
                (Color::White, loa::SimultaneousConnection::MoverWins, false),
            ] {
                let mut config = loa_config(variant);
                config.loa.first_player = first_player;
                config.loa.simultaneous = simultaneous;
                config.set_repetition_draw(repetition_draw);
                let mut position = config.start();
                round_trip(&position);
                // Past Parachute's placements and round LOA for four's seats twice.
                play(&mut position, 14);
                let back = round_trip(&position);
                assert_eq!(back.config().loa, config.loa, "{variant}");
                assert_eq!(
                    serde_json::to_string(&back).ok(),
                    serde_json::to_string(&position).ok()
                );
            }
        }
    }

    #[test]
    fn parachute_keeps_the_pieces_held() {
        let mut position = loa_config(loa::Variant::Parachute).start();
        play(&mut position, 3);
        let back = round_trip(&position);
        let (AnyPosition::LinesOfAction(p), AnyPosition::LinesOfAction(q)) = (&position, &back)
        else {
            panic!("Lines of Action positions");
        };
        assert_eq!(p.setup().held, q.setup().held);
        assert!(q.setup().held.iter().any(|&n| n < loa::PARACHUTE_RESERVE));
    }

    #[test]
    fn loa_for_four_keeps_the_seat_to_move() {
        let mut position = loa_config(loa::Variant::FourPlayers).start();
        play(&mut position, 6);
        let back = round_trip(&position);
        let (AnyPosition::LinesOfAction(p), AnyPosition::LinesOfAction(q)) = (&position, &back)
        else {
            panic!("Lines of Action positions");
        };
        assert_eq!(p.set_to_move(), q.set_to_move());
        assert_eq!(p.marked(), q.marked());
    }

    #[test]
    fn an_epaminondas_game_round_trips() {
        for board in [
            epaminondas::BoardSize::Standard,
            epaminondas::BoardSize::Small,
        ] {
            for (anti_symmetry, repetition_draw) in [(true, true), (false, false)] {
                let mut config = GameConfig {
                    kind: GameKind::Epaminondas,
                    ..GameConfig::default()
                };
                config.epaminondas.board = board;
                config.epaminondas.anti_symmetry = anti_symmetry;
                config.set_repetition_draw(repetition_draw);
                let mut position = config.start();
                round_trip(&position);
                play(&mut position, 11);
                let back = round_trip(&position);
                assert_eq!(back.config().epaminondas, config.epaminondas);
                assert_eq!(back.side_to_move(), Color::Black);
            }
        }
    }

    #[test]
    fn a_position_set_up_from_text_keeps_its_setup() {
        let config = GameConfig::default();
        let text = "8/2b5/8/3w4/8/1b6/5w2/b7 w";
        let mut position = config.position_from_text(text).expect("valid");
        round_trip(&position);
        play(&mut position, 2);
        let back = round_trip(&position);
        assert_eq!(back.initial_text(), text);
        // An Epaminondas setup too.
        let config = GameConfig {
            kind: GameKind::Epaminondas,
            ..GameConfig::default()
        };
        let mut start = config.start();
        play(&mut start, 4);
        let mut position = config.position_from_text(&start.to_text()).expect("valid");
        play(&mut position, 3);
        assert_eq!(round_trip(&position).initial_text(), start.to_text());
    }

    #[test]
    fn a_boundless_setup_keeps_its_pieces_order() {
        let config = loa_config(loa::Variant::Boundless);
        // Not in the sorted order the Position tag writes.
        let text = "b:g1,(0,-2),b1,c8 w:h7,a2,(12,3) w";
        let mut position = config.position_from_text(text).expect("valid");
        let back = round_trip(&position);
        assert!(
            serde_json::to_string(&back)
                .expect("serializes")
                .contains(SETUP_ORDER_TAG)
        );
        play(&mut position, 6);
        round_trip(&position);
        // The start position's pieces, read from the board text (rank 8 first): the record's
        // start would give them back in another order.
        let board = "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b";
        let mut position = config.position_from_text(board).expect("valid");
        assert_eq!(position.to_text(), config.start().to_text());
        play(&mut position, 5);
        round_trip(&position);
        // The start itself needs no tag.
        let mut start = config.start();
        play(&mut start, 5);
        let json = serde_json::to_string(&start).expect("serializes");
        assert!(!json.contains(SETUP_ORDER_TAG), "{json}");
        round_trip(&start);
    }

    #[test]
    fn a_setup_order_tag_of_another_setup_is_refused() {
        let config = loa_config(loa::Variant::Boundless);
        let position = config
            .position_from_text("b:g1,b1,c8 w:h7,a2 b")
            .expect("valid");
        let json = serde_json::to_string(&position).expect("serializes");
        let other = json.replace("b:g1,b1,c8", "b:g1,b2,c8");
        assert_ne!(json, other);
        assert!(serde_json::from_str::<AnyPosition>(&other).is_err());
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for json in [
            "\"not a record at all\"",
            "\"\"",
            "\"[Game \\\"Chess\\\"]\"",
            "\"1. z9-z10 *\"",
            "\"[Position \\\"8/8/8/8/8/8/8/8 b\\\"]\"",
            "42",
            "null",
            "{\"LinesOfAction\": 3}",
        ] {
            let read = serde_json::from_str::<AnyPosition>(json);
            assert!(read.is_err(), "{json} read as {read:?}");
        }
    }

    #[test]
    fn moves_round_trip_and_out_of_range_squares_are_refused() {
        let mut moves: Vec<AnyMove> = Vec::new();
        for config in [
            GameConfig::default(),
            loa_config(loa::Variant::Parachute),
            loa_config(loa::Variant::Boundless),
            GameConfig {
                kind: GameKind::Epaminondas,
                ..GameConfig::default()
            },
        ] {
            let position = config.start();
            moves.extend(position.legal_moves());
            moves.extend(position.null_move());
        }
        moves.push(AnyMove::LinesOfAction(loa::Move::PassDrop {
            drop: loa::Square::new(63).expect("h8"),
        }));
        let json = serde_json::to_string(&moves).expect("serializes");
        assert_eq!(
            serde_json::from_str::<Vec<AnyMove>>(&json).ok(),
            Some(moves)
        );
        for bad in [
            r#"{"LinesOfAction":{"Step":{"from":1,"to":64}}}"#,
            r#"{"Epaminondas":{"Step":{"tail":14,"to":16}}}"#,
            r#"{"Epaminondas":{"Step":{"tail":0,"to":192}}}"#,
            r#"{"LinesOfAction":{"PassDrop":{"drop":-1}}}"#,
        ] {
            assert!(serde_json::from_str::<AnyMove>(bad).is_err(), "{bad}");
        }
        let ok = r#"{"Epaminondas":{"Step":{"tail":13,"to":187}}}"#;
        assert!(serde_json::from_str::<AnyMove>(ok).is_ok());
    }

    #[test]
    fn levels_round_trip_within_their_range() {
        for level in Level::all() {
            let json = serde_json::to_string(&level).expect("serializes");
            assert_eq!(serde_json::from_str::<Level>(&json).ok(), Some(level));
        }
        for bad in ["0", "15", "255", "-1"] {
            assert!(serde_json::from_str::<Level>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn configs_round_trip() {
        for variant in loa::Variant::ALL {
            let mut config = loa_config(variant);
            config.loa.first_player = Color::White;
            config.loa.simultaneous = loa::SimultaneousConnection::MoverWins;
            config.epaminondas.board = epaminondas::BoardSize::Small;
            config.set_repetition_draw(false);
            let json = serde_json::to_string(&config).expect("serializes");
            assert_eq!(serde_json::from_str::<GameConfig>(&json).ok(), Some(config));
        }
    }

    /// Some moves of each game.
    fn some_moves() -> Vec<AnyMove> {
        let mut loa = GameConfig::default().start();
        play(&mut loa, 3);
        let mut boundless = loa_config(loa::Variant::Boundless).start();
        play(&mut boundless, 2);
        let mut moves = loa.moves_played();
        moves.extend(boundless.moves_played());
        moves
    }

    #[test]
    fn scores_and_limits_round_trip() {
        for score in [
            Score::Centipawns(-1234),
            Score::Centipawns(0),
            Score::WinIn(3),
            Score::LossIn(8),
        ] {
            let json = serde_json::to_string(&score).expect("serializes");
            assert_eq!(serde_json::from_str::<Score>(&json).ok(), Some(score));
        }
        for limits in [
            Limits::default(),
            Limits::depth(7),
            Limits::nodes(123_456_789_012),
            Limits::clock(Duration::from_millis(61_234), Duration::from_millis(500)),
            Limits {
                depth: Some(3),
                time: Some(Duration::new(2, 5)),
                soft_time: Some(Duration::from_micros(1500)),
                nodes: Some(1),
            },
        ] {
            let json = serde_json::to_string(&limits).expect("serializes");
            let back: Limits = serde_json::from_str(&json).expect("deserializes");
            assert_eq!(
                (back.depth, back.time, back.soft_time, back.nodes),
                (limits.depth, limits.time, limits.soft_time, limits.nodes)
            );
        }
    }

    #[test]
    fn lines_round_trip() {
        let moves = some_moves();
        let info = MultiInfo {
            depth: 9,
            nodes: 987_654,
            time: Duration::from_millis(1234),
            lines: vec![
                Line {
                    score: Score::Centipawns(35),
                    pv: moves[..3].to_vec(),
                },
                Line {
                    score: Score::LossIn(4),
                    pv: moves[3..].to_vec(),
                },
                Line {
                    score: Score::WinIn(1),
                    pv: Vec::new(),
                },
            ],
        };
        let json = serde_json::to_string(&info).expect("serializes");
        let back: MultiInfo<AnyMove> = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(
            (back.depth, back.nodes, back.time),
            (info.depth, info.nodes, info.time)
        );
        assert_eq!(back.lines, info.lines);
    }

    #[test]
    fn the_coachs_words_round_trip() {
        let moves = some_moves();
        let explanation = Explanation {
            ply: 12,
            mover: Color::White,
            played: moves[0],
            judgement: Judgement::Blunder,
            reasons: vec![
                Reason::AllowsForcedWin {
                    plies: 3,
                    line: moves[1..4].to_vec(),
                },
                Reason::GivesUpWin { plies: 5 },
                Reason::AllowsCapture {
                    reply: moves[4],
                    count: 2,
                },
                Reason::SplitsGroup {
                    before: 7,
                    after: 4,
                },
                Reason::BlocksOwnPieces {
                    before: 20,
                    after: 9,
                },
                Reason::WorsePosition { drop: 310 },
                Reason::KeepsTheWin { plies: 1 },
            ],
            better: Some(moves[2]),
            scores: (Score::WinIn(5), Score::Centipawns(-40)),
        };
        let json = serde_json::to_string(&explanation).expect("serializes");
        assert_eq!(
            serde_json::from_str::<Explanation>(&json).ok(),
            Some(explanation)
        );
        let seen = Seen {
            score: Score::LossIn(2),
            line: moves,
        };
        let json = serde_json::to_string(&seen).expect("serializes");
        assert_eq!(serde_json::from_str::<Seen>(&json).ok(), Some(seen));
        for judgement in [Judgement::Dubious, Judgement::Blunder, Judgement::OnlyMove] {
            let json = serde_json::to_string(&judgement).expect("serializes");
            assert_eq!(
                serde_json::from_str::<Judgement>(&json).ok(),
                Some(judgement)
            );
        }
    }
}
