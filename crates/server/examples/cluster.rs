//! The server on more than one machine (issue #51), driven on this one: `gamut-server` nodes on
//! one PostgreSQL database relaying through NATS, started and killed by this driver.
//!
//!   cluster kills --server-bin PATH --database URL --nats URL [--kills-per-node 10] …
//!     three nodes behind nginx (tests/common/front.rs); tables made on their owner, players
//!     through the front, spectators on another node; each node in turn killed with SIGKILL
//!     mid-move and started again; checks and figures as tests/common/kills.rs says. Exits
//!     non-zero on any failure.
//!   cluster load --server-bin PATH --database URL --nats URL --nodes 3 --tables 10000 …
//!     two clients a table, each connected directly to a node (the table's maker on its owner,
//!     the opponent on the next node), a move a second at each table; the time from a move's
//!     send to the opponent reading it (p50, p99, the longest), the moves played a second, the
//!     nodes' CPU. The clients are split over `--workers` processes of this program (a
//!     process holds at most 20,000 open files here).
//!
//! `scripts/cluster-test.sh` builds both and runs them (the figures in docs/server.md).

#[path = "../tests/common/front.rs"]
mod front;
#[path = "../tests/common/kills.rs"]
mod kills;
#[path = "../tests/common/nats.rs"]
mod nats;
#[path = "../tests/common/nodes.rs"]
mod nodes;
#[path = "../tests/common/postgres.rs"]
mod postgres;
#[path = "common/wire.rs"]
mod wire;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use gamut_engine::Game;
use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_net::{Code, MoveText, ToClient, ToServer, Token};
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use tokio::sync::Semaphore;

use wire::{Socket, cpu_ticks, make, read, rss_kib, send, sit as join};

#[derive(Parser, Debug)]
struct Args {
    #[command(subcommand)]
    mode: Mode,
}

#[derive(Subcommand, Debug)]
enum Mode {
    /// Each node killed in turn under play.
    Kills {
        #[arg(long)]
        server_bin: PathBuf,
        /// An empty PostgreSQL database.
        #[arg(long)]
        database: String,
        /// The NATS server the nodes relay through (none: one node only makes sense).
        #[arg(long)]
        nats: Option<String>,
        #[arg(long, default_value_t = 3)]
        nodes: usize,
        #[arg(long, default_value_t = 30)]
        tables: usize,
        #[arg(long, default_value_t = 1)]
        spectators: usize,
        #[arg(long, default_value_t = 10)]
        kills_per_node: usize,
        /// A table's pause between two moves.
        #[arg(long, default_value_t = 100)]
        move_every_ms: u64,
        /// How long a killed node stays dead.
        #[arg(long, default_value_t = 3000)]
        down_ms: u64,
        /// The hang guard of every wait.
        #[arg(long, default_value_t = 120)]
        guard_seconds: u64,
    },
    /// Load over the nodes: p50/p99 from a move's send to the opponent's read.
    Load {
        #[arg(long)]
        server_bin: PathBuf,
        #[arg(long)]
        database: String,
        #[arg(long)]
        nats: Option<String>,
        #[arg(long, default_value_t = 3)]
        nodes: usize,
        #[arg(long, default_value_t = 1000)]
        tables: usize,
        #[arg(long, default_value_t = 60)]
        seconds: u64,
        #[arg(long, default_value_t = 1000)]
        interval_ms: u64,
        /// Processes the clients are split over.
        #[arg(long, default_value_t = 4)]
        workers: usize,
        /// The nodes' leases (`gamut-server`'s default: a node that renews late under the
        /// load does not lose its tables).
        #[arg(long, default_value_t = 15)]
        lease_seconds: u64,
    },
    /// One process of the load's clients (started by `load`).
    LoadWorker {
        /// The nodes' addresses, comma-separated.
        #[arg(long)]
        nodes: String,
        /// The first table's number and how many.
        #[arg(long)]
        first: usize,
        #[arg(long)]
        tables: usize,
        #[arg(long)]
        seconds: u64,
        #[arg(long)]
        interval_ms: u64,
        /// Where its latencies go (microseconds, u32 little-endian each).
        #[arg(long)]
        out: PathBuf,
    },
}

/// The NATS URL to give the nodes: none if the server program has no `--nats` (before the
/// relay; its nodes then serve only the clients of their own tables).
fn relay(bin: &std::path::Path, nats: Option<String>) -> Option<String> {
    if nats.is_some() && !nodes::has_nats(bin) {
        eprintln!(
            "warning: {} has no --nats: the nodes run without a relay",
            bin.display()
        );
        return None;
    }
    nats
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    match args.mode {
        Mode::Kills {
            server_bin,
            database,
            nats,
            nodes,
            tables,
            spectators,
            kills_per_node,
            move_every_ms,
            down_ms,
            guard_seconds,
        } => {
            let nats = relay(&server_bin, nats);
            let mut cluster = kills::Cluster::start(&server_bin, &database, nats.as_deref(), nodes);
            println!(
                "kills: {nodes} nodes ({}) behind nginx at {}, {tables} tables, {spectators} \
                 spectator(s) each, {kills_per_node} kills of each node, a move every \
                 {move_every_ms} ms at each table, a killed node started again after {down_ms} ms",
                cluster
                    .nodes
                    .iter()
                    .map(|n| format!("{} {}", n.name, n.address()))
                    .collect::<Vec<_>>()
                    .join(", "),
                cluster.front.address()
            );
            let options = kills::Options {
                tables,
                spectators,
                kills_per_node,
                move_every: Duration::from_millis(move_every_ms),
                down: Duration::from_millis(down_ms),
                guard: Duration::from_secs(guard_seconds),
            };
            let started = Instant::now();
            let mut report = runtime.block_on(kills::run(&mut cluster, options));
            let tables = kills::database_moves(&postgres::bin_dir(), &database);
            kills::check_database(&mut report, &tables);
            for line in report.lines() {
                println!("{line}");
            }
            if !report.ok() {
                println!(
                    "the failed tables' leases (code|node|epoch|ms left):\n{}",
                    kills::failed_leases(&postgres::bin_dir(), &database, &report)
                );
            }
            println!("run: {:.0} s", started.elapsed().as_secs_f64());
            if report.ok() {
                ExitCode::SUCCESS
            } else {
                let logs = cluster.dir.path().join("nodes.log");
                let _ = std::fs::write(&logs, cluster.logs());
                let keep = std::env::temp_dir().join("gamut-cluster-nodes.log");
                let _ = std::fs::copy(&logs, &keep);
                eprintln!("the nodes' logs kept in {}", keep.display());
                ExitCode::FAILURE
            }
        }
        Mode::Load {
            server_bin,
            database,
            nats,
            nodes,
            tables,
            seconds,
            interval_ms,
            workers,
            lease_seconds,
        } => load(
            &server_bin,
            &database,
            relay(&server_bin, nats).as_deref(),
            nodes,
            tables,
            seconds,
            interval_ms,
            workers,
            lease_seconds,
        ),
        Mode::LoadWorker {
            nodes,
            first,
            tables,
            seconds,
            interval_ms,
            out,
        } => {
            let nodes: Vec<String> = nodes.split(',').map(str::to_string).collect();
            runtime.block_on(worker(nodes, first, tables, seconds, interval_ms, out))
        }
    }
}

/// The load: the nodes started, the workers started and told to go together, their figures
/// gathered.
#[allow(clippy::too_many_arguments)]
fn load(
    bin: &std::path::Path,
    database: &str,
    nats: Option<&str>,
    count: usize,
    tables: usize,
    seconds: u64,
    interval_ms: u64,
    workers: usize,
    lease_seconds: u64,
) -> ExitCode {
    let dir = tempfile::tempdir().unwrap();
    let mut nodes: Vec<nodes::Node> = (1..=count)
        .map(|n| {
            let port = nats::free_port();
            nodes::Node::new(bin, &format!("n{n}"), port, database, nats, dir.path())
        })
        .collect();
    for node in &mut nodes {
        node.lease_seconds(lease_seconds);
        node.start();
    }
    let addresses: Vec<String> = nodes.iter().map(nodes::Node::address).collect();
    let started = Instant::now();
    let me = std::env::current_exe().unwrap();
    let mut children = Vec::new();
    let per = tables.div_ceil(workers);
    for w in 0..workers {
        let first = w * per;
        let n = per.min(tables.saturating_sub(first));
        if n == 0 {
            break;
        }
        let out = dir.path().join(format!("worker-{w}.bin"));
        let child = Command::new(&me)
            .args(["load-worker", "--nodes", &addresses.join(",")])
            .args(["--first", &first.to_string(), "--tables", &n.to_string()])
            .args(["--seconds", &seconds.to_string()])
            .args(["--interval-ms", &interval_ms.to_string(), "--out"])
            .arg(&out)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("a worker starts");
        children.push((child, out));
    }
    // Each worker says "ready" once its tables are made and sat at.
    let mut readers = Vec::new();
    let mut ready_tables = 0;
    for (child, _) in children.iter_mut() {
        let mut reader = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let Some(n) = line.strip_prefix("ready ") else {
            eprintln!("a worker failed: {line:?}");
            return ExitCode::FAILURE;
        };
        ready_tables += n.trim().parse::<usize>().unwrap_or(0);
        readers.push(reader);
    }
    let setup = started.elapsed();
    let pids: Vec<u32> = nodes.iter().filter_map(nodes::Node::pid).collect();
    let worker_pids: Vec<u32> = children.iter().map(|(c, _)| c.id()).collect();
    let cpu_before: Vec<u64> = pids.iter().map(|&p| cpu_ticks(p).unwrap_or(0)).collect();
    let workers_before: u64 = worker_pids.iter().filter_map(|&p| cpu_ticks(p)).sum();
    let by_name_before = cpu_by_name();
    let go = Instant::now();
    for (child, _) in children.iter_mut() {
        let stdin = child.stdin.as_mut().unwrap();
        let _ = stdin.write_all(b"go\n");
        let _ = stdin.flush();
    }
    let (mut failures, mut games) = (0usize, 0usize);
    let mut workers_after = 0;
    for reader in readers.iter_mut() {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        let mut fields = line
            .split_whitespace()
            .skip(1)
            .map(|f| f.parse::<usize>().unwrap_or(0));
        let _moves = fields.next();
        failures += fields.next().unwrap_or(0);
        games += fields.next().unwrap_or(0);
        workers_after += fields.next().unwrap_or(0) as u64;
    }
    let wall = go.elapsed().as_secs_f64();
    let cpu: Vec<f64> = pids
        .iter()
        .zip(&cpu_before)
        .map(|(&p, &b)| (cpu_ticks(p).unwrap_or(b) - b) as f64 / 100.0 / wall)
        .collect();
    let rss: Vec<u64> = pids.iter().filter_map(|&p| rss_kib(p)).collect();
    let by_name_after = cpu_by_name();
    let others: Vec<String> = ["postgres", "nats-server", "nginx"]
        .iter()
        .map(|name| {
            let ticks = by_name_after.get(*name).copied().unwrap_or(0)
                - by_name_before
                    .get(*name)
                    .copied()
                    .unwrap_or(0)
                    .min(by_name_after.get(*name).copied().unwrap_or(0));
            format!("{name} {:.0} %", ticks as f64 / 100.0 / wall * 100.0)
        })
        .collect();
    for (child, _) in children.iter_mut() {
        let _ = child.wait();
    }
    let workers_cpu = workers_after.saturating_sub(workers_before) as f64 / 100.0 / wall;
    let mut latencies: Vec<u32> = Vec::new();
    for (_, out) in &children {
        let bytes = std::fs::read(out).unwrap_or_default();
        latencies.extend(
            bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        );
    }
    latencies.sort_unstable();
    let at = |q: f64| {
        let n = latencies.len();
        if n == 0 {
            return 0.0;
        }
        latencies[((n as f64 * q) as usize).min(n - 1)] as f64 / 1000.0
    };
    println!(
        "load: {count} node(s), {tables} tables ({ready_tables} ready), {} clients, {} worker \
         processes, a move every {interval_ms} ms at each table, {seconds} s (set up in {:.0} s), \
         leases of {lease_seconds} s",
        2 * ready_tables,
        children.len(),
        setup.as_secs_f64()
    );
    println!(
        "moves: {} ({:.0} a second, {:.0} asked), games finished: {games}, failures: {failures}",
        latencies.len(),
        latencies.len() as f64 / seconds as f64,
        ready_tables as f64 * 1000.0 / interval_ms as f64,
    );
    println!(
        "move to the opponent's read: p50 {:.1} ms, p99 {:.1} ms, longest {:.1} ms",
        at(0.5),
        at(0.99),
        at(1.0)
    );
    println!(
        "nodes' CPU: {} (% of one core); memory: {} MiB; the clients' CPU: {:.0} %; load \
         average: {}",
        cpu.iter()
            .map(|c| format!("{:.0}", c * 100.0))
            .collect::<Vec<_>>()
            .join(", "),
        rss.iter()
            .map(|r| format!("{}", r / 1024))
            .collect::<Vec<_>>()
            .join(", "),
        workers_cpu * 100.0,
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    println!(
        "the others' CPU (% of one core, every process of the name): {}",
        others.join(", ")
    );
    println!(
        "LOAD {count} {ready_tables} {} {:.1} {:.1} {:.1}",
        latencies.len() as f64 / seconds as f64,
        at(0.5),
        at(0.99),
        at(1.0)
    );
    drop(nodes);
    // Failures (a table not set up, a client refused under the load) are counted above.
    if latencies.is_empty() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// What a worker counts.
#[derive(Default)]
struct Counts {
    latencies: Mutex<Vec<u32>>,
    failures: AtomicUsize,
    games: AtomicUsize,
}

/// One worker: its tables made and sat at ("ready"), then, on "go", a move every interval at
/// each for `seconds`; its latencies to `out`, its counts on its last line.
async fn worker(
    nodes: Vec<String>,
    first: usize,
    tables: usize,
    seconds: u64,
    interval_ms: u64,
    out: PathBuf,
) -> ExitCode {
    let nodes = Arc::new(nodes);
    let counts = Arc::new(Counts::default());
    let (go_tx, go_rx) = tokio::sync::watch::channel(None::<Instant>);
    // The tables made and sat at, 25 at once in each worker (people arrive over time).
    let gate = Arc::new(Semaphore::new(25));
    let mut setups = Vec::new();
    for t in first..first + tables {
        let (nodes, gate) = (nodes.clone(), gate.clone());
        setups.push(tokio::spawn(async move {
            let _permit = gate.acquire().await.ok()?;
            sit_down(&nodes, t).await
        }));
    }
    let mut seated = Vec::new();
    for (k, setup) in setups.into_iter().enumerate() {
        match setup.await {
            Ok(Some(table)) => seated.push((first + k, table)),
            _ => {
                counts.failures.fetch_add(1, Ordering::SeqCst);
            }
        }
    }
    println!("ready {}", seated.len());
    let mut line = String::new();
    let _ = tokio::task::block_in_place(|| std::io::stdin().read_line(&mut line));
    let start = Instant::now();
    let until = start + Duration::from_secs(seconds);
    let _ = go_tx.send(Some(start));
    let interval = Duration::from_millis(interval_ms);
    let mut tasks = Vec::new();
    for (t, table) in seated {
        let counts = counts.clone();
        let mut go = go_rx.clone();
        tasks.push(tokio::spawn(async move {
            let _ = go.wait_for(Option::is_some).await;
            play(t, table, until, interval, &counts).await;
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    let latencies = std::mem::take(&mut *counts.latencies.lock().unwrap());
    let bytes: Vec<u8> = latencies.iter().flat_map(|l| l.to_le_bytes()).collect();
    std::fs::write(&out, bytes).unwrap();
    let cpu = cpu_ticks(std::process::id()).unwrap_or(0);
    println!(
        "done {} {} {} {cpu}",
        latencies.len(),
        counts.failures.load(Ordering::SeqCst),
        counts.games.load(Ordering::SeqCst)
    );
    ExitCode::SUCCESS
}

/// A table's two players: Black on the table's owner (where it is made), White on the next
/// node.
struct Sitting {
    code: Code,
    black: (Socket, Token),
    white: (Socket, Token),
}

/// Makes table `t` on its owner and sits both players.
async fn sit_down(nodes: &[String], t: usize) -> Option<Sitting> {
    let owner = t % nodes.len();
    let other = (owner + 1) % nodes.len();
    let mut black = connect_from(&nodes[owner], t, 0).await?;
    let mut white = connect_from(&nodes[other], t, 1).await?;
    let code = make(&mut black).await?;
    let black_token = join(&mut black, &code, 0).await?;
    let white_token = join(&mut white, &code, 1).await?;
    Some(Sitting {
        code,
        black: (black, black_token),
        white: (white, white_token),
    })
}

/// A WebSocket to `address` from a loopback address of the table's own (127.x.y.z, so that
/// 20,000 sockets do not run out of one address's ports).
async fn connect_from(address: &str, t: usize, seat: usize) -> Option<Socket> {
    let n = 2 * t + seat;
    let from = std::net::Ipv4Addr::new(127, 1 + (n / 250 % 250) as u8, 0, (n % 250) as u8 + 2);
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind((from, 0).into()).ok()?;
    let stream = socket.connect(address.parse().ok()?).await.ok()?;
    let (mut ws, _) = tokio_tungstenite::client_async(
        format!("ws://{address}/ws"),
        tokio_tungstenite::MaybeTlsStream::Plain(stream),
    )
    .await
    .ok()?;
    read(&mut ws, |m| {
        matches!(m, ToClient::Hello { .. }).then_some(())
    })
    .await?;
    Some(ws)
}

/// A move every `interval` at the table (the sides in turn; a new table on the owner when a
/// game ends) until `until`.
async fn play(t: usize, mut table: Sitting, until: Instant, interval: Duration, counts: &Counts) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(t as u64);
    // The tables' moves spread over the interval, not all at its start.
    let offset = Duration::from_micros(rng.random_range(0..interval.as_micros() as u64));
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + offset, interval);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut position: AnyPosition = GameConfig::default().start();
    loop {
        tick.tick().await;
        if Instant::now() >= until {
            return;
        }
        if position.outcome().is_some() {
            counts.games.fetch_add(1, Ordering::SeqCst);
            let Some(code) = make(&mut table.black.0).await else {
                counts.failures.fetch_add(1, Ordering::SeqCst);
                return;
            };
            let (Some(b), Some(w)) = (
                join(&mut table.black.0, &code, 0).await,
                join(&mut table.white.0, &code, 1).await,
            ) else {
                counts.failures.fetch_add(1, Ordering::SeqCst);
                return;
            };
            (table.code, table.black.1, table.white.1) = (code, b, w);
            position = GameConfig::default().start();
            continue;
        }
        let ply = position.ply() as u32;
        let Some(&mv) = position.legal_moves().choose(&mut rng) else {
            return;
        };
        let black_moves = position.seat_to_move() == 0;
        let (mover, opponent) = if black_moves {
            (&mut table.black, &mut table.white)
        } else {
            (&mut table.white, &mut table.black)
        };
        let Ok(text) = MoveText::parse(&mv.to_string()) else {
            return;
        };
        let sent = Instant::now();
        let ask = ToServer::Move {
            code: table.code.clone(),
            token: mover.1.clone(),
            ply,
            mv: text,
        };
        let seen =
            |m: &ToClient| matches!(m, ToClient::Moved { ply: p, .. } if *p == ply).then_some(());
        let done = async {
            send(&mut mover.0, &ask).await?;
            read(&mut opponent.0, seen).await?;
            let micros = sent.elapsed().as_micros().min(u32::MAX as u128) as u32;
            counts.latencies.lock().unwrap().push(micros);
            read(&mut mover.0, seen).await
        };
        if done.await.is_none() {
            counts.failures.fetch_add(1, Ordering::SeqCst);
            return;
        }
        position.play_unchecked(mv);
    }
}

/// The CPU time so far of every process on the machine, by its name (clock ticks).
fn cpu_by_name() -> std::collections::HashMap<String, u64> {
    let mut by_name = std::collections::HashMap::new();
    for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        let Ok(comm) = std::fs::read_to_string(format!("/proc/{pid}/comm")) else {
            continue;
        };
        if let Some(ticks) = cpu_ticks(pid) {
            *by_name.entry(comm.trim().to_string()).or_insert(0) += ticks;
        }
    }
    by_name
}
