//! "Host a table": the tables' server (`gamut-server`'s library) run inside this game, on the
//! local network, on a tokio runtime of its own. Its tables are kept in `tables.sqlite` in the
//! player's data folder (in memory when the game keeps no files); it serves the page too when
//! the page's files are beside the game, so phones join from their browser.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};
use std::path::PathBuf;
use std::sync::Arc;

use gamut_server::hub::{Hub, Limits};
use gamut_server::store::Store;

/// The port a hosted table listens on first (the next free one if it is taken).
pub const PORT: u16 = 7878;

use super::HostTrouble;

/// `trouble`, with the system's words in the log.
fn logged(trouble: HostTrouble, why: impl std::fmt::Display) -> HostTrouble {
    bevy::log::warn!("cannot host a table ({trouble:?}): {why}");
    trouble
}

/// The server this game hosts: it runs until the game ends.
pub struct Hosted {
    /// The port it listens on, on every network of the machine.
    pub port: u16,
    /// This machine's address on the local network (none: only this machine reaches it).
    pub lan: Option<IpAddr>,
    /// Whether it serves the page (phones can join from a browser).
    pub serves_page: bool,
    /// This game's key to its own server: the tables it makes (the host's, the tournament's)
    /// count against no address's limits, and a tournament's pairing of two computer entries
    /// may give both seats to the server's engine.
    pub operator: gamut_net::Token,
    hub: Arc<Hub>,
    _runtime: tokio::runtime::Runtime,
}

impl std::fmt::Debug for Hosted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hosted")
            .field("port", &self.port)
            .field("lan", &self.lan)
            .finish_non_exhaustive()
    }
}

impl Hosted {
    /// Starts the server; what stood in the way when it cannot (the system's words go to the
    /// log).
    pub fn start(data_dir: Option<&crate::persist::DataDir>) -> Result<Hosted, HostTrouble> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("gamut-server")
            .enable_all()
            .build()
            .map_err(|e| logged(HostTrouble::Runtime, e))?;
        let database = data_dir.map_or_else(|| PathBuf::from(":memory:"), database_of);
        if let Some(folder) = database.parent()
            && !folder.as_os_str().is_empty()
        {
            std::fs::create_dir_all(folder).map_err(|e| logged(HostTrouble::Database, e))?;
        }
        let store = Store::open(&database).map_err(|e| logged(HostTrouble::Database, e))?;
        let (hub, broken) =
            Hub::new(store, Limits::default()).map_err(|e| logged(HostTrouble::Database, e))?;
        // The engine's seats think one at a time at the low priority of the computer's own
        // thinking in this game: the window (the big screen) keeps its frames.
        let hub = hub.searching(1, crate::engine_jobs::lower_this_threads_priority);
        let operator = gamut_net::Token::from_bits(rand::random::<u128>());
        let hub = hub.operated_by(operator.clone());
        for (code, problem) in broken {
            bevy::log::warn!("hosted table {code} is kept but not played: {problem}");
        }
        let listener = runtime.block_on(listen(data_dir.and_then(last_port)))?;
        let port = listener
            .local_addr()
            .map_err(|e| logged(HostTrouble::Port, e))?
            .port();
        if let Some(dir) = data_dir {
            keep_port(dir, port);
        }
        let web = page_folder();
        let serves_page = web.is_some();
        let hub = Arc::new(hub);
        // The default door: the phones load the page from this server, so its own origin (the
        // same host and port) may open the socket; the game's own client sends no Origin.
        let serving = gamut_server::ws::Serving {
            web,
            ..Default::default()
        };
        runtime.spawn(gamut_server::ws::serve(listener, hub.clone(), serving));
        bevy::log::info!(
            "hosting tables on port {port} (the page: {serves_page}; tables in play: {})",
            hub.table_count()
        );
        Ok(Hosted {
            port,
            lan: lan_address(),
            serves_page,
            operator,
            hub,
            _runtime: runtime,
        })
    }

    /// A token that opens the big screen of the table `code` (the server keeps only the hash
    /// of the token the table was made with, so it gives its own key; see `Hub::host_of`).
    pub fn host_of(&self, code: &gamut_net::Code) -> Option<gamut_net::Token> {
        self._runtime.block_on(self.hub.host_of(code))
    }

    /// Puts away the table `code`: its players are told, and it is played no more.
    pub fn put_away(&self, code: &gamut_net::Code) -> Result<(), gamut_net::Refusal> {
        self._runtime.block_on(self.hub.put_away(code))
    }

    /// The tables this game hosts as their spectators see them, by code (one busy this
    /// instant is left out).
    pub fn tables(&self) -> Vec<gamut_net::TableView> {
        self.hub.views_now()
    }

    /// The address players type or scan: this machine on the local network and the port.
    pub fn address(&self) -> String {
        let ip = self.lan.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
        SocketAddr::new(ip, self.port).to_string()
    }

    /// The page's address, for a phone's browser (the QR code).
    pub fn page_url(&self) -> String {
        format!("http://{}/", self.address())
    }
}

/// Listens on every network: on the port this game hosted on last (its players' devices try
/// it again after a restart), else on [`PORT`], else on a free port.
async fn listen(last: Option<u16>) -> Result<tokio::net::TcpListener, HostTrouble> {
    let any = Ipv4Addr::UNSPECIFIED;
    for port in last.into_iter().chain([PORT]) {
        if let Ok(listener) = tokio::net::TcpListener::bind((any, port)).await {
            return Ok(listener);
        }
    }
    tokio::net::TcpListener::bind((any, 0))
        .await
        .map_err(|e| logged(HostTrouble::Port, e))
}

/// The hosted tables' database in the data folder.
fn database_of(dir: &crate::persist::DataDir) -> PathBuf {
    dir.data.join("tables.sqlite")
}

/// The file that keeps the port last hosted on.
const PORT_FILE: &str = "hosted-port.txt";

/// The port this game last hosted on (none: never, or a file that does not hold one).
fn last_port(dir: &crate::persist::DataDir) -> Option<u16> {
    let text = crate::store::files::read_text(&dir.data.join(PORT_FILE), 16).ok()?;
    text.trim().parse().ok().filter(|port| *port != 0)
}

/// Keeps the port hosted on, for the next start (a failure only costs the same port then).
fn keep_port(dir: &crate::persist::DataDir, port: u16) {
    let path = dir.data.join(PORT_FILE);
    if let Err(e) = crate::persist::atomic::write_atomic(&path, format!("{port}\n").as_bytes()) {
        bevy::log::warn!("cannot keep the hosted port in {}: {e}", path.display());
    }
}

/// How long after the last thing done at a hosted table (a seat taken, a move) the game
/// still hosts it again as it starts: a week and a day, the longest clock by correspondence
/// (7 days a move) and some. An evening's table left unfinished does not keep the game
/// listening on the network for ever.
pub const HOSTED_AGAIN_FOR: std::time::Duration = std::time::Duration::from_secs(8 * 86_400);

/// Whether this game's data folder holds hosted tables whose game is not over, that someone
/// sits at, and where something happened within [`HOSTED_AGAIN_FOR`]: the game hosts them
/// again as it starts (their players' devices are trying to reconnect). A database that
/// cannot be read is left for "Host a table" to say so.
pub fn has_tables_in_play(dir: &crate::persist::DataDir) -> bool {
    let database = database_of(dir);
    if !database.is_file() {
        return false;
    }
    let Ok(store) = Store::open(&database) else {
        return false;
    };
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64);
    recent(store.last_seated_activity().ok().flatten(), now)
}

/// Whether the last thing done at a table, at `last` (unix ms), is recent at `now`.
fn recent(last: Option<i64>, now: i64) -> bool {
    last.is_some_and(|at| now.saturating_sub(at) < HOSTED_AGAIN_FOR.as_millis() as i64)
}

/// This machine's address on its local network: the one the system would send from to reach
/// another network (a UDP socket "connected" sends nothing).
fn lan_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

/// The files a built page holds (`scripts/web.sh build` makes them): the page, and the list of
/// all its files (the program's among them, named by their content: `gamut_bg-<hash>.wasm`).
/// The source folder `web/` has an index.html and no list, and a phone given it sees a blank
/// page.
pub const PAGE_FILES: [&str; 2] = ["index.html", "page-files.txt"];

/// Whether `dir` holds a built page: [`PAGE_FILES`], and every file its list names.
fn is_built_page(dir: &std::path::Path) -> bool {
    PAGE_FILES.iter().all(|file| dir.join(file).is_file())
        && std::fs::read_to_string(dir.join("page-files.txt"))
            .is_ok_and(|list| list.split_whitespace().all(|file| dir.join(file).is_file()))
}

/// The built page beside the game's assets, when it is there: a package's `web/` (the .deb's
/// `/usr/share/gamut/web`, the archive's `gamut-<version>/web`) or the source tree's
/// `dist/web` (`scripts/web.sh build`).
fn page_folder() -> Option<PathBuf> {
    let assets = crate::desktop::assets::locate().ok()?;
    let found = built_page_beside(assets.parent()?);
    if found.is_none() {
        bevy::log::warn!(
            "no built page beside {} (web/ or dist/web/ with {}): phones cannot open the game \
             from this host; run ./scripts/web.sh build in the source tree",
            assets.display(),
            PAGE_FILES.join(", ")
        );
    }
    found
}

/// The first of `root`'s `web/` and `dist/web/` that holds a built page.
pub fn built_page_beside(root: &std::path::Path) -> Option<PathBuf> {
    [root.join("web"), root.join("dist").join("web")]
        .into_iter()
        .find(|dir| is_built_page(dir))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(dir: &std::path::Path, files: &[&str]) {
        std::fs::create_dir_all(dir).unwrap();
        for file in files {
            std::fs::write(dir.join(file), b"x").unwrap();
        }
    }

    /// A page as `scripts/web.sh build` leaves it: its files, and their list.
    const BUILT: [&str; 3] = [
        "index.html",
        "gamut-0123456789abcdef.js",
        "gamut_bg-0123456789abcdef.wasm",
    ];

    fn build(dir: &std::path::Path) {
        put(dir, &BUILT);
        std::fs::write(dir.join("page-files.txt"), BUILT.join("\n")).unwrap();
    }

    /// The source tree: `web/` holds the page's sources (a blank page), `dist/web/` the built
    /// page once `scripts/web.sh build` ran; a package's `web/` is the built page.
    #[test]
    fn the_built_page_is_served_never_the_sources() {
        let source = tempfile::tempdir().unwrap();
        put(
            &source.path().join("web"),
            &["index.html", "audio.js", "worker.js"],
        );
        assert_eq!(built_page_beside(source.path()), None, "not built yet");
        build(&source.path().join("dist/web"));
        assert_eq!(
            built_page_beside(source.path()),
            Some(source.path().join("dist/web"))
        );
        let package = tempfile::tempdir().unwrap();
        build(&package.path().join("web"));
        assert_eq!(
            built_page_beside(package.path()),
            Some(package.path().join("web"))
        );
        let half = tempfile::tempdir().unwrap();
        build(&half.path().join("web"));
        std::fs::remove_file(half.path().join("web").join(BUILT[2])).unwrap();
        assert_eq!(built_page_beside(half.path()), None, "no wasm: not a page");
        let unlisted = tempfile::tempdir().unwrap();
        put(&unlisted.path().join("web"), &BUILT);
        assert_eq!(
            built_page_beside(unlisted.path()),
            None,
            "no list: not a page"
        );
    }

    /// A table where something happened this week is hosted again; one left for longer, or
    /// none, is not.
    #[test]
    fn only_a_recent_table_is_hosted_again() {
        let day = 86_400_000;
        let now = 100 * day;
        assert!(recent(Some(now - day), now));
        assert!(recent(Some(now - 7 * day), now));
        assert!(!recent(Some(now - 9 * day), now));
        assert!(!recent(None, now));
    }
}
