//! A table's game as pictures (`GET /tables/{CODE}/gif` and `…/png`) over real HTTP on
//! localhost, the game played by real WebSocket clients: a finished game's GIF with a picture
//! per move and the result, a game going on's up to its last move, the PNG of the last
//! position, and the answers to unknown codes and sizes not offered.

mod common;

use common::{Client, WAIT, position, start};
use gamut_engine::Game;
use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_net::{Clock, Code, ToClient, Token};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// An HTTP answer with a body of bytes: its status, its headers (names in small letters).
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// `GET path`, read to the connection's end; the body kept as bytes (a picture is not text).
async fn get(address: &str, path: &str) -> Answer {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(WAIT, stream.read_to_end(&mut response))
        .await
        .expect("an answer in time")
        .unwrap();
    let split = response
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head and a body");
    let head = String::from_utf8_lossy(&response[..split]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer {
        status: status.parse().unwrap(),
        headers,
        body: response[split + 4..].to_vec(),
    }
}

/// The GIF's width, height and number of pictures, as the `gif` crate decodes it.
fn frames(bytes: &[u8]) -> (u16, u16, usize) {
    let mut decoder = gif::DecodeOptions::new().read_info(bytes).expect("a GIF");
    let (width, height) = (decoder.width(), decoder.height());
    let mut count = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        count += 1;
    }
    (width, height, count)
}

/// Ada at Black and Bea at White at a new table, `count` moves played, each seen by both: the
/// code, their tokens and clients, and the game.
async fn played(address: &str, count: usize) -> (Code, [Token; 2], [Client; 2], AnyPosition) {
    let mut ada = Client::connect(address).await;
    let (code, _host) = ada.create(GameConfig::default(), Clock::Untimed).await;
    let (ada_token, table) = ada.join(&code, Some(0), "Ada").await;
    let mut bea = Client::connect(address).await;
    let (bea_token, _) = bea.join(&code, Some(1), "Bea").await;
    let tokens = [ada_token, bea_token];
    let mut clients = [ada, bea];
    let mut game = position(&table);
    for _ in 0..count {
        let ply = game.ply() as u32;
        let moves = game.legal_moves();
        let mv = moves[(ply as usize * 5 + 1) % moves.len()];
        let seat = game.seat_to_move();
        clients[seat]
            .play(&code, &tokens[seat], ply, &mv.to_string())
            .await;
        for client in clients.iter_mut() {
            client
                .until(|m| matches!(m, ToClient::Moved { ply: p, .. } if *p == ply).then_some(()))
                .await;
        }
        game.play(mv).unwrap();
    }
    (code, tokens, clients, game)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_played_at_a_table_downloads_as_a_gif() {
    let dir = tempfile::tempdir().unwrap();
    let (address, _server) = start(&dir.path().join("tables.sqlite")).await;
    let (code, tokens, mut clients, game) = played(&address, 6).await;
    assert_eq!(game.ply(), 6);

    // Going on: the start and a picture per move, asked again each time.
    let going = get(&address, &format!("/tables/{}/gif", code.as_str())).await;
    assert_eq!(going.status, 200);
    assert_eq!(going.header("content-type"), Some("image/gif"));
    assert_eq!(going.header("cache-control"), Some("no-cache"));
    let (width, _, count) = frames(&going.body);
    assert_eq!((width, count), (360, 6 + 1));

    // Over (Bea resigns): the result's picture too, kept a day; 240 pixels when asked.
    clients[1].resign(&code, &tokens[1]).await;
    for client in clients.iter_mut() {
        assert_eq!(client.ended().await.winner, Some(0));
    }
    let path = format!("/tables/{}/gif?size=240", code.as_str());
    let over = get(&address, &path).await;
    assert_eq!(over.status, 200);
    assert_eq!(over.header("content-type"), Some("image/gif"));
    assert_eq!(over.header("cache-control"), Some("public, max-age=86400"));
    let (width, _, count) = frames(&over.body);
    assert_eq!((width, count), (240, 6 + 2));

    // The last position as a PNG.
    let png = get(&address, &format!("/tables/{}/png", code.as_str())).await;
    assert_eq!(png.status, 200);
    assert_eq!(png.header("content-type"), Some("image/png"));
    let decoder = png::Decoder::new(std::io::Cursor::new(png.body));
    assert_eq!(decoder.read_info().unwrap().info().width, 360);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_codes_and_sizes_are_answered_in_plain_text() {
    let dir = tempfile::tempdir().unwrap();
    let (address, _server) = start(&dir.path().join("tables.sqlite")).await;
    for path in ["/tables/K7M2Q/gif", "/tables/K7M2Q/png"] {
        let unknown = get(&address, path).await;
        assert_eq!(unknown.status, 404, "{path}");
        assert_eq!(unknown.body, b"no table has this code\n");
    }
    let wrong = get(&address, "/tables/K7M0Q/gif").await;
    assert_eq!(wrong.status, 400);
    let (code, ..) = played(&address, 1).await;
    for size in ["100", "2000", "big", "-1"] {
        let path = format!("/tables/{}/gif?size={size}", code.as_str());
        let answer = get(&address, &path).await;
        assert_eq!(answer.status, 400, "{size}");
        assert_eq!(answer.body, b"size is 240, 360 or 480\n");
    }
}
