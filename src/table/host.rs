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
        let database = data_dir.map_or_else(
            || PathBuf::from(":memory:"),
            |d| d.data.join("tables.sqlite"),
        );
        if let Some(folder) = database.parent()
            && !folder.as_os_str().is_empty()
        {
            std::fs::create_dir_all(folder).map_err(|e| logged(HostTrouble::Database, e))?;
        }
        let store = Store::open(&database).map_err(|e| logged(HostTrouble::Database, e))?;
        let (hub, broken) =
            Hub::new(store, Limits::default()).map_err(|e| logged(HostTrouble::Database, e))?;
        for (code, problem) in broken {
            bevy::log::warn!("hosted table {code} is kept but not played: {problem}");
        }
        let listener = runtime.block_on(listen())?;
        let port = listener
            .local_addr()
            .map_err(|e| logged(HostTrouble::Port, e))?
            .port();
        let web = page_folder();
        let serves_page = web.is_some();
        runtime.spawn(gamut_server::ws::serve(listener, Arc::new(hub), web));
        bevy::log::info!("hosting tables on port {port} (the page: {serves_page})");
        Ok(Hosted {
            port,
            lan: lan_address(),
            serves_page,
            _runtime: runtime,
        })
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

/// Listens on [`PORT`] of every network, or on a free port when it is taken.
async fn listen() -> Result<tokio::net::TcpListener, HostTrouble> {
    let any = Ipv4Addr::UNSPECIFIED;
    match tokio::net::TcpListener::bind((any, PORT)).await {
        Ok(listener) => Ok(listener),
        Err(_) => tokio::net::TcpListener::bind((any, 0))
            .await
            .map_err(|e| logged(HostTrouble::Port, e)),
    }
}

/// This machine's address on its local network: the one the system would send from to reach
/// another network (a UDP socket "connected" sends nothing).
fn lan_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

/// The page's files (`scripts/web.sh build`'s `dist/web`, or `web/` beside the assets of a
/// package), when they are there.
fn page_folder() -> Option<PathBuf> {
    let assets = crate::desktop::assets::locate().ok()?;
    let root = assets.parent()?;
    [root.join("web"), root.join("dist").join("web")]
        .into_iter()
        .find(|dir| dir.join("index.html").is_file())
}
