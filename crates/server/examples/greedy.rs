//! One address that takes all it may from a `gamut-server`, while honest tables play from
//! addresses of their own: the greedy address (127.0.0.2) opens connections until refused,
//! makes untimed tables and sits at both seats of each until refused, makes games against the
//! server's engine at its strongest and answers each of its moves at once (to keep its cores
//! busy), and asks for tables whose every seat is the engine. Meanwhile an honest player on
//! another address must still make a table and play it. Reported: what the greedy address got
//! and what it was refused, and the honest tables' move latency before and during.
//!
//!   cargo run --release -p gamut-server --example greedy -- --server-bin PATH
//!
//! `scripts/server-hostile.sh` builds and runs it after the hostile-input run (the figures in
//! docs/server.md).

use std::collections::BTreeMap;
use std::io::Read;
use std::net::Ipv4Addr;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use gamut_engine::Game;
use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_engine::level::Level;
use gamut_net::{
    Clock, Code, ComputerSeat, MoveText, Name, Refusal, Seat, ToClient, ToServer, Token, decode,
    encode,
};
use rand::{RngExt, SeedableRng};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

#[derive(Parser, Debug)]
struct Args {
    #[arg(long)]
    server_bin: String,
    /// Honest tables playing meanwhile, each from addresses of its own.
    #[arg(long, default_value_t = 10)]
    tables: usize,
    /// Moves each honest table plays before, and again during, the greedy address's worst.
    #[arg(long, default_value_t = 20)]
    moves: usize,
    /// Greedy addresses, each taking all it may at once (127.0.0.2, 127.0.0.3…).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=200))]
    greedy: u8,
    /// An argument for the server (repeat it: `--server-arg --engine-threads --server-arg 1`).
    #[arg(long, allow_hyphen_values = true)]
    server_arg: Vec<String>,
}

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The `n`th greedy address (from 0): 127.0.0.2, 127.0.0.3…
fn greedy_address(n: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, 2 + n)
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let dir = std::env::temp_dir().join(format!("gamut-greedy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let mut child = Command::new(&args.server_bin)
        .args(["--listen", "127.0.0.1:0", "--database"])
        .arg(dir.join("tables.sqlite"))
        .args(&args.server_arg)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
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

    let mut honest = Vec::new();
    for i in 0..args.tables {
        honest.push(Honest::start(&address, i).await);
    }
    let mut before = Vec::new();
    for table in honest.iter_mut() {
        before.extend(table.moves(args.moves).await);
    }

    let mut greedy = Vec::new();
    let mut worst_of_all = Vec::new();
    for n in 0..args.greedy {
        let (worst, at_its_worst) = tokio::sync::oneshot::channel();
        let from = greedy_address(n);
        greedy.push((from, tokio::spawn(take_all(address.clone(), from, worst))));
        worst_of_all.push(at_its_worst);
    }
    // Once each holds all it may, and while their engine games run.
    for at_its_worst in worst_of_all {
        let _ = at_its_worst.await;
    }
    let mut during = Vec::new();
    for table in honest.iter_mut() {
        during.extend(table.moves(args.moves).await);
    }
    // A newcomer on another address makes a table and plays, the greedy address at its worst.
    let mut newcomer = Honest::start(&address, 250).await;
    during.extend(newcomer.moves(4).await);
    let mut got_by = Vec::new();
    for (from, task) in greedy {
        got_by.push((from, task.await.expect("the greedy client ran")));
    }

    let alive = child.try_wait().map(|s| s.is_none()).unwrap_or(false);
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    for (from, got) in &got_by {
        println!(
            "greedy address {from}: {} connections held, {} refused; {} tables made and both \
             seats taken, {} games against the engine (level 14) answered at once for {} engine \
             moves; refused: {}",
            got.connections,
            got.connections_refused,
            got.tables,
            got.engine_games,
            got.engine_moves,
            got.refusals
                .iter()
                .map(|(why, n)| format!("{n} {why}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    println!(
        "honest move, sent to seen by the opponent ({} tables): before p50 {:.1} ms, p99 {:.1} ms; \
         during p50 {:.1} ms, p99 {:.1} ms; a newcomer made a table and played: yes",
        args.tables,
        percentile(&mut before, 0.5),
        percentile(&mut before, 0.99),
        percentile(&mut during, 0.5),
        percentile(&mut during, 0.99),
    );
    println!("server alive at the end: {alive}");
    if !alive {
        std::process::exit(1);
    }
}

/// The `q` quantile of `times`, in milliseconds.
fn percentile(times: &mut [Duration], q: f64) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    times.sort_unstable();
    let at = ((times.len() as f64 * q) as usize).min(times.len() - 1);
    times[at].as_secs_f64() * 1000.0
}

/// What the greedy address got.
#[derive(Default)]
struct Got {
    connections: usize,
    connections_refused: usize,
    tables: usize,
    engine_games: usize,
    engine_moves: usize,
    refusals: BTreeMap<String, usize>,
}

impl Got {
    fn refused(&mut self, refusal: &Refusal) {
        *self.refusals.entry(format!("{refusal:?}")).or_default() += 1;
    }
}

/// The greedy address `from` at its worst, for about ten seconds of engine games (`worst` told
/// when it holds all it may and its engine games begin).
async fn take_all(address: String, from: Ipv4Addr, worst: tokio::sync::oneshot::Sender<()>) -> Got {
    let mut got = Got::default();
    // Connections until refused (held open to the end).
    let mut held = Vec::new();
    for _ in 0..1000 {
        match connect_from(&address, from).await {
            Some(socket) => held.push(socket),
            None => {
                got.connections_refused += 1;
                break;
            }
        }
    }
    got.connections = held.len();
    // Keep a few to work with; the rest stay open, holding their places.
    let mut work: Vec<Socket> = held.drain(..held.len().min(3)).collect();
    if work.len() < 3 {
        return got;
    }
    // Games against the engine at its strongest, until refused; each of its moves answered.
    let mut games = Vec::new();
    while let Some(mut socket) = held.pop() {
        let Ok(code) = create(&mut socket, vec![engine(0)], &mut got).await else {
            held.push(socket);
            break;
        };
        let Ok(token) = sit(&mut socket, &code, 1).await else {
            break;
        };
        got.engine_games += 1;
        games.push((socket, code, token, GameConfig::default().start()));
    }
    // Untimed tables, both seats taken, until refused.
    loop {
        let Ok(code) = create(&mut work[0], Vec::new(), &mut got).await else {
            break;
        };
        got.tables += 1;
        let sat =
            sit(&mut work[0], &code, 0).await.is_ok() && sit(&mut work[1], &code, 1).await.is_ok();
        if !sat {
            break;
        }
    }
    // Engine-only tables: refused, every one.
    for _ in 0..20 {
        let both = vec![engine(0), engine(1)];
        let _ = create(&mut work[2], both, &mut got).await;
    }
    let _ = worst.send(());
    let until = Instant::now() + Duration::from_secs(10);
    let mut rng = rand::rngs::StdRng::seed_from_u64(2);
    while Instant::now() < until && !games.is_empty() {
        for (socket, code, token, position) in games.iter_mut() {
            if let Some(moved) = answer_engine(socket, code, token, position, &mut rng).await {
                got.engine_moves += moved;
            }
        }
    }
    got
}

/// Reads what came at one engine game (a moment's wait) and answers the engine's move at once.
async fn answer_engine(
    socket: &mut Socket,
    code: &Code,
    token: &Token,
    position: &mut AnyPosition,
    rng: &mut rand::rngs::StdRng,
) -> Option<usize> {
    let msg = next(socket, Duration::from_millis(50)).await?;
    let ToClient::Moved { seat, mv, ply, .. } = msg else {
        return Some(0);
    };
    let played = position.parse_move(mv.as_str()).ok()?;
    position.play_unchecked(played);
    if seat.index() != 0 || position.outcome().is_some() {
        return Some(0);
    }
    let moves = position.legal_moves();
    let mine = moves[rng.random_range(0..moves.len())];
    let text = MoveText::parse(&mine.to_string()).ok()?;
    send(
        socket,
        &ToServer::Move {
            code: code.clone(),
            token: token.clone(),
            ply: ply + 1,
            mv: text,
        },
    )
    .await;
    Some(1)
}

fn engine(seat: u8) -> ComputerSeat {
    ComputerSeat {
        seat: Seat::new(seat).expect("a seat"),
        level: Level::new(14).expect("the strongest level"),
    }
}

/// A table made, or refused (the refusal counted).
async fn create(
    socket: &mut Socket,
    computers: Vec<ComputerSeat>,
    got: &mut Got,
) -> Result<Code, ()> {
    let create = ToServer::Create {
        game: GameConfig::default(),
        clock: Clock::Untimed,
        computers,
        operator: None,
    };
    // Within the connection's rate (20 messages a second): a flood is its own attack.
    tokio::time::sleep(Duration::from_millis(60)).await;
    send(socket, &create).await;
    loop {
        match next(socket, Duration::from_secs(30)).await {
            Some(ToClient::Created { code, .. }) => return Ok(code),
            Some(ToClient::Refused { refusal }) => {
                got.refused(&refusal);
                return Err(());
            }
            Some(_) => continue,
            None => return Err(()),
        }
    }
}

/// Sits at `seat`: its token, or the refusal.
async fn sit(socket: &mut Socket, code: &Code, seat: u8) -> Result<Token, Option<Refusal>> {
    send(
        socket,
        &ToServer::Join {
            code: code.clone(),
            seat: Seat::new(seat),
            name: Name::parse("Greedy").expect("a name"),
            rating: None,
        },
    )
    .await;
    loop {
        match next(socket, Duration::from_secs(30)).await {
            Some(ToClient::Seated { token, .. }) => return Ok(token),
            Some(ToClient::Refused { refusal }) => return Err(Some(refusal)),
            Some(_) => continue,
            None => return Err(None),
        }
    }
}

/// An honest table: two players, each from an address of their own.
struct Honest {
    code: Code,
    tokens: [Token; 2],
    sockets: [Socket; 2],
    game: AnyPosition,
    rng: rand::rngs::StdRng,
}

impl Honest {
    async fn start(address: &str, i: usize) -> Honest {
        let home = |network: u8| Ipv4Addr::new(127, network, (i / 250) as u8, (i % 250) as u8 + 2);
        let mut black = connect_from(address, home(1))
            .await
            .expect("an honest player connects");
        let create = ToServer::Create {
            game: GameConfig::default(),
            clock: Clock::Untimed,
            computers: Vec::new(),
            operator: None,
        };
        send(&mut black, &create).await;
        let code = loop {
            match next(&mut black, Duration::from_secs(30)).await {
                Some(ToClient::Created { code, .. }) => break code,
                Some(ToClient::Refused { refusal }) => {
                    panic!("an honest player's table refused: {refusal:?}")
                }
                Some(_) => continue,
                None => panic!("the honest player's connection closed"),
            }
        };
        let black_token = sit(&mut black, &code, 0).await.expect("an honest seat");
        let mut white = connect_from(address, home(2))
            .await
            .expect("an honest player connects");
        let white_token = sit(&mut white, &code, 1).await.expect("an honest seat");
        Honest {
            code,
            tokens: [black_token, white_token],
            sockets: [black, white],
            game: GameConfig::default().start(),
            rng: rand::rngs::StdRng::seed_from_u64(i as u64),
        }
    }

    /// Plays up to `n` moves; how long each took from being sent to the opponent seeing it.
    async fn moves(&mut self, n: usize) -> Vec<Duration> {
        let mut times = Vec::new();
        for _ in 0..n {
            if self.game.outcome().is_some() {
                break;
            }
            let moves = self.game.legal_moves();
            let mv = moves[self.rng.random_range(0..moves.len())];
            let seat = self.game.seat_to_move();
            let ply = self.game.ply() as u32;
            let sent = Instant::now();
            let msg = ToServer::Move {
                code: self.code.clone(),
                token: self.tokens[seat].clone(),
                ply,
                mv: MoveText::parse(&mv.to_string()).expect("a move"),
            };
            send(&mut self.sockets[seat], &msg).await;
            let other = &mut self.sockets[1 - seat];
            loop {
                match next(other, Duration::from_secs(30)).await {
                    Some(ToClient::Moved { ply: p, .. }) if p == ply => break,
                    Some(ToClient::Refused { refusal }) => panic!("an honest move: {refusal:?}"),
                    Some(_) => continue,
                    None => panic!("an honest player's connection closed"),
                }
            }
            times.push(sent.elapsed());
            self.game.play_unchecked(mv);
        }
        times
    }
}

/// A WebSocket from the loopback address `from` (each 127.x.y.z stands for another machine),
/// or none when the server refuses it.
async fn connect_from(address: &str, from: Ipv4Addr) -> Option<Socket> {
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind((from, 0).into()).ok()?;
    let stream = socket.connect(address.parse().ok()?).await.ok()?;
    let url = format!("ws://{address}/ws");
    let (mut ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
        .await
        .ok()?;
    match next(&mut ws, Duration::from_secs(30)).await {
        Some(ToClient::Hello { .. }) => Some(ws),
        _ => None,
    }
}

async fn send(socket: &mut Socket, msg: &ToServer) {
    let _ = socket.send(Message::Text(encode(msg).into())).await;
}

/// The next message within `wait`; none if nothing came or the connection closed.
async fn next(socket: &mut Socket, wait: Duration) -> Option<ToClient> {
    loop {
        let message = tokio::time::timeout(wait, socket.next())
            .await
            .ok()??
            .ok()?;
        if let Message::Text(text) = message {
            return decode(text.as_bytes()).ok();
        }
    }
}
