//! Hostile clients against a `gamut-server` while honest tables play: garbage, floods, other
//! versions, oversized messages, guessed tokens, moves for the other seat and out of turn,
//! joins of seats taken. Afterwards every honest table must hold exactly the moves its players
//! made, the server must still answer, and its log must have no panic.
//!
//!   cargo run --release -p gamut-server --example hostile -- --server-bin PATH
//!
//! `scripts/server-hostile.sh` builds both and runs it (the figures in docs/server.md).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use gamut_engine::Game;
use gamut_engine::any_game::GameConfig;
use gamut_net::{
    Clock, Code, MoveText, Name, Seat, TableView, ToClient, ToServer, Token, decode, encode,
};
use rand::{RngExt, SeedableRng};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

#[derive(Parser, Debug)]
struct Args {
    #[arg(long)]
    server_bin: String,
    /// Honest tables playing meanwhile.
    #[arg(long, default_value_t = 20)]
    tables: usize,
    /// Hostile connections, one after another (a few at once).
    #[arg(long, default_value_t = 2000)]
    attacks: usize,
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let dir = std::env::temp_dir().join(format!("gamut-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let log = dir.join("server.log");
    let mut child = Command::new(&args.server_bin)
        // Every client, honest or not, comes from 127.0.0.1: the per-address cap is not
        // what this measures.
        .args([
            "--listen",
            "127.0.0.1:0",
            "--max-connections-per-address",
            "100000",
        ])
        .arg("--database")
        .arg(dir.join("tables.sqlite"))
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).expect("the log"))
        .spawn()
        .expect("the server starts");
    let mut first = [0u8; 256];
    let n = child
        .stdout
        .as_mut()
        .expect("its output")
        .read(&mut first)
        .expect("its first line");
    let line = String::from_utf8_lossy(&first[..n]).to_string();
    let address = line
        .strip_prefix("gamut-server listening on ")
        .and_then(|r| r.split_whitespace().next())
        .expect("the address")
        .to_string();

    // The honest tables, each a few moves in, their players' own record of them.
    let mut honest = Vec::new();
    for i in 0..args.tables {
        honest.push(Honest::start(&address, i).await);
    }
    for table in honest.iter_mut() {
        table.moves(4).await;
    }
    // The attacks, eight at a time, each on a fresh connection, aimed at the honest tables.
    let targets: Vec<_> = honest
        .iter()
        .map(|t| (t.code.clone(), t.ply() as u32))
        .collect();
    let mut kinds = [0usize; KINDS];
    let mut started = 0;
    while started < args.attacks {
        let mut batch = Vec::new();
        for _ in 0..8.min(args.attacks - started) {
            let kind = started % KINDS;
            kinds[kind] += 1;
            let (address, targets) = (address.clone(), targets.clone());
            batch.push(tokio::spawn(attack(address, targets, kind, started as u64)));
            started += 1;
        }
        for task in batch {
            let _ = task.await;
        }
        // The honest players go on between the waves.
        if started % 400 == 0 {
            for table in honest.iter_mut() {
                table.moves(1).await;
            }
        }
    }
    // Every honest table holds its players' moves, no other.
    let mut changed = 0;
    for table in honest.iter_mut() {
        if !table.check(&address).await {
            changed += 1;
        }
    }
    let alive = child.try_wait().map(|s| s.is_none()).unwrap_or(false);
    let _ = child.kill();
    let _ = child.wait();
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    let panics = text.matches("panicked").count();
    println!(
        "hostile: {} attacks ({}), against {} honest tables",
        args.attacks,
        KIND_NAMES
            .iter()
            .zip(kinds)
            .map(|(name, n)| format!("{n} {name}"))
            .collect::<Vec<_>>()
            .join(", "),
        args.tables
    );
    println!(
        "server alive at the end: {alive}; panics in its log: {panics}; honest tables changed: {changed}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    if !alive || panics > 0 || changed > 0 {
        std::process::exit(1);
    }
}

const KINDS: usize = 8;
const KIND_NAMES: [&str; KINDS] = [
    "random bytes",
    "mutated messages",
    "other versions",
    "oversized",
    "floods",
    "guessed tokens",
    "seats taken",
    "binary frames",
];

/// One hostile connection of kind `kind`.
async fn attack(address: String, targets: Vec<(Code, u32)>, kind: usize, seed: u64) {
    let Ok((mut ws, _)) = tokio_tungstenite::connect_async(format!("ws://{address}/ws")).await
    else {
        return;
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let (code, ply) = targets[rng.random_range(0..targets.len())].clone();
    let valid_move = encode(&ToServer::Move {
        code: code.clone(),
        token: Token::from_bits(rng.random()),
        ply,
        mv: MoveText::parse("b1b3").expect("a move"),
    });
    let messages: Vec<Message> = match kind {
        0 => (0..4)
            .map(|_| {
                let n = rng.random_range(0..300);
                let bytes: Vec<u8> = (0..n).map(|_| rng.random()).collect();
                Message::Text(String::from_utf8_lossy(&bytes).into_owned().into())
            })
            .collect(),
        1 => (0..4)
            .map(|_| {
                let mut bytes = valid_move.clone().into_bytes();
                for _ in 0..rng.random_range(1..6) {
                    let at = rng.random_range(0..bytes.len());
                    bytes[at] = rng.random();
                }
                Message::Text(String::from_utf8_lossy(&bytes).into_owned().into())
            })
            .collect(),
        2 => vec![Message::Text(
            valid_move.replacen(r#""v":1"#, r#""v":7"#, 1).into(),
        )],
        3 => vec![Message::Text("x".repeat(200_000).into())],
        4 => (0..300)
            .map(|_| Message::Text(encode(&ToServer::Ping).into()))
            .collect(),
        5 => (0..20)
            .map(|_| {
                Message::Text(
                    encode(&ToServer::Resign {
                        code: code.clone(),
                        token: Token::from_bits(rng.random()),
                    })
                    .into(),
                )
            })
            .chain([Message::Text(valid_move.clone().into())])
            .collect(),
        6 => (0..2)
            .map(|seat| {
                Message::Text(
                    encode(&ToServer::Join {
                        code: code.clone(),
                        seat: Seat::new(seat),
                        name: Name::parse("Mallory").expect("a name"),
                        rating: None,
                    })
                    .into(),
                )
            })
            .collect(),
        _ => vec![Message::Binary(vec![0xff; 64].into())],
    };
    for message in messages {
        if ws.send(message).await.is_err() {
            break;
        }
    }
    // Read what comes back for a moment, then go.
    let _ = tokio::time::timeout(Duration::from_millis(300), async {
        while let Some(Ok(_)) = ws.next().await {}
    })
    .await;
}

/// An honest table: two players and their own record of the game.
struct Honest {
    code: Code,
    tokens: [Token; 2],
    sockets: [Socket; 2],
    game: gamut_engine::any_game::AnyPosition,
    rng: rand::rngs::StdRng,
}

impl Honest {
    async fn start(address: &str, i: usize) -> Honest {
        let mut black = connect(address).await;
        send(
            &mut black,
            &ToServer::Create {
                game: GameConfig::default(),
                clock: Clock::Untimed,
                computers: Vec::new(),
                operator: None,
            },
        )
        .await;
        let code = read(&mut black, |m| match m {
            ToClient::Created { code, .. } => Some(code.clone()),
            _ => None,
        })
        .await;
        let black_token = sit(&mut black, &code, 0).await;
        let mut white = connect(address).await;
        let white_token = sit(&mut white, &code, 1).await;
        Honest {
            code,
            tokens: [black_token, white_token],
            sockets: [black, white],
            game: GameConfig::default().start(),
            rng: rand::rngs::StdRng::seed_from_u64(i as u64),
        }
    }

    fn ply(&self) -> usize {
        self.game.ply()
    }

    async fn moves(&mut self, n: usize) {
        for _ in 0..n {
            if self.game.outcome().is_some() {
                return;
            }
            let moves = self.game.legal_moves();
            let mv = moves[self.rng.random_range(0..moves.len())];
            let seat = self.game.seat_to_move();
            let ply = self.game.ply() as u32;
            send(
                &mut self.sockets[seat],
                &ToServer::Move {
                    code: self.code.clone(),
                    token: self.tokens[seat].clone(),
                    ply,
                    mv: MoveText::parse(&mv.to_string()).expect("a move"),
                },
            )
            .await;
            read(&mut self.sockets[seat], |m| {
                matches!(m, ToClient::Moved { ply: p, .. } if *p == ply).then_some(())
            })
            .await;
            self.game.play_unchecked(mv);
        }
    }

    /// Whether the server's table is the players' own record.
    async fn check(&mut self, address: &str) -> bool {
        let mut socket = connect(address).await;
        send(
            &mut socket,
            &ToServer::Rejoin {
                code: self.code.clone(),
                token: self.tokens[0].clone(),
            },
        )
        .await;
        let table: TableView = read(&mut socket, |m| match m {
            ToClient::Table(t) => Some(t.clone()),
            _ => None,
        })
        .await;
        let ours: Vec<String> = self
            .game
            .moves_played()
            .iter()
            .map(|m| m.to_string())
            .collect();
        let theirs: Vec<String> = table.moves.iter().map(|m| m.as_str().to_string()).collect();
        ours == theirs && table.end.is_none() == self.game.outcome().is_none()
    }
}

async fn connect(address: &str) -> Socket {
    tokio_tungstenite::connect_async(format!("ws://{address}/ws"))
        .await
        .expect("the server accepts an honest client")
        .0
}

async fn sit(socket: &mut Socket, code: &Code, seat: u8) -> Token {
    send(
        socket,
        &ToServer::Join {
            code: code.clone(),
            seat: Seat::new(seat),
            name: Name::parse("Honest").expect("a name"),
            rating: None,
        },
    )
    .await;
    read(socket, |m| match m {
        ToClient::Seated { token, .. } => Some(token.clone()),
        _ => None,
    })
    .await
}

async fn send(socket: &mut Socket, msg: &ToServer) {
    socket
        .send(Message::Text(encode(msg).into()))
        .await
        .expect("an honest client's connection stays open");
}

async fn read<T>(socket: &mut Socket, wanted: impl Fn(&ToClient) -> Option<T>) -> T {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .expect("an answer in time")
            .expect("the connection stays open")
            .expect("a message");
        let Message::Text(text) = message else {
            continue;
        };
        let msg: ToClient = decode(text.as_bytes()).expect("the server's messages read");
        if let ToClient::Refused { refusal } = &msg {
            panic!("an honest request refused: {refusal:?}");
        }
        if let Some(found) = wanted(&msg) {
            return found;
        }
    }
}
