//! A client for the tests: a real WebSocket connection that sends and reads the protocol's
//! messages, and a player's copy of the table's game (as the game and the page keep one).

#![allow(dead_code)]

pub mod nats;
pub mod postgres;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use gamut_engine::Game;
use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_net::{Code, MoveText, Seat, TableView, ToClient, ToServer, Token, decode, encode};
use gamut_server::hub::{Hub, Limits};
use gamut_server::store::Store;
use gamut_server::ws::Serving;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for one message before it fails (a generous bound, not a figure).
pub const WAIT: Duration = Duration::from_secs(30);

/// A server in this process on a free port of localhost, over the database at `db`.
pub async fn start(db: &Path) -> (String, tokio::task::JoinHandle<()>) {
    start_serving(db, None).await
}

/// A server as [`start`] makes it, serving the page's files in `web` too.
pub async fn start_serving(
    db: &Path,
    web: Option<PathBuf>,
) -> (String, tokio::task::JoinHandle<()>) {
    start_with(
        db,
        Serving {
            web,
            ..Serving::default()
        },
    )
    .await
}

/// A server as [`start`] makes it, serving as `serving` says (its limits, its page).
pub async fn start_with(db: &Path, serving: Serving) -> (String, tokio::task::JoinHandle<()>) {
    start_hub(db, serving, Limits::default(), None).await
}

/// A server as [`start`] makes it, with these limits, the page in `web` and the operator's
/// key `operator`.
pub async fn start_limited(
    db: &Path,
    web: Option<PathBuf>,
    limits: Limits,
    operator: Option<Token>,
) -> (String, tokio::task::JoinHandle<()>) {
    let serving = Serving {
        web,
        ..Serving::default()
    };
    start_hub(db, serving, limits, operator).await
}

/// A server over `db` with everything given.
pub async fn start_hub(
    db: &Path,
    serving: Serving,
    limits: Limits,
    operator: Option<Token>,
) -> (String, tokio::task::JoinHandle<()>) {
    start_store(Store::open(db).unwrap(), serving, limits, operator).await
}

/// A server over `store` (SQLite or PostgreSQL) with everything given.
pub async fn start_store(
    store: Store,
    serving: Serving,
    limits: Limits,
    operator: Option<Token>,
) -> (String, tokio::task::JoinHandle<()>) {
    let (hub, broken) = Hub::new(store, limits).unwrap();
    let hub = match operator {
        Some(key) => hub.operated_by(key),
        None => hub,
    };
    assert!(broken.is_empty(), "{broken:?}");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let task = tokio::spawn(gamut_server::ws::serve(listener, Arc::new(hub), serving));
    (address, task)
}

/// An HTTP answer: its status, its headers (names in small letters) and its body.
#[derive(Debug)]
pub struct HttpAnswer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl HttpAnswer {
    /// The value of the header `name` (in small letters), if it came.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path` over a plain TCP connection, as HTTP/1.1 asks it, read to the connection's end.
pub async fn http_get(address: &str, path: &str) -> HttpAnswer {
    http_get_with(address, path, &[]).await
}

/// `GET path` with the request's `headers` (name, value) too.
pub async fn http_get_with(address: &str, path: &str, headers: &[(&str, &str)]) -> HttpAnswer {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let extra: String = headers
        .iter()
        .map(|(name, value)| format!("{name}: {value}\r\n"))
        .collect();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\n{extra}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut response))
        .await
        .expect("an answer in time")
        .unwrap();
    let response = String::from_utf8(response).expect("an answer in UTF-8");
    let (head, body) = response.split_once("\r\n\r\n").expect("a head and a body");
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    HttpAnswer {
        status: status.parse().unwrap(),
        headers,
        body: body.to_string(),
    }
}

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Messages read but not yet asked for.
    pub seen: Vec<ToClient>,
}

impl Client {
    pub async fn connect(address: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws"))
            .await
            .expect("the server accepts a WebSocket");
        Client::greeted(ws).await
    }

    /// A client on a WebSocket just opened, once the server's hello is read.
    pub async fn greeted(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        let mut client = Client {
            ws,
            seen: Vec::new(),
        };
        match client.next().await {
            Some(ToClient::Hello { .. }) => client,
            other => panic!("no hello: {other:?}"),
        }
    }

    /// A client whose connection comes from the loopback address `from` (127.0.0.2,
    /// 127.0.0.3…: each stands for another machine).
    pub async fn connect_from(address: &str, from: &str) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
        let local = format!("{from}:0").parse().expect("an address");
        socket.bind(local).expect("bound to the loopback address");
        let server = address.parse().expect("the server's address");
        let stream = socket.connect(server).await.expect("connected");
        let url = format!("ws://{address}/ws");
        let (ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
            .await
            .expect("the server accepts a WebSocket");
        let mut client = Client {
            ws,
            seen: Vec::new(),
        };
        match client.next().await {
            Some(ToClient::Hello { .. }) => client,
            other => panic!("no hello: {other:?}"),
        }
    }

    pub async fn send(&mut self, msg: &ToServer) {
        self.send_text(&encode(msg)).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        assert!(self.try_send_text(text).await, "the connection is open");
    }

    /// Sends, or false when the server has closed the connection.
    pub async fn try_send_text(&mut self, text: &str) -> bool {
        self.ws.send(Message::Text(text.into())).await.is_ok()
    }

    /// The next message, or none when the server closed the connection.
    pub async fn next(&mut self) -> Option<ToClient> {
        if !self.seen.is_empty() {
            return Some(self.seen.remove(0));
        }
        loop {
            let message = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message in time");
            match message {
                Some(Ok(Message::Text(text))) => {
                    return Some(decode(text.as_bytes()).expect("the server's messages read"));
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Reads until a message `wanted` picks out, keeping the others for later.
    pub async fn until<T>(&mut self, mut wanted: impl FnMut(&ToClient) -> Option<T>) -> T {
        let mut skipped = Vec::new();
        loop {
            let msg = self.next().await.expect("the connection stays open");
            if let Some(found) = wanted(&msg) {
                skipped.append(&mut self.seen);
                self.seen = skipped;
                return found;
            }
            skipped.push(msg);
        }
    }

    pub async fn create(&mut self, game: GameConfig, clock: gamut_net::Clock) -> (Code, Token) {
        self.create_with(game, clock, Vec::new()).await
    }

    /// A table with seats the server's engine plays.
    pub async fn create_with(
        &mut self,
        game: GameConfig,
        clock: gamut_net::Clock,
        computers: Vec<gamut_net::ComputerSeat>,
    ) -> (Code, Token) {
        self.try_create(game, clock, computers, None)
            .await
            .expect("the table is made")
    }

    /// Asks for a table (with the operator's key, if given): its code and host token, or why
    /// the server refused it.
    pub async fn try_create(
        &mut self,
        game: GameConfig,
        clock: gamut_net::Clock,
        computers: Vec<gamut_net::ComputerSeat>,
        operator: Option<Token>,
    ) -> Result<(Code, Token), gamut_net::Refusal> {
        self.send(&ToServer::Create {
            game,
            clock,
            computers,
            operator,
        })
        .await;
        self.until(|m| match m {
            ToClient::Created { code, host } => Some(Ok((code.clone(), host.clone()))),
            ToClient::Refused { refusal } => Some(Err(refusal.clone())),
            _ => None,
        })
        .await
    }

    /// Sits (or watches) and reads the seat's token and the table.
    pub async fn join(&mut self, code: &Code, seat: Option<u8>, name: &str) -> (Token, TableView) {
        self.send(&ToServer::Join {
            code: code.clone(),
            seat: seat.map(|s| Seat::new(s).unwrap()),
            name: gamut_net::Name::parse(name).unwrap(),
            rating: None,
        })
        .await;
        self.seated().await
    }

    pub async fn rejoin(&mut self, code: &Code, token: &Token) -> (Token, TableView) {
        self.send(&ToServer::Rejoin {
            code: code.clone(),
            token: token.clone(),
        })
        .await;
        self.seated().await
    }

    /// Watches as the table's big screen, with the host's token.
    pub async fn screen(&mut self, code: &Code, host: &Token) -> (Token, TableView) {
        self.send(&ToServer::Screen {
            code: code.clone(),
            host: host.clone(),
        })
        .await;
        self.seated().await
    }

    async fn seated(&mut self) -> (Token, TableView) {
        let token = self
            .until(|m| match m {
                ToClient::Seated { token, .. } => Some(Ok(token.clone())),
                ToClient::Refused { refusal } => Some(Err(refusal.clone())),
                _ => None,
            })
            .await
            .unwrap_or_else(|refusal| panic!("not seated: {refusal:?}"));
        let table = self
            .until(|m| match m {
                ToClient::Table(table) => Some(table.clone()),
                _ => None,
            })
            .await;
        (token, table)
    }

    pub async fn play(&mut self, code: &Code, token: &Token, ply: u32, mv: &str) {
        self.send(&ToServer::Move {
            code: code.clone(),
            token: token.clone(),
            ply,
            mv: MoveText::parse(mv).unwrap(),
        })
        .await;
    }

    /// How the games of these seats stand (`games`), as the server answers.
    pub async fn games(&mut self, seats: Vec<(Code, Token)>) -> Vec<gamut_net::GameStanding> {
        self.send(&ToServer::Games { seats }).await;
        self.until(|m| match m {
            ToClient::Games { games } => Some(games.clone()),
            _ => None,
        })
        .await
    }

    /// The next refusal, skipping anything else.
    pub async fn refusal(&mut self) -> gamut_net::Refusal {
        self.until(|m| match m {
            ToClient::Refused { refusal } => Some(refusal.clone()),
            _ => None,
        })
        .await
    }

    /// Resigns the token's seat.
    pub async fn resign(&mut self, code: &Code, token: &Token) {
        self.send(&ToServer::Resign {
            code: code.clone(),
            token: token.clone(),
        })
        .await;
    }

    /// Reads until the game's end.
    pub async fn ended(&mut self) -> gamut_net::Ended {
        self.until(|m| match m {
            ToClient::Ended { end, .. } => Some(*end),
            _ => None,
        })
        .await
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A player's copy of the game: the table's start and moves through the rules.
pub fn position(table: &TableView) -> AnyPosition {
    let mut position = table
        .game
        .position_from_text(&table.start)
        .expect("the table's start reads");
    for mv in &table.moves {
        let parsed = position
            .parse_move(mv.as_str())
            .expect("the table's moves read");
        position.play(parsed).expect("the table's moves are legal");
    }
    position
}
