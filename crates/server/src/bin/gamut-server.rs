//! `gamut-server`: the tables' server on its own, for a machine on the local network or the
//! internet (see docs/server.md for a systemd unit, a container and TLS).

use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use gamut_server::address::PerAddress;
use gamut_server::guard::Origin;
use gamut_server::hub::{Hub, Limits};
use gamut_server::notify::mail::Mailer;
use gamut_server::notify::push::{self, Pusher};
use gamut_server::notify::{Config, Notifier};
use gamut_server::store::{Lease, Store, StoreError};
use gamut_server::ws::{self, Serving};

/// Gamut's tables on a network: players join with a code, from the game or a browser.
#[derive(Parser, Debug)]
#[command(name = "gamut-server", version, about)]
struct Args {
    /// The address and port to listen on (0.0.0.0:7878 for every network of the machine).
    #[arg(long, default_value = "127.0.0.1:7878")]
    listen: String,
    /// The database that keeps the tables: a SQLite file (made if missing), or a PostgreSQL
    /// database's URL (postgres://user:password@host:port/name) for a site on more than one
    /// machine.
    #[arg(long, default_value = "gamut-tables.sqlite")]
    database: String,
    /// This server's name among the nodes sharing a PostgreSQL database (each its own; the
    /// machine's name by default). A node restarted under its name takes its tables back at
    /// once; another waits until their leases run out.
    #[arg(long)]
    node: Option<String>,
    /// Seconds a node's lease on a table holds unless renewed (PostgreSQL; renewed every third
    /// of it): how long its tables wait for another node when it dies.
    #[arg(long, value_name = "SECONDS", default_value_t = Lease::default().length.as_secs(),
          value_parser = clap::value_parser!(u64).range(3..))]
    lease_seconds: u64,
    /// A folder of the page (`scripts/web.sh build`'s dist/web) to serve at `/`.
    #[arg(long)]
    web: Option<PathBuf>,
    /// The most tables in play at once.
    #[arg(long, default_value_t = Limits::default().tables)]
    max_tables: usize,
    /// A reverse proxy (its IP address) whose X-Forwarded-For names the client; repeatable
    /// (127.0.0.1 for nginx or Caddy on this machine). Other peers' headers are ignored.
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxies: Vec<IpAddr>,
    /// Another site whose pages may open the WebSocket (https://example.org); repeatable.
    /// The server's own page and programs that send no Origin (the game) always may.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origins: Vec<Origin>,
    /// The most WebSockets open at once.
    #[arg(long, default_value_t = ws::MAX_CONNECTIONS, value_parser = at_least_one)]
    max_connections: usize,
    /// The most WebSockets open at once from one address (an IPv6 address counts by its /64).
    #[arg(long, default_value_t = ws::MAX_CONNECTIONS_PER_ADDRESS, value_parser = at_least_one)]
    max_connections_per_address: usize,
    /// Seconds a new WebSocket may wait before its first message.
    #[arg(long, value_name = "SECONDS", default_value_t = ws::FIRST_MESSAGE_TIMEOUT.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    first_message_timeout: u64,
    /// Seconds a WebSocket may stay silent, not even answering the server's pings (sent every
    /// 30 s).
    #[arg(long, value_name = "SECONDS", default_value_t = ws::IDLE_TIMEOUT.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..))]
    idle_timeout: u64,
    /// Tables one address may make in an hour.
    #[arg(long, default_value_t = PerAddress::default().tables_per_hour, value_parser = at_least_one)]
    tables_per_hour_per_address: usize,
    /// Tables one address may hold in play (made, not finished).
    #[arg(long, default_value_t = PerAddress::default().tables_held, value_parser = at_least_one)]
    tables_per_address: usize,
    /// Seats one address's people may hold at games not finished.
    #[arg(long, default_value_t = PerAddress::default().seats_held, value_parser = at_least_one)]
    seats_per_address: usize,
    /// Seats of the server's engine at the games one address made, not finished (0: no games
    /// against the engine).
    #[arg(long, default_value_t = PerAddress::default().engine_seats)]
    engine_seats_per_address: usize,
    /// The engine's searches at once (its CPU budget; each search takes a core for up to two
    /// seconds a move). The default leaves one core of the machine to the tables.
    #[arg(long, value_parser = at_least_one)]
    engine_threads: Option<usize>,
    /// Days a table put away unfinished (never started, or abandoned) is kept in the database
    /// before it is deleted; finished games are kept for ever.
    #[arg(long, default_value_t = Limits::default().retention.as_secs() / DAY)]
    retention_days: u64,
    /// The site's public address, for the links in the notices' mails and pushes
    /// (`https://tables.example.org`): needed by `--smtp` and `--vapid-key`.
    #[arg(long, value_name = "URL")]
    site: Option<String>,
    /// Tell correspondence players of their moves by mail, through this mail server:
    /// `smtp://host:port` (plain, a server on this machine), `smtp://host:587?tls=required`
    /// (STARTTLS), `smtps://host:465`; a user and password as `smtps://user:pass@host`.
    #[arg(long, value_name = "URL", requires_all = ["site", "mail_from"])]
    smtp: Option<String>,
    /// The address the notices' mails come from (`Gamut <tables@example.org>`).
    #[arg(long, value_name = "ADDRESS")]
    mail_from: Option<String>,
    /// At most one digest mail an address this often (hours).
    #[arg(long, value_name = "HOURS", default_value_t = 6, value_parser = at_least_one)]
    digest_hours: usize,
    /// Tell players by Web Push too, signing with the VAPID key kept in this file (made there
    /// once if missing; keep it: a new key loses every subscription).
    #[arg(long, value_name = "FILE", requires = "site")]
    vapid_key: Option<PathBuf>,
    /// The operator's contact given to push services in the VAPID token (`mailto:…` or an
    /// `https://` page; default: the site's address).
    #[arg(long, value_name = "URI")]
    push_contact: Option<String>,
    /// The NATS server the nodes of one site talk through (`nats://host:4222`; a user and
    /// password as `nats://user:pass@host:4222`): a client may then connect to any node, each
    /// table played by the one node that owns it. Needs a PostgreSQL `--database`.
    #[cfg(feature = "postgres")]
    #[arg(long, value_name = "URL")]
    nats: Option<String>,
}

/// A count of at least one.
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(e.to_string()),
    }
}

impl Args {
    /// What the server holds and what one address may, from the command line.
    fn limits(&self) -> Limits {
        Limits {
            tables: self.max_tables,
            per_address: PerAddress {
                tables_per_hour: self.tables_per_hour_per_address,
                tables_held: self.tables_per_address,
                seats_held: self.seats_per_address,
                engine_seats: self.engine_seats_per_address,
            },
            retention: Duration::from_secs(self.retention_days.saturating_mul(DAY)),
            ..Limits::default()
        }
    }

    /// The database the command line names: PostgreSQL for a `postgres://` URL, else SQLite.
    fn store(&self) -> Result<Store, StoreError> {
        if self.database.starts_with("postgres://") || self.database.starts_with("postgresql://") {
            let lease = Lease {
                node: self.node.clone().unwrap_or_else(machine_name),
                length: Duration::from_secs(self.lease_seconds),
            };
            Store::connect(&self.database, lease)
        } else {
            Store::open(Path::new(&self.database))
        }
    }

    /// The database as the operator's messages name it (a URL without its password).
    fn database_name(&self) -> String {
        match self.database.split_once("://") {
            Some((scheme, rest)) => match rest.rsplit_once('@') {
                Some((_, host)) => format!("{scheme}://…@{host}"),
                None => self.database.clone(),
            },
            None => self.database.clone(),
        }
    }

    /// The engine's searches at once: as asked, else one core fewer than the machine has.
    fn engine_threads(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.engine_threads
            .unwrap_or(cores.saturating_sub(1).max(1))
    }

    /// How the server serves, from the command line.
    fn serving(&self) -> Serving {
        Serving {
            web: self.web.clone(),
            allow_origins: self.allow_origins.clone(),
            trusted_proxies: self.trusted_proxies.clone(),
            max_connections: self.max_connections,
            max_connections_per_address: self.max_connections_per_address,
            first_message_timeout: Duration::from_secs(self.first_message_timeout),
            idle_timeout: Duration::from_secs(self.idle_timeout),
            ..Serving::default()
        }
    }
}

/// Who tells correspondence players of their moves, from the command line (none without
/// `--smtp` or `--vapid-key`).
fn notifier(args: &Args) -> Result<Option<Notifier>, String> {
    let Some(site) = args.site.as_deref() else {
        return Ok(None);
    };
    if args.smtp.is_none() && args.vapid_key.is_none() {
        return Ok(None);
    }
    let mailer = match (&args.smtp, &args.mail_from) {
        (Some(url), Some(from)) => Some(Mailer::new(url, from)?),
        _ => None,
    };
    let pusher = match &args.vapid_key {
        Some(path) => {
            let key = push::vapid_key(path)?;
            let contact = args
                .push_contact
                .clone()
                .unwrap_or_else(|| site.to_string());
            Some(Pusher::new(key, contact, false))
        }
        None => None,
    };
    let mut config = Config::for_site(site);
    config.digest_every = Duration::from_secs(args.digest_hours as u64 * 3600);
    Ok(Some(Notifier::new(config, mailer, pusher)))
}

/// The machine's name (a node's name by default), or `gamut-server` when it cannot be read.
fn machine_name() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "gamut-server".to_string())
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
    let store = match args.store() {
        Ok(store) => store,
        Err(e) => {
            eprintln!("gamut-server: cannot open {}: {e}", args.database_name());
            return ExitCode::from(2);
        }
    };
    let (hub, broken) = match Hub::new(store, args.limits()) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("gamut-server: cannot read {}: {e}", args.database_name());
            return ExitCode::from(2);
        }
    };
    for (code, problem) in &broken {
        tracing::warn!("table {code} is kept in the database but not played: {problem}");
    }
    let hub = hub.engine_budget(args.engine_threads());
    let notifier = match notifier(&args) {
        Ok(notifier) => notifier.map(Arc::new),
        Err(e) => {
            eprintln!("gamut-server: the notices: {e}");
            return ExitCode::from(2);
        }
    };
    // The hub hands the seats' wishes to the notifier; the serving runs its look and its links.
    let hub = match &notifier {
        Some(notifier) => hub.notifying(notifier.clone()),
        None => hub,
    };
    let serving = Serving {
        notifier,
        ..args.serving()
    };
    let hub = Arc::new(hub);
    // The relay starts before the first client comes in.
    #[cfg(feature = "postgres")]
    let _relay = match &args.nats {
        Some(url) => match gamut_server::relay::Relay::start(url, &hub).await {
            Ok(relay) => Some(relay),
            Err(e) => {
                eprintln!("gamut-server: {e}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
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
    ws::serve(listener, hub, serving).await;
    ExitCode::SUCCESS
}
