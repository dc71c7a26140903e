//! What one address may take from the server, over real sockets: clients bound to 127.0.0.2
//! (one address that takes all it may) and 127.0.0.3 (an honest player elsewhere). The greedy
//! address cannot stop the honest one making a table and playing it, before or after the
//! server restarts, and its engine-only tables are refused; the operator's key (the hosting
//! game's own) is counted against no address.

mod common;

use common::{Client, start_limited};
use gamut_engine::any_game::GameConfig;
use gamut_engine::level::Level;
use gamut_net::{Clock, ComputerSeat, Limit, Refusal, Seat, ToClient, Token};
use gamut_server::address::PerAddress;
use gamut_server::hub::Limits;

const GREEDY: &str = "127.0.0.2";
const HONEST: &str = "127.0.0.3";

/// Limits small enough for a test: the server holds 12 tables, an address 5 (so one address
/// alone could otherwise fill it).
fn small() -> Limits {
    Limits {
        tables: 12,
        per_address: PerAddress {
            tables_per_hour: 8,
            tables_held: 5,
            seats_held: 10,
            engine_seats: 2,
        },
        ..Limits::default()
    }
}

fn engine(seat: u8) -> ComputerSeat {
    ComputerSeat {
        seat: Seat::new(seat).unwrap(),
        level: Level::new(1).unwrap(),
    }
}

/// The greedy address makes untimed tables and sits at both seats of each until the server
/// refuses it; how many it made and the refusal.
async fn take_all(address: &str) -> (usize, Refusal) {
    let mut greedy = Client::connect_from(address, GREEDY).await;
    let mut made = 0;
    loop {
        match greedy
            .try_create(GameConfig::default(), Clock::Untimed, Vec::new(), None)
            .await
        {
            Ok((code, _)) => {
                made += 1;
                let mut other = Client::connect_from(address, GREEDY).await;
                greedy.join(&code, Some(0), "Greedy").await;
                other.join(&code, Some(1), "Greedy").await;
            }
            Err(refusal) => return (made, refusal),
        }
    }
}

/// The honest player makes a table, a friend from another address sits, and they play a move
/// each.
async fn honest_game(address: &str) {
    let mut ann = Client::connect_from(address, HONEST).await;
    let (code, _) = ann
        .try_create(GameConfig::default(), Clock::Untimed, Vec::new(), None)
        .await
        .expect("the honest player's table is made");
    let mut bob = Client::connect_from(address, "127.0.0.4").await;
    let (ann_token, _) = ann.join(&code, Some(0), "Ann").await;
    let (bob_token, _) = bob.join(&code, Some(1), "Bob").await;
    ann.play(&code, &ann_token, 0, "b1b3").await;
    bob.until(|m| matches!(m, ToClient::Moved { ply: 0, .. }).then_some(()))
        .await;
    bob.play(&code, &bob_token, 1, "a2c2").await;
    ann.until(|m| matches!(m, ToClient::Moved { ply: 1, .. }).then_some(()))
        .await;
}

async fn stop(server: tokio::task::JoinHandle<()>) {
    server.abort();
    let _ = server.await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_fill_the_server_before_or_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.sqlite");
    let (address, server) = start_limited(&db, None, small(), None).await;
    let (made, refusal) = take_all(&address).await;
    assert_eq!(made, 5, "the address made as many tables as it may hold");
    assert_eq!(
        refusal,
        Refusal::Limit {
            limit: Limit::TablesHeld
        }
    );
    honest_game(&address).await;
    stop(server).await;

    // Restarted: the greedy tables come back, still the greedy address's; it may make none
    // more, and the honest player still makes a table and plays.
    let (address, server) = start_limited(&db, None, small(), None).await;
    let (made, refusal) = take_all(&address).await;
    assert_eq!(made, 0, "after the restart its tables still count");
    assert_eq!(
        refusal,
        Refusal::Limit {
            limit: Limit::TablesHeld
        }
    );
    honest_game(&address).await;
    stop(server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seats_are_counted_where_they_were_taken_from() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits {
        per_address: PerAddress {
            seats_held: 3,
            ..small().per_address
        },
        ..small()
    };
    let (address, _server) = start_limited(&dir.path().join("t.sqlite"), None, limits, None).await;
    // Honest players make tables; the greedy address sits at them until it may not.
    let mut greedy = Client::connect_from(&address, GREEDY).await;
    let mut seated = 0;
    let refusal = loop {
        let mut host = Client::connect_from(&address, HONEST).await;
        let (code, _) = host.create(GameConfig::default(), Clock::Untimed).await;
        greedy
            .send(&gamut_net::ToServer::Join {
                code,
                seat: Seat::new(0),
                name: gamut_net::Name::parse("Greedy").unwrap(),
                rating: None,
            })
            .await;
        let answer = greedy
            .until(|m| match m {
                ToClient::Seated { .. } => Some(Ok(())),
                ToClient::Refused { refusal } => Some(Err(refusal.clone())),
                _ => None,
            })
            .await;
        match answer {
            Ok(()) => seated += 1,
            Err(refusal) => break refusal,
        }
        assert!(seated <= 3, "the seats held are capped");
    };
    assert_eq!(seated, 3);
    assert_eq!(
        refusal,
        Refusal::Limit {
            limit: Limit::SeatsHeld
        }
    );
    // Watching asks for no seat: still allowed.
    let mut host = Client::connect_from(&address, HONEST).await;
    let (code, _) = host.create(GameConfig::default(), Clock::Untimed).await;
    greedy.join(&code, None, "Greedy").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_only_tables_are_the_operators_and_engine_seats_are_capped() {
    let dir = tempfile::tempdir().unwrap();
    let key = Token::from_bits(0x005e_ed0f_0123_u128);
    let (address, _server) = start_limited(
        &dir.path().join("t.sqlite"),
        None,
        small(),
        Some(key.clone()),
    )
    .await;
    let mut greedy = Client::connect_from(&address, GREEDY).await;
    let both = vec![engine(0), engine(1)];
    for _ in 0..3 {
        let refused = greedy
            .try_create(GameConfig::default(), Clock::Untimed, both.clone(), None)
            .await;
        assert_eq!(
            refused,
            Err(Refusal::Limit {
                limit: Limit::EngineOnly
            })
        );
    }
    // A wrong key is no key.
    let wrong = greedy
        .try_create(
            GameConfig::default(),
            Clock::Untimed,
            both.clone(),
            Some(Token::from_bits(7)),
        )
        .await;
    assert_eq!(
        wrong,
        Err(Refusal::Limit {
            limit: Limit::EngineOnly
        })
    );
    // Against the engine: as many of its seats as the address may hold, then no more.
    for _ in 0..2 {
        greedy
            .try_create(GameConfig::default(), Clock::Untimed, vec![engine(1)], None)
            .await
            .expect("a game against the server's engine");
    }
    let more = greedy
        .try_create(GameConfig::default(), Clock::Untimed, vec![engine(1)], None)
        .await;
    assert_eq!(
        more,
        Err(Refusal::Limit {
            limit: Limit::EngineSeats
        })
    );
    // The operator (the hosting game's tournament) makes a computer-against-computer table,
    // from the same address, past the address's limits.
    for _ in 0..3 {
        greedy
            .try_create(
                GameConfig::default(),
                Clock::Untimed,
                both.clone(),
                Some(key.clone()),
            )
            .await
            .expect("the operator's table");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_makes_so_many_tables_an_hour() {
    let dir = tempfile::tempdir().unwrap();
    let (address, _server) = start_limited(&dir.path().join("t.sqlite"), None, small(), None).await;
    let mut client = Client::connect_from(&address, GREEDY).await;
    let mut friend = Client::connect_from(&address, GREEDY).await;
    // Made and resigned at once: none is held, but each counts for the hour.
    for _ in 0..8 {
        let (code, _) = client.create(GameConfig::default(), Clock::Untimed).await;
        let (token, _) = client.join(&code, Some(0), "Ann").await;
        friend.join(&code, Some(1), "Bea").await;
        client.resign(&code, &token).await;
        client.ended().await;
    }
    let refused = client
        .try_create(GameConfig::default(), Clock::Untimed, Vec::new(), None)
        .await;
    assert_eq!(
        refused,
        Err(Refusal::Limit {
            limit: Limit::TablesPerHour
        })
    );
    let mut elsewhere = Client::connect_from(&address, HONEST).await;
    elsewhere
        .create(GameConfig::default(), Clock::Untimed)
        .await;
}
