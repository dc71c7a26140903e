//! Load on a `gamut-server`: many tables at once, two real WebSocket clients each, a move at each
//! table every `--interval-ms` (the sides take turns), for `--seconds`. Reports how long a move
//! took from the mover's send to the opponent's screen (p50, p99, the longest), the moves
//! played, and the server's CPU and memory (read from /proc, for a server this tool started).
//!
//!   cargo run --release -p gamut-server --example load -- --server-bin PATH --tables 1000
//!
//! `scripts/server-load.sh` builds both and runs it (the figures in docs/server.md).

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[path = "common/wire.rs"]
mod wire;

use clap::Parser;
use gamut_engine::Game;
use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_net::{MoveText, ToClient, ToServer};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use wire::{Socket, cpu_ticks, make, read, rss_kib, send, sit, ticks_per_second};

#[derive(Parser, Debug)]
struct Args {
    /// The server program to start (on a free port, over a fresh database).
    #[arg(long)]
    server_bin: Option<String>,
    /// Or a server already running at this address.
    #[arg(long)]
    server: Option<String>,
    #[arg(long, default_value_t = 100)]
    tables: usize,
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    #[arg(long, default_value_t = 1000)]
    interval_ms: u64,
    /// The database of the server it starts: a PostgreSQL URL (an empty database), else a
    /// fresh SQLite file.
    #[arg(long)]
    database: Option<String>,
}

#[derive(Default)]
struct Figures {
    /// Microseconds from a move's send to the opponent reading it.
    latencies: Vec<u64>,
    games: usize,
    failures: usize,
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let dir = std::env::temp_dir().join(format!("gamut-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let (mut child, address) = match (&args.server_bin, &args.server) {
        (Some(bin), _) => {
            let mut child = Command::new(bin)
                .args([
                    "--listen",
                    "127.0.0.1:0",
                    "--max-tables",
                    "100000",
                    // Each table's players come from an address of their own (below), but
                    // there may be more of them than a public server's default allows.
                    "--max-connections",
                    "1000000",
                    "--database",
                ])
                .arg(match &args.database {
                    Some(url) => url.into(),
                    None => dir.join("tables.sqlite").into_os_string(),
                })
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .expect("the server starts");
            let mut line = String::new();
            BufReader::new(child.stdout.take().expect("its output"))
                .read_line(&mut line)
                .expect("its first line");
            let address = line
                .strip_prefix("gamut-server listening on ")
                .and_then(|r| r.split_whitespace().next())
                .expect("the address")
                .to_string();
            (Some(child), address)
        }
        (None, Some(address)) => (None, address.clone()),
        (None, None) => panic!("--server-bin or --server"),
    };
    let pid = child.as_ref().map(|c| c.id());
    let figures = Arc::new(Mutex::new(Figures::default()));
    let started = Instant::now();
    let until = started + Duration::from_secs(args.seconds);
    let interval = Duration::from_millis(args.interval_ms);
    let mut tasks = Vec::new();
    // The clients connect a table at a time, as people arrive (not all in one instant).
    for i in 0..args.tables {
        let (address, figures) = (address.clone(), figures.clone());
        tasks.push(tokio::spawn(async move {
            table(i, &address, until, interval, &figures).await;
        }));
        if i % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let connected = started.elapsed();
    let cpu_before = pid.and_then(cpu_ticks);
    let measured_from = Instant::now();
    for task in tasks {
        let _ = task.await;
    }
    let wall = measured_from.elapsed().as_secs_f64();
    let cpu = match (pid.and_then(cpu_ticks), cpu_before) {
        (Some(after), Some(before)) => Some((after - before) as f64 / ticks_per_second() / wall),
        _ => None,
    };
    let rss = pid.and_then(rss_kib);
    let mut figures = figures.lock().unwrap();
    figures.latencies.sort_unstable();
    let at = |q: f64| {
        let n = figures.latencies.len();
        if n == 0 {
            return 0.0;
        }
        figures.latencies[((n as f64 * q) as usize).min(n - 1)] as f64 / 1000.0
    };
    println!(
        "load: {} tables, {} clients, {:.0} s (the tables started over {:.1} s)",
        args.tables,
        2 * args.tables,
        args.seconds,
        connected.as_secs_f64()
    );
    println!(
        "moves: {} ({:.0} a second), games finished: {}, failures: {}",
        figures.latencies.len(),
        figures.latencies.len() as f64 / args.seconds as f64,
        figures.games,
        figures.failures
    );
    println!(
        "move to the opponent's screen: p50 {:.1} ms, p99 {:.1} ms, longest {:.1} ms",
        at(0.5),
        at(0.99),
        at(1.0)
    );
    if let Some(cpu) = cpu {
        println!("server CPU: {:.0} % of one core", cpu * 100.0);
    }
    if let Some(rss) = rss {
        println!("server memory (resident): {:.0} MiB", rss as f64 / 1024.0);
    }
    if let Some(child) = child.as_mut() {
        let _ = child.kill();
        let _ = child.wait();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// One table's two players, game after game until `until`.
async fn table(
    i: usize,
    address: &str,
    until: Instant,
    interval: Duration,
    figures: &Mutex<Figures>,
) {
    // Each table's players at a home of their own (127.x.y.z: every one is this machine), as
    // on the internet: the server's limits count each address apart.
    let home = std::net::Ipv4Addr::new(127, 1 + (i / 250 % 250) as u8, 0, (i % 250) as u8 + 2);
    let connect = || async move {
        let socket = tokio::net::TcpSocket::new_v4().ok()?;
        socket.bind((home, 0).into()).ok()?;
        let stream = socket.connect(address.parse().ok()?).await.ok()?;
        let url = format!("ws://{address}/ws");
        let (ws, _) =
            tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(stream))
                .await
                .ok()?;
        Some(ws)
    };
    let (Some(mut black), Some(mut white)) = (connect().await, connect().await) else {
        figures.lock().unwrap().failures += 1;
        return;
    };
    let mut rng = rand::rngs::StdRng::seed_from_u64(i as u64);
    while Instant::now() < until {
        match game(&mut black, &mut white, until, interval, figures, &mut rng).await {
            Some(()) => figures.lock().unwrap().games += 1,
            None if Instant::now() < until => {
                figures.lock().unwrap().failures += 1;
                return;
            }
            None => return,
        }
    }
}

/// One game at a new table; none if the server failed the clients (or time ran out).
async fn game(
    black: &mut Socket,
    white: &mut Socket,
    until: Instant,
    interval: Duration,
    figures: &Mutex<Figures>,
    rng: &mut rand::rngs::StdRng,
) -> Option<()> {
    let code = make(black).await?;
    let black_token = sit(black, &code, 0).await?;
    let white_token = sit(white, &code, 1).await?;
    let mut position: AnyPosition = GameConfig::default().start();
    loop {
        if Instant::now() >= until {
            return None;
        }
        tokio::time::sleep(interval).await;
        let ply = position.ply() as u32;
        let moves = position.legal_moves();
        let mv = *moves.choose(rng)?;
        let text = MoveText::parse(&mv.to_string()).ok()?;
        let black_moves = position.seat_to_move() == 0;
        let (mover, opponent, token) = if black_moves {
            (&mut *black, &mut *white, &black_token)
        } else {
            (&mut *white, &mut *black, &white_token)
        };
        let sent = Instant::now();
        send(
            mover,
            &ToServer::Move {
                code: code.clone(),
                token: token.clone(),
                ply,
                mv: text,
            },
        )
        .await?;
        let seen =
            |m: &ToClient| matches!(m, ToClient::Moved { ply: p, .. } if *p == ply).then_some(());
        read(opponent, seen).await?;
        figures
            .lock()
            .unwrap()
            .latencies
            .push(sent.elapsed().as_micros() as u64);
        read(mover, seen).await?;
        position.play_unchecked(mv);
        if position.outcome().is_some() {
            return Some(());
        }
    }
}
