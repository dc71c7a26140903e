//! The server on more than one machine (issue #51), the short version of
//! `scripts/cluster-test.sh`: PostgreSQL, nats-server and nginx started by the test (on loopback
//! ports, in temporary folders, stopped at the end), three `gamut-server` nodes relaying
//! through NATS behind nginx, a few tables whose players come through the front and whose
//! spectators watch from a node other than the owner, and each node killed once with SIGKILL
//! mid-move and started again: no acknowledged move lost (in every view after a reconnect, in
//! the final one, in the database), every player back at its seat, every spectator saw every
//! move once and in order (tests/common/kills.rs). No timing is asserted; the waits are hang
//! guards.
//!
//! A server built without `--nats` (before the relay) cannot serve a client on another node
//! than its table's owner: then the same runs on one node behind the front, killed three times.

#[path = "common/front.rs"]
mod front;
#[path = "common/kills.rs"]
mod kills;
#[path = "common/nats.rs"]
mod nats;
#[path = "common/nodes.rs"]
mod nodes;
#[path = "common/postgres.rs"]
mod postgres;

use std::path::Path;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nodes_killed_mid_move_lose_no_acknowledged_move() {
    let bin = Path::new(env!("CARGO_BIN_EXE_gamut-server"));
    let postgres = postgres::Postgres::start();
    let database = postgres.database();
    let relay = nodes::has_nats(bin);
    let nats = relay.then(nats::Nats::start);
    let count = if relay { 3 } else { 1 };
    if !relay {
        println!("gamut-server has no --nats yet: one node behind the front, killed 3 times");
    }
    let mut cluster = kills::Cluster::start(
        bin,
        &database,
        nats.as_ref().map(|n| n.url()).as_deref(),
        count,
    );
    let options = kills::Options {
        tables: 6,
        spectators: 1,
        kills_per_node: if relay { 1 } else { 3 },
        move_every: Duration::from_millis(50),
        down: Duration::from_secs(2),
        guard: Duration::from_secs(90),
    };
    let mut report = kills::run(&mut cluster, options).await;
    let tables = kills::database_moves(&postgres::bin_dir(), &database);
    kills::check_database(&mut report, &tables);
    for line in report.lines() {
        println!("{line}");
    }
    if !report.ok() {
        println!("{}", cluster.logs());
        println!(
            "the failed tables' leases (code|node|epoch|ms left):\n{}",
            kills::failed_leases(&postgres::bin_dir(), &database, &report)
        );
    }
    assert!(
        report.ok(),
        "{} failures, {} lost",
        report.failures.len(),
        report.lost
    );
    assert!(report.kills.len() == 3, "every kill done");
}
