//! The server's door on the internet: who a connection comes from (behind a trusted reverse
//! proxy, the address it forwards), which pages may open the WebSocket (the `Origin` rule), how
//! many WebSockets are open from one address and in all, and when a silent one is let go.
//! Each is a small pure piece here; `crate::ws` applies them.

use std::collections::HashMap;
use std::fmt;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};

use axum::http::HeaderMap;
use axum::http::header::{HOST, ORIGIN};
use tokio::time::{Duration, Instant};

/// The header a reverse proxy names the client in (its own address appended at the right).
pub const FORWARDED_FOR: &str = "x-forwarded-for";

/// The address a connection counts as coming from: the TCP peer's, or, when the peer is a
/// proxy in `trusted`, the right-most address of `X-Forwarded-For` that is not itself a
/// trusted proxy (each proxy appends the address it heard from, so what stands left of a
/// trusted proxy's entry is only what the client claims). `X-Real-IP` and `Forwarded` are
/// never read. Without the header, or with an entry that is not an address before an
/// untrusted one is found, the last trusted hop is the answer: the peer itself at worst.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpAddr]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.contains(&ip.to_canonical());
    let peer = peer.to_canonical();
    if !is_trusted(peer) {
        return peer;
    }
    let mut last = peer;
    for value in headers.get_all(FORWARDED_FOR).iter().rev() {
        let Ok(text) = value.to_str() else {
            return last;
        };
        for entry in text.rsplit(',') {
            let Some(ip) = forwarded_entry(entry) else {
                return last;
            };
            if !is_trusted(ip) {
                return ip;
            }
            last = ip;
        }
    }
    last
}

/// One entry of `X-Forwarded-For`: an address, with or without a port (`[::1]:80`).
fn forwarded_entry(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    let ip = IpAddr::from_str(entry)
        .ok()
        .or_else(|| SocketAddr::from_str(entry).ok().map(|a| a.ip()))?;
    Some(ip.to_canonical())
}

/// A web origin: a scheme, a host and a port (the scheme's own when it is not written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

impl Origin {
    /// `scheme://host[:port]` as a browser writes it in `Origin` (a trailing `/` is allowed,
    /// for an operator who types one); None for anything else (a path, a user, `null`).
    pub fn parse(text: &str) -> Option<Origin> {
        let (scheme, authority) = text.split_once("://")?;
        let authority = authority.strip_suffix('/').unwrap_or(authority);
        let scheme_ok = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
        if !scheme_ok {
            return None;
        }
        let scheme = scheme.to_ascii_lowercase();
        let (host, port) = authority_parts(authority)?;
        let port = port.or_else(|| default_port(&scheme));
        Some(Origin { scheme, host, port })
    }

    /// Whether this origin is the server's own: the same host and port as the request's
    /// `Host` (which has no port when it is the scheme's own). The scheme is not compared: a
    /// reverse proxy holding the certificate passes `Host` on and speaks plain HTTP to us.
    fn is_host(&self, host_header: &str) -> bool {
        let Some((host, port)) = authority_parts(host_header) else {
            return false;
        };
        let port = port.or_else(|| default_port(&self.scheme));
        host == self.host && port.is_some() && port == self.port
    }
}

impl FromStr for Origin {
    type Err = String;

    fn from_str(text: &str) -> Result<Origin, String> {
        Origin::parse(text).ok_or_else(|| format!("not an origin (scheme://host[:port]): {text}"))
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme, self.host)?;
        match self.port {
            Some(port) if Some(port) != default_port(&self.scheme) => write!(f, ":{port}"),
            _ => Ok(()),
        }
    }
}

/// The port a scheme means when none is written.
fn default_port(scheme: &str) -> Option<u16> {
    match scheme {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        _ => None,
    }
}

/// `host[:port]` (a host in small letters; an IPv6 address in brackets), or None when it is
/// not one: empty, with a path, a user, spaces, or a port that is not a number.
fn authority_parts(authority: &str) -> Option<(String, Option<u16>)> {
    let (host, port) = if authority.starts_with('[') {
        let end = authority.find(']')?;
        let (host, rest) = authority.split_at(end + 1);
        match rest {
            "" => (host, None),
            _ => (host, Some(rest.strip_prefix(':')?)),
        }
    } else {
        match authority.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        }
    };
    let host_ok = match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => v6.parse::<Ipv6Addr>().is_ok(),
        None => {
            !host.is_empty()
                && host
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        }
    };
    if !host_ok {
        return None;
    }
    let port = match port {
        Some(digits) if digits.bytes().all(|b| b.is_ascii_digit()) => Some(digits.parse().ok()?),
        Some(_) => return None,
        None => None,
    };
    Some((host.to_ascii_lowercase(), port))
}

/// Whether a WebSocket upgrade with these `headers` may open: with no `Origin` (the desktop
/// game, any program that is not a browser: a browser always sends one), with the server's
/// own origin (its `Host`: the page it serves), or with one of `listed` (`--allow-origin`).
/// Anything else, `null` and two `Origin` headers included, is another site's page.
pub fn origin_allowed(headers: &HeaderMap, listed: &[Origin]) -> bool {
    let mut origins = headers.get_all(ORIGIN).iter();
    let Some(origin) = origins.next() else {
        return true;
    };
    if origins.next().is_some() {
        return false;
    }
    let Some(origin) = origin.to_str().ok().and_then(Origin::parse) else {
        return false;
    };
    let own = headers
        .get(HOST)
        .and_then(|host| host.to_str().ok())
        .is_some_and(|host| origin.is_host(host));
    own || listed.contains(&origin)
}

/// Why a connection was not let in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shut {
    /// Its address has as many connections open as it may.
    Address,
    /// The server has as many connections open as it may.
    Full,
}

/// The WebSockets open, from each address and in all, within their caps.
#[derive(Debug)]
pub struct Gate {
    total: usize,
    per_address: usize,
    open: Mutex<Open>,
}

#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// A connection let in: its place is given back when the pass is dropped, whichever way the
/// connection ended (closed, failed, timed out, its task cancelled).
#[derive(Debug)]
pub struct Pass {
    gate: Arc<Gate>,
    counted_as: IpAddr,
}

impl Gate {
    /// At most `total` connections open, `per_address` of them from one address.
    pub fn new(total: usize, per_address: usize) -> Arc<Gate> {
        Arc::new(Gate {
            total,
            per_address,
            open: Mutex::default(),
        })
    }

    /// Lets a connection from `from` in, or says why not.
    pub fn enter(self: &Arc<Self>, from: IpAddr) -> Result<Pass, Shut> {
        let counted_as = counted_as(from);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.total >= self.total {
            return Err(Shut::Full);
        }
        let mine = open.by_address.entry(counted_as).or_default();
        if *mine >= self.per_address {
            return Err(Shut::Address);
        }
        *mine += 1;
        open.total += 1;
        Ok(Pass {
            gate: self.clone(),
            counted_as,
        })
    }

    /// The connections open from `from` (as it is counted) and in all.
    pub fn open(&self, from: IpAddr) -> (usize, usize) {
        let open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let mine = open.by_address.get(&counted_as(from)).copied();
        (mine.unwrap_or(0), open.total)
    }
}

impl Drop for Pass {
    fn drop(&mut self) {
        let mut open = self
            .gate
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        open.total = open.total.saturating_sub(1);
        if let Some(mine) = open.by_address.get_mut(&self.counted_as) {
            *mine = mine.saturating_sub(1);
            if *mine == 0 {
                open.by_address.remove(&self.counted_as);
            }
        }
    }
}

/// The address a connection is counted under: an IPv4 address itself (an IPv4 address in
/// IPv6's clothes too), an IPv6 address by its /64 (one home or one machine is given a whole
/// /64, so counting single IPv6 addresses would count nothing).
pub fn counted_as(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let prefix = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(prefix))
        }
        v4 => v4,
    }
}

/// When a connection that says nothing is let go: `first` after it opens until its first
/// message of the protocol, then `idle` after the last thing heard (a message, or a
/// WebSocket ping or pong: the server pings, and clients answer by themselves).
#[derive(Debug, Clone)]
pub struct Silence {
    first: Duration,
    idle: Duration,
    opened: Instant,
    spoke: bool,
    heard: Instant,
}

impl Silence {
    /// A connection opened at `now`.
    pub fn new(first: Duration, idle: Duration, now: Instant) -> Silence {
        Silence {
            first,
            idle,
            opened: now,
            spoke: false,
            heard: now,
        }
    }

    /// Something came at `now`: a message of the protocol when `message`, else a control
    /// frame (a ping or a pong), which keeps a connection alive but is not its first message.
    pub fn heard(&mut self, now: Instant, message: bool) {
        self.heard = now;
        self.spoke |= message;
    }

    /// When the connection is let go if nothing more comes.
    pub fn deadline(&self) -> Instant {
        if self.spoke {
            self.heard + self.idle
        } else {
            self.opened + self.first
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn the_forwarded_address_is_read_only_from_a_trusted_proxy() {
        let proxy = [ip("127.0.0.1")];
        let forwarded = headers(&[(FORWARDED_FOR, "203.0.113.7")]);
        // A client on its own cannot say it is someone else.
        assert_eq!(
            client_address(ip("198.51.100.2"), &forwarded, &proxy),
            ip("198.51.100.2")
        );
        assert_eq!(
            client_address(ip("127.0.0.1"), &forwarded, &proxy),
            ip("203.0.113.7")
        );
        // Nobody trusted: the header is never read.
        assert_eq!(
            client_address(ip("127.0.0.1"), &forwarded, &[]),
            ip("127.0.0.1")
        );
        // A trusted proxy that sends no header: the proxy's address.
        assert_eq!(
            client_address(ip("127.0.0.1"), &HeaderMap::new(), &proxy),
            ip("127.0.0.1")
        );
        // X-Real-IP is not read.
        let real = headers(&[("x-real-ip", "203.0.113.7")]);
        assert_eq!(
            client_address(ip("127.0.0.1"), &real, &proxy),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn the_right_most_address_not_a_trusted_proxy_is_the_clients() {
        let proxies = [ip("127.0.0.1"), ip("10.0.0.5")];
        let at = |value: &str| {
            client_address(
                ip("127.0.0.1"),
                &headers(&[(FORWARDED_FOR, value)]),
                &proxies,
            )
        };
        // What the client claimed stands left of what its proxy heard.
        assert_eq!(at("1.1.1.1, 203.0.113.7"), ip("203.0.113.7"));
        // Through two proxies of ours.
        assert_eq!(at("1.1.1.1, 203.0.113.7, 10.0.0.5"), ip("203.0.113.7"));
        // Only trusted proxies: the left-most of them.
        assert_eq!(at("10.0.0.5, 127.0.0.1"), ip("10.0.0.5"));
        // With ports, IPv6, spaces.
        assert_eq!(at(" 203.0.113.7:4312 "), ip("203.0.113.7"));
        assert_eq!(at("[2001:db8::1]:443"), ip("2001:db8::1"));
        assert_eq!(at("2001:db8::1"), ip("2001:db8::1"));
        // Not an address before an untrusted one: the last trusted hop.
        assert_eq!(at("203.0.113.7, unknown, 10.0.0.5"), ip("10.0.0.5"));
        assert_eq!(at("garbage"), ip("127.0.0.1"));
        assert_eq!(at(""), ip("127.0.0.1"));
        // An IPv4 address written as IPv6 is the IPv4 address.
        assert_eq!(at("::ffff:203.0.113.7"), ip("203.0.113.7"));
    }

    #[test]
    fn several_forwarded_headers_read_as_one_list() {
        let proxy = [ip("127.0.0.1")];
        let two = headers(&[(FORWARDED_FOR, "1.1.1.1"), (FORWARDED_FOR, "203.0.113.7")]);
        assert_eq!(
            client_address(ip("127.0.0.1"), &two, &proxy),
            ip("203.0.113.7")
        );
        // The peer itself in IPv6's clothes is still the trusted proxy.
        assert_eq!(
            client_address(ip("::ffff:127.0.0.1"), &two, &proxy),
            ip("203.0.113.7")
        );
    }

    #[test]
    fn origins_parse_as_browsers_write_them() {
        let o = Origin::parse("https://Example.org").unwrap();
        assert_eq!(o, Origin::parse("https://example.org:443/").unwrap());
        assert_eq!(o.to_string(), "https://example.org");
        assert_eq!(
            Origin::parse("http://192.168.1.20:7878")
                .unwrap()
                .to_string(),
            "http://192.168.1.20:7878"
        );
        assert_eq!(
            Origin::parse("http://[::1]:7878").unwrap().to_string(),
            "http://[::1]:7878"
        );
        for bad in [
            "null",
            "",
            "example.org",
            "https://",
            "https://example.org/page",
            "https://user@example.org",
            "https://example.org:port",
            "https://example.org:99999",
            "https://exa mple.org",
            "1http://example.org",
            "https://[::1",
        ] {
            assert_eq!(Origin::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn no_origin_the_servers_own_and_listed_ones_may_open_the_socket() {
        let listed = [Origin::parse("https://example.org").unwrap()];
        let allowed = |pairs: &[(&'static str, &str)]| origin_allowed(&headers(pairs), &listed);
        // The desktop game sends no Origin.
        assert!(allowed(&[("host", "192.168.1.20:7878")]));
        // The page the server itself serves (a phone on the LAN, the home host).
        assert!(allowed(&[
            ("host", "192.168.1.20:7878"),
            ("origin", "http://192.168.1.20:7878")
        ]));
        // Behind a proxy holding the certificate, which passes Host on.
        assert!(allowed(&[
            ("host", "gamut.example.net"),
            ("origin", "https://gamut.example.net")
        ]));
        assert!(allowed(&[
            ("host", "Gamut.Example.net:443"),
            ("origin", "https://gamut.example.net")
        ]));
        assert!(allowed(&[
            ("host", "[::1]:7878"),
            ("origin", "http://[::1]:7878")
        ]));
        // Listed by the operator.
        assert!(allowed(&[
            ("host", "gamut.example.net"),
            ("origin", "https://example.org")
        ]));
    }

    #[test]
    fn another_sites_page_may_not() {
        let listed = [Origin::parse("https://example.org").unwrap()];
        let allowed = |pairs: &[(&'static str, &str)]| origin_allowed(&headers(pairs), &listed);
        assert!(!allowed(&[
            ("host", "192.168.1.20:7878"),
            ("origin", "https://evil.example")
        ]));
        // The same host on another port is another origin.
        assert!(!allowed(&[
            ("host", "192.168.1.20:7878"),
            ("origin", "http://192.168.1.20:8080")
        ]));
        assert!(!allowed(&[
            ("host", "192.168.1.20:7878"),
            ("origin", "http://192.168.1.20")
        ]));
        // A listed origin's host on another scheme is not the listed origin.
        assert!(!allowed(&[("host", "x"), ("origin", "http://example.org")]));
        // No Host to compare with; `null`; garbage; two origins.
        assert!(!allowed(&[("origin", "http://192.168.1.20:7878")]));
        assert!(!allowed(&[("host", "x"), ("origin", "null")]));
        assert!(!allowed(&[("host", "x"), ("origin", "http://x/../")]));
        assert!(!allowed(&[
            ("host", "x"),
            ("origin", "http://x"),
            ("origin", "https://evil.example")
        ]));
        // A Host that is not one.
        assert!(!allowed(&[("host", "x/y"), ("origin", "http://x")]));
    }

    #[test]
    fn the_gate_counts_each_address_and_the_whole() {
        let gate = Gate::new(3, 2);
        let a = ip("203.0.113.7");
        let b = ip("198.51.100.2");
        let first = gate.enter(a).unwrap();
        let _second = gate.enter(a).unwrap();
        assert_eq!(gate.enter(a).unwrap_err(), Shut::Address);
        let _third = gate.enter(b).unwrap();
        assert_eq!(gate.enter(b).unwrap_err(), Shut::Full);
        assert_eq!(gate.open(a), (2, 3));
        // A connection that ends gives its place back.
        drop(first);
        assert_eq!(gate.open(a), (1, 2));
        let _again = gate.enter(a).unwrap();
        assert_eq!(gate.open(a), (2, 3));
    }

    #[test]
    fn the_gate_forgets_an_address_with_nothing_open() {
        let gate = Gate::new(10, 1);
        drop(gate.enter(ip("203.0.113.7")).unwrap());
        let open = gate.open.lock().unwrap();
        assert!(open.by_address.is_empty());
        assert_eq!(open.total, 0);
    }

    #[test]
    fn ipv6_counts_by_its_64_and_ipv4_as_itself() {
        assert_eq!(
            counted_as(ip("2001:db8:1:2:aaaa::1")),
            counted_as(ip("2001:db8:1:2:bbbb::2"))
        );
        assert_ne!(
            counted_as(ip("2001:db8:1:2::1")),
            counted_as(ip("2001:db8:1:3::1"))
        );
        assert_eq!(counted_as(ip("::ffff:203.0.113.7")), ip("203.0.113.7"));
        let gate = Gate::new(10, 1);
        let _one = gate.enter(ip("2001:db8:1:2::1")).unwrap();
        assert_eq!(
            gate.enter(ip("2001:db8:1:2::99")).unwrap_err(),
            Shut::Address
        );
    }

    #[test]
    fn silence_waits_for_the_first_message_then_for_anything() {
        let start = Instant::now();
        let s = Duration::from_secs;
        let mut silence = Silence::new(s(30), s(300), start);
        assert_eq!(silence.deadline(), start + s(30));
        // A pong before the first message does not count as one.
        silence.heard(start + s(10), false);
        assert_eq!(silence.deadline(), start + s(30));
        silence.heard(start + s(20), true);
        assert_eq!(silence.deadline(), start + s(320));
        // After it, a pong keeps the connection alive.
        silence.heard(start + s(200), false);
        assert_eq!(silence.deadline(), start + s(500));
    }
}
