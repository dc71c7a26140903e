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
