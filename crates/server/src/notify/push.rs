//! Web Push: a message encrypted for one browser's subscription (RFC 8291, by
//! `web-push-native`), signed with the server's VAPID key (RFC 8292: an ES256 token by
//! RustCrypto's `p256`), and posted to the subscription's push service (RFC 8030) by hyper's
//! client over rustls.
//!
//! The VAPID key is made once and kept in a file (`--vapid-key`, written atomically, readable
//! by its owner only): browsers tie each subscription to it, so a new key would lose them all.

use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::task::{Context, Poll};
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::connect::dns::{GaiResolver, Name};
use hyper_util::rt::TokioExecutor;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use serde::{Deserialize, Serialize};

use gamut_net::notify::PushSubscription;

/// How long a push service keeps a message for a browser that is off (its `TTL`): a day.
const PUSH_TTL: Duration = Duration::from_secs(24 * 3600);
/// How long a VAPID token is good for (RFC 8292: at most 24 hours).
const VAPID_VALID_SECS: i64 = 12 * 3600;
/// How long one push service may take to answer.
const PUSH_TIMEOUT: Duration = Duration::from_secs(30);

/// A subscription as the server keeps it (checked: its key a point of the curve, its secret
/// 16 bytes, its endpoint one the server may post to).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subscription {
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

/// What a push service said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sent {
    Delivered,
    /// The subscription is gone (404, 410): forget it.
    Gone,
}

/// The server's VAPID key, read from `path` or made there once.
pub fn vapid_key(path: &Path) -> Result<SigningKey, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let bytes = URL_SAFE_NO_PAD
                .decode(text.trim())
                .map_err(|e| format!("{}: not base64url: {e}", path.display()))?;
            SigningKey::from_slice(&bytes)
                .map_err(|e| format!("{}: not a P-256 key: {e}", path.display()))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key = SigningKey::random(&mut p256::elliptic_curve::rand_core::OsRng);
            write_atomically(path, &URL_SAFE_NO_PAD.encode(key.to_bytes()))?;
            tracing::info!("a new VAPID key kept in {}", path.display());
            Ok(key)
        }
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Writes `text` to a file beside `path` and renames it there (readable by its owner only).
fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    use std::io::Write;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let dir = dir.unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or("vapid".into(), |n| n.to_string_lossy());
    let temporary = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = (|| {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&temporary)?;
        file.write_all(text.as_bytes())?;
        file.write_all(b"\n")?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    written.map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        format!("{}: {e}", path.display())
    })
}

/// The key's public half as the page gives it to `pushManager.subscribe`
/// (`applicationServerKey`): the uncompressed point, base64url.
pub fn public_key(key: &SigningKey) -> String {
    let point = key.verifying_key().to_encoded_point(false);
    URL_SAFE_NO_PAD.encode(point.as_bytes())
}

/// RFC 8292's `Authorization` header for a message to `endpoint` at `now_secs`: a token
/// signed by `key` for the endpoint's origin, with the operator's contact `subject`.
pub fn vapid_header(
    key: &SigningKey,
    endpoint: &http::Uri,
    subject: &str,
    now_secs: i64,
) -> String {
    let audience = format!(
        "{}://{}",
        endpoint.scheme_str().unwrap_or("https"),
        endpoint.authority().map_or("", |a| a.as_str())
    );
    let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
    let claims = serde_json::json!({
        "aud": audience,
        "exp": now_secs + VAPID_VALID_SECS,
        "sub": subject,
    });
    let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
    let signed = format!("{header}.{claims}");
    let signature: Signature = key.sign(signed.as_bytes());
    let token = format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()));
    format!("vapid t={token}, k={}", public_key(key))
}

/// A subscription as a client gave it, checked: its keys, and an endpoint the server may post
/// to (https, a name rather than an address; or anything when `allow_local`, for tests).
pub fn checked(sub: &PushSubscription, allow_local: bool) -> Result<Subscription, String> {
    let endpoint: http::Uri = sub
        .endpoint
        .as_str()
        .parse()
        .map_err(|e| format!("the endpoint: {e}"))?;
    if !allow_local {
        let https = endpoint.scheme_str() == Some("https");
        let host = endpoint.host().unwrap_or("");
        let named = host.contains('.')
            && host.parse::<std::net::IpAddr>().is_err()
            && !host.starts_with('[')
            && !host.ends_with(".localhost")
            && !host.ends_with(".local");
        if !https || !named {
            return Err("an endpoint the server does not post to".into());
        }
    }
    let p256dh = decode_key(sub.keys.p256dh.as_str())?;
    p256::PublicKey::from_sec1_bytes(&p256dh).map_err(|_| "p256dh: not a P-256 point")?;
    if decode_key(sub.keys.auth.as_str())?.len() != 16 {
        return Err("auth: not 16 bytes".into());
    }
    Ok(Subscription {
        endpoint: sub.endpoint.as_str().to_string(),
        p256dh: sub.keys.p256dh.as_str().to_string(),
        auth: sub.keys.auth.as_str().to_string(),
    })
}

fn decode_key(text: &str) -> Result<Vec<u8>, String> {
    URL_SAFE_NO_PAD
        .decode(text.trim_end_matches('='))
        .map_err(|e| format!("a key not base64url: {e}"))
}

/// The system's resolver, keeping only the public addresses of a name (all of them when
/// `allow_local`): a subscription's endpoint cannot make the server post into its own network.
#[derive(Clone)]
pub struct PublicOnly {
    names: GaiResolver,
    allow_local: bool,
}

impl tower_service::Service<Name> for PublicOnly {
    type Response = std::vec::IntoIter<SocketAddr>;
    type Error = std::io::Error;
    type Future = futures_util::future::BoxFuture<'static, std::io::Result<Self::Response>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        self.names.poll_ready(cx)
    }

    fn call(&mut self, name: Name) -> Self::Future {
        let (found, allow_local) = (self.names.call(name), self.allow_local);
        Box::pin(async move {
            let kept: Vec<SocketAddr> = found
                .await?
                .filter(|at| allow_local || public(at.ip()))
                .collect();
            if kept.is_empty() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::PermissionDenied,
                    "the push endpoint's name leads to no public address",
                ));
            }
            Ok(kept.into_iter())
        })
    }
}

/// An error and what caused it, each in turn (hyper's client says only "client error
/// (Connect)" by itself).
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(e) = cause {
        text.push_str(&format!(": {e}"));
        cause = e.source();
    }
    text
}

/// Whether `ip` is an address of the public internet: not this machine, a private or shared
/// network, a link, a multicast group, documentation or a reserved block.
pub fn public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b))
                || (a == 192 && b == 0 && c == 0)
                || (a == 198 && (18..20).contains(&b))
                || a >= 240)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return public(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || (first == 0x2001 && v6.segments()[1] == 0x0db8)
                || first == 0x0064)
        }
    }
}

/// Posts pushes, signed with the server's key.
pub struct Pusher {
    key: SigningKey,
    subject: String,
    client: Client<hyper_rustls::HttpsConnector<HttpConnector<PublicOnly>>, Full<Bytes>>,
}

impl Pusher {
    /// A pusher signing with `key`, giving push services the operator's contact `subject`
    /// (`mailto:…` or the site's `https://` address). It posts only to public addresses: an
    /// endpoint's name that leads into a private network (the server's own, say) is refused,
    /// unless `allow_local` (tests, whose push service is on this machine).
    pub fn new(key: SigningKey, subject: String, allow_local: bool) -> Pusher {
        let mut http = HttpConnector::new_with_resolver(PublicOnly {
            names: GaiResolver::new(),
            allow_local,
        });
        http.enforce_http(false);
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_webpki_roots()
            .https_or_http()
            .enable_http1()
            .wrap_connector(http);
        let client = Client::builder(TokioExecutor::new()).build(https);
        Pusher {
            key,
            subject,
            client,
        }
    }

    /// The key's public half, for the page.
    pub fn public_key(&self) -> String {
        public_key(&self.key)
    }

    /// Encrypts `text` for `sub` and posts it.
    pub async fn send(
        &self,
        sub: &Subscription,
        text: &str,
        now_secs: i64,
    ) -> Result<Sent, String> {
        let request = self.request(sub, text, now_secs)?;
        let answer = tokio::time::timeout(PUSH_TIMEOUT, self.client.request(request))
            .await
            .map_err(|_| "the push service took too long".to_string())?
            .map_err(|e| format!("the push service: {}", with_causes(&e)))?;
        let status = answer.status();
        // The answer's body is read and dropped (the connection is then kept for the next).
        let _ = tokio::time::timeout(PUSH_TIMEOUT, answer.into_body().collect()).await;
        match status.as_u16() {
            200..=299 => Ok(Sent::Delivered),
            404 | 410 => Ok(Sent::Gone),
            other => Err(format!("the push service answered {other}")),
        }
    }

    fn request(
        &self,
        sub: &Subscription,
        text: &str,
        now_secs: i64,
    ) -> Result<http::Request<Full<Bytes>>, String> {
        let endpoint: http::Uri = sub.endpoint.parse().map_err(|e| format!("{e}"))?;
        let ua_public = p256::PublicKey::from_sec1_bytes(&decode_key(&sub.p256dh)?)
            .map_err(|_| "p256dh: not a P-256 point".to_string())?;
        let auth = decode_key(&sub.auth)?;
        if auth.len() != 16 {
            return Err("auth: not 16 bytes".into());
        }
        let auth = web_push_native::Auth::clone_from_slice(&auth);
        let request = web_push_native::WebPushBuilder::new(endpoint.clone(), ua_public, auth)
            .with_valid_duration(PUSH_TTL)
            .build(text.as_bytes().to_vec())
            .map_err(|e| format!("the push not encrypted: {e}"))?;
        let (mut parts, body) = request.into_parts();
        let vapid = vapid_header(&self.key, &endpoint, &self.subject, now_secs);
        parts.headers.insert(
            http::header::AUTHORIZATION,
            vapid.parse().map_err(|_| "a VAPID header".to_string())?,
        );
        parts
            .headers
            .insert("Urgency", http::HeaderValue::from_static("normal"));
        Ok(http::Request::from_parts(
            parts,
            Full::new(Bytes::from(body)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_are_posted_to() {
        let private = [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.9",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "192.0.0.8",
            "198.18.0.1",
            "224.0.0.1",
            "240.0.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "2001:db8::1",
            "::ffff:10.0.0.1",
            "64:ff9b::a00:1",
        ];
        for ip in private {
            assert!(!public(ip.parse().unwrap()), "{ip} is not public");
        }
        for ip in [
            "8.8.8.8",
            "142.250.1.1",
            "2a00:1450:4001::1",
            "::ffff:1.1.1.1",
        ] {
            assert!(public(ip.parse().unwrap()), "{ip} is public");
        }
    }

    #[tokio::test]
    async fn a_name_of_this_machine_is_not_posted_to() {
        let key = SigningKey::random(&mut p256::elliptic_curve::rand_core::OsRng);
        let pusher = Pusher::new(key, "mailto:operator@example.org".into(), false);
        // A service on this machine, which the pusher must not reach by its name.
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let sub = Subscription {
            endpoint: format!("http://localhost:{port}/push"),
            p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4".into(),
            auth: "BTBZMqHH6r4Tts7J_aSIgg".into(),
        };
        let refused = pusher.send(&sub, "hello", 0).await.unwrap_err();
        assert!(refused.contains("no public address"), "{refused}");
    }

    #[test]
    fn a_key_is_kept_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("vapid.key");
        let made = vapid_key(&path).unwrap();
        let read = vapid_key(&path).unwrap();
        assert_eq!(made.to_bytes(), read.to_bytes());
        assert_eq!(public_key(&made).len(), 87);
        std::fs::write(&path, "not a key").unwrap();
        assert!(vapid_key(&path).is_err());
    }

    /// A subscription to `endpoint` with a real key (only read, never posted to).
    fn subscription(endpoint: &str) -> PushSubscription {
        let secret = p256::SecretKey::random(&mut p256::elliptic_curve::rand_core::OsRng);
        let point = secret.public_key().to_sec1_bytes();
        let json = serde_json::json!({
            "endpoint": endpoint,
            "keys": { "p256dh": URL_SAFE_NO_PAD.encode(point), "auth": URL_SAFE_NO_PAD.encode([7u8; 16]) }
        });
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn only_a_named_https_push_service_is_posted_to() {
        let ok = "https://push.example.net/send/abc";
        assert!(checked(&subscription(ok), false).is_ok());
        for refused in [
            "http://push.example.net/send/abc",
            "https://127.0.0.1/x",
            "https://10.0.0.1:8443/x",
            "https://[::1]/x",
            "https://localhost/x",
            "https://printer.local/x",
            "https://intranet/x",
        ] {
            assert!(checked(&subscription(refused), false).is_err(), "{refused}");
        }
        assert!(checked(&subscription("http://127.0.0.1:9/x"), true).is_ok());
        let mut bad_key = subscription(ok);
        bad_key.keys.p256dh = gamut_net::notify::PushKey::parse("AAAA").unwrap();
        assert!(checked(&bad_key, true).is_err());
    }
}
