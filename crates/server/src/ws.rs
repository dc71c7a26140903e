//! The server on the network: axum's HTTP, a WebSocket at `/ws` for each client, a game's
//! record to download (`crate::download`), and the page's files (when given) for the phones
//! and laptops that join with a browser.
//!
//! Each connection reads at most [`MAX_MESSAGE_BYTES`] a message (larger frames are refused by
//! the WebSocket layer itself), at most [`BURST`] messages at once and [`PER_SECOND`] a second
//! after that; a message that breaks the protocol is told its [`Fault`] and the connection is
//! closed. Nothing a client sends reaches another table.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use gamut_net::{Fault, MAX_MESSAGE_BYTES, ToClient, ToServer, decode, encode};
use tokio::sync::mpsc;

use crate::download;
use crate::hub::{Hub, Out, QUEUE};

/// Messages a client may send at once.
pub const BURST: f64 = 40.0;
/// Messages a second a client may send after its burst.
pub const PER_SECOND: f64 = 20.0;

/// The server's routes: `/ws`, a game's record at `/tables/{CODE}/record`, and the page's
/// files at `/` when `web` is given (only for paths no route takes), with the caching headers
/// of [`page_caching`].
pub fn router(hub: Arc<Hub>, web: Option<PathBuf>) -> Router {
    let router = Router::new()
        .route("/ws", get(upgrade))
        .route(download::ROUTE, get(download::record))
        .with_state(hub);
    match web {
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
    }
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

/// Serves `router` on `listener` until the process ends, watching the clocks (a flag falls
/// within a quarter of a second) and sweeping the tables (each minute by default: the idle
/// ones put away, then the database pruned).
pub async fn serve(listener: tokio::net::TcpListener, hub: Arc<Hub>, web: Option<PathBuf>) {
    hub.resume_computers().await;
    // The clocks' watch and the sweep end with the serving (a test that stops a server and
    // starts another on the same database leaves no sweep of the old one behind).
    let mut background = tokio::task::JoinSet::new();
    let clocks = hub.clone();
    background.spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(250));
        loop {
            tick.tick().await;
            clocks.watch_clocks().await;
        }
    });
    let sweeper = hub.clone();
    background.spawn(async move {
        let mut tick = tokio::time::interval(sweeper.limits().sweep_every);
        loop {
            tick.tick().await;
            sweep(&sweeper).await;
        }
    });
    let app = router(hub, web).into_make_service_with_connect_info::<SocketAddr>();
    if let Err(e) = axum::serve(listener, app).await {
        tracing::error!("the server stopped: {e}");
    }
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

async fn upgrade(
    ws: WebSocketUpgrade,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    State(hub): State<Arc<Hub>>,
) -> Response {
    ws.max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection(socket, hub, peer.ip()))
}

/// One client from the address `from`, from its first message to its last.
async fn connection(socket: WebSocket, hub: Arc<Hub>, from: std::net::IpAddr) {
    let (mut sink, mut stream) = socket.split();
    let (out, mut queue) = mpsc::channel::<Out>(QUEUE);
    let writer = tokio::spawn(async move {
        while let Some(text) = queue.recv().await {
            if sink
                .send(Message::Text(text.as_ref().into()))
                .await
                .is_err()
            {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut session = hub.session(out.clone(), from);
    let hello = ToClient::Hello {
        server: format!("gamut-server {}", env!("CARGO_PKG_VERSION")),
    };
    let _ = out.try_send(encode(&hello).into());
    let mut bucket = Bucket::new();
    let kicked = session.kicked.clone();
    loop {
        let message = tokio::select! {
            message = stream.next() => message,
            () = kicked.notified() => break,
        };
        let bytes = match message {
            Some(Ok(Message::Text(text))) => text.as_bytes().to_vec(),
            Some(Ok(Message::Binary(bytes))) => bytes.to_vec(),
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Close(_)) | Err(_)) | None => break,
        };
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
    let _ = writer.await;
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
