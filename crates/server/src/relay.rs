//! The nodes of one site, talking through NATS (`--nats`, issue #51). Each table is played by
//! one node, its owner (the lease in PostgreSQL, [`crate::store::Owner`]); a client may be
//! connected to any node. A request for a table this node does not hold is passed to its
//! owner; the owner plays it for a session of its own standing for the client (a *near*
//! session), whose messages come back here and go to the client's connection (a *far*
//! session of this node). A spectator on any node sees every move, in order: a node's
//! messages to another node travel on one subject from one connection, which NATS keeps in
//! order.
//!
//! Subjects (node names are one NATS token each: letters, digits, `-` and `_`):
//! - `gamut.in.NODE`: what other nodes ask of NODE, a request (`kind: request`, answered
//!   `taken LIFE` once played, `not-here` when NODE does not hold the table, `bad` for a
//!   message it cannot read), a session gone (`kind: leave`), or the standing of games
//!   (`kind: games`, answered with them), or its correspondence turns (`kind: turns`, for the
//!   notices: the node first by name of the ones alive sends them all, from every node's
//!   turns);
//! - `gamut.out.NODE`: messages for NODE's far sessions (`kind: message`, the text the client
//!   reads; `kind: close`: the table let the session go);
//! - `gamut.alive`: each node's name and life (a number drawn at its start) every [`BEAT`].
//!
//! A node not heard for [`SILENT_FOR`], or heard with another life (it restarted), is taken
//! for gone: the connections here sitting at its tables are closed (the clients reconnect and
//! find their table where it is played now: another node takes a dead node's tables when
//! their leases run out, or the node itself as it restarts), and the sessions it passed here
//! leave their tables.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_nats::{Client, HeaderMap, Message, Subject};
use bytes::Bytes;
use futures_util::StreamExt;
use futures_util::future::BoxFuture;
use gamut_net::{Code, GameStanding, Refusal, ToClient, ToServer, Token, decode, encode};
use tokio::sync::{Notify, mpsc};
use tokio::task::JoinSet;

use crate::hub::{Forwarded, Hub, Out, QUEUE, Relaying, Session, Turn};
use crate::store::Owner;

/// How often each node says it is alive.
pub const BEAT: Duration = Duration::from_secs(1);
/// A node not heard for this long is taken for gone.
pub const SILENT_FOR: Duration = Duration::from_secs(5);
/// How long a node waits for another to take a request.
pub const REQUEST_WAIT: Duration = Duration::from_secs(10);
/// How many times a request is sent again when its table moved to another node meanwhile.
const TRIES: usize = 3;

const ALIVE: &str = "gamut.alive";
const KIND: &str = "kind";
const NODE: &str = "node";
const SESSION: &str = "session";
const FROM: &str = "from";

const NOT_HERE: &[u8] = b"not-here";
const BAD: &[u8] = b"bad";

fn inbox(node: &str) -> String {
    format!("gamut.in.{node}")
}

fn outbox(node: &str) -> String {
    format!("gamut.out.{node}")
}

/// Why the relay could not start.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    #[error("nodes talk through NATS only over a PostgreSQL database (--database postgres://…)")]
    NoNode,
    #[error(
        "the node's name {0:?} cannot name a NATS subject: use letters, digits, '-' and '_' (--node)"
    )]
    BadName(String),
    #[error("cannot reach NATS at {url}: {reason}")]
    Connect { url: String, reason: String },
}

/// A session of this node sitting at a table another node plays.
struct Far {
    out: mpsc::Sender<Out>,
    kicked: Arc<Notify>,
    /// The node it sits at, that node's life, and when it sat (none: it only sent requests).
    seat: Option<Seat>,
}

#[derive(Clone)]
struct Seat {
    node: String,
    life: u64,
    since: Instant,
}

/// Why a request to another node got no answer.
#[derive(Debug)]
enum Unsent {
    /// NATS's word: nobody listens, the time ran out, or the connection failed.
    Nats(async_nats::RequestError),
    /// The node fell silent while the request waited.
    Silent,
}

impl std::fmt::Display for Unsent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unsent::Nats(e) => e.fmt(f),
            Unsent::Silent => f.write_str("the node fell silent"),
        }
    }
}

/// What another node passes to one of its sessions played here, in order.
enum Incoming {
    Request {
        request: Box<ToServer>,
        reply: Option<Subject>,
    },
    Leave,
}

/// The relay of one node.
pub struct Relay {
    client: Client,
    node: String,
    /// Drawn as the node starts: another node sees that it restarted.
    life: u64,
    /// This node's sessions that sent requests to other nodes, by session.
    far: Mutex<HashMap<u64, Far>>,
    /// The sessions other nodes passed here, by node and their session there.
    near: Mutex<HashMap<(String, u64), mpsc::UnboundedSender<Incoming>>>,
    /// The other nodes heard: their life, and when last.
    heard: Mutex<HashMap<String, (u64, Instant)>>,
    /// When this node started.
    started: Instant,
    /// When this node last started to take the tables whose lease ran out (one at a time).
    adopted: tokio::sync::Mutex<Option<Instant>>,
}

fn locked<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Whether `name` is one NATS subject token of the letters nodes are named with.
fn subject_token(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

impl Relay {
    /// Connects the hub's node to NATS at `url` and starts its relay: the hub passes its
    /// requests for other nodes' tables through it from now on. The tasks it runs end when
    /// what it returns is dropped.
    pub async fn start(url: &str, hub: &Arc<Hub>) -> Result<(Arc<Relay>, JoinSet<()>), RelayError> {
        let node = hub.node().ok_or(RelayError::NoNode)?.to_string();
        if !subject_token(&node) {
            return Err(RelayError::BadName(node));
        }
        let connect = |reason: String| RelayError::Connect {
            url: url.to_string(),
            reason,
        };
        let client = async_nats::ConnectOptions::new()
            .name(format!("gamut-server {node}"))
            .request_timeout(Some(REQUEST_WAIT))
            .connect(url)
            .await
            .map_err(|e| connect(e.to_string()))?;
        let subscribe = |subject: String| {
            let client = client.clone();
            async move { client.subscribe(subject).await }
        };
        let asked = subscribe(inbox(&node))
            .await
            .map_err(|e| connect(e.to_string()))?;
        let told = subscribe(outbox(&node))
            .await
            .map_err(|e| connect(e.to_string()))?;
        let alive = subscribe(ALIVE.to_string())
            .await
            .map_err(|e| connect(e.to_string()))?;
        client.flush().await.map_err(|e| connect(e.to_string()))?;
        let relay = Arc::new(Relay {
            client,
            node,
            life: rand::random(),
            far: Mutex::default(),
            near: Mutex::default(),
            heard: Mutex::default(),
            started: Instant::now(),
            adopted: tokio::sync::Mutex::default(),
        });
        hub.relaying(relay.clone());
        let mut tasks = JoinSet::new();
        let (r, h) = (relay.clone(), hub.clone());
        tasks.spawn(async move {
            let mut asked = asked;
            while let Some(message) = asked.next().await {
                r.asked(&h, message);
            }
        });
        let r = relay.clone();
        tasks.spawn(async move {
            let mut told = told;
            while let Some(message) = told.next().await {
                r.told(&message);
            }
        });
        let r = relay.clone();
        tasks.spawn(async move {
            let mut alive = alive;
            while let Some(message) = alive.next().await {
                r.heard_from(&message.payload);
            }
        });
        let r = relay.clone();
        tasks.spawn(async move {
            let mut tick = tokio::time::interval(BEAT);
            loop {
                tick.tick().await;
                let beat = format!("{} {}", r.node, r.life);
                if let Err(e) = r.client.publish(ALIVE, beat.into()).await {
                    tracing::warn!("cannot tell the other nodes this one is alive: {e}");
                }
                r.check_lives();
            }
        });
        tracing::info!("node {} relays through NATS at {url}", relay.node);
        Ok((relay, tasks))
    }

    /// The node leaves the site: its NATS connection drained and closed (the other nodes hear
    /// it no more, and take its tables when their leases run out).
    pub async fn stop(&self) {
        if let Err(e) = self.client.drain().await {
            tracing::warn!("the NATS connection did not close cleanly: {e}");
        }
    }

    fn headers(&self, kind: &str, session: u64) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(KIND, kind);
        headers.insert(NODE, self.node.as_str());
        headers.insert(SESSION, session.to_string().as_str());
        headers
    }

    /// A node's beat heard.
    fn heard_from(&self, payload: &[u8]) {
        let Some((node, life)) = std::str::from_utf8(payload)
            .ok()
            .and_then(|text| text.split_once(' '))
            .and_then(|(node, life)| Some((node, life.parse::<u64>().ok()?)))
        else {
            tracing::warn!("an unreadable beat on {ALIVE}");
            return;
        };
        if node != self.node {
            locked(&self.heard).insert(node.to_string(), (life, Instant::now()));
        }
    }

    /// Whether a request's failure says its node is gone: nobody listens on its subject, or
    /// it fell silent with the request (no answer, and not heard for [`SILENT_FOR`]).
    fn gone(&self, unsent: &Unsent, node: &str) -> bool {
        match unsent {
            Unsent::Silent => true,
            Unsent::Nats(e) => match e.kind() {
                async_nats::RequestErrorKind::NoResponders => true,
                async_nats::RequestErrorKind::TimedOut => self.fell_silent(node),
                _ => false,
            },
        }
    }

    /// Whether `node` was heard once but not for [`SILENT_FOR`] since.
    fn fell_silent(&self, node: &str) -> bool {
        locked(&self.heard)
            .get(node)
            .is_some_and(|(_, at)| at.elapsed() >= SILENT_FOR)
    }

    /// The other nodes heard within [`SILENT_FOR`].
    fn alive(&self) -> Vec<String> {
        let now = Instant::now();
        locked(&self.heard)
            .iter()
            .filter(|(_, (_, at))| now.duration_since(*at) < SILENT_FOR)
            .map(|(node, _)| node.clone())
            .collect()
    }

    /// Whether the node `seat` sits at is still the one it sat at: heard within
    /// [`SILENT_FOR`] (or it sat less than that ago), with the same life.
    fn still_there(&self, seat: &Seat, now: Instant) -> bool {
        match locked(&self.heard).get(&seat.node) {
            Some(&(life, at)) => life == seat.life && now.duration_since(at) < SILENT_FOR,
            None => now.duration_since(seat.since) < SILENT_FOR,
        }
    }

    /// The connections sitting at a gone node's tables closed; the sessions a gone node passed
    /// here leave their tables.
    fn check_lives(&self) {
        let now = Instant::now();
        for far in locked(&self.far).values() {
            if let Some(seat) = &far.seat
                && !self.still_there(seat, now)
            {
                far.kicked.notify_one();
            }
        }
        let gone: Vec<String> = locked(&self.heard)
            .iter()
            .filter(|(_, (_, at))| now.duration_since(*at) >= SILENT_FOR)
            .map(|(node, _)| node.clone())
            .collect();
        if gone.is_empty() {
            return;
        }
        locked(&self.near).retain(|(node, _), incoming| {
            let keep = !gone.contains(node);
            if !keep {
                let _ = incoming.send(Incoming::Leave);
            }
            keep
        });
    }

    /// A message for one of this node's far sessions, given to its connection.
    fn told(&self, message: &Message) {
        let Some((kind, _, session)) = read_headers(message) else {
            tracing::warn!("an unreadable message on {}", message.subject);
            return;
        };
        let far = locked(&self.far);
        let Some(far) = far.get(&session) else {
            return;
        };
        match kind.as_str() {
            "message" => {
                let sent = std::str::from_utf8(&message.payload)
                    .map(|text| far.out.try_send(Out::from(text)).is_ok())
                    .unwrap_or(false);
                if !sent {
                    far.kicked.notify_one();
                }
            }
            _ => far.kicked.notify_one(),
        }
    }

    /// What another node asks of this one.
    fn asked(self: &Arc<Self>, hub: &Arc<Hub>, message: Message) {
        let Some((kind, node, session)) = read_headers(&message) else {
            tracing::warn!("an unreadable request on {}", message.subject);
            self.answer(message.reply, Bytes::from_static(BAD));
            return;
        };
        match kind.as_str() {
            "request" => self.take_request(hub, message, node, session),
            "leave" => {
                if let Some(incoming) = locked(&self.near).remove(&(node, session)) {
                    let _ = incoming.send(Incoming::Leave);
                }
            }
            "turns" => {
                let (relay, hub) = (self.clone(), hub.clone());
                tokio::spawn(async move {
                    let turns = hub.turns_here().await;
                    let answer = serde_json::to_vec(&turns).unwrap_or_default();
                    relay.answer(message.reply, answer.into());
                });
            }
            "games" => {
                let (relay, hub) = (self.clone(), hub.clone());
                tokio::spawn(async move {
                    let seats: Vec<(Code, Token)> =
                        serde_json::from_slice(&message.payload).unwrap_or_default();
                    let games = hub.standings(&seats).await;
                    let answer = serde_json::to_vec(&games).unwrap_or_default();
                    relay.answer(message.reply, answer.into());
                });
            }
            _ => self.answer(message.reply, Bytes::from_static(BAD)),
        }
    }

    /// A request of another node's session, played here by the session standing for it (made
    /// at its first request), in the order the node sent them.
    fn take_request(self: &Arc<Self>, hub: &Arc<Hub>, message: Message, node: String, id: u64) {
        let request = decode::<ToServer>(&message.payload).ok();
        let from = message
            .headers
            .as_ref()
            .and_then(|h| h.get(FROM))
            .and_then(|from| from.as_str().parse::<IpAddr>().ok());
        let (Some(request), Some(from)) = (request, from) else {
            tracing::warn!("an unreadable request from node {node}");
            self.answer(message.reply, Bytes::from_static(BAD));
            return;
        };
        if request.table().is_some_and(|code| !hub.holds_table(code)) {
            self.answer(message.reply, Bytes::from_static(NOT_HERE));
            return;
        }
        let mut near = locked(&self.near);
        let incoming = near
            .entry((node.clone(), id))
            .or_insert_with(|| self.stand_in(hub, node, id, from));
        let _ = incoming.send(Incoming::Request {
            request: Box::new(request),
            reply: message.reply,
        });
    }

    /// A session here standing for the session `id` of `node`: its messages go to that node,
    /// its requests are played in order by a task of its own.
    fn stand_in(
        self: &Arc<Self>,
        hub: &Arc<Hub>,
        node: String,
        id: u64,
        from: IpAddr,
    ) -> mpsc::UnboundedSender<Incoming> {
        let (out, queue) = mpsc::channel::<Out>(QUEUE);
        let mut session = hub.session(out, from);
        session.relayed = true;
        tokio::spawn(
            self.clone()
                .send_back(node.clone(), id, queue, session.kicked.clone()),
        );
        let (incoming, mut requests) = mpsc::unbounded_channel();
        let (relay, hub) = (self.clone(), hub.clone());
        tokio::spawn(async move {
            while let Some(next) = requests.recv().await {
                match next {
                    Incoming::Request { request, reply } => {
                        hub.handle(&mut session, *request).await;
                        let taken = format!("taken {}", relay.life);
                        relay.answer(reply, taken.into());
                        if !session.seated_here() && relay.idle(&node, id, &requests) {
                            break;
                        }
                    }
                    Incoming::Leave => break,
                }
            }
            hub.leave_here(&mut session).await;
        });
        incoming
    }

    /// A stand-in seated nowhere, with nothing more to do, forgotten (its node's next request
    /// makes another): whether it was.
    fn idle(&self, node: &str, id: u64, requests: &mpsc::UnboundedReceiver<Incoming>) -> bool {
        let mut near = locked(&self.near);
        if !requests.is_empty() {
            return false;
        }
        near.remove(&(node.to_string(), id));
        true
    }

    /// A stand-in's messages sent to its node, in order, until it is let go (then the node is
    /// told to close its connection) or gone.
    async fn send_back(
        self: Arc<Self>,
        node: String,
        id: u64,
        mut queue: mpsc::Receiver<Out>,
        kicked: Arc<Notify>,
    ) {
        let subject = outbox(&node);
        loop {
            let (kind, payload) = tokio::select! {
                text = queue.recv() => match text {
                    Some(text) => ("message", Bytes::copy_from_slice(text.as_bytes())),
                    None => return,
                },
                () = kicked.notified() => ("close", Bytes::new()),
            };
            let headers = self.headers(kind, id);
            if let Err(e) = self
                .client
                .publish_with_headers(subject.clone(), headers, payload)
                .await
            {
                tracing::warn!("cannot send to node {node}: {e}");
            }
            if kind == "close" {
                return;
            }
        }
    }

    fn answer(&self, reply: Option<Subject>, payload: Bytes) {
        let Some(reply) = reply else { return };
        let client = self.client.clone();
        tokio::spawn(async move {
            let _ = client.publish(reply, payload).await;
        });
    }

    /// The tables whose lease ran out taken here, unless that was begun since `seen` (when
    /// the caller saw one run out): the sessions waiting for a dead node's tables ask at once,
    /// and one look serves them all.
    async fn adopt_since(&self, hub: &Arc<Hub>, seen: Instant) {
        let mut last = self.adopted.lock().await;
        if last.is_some_and(|last| last >= seen) {
            return;
        }
        *last = Some(Instant::now());
        hub.adopt().await;
    }

    /// The table's owner as the database says, the table taken here if its lease ran out.
    async fn owner(&self, hub: &Arc<Hub>, code: &Code) -> Result<Option<Owner>, Refusal> {
        let seen = Instant::now();
        let owner = hub.owner_of(code.clone()).await?;
        if owner.as_ref().is_some_and(|o| o.ran_out) {
            self.adopt_since(hub, seen).await;
            if hub.holds_table(code) {
                return Ok(None);
            }
            return match hub.owner_of(code.clone()).await? {
                Some(owner) if owner.ran_out => Err(Refusal::Unavailable),
                owner => Ok(owner),
            };
        }
        Ok(owner)
    }

    /// The session's far entry, made if it has none: what other nodes tell it reaches it.
    fn reach(&self, session: &Session) {
        locked(&self.far).entry(session.id).or_insert_with(|| Far {
            out: session.out.clone(),
            kicked: session.kicked.clone(),
            seat: None,
        });
    }

    /// The session is about to sit at a table of `node`: it leaves the one of another node it
    /// sat at (the owner of both moves it itself, as any session).
    async fn unseat_for(&self, session: &Session, node: &str) {
        self.reach(session);
        let old = locked(&self.far)
            .get_mut(&session.id)
            .and_then(|far| far.seat.take());
        if let Some(old) = old.filter(|old| old.node != node) {
            self.send_leave(&old.node, session.id).await;
        }
    }

    async fn send_leave(&self, node: &str, id: u64) {
        let headers = self.headers("leave", id);
        if let Err(e) = self
            .client
            .publish_with_headers(inbox(node), headers, Bytes::new())
            .await
        {
            tracing::warn!("cannot tell node {node} a session left: {e}");
        }
    }

    /// The session sits at a table of `node` (which answered `taken LIFE`): the connection is
    /// closed if that node goes.
    fn seat_at(&self, session: &Session, node: &str, answer: &[u8]) {
        let life = std::str::from_utf8(answer)
            .ok()
            .and_then(|a| a.strip_prefix("taken "))
            .and_then(|life| life.parse::<u64>().ok())
            .unwrap_or_default();
        if let Some(far) = locked(&self.far).get_mut(&session.id) {
            far.seat = Some(Seat {
                node: node.to_string(),
                life,
                since: Instant::now(),
            });
        }
    }

    /// Sends `request` to `node`: its answer (`taken …`, `not-here`, `bad`), or why not.
    async fn send(
        &self,
        node: &str,
        session: &Session,
        request: &ToServer,
    ) -> Result<Bytes, Unsent> {
        let mut headers = self.headers("request", session.id);
        headers.insert(FROM, session.from.to_string().as_str());
        let payload = Bytes::from(encode(request));
        let answer = self
            .client
            .request_with_headers(inbox(node), headers, payload);
        tokio::pin!(answer);
        // A node that dies with the request is not waited for to the end of REQUEST_WAIT: it
        // is given up as soon as the node falls silent.
        let mut look = tokio::time::interval(BEAT);
        loop {
            tokio::select! {
                answer = &mut answer => return answer.map(|a| a.payload).map_err(Unsent::Nats),
                _ = look.tick() => {
                    if self.fell_silent(node) {
                        return Err(Unsent::Silent);
                    }
                }
            }
        }
    }

    /// How long a request waits for a table whose owner is gone: until its lease runs out
    /// (a node of this site then takes it) and a little more.
    fn patience(hub: &Hub) -> Duration {
        hub.renew_every().map_or(Duration::ZERO, |every| 3 * every) + SILENT_FOR
    }

    /// `request` passed to the owner of `code`. While the owner is gone (nobody answers on its
    /// subject), the request waits until another node takes the table (or this one: its lease
    /// ran out), so that a client coming back after a node died is seated once its table is
    /// played again rather than refused; it is refused only after [`Relay::patience`].
    async fn forward_to_owner(
        &self,
        hub: &Arc<Hub>,
        session: &Session,
        code: &Code,
        request: &ToServer,
    ) -> Result<Forwarded, Refusal> {
        let seats = request.seats_the_connection();
        let deadline = tokio::time::Instant::now() + Relay::patience(hub);
        let mut moved = 0;
        loop {
            let Some(owner) = self.owner(hub, code).await? else {
                return Ok(Forwarded::Here);
            };
            if owner.node == self.node {
                // Ours by the database, not held here: a lease lost or taken this instant.
                return Err(Refusal::Unavailable);
            }
            if seats {
                self.unseat_for(session, &owner.node).await;
            } else {
                self.reach(session);
            }
            match self.send(&owner.node, session, request).await {
                Ok(answer) if answer.starts_with(b"taken") => {
                    if seats {
                        self.seat_at(session, &owner.node, &answer);
                    }
                    return Ok(Forwarded::Carried);
                }
                // The table moved to another node meanwhile: asked again where it is now.
                Ok(answer) if answer.as_ref() == NOT_HERE && moved < TRIES => moved += 1,
                Ok(_) => return Err(Refusal::Unavailable),
                // Nobody on the owner's subject, or an owner that died with the request (no
                // answer, and silent since): the table is waited for where it is played next.
                // (A move the dead node kept before it died is found there, and the same move
                // sent again is refused as stale, changing nothing.)
                Err(e) if self.gone(&e, &owner.node) && tokio::time::Instant::now() < deadline => {
                    tracing::debug!("node {} is gone: waiting for its table {code}", owner.node);
                    tokio::time::sleep(BEAT).await;
                }
                Err(e) => {
                    tracing::debug!("node {} did not take a request: {e}", owner.node);
                    return Err(Refusal::Unavailable);
                }
            }
        }
    }

    /// The games of `seats`, all at `node`'s tables, asked of it.
    async fn games_at(&self, node: &str, seats: &[(Code, Token)]) -> Vec<GameStanding> {
        let payload = serde_json::to_vec(seats).unwrap_or_default();
        let headers = self.headers("games", 0);
        match self
            .client
            .request_with_headers(inbox(node), headers, payload.into())
            .await
        {
            Ok(answer) => serde_json::from_slice(&answer.payload).unwrap_or_default(),
            Err(e) => {
                tracing::debug!("node {node} did not tell its games: {e}");
                Vec::new()
            }
        }
    }
}

/// A relay message's kind, node and session (none if they are missing or unreadable).
fn read_headers(message: &Message) -> Option<(String, String, u64)> {
    let headers = message.headers.as_ref()?;
    let kind = headers.get(KIND)?.as_str().to_string();
    let node = headers.get(NODE)?.as_str().to_string();
    let session = headers.get(SESSION)?.as_str().parse().ok()?;
    Some((kind, node, session))
}

impl Relaying for Relay {
    fn forward<'a>(
        &'a self,
        hub: &'a Arc<Hub>,
        session: &'a Session,
        code: Code,
        request: &'a ToServer,
    ) -> BoxFuture<'a, Forwarded> {
        Box::pin(async move {
            match self.forward_to_owner(hub, session, &code, request).await {
                Ok(forwarded) => forwarded,
                Err(refusal) => {
                    let refused = encode(&ToClient::Refused { refusal });
                    if session.out.try_send(refused.into()).is_err() {
                        session.kicked.notify_one();
                    }
                    Forwarded::Carried
                }
            }
        })
    }

    fn games<'a>(
        &'a self,
        hub: &'a Hub,
        seats: Vec<(Code, Token)>,
    ) -> BoxFuture<'a, Vec<GameStanding>> {
        Box::pin(async move {
            let mut by_node: HashMap<String, Vec<(Code, Token)>> = HashMap::new();
            for (code, token) in seats {
                if let Ok(Some(owner)) = hub.owner_of(code.clone()).await
                    && owner.node != self.node
                {
                    by_node.entry(owner.node).or_default().push((code, token));
                }
            }
            let mut games = Vec::new();
            for (node, seats) in by_node {
                games.extend(self.games_at(&node, &seats).await);
            }
            games
        })
    }

    fn turns_elsewhere(&self) -> BoxFuture<'_, Vec<Turn>> {
        Box::pin(async move {
            let mut turns = Vec::new();
            for node in self.alive() {
                let headers = self.headers("turns", 0);
                match self
                    .client
                    .request_with_headers(inbox(&node), headers, Bytes::new())
                    .await
                {
                    Ok(answer) => match serde_json::from_slice::<Vec<Turn>>(&answer.payload) {
                        Ok(theirs) => turns.extend(theirs),
                        Err(e) => tracing::warn!("node {node}'s turns unreadable: {e}"),
                    },
                    Err(e) => tracing::warn!("node {node} did not tell its turns: {e}"),
                }
            }
            turns
        })
    }

    fn sends_notices(&self) -> bool {
        // A node just started has not heard the others yet.
        self.started.elapsed() >= SILENT_FOR && self.alive().iter().all(|node| self.node < *node)
    }

    fn left(&self, session: &Session) {
        let Some(far) = locked(&self.far).remove(&session.id) else {
            return;
        };
        if let Some(seat) = far.seat {
            let headers = self.headers("leave", session.id);
            let client = self.client.clone();
            tokio::spawn(async move {
                let _ = client
                    .publish_with_headers(inbox(&seat.node), headers, Bytes::new())
                    .await;
            });
        }
    }
}
