//! Two nodes of one site over real PostgreSQL and NATS servers (each started by the test), in
//! this process, clients over real WebSockets: a table made on node a is played from node b
//! too (a player and a spectator connected there), every move reaching every client in order;
//! node b tells the games of a seat at node a's table; a client on node b that asks for a table
//! node a's lease ran out on gets it from node b, which takes it with every move, while node a
//! lets it go and closes its connections there.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::nats::Nats;
use common::postgres::Postgres;
use common::{Client, WAIT};
use gamut_engine::any_game::GameConfig;
use gamut_net::{Clock, Refusal, ToClient, ToServer};
use gamut_server::hub::{Hub, Limits};
use gamut_server::relay::Relay;
use gamut_server::store::{Lease, Store};
use gamut_server::ws::Serving;

/// A node named `node` of the site over `url` and `nats`, on a free port: its address, and
/// what keeps it running (dropped: the node stops serving and relaying).
async fn node(url: &str, nats: &str, node: &str) -> (String, Running) {
    let lease = Lease {
        node: node.to_string(),
        length: Duration::from_secs(60),
    };
    let store = Store::connect(url, lease).unwrap();
    let (hub, broken) = Hub::new(store, Limits::default()).unwrap();
    assert!(broken.is_empty());
    let hub = Arc::new(hub);
    let (relay, tasks) = Relay::start(nats, &hub).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let serving = tokio::spawn(gamut_server::ws::serve(listener, hub, Serving::default()));
    (address, Running(serving, tasks, relay))
}

struct Running(
    tokio::task::JoinHandle<()>,
    tokio::task::JoinSet<()>,
    Arc<Relay>,
);

impl Running {
    /// The node stops serving and leaves the site, as a node that dies.
    async fn stop(self) {
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
            let (a, node_a) = node(&url, &nats.url(), "node-a").await;
            let (b, _node_b) = node(&url, &nats.url(), "node-b").await;

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
            white
                .send(&ToServer::Games {
                    seats: vec![(at.clone(), white_token.clone())],
                })
                .await;
            let games = white
                .until(|m| match m {
                    ToClient::Games { games } => Some(games.clone()),
                    _ => None,
                })
                .await;
            assert_eq!(games.len(), 1);
            assert_eq!((games[0].ply, games[0].to_move), (4, false));

            eprintln!("a player back on node b, after a new connection, at its seat");
            white.close().await;
            let mut white = Client::connect(&b).await;
            let (_, table) = white.rejoin(&at, &white_token).await;
            assert_eq!(table.moves.len(), 4);

            eprintln!("node a stops: node b takes its table as a player asks for it there");
            node_a.stop().await;
            run_out(&url, "node-a").await;
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

/// Node `node`'s leases run out now, as they would if it stalled.
async fn run_out(url: &str, node: &str) {
    let pool = sqlx::PgPool::connect(url).await.unwrap();
    sqlx::query("UPDATE leases SET until = 0 WHERE node = $1")
        .bind(node)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}
