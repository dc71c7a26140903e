//! The server's door over real sockets: clients on several loopback addresses (127.0.0.2,
//! 127.0.0.3: a socket bound to one before it connects to the server on 127.0.0.1), each
//! WebSocket's request with the headers a test sets (Origin, X-Forwarded-For). The caps per
//! address and in all, the Origin rule, a trusted proxy's forwarded address, silent
//! connections let go, and HTTP's limits. No assertion here is on how fast anything is: a
//! connection let go must be gone within a generous bound ([`WAIT`]), never sooner.

mod common;

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use common::{Client, WAIT, http_get_with, position, start_with};
use futures_util::StreamExt;
use gamut_engine::Game;
use gamut_engine::any_game::GameConfig;
use gamut_net::{Clock, ToClient, ToServer};
use gamut_server::guard::Origin;
use gamut_server::ws::Serving;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::{HeaderName, HeaderValue};
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

const TWO: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 2);
const THREE: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 3);

/// A TCP connection to `server` from the local address `from`.
async fn tcp_from(server: &str, from: Ipv4Addr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(server.parse().unwrap()).await.unwrap()
}

/// A WebSocket to `server` from `from`, its request with `headers` too; the HTTP status of
/// the answer when the server refuses it.
async fn socket_from(
    server: &str,
    from: Ipv4Addr,
    headers: &[(&str, &str)],
) -> Result<WebSocketStream<MaybeTlsStream<TcpStream>>, u16> {
    let mut request = format!("ws://{server}/ws").into_client_request().unwrap();
    for (name, value) in headers {
        request.headers_mut().append(
            HeaderName::from_bytes(name.as_bytes()).unwrap(),
            HeaderValue::from_str(value).unwrap(),
        );
    }
    let stream = MaybeTlsStream::Plain(tcp_from(server, from).await);
    let opened = tokio::time::timeout(WAIT, tokio_tungstenite::client_async(request, stream))
        .await
        .expect("an answer in time");
    match opened {
        Ok((ws, _)) => Ok(ws),
        Err(tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(e) => panic!("neither a WebSocket nor an HTTP refusal: {e}"),
    }
}

/// A client of the protocol from `from` (once the server's hello is read), or the status of
/// the refusal.
async fn client_from(
    server: &str,
    from: Ipv4Addr,
    headers: &[(&str, &str)],
) -> Result<Client, u16> {
    Ok(Client::greeted(socket_from(server, from, headers).await?).await)
}

/// A client from `from` once the server lets it in: a place freed when a connection ends is
/// given back as the server sees the end, a moment later.
async fn client_when_let_in(server: &str, from: Ipv4Addr) -> Client {
    tokio::time::timeout(WAIT, async {
        loop {
            match client_from(server, from, &[]).await {
                Ok(client) => return client,
                Err(429) => tokio::time::sleep(Duration::from_millis(20)).await,
                Err(status) => panic!("refused with {status}"),
            }
        }
    })
    .await
    .expect("let in once a connection from there ended")
}

/// A fresh server serving as `serving`; its address, and the folder of its database.
async fn server(serving: Serving) -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let (address, _task) = start_with(&dir.path().join("tables.sqlite"), serving).await;
    (address, dir)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_at_its_cap_is_refused_while_another_plays() {
    let (address, _dir) = server(Serving {
        max_connections_per_address: 2,
        ..Serving::default()
    })
    .await;
    let mut ann = client_from(&address, TWO, &[]).await.unwrap();
    let second = client_from(&address, TWO, &[]).await.unwrap();
    assert_eq!(
        client_from(&address, TWO, &[]).await.err(),
        Some(429),
        "a third from 127.0.0.2"
    );

    // 127.0.0.3 still connects, makes a table, and plays Ann at 127.0.0.2.
    let mut bea = client_from(&address, THREE, &[]).await.unwrap();
    let (code, _) = bea.create(GameConfig::default(), Clock::Untimed).await;
    let (bea_token, table) = bea.join(&code, Some(0), "Bea").await;
    let (_, _) = ann.join(&code, Some(1), "Ann").await;
    let game = position(&table);
    let mv = game.legal_moves()[0].to_string();
    bea.play(&code, &bea_token, 0, &mv).await;
    let seen = ann
        .until(|m| match m {
            ToClient::Moved { ply: 0, mv, .. } => Some(mv.as_str().to_string()),
            _ => None,
        })
        .await;
    assert_eq!(seen, mv);

    // A connection that ends gives its place back.
    second.close().await;
    let _again = client_when_let_in(&address, TWO).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_gives_its_place_back_too() {
    let (address, _dir) = server(Serving {
        max_connections_per_address: 1,
        ..Serving::default()
    })
    .await;
    let first = socket_from(&address, TWO, &[]).await.unwrap();
    assert_eq!(client_from(&address, TWO, &[]).await.err(), Some(429));
    // No close frame: the socket is just dropped, as a phone that loses its network.
    drop(first);
    let _again = client_when_let_in(&address, TWO).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_whole_server_at_its_cap_refuses_with_503() {
    let (address, _dir) = server(Serving {
        max_connections: 2,
        ..Serving::default()
    })
    .await;
    let _a = client_from(&address, TWO, &[]).await.unwrap();
    let _b = client_from(&address, THREE, &[]).await.unwrap();
    let other = Ipv4Addr::new(127, 0, 0, 4);
    assert_eq!(client_from(&address, other, &[]).await.err(), Some(503));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_servers_own_page_and_listed_origins_may_open_the_socket() {
    let (address, _dir) = server(Serving {
        allow_origins: vec![Origin::parse("https://example.org").unwrap()],
        ..Serving::default()
    })
    .await;
    // The desktop game sends no Origin.
    client_from(&address, TWO, &[]).await.unwrap();
    // The server's own page: the request's Host is the address.
    let own = format!("http://{address}");
    client_from(&address, TWO, &[("origin", &own)])
        .await
        .unwrap();
    client_from(&address, TWO, &[("origin", "https://example.org")])
        .await
        .unwrap();
    for other in [
        "https://evil.example",
        "http://127.0.0.1:1",
        "null",
        "https://example.org.evil.example",
    ] {
        assert_eq!(
            client_from(&address, TWO, &[("origin", other)]).await.err(),
            Some(403),
            "{other}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_forwarded_address_counts_only_through_a_trusted_proxy() {
    let (address, _dir) = server(Serving {
        max_connections_per_address: 1,
        trusted_proxies: vec!["127.0.0.2".parse().unwrap()],
        ..Serving::default()
    })
    .await;
    let forwarded = |ip| [("x-forwarded-for", ip)];

    // 127.0.0.3 is no proxy of ours: what it forwards is ignored, it counts as itself.
    let _c = client_from(&address, THREE, &forwarded("10.0.0.1"))
        .await
        .unwrap();
    assert_eq!(
        client_from(&address, THREE, &forwarded("10.0.0.2"))
            .await
            .err(),
        Some(429)
    );

    // Through the trusted proxy at 127.0.0.2, two clients each have their own count.
    let _one = client_from(&address, TWO, &forwarded("10.0.0.1"))
        .await
        .unwrap();
    let _two = client_from(&address, TWO, &forwarded("10.0.0.2"))
        .await
        .unwrap();
    assert_eq!(
        client_from(&address, TWO, &forwarded("10.0.0.1"))
            .await
            .err(),
        Some(429)
    );
    // What a client claims left of what the proxy heard changes nothing.
    assert_eq!(
        client_from(&address, TWO, &forwarded("10.0.0.9, 10.0.0.2"))
            .await
            .err(),
        Some(429)
    );
    // The proxy's own connection, without the header, counts as the proxy.
    let _proxy = client_from(&address, TWO, &[]).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_says_nothing_is_let_go() {
    let (address, _dir) = server(Serving {
        first_message_timeout: Duration::from_secs(1),
        ..Serving::default()
    })
    .await;
    let mut silent = client_from(&address, TWO, &[]).await.unwrap();
    assert_eq!(silent.next().await, None, "closed by the server");
    // One that speaks at once is answered.
    let mut speaking = client_from(&address, TWO, &[]).await.unwrap();
    speaking.send(&ToServer::Ping).await;
    assert_eq!(speaking.next().await, Some(ToClient::Pong));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_silent_after_its_first_message_is_let_go() {
    let (address, _dir) = server(Serving {
        idle_timeout: Duration::from_secs(1),
        // No ping to answer: the client stays silent.
        ping_every: Duration::from_secs(3600),
        ..Serving::default()
    })
    .await;
    let mut client = client_from(&address, TWO, &[]).await.unwrap();
    client.send(&ToServer::Ping).await;
    assert_eq!(client.next().await, Some(ToClient::Pong));
    assert_eq!(client.next().await, None, "closed by the server");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_pings_a_quiet_connection() {
    let (address, _dir) = server(Serving {
        ping_every: Duration::from_millis(100),
        ..Serving::default()
    })
    .await;
    let mut ws = socket_from(&address, TWO, &[]).await.unwrap();
    tokio::time::timeout(WAIT, async {
        loop {
            match ws.next().await {
                Some(Ok(Message::Ping(_))) => return,
                Some(Ok(_)) => continue,
                other => panic!("no ping: {other:?}"),
            }
        }
    })
    .await
    .expect("a ping in time");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_whose_head_never_ends_is_let_go() {
    let (address, _dir) = server(Serving {
        header_read_timeout: Duration::from_secs(1),
        ..Serving::default()
    })
    .await;
    let mut stream = tcp_from(&address, TWO).await;
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        .await
        .unwrap();
    let mut rest = Vec::new();
    let ended = tokio::time::timeout(WAIT, stream.read_to_end(&mut rest)).await;
    assert!(ended.is_ok(), "the server closed the connection");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_with_a_body_too_large_is_refused() {
    let (address, _dir) = server(Serving::default()).await;
    let answer = http_get_with(
        &address,
        "/tables/K7M2Q/record",
        &[("Content-Length", "1000000")],
    )
    .await;
    assert_eq!(answer.status, 413);
    // The same request without a body is answered as ever.
    let answer = http_get_with(&address, "/tables/K7M2Q/record", &[]).await;
    assert_eq!(answer.status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_too_large_is_refused() {
    let (address, _dir) = server(Serving::default()).await;
    let mut stream = tcp_from(&address, TWO).await;
    let big = "x".repeat(2 * gamut_server::ws::MAX_HEAD_BYTES);
    let request = format!("GET / HTTP/1.1\r\nHost: x\r\nX-Big: {big}\r\n\r\n");
    // The server stops reading at its limit: the write's end or the answer may meet a
    // connection reset (the bytes it never read), so neither is unwrapped.
    let _ = stream.write_all(request.as_bytes()).await;
    let mut answer = Vec::new();
    let ended = tokio::time::timeout(WAIT, stream.read_to_end(&mut answer)).await;
    assert!(ended.is_ok(), "the server closed the connection");
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 431"),
        "{answer}"
    );
}
