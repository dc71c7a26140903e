//! What the load drivers (`examples/load.rs`, `examples/cluster.rs`) share: a table's client on
//! a real WebSocket, and a process's CPU time and memory read from /proc.

#![allow(dead_code)]

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use gamut_engine::any_game::GameConfig;
use gamut_net::{Clock, Code, Name, Seat, ToClient, ToServer, Token, decode, encode};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long a driver waits for one message before it takes the socket for gone.
pub const READ_WAIT: Duration = Duration::from_secs(120);

pub async fn send(socket: &mut Socket, msg: &ToServer) -> Option<()> {
    socket.send(Message::Text(encode(msg).into())).await.ok()
}

/// Reads until `wanted` picks a message out; none on a refusal, a fault or a closed socket.
pub async fn read<T>(socket: &mut Socket, wanted: impl Fn(&ToClient) -> Option<T>) -> Option<T> {
    loop {
        let message = tokio::time::timeout(READ_WAIT, socket.next())
            .await
            .ok()??
            .ok()?;
        let Message::Text(text) = message else {
            continue;
        };
        let msg: ToClient = decode(text.as_bytes()).ok()?;
        if let ToClient::Refused { .. } | ToClient::Fault { .. } = msg {
            return None;
        }
        if let Some(found) = wanted(&msg) {
            return Some(found);
        }
    }
}

/// A new untimed table of the default game: its code.
pub async fn make(socket: &mut Socket) -> Option<Code> {
    send(
        socket,
        &ToServer::Create {
            game: GameConfig::default(),
            clock: Clock::Untimed,
            computers: Vec::new(),
            operator: None,
        },
    )
    .await?;
    read(socket, |m| match m {
        ToClient::Created { code, .. } => Some(code.clone()),
        _ => None,
    })
    .await
}

/// Sits at `seat` of the table `code`: the seat's token.
pub async fn sit(socket: &mut Socket, code: &Code, seat: u8) -> Option<Token> {
    send(
        socket,
        &ToServer::Join {
            code: code.clone(),
            seat: Seat::new(seat),
            name: Name::parse("Load").ok()?,
            rating: None,
        },
    )
    .await?;
    read(socket, |m| match m {
        ToClient::Seated { token, .. } => Some(token.clone()),
        _ => None,
    })
    .await
}

/// The process's CPU time so far, in clock ticks (user and system).
pub fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// Clock ticks a second (Linux's `USER_HZ`).
pub fn ticks_per_second() -> f64 {
    100.0
}

/// The process's resident memory, in KiB.
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
