//! A table's life over real WebSocket connections on localhost: a game that has just ended is
//! still there after the server restarts (its players back at the final position, a rematch
//! from there); a game against the server's engine is not put away as a table never all
//! seated; a finished table is put away once its grace is over, and its record still
//! downloads. The graces are made small here; nothing is timed, each wait is bounded.

mod common;

use std::time::{Duration, Instant};

use common::{Client, WAIT, http_get, position, start, start_limited};
use gamut_engine::Game;
use gamut_engine::any_game::GameConfig;
use gamut_engine::level::Level;
use gamut_net::{
    Clock, Code, ComputerSeat, EndReason, Offer, Refusal, Seat, ToClient, ToServer, Token,
};
use gamut_server::hub::Limits;

/// A server's limits with the sweep every 20 ms.
fn swept_often() -> Limits {
    Limits {
        sweep_every: Duration::from_millis(20),
        ..Limits::default()
    }
}

/// Whether the server still holds the table `code` for the seat `token`: asked with `games`,
/// which connects to no table (so it does not keep the table from being idle).
async fn still_held(address: &str, code: &Code, token: &Token) -> bool {
    let mut asker = Client::connect(address).await;
    let games = asker.games(vec![(code.clone(), token.clone())]).await;
    asker.close().await;
    games.len() == 1
}

/// Waits (a generous bound, no figure) until the server no longer holds the table `code`.
async fn until_put_away(address: &str, code: &Code, token: &Token) {
    let give_up = Instant::now() + WAIT;
    while still_held(address, code, token).await {
        assert!(Instant::now() < give_up, "table {code} was never put away");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Reads until the message `wanted` picks out, failing on a refusal.
async fn sees<T>(client: &mut Client, wanted: impl FnMut(&ToClient) -> Option<T>) -> T {
    let mut wanted = wanted;
    client
        .until(|m| match m {
            ToClient::Refused { refusal } => panic!("refused: {refusal:?}"),
            other => wanted(other),
        })
        .await
}

/// Ada (Black) and Bea (White) at a new untimed table: its code, their tokens and clients.
async fn two_players(address: &str) -> (Code, [Token; 2], [Client; 2]) {
    let mut ada = Client::connect(address).await;
    let (code, _) = ada.create(GameConfig::default(), Clock::Untimed).await;
    let (ada_token, _) = ada.join(&code, Some(0), "Ada").await;
    let mut bea = Client::connect(address).await;
    let (bea_token, _) = bea.join(&code, Some(1), "Bea").await;
    (code, [ada_token, bea_token], [ada, bea])
}

/// A move each, then Bea resigns; both see the end.
async fn play_and_resign(code: &Code, tokens: &[Token; 2], clients: &mut [Client; 2]) {
    for (ply, mv) in [(0u32, "b1b3"), (1, "a2c2")] {
        let seat = ply as usize % 2;
        clients[seat].play(code, &tokens[seat], ply, mv).await;
        for client in clients.iter_mut() {
            sees(client, |m| {
                matches!(m, ToClient::Moved { ply: p, .. } if *p == ply).then_some(())
            })
            .await;
        }
    }
    clients[1].resign(code, &tokens[1]).await;
    for client in clients.iter_mut() {
        assert_eq!(client.ended().await.reason, EndReason::Resigned);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_just_ended_is_there_after_a_restart_and_a_rematch_works() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let (address, server) = start(&db).await;
    let (code, tokens, mut clients) = two_players(&address).await;
    play_and_resign(&code, &tokens, &mut clients).await;
    for client in clients {
        client.close().await;
    }
    server.abort();
    let _ = server.await;

    // Started again: each player's device, trying again, is back at the final position.
    let (address, _server) = start(&db).await;
    let mut ada = Client::connect(&address).await;
    let (_, table) = ada.rejoin(&code, &tokens[0]).await;
    assert_eq!(table.moves.len(), 2, "the final position");
    let end = table.end.expect("the game's end");
    assert_eq!((end.winner, end.reason), (Some(0), EndReason::Resigned));
    let mut bea = Client::connect(&address).await;
    bea.rejoin(&code, &tokens[1]).await;
    let mut cy = Client::connect(&address).await;
    let (_, watched) = cy.join(&code, None, "Cy").await;
    assert_eq!((watched.end, watched.spectators), (Some(end), 1));

    // A rematch from there: the sides swapped, a new table both go on at.
    ada.send(&ToServer::Offer {
        code: code.clone(),
        token: tokens[0].clone(),
        offer: Offer::Rematch,
    })
    .await;
    sees(&mut bea, |m| {
        matches!(
            m,
            ToClient::Offered {
                offer: Offer::Rematch,
                ..
            }
        )
        .then_some(())
    })
    .await;
    bea.send(&ToServer::Answer {
        code: code.clone(),
        token: tokens[1].clone(),
        offer: Offer::Rematch,
        accept: true,
    })
    .await;
    let rematch = |m: &ToClient| match m {
        ToClient::Rematch { code, seat, token } => Some((code.clone(), *seat, token.clone())),
        _ => None,
    };
    let (new_code, ada_seat, ada_token) = sees(&mut ada, rematch).await;
    let (_, bea_seat, bea_token) = sees(&mut bea, rematch).await;
    let onward = sees(&mut cy, |m| match m {
        ToClient::Onward { code } => Some(code.clone()),
        _ => None,
    })
    .await;
    assert_eq!(onward, new_code, "the spectator follows");
    assert_eq!((ada_seat.index(), bea_seat.index()), (1, 0));
    let (_, table) = ada.rejoin(&new_code, &ada_token).await;
    assert!(table.moves.is_empty() && table.end.is_none());
    bea.rejoin(&new_code, &bea_token).await;
    bea.play(&new_code, &bea_token, 0, "b1b3").await;
    sees(&mut ada, |m| {
        matches!(m, ToClient::Moved { ply: 0, .. }).then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_servers_engine_is_not_put_away_as_never_all_seated() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        unstarted_kept: Duration::ZERO,
        ..swept_often()
    };
    let db = dir.path().join("tables.sqlite");
    let (address, _server) = start_limited(&db, None, limits, None).await;
    // Ada plays the engine (White), then leaves.
    let mut ada = Client::connect(&address).await;
    let computer = ComputerSeat {
        seat: Seat::new(1).unwrap(),
        level: Level::new(1).unwrap(),
    };
    let (code, _) = ada
        .create_with(GameConfig::default(), Clock::Untimed, vec![computer])
        .await;
    let (ada_token, _) = ada.join(&code, Some(0), "Ada").await;
    ada.play(&code, &ada_token, 0, "b1b3").await;
    sees(&mut ada, |m| {
        matches!(m, ToClient::Moved { ply: 1, .. }).then_some(())
    })
    .await;
    ada.close().await;
    // A table where only Cy ever sat, made after: the sweep puts it away at once.
    let mut cy = Client::connect(&address).await;
    let (lone, _) = cy.create(GameConfig::default(), Clock::Untimed).await;
    let (cy_token, _) = cy.join(&lone, Some(0), "Cy").await;
    cy.close().await;
    until_put_away(&address, &lone, &cy_token).await;

    // The sweeps that put Cy's table away left Ada's game: every seat of it is taken.
    assert!(still_held(&address, &code, &ada_token).await);
    let mut ada = Client::connect(&address).await;
    let (_, table) = ada.rejoin(&code, &ada_token).await;
    assert_eq!(table.moves.len(), 2);
    let next = position(&table).legal_moves()[0].to_string();
    ada.play(&code, &ada_token, 2, &next).await;
    sees(&mut ada, |m| {
        matches!(m, ToClient::Moved { ply: 3, .. }).then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_table_is_put_away_after_its_grace_and_its_record_stays() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        finished_kept: Duration::from_millis(200),
        ..swept_often()
    };
    let db = dir.path().join("tables.sqlite");
    let (address, _server) = start_limited(&db, None, limits, None).await;
    let (code, tokens, mut clients) = two_players(&address).await;
    play_and_resign(&code, &tokens, &mut clients).await;
    // While someone is there the final position stays, whatever the grace.
    assert!(still_held(&address, &code, &tokens[0]).await);
    for client in clients {
        client.close().await;
    }
    until_put_away(&address, &code, &tokens[0]).await;

    let mut ada = Client::connect(&address).await;
    ada.send(&ToServer::Rejoin {
        code: code.clone(),
        token: tokens[0].clone(),
    })
    .await;
    assert_eq!(ada.refusal().await, Refusal::UnknownTable);
    let record = http_get(&address, &format!("/tables/{}/record", code.as_str())).await;
    assert_eq!(record.status, 200, "{record:?}");
    assert!(
        record.body.contains("[Result \"black-wins\"]"),
        "{}",
        record.body
    );
    assert!(record.body.contains("[Termination \"resignation\"]"));
}

/// The game that hosts the hub puts a table away while a player sits there: the player is
/// told, the code finds no table, and after a restart the table is not played again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_its_host_put_away_stays_away_after_a_restart() {
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let store = gamut_server::store::Store::open(&db).unwrap();
    let (hub, _) = gamut_server::hub::Hub::new(store, Limits::default()).unwrap();
    let hub = Arc::new(hub);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let server = tokio::spawn(gamut_server::ws::serve(
        listener,
        hub.clone(),
        Default::default(),
    ));
    let mut ann = Client::connect(&address).await;
    let (code, _) = ann.create(GameConfig::default(), Clock::Untimed).await;
    let (token, _) = ann.join(&code, Some(0), "Ann").await;
    hub.put_away(&code).await.expect("put away");
    ann.until(|m| matches!(m, ToClient::PutAway { code: c } if *c == code).then_some(()))
        .await;
    assert_eq!(hub.put_away(&code).await, Err(Refusal::UnknownTable));
    let mut again = Client::connect(&address).await;
    again
        .send(&ToServer::Rejoin {
            code: code.clone(),
            token: token.clone(),
        })
        .await;
    assert_eq!(again.refusal().await, Refusal::UnknownTable);
    server.abort();
    let _ = server.await;
    drop(hub);

    let (address, _server) = start(&db).await;
    let mut back = Client::connect(&address).await;
    back.send(&ToServer::Rejoin { code, token }).await;
    assert_eq!(back.refusal().await, Refusal::UnknownTable);
}
