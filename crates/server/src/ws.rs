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
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
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
/// files at `/` when `web` is given (only for paths no route takes).
pub fn router(hub: Arc<Hub>, web: Option<PathBuf>) -> Router {
    let router = Router::new()
        .route("/ws", get(upgrade))
        .route(download::ROUTE, get(download::record))
        .with_state(hub);
    match web {
        // The page's `.br` and `.gz` twins (scripts/web.sh makes them) go to browsers that
        // take them: a fraction of the bytes.
        Some(dir) => router.fallback_service(
            tower_http::services::ServeDir::new(dir)
                .precompressed_br()
                .precompressed_gzip(),
        ),
        None => router,
    }
}

/// Serves `router` on `listener` until the process ends, watching the clocks (a flag falls
/// within a quarter of a second) and sweeping idle tables away each minute.
pub async fn serve(listener: tokio::net::TcpListener, hub: Arc<Hub>, web: Option<PathBuf>) {
    hub.resume_computers().await;
    let clocks = hub.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(250));
        loop {
            tick.tick().await;
            clocks.watch_clocks().await;
        }
    });
    let sweeper = hub.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        loop {
            tick.tick().await;
            let gone = sweeper.sweep().await;
            if gone > 0 {
                tracing::info!("{gone} idle tables put away");
            }
        }
    });
    let app = router(hub, web).into_make_service_with_connect_info::<SocketAddr>();
    if let Err(e) = axum::serve(listener, app).await {
        tracing::error!("the server stopped: {e}");
    }
}

async fn upgrade(ws: WebSocketUpgrade, State(hub): State<Arc<Hub>>) -> Response {
    ws.max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection(socket, hub))
}

/// One client, from its first message to its last.
async fn connection(socket: WebSocket, hub: Arc<Hub>) {
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
    let mut session = hub.session(out.clone());
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
