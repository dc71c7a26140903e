//! The engine's parsers as fuzz targets, each with seeds made from real games: position texts
//! of every game and variant, move texts, records, save files, protocol lines and the protocol
//! engine itself. (The game's own files — settings and its saves — are fuzzed by the game
//! crate's `tests/fuzz_files.rs` with the same runner.)

use std::io::Cursor;

use gamut_engine::any_game::{AnyPosition, GameConfig, GameKind};
use gamut_engine::protocol::command::Command;
use gamut_engine::protocol::{Engine, LineRead, LineSink, client, read_line_capped};
use gamut_engine::record::{Record, SaveFile, read_record_or_save_bytes};
use gamut_engine::{Game, epaminondas, loa, notation};

use crate::{Rng, Target};

/// Every game, board and variant with its own position text (Scrambled Eggs shares standard's).
pub fn configs() -> Vec<(&'static str, GameConfig)> {
    let loa = |variant| GameConfig {
        kind: GameKind::LinesOfAction,
        loa: loa::Rules {
            variant,
            ..loa::Rules::default()
        },
        ..GameConfig::default()
    };
    let epaminondas = |board| GameConfig {
        kind: GameKind::Epaminondas,
        epaminondas: epaminondas::Rules {
            board,
            ..epaminondas::Rules::default()
        },
        ..GameConfig::default()
    };
    vec![
        ("loa", loa(loa::Variant::Standard)),
        ("scrambled-eggs", loa(loa::Variant::ScrambledEggs)),
        ("parachute", loa(loa::Variant::Parachute)),
        ("four-players", loa(loa::Variant::FourPlayers)),
        ("ambidextrous", loa(loa::Variant::Ambidextrous)),
        ("boundless", loa(loa::Variant::Boundless)),
        ("epaminondas", epaminondas(epaminondas::BoardSize::Standard)),
        (
            "epaminondas-small",
            epaminondas(epaminondas::BoardSize::Small),
        ),
    ]
}

/// Positions along random games of `config` (every few plies), the start first.
pub fn random_positions(config: GameConfig, games: usize, seed: u64) -> Vec<AnyPosition> {
    let mut rng = Rng::new(seed);
    let mut found = vec![config.start()];
    for _ in 0..games {
        let mut position = config.start();
        for ply in 0..200 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position.play_unchecked(moves[rng.below(moves.len())]);
            if ply % 7 == 3 {
                found.push(position.clone());
            }
        }
        found.push(position);
    }
    found
}

fn text(input: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(input)
}

/// A position text that reads must write back to text that reads to the same position, and
/// its moves must be generated and played without trouble.
fn check_position(config: &GameConfig, position: &AnyPosition) {
    let written = position.to_text();
    let again = config
        .position_from_text(&written)
        .unwrap_or_else(|e| panic!("written text {written:?} does not read back: {e}"));
    assert_eq!(again.to_text(), written, "position text round trip");
    let _ = position.outcome();
    let moves = position.legal_moves();
    assert_eq!(moves.len(), position.count_legal_moves());
    for &mv in moves.iter().take(4) {
        let mut next = position.clone();
        next.play(mv).expect("a generated move is legal");
        let _ = next.outcome();
        let _ = next.to_text();
        next.undo();
        assert_eq!(next.to_text(), written, "play and undo");
    }
}

/// One target per game and variant: its position text.
fn position_targets() -> Vec<Target> {
    configs()
        .into_iter()
        .filter(|(name, _)| *name != "scrambled-eggs")
        .map(|(name, config)| {
            let mut seeds: Vec<Vec<u8>> = random_positions(config, 6, 11)
                .iter()
                .map(|p| p.to_text().into_bytes())
                .collect();
            if name == "boundless" {
                seeds.push(b"b:b1,c1,(0,-2) w:a2,h7 b".to_vec());
                seeds.push(b"b:(1000000,-1000000),(3,3) w:(-1000000,1000000) w".to_vec());
            }
            let target_name: &'static str = Box::leak(format!("position-{name}").into_boxed_str());
            Target {
                name: target_name,
                seeds,
                run: Box::new(move |input| {
                    let read = config.position_from_text(&text(input));
                    if let Ok(position) = &read {
                        check_position(&config, position);
                    }
                    read.is_ok()
                }),
            }
        })
        .collect()
}

/// Move texts against positions of every game: the plain move reader, and each position's
/// own (a move that reads must be legal, and must read back from both its notations).
fn move_target() -> Target {
    let mut positions = Vec::new();
    let mut seeds = Vec::new();
    for (_, config) in configs() {
        for position in random_positions(config, 2, 5) {
            for mv in position.legal_moves().into_iter().take(12) {
                seeds.push(mv.to_string().into_bytes());
                seeds.push(position.human_move(mv).into_bytes());
            }
            positions.push(position);
        }
    }
    seeds.extend([b"pass".to_vec(), b"pass@d4".to_vec(), b"b1-(2,-1)".to_vec()]);
    Target {
        name: "move",
        seeds,
        run: Box::new(move |input| {
            let text = text(input);
            for (files, ranks) in [(8, 8), (14, 12), (26, 99)] {
                let _ = notation::MoveText::parse(&text, files, ranks);
            }
            let _ = text.parse::<notation::Coord>();
            let position = &positions[input.len() % positions.len()];
            if let Ok(mv) = position.parse_move(&text) {
                let mut next = position.clone();
                next.play(mv).expect("a move that reads is legal");
                assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
                assert_eq!(position.parse_move(&position.human_move(mv)), Ok(mv));
                return true;
            }
            false
        }),
    }
}

/// Records of random games of every game and variant (some short, some whole), with tags and
/// comments, and the hand-written ones of the engine's tests.
fn record_seeds() -> Vec<String> {
    let mut rng = Rng::new(3);
    let mut seeds = Vec::new();
    for (_, config) in configs() {
        for (i, position) in random_positions(config, 2, 9).into_iter().enumerate() {
            if i % 3 != 0 && position.ply() > 40 {
                continue;
            }
            let mut record = Record::from_game(config, &position);
            if rng.one_in(2) {
                record.players.black = Some("Ann \"the bold\"".into());
                record.date = Some("2025.03.14".into());
                record.comment = Some("a comment".into());
            }
            if let Some(first) = record.moves.first_mut() {
                first.comment = Some("+0.12 depth 9".into());
            }
            seeds.push(record.to_string());
        }
    }
    seeds.push(include_str!("../../engine/tests/data/records/loa-standard.txt").into());
    seeds.push(include_str!("../../engine/tests/data/records/epaminondas.txt").into());
    seeds.push(include_str!("../../engine/tests/data/records/parachute.txt").into());
    seeds.push("[Game \"Epaminondas\"]\n\n1. a2-a4 *".into());
    seeds.push("1.b1-d3 h4-f2 *".into());
    seeds
}

/// A record that reads must write back to a record that reads to the same game.
fn check_record(record: &Record) {
    let written = record.to_string();
    let again = Record::parse(&written)
        .unwrap_or_else(|e| panic!("the written record does not read back: {e}\n{written}"));
    assert_eq!(
        again.move_list(),
        record.move_list(),
        "record moves round trip"
    );
    let end = |r: &Record| r.replay().map(|p| p.to_text()).ok();
    assert_eq!(end(&again), end(record), "record final position round trip");
}

fn record_target() -> Target {
    Target {
        name: "record",
        seeds: record_seeds().into_iter().map(String::into_bytes).collect(),
        run: Box::new(|input| {
            let read = Record::parse(&text(input));
            if let Ok(record) = &read {
                check_record(record);
            }
            read.is_ok()
        }),
    }
}

fn save_target() -> Target {
    let seeds = record_seeds()
        .into_iter()
        .filter_map(|text| Record::parse(&text).ok())
        .map(|record| {
            let mut save = SaveFile::new(record);
            save.extra.insert(
                "players".into(),
                serde_json::json!({"black": "human", "white": "ai:3",
                    "black_marked": "human", "white_marked": "human"}),
            );
            save.extra
                .insert("think_time_ms".into(), serde_json::json!(1500));
            save.extra.insert(
                "view".into(),
                serde_json::json!({"flat": false, "flipped": true}),
            );
            save.to_json().into_bytes()
        })
        .collect();
    Target {
        name: "save",
        seeds,
        run: Box::new(|input| {
            let read = read_record_or_save_bytes(input);
            if let Ok(record) = &read {
                check_record(record);
            }
            read.is_ok()
        }),
    }
}

/// Protocol lines of every kind.
fn protocol_seeds() -> Vec<Vec<u8>> {
    let mut lines: Vec<String> = [
        "uci",
        "isready",
        "ucinewgame",
        "d",
        "stop",
        "quit",
        "go depth 3",
        "go movetime 100",
        "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5",
        "go nodes 1000",
        "go infinite",
        "perft 2",
        "go perft 1",
        "setoption name Game value epaminondas",
        "setoption name Variant value parachute",
        "setoption name Board value small",
        "setoption name FirstPlayer value white",
        "setoption name Simultaneous value mover-wins",
        "setoption name Repetition value false",
        "setoption name AntiSymmetry value off",
        "setoption name Level value 3",
        "setoption name Hash value 16",
        "setoption name LoaWeights value -12,-4,-1,-2,-5,5,3,7,-4,43",
        "setoption name EpaminondasWeights value 27,61,3,5,-1,8",
        "position startpos moves b1d3 h2f4",
        "position startpos moves b1-d3 a2xc4",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for (_, config) in configs() {
        let positions = random_positions(config, 1, 2);
        if let Some(position) = positions.get(2) {
            lines.push(format!("position fen {}", position.to_text()));
            let moves: Vec<String> = position
                .moves_played()
                .iter()
                .map(ToString::to_string)
                .collect();
            lines.push(format!("position startpos moves {}", moves.join(" ")));
        }
    }
    lines.into_iter().map(String::into_bytes).collect()
}

/// One protocol line read into a command; also the engine command line splitter and the line
/// reader's cap (with a tiny cap, so the cap's paths are taken).
fn command_target() -> Target {
    Target {
        name: "protocol-line",
        seeds: protocol_seeds(),
        run: Box::new(|input| {
            let line = text(input);
            let accepted = Command::parse(&line).is_ok();
            let _ = client::split_command(&line);
            let mut reader = Cursor::new(input);
            let mut buffer = Vec::new();
            let mut lines = 0;
            loop {
                buffer.clear();
                match read_line_capped(&mut reader, &mut buffer, 16).expect("reading memory") {
                    LineRead::End => break,
                    LineRead::Line => assert!(buffer.len() <= 17, "a line over the cap"),
                    LineRead::TooLong => assert!(buffer.is_empty()),
                }
                lines += 1;
                assert!(lines <= input.len(), "more lines than bytes");
            }
            accepted
        }),
    }
}

/// Drops the engine's answers.
struct Discard;

impl LineSink for Discard {
    fn send_line(&mut self, _: &str) {}
}

/// Sessions of protocol lines fed to a fresh engine: options, positions and moves, display.
/// Searches, perft and `isready` (which allocates the table) are left out: they are timed
/// work, not parsing, and the soak test covers them.
fn engine_target() -> Target {
    let lines = protocol_seeds();
    let mut rng = Rng::new(17);
    let sessions = (0..64)
        .map(|_| {
            let mut session = Vec::new();
            for _ in 0..1 + rng.below(4) {
                session.extend_from_slice(&lines[rng.below(lines.len())]);
                session.push(b'\n');
            }
            session
        })
        .collect();
    Target {
        name: "protocol-engine",
        seeds: sessions,
        run: Box::new(|input| {
            let mut engine = Engine::new(Discard);
            let start = engine.position().to_text();
            for line in text(input).lines() {
                let skip = matches!(
                    Command::parse(line),
                    Ok(Some(Command::Go(_) | Command::Perft(_) | Command::IsReady))
                );
                if !skip {
                    engine.handle_line(line);
                }
            }
            engine.position().to_text() != start
        }),
    }
}

/// Every engine target.
pub fn engine_targets() -> Vec<Target> {
    let mut targets = position_targets();
    targets.push(move_target());
    targets.push(record_target());
    targets.push(save_target());
    targets.push(command_target());
    targets.push(engine_target());
    targets.push(protocol_messages_target());
    targets
}

/// The tables' messages (`gamut-net`), as the server reads a client's and a client the
/// server's: any bytes give a message or a typed fault, and a message read is written back
/// to the same message.
fn protocol_messages_target() -> Target {
    use gamut_net::{
        Clock, ClockView, Code, EndReason, Ended, Fault, MoveText, Name, Refusal, Seat, SeatView,
        TableView, ToClient, ToServer, Token, decode, encode,
    };
    let code = Code::parse("K7M2Q").expect("a code");
    let token = Token::from_bits(0x0011_2233_4455_6677_8899_aabb_ccdd_eeff);
    let name = Name::parse("Ada Lovelace").expect("a name");
    let mv = MoveText::parse("b1-b3").expect("a move");
    let clocks = [
        Clock::Untimed,
        Clock::Live {
            seconds: 300,
            increment: 5,
        },
        Clock::Correspondence { days: 3 },
    ];
    let mut seeds: Vec<Vec<u8>> = Vec::new();
    for (_, game) in configs() {
        for clock in clocks {
            let computers = vec![gamut_net::ComputerSeat {
                seat: Seat::new(1).expect("a seat"),
                level: gamut_engine::level::Level::new(5).expect("a level"),
            }];
            seeds.push(
                encode(&ToServer::Create {
                    game,
                    clock,
                    computers,
                    operator: None,
                })
                .into_bytes(),
            );
        }
    }
    for msg in [
        ToServer::Join {
            code: code.clone(),
            seat: Seat::new(3),
            name: name.clone(),
            rating: gamut_net::Rating::new(1500),
        },
        ToServer::Join {
            code: code.clone(),
            seat: None,
            name: name.clone(),
            rating: None,
        },
        ToServer::Rejoin {
            code: code.clone(),
            token: token.clone(),
        },
        ToServer::Screen {
            code: code.clone(),
            host: token.clone(),
        },
        ToServer::Move {
            code: code.clone(),
            token: token.clone(),
            ply: 41,
            mv: mv.clone(),
        },
        ToServer::Resign {
            code: code.clone(),
            token: token.clone(),
        },
        ToServer::Offer {
            code: code.clone(),
            token: token.clone(),
            offer: gamut_net::Offer::TakeBack,
        },
        ToServer::Answer {
            code: code.clone(),
            token: token.clone(),
            offer: gamut_net::Offer::Rematch,
            accept: true,
        },
        ToServer::Games {
            seats: vec![(code.clone(), token.clone())],
        },
        ToServer::Notify {
            code: code.clone(),
            token: token.clone(),
            ask: gamut_net::notify::NotifyAsk {
                email: gamut_net::notify::Email::parse("ann@example.org").ok(),
                push: None,
                reminders: gamut_net::notify::Reminders::new(vec![24, 1]).unwrap_or_default(),
                lang: gamut_net::notify::Lang::parse("fr").ok(),
            },
        },
        ToServer::Ping,
    ] {
        seeds.push(encode(&msg).into_bytes());
    }
    let table = TableView {
        code: code.clone(),
        game: gamut_engine::any_game::GameConfig::default(),
        start: GameConfig::default().start().to_text(),
        moves: vec![mv.clone(), MoveText::parse("a2c2").expect("a move")],
        clock: clocks[1],
        clocks: Some(ClockView {
            left_ms: [299_000, 1_500],
            running: true,
        }),
        seats: vec![
            SeatView {
                name: Some(name.clone()),
                rating: gamut_net::Rating::new(1720),
                connected: true,
                computer: None,
            },
            SeatView {
                name: None,
                rating: None,
                connected: false,
                computer: gamut_engine::level::Level::new(3),
            },
        ],
        spectators: 2,
        end: Some(Ended {
            winner: Some(1),
            reason: EndReason::Resigned,
        }),
    };
    for msg in [
        ToClient::Hello {
            server: "gamut-server 0.1.0".into(),
        },
        ToClient::Created {
            code: code.clone(),
            host: token.clone(),
        },
        ToClient::Seated {
            code: code.clone(),
            seat: Seat::new(0),
            token: token.clone(),
        },
        ToClient::Table(table),
        ToClient::Moved {
            code: code.clone(),
            ply: 7,
            seat: Seat::new(1).expect("a seat"),
            mv,
            clocks: None,
        },
        ToClient::Refused {
            refusal: Refusal::Stale { ply: 3 },
        },
        ToClient::Offered {
            code: code.clone(),
            seat: Seat::new(2).expect("a seat"),
            offer: gamut_net::Offer::Draw,
        },
        ToClient::TakenBack {
            code: code.clone(),
            ply: 12,
            clocks: None,
        },
        ToClient::Rematch {
            code: code.clone(),
            seat: Seat::new(1).expect("a seat"),
            token: token.clone(),
        },
        ToClient::Fault {
            fault: Fault::UnknownVersion { supported: 1 },
        },
        ToClient::Pong,
    ] {
        seeds.push(encode(&msg).into_bytes());
    }
    Target {
        name: "protocol-messages",
        seeds,
        run: Box::new(|input| {
            let to_server = decode::<ToServer>(input);
            if let Ok(msg) = &to_server {
                let again = decode::<ToServer>(encode(msg).as_bytes());
                assert_eq!(again.as_ref(), Ok(msg), "a message reads back as written");
            }
            let to_client = decode::<ToClient>(input);
            if let Ok(msg) = &to_client {
                let again = decode::<ToClient>(encode(msg).as_bytes());
                assert_eq!(again.as_ref(), Ok(msg), "a message reads back as written");
            }
            to_server.is_ok() || to_client.is_ok()
        }),
    }
}
