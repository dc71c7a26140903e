//! Nodes killed under play (issue #51), for the test command (tests/cluster.rs) and the cluster
//! driver (examples/cluster.rs) alike: tables made on their owner node directly, two players
//! each through the front, spectators each on a node other than the owner, moves going on all
//! the time; each node in turn killed with SIGKILL and started again under its name. Every
//! client that loses its socket comes back through the front (a spectator to its own node while
//! it runs) with its token, retrying with a short backoff while the table is refused
//! `unavailable` or `unknown-table` (until a node adopts it).
//!
//! Checks: no acknowledged move lost (a move is acknowledged when its mover read the server's
//! `moved`; every table view after a reconnect, the final one and the database hold every one),
//! every player back at its seat with its token, every spectator saw every move once and in
//! order (a `moved` of the next ply only; after a reconnect, the table's view holds the moves
//! it saw). Nothing is timed but the figures: the waits are hang guards.

#![allow(dead_code)]

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use gamut_engine::Game;
use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_net::{
    Clock, Code, MoveText, Name, Refusal, Seat, TableView, ToClient, ToServer, Token, decode,
    encode,
};
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::front::Front;
use crate::nodes::Node;

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A cluster on this machine: its nodes and the front before them.
pub struct Cluster {
    pub nodes: Vec<Node>,
    pub front: Front,
    pub dir: tempfile::TempDir,
}

impl Cluster {
    /// `count` nodes (n1, n2…) of the program `bin` over `database`, relaying through `nats`,
    /// each on a free loopback port, and nginx in front of them.
    pub fn start(bin: &Path, database: &str, nats: Option<&str>, count: usize) -> Cluster {
        let dir = tempfile::tempdir().unwrap();
        let mut nodes: Vec<Node> = (1..=count)
            .map(|n| {
                let port = crate::nats::free_port();
                Node::new(bin, &format!("n{n}"), port, database, nats, dir.path())
            })
            .collect();
        for node in &mut nodes {
            node.start();
        }
        let addresses: Vec<String> = nodes.iter().map(Node::address).collect();
        let front = Front::start(&addresses);
        Cluster { nodes, front, dir }
    }

    /// The nodes' logs, for a run that failed.
    pub fn logs(&self) -> String {
        self.nodes
            .iter()
            .map(|node| format!("--- {} ---\n{}", node.name, node.log()))
            .collect()
    }
}

/// How the run goes.
#[derive(Debug, Clone)]
pub struct Options {
    pub tables: usize,
    /// Spectators at each table.
    pub spectators: usize,
    /// Kills of each node.
    pub kills_per_node: usize,
    /// A table's pause between two moves.
    pub move_every: Duration,
    /// How long a killed node stays dead before it is started again.
    pub down: Duration,
    /// The hang guard: the longest any wait may take (not a figure).
    pub guard: Duration,
}

/// One kill's figures.
#[derive(Debug, Clone)]
pub struct Kill {
    pub node: String,
    /// Moves sent but not yet acknowledged when the node was killed.
    pub in_flight: usize,
    /// Clients that lost their socket (or were refused and reconnected) after it.
    pub dropped: usize,
    /// From the kill to the last of those clients back at its seat (or watching again).
    pub clients_back: Duration,
    /// From the kill to the last table's first acknowledged move after it.
    pub tables_moving: Duration,
}

/// What a run found.
#[derive(Debug, Default)]
pub struct Report {
    pub kills: Vec<Kill>,
    pub tables_played: usize,
    pub acknowledged: usize,
    /// Acknowledged moves missing from a view, the final view or the database.
    pub lost: usize,
    pub in_flight_kept: usize,
    pub reconnects: usize,
    pub refusals_retried: usize,
    pub spectator_moves: usize,
    /// Every table played: its code and its moves as the players know them at the end.
    pub played: Vec<(String, Vec<String>)>,
    pub failures: Vec<String>,
}

impl Report {
    pub fn ok(&self) -> bool {
        self.failures.is_empty() && self.lost == 0
    }

    /// The report as lines.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for (n, kill) in self.kills.iter().enumerate() {
            lines.push(format!(
                "kill {:2}: {} (SIGKILL, {} moves in flight): {} clients reconnected, all back \
                 in {:.1} s, every table moving again in {:.1} s",
                n + 1,
                kill.node,
                kill.in_flight,
                kill.dropped,
                kill.clients_back.as_secs_f64(),
                kill.tables_moving.as_secs_f64()
            ));
        }
        let back: Vec<f64> = self
            .kills
            .iter()
            .map(|k| k.clients_back.as_secs_f64())
            .collect();
        let moving: Vec<f64> = self
            .kills
            .iter()
            .map(|k| k.tables_moving.as_secs_f64())
            .collect();
        let stats = |v: &[f64]| {
            let max = v.iter().cloned().fold(0.0, f64::max);
            let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
            (mean, max)
        };
        let (back_mean, back_max) = stats(&back);
        let (moving_mean, moving_max) = stats(&moving);
        lines.push(format!(
            "{} kills: clients all back in {:.1} s on average ({:.1} s at most), tables moving \
             again in {:.1} s on average ({:.1} s at most)",
            self.kills.len(),
            back_mean,
            back_max,
            moving_mean,
            moving_max
        ));
        lines.push(format!(
            "{} tables played, {} acknowledged moves, {} lost; moves in flight kept at a \
             reconnect: {}; reconnects: {}, refusals retried: {}; moves seen by spectators: {}",
            self.tables_played,
            self.acknowledged,
            self.lost,
            self.in_flight_kept,
            self.reconnects,
            self.refusals_retried,
            self.spectator_moves
        ));
        lines.push(format!("failures: {}", self.failures.len()));
        for failure in self.failures.iter().take(50) {
            lines.push(format!("  FAILED: {failure}"));
        }
        lines
    }
}

/// One table a slot's players sat at: its code and its moves as the players know them (every
/// one acknowledged or seen in a view); final once the players left it.
#[derive(Debug, Clone)]
struct Played {
    code: Code,
    moves: Vec<String>,
    done: bool,
}

/// One place of the run: a table at a time (a new one when a game ends), its players and its
/// spectators.
struct Slot {
    owner: usize,
    games: Mutex<Vec<Played>>,
    /// The number of games, each time one is added (the spectators follow).
    count: watch::Sender<usize>,
    acknowledged: AtomicUsize,
    /// The first acknowledged move after the last kill, from the kill.
    moved_after_kill: Mutex<Option<Duration>>,
    finished: AtomicBool,
    spectators: Vec<Spectator>,
}

/// What a spectator saw of each table, and the moves it saw in all.
#[derive(Default)]
struct Spectator {
    seen: Mutex<HashMap<String, Vec<String>>>,
    total: AtomicUsize,
    finished: AtomicBool,
}

/// What the tasks share.
struct Shared {
    front: String,
    nodes: Vec<String>,
    options: Options,
    stop: AtomicBool,
    failures: Mutex<Vec<String>>,
    lost: AtomicUsize,
    /// Clients without a seat now (lost it, not back yet).
    down: AtomicUsize,
    dropped: AtomicUsize,
    last_back: Mutex<Option<Instant>>,
    kill_at: Mutex<Option<Instant>>,
    in_flight: AtomicUsize,
    in_flight_kept: AtomicUsize,
    reconnects: AtomicUsize,
    refusals_retried: AtomicUsize,
    slots: Vec<Slot>,
}

impl Shared {
    fn fail(&self, what: String) {
        eprintln!("FAILED: {what}");
        self.failures.lock().unwrap().push(what);
    }

    fn stopping(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    /// A client lost its socket.
    fn went_down(&self) {
        self.down.fetch_add(1, Ordering::SeqCst);
        self.dropped.fetch_add(1, Ordering::SeqCst);
        self.reconnects.fetch_add(1, Ordering::SeqCst);
    }

    /// A client that lost its socket is back.
    fn came_back(&self) {
        *self.last_back.lock().unwrap() = Some(Instant::now());
        self.down.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs the kills on `cluster`: `start_node` and `kill_node` act on its nodes (by index).
pub async fn run(cluster: &mut Cluster, options: Options) -> Report {
    let nodes: Vec<String> = cluster.nodes.iter().map(Node::address).collect();
    let count = nodes.len();
    let slots = (0..options.tables)
        .map(|i| Slot {
            owner: i % count,
            games: Mutex::new(Vec::new()),
            count: watch::channel(0).0,
            acknowledged: AtomicUsize::new(0),
            moved_after_kill: Mutex::new(None),
            finished: AtomicBool::new(false),
            spectators: (0..options.spectators)
                .map(|_| Spectator::default())
                .collect(),
        })
        .collect();
    let shared = Arc::new(Shared {
        front: cluster.front.address(),
        nodes,
        options: options.clone(),
        stop: AtomicBool::new(false),
        failures: Mutex::new(Vec::new()),
        lost: AtomicUsize::new(0),
        down: AtomicUsize::new(0),
        dropped: AtomicUsize::new(0),
        last_back: Mutex::new(None),
        kill_at: Mutex::new(None),
        in_flight: AtomicUsize::new(0),
        in_flight_kept: AtomicUsize::new(0),
        reconnects: AtomicUsize::new(0),
        refusals_retried: AtomicUsize::new(0),
        slots,
    });
    let mut tasks = Vec::new();
    for i in 0..options.tables {
        tasks.push(tokio::spawn(slot(shared.clone(), i)));
        for k in 0..options.spectators {
            tasks.push(tokio::spawn(spectator(shared.clone(), i, k)));
        }
    }
    let mut report = Report::default();
    // Every table moving and watched before the first kill.
    if !progressed(&shared, &vec![0; options.tables], 2).await {
        shared.fail("the tables did not start moving".into());
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(51);
    'kills: for k in 0..options.kills_per_node * count {
        if !shared.failures.lock().unwrap().is_empty() {
            break;
        }
        let victim = k % count;
        // At some moment of the moves' flow (the tables move all the time: some are in flight).
        tokio::time::sleep(Duration::from_millis(rng.random_range(200..800))).await;
        let before: Vec<usize> = shared
            .slots
            .iter()
            .map(|s| s.acknowledged.load(Ordering::SeqCst))
            .collect();
        for slot in &shared.slots {
            *slot.moved_after_kill.lock().unwrap() = None;
        }
        shared.dropped.store(0, Ordering::SeqCst);
        *shared.last_back.lock().unwrap() = None;
        // Mid-move: once a move is sent and not yet acknowledged (a short wait at most).
        let wait = Instant::now() + Duration::from_secs(2);
        while shared.in_flight.load(Ordering::SeqCst) == 0 && Instant::now() < wait {
            tokio::time::sleep(Duration::from_micros(200)).await;
        }
        let at = Instant::now();
        *shared.kill_at.lock().unwrap() = Some(at);
        let in_flight = shared.in_flight.load(Ordering::SeqCst);
        tokio::task::block_in_place(|| cluster.nodes[victim].kill());
        tokio::time::sleep(options.down).await;
        tokio::task::block_in_place(|| cluster.nodes[victim].start());
        if !progressed(&shared, &before, 2).await {
            shared.fail(format!(
                "kill {} ({}): the tables did not all move again within {:?} ({} clients \
                 still down)",
                k + 1,
                cluster.nodes[victim].name,
                options.guard,
                shared.down.load(Ordering::SeqCst)
            ));
            break 'kills;
        }
        let clients_back = shared
            .last_back
            .lock()
            .unwrap()
            .map_or(Duration::ZERO, |t| t.saturating_duration_since(at));
        let tables_moving = shared
            .slots
            .iter()
            .filter_map(|s| *s.moved_after_kill.lock().unwrap())
            .max()
            .unwrap_or_default();
        let kill = Kill {
            node: cluster.nodes[victim].name.clone(),
            in_flight,
            dropped: shared.dropped.load(Ordering::SeqCst),
            clients_back,
            tables_moving,
        };
        println!(
            "kill {}: {} ({} moves in flight): {} clients reconnected, back in {:.1} s, tables \
             moving in {:.1} s",
            k + 1,
            kill.node,
            kill.in_flight,
            kill.dropped,
            kill.clients_back.as_secs_f64(),
            kill.tables_moving.as_secs_f64()
        );
        report.kills.push(kill);
    }
    shared.stop.store(true, Ordering::SeqCst);
    let guard = options.guard * 2;
    for task in tasks {
        if tokio::time::timeout(guard, task).await.is_err() {
            shared.fail("a client did not finish (hang guard)".into());
        }
    }
    // What the spectators saw, against what the players know.
    for (i, slot) in shared.slots.iter().enumerate() {
        let games = slot.games.lock().unwrap().clone();
        report.tables_played += games.len();
        report.played.extend(
            games
                .iter()
                .map(|g| (g.code.as_str().to_string(), g.moves.clone())),
        );
        for (k, spectator) in slot.spectators.iter().enumerate() {
            let seen = spectator.seen.lock().unwrap();
            for game in &games {
                let saw = seen.get(game.code.as_str()).cloned().unwrap_or_default();
                if saw != game.moves {
                    shared.fail(format!(
                        "table {i} ({}): spectator {k} saw {} moves, the table has {} (first \
                         difference at ply {})",
                        game.code.as_str(),
                        saw.len(),
                        game.moves.len(),
                        saw.iter()
                            .zip(&game.moves)
                            .take_while(|(a, b)| a == b)
                            .count()
                    ));
                }
            }
        }
    }
    report.acknowledged = shared
        .slots
        .iter()
        .map(|s| s.acknowledged.load(Ordering::SeqCst))
        .sum();
    report.spectator_moves = shared
        .slots
        .iter()
        .flat_map(|s| &s.spectators)
        .map(|s| s.total.load(Ordering::SeqCst))
        .sum();
    report.in_flight_kept = shared.in_flight_kept.load(Ordering::SeqCst);
    report.reconnects = shared.reconnects.load(Ordering::SeqCst);
    report.refusals_retried = shared.refusals_retried.load(Ordering::SeqCst);
    report.lost = shared.lost.load(Ordering::SeqCst);
    report.failures = std::mem::take(&mut *shared.failures.lock().unwrap());
    report
}

/// Every table's moves as the database at `url` holds them (code: moves in order), read by
/// PostgreSQL's `psql` (of the programs in `bin`).
pub fn database_moves(bin: &Path, url: &str) -> HashMap<String, Vec<String>> {
    let out = std::process::Command::new(bin.join("psql"))
        .args([url, "-At", "-F", " ", "-c"])
        .arg("SELECT code, ply, mv FROM moves ORDER BY code, ply")
        .output()
        .expect("psql runs");
    assert!(
        out.status.success(),
        "psql: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut tables: HashMap<String, Vec<String>> = HashMap::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut fields = line.split(' ');
        let (Some(code), Some(ply), Some(mv)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let moves = tables.entry(code.to_string()).or_default();
        assert_eq!(
            ply.parse::<usize>().ok(),
            Some(moves.len()),
            "the plies in order"
        );
        moves.push(mv.to_string());
    }
    tables
}

/// The leases of the tables named in the report's failures (`(CODE)`), as the database at
/// `url` holds them: which node, its epoch, and ms left (negative: run out). For a failed run.
pub fn failed_leases(bin: &Path, url: &str, report: &Report) -> String {
    let mut codes: Vec<String> = report
        .failures
        .iter()
        .filter_map(|f| {
            let (_, rest) = f.split_once('(')?;
            let (code, _) = rest.split_once(')')?;
            (code.len() == 5).then(|| format!("'{code}'"))
        })
        .collect();
    codes.sort();
    codes.dedup();
    if codes.is_empty() {
        return String::new();
    }
    let out = std::process::Command::new(bin.join("psql"))
        .args([url, "-At", "-c"])
        .arg(format!(
            "SELECT code, node, epoch, until - (extract(epoch FROM clock_timestamp()) * 1000)::bigint \
             FROM leases WHERE code IN ({})",
            codes.join(",")
        ))
        .output();
    match out {
        Ok(out) => String::from_utf8_lossy(&out.stdout).into_owned(),
        Err(e) => e.to_string(),
    }
}

/// Checks the report's tables against the database's (`tables`, as [`database_moves`] reads
/// them): each holds exactly the moves its players know.
pub fn check_database(report: &mut Report, tables: &HashMap<String, Vec<String>>) {
    for (code, moves) in &report.played {
        let kept = tables.get(code).cloned().unwrap_or_default();
        if kept != *moves {
            let same = kept.iter().zip(moves).take_while(|(a, b)| a == b).count();
            if same < moves.len() {
                report.lost += moves.len() - same;
            }
            report.failures.push(format!(
                "table {code}: the database holds {} moves, the players acknowledged {} (the \
                 same for {same})",
                kept.len(),
                moves.len()
            ));
        }
    }
}

/// Waits until every table has `more` acknowledged moves beyond `before`, every spectator has
/// seen as many, and every client is back; false after the hang guard.
async fn progressed(shared: &Shared, before: &[usize], more: usize) -> bool {
    let until = Instant::now() + shared.options.guard;
    while Instant::now() < until {
        let all = shared.slots.iter().zip(before).all(|(slot, &b)| {
            let target = b + more;
            slot.acknowledged.load(Ordering::SeqCst) >= target
                && slot
                    .spectators
                    .iter()
                    .all(|s| s.total.load(Ordering::SeqCst) >= target)
        });
        if all && shared.down.load(Ordering::SeqCst) == 0 {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

/// What a read brought.
enum Got {
    Message(ToClient),
    Closed,
    Silent,
}

/// The next message within `wait`.
async fn next(socket: &mut Socket, wait: Duration) -> Got {
    loop {
        match tokio::time::timeout(wait, socket.next()).await {
            Err(_) => return Got::Silent,
            Ok(Some(Ok(Message::Text(text)))) => {
                return match decode::<ToClient>(text.as_bytes()) {
                    Ok(message) => Got::Message(message),
                    Err(_) => Got::Closed,
                };
            }
            Ok(Some(Ok(Message::Close(_))) | Some(Err(_)) | None) => return Got::Closed,
            Ok(Some(Ok(_))) => continue,
        }
    }
}

async fn send(socket: &mut Socket, message: &ToServer) -> bool {
    socket
        .send(Message::Text(encode(message).into()))
        .await
        .is_ok()
}

/// A WebSocket to `address`, its hello read; none if refused or broken.
pub async fn connect(address: &str) -> Option<Socket> {
    let url = format!("ws://{address}/ws");
    let (mut socket, _) = tokio::time::timeout(
        Duration::from_secs(10),
        tokio_tungstenite::connect_async(url),
    )
    .await
    .ok()?
    .ok()?;
    match next(&mut socket, Duration::from_secs(10)).await {
        Got::Message(ToClient::Hello { .. }) => Some(socket),
        _ => None,
    }
}

/// Why a client could not sit.
#[derive(Debug)]
enum NotSeated {
    /// Refused for good (not a refusal to retry).
    Refused(Refusal),
    /// Still refused or unreachable when the hang guard ran out.
    Timeout,
}

/// Asks `ask` (a join or a rejoin) on a new socket to `address` (or, for a spectator with
/// `fallback`, to the front while its node is down) until seated: the socket, the token, the
/// seat and the table. Retries with a short backoff on a refusal to retry (`unavailable`,
/// `unknown-table`) or a socket that breaks.
async fn sit(
    shared: &Shared,
    address: &str,
    fallback: Option<&str>,
    ask: &ToServer,
) -> Result<(Socket, Token, Option<Seat>, TableView), NotSeated> {
    let until = Instant::now() + shared.options.guard;
    let mut pause = Duration::from_millis(50);
    let mut tries = 0;
    while Instant::now() < until {
        tries += 1;
        let mut socket = connect(address).await;
        if socket.is_none()
            && let Some(other) = fallback
            && tries > 3
        {
            socket = connect(other).await;
        }
        if let Some(mut socket) = socket
            && send(&mut socket, ask).await
        {
            let mut seated = None;
            loop {
                match next(&mut socket, shared.options.guard).await {
                    Got::Message(ToClient::Seated { token, seat, .. }) => {
                        seated = Some((token, seat));
                    }
                    Got::Message(ToClient::Table(view)) => {
                        if let Some((token, seat)) = seated {
                            return Ok((socket, token, seat, view));
                        }
                    }
                    Got::Message(ToClient::Refused { refusal }) => match refusal {
                        Refusal::Unavailable | Refusal::UnknownTable => {
                            shared.refusals_retried.fetch_add(1, Ordering::SeqCst);
                            break;
                        }
                        refusal => return Err(NotSeated::Refused(refusal)),
                    },
                    Got::Message(_) => {}
                    Got::Closed | Got::Silent => break,
                }
            }
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_millis(500));
    }
    Err(NotSeated::Timeout)
}

/// A player: its seat, its token, its socket while it has one.
struct Player {
    seat: u8,
    token: Token,
    socket: Option<Socket>,
}

/// Makes a table on the node `owner` directly: its code (retrying while that node is down).
async fn create(shared: &Shared, owner: usize, clock: Clock) -> Option<Code> {
    let until = Instant::now() + shared.options.guard;
    while Instant::now() < until {
        if let Some(mut socket) = connect(&shared.nodes[owner]).await {
            let ask = ToServer::Create {
                game: GameConfig::default(),
                clock,
                computers: Vec::new(),
                operator: None,
            };
            if send(&mut socket, &ask).await {
                loop {
                    match next(&mut socket, shared.options.guard).await {
                        Got::Message(ToClient::Created { code, .. }) => {
                            let _ = socket.close(None).await;
                            return Some(code);
                        }
                        Got::Message(ToClient::Refused { .. }) | Got::Closed | Got::Silent => {
                            break;
                        }
                        Got::Message(_) => {}
                    }
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    None
}

/// The position after `moves` from the table's start.
fn position_of(view: &TableView, moves: &[String]) -> AnyPosition {
    let mut position = view
        .game
        .position_from_text(&view.start)
        .expect("the table's start reads");
    for mv in moves {
        let parsed = position.parse_move(mv).expect("the table's moves read");
        position.play(parsed).expect("the table's moves are legal");
    }
    position
}

/// One slot's players: a table made on its owner, both seats taken through the front, moves
/// until the game ends (then a new table) or the run stops.
async fn slot(shared: Arc<Shared>, i: usize) {
    let me = &shared.slots[i];
    let mut rng = rand::rngs::StdRng::seed_from_u64(i as u64);
    let clock = if i.is_multiple_of(2) {
        Clock::Untimed
    } else {
        Clock::Correspondence { days: 3 }
    };
    while !shared.stopping() {
        let Some(code) = create(&shared, me.owner, clock).await else {
            shared.fail(format!("table {i}: no table made on its owner"));
            break;
        };
        let mut players = Vec::new();
        let mut view = None;
        for seat in 0..2u8 {
            let ask = ToServer::Join {
                code: code.clone(),
                seat: Seat::new(seat),
                name: Name::parse(&format!("P{i}s{seat}")).unwrap(),
                rating: None,
            };
            match sit(&shared, &shared.front, None, &ask).await {
                Ok((socket, token, _, table)) => {
                    players.push(Player {
                        seat,
                        token,
                        socket: Some(socket),
                    });
                    view = Some(table);
                }
                // A join whose answer was lost with its node, taken on a retry: another table.
                Err(NotSeated::Refused(Refusal::SeatTaken)) => break,
                Err(e) => {
                    shared.fail(format!(
                        "table {i} ({}): seat {seat} not taken: {e:?}",
                        code.as_str()
                    ));
                    break;
                }
            }
        }
        let Some(view) = view.filter(|_| players.len() == 2) else {
            if !shared.failures.lock().unwrap().is_empty() {
                break;
            }
            continue;
        };
        let index = {
            let mut games = me.games.lock().unwrap();
            games.push(Played {
                code: code.clone(),
                moves: Vec::new(),
                done: false,
            });
            games.len() - 1
        };
        me.count.send_replace(index + 1);
        play(&shared, i, index, &code, &view, &mut players, &mut rng).await;
        // The table as the players leave it: each back at its seat on a new socket, its view
        // holding every move.
        for player in players.iter_mut() {
            if let Some(mut socket) = player.socket.take() {
                let _ = socket.close(None).await;
            }
            let ask = ToServer::Rejoin {
                code: code.clone(),
                token: player.token.clone(),
            };
            match sit(&shared, &shared.front, None, &ask).await {
                Ok((mut socket, _, seat, table)) => {
                    check_seat(&shared, i, &code, player.seat, seat);
                    let known = me.games.lock().unwrap()[index].moves.clone();
                    let got: Vec<String> =
                        table.moves.iter().map(|m| m.as_str().to_string()).collect();
                    if got != known {
                        lost_check(&shared, i, &code, &known, &got, "its final view");
                    }
                    let _ = socket.close(None).await;
                }
                Err(e) => shared.fail(format!(
                    "table {i} ({}): seat {} not back at the end: {e:?}",
                    code.as_str(),
                    player.seat
                )),
            }
        }
        me.games.lock().unwrap()[index].done = true;
        me.count.send_modify(|_| {});
    }
    me.finished.store(true, Ordering::SeqCst);
    me.count.send_modify(|_| {});
}

fn check_seat(shared: &Shared, i: usize, code: &Code, wanted: u8, seat: Option<Seat>) {
    if seat.map(u8::from) != Some(wanted) {
        shared.fail(format!(
            "table {i} ({}): rejoined at seat {seat:?}, not {wanted}",
            code.as_str()
        ));
    }
}

/// Counts and tells the acknowledged moves missing from `got` (a view).
fn lost_check(
    shared: &Shared,
    i: usize,
    code: &Code,
    known: &[String],
    got: &[String],
    what: &str,
) {
    let same = known.iter().zip(got).take_while(|(a, b)| a == b).count();
    if same < known.len() {
        shared.lost.fetch_add(known.len() - same, Ordering::SeqCst);
        shared.fail(format!(
            "table {i} ({}): {what} holds {} moves, {} were acknowledged: {} LOST",
            code.as_str(),
            got.len(),
            known.len(),
            known.len() - same
        ));
    } else {
        shared.fail(format!(
            "table {i} ({}): {what} holds {} moves, {} expected",
            code.as_str(),
            got.len(),
            known.len()
        ));
    }
}

/// The moves at a table until the game ends or the run stops.
async fn play(
    shared: &Shared,
    i: usize,
    index: usize,
    code: &Code,
    view: &TableView,
    players: &mut [Player],
    rng: &mut rand::rngs::StdRng,
) {
    let me = &shared.slots[i];
    let guard = shared.options.guard;
    let mut moves: Vec<String> = Vec::new();
    let mut position = position_of(view, &moves);
    // The move sent and not yet acknowledged (its ply, its text).
    let mut pending: Option<(usize, String)> = None;
    loop {
        // Every player at its seat, the table as the server has it.
        for player in players.iter_mut() {
            if player.socket.is_some() {
                continue;
            }
            let ask = ToServer::Rejoin {
                code: code.clone(),
                token: player.token.clone(),
            };
            match sit(shared, &shared.front, None, &ask).await {
                Ok((socket, _, seat, table)) => {
                    shared.came_back();
                    check_seat(shared, i, code, player.seat, seat);
                    player.socket = Some(socket);
                    let got: Vec<String> =
                        table.moves.iter().map(|m| m.as_str().to_string()).collect();
                    if !sync(shared, i, code, &mut moves, &mut pending, got) {
                        return;
                    }
                    position = position_of(view, &moves);
                    me.games.lock().unwrap()[index].moves = moves.clone();
                }
                Err(e) => {
                    shared.fail(format!(
                        "table {i} ({}): seat {} not back: {e:?}",
                        code.as_str(),
                        player.seat
                    ));
                    return;
                }
            }
        }
        if position.outcome().is_some() || shared.stopping() {
            return;
        }
        if pending.is_none() {
            tokio::time::sleep(shared.options.move_every).await;
        }
        let ply = moves.len();
        let mover = position.seat_to_move();
        let opponent = 1 - mover;
        // The move in flight, if its mover lost its socket before it was acknowledged and the
        // table's view did not hold it, is chosen anew (the table is where it was).
        let mv = *position.legal_moves().choose(rng).expect("a legal move");
        let text = mv.to_string();
        let ask = ToServer::Move {
            code: code.clone(),
            token: players[mover].token.clone(),
            ply: ply as u32,
            mv: MoveText::parse(&text).unwrap(),
        };
        pending = Some((ply, text.clone()));
        shared.in_flight.fetch_add(1, Ordering::SeqCst);
        let sent = send(players[mover].socket.as_mut().unwrap(), &ask).await;
        let acknowledged = sent
            && wait_for(
                shared,
                i,
                code,
                &mut players[mover],
                ply,
                Some(&text),
                guard,
            )
            .await;
        shared.in_flight.fetch_sub(1, Ordering::SeqCst);
        if !acknowledged {
            if players[mover].socket.take().is_some() {
                shared.went_down();
            }
            continue;
        }
        pending = None;
        moves.push(text.clone());
        position.play_unchecked(mv);
        acknowledge(shared, i, index, &moves);
        // The opponent reads it (or, on a new socket, its view holds it).
        if !wait_for(
            shared,
            i,
            code,
            &mut players[opponent],
            ply,
            Some(&text),
            guard,
        )
        .await
            && players[opponent].socket.take().is_some()
        {
            shared.went_down();
        }
    }
}

/// A move acknowledged: counted, and the table's moves as the players know them.
fn acknowledge(shared: &Shared, i: usize, index: usize, moves: &[String]) {
    let me = &shared.slots[i];
    me.acknowledged.fetch_add(1, Ordering::SeqCst);
    me.games.lock().unwrap()[index].moves = moves.to_vec();
    let mut first = me.moved_after_kill.lock().unwrap();
    if first.is_none()
        && let Some(at) = *shared.kill_at.lock().unwrap()
    {
        *first = Some(at.elapsed());
    }
}

/// Reads a player's socket until the `moved` of `ply` (its move `mv`): false if the socket
/// broke, went silent past the guard, or the request was refused (the player reconnects).
async fn wait_for(
    shared: &Shared,
    i: usize,
    code: &Code,
    player: &mut Player,
    ply: usize,
    mv: Option<&str>,
    guard: Duration,
) -> bool {
    let Some(socket) = player.socket.as_mut() else {
        return false;
    };
    loop {
        match next(socket, guard).await {
            Got::Message(ToClient::Moved {
                code: c,
                ply: p,
                mv: m,
                ..
            }) if c == *code && p as usize == ply => {
                if let Some(mv) = mv
                    && m.as_str() != mv
                {
                    shared.fail(format!(
                        "table {i} ({}): ply {ply} told as {}, {mv} was played",
                        code.as_str(),
                        m.as_str()
                    ));
                }
                return true;
            }
            Got::Message(ToClient::Moved {
                code: c, ply: p, ..
            }) if c == *code && p as usize > ply => {
                shared.fail(format!(
                    "table {i} ({}): seat {} told ply {p} while waiting for {ply}",
                    code.as_str(),
                    player.seat
                ));
                return false;
            }
            Got::Message(ToClient::Table(view)) if view.code == *code => {
                // Told the whole table (it was behind): reconnect to take it as a rejoin does.
                if view.moves.len() > ply {
                    return false;
                }
            }
            Got::Message(ToClient::Refused { refusal }) => {
                match refusal {
                    Refusal::Unavailable | Refusal::UnknownTable => {
                        shared.refusals_retried.fetch_add(1, Ordering::SeqCst);
                    }
                    refusal => shared.fail(format!(
                        "table {i} ({}): seat {}'s move at ply {ply} refused: {refusal:?}",
                        code.as_str(),
                        player.seat
                    )),
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
                return false;
            }
            Got::Message(_) => {}
            Got::Closed => return false,
            Got::Silent => {
                shared.fail(format!(
                    "table {i} ({}): seat {} heard nothing for {guard:?} on an open socket \
                     while waiting for ply {ply}",
                    code.as_str(),
                    player.seat
                ));
                return false;
            }
        }
    }
}

/// Takes a table's view after a reconnect: it must hold every acknowledged move, and at most
/// the move in flight beyond them. False on a failure.
fn sync(
    shared: &Shared,
    i: usize,
    code: &Code,
    moves: &mut Vec<String>,
    pending: &mut Option<(usize, String)>,
    got: Vec<String>,
) -> bool {
    if got.len() < moves.len() || got[..moves.len()] != moves[..] {
        lost_check(shared, i, code, moves, &got, "a view after a reconnect");
        return false;
    }
    if got.len() > moves.len() {
        let kept = got.len() == moves.len() + 1
            && pending
                .as_ref()
                .is_some_and(|(ply, mv)| *ply == moves.len() && *mv == got[moves.len()]);
        if !kept {
            shared.fail(format!(
                "table {i} ({}): a view after a reconnect holds {} moves, {} known and the one \
                 in flight {:?}",
                code.as_str(),
                got.len(),
                moves.len(),
                pending
            ));
            return false;
        }
        shared.in_flight_kept.fetch_add(1, Ordering::SeqCst);
        moves.push(got[moves.len()].clone());
        shared.slots[i].acknowledged.fetch_add(1, Ordering::SeqCst);
        *pending = None;
    }
    true
}

/// One spectator of a slot: watches each of its tables in turn from a node other than the
/// table's owner, directly (through the front while that node is down).
async fn spectator(shared: Arc<Shared>, i: usize, k: usize) {
    let me = &shared.slots[i];
    let spectator = &me.spectators[k];
    let count = shared.nodes.len();
    let node = (me.owner + 1 + k % (count - 1).max(1)) % count;
    let mut games = me.count.subscribe();
    let mut index = 0;
    'games: loop {
        // The next table, once the players sit there.
        let game = loop {
            let found = me.games.lock().unwrap().get(index).cloned();
            if let Some(game) = found {
                break game;
            }
            if me.finished.load(Ordering::SeqCst) {
                break 'games;
            }
            let _ = tokio::time::timeout(Duration::from_millis(200), games.changed()).await;
        };
        let code = game.code.clone();
        let key = code.as_str().to_string();
        let ask = ToServer::Join {
            code: code.clone(),
            seat: None,
            name: Name::parse(&format!("W{i}s{k}")).unwrap(),
            rating: None,
        };
        let mut down = false;
        let mut last_heard = Instant::now();
        let mut socket: Option<Socket> = None;
        loop {
            let (saw, done, known) = {
                let seen = spectator.seen.lock().unwrap();
                let games = me.games.lock().unwrap();
                let saw = seen.get(&key).map_or(0, Vec::len);
                (saw, games[index].done, games[index].moves.len())
            };
            if done && saw >= known {
                break;
            }
            if socket.is_none() {
                match sit(&shared, &shared.nodes[node], Some(&shared.front), &ask).await {
                    Ok((new, _, seat, view)) => {
                        if down {
                            shared.came_back();
                            down = false;
                        }
                        if seat.is_some() {
                            shared.fail(format!("table {i}: spectator {k} seated at {seat:?}"));
                        }
                        watched(&shared, i, k, &key, view);
                        socket = Some(new);
                        last_heard = Instant::now();
                    }
                    Err(e) => {
                        shared.fail(format!("table {i} ({key}): spectator {k} not back: {e:?}"));
                        break 'games;
                    }
                }
            }
            let s = socket.as_mut().unwrap();
            let got = tokio::select! {
                got = next(s, Duration::from_millis(300)) => got,
                _ = games.changed() => continue,
            };
            match got {
                Got::Message(ToClient::Moved {
                    code: c, ply, mv, ..
                }) if c == code => {
                    last_heard = Instant::now();
                    let mut seen = spectator.seen.lock().unwrap();
                    let list = seen.entry(key.clone()).or_default();
                    let ply = ply as usize;
                    if ply == list.len() {
                        list.push(mv.as_str().to_string());
                        spectator.total.fetch_add(1, Ordering::SeqCst);
                    } else {
                        let what = if ply < list.len() {
                            "again"
                        } else {
                            "with a gap"
                        };
                        drop(seen);
                        shared.fail(format!(
                            "table {i} ({key}): spectator {k} told ply {ply} {what} (it had \
                             seen {} moves)",
                            saw
                        ));
                        socket = None;
                    }
                }
                Got::Message(ToClient::Table(view)) if view.code == code => {
                    last_heard = Instant::now();
                    watched(&shared, i, k, &key, view);
                }
                Got::Message(ToClient::Refused { refusal }) => {
                    shared.fail(format!(
                        "table {i} ({key}): spectator {k} refused {refusal:?}"
                    ));
                }
                Got::Message(_) => {}
                Got::Closed => {
                    socket = None;
                    down = true;
                    shared.went_down();
                }
                Got::Silent => {
                    // Nothing to read: a hang only if the players are ahead of it for long.
                    if saw < known && last_heard.elapsed() > shared.options.guard {
                        shared.fail(format!(
                            "table {i} ({key}): spectator {k} heard nothing for {:?} on an \
                             open socket while the table moved on",
                            shared.options.guard
                        ));
                        socket = None;
                    }
                }
            }
        }
        if let Some(mut socket) = socket {
            let _ = socket.close(None).await;
        }
        index += 1;
    }
    spectator.finished.store(true, Ordering::SeqCst);
}

/// A spectator's view of the table: what it saw must lead it.
fn watched(shared: &Shared, i: usize, k: usize, key: &str, view: TableView) {
    let spectator = &shared.slots[i].spectators[k];
    let got: Vec<String> = view.moves.iter().map(|m| m.as_str().to_string()).collect();
    let mut seen = spectator.seen.lock().unwrap();
    let list = seen.entry(key.to_string()).or_default();
    if got.len() < list.len() || got[..list.len()] != list[..] {
        let had = list.len();
        drop(seen);
        shared.fail(format!(
            "table {i} ({key}): spectator {k} saw {had} moves, then a view of {} that does not \
             hold them",
            got.len()
        ));
        return;
    }
    spectator
        .total
        .fetch_add(got.len() - list.len(), Ordering::SeqCst);
    *list = got;
}
