//! The tables in play and who is connected to each: requests are carried out here, in order per
//! table (one lock a table), each change written to the [`Store`] before anyone is told of it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use gamut_net::{
    Code, ComputerSeat, Name, Offer, Refusal, Seat, ToClient, ToServer, Token, encode,
};
use tokio::sync::{Notify, mpsc};

use crate::address::{self, Holds, PerAddress, Usage};
use crate::engine_queue::{EngineQueue, Line};
use crate::referee::{Sitter, Table};
use crate::store::{Store, StoreError, Stored};
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
    /// A finished table with nobody connected is put away after this.
    pub finished_kept: Duration,
    /// A table whose seats were never all taken, with nobody connected, after this.
    pub unstarted_kept: Duration,
    /// What one address may hold.
    pub per_address: PerAddress,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            tables: 20_000,
            watchers: 500,
            finished_kept: Duration::from_secs(30 * 60),
            unstarted_kept: Duration::from_secs(24 * 3600),
            per_address: PerAddress::default(),
        }
    }
}

/// A message on its way to one client: the same text is shared by all of a table's clients.
pub type Out = Arc<str>;

/// One connection's side of the hub: where its messages go, and which table it sits at.
pub struct Session {
    id: u64,
    /// The address the connection comes from (the client's, behind a trusted proxy).
    from: std::net::IpAddr,
    out: mpsc::Sender<Out>,
    /// Rung when the hub lets the connection go (its queue overflowed).
    pub kicked: Arc<Notify>,
    table: Option<Arc<TableCell>>,
}

impl Session {
    /// Sends `msg` to this connection alone; false if its queue is full.
    fn tell(&self, msg: &ToClient) -> bool {
        self.out.try_send(encode(msg).into()).is_ok()
    }
}

struct Client {
    seat: Option<Seat>,
    /// The table's big screen (the host's), not counted among the spectators.
    screen: bool,
    out: mpsc::Sender<Out>,
    kicked: Arc<Notify>,
}

struct Live {
    table: Table,
    clients: HashMap<u64, Client>,
    /// The last request that changed the table or its company.
    touched: Instant,
    /// The address that made it (none: the operator, or not known).
    made_by: Option<std::net::IpAddr>,
    /// The address each person's seat was taken from.
    seats_from: Vec<Option<std::net::IpAddr>>,
    /// What it holds of its addresses' limits, as the hub counts them (kept up to date at
    /// every change, which every client is told of: see [`Live::broadcast`]).
    holds: Arc<Mutex<Holds>>,
}

impl Live {
    /// A table in play, made by `made_by`.
    fn new(table: Table, made_by: Option<std::net::IpAddr>) -> Live {
        let seats_from = vec![None; table.seat_count()];
        let live = Live {
            table,
            clients: HashMap::new(),
            touched: Instant::now(),
            made_by,
            seats_from,
            holds: Arc::default(),
        };
        live.count_holds();
        live
    }

    /// Brings [`Live::holds`] up to date with the table.
    fn count_holds(&self) {
        let holds = Holds {
            made_by: self.made_by,
            seats_from: self.seats_from.iter().flatten().copied().collect(),
            engine_seats: self.table.computers().count(),
            playing: self.table.end().is_none(),
        };
        *self.holds.lock().unwrap_or_else(|e| e.into_inner()) = holds;
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

    fn view(&self) -> ToClient {
        ToClient::Table(
            self.table
                .view(|seat| self.connected(seat), self.spectators(), unix_ms()),
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
}

impl Hub {
    /// A hub over `store`, with the unfinished tables it holds (and the ones it could not read,
    /// with why, to report).
    pub fn new(store: Store, limits: Limits) -> Result<(Hub, Vec<(String, String)>), StoreError> {
        let loaded = store.load_unfinished()?;
        let mut addresses = store.unfinished_addresses()?;
        let now = Instant::now();
        let tables = loaded
            .tables
            .into_iter()
            .map(|table| {
                let code = table.code.clone();
                let from = addresses.remove(code.as_str()).unwrap_or_default();
                let mut live = Live::new(table, from.made_by);
                for (seat, address) in from.seats {
                    if let Some(held) = live.seats_from.get_mut(seat) {
                        *held = Some(address);
                    }
                }
                live.count_holds();
                live.touched = now;
                (code, Arc::new(TableCell::new(live)))
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
        };
        Ok((hub, loaded.broken))
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
        let mut views: Vec<gamut_net::TableView> = cells
            .iter()
            .filter_map(|cell| match cell.live.try_lock().ok()?.view() {
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
        }
    }

    /// Carries out one request of a session, and answers it.
    pub async fn handle(self: &Arc<Self>, session: &mut Session, request: ToServer) {
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

    /// How the games of these seats stand.
    async fn games(&self, seats: &[(Code, Token)]) -> ToClient {
        let mut games = Vec::new();
        let now = unix_ms();
        for (code, token) in seats.iter().take(gamut_net::MAX_GAMES_ASKED) {
            let Ok(cell) = self.cell(code) else { continue };
            let live = cell.live.lock().await;
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
        ToClient::Games { games }
    }

    /// The session leaves its table (its connection closed): the others see its seat empty.
    pub async fn leave(&self, session: &mut Session) {
        let Some(cell) = session.table.take() else {
            return;
        };
        let mut live = cell.live.lock().await;
        if live.clients.remove(&session.id).is_some() {
            live.touched = Instant::now();
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
            tracing::error!("the database refused a write: {e}");
            Refusal::Unavailable
        })
    }

    /// Runs `work` on the database on a blocking thread (the runtime's threads never wait
    /// for SQLite).
    async fn blocking<T: Send + 'static>(
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
        let now = unix_ms();
        for computer in computers {
            table.seat_computer(computer.seat, computer.level, now)?;
        }
        let stored = table.clone();
        self.store(move |s| {
            s.create(&stored, now)?;
            match from {
                Some(from) => s.note_address(&stored.code, None, from),
                None => Ok(()),
            }
        })
        .await?;
        let cell = Arc::new(TableCell::new(Live::new(table, from)));
        self.tables().insert(code.clone(), cell.clone());
        // The address, for an operator who wonders who makes all these tables.
        match from {
            Some(from) => tracing::info!("table {code} created (from {from})"),
            None => tracing::info!("table {code} created (by the operator)"),
        }
        self.computer_turn(&cell, &*cell.live.lock().await);
        Ok(ToClient::Created { code, host })
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
                let stored = sitter.clone();
                let (at, now, from) = (code.clone(), unix_ms(), session.from);
                self.store(move |s| {
                    s.sit(&at, seat.index(), &stored, now)?;
                    s.note_address(&at, Some(seat.index()), from)
                })
                .await?;
                live.table.sit(seat, sitter, now)?;
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
                screen,
                out: session.out.clone(),
                kicked: session.kicked.clone(),
            },
        );
        live.touched = Instant::now();
        session.table = Some(cell.clone());
        let code = live.table.code.clone();
        session.tell(&ToClient::Seated { code, seat, token });
        session.tell(&live.view());
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
        let now = unix_ms();
        // A move after the mover's time ran out ends the game by time instead.
        self.flag(&mut live, now).await?;
        let checked = live.table.check_move(&token, ply, &mv)?;
        // Nothing changes until the move is stored: played on a copy, written, then kept.
        let mut next = live.table.clone();
        let (seat, end) = next.play(checked, mv.clone(), now);
        let (at, text) = (code.clone(), mv.as_str().to_string());
        self.store(move |s| s.play(&at, ply, &text, end, now))
            .await?;
        live.table = next;
        live.touched = Instant::now();
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
        let think = computer_think_time(&live.table, unix_ms());
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
        let now = unix_ms();
        if self.flag(&mut live, now).await.is_err() {
            return;
        }
        // A resignation or a flag while it thought: the move is for nothing.
        let Ok(text) = live.table.check_computer_move(ply, mv) else {
            return;
        };
        let mut next = live.table.clone();
        let (seat, end) = next.play(mv, text.clone(), now);
        let code = live.table.code.clone();
        let (at, written) = (code.clone(), text.as_str().to_string());
        if self
            .store(move |s| s.play(&at, ply, &written, end, now))
            .await
            .is_err()
        {
            return;
        }
        live.table = next;
        live.touched = Instant::now();
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
        let code = live.table.code.clone();
        let at = code.clone();
        self.store(move |s| s.end(&at, end)).await?;
        live.table.set_end(end);
        tracing::info!("table {code}: a flag fell");
        live.broadcast(&ToClient::Ended { code, end });
        Ok(())
    }

    /// Watches the clocks of every table: a side whose time runs out loses, whether or not
    /// its player is still there.
    pub async fn watch_clocks(&self) {
        let cells: Vec<_> = self.tables().values().cloned().collect();
        let now = unix_ms();
        for cell in cells {
            let mut live = cell.live.lock().await;
            let Some(end) = live.table.flag(now) else {
                continue;
            };
            let code = live.table.code.clone();
            let at = code.clone();
            if self.store(move |s| s.end(&at, end)).await.is_ok() {
                live.table.set_end(end);
                live.broadcast(&ToClient::Ended { code, end });
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
        let seat = live.table.check_resign(&token)?;
        let mut next = live.table.clone();
        let end = next.resign(seat);
        let at = code.clone();
        self.store(move |s| s.end(&at, end)).await?;
        live.table = next;
        live.touched = Instant::now();
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
        let now = unix_ms();
        match offer {
            Offer::Draw => {
                let mut next = live.table.clone();
                let end = next.agree_draw();
                let at = code.clone();
                self.store(move |s| s.end(&at, end)).await?;
                live.table = next;
                self.tell_all(session, &mut live, &answered);
                self.tell_all(session, &mut live, &ToClient::Ended { code, end });
            }
            Offer::TakeBack => {
                let mut next = live.table.clone();
                let ply = next.take_back(now);
                let at = code.clone();
                self.store(move |s| s.take_back(&at, ply)).await?;
                live.table = next;
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
        live.touched = Instant::now();
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
        // The same people hold the new table's seats (and its maker the table).
        let mut rematched = Live::new(next.clone(), live.made_by);
        for &(from, to) in &moved {
            rematched.seats_from[to.index()] = live.seats_from[from.index()];
        }
        rematched.count_holds();
        let (made_by, seats_from) = (rematched.made_by, rematched.seats_from.clone());
        self.store(move |s| {
            s.create_seated(&next, now)?;
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

    /// Puts away the tables nobody needs any more: finished ones nobody watches, and ones whose
    /// seats were never taken; their codes are then unknown. Their games stay in the database.
    pub async fn sweep(&self) -> usize {
        let cells: Vec<_> = self
            .tables()
            .iter()
            .map(|(code, cell)| (code.clone(), cell.clone()))
            .collect();
        let mut gone = Vec::new();
        for (code, cell) in cells {
            let live = cell.live.lock().await;
            if !live.clients.is_empty() {
                continue;
            }
            let idle = live.touched.elapsed();
            let finished = live.table.end().is_some() && idle >= self.limits.finished_kept;
            let seated = live.table.sitters().count() == live.table.seat_count();
            let unstarted = !seated && idle >= self.limits.unstarted_kept;
            if finished || unstarted {
                gone.push(code);
            }
        }
        let mut tables = self.tables();
        for code in &gone {
            tables.remove(code);
        }
        gone.len()
    }
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
