//! The server on the network: HTTP/1.1 (hyper, with a time to send a request's head), a
//! WebSocket at `/ws` for each client, a game's record to download (`crate::download`), and the
//! page's files (when given) for the phones and laptops that join with a browser.
//!
//! Each connection reads at most [`MAX_MESSAGE_BYTES`] a message (larger frames are refused by
//! the WebSocket layer itself), at most [`BURST`] messages at once and [`PER_SECOND`] a second
//! after that; a message that breaks the protocol is told its [`Fault`] and the connection is
//! closed. Nothing a client sends reaches another table.
//!
//! Before a WebSocket opens, its page's `Origin` is checked and its address is let in by the
//! [`Gate`] (see `crate::guard` and [`Serving`]); once open, a connection silent too long is
//! let go ([`Silence`]), and the server pings each one every [`PING_EVERY`] so that a client
//! still there is heard even when it has nothing to say.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, FromRef, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::get;
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use gamut_net::{Fault, MAX_MESSAGE_BYTES, ToClient, ToServer, decode, encode};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tower_http::add_extension::AddExtension;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;

use crate::download::{self, plain};
use crate::guard::{Gate, Origin, Pass, Shut, Silence, client_address, origin_allowed};
use crate::hub::{Hub, Out, QUEUE};
use crate::notify::Notifier;
use crate::notify::routes as notify;
use crate::picture;

/// Messages a client may send at once.
pub const BURST: f64 = 40.0;
/// Messages a second a client may send after its burst.
pub const PER_SECOND: f64 = 20.0;

/// The most WebSockets open at once (`--max-connections`).
pub const MAX_CONNECTIONS: usize = 10_000;
/// The most WebSockets open at once from one address (`--max-connections-per-address`): a
/// club's or a school's players share one address.
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 64;
/// How long a new WebSocket may wait before its first message (`--first-message-timeout`):
/// the game and the page send theirs as the socket opens.
pub const FIRST_MESSAGE_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a WebSocket may stay silent after that, not even answering the server's pings
/// (`--idle-timeout`): ten pings unanswered.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(300);
/// How often the server pings each WebSocket. The game's and the page's clients send nothing
/// on their own while they watch or wait for the other side's move (no `ping` of the
/// protocol), but browsers and tungstenite answer a WebSocket ping by themselves.
pub const PING_EVERY: Duration = Duration::from_secs(30);
/// How long an HTTP connection may take to send a request's head (the request line and the
/// headers), and how long a kept-alive connection may wait for its next request.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(30);
/// How long the server may take to answer a request, up to its answer's head (a file's body
/// is then sent at the client's pace).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
/// The most bytes of a request's head (hyper's read buffer: its least is 8 KiB).
pub const MAX_HEAD_BYTES: usize = 64 * 1024;
/// The most bytes of a request's body: no route takes one.
pub const MAX_BODY_BYTES: usize = 16 * 1024;
/// How long a closing WebSocket's last messages may take to leave before its socket is
/// dropped (a client that reads nothing cannot hold a connection open).
pub const CLOSE_GRACE: Duration = Duration::from_secs(10);

/// How the server serves: the page's files, and its limits. `Serving::default()` is the
/// command line's defaults: no page, no trusted proxy, no other origin.
#[derive(Debug, Clone)]
pub struct Serving {
    /// A folder of the page's files to serve at `/` (`--web`).
    pub web: Option<PathBuf>,
    /// Other sites whose pages may open the WebSocket (`--allow-origin`), besides the
    /// server's own page and programs that send no `Origin`.
    pub allow_origins: Vec<Origin>,
    /// Reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    pub trusted_proxies: Vec<IpAddr>,
    /// See [`MAX_CONNECTIONS`].
    pub max_connections: usize,
    /// See [`MAX_CONNECTIONS_PER_ADDRESS`].
    pub max_connections_per_address: usize,
    /// See [`FIRST_MESSAGE_TIMEOUT`].
    pub first_message_timeout: Duration,
    /// See [`IDLE_TIMEOUT`].
    pub idle_timeout: Duration,
    /// See [`PING_EVERY`].
    pub ping_every: Duration,
    /// See [`HEADER_READ_TIMEOUT`].
    pub header_read_timeout: Duration,
    /// See [`REQUEST_TIMEOUT`].
    pub request_timeout: Duration,
    /// Who tells correspondence players of their moves, if anyone: the same one the hub hands
    /// the seats' wishes to ([`Hub::notifying`]). Served here: its links (`/notify/…`), and
    /// its look at the turns every [`crate::notify::Config::look_every`].
    pub notifier: Option<Arc<Notifier>>,
}

impl Default for Serving {
    fn default() -> Serving {
        Serving {
            web: None,
            allow_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            max_connections: MAX_CONNECTIONS,
            max_connections_per_address: MAX_CONNECTIONS_PER_ADDRESS,
            first_message_timeout: FIRST_MESSAGE_TIMEOUT,
            idle_timeout: IDLE_TIMEOUT,
            ping_every: PING_EVERY,
            header_read_timeout: HEADER_READ_TIMEOUT,
            request_timeout: REQUEST_TIMEOUT,
            notifier: None,
        }
    }
}

/// What the WebSocket's door checks, and the times of a connection.
#[derive(Debug)]
struct Door {
    origins: Vec<Origin>,
    proxies: Vec<IpAddr>,
    gate: Arc<Gate>,
    first: Duration,
    idle: Duration,
    ping_every: Duration,
}

/// The routes' state: the tables, the door, and the notifier (if any).
#[derive(Clone)]
struct App {
    hub: Arc<Hub>,
    door: Arc<Door>,
    notifier: Option<Arc<Notifier>>,
}

impl FromRef<App> for Arc<Hub> {
    fn from_ref(app: &App) -> Arc<Hub> {
        app.hub.clone()
    }
}

impl FromRef<App> for Option<Arc<Notifier>> {
    fn from_ref(app: &App) -> Option<Arc<Notifier>> {
        app.notifier.clone()
    }
}

/// The server's routes: `/ws`, a game's record at `/tables/{CODE}/record`, and the page's
/// files at `/` when `serving.web` is given (only for paths no route takes), with the caching
/// headers of [`page_caching`]; every request within [`Serving::request_timeout`] and
/// [`MAX_BODY_BYTES`]. The connection's [`ConnectInfo`] must be in each request (as
/// [`serve`] puts it). The game's pictures too: `/tables/{CODE}/gif` and `…/png`.
pub fn router(hub: Arc<Hub>, serving: &Serving) -> Router {
    let door = Door {
        origins: serving.allow_origins.clone(),
        proxies: serving
            .trusted_proxies
            .iter()
            .map(|ip| ip.to_canonical())
            .collect(),
        gate: Gate::new(serving.max_connections, serving.max_connections_per_address),
        first: serving.first_message_timeout,
        idle: serving.idle_timeout,
        ping_every: serving.ping_every.max(Duration::from_millis(1)),
    };
    let router = Router::new()
        .route("/ws", get(upgrade))
        .route(download::ROUTE, get(download::record))
        .route(picture::GIF_ROUTE, get(picture::gif))
        .route(picture::PNG_ROUTE, get(picture::png))
        .route(notify::CONFIRM_ROUTE, get(notify::confirm))
        .route(notify::STOP_ROUTE, get(notify::stop).post(notify::stop))
        .route(notify::VAPID_ROUTE, get(notify::vapid))
        .with_state(App {
            hub,
            door: Arc::new(door),
            notifier: serving.notifier.clone(),
        });
    let router = match serving.web.clone() {
        // The page's `.br` and `.gz` twins (scripts/web.sh makes them) go to browsers that
        // take them: a fraction of the bytes. ServeDir sends each file's Last-Modified and
        // answers a request that has it (If-Modified-Since) with 304 Not Modified.
        Some(dir) => router.fallback_service(
            Router::new()
                .fallback_service(
                    tower_http::services::ServeDir::new(dir)
                        .precompressed_br()
                        .precompressed_gzip(),
                )
                .layer(middleware::from_fn(page_caching)),
        ),
        None => router,
    };
    router
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            serving.request_timeout,
        ))
        .layer(RequestBodyLimitLayer::new(MAX_BODY_BYTES))
}

/// How long a browser keeps the page's files, in `Cache-Control`.
pub const CACHE_HASHED: &str = "public, max-age=31536000, immutable";
/// For the files whose name stays from one build to the next (`index.html`, `sw.js`, the
/// manifest, `worker.js`, the icons): kept, but asked again each time (a 304 when unchanged).
pub const CACHE_REVALIDATED: &str = "no-cache";

/// The page's caching: a file whose name holds its content's hash ([`content_hashed`]: the
/// program, its glue; a new build gives them new names) is kept a year without asking again;
/// every other file is revalidated at each use, so a new build is seen at once. The answer
/// varies with `Accept-Encoding` (a `.br` or `.gz` twin, or the plain file).
async fn page_caching(request: Request, next: Next) -> Response {
    let hashed = content_hashed(request.uri().path());
    let mut response = next.run(request).await;
    if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
        let headers = response.headers_mut();
        let policy = if hashed {
            CACHE_HASHED
        } else {
            CACHE_REVALIDATED
        };
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

/// Whether the last part of `path` is named as `scripts/web.sh` names a file by its content:
/// `NAME-HASH.EXT` with HASH 16 lowercase hexadecimal digits (`gamut_bg-0123456789abcdef.wasm`).
pub fn content_hashed(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or_default();
    let Some((stem, _extension)) = name.split_once('.') else {
        return false;
    };
    stem.rsplit_once('-').is_some_and(|(_, hash)| {
        hash.len() == 16 && hash.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
    })
}

/// Serves [`router`] on `listener` until the process ends, watching the clocks (a flag falls
/// within a quarter of a second) and sweeping idle tables away each minute. Each connection is
/// HTTP/1.1 with at most [`MAX_HEAD_BYTES`] of head, sent within
/// [`Serving::header_read_timeout`].
pub async fn serve(listener: tokio::net::TcpListener, hub: Arc<Hub>, serving: Serving) {
    hub.resume_computers().await;
    // The clocks' watch and the sweep end with the serving (a test that stops a server and
    // starts another on the same database leaves no sweep of the old one behind).
    let _background = keep_time(&hub, serving.notifier.as_ref());
    let app = router(hub, &serving);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(serving.header_read_timeout)
        .max_buf_size(MAX_HEAD_BYTES);
    loop {
        let Some((stream, peer)) = accept(&listener).await else {
            continue;
        };
        let service = TowerToHyperService::new(AddExtension::new(app.clone(), ConnectInfo(peer)));
        let connection = http
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::debug!("an HTTP connection from {peer} ended: {e}");
            }
        });
    }
}

/// The next connection, or none after an error (when the process is out of file descriptors,
/// a second later: a loop at full speed would not help).
async fn accept(listener: &tokio::net::TcpListener) -> Option<(tokio::net::TcpStream, SocketAddr)> {
    match listener.accept().await {
        Ok(accepted) => Some(accepted),
        Err(e) => {
            use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
            if !matches!(
                e.kind(),
                ConnectionAborted | ConnectionRefused | ConnectionReset
            ) {
                tracing::warn!("cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            None
        }
    }
}

/// Watches the clocks every quarter of a second, and sweeps the tables (each minute by
/// default: the idle ones put away, then the database pruned); on PostgreSQL, renews this
/// node's leases and takes the tables whose lease ran out, every third of a lease; with a
/// notifier, looks for the notices due. The tasks end when what it returns is dropped.
fn keep_time(hub: &Arc<Hub>, notifier: Option<&Arc<Notifier>>) -> tokio::task::JoinSet<()> {
    let mut background = tokio::task::JoinSet::new();
    let clocks = hub.clone();
    background.spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(250));
        loop {
            tick.tick().await;
            clocks.watch_clocks().await;
        }
    });
    renew_leases(&mut background, hub);
    if let Some(notifier) = notifier {
        look_for_notices(&mut background, hub, notifier);
    }
    let sweeper = hub.clone();
    background.spawn(async move {
        let mut tick = tokio::time::interval(sweeper.limits().sweep_every);
        loop {
            tick.tick().await;
            sweep(&sweeper).await;
        }
    });
    background
}

/// On PostgreSQL: this node's leases renewed and the tables whose lease ran out taken, every
/// third of a lease.
fn renew_leases(background: &mut tokio::task::JoinSet<()>, hub: &Arc<Hub>) {
    let Some(every) = hub.renew_every() else {
        return;
    };
    let renewer = hub.clone();
    background.spawn(async move {
        let mut tick = tokio::time::interval(every);
        loop {
            tick.tick().await;
            renewer.renew_leases().await;
            renewer.adopt().await;
        }
    });
}

/// The correspondence turns looked at by `notifier` for the notices due, every
/// [`crate::notify::Config::look_every`].
fn look_for_notices(
    background: &mut tokio::task::JoinSet<()>,
    hub: &Arc<Hub>,
    notifier: &Arc<Notifier>,
) {
    let every = notifier.config().look_every;
    let (looker, notifier) = (hub.clone(), notifier.clone());
    background.spawn(async move {
        let mut tick = tokio::time::interval(every.max(Duration::from_secs(1)));
        loop {
            tick.tick().await;
            // One node of a site sends them all (it gathers every node's turns).
            if looker.sends_notices() {
                notifier.look(&looker).await;
            }
        }
    });
}

/// One sweep: the idle tables put away, then what nobody can reach any more deleted from the
/// database.
async fn sweep(hub: &Hub) {
    let gone = hub.sweep().await;
    if gone > 0 {
        tracing::info!("{gone} idle tables put away");
    }
    match hub.prune().await {
        Ok(0) => {}
        Ok(pruned) => tracing::info!("{pruned} tables put away unfinished deleted (retention)"),
        Err(e) => tracing::error!("the database refused the prune: {e}"),
    }
}

/// `GET /ws`: 403 for another site's page, 429 when the client's address has as many
/// WebSockets open as it may, 503 when the server has; else the WebSocket.
async fn upgrade(
    ws: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    State(app): State<App>,
) -> Response {
    let door = app.door.clone();
    if !origin_allowed(&headers, &door.origins) {
        tracing::debug!("a WebSocket from {peer} refused: its page's origin");
        return plain(
            StatusCode::FORBIDDEN,
            "this page's origin may not open this server's WebSocket\n",
        );
    }
    let from = client_address(peer.ip(), &headers, &door.proxies);
    let pass = match door.gate.enter(from) {
        Ok(pass) => pass,
        Err(Shut::Address) => {
            tracing::debug!("a WebSocket from {from} refused: too many from there");
            return plain(
                StatusCode::TOO_MANY_REQUESTS,
                "too many connections from this address\n",
            );
        }
        Err(Shut::Full) => {
            tracing::debug!("a WebSocket from {from} refused: the server is full");
            return plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is full: try again later\n",
            );
        }
    };
    let hub = app.hub;
    ws.max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection(socket, hub, door, from, pass))
}

/// One client from the address `from`, from its first message to its last; its `pass` gives
/// its place at the gate back when it ends.
async fn connection(socket: WebSocket, hub: Arc<Hub>, door: Arc<Door>, from: IpAddr, pass: Pass) {
    let (sink, mut stream) = socket.split();
    let (out, queue) = mpsc::channel::<Out>(QUEUE);
    let mut writer = tokio::spawn(write(sink, queue, door.ping_every));
    let mut session = hub.session(out.clone(), from);
    let hello = ToClient::Hello {
        server: format!("gamut-server {}", env!("CARGO_PKG_VERSION")),
    };
    let _ = out.try_send(encode(&hello).into());
    let mut bucket = Bucket::new();
    let mut silence = Silence::new(door.first, door.idle, Instant::now());
    let kicked = session.kicked.clone();
    loop {
        let message = tokio::select! {
            message = stream.next() => message,
            () = kicked.notified() => break,
            () = tokio::time::sleep_until(silence.deadline()) => {
                tracing::debug!("a silent connection from {from} let go");
                break;
            }
        };
        let bytes = match message {
            Some(Ok(Message::Text(text))) => text.as_bytes().to_vec(),
            Some(Ok(Message::Binary(bytes))) => bytes.to_vec(),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {
                silence.heard(Instant::now(), false);
                continue;
            }
            Some(Ok(Message::Close(_)) | Err(_)) | None => break,
        };
        silence.heard(Instant::now(), true);
        let request = if bucket.take() {
            decode::<ToServer>(&bytes)
        } else {
            Err(Fault::Flood)
        };
        match request {
            Ok(request) => hub.handle(&mut session, request).await,
            Err(fault) => {
                let _ = out.try_send(encode(&ToClient::Fault { fault }).into());
                break;
            }
        }
    }
    hub.leave(&mut session).await;
    drop(session);
    drop(out);
    // The last messages (a fault, the close) leave unless the client reads nothing.
    if tokio::time::timeout(CLOSE_GRACE, &mut writer)
        .await
        .is_err()
    {
        writer.abort();
    }
    drop(pass);
}

/// Sends the queue's messages to the client, and a ping every `ping_every`, until the queue
/// closes or the client is gone; then closes the socket.
async fn write(
    mut sink: SplitSink<WebSocket, Message>,
    mut queue: mpsc::Receiver<Out>,
    ping_every: Duration,
) {
    let mut ping = tokio::time::interval_at(Instant::now() + ping_every, ping_every);
    ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let message = tokio::select! {
            text = queue.recv() => match text {
                Some(text) => Message::Text(text.as_ref().into()),
                None => break,
            },
            _ = ping.tick() => Message::Ping(Default::default()),
        };
        if sink.send(message).await.is_err() {
            break;
        }
    }
    let _ = sink.close().await;
}

/// A token bucket: [`BURST`] messages, refilled at [`PER_SECOND`].
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn new() -> Bucket {
        Bucket {
            tokens: BURST,
            at: Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * PER_SECOND;
        self.tokens = (self.tokens + refill).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::content_hashed;

    #[test]
    fn hashed_names_are_told_from_plain_ones() {
        assert!(content_hashed("/gamut_bg-0123456789abcdef.wasm"));
        assert!(content_hashed("/sub/gamut-fedcba9876543210.js"));
        for plain in [
            "/",
            "/index.html",
            "/sw.js",
            "/worker.js",
            "/gamut-tables.sqlite",
            "/gamut-0123456789ABCDEF.js",
            "/gamut-0123456789abcde.js",
            "/gamut-0123456789abcdef",
        ] {
            assert!(!content_hashed(plain), "{plain}");
        }
    }
}
