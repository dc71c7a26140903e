//! A table's game downloaded as a record (`GET /tables/{CODE}/record`) over real HTTP on
//! localhost, the games played by real WebSocket clients: a game ended by a resignation at a
//! server that serves the page too, a game still going and a draw agreed read back from the
//! database by a restarted server, and the answers to codes that are unknown, wrong, or
//! whose database failed.

mod common;

use common::{Client, HttpAnswer, http_get, position, start, start_serving};
use gamut_engine::Game;
use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_engine::record::{GameResult, Record, Termination};
use gamut_net::{Clock, Code, Offer, ToClient, ToServer, Token};

/// Two players at a new table, Ada at Black and Bea at White: the code, their tokens (the
/// host's last), their clients, and the game as they keep it.
async fn sit_two(address: &str, clock: Clock) -> (Code, [Token; 3], [Client; 2], AnyPosition) {
    let mut ada = Client::connect(address).await;
    let (code, host) = ada.create(GameConfig::default(), clock).await;
    let (ada_token, table) = ada.join(&code, Some(0), "Ada").await;
    let mut bea = Client::connect(address).await;
    let (bea_token, _) = bea.join(&code, Some(1), "Bea").await;
    (
        code,
        [ada_token, bea_token, host],
        [ada, bea],
        position(&table),
    )
}

/// `count` moves, each side from its own copy of the game, each seen by both.
async fn play(
    code: &Code,
    tokens: &[Token; 3],
    clients: &mut [Client; 2],
    game: &mut AnyPosition,
    count: usize,
) {
    for _ in 0..count {
        let ply = game.ply() as u32;
        let moves = game.legal_moves();
        let mv = moves[(ply as usize * 5 + 1) % moves.len()];
        let seat = game.seat_to_move();
        clients[seat]
            .play(code, &tokens[seat], ply, &mv.to_string())
            .await;
        for client in clients.iter_mut() {
            client
                .until(|m| matches!(m, ToClient::Moved { ply: p, .. } if *p == ply).then_some(()))
                .await;
        }
        game.play(mv).unwrap();
    }
}

/// The record of the table `code`, which must be there; read back by the engine.
async fn record_of(address: &str, code: &Code) -> (HttpAnswer, Record) {
    let answer = http_get(address, &format!("/tables/{}/record", code.as_str())).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    let record = Record::parse(&answer.body)
        .unwrap_or_else(|e| panic!("the record reads: {e}\n{}", answer.body));
    (answer, record)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resigned_game_downloads_as_its_record() {
    let dir = tempfile::tempdir().unwrap();
    let web = dir.path().join("web");
    std::fs::create_dir(&web).unwrap();
    std::fs::write(web.join("index.html"), "<title>Gamut</title>").unwrap();
    let db = dir.path().join("tables.sqlite");
    let (address, _server) = start_serving(&db, Some(web)).await;
    let live = Clock::Live {
        seconds: 600,
        increment: 5,
    };
    let (code, tokens, mut clients, mut game) = sit_two(&address, live).await;
    play(&code, &tokens, &mut clients, &mut game, 5).await;
    // White (Bea) resigns: Black wins.
    clients[1].resign(&code, &tokens[1]).await;
    for client in clients.iter_mut() {
        assert_eq!(client.ended().await.winner, Some(0));
    }

    let (answer, record) = record_of(&address, &code).await;
    assert_eq!(
        answer.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    let file = format!("attachment; filename=\"gamut-{}.txt\"", code.as_str());
    assert_eq!(answer.header("content-disposition"), Some(file.as_str()));
    assert_eq!(record.move_list(), game.moves_played());
    assert_eq!(record.result, GameResult::BlackWins);
    assert_eq!(record.termination, Some(Termination::Resignation));
    assert_eq!(record.players.black.as_deref(), Some("Ada"));
    assert_eq!(record.players.white.as_deref(), Some("Bea"));
    assert!(answer.body.contains("[Black \"Ada\"]"), "{}", answer.body);
    assert!(record.date.as_ref().is_some_and(|d| d.len() == 10));
    assert!(record.start.is_none(), "the game's own start");
    let clock = ("TimeControl".to_string(), "600+5".to_string());
    assert!(
        record.other_tags.contains(&clock),
        "{:?}",
        record.other_tags
    );
    let body = answer.body.to_ascii_lowercase();
    for token in &tokens {
        assert!(
            !body.contains(&token.as_str().to_ascii_lowercase()),
            "a token in the record"
        );
    }

    // A code as a player types it reads too; the page is still served beside the route.
    let typed = format!("/tables/{}/record", code.as_str().to_lowercase());
    assert_eq!(http_get(&address, &typed).await.status, 200);
    let page = http_get(&address, "/").await;
    assert_eq!(
        (page.status, page.body.as_str()),
        (200, "<title>Gamut</title>")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_and_wrong_codes_are_answered_in_plain_text() {
    let dir = tempfile::tempdir().unwrap();
    let (address, _server) = start(&dir.path().join("tables.sqlite")).await;
    let unknown = http_get(&address, "/tables/K7M2Q/record").await;
    assert_eq!(unknown.status, 404, "{unknown:?}");
    assert_eq!(
        unknown.header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    assert_eq!(unknown.body, "no table has this code\n");
    for wrong in [
        "/tables/K7M2/record",
        "/tables/K7M2QQ/record",
        "/tables/K7M0Q/record",
        "/tables/%FF%FE%00/record",
        "/tables/%20%20/record",
        "/tables/..%2F..%2Fetc/record",
    ] {
        let answer = http_get(&address, wrong).await;
        assert_eq!(answer.status, 400, "{wrong}: {answer:?}");
        assert_eq!(answer.body, "not a table's code\n");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_going_on_or_drawn_download_from_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let (address, _server) = start(&db).await;
    let (going, tokens, mut clients, mut game) = sit_two(&address, Clock::Untimed).await;
    play(&going, &tokens, &mut clients, &mut game, 3).await;
    let going_moves = game.moves_played();
    let (drawn, tokens, mut clients, mut game) = sit_two(&address, Clock::Untimed).await;
    play(&drawn, &tokens, &mut clients, &mut game, 2).await;
    let offer = ToServer::Offer {
        code: drawn.clone(),
        token: tokens[0].clone(),
        offer: Offer::Draw,
    };
    clients[0].send(&offer).await;
    // Answered once told (over its own connection the answer could reach the server first).
    clients[1]
        .until(|m| matches!(m, ToClient::Offered { .. }).then_some(()))
        .await;
    let answer = ToServer::Answer {
        code: drawn.clone(),
        token: tokens[1].clone(),
        offer: Offer::Draw,
        accept: true,
    };
    clients[1].send(&answer).await;
    assert_eq!(clients[0].ended().await.winner, None);

    // Another server on the same database: the finished table is not in play there.
    let (again, _) = start(&db).await;
    let (_, record) = record_of(&again, &going).await;
    assert_eq!(record.move_list(), going_moves);
    assert_eq!(
        (record.result, record.termination),
        (GameResult::Unfinished, None)
    );
    let (_, record) = record_of(&again, &drawn).await;
    assert_eq!(record.move_list(), game.moves_played());
    assert_eq!(
        (record.result, record.termination),
        (GameResult::Draw, Some(Termination::Agreement))
    );

    // The database fails under the server: 503, and the server goes on.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("ALTER TABLE moves RENAME TO moves_gone")
        .unwrap();
    let failed = http_get(&again, &format!("/tables/{}/record", going.as_str())).await;
    assert_eq!(failed.status, 503, "{failed:?}");
    assert_eq!(
        failed.body,
        "the database is unavailable: try again later\n"
    );
    conn.execute_batch("ALTER TABLE moves_gone RENAME TO moves")
        .unwrap();
    record_of(&again, &going).await;
}
