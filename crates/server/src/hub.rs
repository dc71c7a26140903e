//! The tables in play and who is connected to each: requests are carried out here, in order per
//! table (one lock a table), each change written to the [`Store`] before anyone is told of it.
//! Each table's phase (waiting, playing, finished, put away) is the one the rule of
//! [`crate::phase`] says, asked at each change, by the clocks and by the sweep.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use gamut_net::{
    Code, ComputerSeat, Name, Offer, Refusal, Seat, ToClient, ToServer, Token, encode,
};
use tokio::sync::{Notify, mpsc};

use crate::address::{self, Holds, PerAddress, Usage};
use crate::engine_queue::{EngineQueue, Line};
use crate::phase::{self, Facts, Keeping, Phase};
use crate::referee::{Sitter, Table};
use crate::store::{Kept, Store, StoreError, Stored};
use crate::token_hash::TokenHash;

/// How many messages wait for a slow client before it is let go (it can rejoin).
pub const QUEUE: usize = 1024;

/// What the server allows.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Tables in play at once.
    pub tables: usize,
    /// Spectators at one table.
    pub watchers: usize,
    /// A finished table with nobody connected and nothing happening is put away after this.
    pub finished_kept: Duration,
    /// A table whose seats were never all taken, with nobody connected, after this.
    pub unstarted_kept: Duration,
    /// An untimed game going on with nobody connected and no move, after this (abandoned).
    pub abandoned_after: Duration,
    /// A table put away unfinished (never started, or abandoned) is deleted from the database
    /// this long after; a finished game is kept for ever.
    pub retention: Duration,
    /// How often the tables are swept ([`Hub::sweep`], then [`Hub::prune`]).
    pub sweep_every: Duration,
    /// What one address may hold.
    pub per_address: PerAddress,
}

impl Default for Limits {
    fn default() -> Limits {
        let keeping = Keeping::default();
        Limits {
            tables: 20_000,
            watchers: 500,
            finished_kept: keeping.finished_kept,
            unstarted_kept: keeping.unstarted_kept,
            abandoned_after: keeping.abandoned_after,
            retention: Duration::from_secs(90 * 24 * 3600),
            sweep_every: Duration::from_secs(60),
            per_address: PerAddress::default(),
        }
    }
}

impl Limits {
    /// How long a table is kept idle in each phase.
    pub fn keeping(&self) -> Keeping {
        Keeping {
            finished_kept: self.finished_kept,
            unstarted_kept: self.unstarted_kept,
            abandoned_after: self.abandoned_after,
        }
    }
}

/// The time the hub goes by: milliseconds of the Unix clock (a test gives its own).
pub type Now = Arc<dyn Fn() -> i64 + Send + Sync>;

/// A message on its way to one client: the same text is shared by all of a table's clients.
pub type Out = Arc<str>;

/// Who a correspondence seat's wish to be told of its moves is handed to, once the hub has
/// checked the seat ([`Hub::notifying`]; `crate::notify`'s notifier is one).
pub trait NotifyDesk: Send + Sync {
    /// The seat's wish, kept: the client's answer.
    fn ask<'a>(
        self: Arc<Self>,
        hub: &'a Hub,
        code: Code,
        seat: Seat,
        ask: gamut_net::notify::NotifyAsk,
    ) -> BoxFuture<'a, Result<ToClient, Refusal>>;
}

/// Where the requests for a table another node owns go, and where that node's messages to
/// the connections here come from: [`crate::relay`]'s NATS relay, on a site of several nodes.
pub trait Relaying: Send + Sync {
    /// Passes `request`, about the table `code` that this hub does not hold, to the node that
    /// does; its answers reach the session through that node. [`Forwarded::Carried`] once it
    /// is passed (or refused with a reason told to the session).
    fn forward<'a>(
        &'a self,
        hub: &'a Arc<Hub>,
        session: &'a Session,
        code: Code,
        request: &'a ToServer,
    ) -> BoxFuture<'a, Forwarded>;
    /// How the games of these seats, at tables of other nodes, stand (each asked of its owner).
    fn games<'a>(
        &'a self,
        hub: &'a Hub,
        seats: Vec<(Code, Token)>,
    ) -> BoxFuture<'a, Vec<gamut_net::GameStanding>>;
    /// The session leaves whatever table of another node it sat at (it closed, or sits at a
    /// table of this hub now).
    fn left(&self, session: &Session);
    /// The correspondence turns of the other nodes' tables ([`Hub::turns`]).
    fn turns_elsewhere(&self) -> BoxFuture<'_, Vec<Turn>>;
    /// Whether this node is the one of its site that sends the notices.
    fn sends_notices(&self) -> bool;
}

/// What became of a request handed to the [`Relaying`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forwarded {
    /// Passed to the table's owner, or refused for a reason already told to the session.
    Carried,
    /// No node owns the table now (none ever did, or its lease ran out and this hub took it):
    /// the hub answers it as any request of its own.
    Here,
}

/// A turn at a correspondence game going on, as the hub sees it ([`Hub::turns`]): what the
/// notices (`crate::notify`) are told of (and, on a site of several nodes, passed from node to
/// node).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Turn {
    pub code: Code,
    /// The seat to move, and its player's name.
    pub seat: Seat,
    pub name: Name,
    /// The other players' names.
    pub others: Vec<Name>,
    /// Moves played (the turn is the one of this ply).
    pub ply: u32,
    /// The clock's days a move.
    pub days: u8,
    /// When the seat's time runs out (unix ms).
    pub deadline: i64,
    /// The seat's player is connected to the table (and sees the move).
    pub connected: bool,
}

/// One connection's side of the hub: where its messages go, and which table it sits at.
pub struct Session {
    pub(crate) id: u64,
    /// The address the connection comes from (the client's, behind a trusted proxy).
    pub(crate) from: std::net::IpAddr,
    pub(crate) out: mpsc::Sender<Out>,
    /// Rung when the hub lets the connection go (its queue overflowed).
    pub kicked: Arc<Notify>,
    table: Option<Arc<TableCell>>,
    /// A connection to another node, whose requests that node passed here
    /// ([`crate::relay`]): never passed on again.
    pub(crate) relayed: bool,
}

impl Session {
    /// Whether the connection sits at a table of this hub (a seat, or watching).
    #[cfg(feature = "postgres")]
    pub(crate) fn seated_here(&self) -> bool {
        self.table.is_some()
    }

    /// Sends `msg` to this connection alone; false if its queue is full.
    fn tell(&self, msg: &ToClient) -> bool {
        self.out.try_send(encode(msg).into()).is_ok()
    }
}

struct Client {
    seat: Option<Seat>,
    /// The address its connection comes from.
    from: std::net::IpAddr,
    /// The table's big screen (the host's), not counted among the spectators.
    screen: bool,
    out: mpsc::Sender<Out>,
    kicked: Arc<Notify>,
}

struct Live {
    table: Table,
    clients: HashMap<u64, Client>,
    /// Its phase, as stored: the rule's word at its last change or sweep.
    phase: Phase,
    /// When something last happened there (unix ms): a change, someone connected or gone.
    last_activity: i64,
    /// The last activity the database holds (the sweep writes a newer one).
    activity_stored: i64,
    /// When its game ended (unix ms), if it did.
    ended_at: Option<i64>,
    /// The address that made it (none: the operator, or not known).
    made_by: Option<std::net::IpAddr>,
    /// The address each person's seat was taken from.
    seats_from: Vec<Option<std::net::IpAddr>>,
    /// What it holds of its addresses' limits, as the hub counts them (kept up to date at
    /// every change, which every client is told of: see [`Live::broadcast`]).
    holds: Arc<Mutex<Holds>>,
}

impl Live {
    /// A table in play in `phase`, made by `made_by`, where something last happened at
    /// `last_activity` (as the database holds it).
    fn new(
        table: Table,
        made_by: Option<std::net::IpAddr>,
        phase: Phase,
        last_activity: i64,
    ) -> Live {
        let seats_from = vec![None; table.seat_count()];
        let live = Live {
            table,
            clients: HashMap::new(),
            phase,
            last_activity,
            activity_stored: last_activity,
            ended_at: None,
            made_by,
            seats_from,
            holds: Arc::default(),
        };
        live.count_holds();
        live
    }

    /// Brings [`Live::holds`] up to date with the table: only a game going on holds anything.
    fn count_holds(&self) {
        let holds = Holds {
            made_by: self.made_by,
            seats_from: self.seats_from.iter().flatten().copied().collect(),
            engine_seats: self.table.computers().count(),
            playing: self.phase.going_on(),
        };
        *self.holds.lock().unwrap_or_else(|e| e.into_inner()) = holds;
    }

    /// Something happened here at `now` (the last activity never goes back).
    fn touch(&mut self, now: i64) {
        self.last_activity = self.last_activity.max(now);
    }

    /// What the rule of a table's life looks at, for this table as `table` (itself, or a copy
    /// with a change not yet kept: when that change ends the game, it ends at `ends_at`).
    fn facts(&self, table: &Table, ends_at: i64) -> Facts {
        Facts {
            stored: self.phase,
            seats_taken: table.seats_taken(),
            seat_count: table.seat_count(),
            ended_at: table.end().map(|_| self.ended_at.unwrap_or(ends_at)),
            last_activity: self.last_activity,
            connected: !self.clients.is_empty(),
            clock: table.clock,
        }
    }

    /// Its phase at `now`, as it stands.
    fn phase_at(&self, now: i64, keeping: &Keeping) -> Phase {
        let facts = self.facts(&self.table, self.last_activity);
        phase::phase(&facts, now, keeping)
    }

    /// Its phase once `next`, a change made at `now`, is kept (something happens then: the
    /// rule puts nothing away at that moment).
    fn phase_after(&self, next: &Table, now: i64, keeping: &Keeping) -> Phase {
        let mut facts = self.facts(next, now);
        facts.last_activity = facts.last_activity.max(now);
        phase::phase(&facts, now, keeping)
    }

    /// `next`, stored in `phase` at `now` (the database's last activity then), is the table.
    fn keep(&mut self, next: Table, phase: Phase, now: i64) {
        if next.end().is_some() && self.ended_at.is_none() {
            self.ended_at = Some(now);
        }
        self.table = next;
        self.phase = phase;
        self.touch(now);
        self.activity_stored = self.activity_stored.max(now);
    }

    /// A request for a table the sweep has just put away finds no table (it had found the
    /// table before the sweep let it go).
    fn open(&self) -> Result<(), Refusal> {
        match self.phase {
            Phase::PutAway => Err(Refusal::UnknownTable),
            _ => Ok(()),
        }
    }

    fn connected(&self, seat: Seat) -> bool {
        self.clients.values().any(|c| c.seat == Some(seat))
    }

    fn spectators(&self) -> u32 {
        let watching = self
            .clients
            .values()
            .filter(|c| c.seat.is_none() && !c.screen);
        watching.count() as u32
    }

    fn view(&self, now: i64) -> ToClient {
        ToClient::Table(
            self.table
                .view(|seat| self.connected(seat), self.spectators(), now),
        )
    }

    fn seats(&self) -> ToClient {
        ToClient::Seats {
            code: self.table.code.clone(),
            seats: self.table.seat_views(|seat| self.connected(seat)),
            spectators: self.spectators(),
        }
    }

    /// Tells every client of the table; one whose queue is full is let go. (Every change of
    /// the table is told: what it holds is counted again here.)
    fn broadcast(&mut self, msg: &ToClient) {
        self.count_holds();
        let text: Out = encode(msg).into();
        self.clients.retain(|_, client| {
            let sent = client.out.try_send(text.clone()).is_ok();
            if !sent {
                client.kicked.notify_one();
            }
            sent
        });
    }
}

pub struct TableCell {
    live: tokio::sync::Mutex<Live>,
    /// The same as its [`Live::holds`], read without waiting for the table.
    holds: Arc<Mutex<Holds>>,
}

impl TableCell {
    fn new(live: Live) -> TableCell {
        TableCell {
            holds: live.holds.clone(),
            live: tokio::sync::Mutex::new(live),
        }
    }
}

/// Every table in play.
pub struct Hub {
    tables: Mutex<HashMap<Code, Arc<TableCell>>>,
    store: Arc<Store>,
    limits: Limits,
    next_id: AtomicU64,
    /// The engine's searches: at most one a core at once (or the operator's budget), the
    /// tables waiting taking turns by who made them.
    engine: EngineQueue,
    /// Run on each search's thread before it thinks (the desktop game hosting a table lowers
    /// the thread's priority, so its window keeps its frames).
    before_search: Option<fn()>,
    /// When each address made its tables in the last hour.
    made: Mutex<address::Made>,
    /// The operator's key (its hash): the hosting game's own requests, counted against no
    /// address.
    operator: Option<TokenHash>,
    /// The key that opens every table's big screen, for the program that runs this hub and
    /// shows its tables on its own screen ([`Hub::host_of`]): made when first asked for, kept
    /// in memory only, and never sent by the server. None until then (a server on its own
    /// never asks).
    screen_key: OnceLock<Token>,
    /// The time it goes by.
    now: Now,
    /// Who is told when it is their move at a correspondence table (none: nobody).
    notifier: Option<Arc<dyn NotifyDesk>>,
    /// Where requests for other nodes' tables go (set once, after the hub is shared).
    relay: OnceLock<Arc<dyn Relaying>>,
}

impl Hub {
    /// A hub over `store`, with the tables it holds that are not put away (and the ones it
    /// could not read, with why, to report), going by the Unix clock.
    pub fn new(store: Store, limits: Limits) -> Result<(Hub, Vec<(String, String)>), StoreError> {
        Hub::with_clock(store, limits, Arc::new(unix_ms))
    }

    /// A hub as [`Hub::new`] makes it, going by the time `now` gives (a test's own). The rule
    /// of a table's life says at `now` which stored tables are played again: every one not put
    /// away (a finished one within its grace too: its players see the final position and can
    /// ask a rematch), the others put away in the database.
    pub fn with_clock(
        store: Store,
        limits: Limits,
        now: Now,
    ) -> Result<(Hub, Vec<(String, String)>), StoreError> {
        let loaded = store.load(now(), &limits.keeping())?;
        if !loaded.put_away.is_empty() {
            tracing::info!(
                "{} idle tables put away as the server started",
                loaded.put_away.len()
            );
        }
        let mut addresses = store.unfinished_addresses()?;
        let tables = loaded
            .tables
            .into_iter()
            .map(|kept| {
                let code = kept.table.code.clone();
                let from = addresses.remove(code.as_str()).unwrap_or_default();
                (code, Arc::new(TableCell::new(reloaded(kept, from))))
            })
            .collect();
        let hub = Hub {
            tables: Mutex::new(tables),
            store: Arc::new(store),
            limits,
            next_id: AtomicU64::new(1),
            engine: EngineQueue::new(std::thread::available_parallelism().map_or(1, |n| n.get())),
            before_search: None,
            made: Mutex::default(),
            operator: None,
            screen_key: OnceLock::new(),
            now,
            notifier: None,
            relay: OnceLock::new(),
        };
        Ok((hub, loaded.broken))
    }

    /// The time now, as the hub goes by it (unix ms).
    pub(crate) fn now(&self) -> i64 {
        (self.now)()
    }

    /// What the server allows.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Whether the hub holds the table `code` (it is not put away).
    pub fn holds_table(&self, code: &Code) -> bool {
        self.tables().contains_key(code)
    }

    /// The table's phase as the database holds it (none if no table has this code).
    pub async fn phase_of(&self, code: Code) -> Result<Option<Phase>, StoreError> {
        self.blocking(move |s| s.phase_of(&code)).await
    }

    /// The engine thinks for at most `at_once` tables at a time, each search's thread first
    /// running `setup` (a game hosting tables beside its own window: one search, at a low
    /// priority).
    pub fn searching(mut self, at_once: usize, setup: fn()) -> Hub {
        self.engine = EngineQueue::new(at_once);
        self.before_search = Some(setup);
        self
    }

    /// The engine thinks for at most `at_once` tables at a time (the operator's CPU budget).
    pub fn engine_budget(mut self, at_once: usize) -> Hub {
        self.engine = EngineQueue::new(at_once);
        self
    }

    /// Requests that carry `key` are the operator's (the game hosting this hub: its
    /// tournament's tables): counted against no address, and they may give every seat to the
    /// server's engine.
    pub fn operated_by(mut self, key: Token) -> Hub {
        self.operator = Some(TokenHash::of(&key));
        self
    }

    /// Correspondence players are told of their moves by `notifier` (`crate::notify`'s): the
    /// seats' wishes are handed to it. What else it needs (its look at the turns, its links) is
    /// given it by whoever made it, not by the hub.
    pub fn notifying(mut self, notifier: Arc<dyn NotifyDesk>) -> Hub {
        self.notifier = Some(notifier);
        self
    }

    /// Requests for tables other nodes own are passed on by `relay` (set once: a second call
    /// changes nothing).
    pub fn relaying(&self, relay: Arc<dyn Relaying>) {
        let _ = self.relay.set(relay);
    }

    /// Whether `key` is the operator's (compared in constant time, as every token).
    fn is_operator(&self, key: Option<&Token>) -> bool {
        match (&self.operator, key) {
            (Some(ours), Some(theirs)) => ours.matches(theirs),
            _ => false,
        }
    }

    /// What `from` holds now over every table in play.
    fn usage(&self, from: std::net::IpAddr) -> Usage {
        let cells: Vec<Arc<TableCell>> = self.tables().values().cloned().collect();
        let holds: Vec<Holds> = cells
            .iter()
            .map(|c| c.holds.lock().unwrap_or_else(|e| e.into_inner()).clone())
            .collect();
        Usage::of(from, &holds)
    }

    /// How many tables are in play.
    pub fn table_count(&self) -> usize {
        self.tables().len()
    }

    /// Every table in play as a spectator is shown it, by code; a table busy this instant (a
    /// request being carried out, the engine thinking) is left out of this look.
    pub fn views_now(&self) -> Vec<gamut_net::TableView> {
        let cells: Vec<Arc<TableCell>> = self.tables().values().cloned().collect();
        let now = self.now();
        let mut views: Vec<gamut_net::TableView> = cells
            .iter()
            .filter_map(|cell| match cell.live.try_lock().ok()?.view(now) {
                ToClient::Table(view) => Some(view),
                _ => None,
            })
            .collect();
        views.sort_by(|a, b| a.code.as_str().cmp(b.code.as_str()));
        views
    }

    fn tables(&self) -> std::sync::MutexGuard<'_, HashMap<Code, Arc<TableCell>>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new connection's session, from the address `from`; its messages go to `out`.
    pub fn session(&self, out: mpsc::Sender<Out>, from: std::net::IpAddr) -> Session {
        Session {
            id: self.next_id.fetch_add(1, Ordering::Relaxed),
            from,
            out,
            kicked: Arc::new(Notify::new()),
            table: None,
            relayed: false,
        }
    }

    /// Carries out one request of a session, and answers it (a request for a table another
    /// node owns is passed to it, on a site of several nodes).
    pub async fn handle(self: &Arc<Self>, session: &mut Session, request: ToServer) {
        if self.pass_on(session, &request).await == Forwarded::Carried {
            return;
        }
        let answer = match request {
            ToServer::Ping => Ok(Some(ToClient::Pong)),
            ToServer::Games { seats } => Ok(Some(self.games(&seats).await)),
            ToServer::Create {
                game,
                clock,
                computers,
                operator,
            } => {
                let from = (!self.is_operator(operator.as_ref())).then_some(session.from);
                self.create(game, clock, &computers, from).await.map(Some)
            }
            ToServer::Join {
                code,
                seat,
                name,
                rating,
            } => self.join(session, code, seat, name, rating).await,
            ToServer::Rejoin { code, token } => self.rejoin(session, code, token).await,
            ToServer::Screen { code, host } => self.screen(session, code, host).await,
            ToServer::Move {
                code,
                token,
                ply,
                mv,
            } => self.play(session, code, token, ply, mv).await,
            ToServer::Resign { code, token } => self.resign(session, code, token).await,
            ToServer::Offer { code, token, offer } => self.offer(session, code, token, offer).await,
            ToServer::Answer {
                code,
                token,
                offer,
                accept,
            } => self.answer(session, code, token, offer, accept).await,
            ToServer::Notify { code, token, ask } => {
                self.notify_ask(code, token, ask).await.map(Some)
            }
        };
        // None: what the table told everyone (the session among them) answered already.
        let reply = match answer {
            Ok(reply) => reply,
            Err(refusal) => Some(ToClient::Refused { refusal }),
        };
        if let Some(msg) = reply
            && !session.tell(&msg)
        {
            session.kicked.notify_one();
        }
    }

    /// The request passed to the node that owns its table, when another does (the session
    /// then leaves any table of this hub it sat at if the request seats it there); a request
    /// that seats the session here makes it leave any table of another node.
    async fn pass_on(self: &Arc<Self>, session: &mut Session, request: &ToServer) -> Forwarded {
        let Some(relay) = self.relay.get().filter(|_| !session.relayed) else {
            return Forwarded::Here;
        };
        let elsewhere = request.table().filter(|code| !self.holds_table(code));
        let forwarded = match elsewhere {
            Some(code) => relay.forward(self, session, code.clone(), request).await,
            None => Forwarded::Here,
        };
        if request.seats_the_connection() {
            match forwarded {
                Forwarded::Carried => self.leave_here(session).await,
                Forwarded::Here => relay.left(session),
            }
        }
        forwarded
    }

    /// How the games of these seats stand (the ones at other nodes' tables asked of them).
    async fn games(&self, seats: &[(Code, Token)]) -> ToClient {
        let seats = &seats[..seats.len().min(gamut_net::MAX_GAMES_ASKED)];
        let mut games = self.standings(seats).await;
        if let Some(relay) = self.relay.get() {
            let elsewhere: Vec<(Code, Token)> = seats
                .iter()
                .filter(|(code, _)| !self.holds_table(code))
                .cloned()
                .collect();
            if !elsewhere.is_empty() {
                games.extend(relay.games(self, elsewhere).await);
            }
        }
        ToClient::Games { games }
    }

    /// How the games of these seats at this hub's tables stand (the others left out).
    pub(crate) async fn standings(&self, seats: &[(Code, Token)]) -> Vec<gamut_net::GameStanding> {
        let mut games = Vec::new();
        let now = self.now();
        for (code, token) in seats.iter().take(gamut_net::MAX_GAMES_ASKED) {
            let Ok(cell) = self.cell(code) else { continue };
            let live = cell.live.lock().await;
            if live.open().is_err() {
                continue;
            }
            let Some(seat) = live.table.seat_of(token) else {
                continue;
            };
            games.push(gamut_net::GameStanding {
                code: code.clone(),
                seat,
                to_move: live.table.end().is_none() && live.table.seat_to_move() == seat,
                ply: live.table.ply(),
                clocks: live.table.clocks(now),
                end: live.table.end(),
            });
        }
        games
    }

    /// A seat's wish to be told of its moves, handed to the notifier once the seat is checked.
    async fn notify_ask(
        &self,
        code: Code,
        token: Token,
        ask: gamut_net::notify::NotifyAsk,
    ) -> Result<ToClient, Refusal> {
        let seat = self.correspondence_seat(&code, &token).await?;
        let Some(notifier) = &self.notifier else {
            return Err(Refusal::Notify {
                notify: gamut_net::notify::NotifyRefusal::Off,
            });
        };
        notifier.clone().ask(self, code, seat, ask).await
    }

    /// The seat `token` holds at `code`, a correspondence game going on.
    async fn correspondence_seat(&self, code: &Code, token: &Token) -> Result<Seat, Refusal> {
        let cell = self.cell(code)?;
        let live = cell.live.lock().await;
        live.open()?;
        let seat = live.table.seat_of(token).ok_or(Refusal::BadToken)?;
        if live.table.end().is_some() {
            return Err(Refusal::GameOver);
        }
        match live.table.clock {
            gamut_net::Clock::Correspondence { .. } => Ok(seat),
            _ => Err(Refusal::Notify {
                notify: gamut_net::notify::NotifyRefusal::NotCorrespondence,
            }),
        }
    }

    /// Every correspondence game going on whose turn is a person's: who is to move, since
    /// which ply, when their time runs out and whether they are connected (`crate::notify`).
    /// On a site of several nodes, the other nodes' too.
    pub async fn turns(&self) -> Vec<Turn> {
        let mut turns = self.turns_here().await;
        if let Some(relay) = self.relay.get() {
            turns.extend(relay.turns_elsewhere().await);
        }
        turns
    }

    /// Whether this node is the one that sends the notices (all of them, from every node's
    /// turns): the one node of its site that does, or the only server.
    pub fn sends_notices(&self) -> bool {
        self.relay.get().is_none_or(|relay| relay.sends_notices())
    }

    /// The turns of this hub's own tables (see [`Hub::turns`]).
    pub(crate) async fn turns_here(&self) -> Vec<Turn> {
        let cells: Vec<Arc<TableCell>> = self.tables().values().cloned().collect();
        let now = self.now();
        let mut turns = Vec::new();
        for cell in cells {
            let live = cell.live.lock().await;
            if let Some(turn) = turn_of(&live, now) {
                turns.push(turn);
            }
        }
        turns
    }

    /// The session leaves its table (its connection closed), here or at another node: the
    /// others see its seat empty.
    pub async fn leave(&self, session: &mut Session) {
        if let Some(relay) = self.relay.get().filter(|_| !session.relayed) {
            relay.left(session);
        }
        self.leave_here(session).await;
    }

    /// The session leaves its table at this hub, if it sits at one.
    pub(crate) async fn leave_here(&self, session: &mut Session) {
        let Some(cell) = session.table.take() else {
            return;
        };
        let mut live = cell.live.lock().await;
        if live.clients.remove(&session.id).is_some() {
            live.touch(self.now());
            let seats = live.seats();
            live.broadcast(&seats);
        }
    }

    fn cell(&self, code: &Code) -> Result<Arc<TableCell>, Refusal> {
        self.tables()
            .get(code)
            .cloned()
            .ok_or(Refusal::UnknownTable)
    }

    async fn store<T: Send + 'static>(
        &self,
        write: impl FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, Refusal> {
        self.blocking(write).await.map_err(|e| {
            match e {
                StoreError::LeaseLost(code) => self.let_go(&code),
                e => tracing::error!("the database refused a write: {e}"),
            }
            Refusal::Unavailable
        })
    }

    /// Another node owns the table `code` now (PostgreSQL: it took the lease): this hub plays
    /// it no more and forgets it (its requests then find no table here). Its clients are let
    /// go: they come back (through any node) to the table where it is played now.
    fn let_go(&self, code: &str) {
        let Ok(code) = Code::parse(code) else { return };
        let Some(cell) = self.tables().remove(&code) else {
            return;
        };
        tracing::warn!("table {code} is owned by another node now: let go");
        // A write refused for the lost lease holds the table's lock: the clients are let go
        // once it is given back.
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let live = cell.live.lock().await;
                for client in live.clients.values() {
                    client.kicked.notify_one();
                }
            });
        }
    }

    /// The leases of the tables this hub owns renewed (PostgreSQL); the ones another node
    /// took are let go. How many were.
    pub async fn renew_leases(&self) -> usize {
        match self.blocking(|s| s.renew_leases()).await {
            Ok(lost) => {
                for code in &lost {
                    self.let_go(code);
                }
                lost.len()
            }
            Err(e) => {
                tracing::error!("the database refused to renew the leases: {e}");
                0
            }
        }
    }

    /// The tables whose owner's lease ran out (a node that died: PostgreSQL) taken and played
    /// here, the engine's turn resumed at them. How many were taken.
    pub async fn adopt(self: &Arc<Self>) -> usize {
        let (now, keeping) = (self.now(), self.limits.keeping());
        let taken = self
            .blocking(move |s| Ok((s.adopt(now, &keeping)?, s.unfinished_addresses()?)))
            .await;
        let (loaded, mut addresses) = match taken {
            Ok(taken) => taken,
            Err(e) => {
                tracing::error!("the database refused to give the tables left: {e}");
                return 0;
            }
        };
        for (code, problem) in &loaded.broken {
            tracing::warn!("table {code} is kept in the database but not played: {problem}");
        }
        let count = loaded.tables.len();
        for kept in loaded.tables {
            let code = kept.table.code.clone();
            let from = addresses.remove(code.as_str()).unwrap_or_default();
            let cell = Arc::new(TableCell::new(reloaded(kept, from)));
            let fresh = {
                let mut tables = self.tables();
                !tables.contains_key(&code) && tables.insert(code, cell.clone()).is_none()
            };
            if fresh {
                let live = cell.live.lock().await;
                self.computer_turn(&cell, &live);
            }
        }
        if count > 0 {
            tracing::info!("{count} tables whose lease ran out taken here");
        }
        count
    }

    /// This node's name among the nodes sharing the database (PostgreSQL; none on SQLite).
    pub fn node(&self) -> Option<&str> {
        self.store.node()
    }

    /// Which node owns the table `code` (PostgreSQL), and whether its lease ran out.
    #[cfg(feature = "postgres")]
    pub(crate) async fn owner_of(
        &self,
        code: Code,
    ) -> Result<Option<crate::store::Owner>, Refusal> {
        self.blocking(move |s| s.owner_of(&code))
            .await
            .map_err(|e| {
                tracing::error!("the database did not say who owns a table: {e}");
                Refusal::Unavailable
            })
    }

    /// How often the leases are renewed (none on SQLite: the one server owns every table).
    pub fn renew_every(&self) -> Option<Duration> {
        self.store.renew_every()
    }

    /// Runs `work` on the database on a blocking thread (the runtime's threads never wait
    /// for SQLite).
    pub(crate) async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || work(&store))
            .await
            .unwrap_or_else(|e| Err(StoreError::Thread(e.to_string())))
    }

    /// The table with this code as the database holds it, whether it is in play or was put
    /// away long ago (none if no table ever had it).
    pub async fn stored(&self, code: Code) -> Result<Option<Stored>, StoreError> {
        self.blocking(move |s| s.stored(&code)).await
    }

    /// A new table, made by the address `from` (none: by the operator).
    async fn create(
        self: &Arc<Self>,
        game: gamut_engine::any_game::GameConfig,
        clock: gamut_net::Clock,
        computers: &[ComputerSeat],
        from: Option<std::net::IpAddr>,
    ) -> Result<ToClient, Refusal> {
        if self.table_count() >= self.limits.tables {
            return Err(Refusal::Full);
        }
        if let Some(from) = from {
            let asked = address::Asked {
                seats: game.seats(),
                engine_seats: computers.len(),
            };
            self.may_make(from, asked)?;
        }
        // The host is told its token once; the table keeps its hash.
        let host = fresh_token();
        let code = self.fresh_code().await?;
        let mut table = Table::new(code.clone(), game, clock, TokenHash::of(&host));
        let now = self.now();
        for computer in computers {
            table.seat_computer(computer.seat, computer.level, now)?;
        }
        let stored = table.clone();
        let live = self.made(table, from, now);
        let phase = live.phase;
        self.store(move |s| {
            s.create(&stored, phase, now)?;
            match from {
                Some(from) => s.note_address(&stored.code, None, from),
                None => Ok(()),
            }
        })
        .await?;
        let cell = Arc::new(TableCell::new(live));
        self.tables().insert(code.clone(), cell.clone());
        // The address, for an operator who wonders who makes all these tables.
        match from {
            Some(from) => tracing::info!("table {code} created (from {from})"),
            None => tracing::info!("table {code} created (by the operator)"),
        }
        self.computer_turn(&cell, &*cell.live.lock().await);
        Ok(ToClient::Created { code, host })
    }

    /// A new table made at `now` by `made_by`, in the phase the rule says (playing at once
    /// when the server's engine takes every seat: the operator's tables).
    fn made(&self, table: Table, made_by: Option<std::net::IpAddr>, now: i64) -> Live {
        let mut live = Live::new(table, made_by, Phase::Waiting, now);
        live.phase = live.phase_at(now, &self.limits.keeping());
        live.count_holds();
        live
    }

    /// Whether `from` may make the table `asked` (noted as made when it may: two tables asked
    /// at once from one address cannot both pass as the last of its hour).
    fn may_make(&self, from: std::net::IpAddr, asked: address::Asked) -> Result<(), Refusal> {
        let usage = self.usage(from);
        let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        let this_hour = made.in_the_last_hour(from, now);
        address::may_make(&self.limits.per_address, usage, this_hour, asked)
            .map_err(|limit| Refusal::Limit { limit })?;
        made.note(from, now);
        Ok(())
    }

    /// A code not used before (in play or stored).
    async fn fresh_code(&self) -> Result<Code, Refusal> {
        for _ in 0..64 {
            let code = fresh_code();
            let probe = code.clone();
            let taken =
                self.tables().contains_key(&code) || self.store(move |s| s.has(&probe)).await?;
            if !taken {
                return Ok(code);
            }
        }
        Err(Refusal::Full)
    }

    async fn join(
        self: &Arc<Self>,
        session: &mut Session,
        code: Code,
        seat: Option<Seat>,
        name: Name,
        rating: Option<gamut_net::Rating>,
    ) -> Result<Option<ToClient>, Refusal> {
        let cell = self.cell(&code)?;
        self.leave(session).await;
        let mut live = cell.live.lock().await;
        live.open()?;
        let token = fresh_token();
        match seat {
            Some(seat) => {
                live.table.check_sit(seat)?;
                address::may_sit(&self.limits.per_address, self.usage(session.from))
                    .map_err(|limit| Refusal::Limit { limit })?;
                let sitter = Sitter {
                    name,
                    token_hash: TokenHash::of(&token),
                    rating,
                };
                let now = self.now();
                let mut next = live.table.clone();
                next.sit(seat, sitter.clone(), now)?;
                let phase = live.phase_after(&next, now, &self.limits.keeping());
                let (at, from) = (code.clone(), session.from);
                self.store(move |s| {
                    s.sit(&at, seat.index(), &sitter, phase, now)?;
                    s.note_address(&at, Some(seat.index()), from)
                })
                .await?;
                live.keep(next, phase, now);
                live.seats_from[seat.index()] = Some(session.from);
            }
            None if live.spectators() as usize >= self.limits.watchers => {
                return Err(Refusal::Full);
            }
            None => {}
        }
        self.seat_session(session, &cell, &mut live, seat, token, false);
        self.computer_turn(&cell, &live);
        Ok(None)
    }

    /// The host's screen watches its table as the big screen (the host's token or the hub's
    /// screen key, else refused).
    async fn screen(
        &self,
        session: &mut Session,
        code: Code,
        host: Token,
    ) -> Result<Option<ToClient>, Refusal> {
        let cell = self.cell(&code)?;
        self.leave(session).await;
        let mut live = cell.live.lock().await;
        live.open()?;
        if !live.table.is_host(&host) && !self.is_screen_key(&host) {
            return Err(Refusal::BadToken);
        }
        self.seat_session(session, &cell, &mut live, None, fresh_token(), true);
        Ok(None)
    }

    /// A token that opens the big screen of the table `code` (`screen`), if the hub holds the
    /// table: the hub's screen key. The token the table was made with cannot be given: the
    /// hub keeps only its hash.
    pub async fn host_of(&self, code: &Code) -> Option<Token> {
        self.cell(code).ok()?;
        Some(self.screen_key.get_or_init(fresh_token).clone())
    }

    /// Whether `token` is the hub's screen key (hashed, and compared in constant time).
    fn is_screen_key(&self, token: &Token) -> bool {
        let key = self.screen_key.get();
        key.is_some_and(|key| TokenHash::of(key).matches(token))
    }

    async fn rejoin(
        &self,
        session: &mut Session,
        code: Code,
        token: Token,
    ) -> Result<Option<ToClient>, Refusal> {
        let cell = self.cell(&code)?;
        self.leave(session).await;
        let mut live = cell.live.lock().await;
        live.open()?;
        let seat = live.table.seat_of(&token).ok_or(Refusal::BadToken)?;
        self.seat_session(session, &cell, &mut live, Some(seat), token, false);
        Ok(None)
    }

    /// The session is at the table: it is told its seat and the table, the others the seats.
    fn seat_session(
        &self,
        session: &mut Session,
        cell: &Arc<TableCell>,
        live: &mut Live,
        seat: Option<Seat>,
        token: Token,
        screen: bool,
    ) {
        live.clients.insert(
            session.id,
            Client {
                seat,
                from: session.from,
                screen,
                out: session.out.clone(),
                kicked: session.kicked.clone(),
            },
        );
        let now = self.now();
        live.touch(now);
        session.table = Some(cell.clone());
        let code = live.table.code.clone();
        session.tell(&ToClient::Seated { code, seat, token });
        session.tell(&live.view(now));
        let seats = live.seats();
        live.broadcast(&seats);
    }

    async fn play(
        self: &Arc<Self>,
        session: &Session,
        code: Code,
        token: Token,
        ply: u32,
        mv: gamut_net::MoveText,
    ) -> Result<Option<ToClient>, Refusal> {
        let cell = self.cell(&code)?;
        let mut live = cell.live.lock().await;
        live.open()?;
        let now = self.now();
        // A move after the mover's time ran out ends the game by time instead.
        self.flag(&mut live, now).await?;
        let checked = live.table.check_move(&token, ply, &mv)?;
        // Nothing changes until the move is stored: played on a copy, written, then kept.
        let mut next = live.table.clone();
        let (seat, end) = next.play(checked, mv.clone(), now);
        let phase = live.phase_after(&next, now, &self.limits.keeping());
        let (at, text) = (code.clone(), mv.as_str().to_string());
        self.store(move |s| s.play(&at, ply, &text, end, phase, now))
            .await?;
        live.keep(next, phase, now);
        let moved = ToClient::Moved {
            code: code.clone(),
            ply,
            seat,
            mv,
            clocks: live.table.clocks(now),
        };
        self.tell_all(session, &mut live, &moved);
        if let Some(end) = end {
            self.tell_all(session, &mut live, &ToClient::Ended { code, end });
        }
        self.computer_turn(&cell, &live);
        Ok(None)
    }

    /// When the seat to move is the server's engine, it thinks (on a blocking thread, at most
    /// as many at once as the budget, the waiting tables taking turns by who made them: see
    /// [`EngineQueue`]) and then plays through the same checks, the same write and the same
    /// messages as a person's move.
    fn computer_turn(self: &Arc<Self>, cell: &Arc<TableCell>, live: &Live) {
        let Some((level, position, ply)) = live.table.computer_to_move() else {
            return;
        };
        let think = computer_think_time(&live.table, self.now());
        let (hub, cell) = (self.clone(), cell.clone());
        let setup = self.before_search;
        let line = match live.made_by {
            Some(address) => Line::Address(address::counted(address)),
            None => Line::Table(live.table.code.as_str().to_string()),
        };
        tokio::spawn(async move {
            let permit = hub.engine.turn(line).await;
            let choice = tokio::task::spawn_blocking(move || {
                let search = move || {
                    let stop = std::sync::atomic::AtomicBool::new(false);
                    gamut_engine::any_search::choose_move(&position, level, think, &stop)
                };
                match setup {
                    None => search(),
                    // A thread of its own, which the setup may change (a priority lowered
                    // cannot be raised again): the pool's threads also write the database.
                    Some(setup) => std::thread::Builder::new()
                        .name("gamut-server-engine".into())
                        .spawn(move || {
                            setup();
                            search()
                        })
                        .ok()
                        .and_then(|thread| thread.join().ok())
                        .flatten(),
                }
            })
            .await;
            drop(permit);
            if let Ok(Some(choice)) = choice {
                hub.computer_moved(&cell, ply, choice.mv).await;
            }
        });
    }

    /// The engine's move for ply `ply`, if the table still waits for it.
    async fn computer_moved(
        self: &Arc<Self>,
        cell: &Arc<TableCell>,
        ply: u32,
        mv: gamut_engine::any_game::AnyMove,
    ) {
        let mut live = cell.live.lock().await;
        let now = self.now();
        if live.open().is_err() || self.flag(&mut live, now).await.is_err() {
            return;
        }
        // A resignation or a flag while it thought: the move is for nothing.
        let Ok(text) = live.table.check_computer_move(ply, mv) else {
            return;
        };
        let mut next = live.table.clone();
        let (seat, end) = next.play(mv, text.clone(), now);
        let phase = live.phase_after(&next, now, &self.limits.keeping());
        let code = live.table.code.clone();
        let (at, written) = (code.clone(), text.as_str().to_string());
        if self
            .store(move |s| s.play(&at, ply, &written, end, phase, now))
            .await
            .is_err()
        {
            return;
        }
        live.keep(next, phase, now);
        let clocks = live.table.clocks(now);
        live.broadcast(&ToClient::Moved {
            code: code.clone(),
            ply,
            seat,
            mv: text,
            clocks,
        });
        if let Some(end) = end {
            live.broadcast(&ToClient::Ended { code, end });
        }
        self.computer_turn(cell, &live);
    }

    /// The engine's own at every table waiting for it (after the server starts).
    pub async fn resume_computers(self: &Arc<Self>) {
        let cells: Vec<_> = self.tables().values().cloned().collect();
        for cell in cells {
            let live = cell.live.lock().await;
            self.computer_turn(&cell, &live);
        }
    }

    /// Ends the game by time if the side to move has run out at `now` (stored, then told).
    async fn flag(&self, live: &mut Live, now: i64) -> Result<(), Refusal> {
        let Some(end) = live.table.flag(now) else {
            return Ok(());
        };
        let mut next = live.table.clone();
        next.set_end(end);
        let phase = live.phase_after(&next, now, &self.limits.keeping());
        let code = live.table.code.clone();
        let at = code.clone();
        self.store(move |s| s.end(&at, end, phase, now)).await?;
        live.keep(next, phase, now);
        tracing::info!("table {code}: a flag fell");
        live.broadcast(&ToClient::Ended { code, end });
        Ok(())
    }

    /// Watches the clocks of every table playing: a side whose time runs out loses, whether
    /// or not its player is still there.
    pub async fn watch_clocks(&self) {
        let cells: Vec<_> = self.tables().values().cloned().collect();
        let now = self.now();
        let keeping = self.limits.keeping();
        for cell in cells {
            let mut live = cell.live.lock().await;
            if live.phase_at(now, &keeping) == Phase::Playing {
                // A database that failed is logged; the next look tries again.
                let _ = self.flag(&mut live, now).await;
            }
        }
    }

    async fn resign(
        &self,
        session: &Session,
        code: Code,
        token: Token,
    ) -> Result<Option<ToClient>, Refusal> {
        let cell = self.cell(&code)?;
        let mut live = cell.live.lock().await;
        live.open()?;
        let seat = live.table.check_resign(&token)?;
        let mut next = live.table.clone();
        let end = next.resign(seat);
        let now = self.now();
        let phase = live.phase_after(&next, now, &self.limits.keeping());
        let at = code.clone();
        self.store(move |s| s.end(&at, end, phase, now)).await?;
        live.keep(next, phase, now);
        self.tell_all(session, &mut live, &ToClient::Ended { code, end });
        Ok(None)
    }

    async fn offer(
        &self,
        session: &Session,
        code: Code,
        token: Token,
        offer: Offer,
    ) -> Result<Option<ToClient>, Refusal> {
        let cell = self.cell(&code)?;
        let mut live = cell.live.lock().await;
        live.open()?;
        let seat = live.table.check_offer(&token, offer)?;
        live.table.offer(seat, offer);
        let offered = ToClient::Offered { code, seat, offer };
        self.tell_all(session, &mut live, &offered);
        Ok(None)
    }

    async fn answer(
        self: &Arc<Self>,
        session: &Session,
        code: Code,
        token: Token,
        offer: Offer,
        accept: bool,
    ) -> Result<Option<ToClient>, Refusal> {
        let cell = self.cell(&code)?;
        let mut live = cell.live.lock().await;
        live.open()?;
        let seat = live.table.check_answer(&token, offer)?;
        let answered = ToClient::Answered {
            code: code.clone(),
            seat,
            offer,
            accept,
        };
        if !accept {
            live.table.withdraw(offer);
            self.tell_all(session, &mut live, &answered);
            return Ok(None);
        }
        let now = self.now();
        match offer {
            Offer::Draw => {
                let mut next = live.table.clone();
                let end = next.agree_draw();
                let phase = live.phase_after(&next, now, &self.limits.keeping());
                let at = code.clone();
                self.store(move |s| s.end(&at, end, phase, now)).await?;
                live.keep(next, phase, now);
                self.tell_all(session, &mut live, &answered);
                self.tell_all(session, &mut live, &ToClient::Ended { code, end });
            }
            Offer::TakeBack => {
                let mut next = live.table.clone();
                let ply = next.take_back(now);
                let at = code.clone();
                self.store(move |s| s.take_back(&at, ply, now)).await?;
                let phase = live.phase;
                live.keep(next, phase, now);
                let clocks = live.table.clocks(now);
                self.tell_all(session, &mut live, &answered);
                let taken = ToClient::TakenBack { code, ply, clocks };
                self.tell_all(session, &mut live, &taken);
            }
            Offer::Rematch => {
                live.table.withdraw(offer);
                self.tell_all(session, &mut live, &answered);
                self.rematch(&mut live, now).await?;
            }
        }
        live.touch(now);
        Ok(None)
    }

    /// A new table for a rematch, the sides swapped: each seated client is told its new seat
    /// and token (its client then rejoins there), each spectator the new table's code.
    async fn rematch(self: &Arc<Self>, live: &mut Live, now: i64) -> Result<(), Refusal> {
        if self.table_count() >= self.limits.tables {
            return Err(Refusal::Full);
        }
        let code = self.fresh_code().await?;
        // The same host: its big screen follows the players to the rematch as the big screen.
        let (mut next, moved) = live.table.rematch(code.clone(), now);
        let mut tokens = Vec::new();
        for &(_, to) in &moved {
            let token = fresh_token();
            next.new_token(to, TokenHash::of(&token));
            tokens.push((to, token));
        }
        // The same people hold the new table's seats (and its maker the table): from where
        // they sat down, or else (a table read back after a restart keeps no addresses once
        // over) from where they are connected.
        let mut rematched = self.made(next.clone(), live.made_by, now);
        for &(from, to) in &moved {
            rematched.seats_from[to.index()] = live.seats_from[from.index()].or_else(|| {
                live.clients
                    .values()
                    .find(|c| c.seat == Some(from))
                    .map(|c| c.from)
            });
        }
        rematched.count_holds();
        let (made_by, seats_from) = (rematched.made_by, rematched.seats_from.clone());
        let phase = rematched.phase;
        self.store(move |s| {
            s.create(&next, phase, now)?;
            let code = &next.code;
            made_by.map_or(Ok(()), |a| s.note_address(code, None, a))?;
            for (seat, from) in seats_from.iter().enumerate() {
                from.map_or(Ok(()), |a| s.note_address(code, Some(seat), a))?;
            }
            Ok(())
        })
        .await?;
        let cell = Arc::new(TableCell::new(rematched));
        self.tables().insert(code.clone(), cell.clone());
        tracing::info!("table {code}: a rematch of {}", live.table.code);
        let onward = encode(&ToClient::Onward { code: code.clone() });
        for client in live.clients.values() {
            let Some(from) = client.seat else {
                // A spectator (the host's big screen) follows the players there.
                if client.out.try_send(onward.clone().into()).is_err() {
                    client.kicked.notify_one();
                }
                continue;
            };
            let Some(&(_, to)) = moved.iter().find(|(f, _)| *f == from) else {
                continue;
            };
            let Some((_, token)) = tokens.iter().find(|(seat, _)| *seat == to) else {
                continue;
            };
            let rematch = ToClient::Rematch {
                code: code.clone(),
                seat: to,
                token: token.clone(),
            };
            if client.out.try_send(encode(&rematch).into()).is_err() {
                client.kicked.notify_one();
            }
        }
        self.computer_turn(&cell, &*cell.live.lock().await);
        Ok(())
    }

    /// Tells the table, and the session too when it is not one of the table's clients (a
    /// correspondence player posting a move).
    fn tell_all(&self, session: &Session, live: &mut Live, msg: &ToClient) {
        live.broadcast(msg);
        if !live.clients.contains_key(&session.id) && !session.tell(msg) {
            session.kicked.notify_one();
        }
    }

    /// The operator (the game that hosts this hub) puts the table `code` away, whatever its
    /// phase: stored so, its clients told, and it is played no more (not after a restart
    /// either). Its seats and moves stay in the database as any table's put away.
    pub async fn put_away(&self, code: &Code) -> Result<(), Refusal> {
        let cell = self.cell(code)?;
        let mut live = cell.live.lock().await;
        if live.phase == Phase::PutAway {
            return Err(Refusal::UnknownTable);
        }
        let (at, now) = (code.clone(), self.now());
        self.store(move |s| s.put_away(&[at], now)).await?;
        live.phase = Phase::PutAway;
        live.broadcast(&ToClient::PutAway { code: code.clone() });
        live.clients.clear();
        live.count_holds();
        self.tables().remove(code);
        tracing::info!("table {code} put away by its host");
        Ok(())
    }

    /// Asks the rule of a table's life about every table the hub holds: the ones it puts away
    /// (finished past their grace, never all seated for a day, untimed and abandoned; nobody
    /// connected) are let go, their codes then unknown, their games kept in the database. When
    /// something last happened at the others is written (someone connected counts), so their
    /// idle time counts on from it after a restart. How many were put away.
    pub async fn sweep(&self) -> usize {
        let cells: Vec<_> = self
            .tables()
            .iter()
            .map(|(code, cell)| (code.clone(), cell.clone()))
            .collect();
        let now = self.now();
        let keeping = self.limits.keeping();
        let (mut gone, mut activity) = (Vec::new(), Vec::new());
        for (code, cell) in cells {
            let mut live = cell.live.lock().await;
            if !live.clients.is_empty() {
                live.touch(now);
            }
            if live.phase_at(now, &keeping) == Phase::PutAway {
                // Let go under the table's lock: a request that found it before sees it gone.
                live.phase = Phase::PutAway;
                live.count_holds();
                self.tables().remove(&code);
                gone.push(code);
            } else if live.last_activity > live.activity_stored {
                live.activity_stored = live.last_activity;
                activity.push((code, live.last_activity));
            }
        }
        let count = gone.len();
        if count > 0 || !activity.is_empty() {
            let written = self
                .blocking(move |s| {
                    s.put_away(&gone, now)?;
                    s.note_activity(&activity)
                })
                .await;
            // Not written: the rule puts the same tables away at the next start.
            if let Err(e) = written {
                tracing::error!("the database refused the sweep's write: {e}");
            }
        }
        count
    }

    /// Deletes from the database what nobody can reach any more (see [`Store::prune`]): the
    /// tables put away unfinished longer ago than the retention time, and the addresses of
    /// games over. How many tables were deleted.
    pub async fn prune(&self) -> Result<usize, StoreError> {
        let (now, retention) = (self.now(), self.limits.retention);
        self.blocking(move |s| s.prune(now, retention)).await
    }
}

/// A table read back as the server starts, with where it was made and its seats taken from.
/// The turn at a correspondence game going on, if a person is to move (`crate::notify`).
fn turn_of(live: &Live, now: i64) -> Option<Turn> {
    let table = &live.table;
    let gamut_net::Clock::Correspondence { days } = table.clock else {
        return None;
    };
    if live.phase != Phase::Playing || table.end().is_some() {
        return None;
    }
    let seat = table.seat_to_move();
    if table.computers().any(|(i, _)| i == seat.index()) {
        return None;
    }
    let (_, mover) = table.sitters().find(|(i, _)| *i == seat.index())?;
    let others = table
        .sitters()
        .filter(|(i, _)| *i != seat.index())
        .map(|(_, s)| s.name.clone())
        .collect();
    let left = table.clocks(now)?.left_ms[seat.index() % 2];
    Some(Turn {
        code: table.code.clone(),
        seat,
        name: mover.name.clone(),
        others,
        ply: table.ply(),
        days,
        deadline: now + left,
        connected: live.connected(seat),
    })
}

fn reloaded(kept: Kept, from: crate::store::Addresses) -> Live {
    let mut live = Live::new(kept.table, from.made_by, kept.phase, kept.last_activity);
    live.ended_at = kept.ended_at;
    for (seat, address) in from.seats {
        if let Some(held) = live.seats_from.get_mut(seat) {
            *held = Some(address);
        }
    }
    live.count_holds();
    live
}

/// 128 bits from the operating system's generator (through `rand`'s thread generator, a
/// cryptographic one seeded by the system).
fn fresh_token() -> Token {
    Token::from_bits(rand::random::<u128>())
}

fn fresh_code() -> Code {
    let alphabet = Code::ALPHABET.len() as u8;
    Code::from_numbers(std::array::from_fn(|_| rand::random_range(0..alphabet)))
}

/// How long the server's engine thinks a move: its level's strength within at most two
/// seconds, and no more than a thirtieth of a live clock's time left.
fn computer_think_time(table: &Table, now: i64) -> Duration {
    const MOST_MS: i64 = 2000;
    let left = table
        .clocks(now)
        .filter(|_| matches!(table.clock, gamut_net::Clock::Live { .. }))
        .map_or(MOST_MS, |c| c.left_ms.into_iter().min().unwrap_or(0) / 30);
    Duration::from_millis(left.clamp(50, MOST_MS) as u64)
}

/// Milliseconds of the Unix clock: every time the server keeps.
fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
