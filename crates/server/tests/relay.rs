//! Two nodes of one site over real PostgreSQL and NATS servers (each started by the test), in
//! this process, clients over real WebSockets: a table made on node a is played from node b
//! too (a player and a spectator connected there), every move reaching every client in order;
//! node b tells the games of a seat at node a's table, and its correspondence turns, for the
//! one node that sends the notices (node a, first by name). Then node a stops as a node that dies: a
//! player of node a comes back through node b, whose request waits until node a's lease runs
//! out and node b takes the table with every move; node b closes the connection of its player
//! seated at node a's table, who comes back too, and the game goes on.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::nats::Nats;
use common::postgres::Postgres;
use common::{Client, WAIT};
use gamut_engine::any_game::GameConfig;
use gamut_net::{Clock, Refusal, ToClient};
use gamut_server::hub::{Hub, Limits};
use gamut_server::relay::{Relay, SILENT_FOR};
use gamut_server::store::{Lease, Store};
use gamut_server::ws::Serving;

/// A node named `node` of the site over `url` and `nats`, on a free port: its address, and
/// what keeps it running (dropped: the node stops serving and relaying).
async fn node(url: &str, nats: &str, node: &str, lease: u64) -> (String, Running) {
    let lease = Lease {
        node: node.to_string(),
        length: Duration::from_secs(lease),
    };
    let store = Store::connect(url, lease).unwrap();
    let (hub, broken) = Hub::new(store, Limits::default()).unwrap();
    assert!(broken.is_empty());
    let hub = Arc::new(hub);
    let (relay, tasks) = Relay::start(nats, &hub).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let serving = gamut_server::ws::serve(listener, hub.clone(), Serving::default());
    (address, Running(tokio::spawn(serving), tasks, relay, hub))
}

struct Running(
    tokio::task::JoinHandle<()>,
    tokio::task::JoinSet<()>,
    Arc<Relay>,
    Arc<Hub>,
);

impl Running {
    /// The node stops serving (its leases no longer renewed) and leaves the site, as a node
    /// that dies.
    async fn stop(mut self) {
        self.0.abort();
        self.1.abort_all();
        self.2.stop().await;
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.abort();
        self.1.abort_all();
    }
}

/// The next move told to `client` (its ply and text).
async fn moved(client: &mut Client) -> (u32, String) {
    client
        .until(|m| match m {
            ToClient::Moved { ply, mv, .. } => Some((*ply, mv.as_str().to_string())),
            _ => None,
        })
        .await
}

#[test]
fn nodes_relay_through_nats() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_test_writer()
        .try_init();
    let postgres = Postgres::start();
    let nats = Nats::start();
    let url = postgres.database();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let done = runtime.block_on(async {
        tokio::time::timeout(WAIT, async {
            let (a, node_a) = node(&url, &nats.url(), "node-a", 3).await;
            let (b, node_b) = node(&url, &nats.url(), "node-b", 60).await;

            let mut host = Client::connect(&a).await;
            let (at, _) = host.create(GameConfig::default(), Clock::Untimed).await;
            let mut black = Client::connect(&a).await;
            let (black_token, _) = black.join(&at, Some(0), "Ada").await;
            eprintln!("a player and a spectator on node b, at node a's table");
            let mut white = Client::connect(&b).await;
            let (white_token, table) = white.join(&at, Some(1), "Bo").await;
            assert_eq!(table.code, at);
            let mut watcher = Client::connect(&b).await;
            watcher.join(&at, None, "Cy").await;

            let moves = ["b1b3", "a2c2", "d1d3", "h3d3"];
            for (ply, mv) in moves.iter().enumerate() {
                let ply = ply as u32;
                let (mover, token) = match ply % 2 {
                    0 => (&mut black, &black_token),
                    _ => (&mut white, &white_token),
                };
                mover.play(&at, token, ply, mv).await;
                for client in [&mut black, &mut white, &mut watcher] {
                    assert_eq!(
                        moved(client).await,
                        (ply, mv.to_string()),
                        "every move, in order"
                    );
                }
            }
            eprintln!("a stale move from node b refused by node a, through node b");
            white.play(&at, &white_token, 1, "a2c2").await;
            assert_eq!(white.refusal().await, Refusal::Stale { ply: 4 });

            eprintln!("node b tells the games of a seat at node a's table");
            let games = white
                .games(vec![(at.clone(), white_token.clone())])
                .await;
            assert_eq!(games.len(), 1);
            assert_eq!((games[0].ply, games[0].to_move), (4, false));

            eprintln!("one node sends the notices, of both nodes' correspondence turns");
            let mut ada = Client::connect(&a).await;
            let (letters, _) = ada.create(GameConfig::default(), Clock::Correspondence { days: 3 }).await;
            let (ada_token, _) = ada.join(&letters, Some(0), "Ada").await;
            let mut bo = Client::connect(&b).await;
            bo.join(&letters, Some(1), "Bo").await;
            ada.play(&letters, &ada_token, 0, "b1b3").await;
            moved(&mut bo).await;
            // Each node has heard the other by then, and has run long enough to send them.
            tokio::time::sleep(SILENT_FOR).await;
            let turns = node_b.3.turns().await;
            assert_eq!(
                turns.iter().map(|t| &t.code).collect::<Vec<_>>(),
                [&letters],
                "node a's table's turn, told by node b"
            );
            assert!(node_a.3.sends_notices(), "node-a is first by name");
            assert!(!node_b.3.sends_notices());

            eprintln!("a player back on node b, after a new connection, at its seat");
            white.close().await;
            let mut white = Client::connect(&b).await;
            let (_, table) = white.rejoin(&at, &white_token).await;
            assert_eq!(table.moves.len(), 4);

            eprintln!("node a stops: a player there comes back on node b, seated once node b takes the table (its lease ran out)");
            node_a.stop().await;
            let mut black = Client::connect(&b).await;
            let (_, table) = black.rejoin(&at, &black_token).await;
            assert_eq!(table.moves.len(), 4, "every acknowledged move");
            eprintln!("node b lets its player seated at node a's table go, who comes back");
            while white.next().await.is_some() {}
            let mut white = Client::connect(&b).await;
            white.rejoin(&at, &white_token).await;
            black.play(&at, &black_token, 4, "e1e3").await;
            assert_eq!(moved(&mut black).await, (4, "e1e3".to_string()));
            assert_eq!(moved(&mut white).await, (4, "e1e3".to_string()));
            drop(host);
        })
        .await
    });
    done.expect("the nodes answer in time");
}
