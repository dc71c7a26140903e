//! Told when it is your move (issue #51), through the whole path on this machine: players at
//! correspondence tables over real WebSockets, the server's notices sent by its real mail client
//! to an SMTP sink on 127.0.0.1 and by its real push client to a push endpoint on 127.0.0.1
//! (the message decrypted with the subscription's private keys, the VAPID token checked). The
//! hub goes by a test clock: hours pass at once. No address outside this machine is contacted
//! (the site's address `http://gamut.invalid` is only written in the links). Each case runs on
//! SQLite, then on a real PostgreSQL this test starts itself (common/postgres.rs), as a public
//! site keeps its tables.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use common::{Client, HttpAnswer, http_get, position};
use gamut_engine::Game;
use gamut_engine::any_game::{AnyPosition, GameConfig};
use gamut_net::notify::{
    Email, Lang, MailState, NotifyAsk, NotifyRefusal, PushSubscription, Reminders,
};
use gamut_net::{Clock, Code, Refusal, ToClient, ToServer, Token};
use gamut_server::hub::{Hub, Limits};
use gamut_server::notify::mail::Mailer;
use gamut_server::notify::push::Pusher;
use gamut_server::notify::{Config, Notifier};
use gamut_server::store::{Lease, Store};
use gamut_server::ws::Serving;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

const SITE: &str = "http://gamut.invalid";
const HOUR: i64 = 3_600_000;

/// A mail the sink received: its recipients and its whole text (head and body).
#[derive(Debug)]
struct Received {
    to: Vec<String>,
    text: String,
}

impl Received {
    fn header(&self, name: &str) -> Option<&str> {
        let head = self.text.split("\r\n\r\n").next()?;
        head.split("\r\n").find_map(|line| {
            let (n, v) = line.split_once(':')?;
            n.eq_ignore_ascii_case(name).then_some(v.trim())
        })
    }

    /// The body as a mail program shows it (quoted-printable decoded, as lettre sends long
    /// lines).
    fn body(&self) -> String {
        let raw = self.text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        if self.header("Content-Transfer-Encoding") != Some("quoted-printable") {
            return raw.to_string();
        }
        let joined = raw.replace("=\r\n", "");
        let bytes = joined.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            match hex.map(|h| u8::from_str_radix(h, 16)) {
                Some(Ok(b)) if bytes[i] == b'=' => {
                    out.push(b);
                    i += 3;
                }
                _ => {
                    out.push(bytes[i]);
                    i += 1;
                }
            }
        }
        String::from_utf8(out).unwrap()
    }

    /// The token of the first link to `route` in the body.
    fn token_of(&self, route: &str) -> String {
        let body = self.body();
        let at = body.find(&format!("{SITE}{route}?t=")).expect("the link");
        let rest = &body[at + SITE.len() + route.len() + 3..];
        rest[..32].to_string()
    }
}

/// A tiny SMTP server on 127.0.0.1: every mail it is given goes to the channel.
async fn smtp_sink() -> (u16, mpsc::UnboundedReceiver<Received>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            tokio::spawn(smtp_session(stream, tx.clone()));
        }
    });
    (port, rx)
}

async fn smtp_session(stream: tokio::net::TcpStream, tx: mpsc::UnboundedSender<Received>) {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    let _ = write.write_all(b"220 sink ESMTP\r\n").await;
    let mut to = Vec::new();
    while let Ok(Some(line)) = lines.next_line().await {
        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
        let answer: &[u8] = match verb.as_str() {
            "EHLO" | "HELO" => b"250-sink\r\n250 8BITMIME\r\n",
            "RCPT" => {
                to.push(line[8..].trim().trim_matches(['<', '>']).to_string());
                b"250 ok\r\n"
            }
            "DATA" => {
                let _ = write.write_all(b"354 go on\r\n").await;
                let mut text = String::new();
                while let Ok(Some(l)) = lines.next_line().await {
                    if l == "." {
                        break;
                    }
                    text.push_str(&l);
                    text.push_str("\r\n");
                }
                let _ = tx.send(Received {
                    to: std::mem::take(&mut to),
                    text,
                });
                b"250 kept\r\n"
            }
            "QUIT" => {
                let _ = write.write_all(b"221 bye\r\n").await;
                return;
            }
            _ => b"250 ok\r\n",
        };
        if write.write_all(answer).await.is_err() {
            return;
        }
    }
}

/// A push the endpoint received: its path, its `Authorization` and its encrypted body.
#[derive(Debug)]
struct Pushed {
    path: String,
    authorization: String,
    encoding: String,
    body: Vec<u8>,
}

/// A push service on 127.0.0.1: every POST goes to the channel, answered 201.
async fn push_endpoint() -> (String, mpsc::UnboundedReceiver<Pushed>) {
    use axum::body::Bytes;
    use axum::http::{HeaderMap, StatusCode, Uri};
    let (tx, rx) = mpsc::unbounded_channel();
    let app = axum::Router::new().fallback(move |uri: Uri, headers: HeaderMap, body: Bytes| {
        let tx = tx.clone();
        async move {
            let header = |n: &str| {
                headers
                    .get(n)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("")
                    .to_string()
            };
            let _ = tx.send(Pushed {
                path: uri.path().to_string(),
                authorization: header("authorization"),
                encoding: header("content-encoding"),
                body: body.to_vec(),
            });
            StatusCode::CREATED
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (origin, rx)
}

/// A browser's side of a subscription: its private key and secret, and what it gives.
struct Browser {
    secret: p256::SecretKey,
    auth: [u8; 16],
    subscription: PushSubscription,
}

fn browser(endpoint: &str) -> Browser {
    let secret = p256::SecretKey::random(&mut p256::elliptic_curve::rand_core::OsRng);
    let auth: [u8; 16] = rand::random();
    let public = secret.public_key().as_affine().to_encoded_point(false);
    let json = serde_json::json!({
        "endpoint": endpoint,
        "expirationTime": null,
        "keys": {
            "p256dh": URL_SAFE_NO_PAD.encode(public.as_bytes()),
            "auth": URL_SAFE_NO_PAD.encode(auth),
        }
    });
    Browser {
        secret,
        auth,
        subscription: serde_json::from_value(json).unwrap(),
    }
}

impl Browser {
    /// The push's text, decrypted as the browser does (RFC 8291).
    fn read(&self, pushed: &Pushed) -> serde_json::Value {
        assert_eq!(pushed.encoding, "aes128gcm");
        let auth = web_push_native::Auth::clone_from_slice(&self.auth);
        let plain = web_push_native::decrypt(pushed.body.clone(), &self.secret, &auth)
            .expect("the push decrypts with the subscription's keys");
        serde_json::from_slice(&plain).unwrap()
    }
}

/// The VAPID header checked as a push service does (RFC 8292): the token signed by the key it
/// names, for the endpoint's origin, not expired, with a contact.
fn check_vapid(authorization: &str, origin: &str, now_secs: i64, server_key: &str) {
    use p256::ecdsa::signature::Verifier;
    let rest = authorization
        .strip_prefix("vapid t=")
        .expect("a vapid header");
    let (token, key) = rest.split_once(", k=").expect("t and k");
    assert_eq!(key, server_key, "the server's public key");
    let point = URL_SAFE_NO_PAD.decode(key).unwrap();
    let verifying = p256::ecdsa::VerifyingKey::from_sec1_bytes(&point).unwrap();
    let (signed, signature) = token.rsplit_once('.').unwrap();
    let signature =
        p256::ecdsa::Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
    verifying
        .verify(signed.as_bytes(), &signature)
        .expect("the token's signature holds");
    let (header, claims) = signed.split_once('.').unwrap();
    let header: serde_json::Value =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(header).unwrap()).unwrap();
    assert_eq!(header["alg"], "ES256");
    let claims: serde_json::Value =
        serde_json::from_slice(&URL_SAFE_NO_PAD.decode(claims).unwrap()).unwrap();
    assert_eq!(claims["aud"], origin);
    let exp = claims["exp"].as_i64().unwrap();
    assert!(
        exp > now_secs && exp <= now_secs + 24 * 3600,
        "{exp} {now_secs}"
    );
    assert_eq!(claims["sub"], "mailto:operator@example.org");
}

/// The server with its notices, on the test's clock.
struct World {
    address: String,
    hub: Arc<Hub>,
    notifier: Arc<Notifier>,
    clock: Arc<AtomicI64>,
    mails: mpsc::UnboundedReceiver<Received>,
    pushes: mpsc::UnboundedReceiver<Pushed>,
    push_origin: String,
    push_key: String,
    _dir: tempfile::TempDir,
}

/// The server with its notices over a SQLite file (`postgres` none) or the PostgreSQL
/// database at that URL.
async fn world(postgres: Option<&str>) -> World {
    let (smtp_port, mails) = smtp_sink().await;
    let (push_origin, pushes) = push_endpoint().await;
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(AtomicI64::new(1_800_000_000_000));
    let now = clock.clone();
    let store = match postgres {
        Some(url) => Store::connect(url, Lease::default()).unwrap(),
        None => Store::open(&dir.path().join("tables.sqlite")).unwrap(),
    };
    let (hub, _) = Hub::with_clock(
        store,
        Limits::default(),
        Arc::new(move || now.load(Ordering::SeqCst)),
    )
    .unwrap();
    let mailer = Mailer::new(
        &format!("smtp://127.0.0.1:{smtp_port}"),
        "Gamut <tables@example.org>",
    )
    .unwrap();
    let key = gamut_server::notify::push::vapid_key(&dir.path().join("vapid.key")).unwrap();
    let pusher = Pusher::new(key, "mailto:operator@example.org".into(), true);
    let push_key = pusher.public_key();
    let mut config = Config::for_site(SITE);
    config.look_every = Duration::from_secs(3600 * 24);
    config.allow_local_push = true;
    let notifier = Arc::new(Notifier::new(config, Some(mailer), Some(pusher)));
    let hub = Arc::new(hub.notifying(notifier.clone()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap().to_string();
    tokio::spawn(gamut_server::ws::serve(
        listener,
        hub.clone(),
        Serving {
            notifier: Some(notifier.clone()),
            ..Serving::default()
        },
    ));
    World {
        address,
        hub,
        notifier,
        clock,
        mails,
        pushes,
        push_origin,
        push_key,
        _dir: dir,
    }
}

impl World {
    fn advance(&self, ms: i64) {
        self.clock.fetch_add(ms, Ordering::SeqCst);
    }

    fn now(&self) -> i64 {
        self.clock.load(Ordering::SeqCst)
    }

    /// One look of the notifier's, then what it sent (the mails and pushes it sent arrived
    /// before it returned: it waits for each answer).
    async fn look(&mut self) -> (Vec<Received>, Vec<Pushed>) {
        self.notifier.look(&self.hub).await;
        // The sink hands a mail over before it answers the mail client.
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut mails = Vec::new();
        while let Ok(mail) = self.mails.try_recv() {
            mails.push(mail);
        }
        let mut pushes = Vec::new();
        while let Ok(push) = self.pushes.try_recv() {
            pushes.push(push);
        }
        (mails, pushes)
    }

    async fn next_mail(&mut self) -> Received {
        tokio::time::timeout(Duration::from_secs(10), self.mails.recv())
            .await
            .expect("a mail in time")
            .unwrap()
    }

    async fn get(&self, path: &str) -> HttpAnswer {
        http_get(&self.address, path).await
    }

    /// `POST /notify/stop?t=TOKEN` with the body RFC 8058 says; the answer's status line and
    /// body.
    async fn post_stop(&self, token: &str) -> HttpAnswer {
        use tokio::io::AsyncReadExt;
        let mut stream = tokio::net::TcpStream::connect(&self.address).await.unwrap();
        let body = "List-Unsubscribe=One-Click";
        let request = format!(
            "POST /notify/stop?t={token} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
             Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        HttpAnswer {
            status,
            headers: Vec::new(),
            body: body.to_string(),
        }
    }

    /// Waits until the seat's player is not connected any more, as the hub sees it.
    async fn away(&self, code: &Code) {
        for _ in 0..200 {
            let turns = self.hub.turns().await;
            if turns.iter().any(|t| &t.code == code && !t.connected) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the player at {code} is still connected");
    }
}

/// A correspondence table (or any clock) with Bob at Black and Ann at White, Bob's first move
/// played: Ann's turn. Bob's client, with his token and the position.
struct Game2 {
    code: Code,
    bob: Client,
    bob_token: Token,
    ann: Client,
    ann_token: Token,
    position: AnyPosition,
}

async fn sit_down(world: &World, clock: Clock) -> Game2 {
    let mut bob = Client::connect(&world.address).await;
    let (code, _) = bob.create(GameConfig::default(), clock).await;
    let (bob_token, view) = bob.join(&code, Some(0), "Bob").await;
    let mut ann = Client::connect(&world.address).await;
    let (ann_token, _) = ann.join(&code, Some(1), "Ann").await;
    let mut game = Game2 {
        code,
        bob,
        bob_token,
        ann,
        ann_token,
        position: position(&view),
    };
    bob_moves(&mut game).await;
    game
}

/// Bob plays a move, and waits until the table tells it.
async fn bob_moves(game: &mut Game2) {
    let ply = game.position.ply() as u32;
    let moves = game.position.legal_moves();
    let mv = moves[(ply as usize * 7 + 3) % moves.len()].to_string();
    game.bob.play(&game.code, &game.bob_token, ply, &mv).await;
    game.bob
        .until(|m| match m {
            ToClient::Moved { ply: p, .. } if *p == ply => Some(()),
            ToClient::Refused { refusal } => panic!("refused: {refusal:?}"),
            _ => None,
        })
        .await;
    let parsed = game.position.parse_move(&mv).unwrap();
    game.position.play(parsed).unwrap();
}

/// Ann answers with a move at her client (over the connection she is on).
async fn ann_moves(game: &mut Game2, ann: &mut Client) {
    let ply = game.position.ply() as u32;
    let moves = game.position.legal_moves();
    let mv = moves[(ply as usize * 5 + 1) % moves.len()].to_string();
    ann.play(&game.code, &game.ann_token, ply, &mv).await;
    ann.until(|m| match m {
        ToClient::Moved { ply: p, .. } if *p == ply => Some(()),
        ToClient::Refused { refusal } => panic!("refused: {refusal:?}"),
        _ => None,
    })
    .await;
    let parsed = game.position.parse_move(&mv).unwrap();
    game.position.play(parsed).unwrap();
}

/// Ann's wish for her seat; the answer.
async fn ask(client: &mut Client, code: &Code, token: &Token, ask: NotifyAsk) -> ToClient {
    client
        .send(&ToServer::Notify {
            code: code.clone(),
            token: token.clone(),
            ask,
        })
        .await;
    client
        .until(|m| match m {
            ToClient::Notifying { .. } | ToClient::Refused { .. } => Some(m.clone()),
            _ => None,
        })
        .await
}

fn by_mail(lang: &str) -> NotifyAsk {
    NotifyAsk {
        email: Some(Email::parse("ann@example.org").unwrap()),
        push: None,
        reminders: Reminders::new(vec![24, 1]).unwrap(),
        lang: Some(Lang::parse(lang).unwrap()),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_player_is_told_by_mail_and_push() {
    told_by_mail_and_push(world(None).await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_game_and_garbage_are_refused() {
    live_game_and_garbage_refused(world(None).await).await;
}

/// Both cases again on PostgreSQL, each on a database of its own.
#[cfg(feature = "postgres")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_on_postgresql() {
    let server = tokio::task::spawn_blocking(common::postgres::Postgres::start)
        .await
        .unwrap();
    told_by_mail_and_push(world(Some(&server.database())).await).await;
    live_game_and_garbage_refused(world(Some(&server.database())).await).await;
}

/// Ann leaves her address and a push subscription at two correspondence tables: the
/// confirmation, the push, one digest of both, the reminders, nothing while she watches,
/// nothing mailed after the stop.
async fn told_by_mail_and_push(mut world: World) {
    let days = Clock::Correspondence { days: 3 };
    let mut one = sit_down(&world, days).await;
    let mut two = sit_down(&world, days).await;

    // Ann leaves her address at both tables, a push subscription at the first.
    let browser = browser(&format!("{}/push/ann", world.push_origin));
    let mut wish = by_mail("en-GB");
    wish.push = Some(browser.subscription.clone());
    let told = ask(&mut one.ann, &one.code, &one.ann_token, wish).await;
    let confirming = ToClient::Notifying {
        code: one.code.clone(),
        email: Some(MailState::Confirming),
        push: true,
    };
    assert_eq!(told, confirming);
    let confirmation = world.next_mail().await;
    assert_eq!(confirmation.to, ["ann@example.org"]);
    assert!(confirmation.body().contains("To confirm, follow this link"));
    assert!(confirmation.header("List-Unsubscribe").is_none());
    let told = ask(&mut two.ann, &two.code, &two.ann_token, by_mail("en")).await;
    assert!(matches!(
        told,
        ToClient::Notifying {
            email: Some(MailState::Confirming),
            push: false,
            ..
        }
    ));

    // Ann leaves both tables; Bob has moved at both: her turn. Before the confirmation, the
    // push goes (the browser's permission is its own), no mail.
    for game in [&mut one, &mut two] {
        let ann = std::mem::replace(&mut game.ann, Client::connect(&world.address).await);
        ann.close().await;
        world.away(&game.code).await;
    }
    let (mails, pushes) = world.look().await;
    assert!(
        mails.is_empty(),
        "no mail before the confirmation: {mails:?}"
    );
    assert_eq!(pushes.len(), 1);
    assert_eq!(pushes[0].path, "/push/ann");
    check_vapid(
        &pushes[0].authorization,
        &world.push_origin,
        world.now() / 1000,
        &world.push_key,
    );
    let text = browser.read(&pushes[0]);
    assert_eq!(text["title"], "Your move");
    assert_eq!(
        text["body"],
        format!("It is your move at table {}.", one.code)
    );
    assert_eq!(text["url"], format!("{SITE}/?table={}", one.code));

    // The confirmation's link, then one digest of both tables.
    let token = confirmation.token_of("/notify/confirm");
    assert_eq!(world.get("/notify/confirm?t=00").await.status, 404);
    let page = world.get(&format!("/notify/confirm?t={token}")).await;
    assert_eq!(page.status, 200, "{page:?}");
    assert!(page.body.contains("confirmed"));
    let (mails, pushes) = world.look().await;
    assert!(pushes.is_empty(), "the push went already");
    assert_eq!(mails.len(), 1, "one digest: {mails:?}");
    let digest = &mails[0];
    assert_eq!(digest.header("Subject"), Some("Your move at 2 tables"));
    for game in [&one, &two] {
        let line = format!(
            "Table {} against Bob, move 2, 72 h left: {SITE}/?table={}",
            game.code, game.code
        );
        assert!(digest.body().contains(&line), "{line} in {}", digest.body());
    }
    let stop = digest.token_of("/notify/stop");
    let unsubscribe = format!("<{SITE}/notify/stop?t={stop}>");
    assert_eq!(
        digest.header("List-Unsubscribe"),
        Some(unsubscribe.as_str())
    );
    assert_eq!(
        digest.header("List-Unsubscribe-Post"),
        Some("List-Unsubscribe=One-Click")
    );

    // Nothing more until something happens; a reminder 24 h before the first clock runs out
    // (both tables: both clocks run), then 1 h before.
    assert!(world.look().await.0.is_empty());
    world.advance(48 * HOUR + 60_000);
    let (mails, _) = world.look().await;
    assert_eq!(mails.len(), 2, "{mails:?}");
    assert!(mails.iter().all(|m| {
        m.header("Subject")
            .unwrap()
            .starts_with("24 h left for your move at table")
    }));
    assert!(
        mails[0]
            .body()
            .contains(&format!("{SITE}/notify/stop?t={stop}"))
    );
    assert!(world.look().await.0.is_empty());
    world.advance(23 * HOUR);
    let (mails, _) = world.look().await;
    assert_eq!(mails.len(), 2, "{mails:?}");
    assert!(
        mails
            .iter()
            .all(|m| m.header("Subject").unwrap().starts_with("1 h left"))
    );

    // Ann comes back to the first table and answers; Bob moves again while she watches: no
    // notice of that turn.
    let mut ann = Client::connect(&world.address).await;
    ann.rejoin(&one.code, &one.ann_token).await;
    ann_moves(&mut one, &mut ann).await;
    bob_moves(&mut one).await;
    world.advance(7 * HOUR);
    let (mails, pushes) = world.look().await;
    assert!(
        mails.is_empty() && pushes.is_empty(),
        "{mails:?} {pushes:?}"
    );

    // The stop link: the address deleted, no mail after it (the push still goes).
    ann_moves(&mut one, &mut ann).await;
    ann.close().await;
    bob_moves(&mut one).await;
    world.away(&one.code).await;
    // As a mail program's one-click stop posts it (RFC 8058).
    let page = world.post_stop(&stop).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains("no more mail"));
    world.advance(7 * HOUR);
    let (mails, pushes) = world.look().await;
    assert!(mails.is_empty(), "no mail after the stop: {mails:?}");
    assert_eq!(pushes.len(), 1);
    assert_eq!(
        world.get(&format!("/notify/stop?t={stop}")).await.status,
        404
    );
}

/// A live game refused and nothing sent for it; a wrong token, a bad subscription and garbage
/// refused; a French confirmation; the confirmations a seat may have mailed a day.
async fn live_game_and_garbage_refused(mut world: World) {
    let live = Clock::Live {
        seconds: 300,
        increment: 3,
    };
    let mut game = sit_down(&world, live).await;
    let told = ask(&mut game.ann, &game.code, &game.ann_token, by_mail("fr")).await;
    assert_eq!(
        told,
        ToClient::Refused {
            refusal: Refusal::Notify {
                notify: NotifyRefusal::NotCorrespondence
            }
        }
    );
    // A wrong token, a push endpoint of another form: refused, nothing kept.
    let mut other = sit_down(&world, Clock::Correspondence { days: 1 }).await;
    let wrong = Token::from_bits(7);
    let told = ask(&mut other.ann, &other.code, &wrong, by_mail("fr")).await;
    assert_eq!(
        told,
        ToClient::Refused {
            refusal: Refusal::BadToken
        }
    );
    let mut bad_push = browser(&format!("{}/push/x", world.push_origin)).subscription;
    bad_push.keys.auth = gamut_net::notify::PushKey::parse("AAAA").unwrap();
    let wish = NotifyAsk {
        push: Some(bad_push),
        ..NotifyAsk::default()
    };
    let told = ask(&mut other.ann, &other.code, &other.ann_token, wish).await;
    assert_eq!(
        told,
        ToClient::Refused {
            refusal: Refusal::Notify {
                notify: NotifyRefusal::BadSubscription
            }
        }
    );
    // Garbage in a notice's wish closes the connection with a fault, as any.
    let mut rogue = Client::connect(&world.address).await;
    rogue
        .send_text(r#"{"v":1,"msg":{"type":"notify","code":"ABCDE","token":"00000000000000000000000000000000","ask":{"email":"a@b\r\nBcc: c@d.org"}}}"#)
        .await;
    assert!(matches!(rogue.next().await, Some(ToClient::Fault { .. })));
    // Ann leaves the live table: nothing is sent for it, in French or any language.
    let ann = std::mem::replace(&mut game.ann, Client::connect(&world.address).await);
    ann.close().await;
    world.advance(HOUR);
    let (mails, pushes) = world.look().await;
    assert!(mails.is_empty() && pushes.is_empty());
    // The French confirmation for a correspondence table.
    let told = ask(
        &mut other.ann,
        &other.code,
        &other.ann_token,
        by_mail("fr-CA"),
    )
    .await;
    assert!(matches!(
        told,
        ToClient::Notifying {
            email: Some(MailState::Confirming),
            ..
        }
    ));
    let mail = world.next_mail().await;
    let subject = mail.header("Subject").unwrap();
    assert!(
        subject.starts_with("=?utf-8?") || subject.starts_with("Confirmez"),
        "{subject}"
    );
    assert!(mail.body().contains("Pour confirmer, suivez ce lien"));
    // The same address again: no second confirmation the same day. Address after address:
    // three confirmations a seat a day, then refused.
    let told = ask(&mut other.ann, &other.code, &other.ann_token, by_mail("fr")).await;
    assert!(matches!(
        told,
        ToClient::Notifying {
            email: Some(MailState::Confirming),
            ..
        }
    ));
    for n in 0..3 {
        let mut wish = by_mail("fr");
        wish.email = Some(Email::parse(&format!("someone{n}@example.org")).unwrap());
        let told = ask(&mut other.ann, &other.code, &other.ann_token, wish).await;
        if n < 2 {
            assert!(matches!(told, ToClient::Notifying { .. }), "{told:?}");
            assert_eq!(
                world.next_mail().await.to,
                [format!("someone{n}@example.org")]
            );
        } else {
            let refusal = Refusal::Notify {
                notify: NotifyRefusal::TooMany,
            };
            assert_eq!(told, ToClient::Refused { refusal });
        }
    }
    let (mails, _) = world.look().await;
    assert!(mails.is_empty(), "{mails:?}");
}
