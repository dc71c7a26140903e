//! A table's life under random events (proptest): a person sits, the server's engine has a
//! seat, a move, a resignation, someone connects or goes, time passes (the clocks and the sweep
//! run), the server restarts on its database. Each sequence is played on the hub itself, in
//! this process, going by a clock the test sets, and on a model of the rule of docs/server.md
//! ("A table's life"); after each event the phase the database holds, and whether the hub
//! still holds the table, must be the model's.

mod common;

use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, Instant};

use gamut_engine::Game;
use gamut_engine::any_game::GameConfig;
use gamut_engine::level::Level;
use gamut_net::{Clock, Code, ComputerSeat, Seat, TableView, ToClient, ToServer, Token};
use gamut_server::hub::{Hub, Limits, Out, Session};
use gamut_server::phase::Phase;
use gamut_server::store::Store;
use proptest::prelude::*;
use tokio::sync::mpsc;

const MIN: i64 = 60_000;
const HOUR: i64 = 60 * MIN;
const DAY: i64 = 24 * HOUR;

/// What happens to the table.
#[derive(Debug, Clone, Copy)]
enum Event {
    /// A person takes the first free seat, and stays connected.
    Sit,
    /// The person whose turn it is moves (from a device not connected to the table, as a
    /// correspondence player posts a move); the engine answers if its turn comes.
    Move,
    /// The person at this seat resigns (from a device not connected to the table).
    Resign(usize),
    /// Someone connects to watch.
    Watch,
    /// The connection that came first goes.
    Leave,
    /// This much time passes; then the clocks are looked at and the tables swept.
    Wait(i64),
    /// The server starts again on its database (every connection lost).
    Restart,
}

/// How the table is made.
#[derive(Debug, Clone, Copy)]
struct Made {
    /// Correspondence, a day a move; else untimed.
    correspondence: bool,
    /// The seat the server's engine plays, if any.
    engine: Option<usize>,
}

fn made() -> impl Strategy<Value = Made> {
    (any::<bool>(), prop::option::of(0..2usize)).prop_map(|(correspondence, engine)| Made {
        correspondence,
        engine,
    })
}

fn event() -> impl Strategy<Value = Event> {
    // Waits around the rule's times: the grace (30 min), a day, 30 days.
    let waits = vec![
        MIN,
        20 * MIN,
        31 * MIN,
        3 * HOUR,
        23 * HOUR,
        25 * HOUR,
        2 * DAY,
        31 * DAY,
    ];
    prop_oneof![
        3 => Just(Event::Sit),
        4 => Just(Event::Move),
        1 => (0..2usize).prop_map(Event::Resign),
        2 => Just(Event::Watch),
        2 => Just(Event::Leave),
        4 => prop::sample::select(waits).prop_map(Event::Wait),
        2 => Just(Event::Restart),
    ]
}

/// The rule, as docs/server.md says it, and what the table's facts are.
#[derive(Debug)]
struct Model {
    phase: Phase,
    /// Each seat taken (a person's or the engine's), and whose.
    seats: [Option<Taker>; 2],
    correspondence: bool,
    ply: usize,
    ended_at: Option<i64>,
    /// When something last happened there, as the hub holds it.
    activity: i64,
    /// When something last happened there, as the database holds it.
    activity_stored: i64,
    /// Since when the side to move has been thinking (the clock runs once every seat is taken).
    since: Option<i64>,
    /// Connections to the table.
    connected: usize,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Taker {
    Person,
    Engine,
}

impl Model {
    fn new(made: Made, now: i64) -> Model {
        let mut seats = [None; 2];
        if let Some(seat) = made.engine {
            seats[seat] = Some(Taker::Engine);
        }
        Model {
            phase: Phase::Waiting,
            seats,
            correspondence: made.correspondence,
            ply: 0,
            ended_at: None,
            activity: now,
            activity_stored: now,
            since: None,
            connected: 0,
        }
    }

    fn in_play(&self) -> bool {
        self.phase != Phase::PutAway
    }

    fn full(&self) -> bool {
        self.seats.iter().all(Option::is_some)
    }

    /// The seat to move (Black first).
    fn to_move(&self) -> usize {
        self.ply % 2
    }

    /// Something written at `now` (a seat, a move, an end): the hub's and the database's.
    fn written(&mut self, now: i64) {
        self.activity = self.activity.max(now);
        self.activity_stored = self.activity_stored.max(now);
    }

    /// A move at `now`, then the engine's answer if its turn comes.
    fn moved(&mut self, now: i64) {
        self.ply += 1;
        self.written(now);
        if self.since.is_some() {
            self.since = Some(now);
        }
        self.engine_turn(now);
    }

    /// The engine plays at once when it is its turn at a full table whose game goes on.
    fn engine_turn(&mut self, now: i64) {
        if self.phase == Phase::Playing && self.seats[self.to_move()] == Some(Taker::Engine) {
            self.moved(now);
        }
    }

    fn sit(&mut self, seat: usize, now: i64) {
        self.seats[seat] = Some(Taker::Person);
        self.connected += 1;
        self.written(now);
        if self.full() {
            self.since.get_or_insert(now);
            if self.phase == Phase::Waiting {
                self.phase = Phase::Playing;
            }
        }
        self.engine_turn(now);
    }

    fn end(&mut self, now: i64) {
        self.phase = Phase::Finished;
        self.ended_at = Some(now);
        self.written(now);
    }

    /// Whether the rule puts the table away at `now`: nobody connected, and idle for longer
    /// than its phase keeps it (a finished table 30 min, a table waiting a day, an untimed
    /// game 30 days; a correspondence game ends by its clock instead).
    fn put_away_at(&self, now: i64) -> bool {
        let last = self.activity.max(self.ended_at.unwrap_or(i64::MIN));
        let idle = now - last;
        let kept = match self.phase {
            Phase::Waiting => Some(DAY),
            Phase::Playing if !self.correspondence => Some(30 * DAY),
            Phase::Finished => Some(30 * MIN),
            Phase::Playing | Phase::PutAway => None,
        };
        self.connected == 0 && kept.is_some_and(|kept| idle > kept)
    }

    /// Time has passed to `now`: a correspondence clock run out ends the game; then the sweep
    /// (someone connected counts as something happening; the database is told).
    fn waited(&mut self, now: i64) {
        let flagged = self.since.is_some_and(|since| now - since >= DAY);
        if self.phase == Phase::Playing && self.correspondence && flagged {
            self.end(now);
        }
        if !self.in_play() {
            return;
        }
        if self.connected > 0 {
            self.activity = now;
        }
        if self.put_away_at(now) {
            self.phase = Phase::PutAway;
        } else {
            self.activity_stored = self.activity;
        }
    }

    /// The server started again at `now`: from the database, nobody connected.
    fn restarted(&mut self, now: i64) {
        self.connected = 0;
        self.activity = self.activity_stored;
        if self.in_play() && self.put_away_at(now) {
            self.phase = Phase::PutAway;
        }
    }
}

/// The hub, its database and its clock, and the table under test.
struct Real {
    db: PathBuf,
    clock: Arc<AtomicI64>,
    hub: Arc<Hub>,
    code: Code,
    /// Each seat's person's token.
    tokens: [Option<Token>; 2],
    /// The connections to the table, first first.
    connected: Vec<(Session, mpsc::Receiver<Out>)>,
    /// The last host byte of an address given to a connection.
    addresses: u8,
}

/// A hub over the database at `db`, going by `clock`.
fn hub(db: &Path, clock: &Arc<AtomicI64>) -> Arc<Hub> {
    let clock = clock.clone();
    let now = Arc::new(move || clock.load(Ordering::SeqCst));
    let (hub, broken) = Hub::with_clock(Store::open(db).unwrap(), Limits::default(), now).unwrap();
    assert!(broken.is_empty(), "{broken:?}");
    Arc::new(hub)
}

impl Real {
    async fn new(db: PathBuf, made: Made, now: i64) -> Real {
        let clock = Arc::new(AtomicI64::new(now));
        let hub = hub(&db, &clock);
        let mut real = Real {
            db,
            clock,
            hub,
            code: Code::parse("AAAAA").unwrap(),
            tokens: [None, None],
            connected: Vec::new(),
            addresses: 1,
        };
        let clock = if made.correspondence {
            Clock::Correspondence { days: 1 }
        } else {
            Clock::Untimed
        };
        let computers = made.engine.into_iter().map(|seat| ComputerSeat {
            seat: Seat::new(seat as u8).unwrap(),
            level: Level::new(1).unwrap(),
        });
        let create = ToServer::Create {
            game: GameConfig::default(),
            clock,
            computers: computers.collect(),
            operator: None,
        };
        real.code = match real.ask(create).await {
            ToClient::Created { code, .. } => code,
            other => panic!("not made: {other:?}"),
        };
        real
    }

    /// A new connection, from an address of its own.
    fn session(&mut self) -> (Session, mpsc::Receiver<Out>) {
        self.addresses = self.addresses.wrapping_add(1).max(2);
        let (out, messages) = mpsc::channel(gamut_server::hub::QUEUE);
        let from = IpAddr::V4(Ipv4Addr::new(10, 0, 0, self.addresses));
        (self.hub.session(out, from), messages)
    }

    /// `request` from a new connection that stays with no table: its first answer.
    async fn ask(&mut self, request: ToServer) -> ToClient {
        let (mut session, mut messages) = self.session();
        self.hub.handle(&mut session, request).await;
        first(&mut messages)
    }

    /// The table as a spectator sees it, once the engine is not thinking (none: put away).
    async fn settled(&self) -> Option<TableView> {
        let give_up = Instant::now() + common::WAIT;
        loop {
            if !self.hub.holds_table(&self.code) {
                return None;
            }
            let view = self
                .hub
                .views_now()
                .into_iter()
                .find(|v| v.code == self.code);
            if let Some(view) = view.filter(|v| !engine_to_move(v)) {
                return Some(view);
            }
            assert!(Instant::now() < give_up, "the engine never moved");
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    /// Reads what each connection was told, so that none is let go for a full queue.
    fn drain(&mut self) {
        for (_, messages) in &mut self.connected {
            while messages.try_recv().is_ok() {}
        }
    }

    async fn apply(&mut self, event: Event, model: &mut Model) {
        let now = self.clock.load(Ordering::SeqCst);
        match event {
            Event::Sit => {
                let free = (0..2).find(|&s| model.seats[s].is_none());
                let (Some(seat), true) = (free, model.in_play()) else {
                    return;
                };
                let (mut session, mut messages) = self.session();
                let join = ToServer::Join {
                    code: self.code.clone(),
                    seat: Seat::new(seat as u8),
                    name: gamut_net::Name::parse("Ada").unwrap(),
                    rating: None,
                };
                self.hub.handle(&mut session, join).await;
                match first(&mut messages) {
                    ToClient::Seated { token, .. } => self.tokens[seat] = Some(token),
                    other => panic!("not seated: {other:?}"),
                }
                self.connected.push((session, messages));
                model.sit(seat, now);
            }
            Event::Move => {
                let person = model.seats[model.to_move()] == Some(Taker::Person);
                if model.phase != Phase::Playing || !person {
                    return;
                }
                let view = self.settled().await.expect("a table playing");
                let position = common::position(&view);
                let moves = position.legal_moves();
                let mv = moves[view.moves.len() * 7 % moves.len()].to_string();
                let token = self.tokens[model.to_move()].clone().unwrap();
                let play = ToServer::Move {
                    code: self.code.clone(),
                    token,
                    ply: view.moves.len() as u32,
                    mv: gamut_net::MoveText::parse(&mv).unwrap(),
                };
                match self.ask(play).await {
                    ToClient::Moved { .. } => model.moved(now),
                    other => panic!("not moved: {other:?}"),
                }
                // The rules may end the game on the board (not in the few moves played here).
                let over = self.settled().await.and_then(|v| v.end).is_some();
                if over && model.phase == Phase::Playing {
                    model.end(now);
                }
            }
            Event::Resign(seat) => {
                let (Some(token), true) = (self.tokens[seat].clone(), model.in_play()) else {
                    return;
                };
                if model.ended_at.is_some() {
                    return;
                }
                let resign = ToServer::Resign {
                    code: self.code.clone(),
                    token,
                };
                match self.ask(resign).await {
                    ToClient::Ended { .. } => model.end(now),
                    other => panic!("not resigned: {other:?}"),
                }
            }
            Event::Watch => {
                if !model.in_play() {
                    return;
                }
                let (mut session, mut messages) = self.session();
                let watch = ToServer::Join {
                    code: self.code.clone(),
                    seat: None,
                    name: gamut_net::Name::parse("Cy").unwrap(),
                    rating: None,
                };
                self.hub.handle(&mut session, watch).await;
                assert!(matches!(first(&mut messages), ToClient::Seated { .. }));
                self.connected.push((session, messages));
                model.connected += 1;
                model.activity = now;
            }
            Event::Leave => {
                if self.connected.is_empty() {
                    return;
                }
                let (mut session, _) = self.connected.remove(0);
                self.hub.leave(&mut session).await;
                model.connected -= 1;
                model.activity = now;
            }
            Event::Wait(ms) => {
                let now = self.clock.fetch_add(ms, Ordering::SeqCst) + ms;
                self.hub.watch_clocks().await;
                self.hub.sweep().await;
                model.waited(now);
            }
            Event::Restart => {
                // Every connection lost, as when the server is killed; no sweep first.
                self.connected.clear();
                self.hub = hub(&self.db, &self.clock);
                self.hub.resume_computers().await;
                model.restarted(now);
            }
        }
        self.settled().await;
        self.drain();
    }

    /// The phase the database holds, and whether the hub holds the table, are the model's.
    async fn check(&self, model: &Model, event: Event) -> Result<(), TestCaseError> {
        let stored = self.hub.phase_of(self.code.clone()).await.unwrap();
        prop_assert_eq!(stored, Some(model.phase), "after {:?}: {:?}", event, model);
        let held = self.hub.holds_table(&self.code);
        prop_assert_eq!(held, model.in_play(), "after {:?}: {:?}", event, model);
        Ok(())
    }
}

/// The first message a connection was told.
fn first(messages: &mut mpsc::Receiver<Out>) -> ToClient {
    let text = messages.try_recv().expect("an answer");
    gamut_net::decode(text.as_bytes()).expect("the server's messages read")
}

/// Whether the table waits for the server's engine to move.
fn engine_to_move(view: &TableView) -> bool {
    let full = view
        .seats
        .iter()
        .all(|s| s.name.is_some() || s.computer.is_some());
    let seat = common::position(view).seat_to_move();
    full && view.end.is_none() && view.seats[seat].computer.is_some()
}

/// One sequence of events on a table made as `made`, checked after each.
async fn run(made: Made, events: Vec<Event>) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    // 2027-01-15: an ordinary day, far from the Unix clock's start.
    let start = 1_800_000_000_000;
    let mut real = Real::new(dir.path().join("tables.sqlite"), made, start).await;
    let mut model = Model::new(made, start);
    real.settled().await;
    real.check(&model, Event::Wait(0)).await?;
    for event in events {
        real.apply(event, &mut model).await;
        real.check(&model, event).await?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_tables_phase_is_the_rules_whatever_happens(
        made in made(),
        events in prop::collection::vec(event(), 1..30),
    ) {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(run(made, events))?;
    }
}
