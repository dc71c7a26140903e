//! `gamut-server`: the tables' server on its own, for a machine on the local network or the
//! internet (see docs/server.md for a systemd unit, a container and TLS).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use gamut_server::hub::{Hub, Limits};
use gamut_server::store::Store;

/// Gamut's tables on a network: players join with a code, from the game or a browser.
#[derive(Parser, Debug)]
#[command(name = "gamut-server", version, about)]
struct Args {
    /// The address and port to listen on (0.0.0.0:7878 for every network of the machine).
    #[arg(long, default_value = "127.0.0.1:7878")]
    listen: String,
    /// The SQLite database that keeps the tables (made if missing).
    #[arg(long, default_value = "gamut-tables.sqlite")]
    database: PathBuf,
    /// A folder of the page (`scripts/web.sh build`'s dist/web) to serve at `/`.
    #[arg(long)]
    web: Option<PathBuf>,
    /// The most tables in play at once.
    #[arg(long, default_value_t = Limits::default().tables)]
    max_tables: usize,
    /// Days a table put away unfinished (never started, or abandoned) is kept in the database
    /// before it is deleted; finished games are kept for ever.
    #[arg(long, default_value_t = Limits::default().retention.as_secs() / DAY)]
    retention_days: u64,
}

/// A day in seconds.
const DAY: u64 = 24 * 3600;

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "gamut_server=info".into()),
        )
        .init();
    let args = Args::parse();
    let store = match Store::open(&args.database) {
        Ok(store) => store,
        Err(e) => {
            eprintln!("gamut-server: cannot open {}: {e}", args.database.display());
            return ExitCode::from(2);
        }
    };
    let limits = Limits {
        tables: args.max_tables,
        retention: Duration::from_secs(args.retention_days.saturating_mul(DAY)),
        ..Limits::default()
    };
    let (hub, broken) = match Hub::new(store, limits) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("gamut-server: cannot read {}: {e}", args.database.display());
            return ExitCode::from(2);
        }
    };
    for (code, problem) in &broken {
        tracing::warn!("table {code} is kept in the database but not played: {problem}");
    }
    let listener = match tokio::net::TcpListener::bind(&args.listen).await {
        Ok(listener) => listener,
        Err(e) => {
            eprintln!("gamut-server: cannot listen on {}: {e}", args.listen);
            return ExitCode::from(2);
        }
    };
    let at = listener
        .local_addr()
        .map_or(args.listen.clone(), |a| a.to_string());
    // The line scripts and tests wait for.
    println!(
        "gamut-server listening on {at} ({} tables in play)",
        hub.table_count()
    );
    gamut_server::ws::serve(listener, Arc::new(hub), args.web).await;
    ExitCode::SUCCESS
}
