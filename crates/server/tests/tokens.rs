//! Tokens kept as their hashes, through real WebSocket connections on localhost: a server
//! upgraded in place over a database of before (its tokens as they were) keeps every seat and
//! the host's big screen and leaves no token in the file; the game that runs a hub watches any
//! of its tables as the big screen, across a restart, with the hub's key.

mod common;

use std::path::Path;
use std::sync::Arc;

use common::{Client, start};
use gamut_engine::Game;
use gamut_engine::any_game::GameConfig;
use gamut_net::{Clock, Code, Refusal, ToClient, ToServer, Token};
use gamut_server::hub::{Hub, Limits};
use gamut_server::store::Store;
use gamut_server::token_hash::TokenHash;
use rusqlite::{Connection, params};

/// The first schema as it shipped (the tokens as they are).
const FIRST_SCHEMA: &str = "CREATE TABLE tables (
        code TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        clock TEXT NOT NULL,
        start TEXT NOT NULL,
        host TEXT NOT NULL,
        created INTEGER NOT NULL,
        ended TEXT
    );
    CREATE TABLE seats (
        code TEXT NOT NULL REFERENCES tables(code),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        token TEXT NOT NULL,
        at INTEGER NOT NULL,
        computer INTEGER,
        rating INTEGER,
        PRIMARY KEY (code, seat)
    );
    CREATE TABLE moves (
        code TEXT NOT NULL REFERENCES tables(code),
        ply INTEGER NOT NULL,
        mv TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (code, ply)
    );";

/// An untimed table `code` as a server of before wrote it an hour ago, with its statements of
/// `create` and `sit`: the host's token and each seat's as they are. (An untimed game nobody
/// touched for 30 days would be put away as the server starts: the times are recent.)
fn old_database(path: &Path, code: &Code, host: &Token, seats: [(&str, &Token); 2]) {
    let an_hour_ago = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
        - 3_600_000;
    let conn = Connection::open(path).unwrap();
    conn.pragma_update(None, "journal_mode", "WAL").unwrap();
    conn.execute_batch(FIRST_SCHEMA).unwrap();
    conn.pragma_update(None, "user_version", 1).unwrap();
    let config = GameConfig::default();
    conn.execute(
        "INSERT INTO tables (code, game, clock, start, host, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            code.as_str(),
            serde_json::to_string(&config).unwrap(),
            serde_json::to_string(&Clock::Untimed).unwrap(),
            config.start().to_text(),
            host.as_str(),
            an_hour_ago
        ],
    )
    .unwrap();
    for (seat, (name, token)) in seats.into_iter().enumerate() {
        conn.execute(
            "INSERT INTO seats (code, seat, name, token, at, rating) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![code.as_str(), seat as i64, name, token.as_str(), an_hour_ago + 1_000, None::<i64>],
        )
        .unwrap();
    }
}

/// The bytes of the database at `path` and of its write-ahead log (if it has one).
fn file_bytes(path: &Path) -> Vec<u8> {
    let mut bytes = std::fs::read(path).unwrap();
    let wal = path.with_extension("sqlite-wal");
    bytes.extend(std::fs::read(wal).unwrap_or_default());
    bytes
}

fn holds(bytes: &[u8], text: &str) -> bool {
    bytes.windows(text.len()).any(|w| w == text.as_bytes())
}

/// Reads until the move of ply `ply`, failing on a refusal.
async fn sees_move(client: &mut Client, ply: u32) {
    client
        .until(|m| match m {
            ToClient::Moved { ply: p, .. } if *p == ply => Some(()),
            ToClient::Refused { refusal } => panic!("refused: {refusal:?}"),
            _ => None,
        })
        .await;
}

/// A server upgraded in place: Ann and Bea come back with the tokens a server of before gave
/// them and play, the host's screen with its old token; a guessed token is still refused; the
/// file then holds their hashes and none of their tokens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_upgraded_in_place_keeps_every_seat() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let code = Code::parse("QRSTU").unwrap();
    let host = Token::from_bits(0x5eed_0000_0000_0000_0000_0000_0000_0001);
    let (ann_token, bea_token) = (Token::from_bits(u128::MAX / 7), Token::from_bits(0xbea));
    old_database(
        &db,
        &code,
        &host,
        [("Ann", &ann_token), ("Bea", &bea_token)],
    );
    assert!(holds(&file_bytes(&db), ann_token.as_str()), "as before");

    let (address, _server) = start(&db).await;
    let mut ann = Client::connect(&address).await;
    let (_, table) = ann.rejoin(&code, &ann_token).await;
    assert_eq!(
        table.seats[0].name.as_ref().map(|n| n.as_str()),
        Some("Ann")
    );
    ann.play(&code, &ann_token, 0, "b1b3").await;
    sees_move(&mut ann, 0).await;
    let mut bea = Client::connect(&address).await;
    let (_, table) = bea.rejoin(&code, &bea_token).await;
    assert_eq!(table.moves.len(), 1);
    bea.play(&code, &ann_token, 1, "a2c2").await;
    assert_eq!(bea.refusal().await, Refusal::NotYourTurn, "Ann's seat");
    bea.play(&code, &Token::from_bits(0xbeb), 1, "a2c2").await;
    assert_eq!(bea.refusal().await, Refusal::BadToken);
    bea.play(&code, &bea_token, 1, "a2c2").await;
    sees_move(&mut bea, 1).await;
    let mut screen = Client::connect(&address).await;
    let (_, table) = screen.screen(&code, &host).await;
    assert_eq!((table.moves.len(), table.spectators), (2, 0));

    let bytes = file_bytes(&db);
    for token in [&host, &ann_token, &bea_token] {
        assert!(!holds(&bytes, token.as_str()), "{token:?} left in the file");
    }
    let conn = Connection::open(&db).unwrap();
    let stored: String = conn
        .query_row("SELECT host_hash FROM tables", [], |row| row.get(0))
        .unwrap();
    assert_eq!(stored, TokenHash::of(&host).to_hex());
    let mut query = conn
        .prepare("SELECT token_hash FROM seats ORDER BY seat")
        .unwrap();
    let seats: Vec<String> = query
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let hashes = [&ann_token, &bea_token].map(|t| TokenHash::of(t).to_hex());
    assert_eq!(seats, hashes);
}

/// A hub over `db` served on a free port of localhost: the hub, and the address.
async fn serve(db: &Path) -> (Arc<Hub>, String, tokio::task::JoinHandle<()>) {
    let (hub, broken) = Hub::new(Store::open(db).unwrap(), Limits::default()).unwrap();
    assert!(broken.is_empty(), "{broken:?}");
    let hub = Arc::new(hub);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let task = tokio::spawn(gamut_server::ws::serve(
        listener,
        hub.clone(),
        Default::default(),
    ));
    (hub, address, task)
}

/// The game that runs a hub cannot be given a table's host token (the hub keeps its hash):
/// [`Hub::host_of`] gives the hub's screen key, which opens the big screen of any table it
/// holds, again after a restart; the host's own token still does, a guessed one does not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hosting_game_watches_its_tables_with_the_hubs_key() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let (hub, address, server) = serve(&db).await;
    let mut phone = Client::connect(&address).await;
    let (code, host) = phone.create(GameConfig::default(), Clock::Untimed).await;
    let key = hub.host_of(&code).await.expect("a table the hub holds");
    assert_ne!(key, host);
    assert_eq!(hub.host_of(&code).await, Some(key.clone()), "one key");
    assert_eq!(hub.host_of(&Code::parse("ZZZZZ").unwrap()).await, None);
    let mut big = Client::connect(&address).await;
    let (_, table) = big.screen(&code, &key).await;
    assert_eq!(table.spectators, 0, "the big screen is not counted");
    phone.screen(&code, &host).await;
    let mut intruder = Client::connect(&address).await;
    intruder
        .send(&ToServer::Screen {
            code: code.clone(),
            host: Token::from_bits(9),
        })
        .await;
    assert_eq!(intruder.refusal().await, Refusal::BadToken);
    drop((big, phone, intruder));
    server.abort();
    let _ = server.await;
    drop(hub);

    let (hub, address, _server) = serve(&db).await;
    let key = hub.host_of(&code).await.expect("held again");
    let mut big = Client::connect(&address).await;
    big.screen(&code, &key).await;
    let mut phone = Client::connect(&address).await;
    phone.screen(&code, &host).await;
}
