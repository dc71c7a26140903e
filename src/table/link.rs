//! The connection to a table's server: one WebSocket (ewebsock: tungstenite on a thread of its
//! own on the desktop, the browser's WebSocket in the page), the protocol's envelope on each
//! message, and the game's loop woken when a message arrives.

use gamut_net::{ToClient, ToServer};

/// What the connection brought since it was last asked.
#[derive(Debug, Clone, PartialEq)]
pub enum Arrival {
    /// The connection is open.
    Opened,
    /// A message of the table's.
    Message(Box<ToClient>),
    /// The server sent what this client cannot read (another version, garbage): the text of
    /// the reason, for the log; the connection is dropped.
    Unreadable(String),
    /// The connection closed or failed (the reason, for the log).
    Lost(String),
}

/// The socket's two ends.
struct Socket {
    sender: ewebsock::WsSender,
    receiver: ewebsock::WsReceiver,
}

/// An open (or opening) connection to a server. On the desktop the socket is behind a lock
/// (the game's systems run on any thread); in the page it cannot leave the page's one thread,
/// so it stays in that thread's table of sockets and the link holds its number.
pub struct Link {
    #[cfg(not(target_arch = "wasm32"))]
    socket: std::sync::Mutex<Socket>,
    #[cfg(target_arch = "wasm32")]
    socket: u64,
}

#[cfg(target_arch = "wasm32")]
thread_local! {
    static SOCKETS: std::cell::RefCell<std::collections::HashMap<u64, Socket>> =
        std::cell::RefCell::default();
    static NEXT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

#[cfg(target_arch = "wasm32")]
impl Drop for Link {
    fn drop(&mut self) {
        SOCKETS.with(|s| s.borrow_mut().remove(&self.socket));
    }
}

impl std::fmt::Debug for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Link")
    }
}

impl Link {
    /// Opens a connection to `url` (`ws://host:port/ws`); `wake` is called from the
    /// connection's thread each time something arrives.
    pub fn open(url: &str, wake: impl Fn() + Send + Sync + 'static) -> Result<Link, String> {
        let (sender, receiver) =
            ewebsock::connect_with_wakeup(url, ewebsock::Options::default(), wake)?;
        let socket = Socket { sender, receiver };
        #[cfg(not(target_arch = "wasm32"))]
        return Ok(Link {
            socket: std::sync::Mutex::new(socket),
        });
        #[cfg(target_arch = "wasm32")]
        {
            let id = NEXT.with(|n| {
                n.set(n.get() + 1);
                n.get()
            });
            SOCKETS.with(|s| s.borrow_mut().insert(id, socket));
            Ok(Link { socket: id })
        }
    }

    /// Runs `f` on the socket.
    fn with<R>(&mut self, f: impl FnOnce(&mut Socket) -> R) -> Option<R> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.socket.get_mut().ok().map(f)
        }
        #[cfg(target_arch = "wasm32")]
        {
            SOCKETS.with(|s| s.borrow_mut().get_mut(&self.socket).map(f))
        }
    }

    /// Sends `request` (in the protocol's envelope).
    pub fn send(&mut self, request: &ToServer) {
        let text = gamut_net::encode(request);
        self.with(|s| s.sender.send(ewebsock::WsMessage::Text(text)));
    }

    /// Everything that arrived, oldest first.
    pub fn arrivals(&mut self) -> Vec<Arrival> {
        self.with(Socket::arrivals).unwrap_or_default()
    }
}

impl Socket {
    fn arrivals(&mut self) -> Vec<Arrival> {
        let mut arrivals = Vec::new();
        while let Some(event) = self.receiver.try_recv() {
            let arrival = match event {
                ewebsock::WsEvent::Opened => Arrival::Opened,
                ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                    match gamut_net::decode::<ToClient>(text.as_bytes()) {
                        Ok(message) => Arrival::Message(Box::new(message)),
                        Err(fault) => Arrival::Unreadable(fault.to_string()),
                    }
                }
                // Pings are answered by the socket itself; the server sends text only.
                ewebsock::WsEvent::Message(_) => continue,
                ewebsock::WsEvent::Error(why) => Arrival::Lost(why),
                ewebsock::WsEvent::Closed => Arrival::Lost("closed".into()),
            };
            arrivals.push(arrival);
        }
        arrivals
    }
}

/// How long after losing a connection it is tried again.
pub const RETRY: std::time::Duration = std::time::Duration::from_secs(2);

/// What a [`Connection`] brought since it was last read.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// A message of the server's.
    Message(Box<ToClient>),
    /// The server sent what this client cannot read (the reason, for the log).
    Unreadable(String),
    /// The connection closed or failed (the reason, for the log); tried again after
    /// [`RETRY`] when it [`Connection::comes_back`].
    Lost(String),
}

/// The table's one client connection, for every part of the game that speaks to a server (a
/// table played or watched, the games waiting asked about, a tournament's tables followed):
/// its first request sent as it opens, and, when it comes back by itself, opened again
/// [`RETRY`] after a loss, saying its first request again (set it to what finds its place
/// again: rejoin a seat, watch a table).
pub struct Connection {
    url: String,
    link: Option<Link>,
    /// Sent each time the connection opens.
    pub first: Option<ToServer>,
    /// Whether a lost connection is opened again.
    pub comes_back: bool,
    retry_at: Option<web_time::Instant>,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("url", &self.url)
            .field("open", &self.link.is_some())
            .field("retry_at", &self.retry_at)
            .finish_non_exhaustive()
    }
}

impl Connection {
    /// Opens a connection to `url` that sends `first` once open; `wake` wakes the game's loop
    /// when something arrives.
    pub fn open(
        url: &str,
        first: Option<ToServer>,
        comes_back: bool,
        wake: &crate::rest::Wake,
    ) -> Result<Connection, String> {
        let waker = wake.clone();
        let link = Link::open(url, move || waker.wake())?;
        Ok(Connection {
            url: url.to_string(),
            link: Some(link),
            first,
            comes_back,
            retry_at: None,
        })
    }

    /// The server's WebSocket address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Whether the connection is up (or opening), not lost.
    pub fn is_up(&self) -> bool {
        self.link.is_some()
    }

    /// Sends `request` (nothing while the connection is lost).
    pub fn send(&mut self, request: &ToServer) {
        if let Some(link) = &mut self.link {
            link.send(request);
        }
    }

    /// What arrived, oldest first; the first request sent as the connection opens; a lost
    /// connection opened again when it is time (`next_frame` asked for that time).
    pub fn read(
        &mut self,
        wake: &crate::rest::Wake,
        next_frame: &mut crate::rest::NextFrame,
    ) -> Vec<Event> {
        if self.link.is_none() {
            self.try_again(wake, next_frame);
        }
        let arrivals = self.link.as_mut().map(Link::arrivals).unwrap_or_default();
        let mut events = Vec::new();
        for arrival in arrivals {
            match arrival {
                Arrival::Opened => {
                    if let (Some(first), Some(link)) = (&self.first, &mut self.link) {
                        link.send(first);
                    }
                }
                Arrival::Message(message) => events.push(Event::Message(message)),
                Arrival::Unreadable(why) => events.push(Event::Unreadable(why)),
                Arrival::Lost(why) => {
                    self.link = None;
                    self.retry_at = Some(web_time::Instant::now() + RETRY);
                    events.push(Event::Lost(why));
                    // What came after the loss is of no connection.
                    break;
                }
            }
        }
        events
    }

    /// Opens a lost connection again once it is time (it comes back by itself).
    fn try_again(&mut self, wake: &crate::rest::Wake, next_frame: &mut crate::rest::NextFrame) {
        let Some(due) = self.retry_at.filter(|_| self.comes_back) else {
            return;
        };
        let now = web_time::Instant::now();
        if now < due {
            next_frame.within(due - now);
            return;
        }
        let waker = wake.clone();
        match Link::open(&self.url, move || waker.wake()) {
            Ok(link) => {
                self.link = Some(link);
                self.retry_at = None;
            }
            Err(why) => {
                bevy::log::warn!("cannot open the connection to {} again: {why}", self.url);
                self.retry_at = Some(now + RETRY);
                next_frame.within(RETRY);
            }
        }
    }
}

/// The WebSocket address of the server at `address`: a host and port as a player types it
/// (`192.168.1.20:7878`), or a whole `ws://`, `wss://`, `http://` or `https://` address; the
/// path is the server's `/ws`. None when nothing was typed.
pub fn socket_url(address: &str) -> Option<String> {
    let address = address.trim().trim_end_matches('/');
    if address.is_empty() || address.chars().any(char::is_whitespace) {
        return None;
    }
    let (scheme, rest) = match address.split_once("://") {
        Some(("http" | "ws", rest)) => ("ws", rest),
        Some(("https" | "wss", rest)) => ("wss", rest),
        Some(_) => return None,
        None => ("ws", address),
    };
    let host = rest.trim_end_matches("/ws").trim_end_matches('/');
    (!host.is_empty()).then(|| format!("{scheme}://{host}/ws"))
}

#[cfg(test)]
mod tests {
    use super::socket_url;

    #[test]
    fn a_typed_address_becomes_the_servers_socket() {
        assert_eq!(
            socket_url(" 192.168.1.20:7878 ").as_deref(),
            Some("ws://192.168.1.20:7878/ws")
        );
        assert_eq!(
            socket_url("https://tables.example.org/").as_deref(),
            Some("wss://tables.example.org/ws")
        );
        assert_eq!(
            socket_url("ws://localhost:7878/ws").as_deref(),
            Some("ws://localhost:7878/ws")
        );
        assert_eq!(socket_url(""), None);
        assert_eq!(socket_url("two words"), None);
        assert_eq!(socket_url("ftp://x"), None);
    }
}
