//! The store behaves the same on both databases: each case runs on SQLite (a file) and on a real
//! PostgreSQL this test starts itself (common/postgres.rs), each on a database of its own. Then
//! what only PostgreSQL has: its migrations from a database of before, a database from a newer
//! server refused, and one owner per table (a node whose lease was taken cannot write; over real
//! WebSockets, its player's move is refused and it lets the table go, which the other node plays
//! on; a node that dies has its tables taken by a running one once their lease runs out).

mod common;

use std::time::Duration;

use gamut_engine::Game;
use gamut_engine::any_game::GameConfig;
use gamut_net::{Clock, Code, EndReason, Ended, MoveText, Name, Rating, Seat, Token};
use gamut_server::phase::{Keeping, Phase};
use gamut_server::referee::{Sitter, Table};
use gamut_server::store::notices::{ADDRESS_KEPT_MS, AddressAsk, SeatWish, Told};
use gamut_server::store::{Lease, Store, StoreError, postgres};
use gamut_server::token_hash::TokenHash;

use common::postgres::Postgres;

/// Opens the case's database again (the same file, or the same PostgreSQL database as the
/// same node).
type Open<'a> = &'a dyn Fn() -> Store;

/// A case: what it checks, and the check, given its database to open.
type Case = (&'static str, fn(Open));

/// The cases, each on a fresh database.
const CASES: [Case; 6] = [
    ("a table comes back as it was stored", comes_back),
    ("a finished table is read back", finished_read_back),
    ("a broken table is reported", broken_reported),
    ("the prune deletes only what nobody can reach", prune),
    ("the addresses of games going on", addresses),
    ("the notices' own tables", notices),
];

#[test]
fn the_store_behaves_the_same_on_sqlite_and_postgresql() {
    let dir = tempfile::tempdir().unwrap();
    for (n, (name, case)) in CASES.iter().enumerate() {
        let path = dir.path().join(format!("{n}.sqlite"));
        eprintln!("SQLite: {name}");
        case(&|| Store::open(&path).unwrap());
    }
    let server = Postgres::start();
    for (name, case) in CASES {
        let url = server.database();
        eprintln!("PostgreSQL: {name}");
        case(&|| Store::connect(&url, lease("node-a", 60)).unwrap());
    }
    eprintln!("PostgreSQL: a database of before");
    postgres_of_before(&server.database());
    eprintln!("PostgreSQL: a database from a newer server");
    newer_refused(&server.database());
    eprintln!("PostgreSQL: one owner per table");
    one_owner(&server.database());
    eprintln!("PostgreSQL: a table made while the leases are renewed is not lost");
    made_while_renewing(&server.database());
    eprintln!("PostgreSQL: a node that lost a table's lease lets it go");
    node_lets_go(&server.database());
    eprintln!("PostgreSQL: a node that dies has its tables taken by another");
    dead_node_tables_taken(&server.database());
}

/// The node `node`'s lease of `seconds`.
fn lease(node: &str, seconds: u64) -> Lease {
    Lease {
        node: node.to_string(),
        length: Duration::from_secs(seconds),
    }
}

fn code(text: &str) -> Code {
    Code::parse(text).unwrap()
}

/// A table `code`, untimed or with `clock`, its host's token `1`.
fn table(text: &str, clock: Clock) -> Table {
    Table::new(
        code(text),
        GameConfig::default(),
        clock,
        TokenHash::of(&Token::from_bits(1)),
    )
}

fn sitter(bits: u128) -> Sitter {
    Sitter {
        name: Name::parse("Ada").unwrap(),
        token_hash: TokenHash::of(&Token::from_bits(bits)),
        rating: Rating::new(1500),
    }
}

fn resigned() -> Ended {
    Ended {
        winner: Some(1),
        reason: EndReason::Resigned,
    }
}

/// Two seats taken and a move, stored; read back after the database is opened again: the
/// move, the clock, the seats, the names, the ratings, the phase and the last activity.
fn comes_back(open: Open) {
    let at = code("QRSTU");
    {
        let store = open();
        let mut table = table("QRSTU", Clock::Correspondence { days: 3 });
        store.create(&table, Phase::Waiting, 1).unwrap();
        for seat in 0..2u8 {
            let phase = [Phase::Waiting, Phase::Playing][usize::from(seat)];
            let sitter = sitter(u128::from(seat) + 100);
            store.sit(&at, seat.into(), &sitter, phase, 10).unwrap();
            table.sit(Seat::new(seat).unwrap(), sitter, 10).unwrap();
        }
        let mv = MoveText::parse("b1b3").unwrap();
        let checked = table.check_move(&Token::from_bits(100), 0, &mv).unwrap();
        store
            .play(&at, 0, mv.as_str(), None, Phase::Playing, 5000)
            .unwrap();
        table.play(checked, mv, 5000);
    }
    let store = open();
    let loaded = store.load(6000, &Keeping::default()).unwrap();
    assert!(loaded.broken.is_empty(), "{:?}", loaded.broken);
    assert_eq!(loaded.tables.len(), 1);
    assert_eq!(loaded.tables[0].phase, Phase::Playing);
    assert_eq!(loaded.tables[0].last_activity, 5000);
    let table = &loaded.tables[0].table;
    assert_eq!(table.ply(), 1);
    assert_eq!(table.clock, Clock::Correspondence { days: 3 });
    let clocks = table.clocks(6000).unwrap();
    assert_eq!(clocks.left_ms, [3 * 86_400_000, 3 * 86_400_000 - 1000]);
    assert_eq!(table.seat_of(&Token::from_bits(101)), Seat::new(1));
    let seats = table.seat_views(|_| false);
    assert_eq!(seats[0].name.as_ref().map(Name::as_str), Some("Ada"));
    assert_eq!(seats[1].rating, Rating::new(1500));
    assert!(store.has(&at).unwrap());
    assert!(!store.has(&code("ZZZZZ")).unwrap());
    assert_eq!(store.last_seated_activity().unwrap(), Some(5000));
    // A move taken back is gone when read again.
    store.take_back(&at, 0, 7000).unwrap();
    assert_eq!(store.stored(&at).unwrap().unwrap().table.ply(), 0);
}

/// A game resigned: read back with its end and its day, played again within its grace, then
/// put away (its record stays).
fn finished_read_back(open: Open) {
    let store = open();
    let at = code("MNPQR");
    // 2026-11-28, 12:00 UTC.
    let made = 1_795_867_200_000;
    store
        .create(&table("MNPQR", Clock::Untimed), Phase::Waiting, made)
        .unwrap();
    store
        .play(&at, 0, "b1b3", None, Phase::Waiting, made + 1)
        .unwrap();
    store
        .end(&at, resigned(), Phase::Finished, made + 2)
        .unwrap();
    let stored = store.stored(&at).unwrap().expect("stored");
    assert_eq!(
        (stored.table.ply(), stored.table.end()),
        (1, Some(resigned()))
    );
    assert_eq!(stored.record().date.as_deref(), Some("2026.11.28"));
    drop(store);
    let store = open();
    let keeping = Keeping::default();
    let soon = store.load(made + 60_000, &keeping).unwrap();
    assert_eq!(soon.tables[0].phase, Phase::Finished);
    assert_eq!(soon.tables[0].ended_at, Some(made + 2));
    drop(store);
    let store = open();
    let later = store.load(made + 2 + 30 * 60_000 + 1, &keeping).unwrap();
    assert!(later.tables.is_empty());
    assert_eq!(later.put_away, [at.as_str()]);
    assert_eq!(store.phase_of(&at).unwrap(), Some(Phase::PutAway));
    assert!(store.stored(&at).unwrap().is_some(), "its record stays");
    assert!(store.stored(&code("ZZZZZ")).unwrap().is_none());
}

/// A move the rules do not allow, stored: the table is reported, not played, and left there.
fn broken_reported(open: Open) {
    let store = open();
    let at = code("VWXYZ");
    store
        .create(&table("VWXYZ", Clock::Untimed), Phase::Waiting, 1)
        .unwrap();
    store.play(&at, 0, "a1a1", None, Phase::Waiting, 2).unwrap();
    drop(store);
    let store = open();
    let loaded = store.load(3, &Keeping::default()).unwrap();
    assert!(loaded.tables.is_empty());
    assert_eq!(loaded.broken.len(), 1);
    assert!(store.has(&at).unwrap(), "still in the database");
    assert!(matches!(store.stored(&at), Err(StoreError::Value(_))));
}

/// The prune deletes the tables put away unfinished longer ago than the retention, keeps a
/// finished game for ever and a table put away lately; the addresses of games over go.
fn prune(open: Open) {
    let store = open();
    let day = 86_400_000;
    let address = "10.0.0.9".parse().unwrap();
    let codes = ["EMPTY", "ABAND", "ENDED", "RECNT", "GAMES"].map(code);
    for at in &codes {
        store
            .create(&table(at.as_str(), Clock::Untimed), Phase::Waiting, day)
            .unwrap();
        store.note_address(at, None, address).unwrap();
    }
    let [empty, abandoned, ended, later, going] = &codes;
    for at in [abandoned, ended] {
        store.sit(at, 0, &sitter(5), Phase::Waiting, day).unwrap();
        store.note_address(at, Some(0), address).unwrap();
        store
            .play(at, 0, "b1b3", None, Phase::Waiting, day)
            .unwrap();
    }
    store
        .end(ended, resigned(), Phase::Finished, 2 * day)
        .unwrap();
    assert!(!store.unfinished_addresses().unwrap().contains_key("ENDED"));
    store
        .put_away(&[empty.clone(), abandoned.clone(), ended.clone()], 3 * day)
        .unwrap();
    store
        .put_away(std::slice::from_ref(later), 50 * day)
        .unwrap();
    let retention = Duration::from_secs(30 * 86_400);
    assert_eq!(store.prune(32 * day, retention).unwrap(), 0, "too soon");
    assert_eq!(store.prune(33 * day, retention).unwrap(), 2);
    for gone in [empty, abandoned] {
        assert!(!store.has(gone).unwrap());
        assert!(store.stored(gone).unwrap().is_none());
    }
    let record = store.stored(ended).unwrap().expect("a finished game stays");
    assert_eq!(record.table.end(), Some(resigned()));
    assert_eq!(store.phase_of(ended).unwrap(), Some(Phase::PutAway));
    assert_eq!(store.phase_of(later).unwrap(), Some(Phase::PutAway));
    assert_eq!(store.phase_of(going).unwrap(), Some(Phase::Waiting));
    let addresses = store.unfinished_addresses().unwrap();
    assert_eq!(addresses.keys().collect::<Vec<_>>(), ["GAMES"]);
}

/// Where a table was made from and its seats taken from, read back by code; a seat's address
/// noted again replaces the first.
fn addresses(open: Open) {
    let store = open();
    let at = code("HJKMN");
    store
        .create(&table("HJKMN", Clock::Untimed), Phase::Waiting, 1)
        .unwrap();
    let (maker, first, second) = (
        "10.0.0.1".parse().unwrap(),
        "10.0.0.2".parse().unwrap(),
        "2001:db8::1".parse().unwrap(),
    );
    store.note_address(&at, None, maker).unwrap();
    store.sit(&at, 1, &sitter(9), Phase::Waiting, 2).unwrap();
    store.note_address(&at, Some(1), first).unwrap();
    store.note_address(&at, Some(1), second).unwrap();
    drop(store);
    let store = open();
    let found = store.unfinished_addresses().unwrap();
    let of = &found["HJKMN"];
    assert_eq!(of.made_by, Some(maker));
    assert_eq!(of.seats, [(1, second)]);
}

/// Ann's wish at seat 1 of HJKMN: her address and/or a push subscription, reminders a day and
/// an hour before, in French.
fn wish(email: Option<&str>, push: Option<&str>) -> SeatWish {
    SeatWish {
        code: "HJKMN".into(),
        seat: 1,
        email: email.map(Into::into),
        push: push.map(Into::into),
        reminders: vec![24, 1],
        lang: "fr".into(),
        mailed_ply: -1,
        pushed_ply: -1,
        reminded_ply: -1,
        reminded_hours: 0,
    }
}

/// An address asked at `now`, its confirmation's hash `hash` and its stop token `stop`.
fn asked<'a>(email: &'a str, hash: &'a str, stop: &'a str, now: i64) -> AddressAsk<'a> {
    AddressAsk {
        email,
        confirm_hash: hash,
        stop_token: stop,
        lang: "fr",
        now,
    }
}

/// The notices' own tables (not a table's game: no lease): an address asked and seats' wishes
/// kept, read back after the database is opened again; the address confirmed by its hash;
/// what each seat was told noted (a reminder's hours too) and a digest dated; a push gone
/// forgotten (a wish left with nothing deleted); the stop deletes the address and the wishes
/// forget it; the prune forgets the wishes of a table gone and an address unused for 90 days.
fn notices(open: Open) {
    let store = open();
    let days = Clock::Correspondence { days: 3 };
    store
        .create(&table("HJKMN", days), Phase::Playing, 1)
        .unwrap();
    let ann = "ann@example.org";
    store
        .notices(|db| {
            db.ask_address(&asked(ann, "c0ffee", "stop", 10))?;
            db.set_wish(&wish(Some(ann), Some("ann's push")))?;
            db.set_wish(&SeatWish {
                seat: 0,
                ..wish(None, Some("gone push"))
            })
        })
        .unwrap();
    drop(store);
    let store = open();
    store.notices(confirm_and_tell).unwrap();
    store
        .notices(|db| {
            db.forget_push("gone push")?;
            assert_eq!(db.wishes()?.len(), 1);
            assert_eq!(db.stop("stop")?.as_deref(), Some("fr"));
            assert_eq!(db.stop("stop")?, None);
            assert!(db.address(ann)?.is_none());
            let kept = &db.wishes()?[0];
            assert_eq!(
                (kept.email.as_deref(), kept.push.as_deref()),
                (None, Some("ann's push"))
            );
            db.set_wish(&SeatWish {
                code: "ZZZZZ".into(),
                ..wish(None, Some("a table gone"))
            })?;
            db.ask_address(&asked("old@example.org", "aa", "s2", 0))?;
            db.prune(ADDRESS_KEPT_MS + 1)?;
            assert_eq!(db.wishes()?.len(), 1);
            assert!(db.address("old@example.org")?.is_none());
            Ok(())
        })
        .unwrap();
}

/// The address of [`notices`] confirmed, and Ann's seat told of its turns.
fn confirm_and_tell(db: &dyn gamut_server::store::notices::Notices) -> Result<(), StoreError> {
    assert!(db.confirmed_addresses()?.is_empty());
    assert!(db.confirm("nothing")?.is_none());
    let confirmed = db.confirm("c0ffee")?.unwrap();
    assert!(confirmed.confirmed);
    assert_eq!((confirmed.lang.as_str(), confirmed.asked_at), ("fr", 10));
    assert_eq!(db.confirmed_addresses()?.len(), 1);
    db.told("HJKMN", 1, 4, Told::Mailed)?;
    db.told("HJKMN", 1, 5, Told::Reminded { hours: 24 })?;
    db.told("HJKMN", 0, 6, Told::Seen)?;
    db.digested("ann@example.org", 20)?;
    assert_eq!(db.address("ann@example.org")?.unwrap().last_digest, 20);
    let mut wishes = db.wishes()?;
    wishes.sort_by_key(|w| w.seat);
    let told: Vec<_> = wishes
        .iter()
        .map(|w| {
            (
                w.seat,
                w.mailed_ply,
                w.pushed_ply,
                w.reminded_ply,
                w.reminded_hours,
            )
        })
        .collect();
    assert_eq!(told, [(0, 6, 6, -1, 0), (1, 4, -1, 5, 24)]);
    assert_eq!(wishes[1].reminders, [24, 1]);
    assert_eq!(wishes[1].email.as_deref(), Some("ann@example.org"));
    Ok(())
}

/// A runtime for the PostgreSQL-only cases' own statements (sqlx is async).
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A PostgreSQL database of before (migration 1: the tokens as they are, no phases), made by
/// the same migrations up to 1, then brought up to date as a node connects: the tokens hashed
/// (each still finds its seat), the phases given (a game over finished, every seat taken
/// playing), the version the latest.
fn postgres_of_before(url: &str) {
    let (host, player) = (
        Token::from_bits(0xfeed_f00d),
        Token::from_bits(0x0123_4567_89ab_cdef),
    );
    let config = serde_json::to_string(&GameConfig::default()).unwrap();
    let untimed = serde_json::to_string(&Clock::Untimed).unwrap();
    let start = GameConfig::default().start().to_text();
    runtime().block_on(async {
        let pool = sqlx::PgPool::connect(url).await.unwrap();
        postgres::migrate(&pool, 1).await.unwrap();
        for text in ["ABCDE", "FGHJK"] {
            sqlx::query(
                "INSERT INTO tables (code, game, clock, start, host, created)
                    VALUES ($1, $2, $3, $4, $5, 1)",
            )
            .bind(text)
            .bind(&config)
            .bind(&untimed)
            .bind(&start)
            .bind(host.as_str())
            .execute(&pool)
            .await
            .unwrap();
        }
        for (seat, token, computer) in [(0i64, player.as_str(), None), (1, "", Some(3i64))] {
            sqlx::query(
                "INSERT INTO seats (code, seat, name, token, at, computer)
                    VALUES ('ABCDE', $1, $2, $3, 2, $4)",
            )
            .bind(seat)
            .bind(if computer.is_some() { "" } else { "Ada" })
            .bind(token)
            .bind(computer)
            .execute(&pool)
            .await
            .unwrap();
        }
        sqlx::query("INSERT INTO moves (code, ply, mv, at) VALUES ('ABCDE', 0, 'b1b3', 5)")
            .execute(&pool)
            .await
            .unwrap();
        let ended = serde_json::to_string(&resigned()).unwrap();
        sqlx::query("UPDATE tables SET ended = $1 WHERE code = 'FGHJK'")
            .bind(ended)
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    });
    let store = Store::connect(url, lease("node-a", 60)).unwrap();
    assert_eq!(
        store.phase_of(&code("ABCDE")).unwrap(),
        Some(Phase::Playing)
    );
    assert_eq!(
        store.phase_of(&code("FGHJK")).unwrap(),
        Some(Phase::Finished)
    );
    let loaded = store.load(10, &Keeping::default()).unwrap();
    assert!(loaded.broken.is_empty(), "{:?}", loaded.broken);
    let table = &loaded
        .tables
        .iter()
        .find(|kept| kept.table.code.as_str() == "ABCDE")
        .expect("the game going on")
        .table;
    assert_eq!((table.ply(), table.seat_of(&player)), (1, Seat::new(0)));
    assert!(table.is_host(&host));
    assert_eq!(table.computers().count(), 1);
    drop(store);
    runtime().block_on(async {
        let pool = sqlx::PgPool::connect(url).await.unwrap();
        let (version,): (i64,) = sqlx::query_as("SELECT version FROM gamut_schema")
            .fetch_one(&pool)
            .await
            .unwrap();
        let known = gamut_server::store::schema::MIGRATIONS.len() as i64;
        assert_eq!(version, known);
        let (hashes,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM seats WHERE token_hash = $1 OR token_hash = ''")
                .bind(TokenHash::of(&player).to_hex())
                .fetch_one(&pool)
                .await
                .unwrap();
        assert_eq!(
            hashes, 2,
            "every token hashed, the engine's seat left empty"
        );
        pool.close().await;
    });
}

/// A database a newer server migrated further is refused, never changed.
fn newer_refused(url: &str) {
    drop(Store::connect(url, lease("node-a", 60)).unwrap());
    runtime().block_on(async {
        let pool = sqlx::PgPool::connect(url).await.unwrap();
        sqlx::query("UPDATE gamut_schema SET version = 99")
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    });
    assert!(matches!(
        Store::connect(url, lease("node-a", 60)),
        Err(StoreError::Newer { found: 99, .. })
    ));
}

/// Two nodes on one database: the table's maker owns it, the other cannot take it while the
/// lease holds; once it runs out the other takes it (and every move), the first's next write is
/// refused and changes nothing, and its renewal says it lost the table.
fn one_owner(url: &str) {
    let a = Store::connect(url, lease("node-a", 3)).unwrap();
    let at = code("KMNPQ");
    a.create(&table("KMNPQ", Clock::Untimed), Phase::Waiting, 1)
        .unwrap();
    a.sit(&at, 0, &sitter(7), Phase::Waiting, 2).unwrap();
    a.play(&at, 0, "b1b3", None, Phase::Waiting, 3).unwrap();
    assert!(a.renew_leases().unwrap().is_empty(), "still its own");

    let b = Store::connect(url, lease("node-b", 3)).unwrap();
    let loaded = b.load(4, &Keeping::default()).unwrap();
    assert!(loaded.tables.is_empty(), "node a's lease holds");
    assert!(matches!(
        b.play(&at, 1, "a2c2", None, Phase::Waiting, 5),
        Err(StoreError::LeaseLost(_))
    ));

    std::thread::sleep(Duration::from_millis(3200));
    let loaded = b.load(6, &Keeping::default()).unwrap();
    assert_eq!(loaded.tables.len(), 1, "node b took the lease");
    assert_eq!(loaded.tables[0].table.ply(), 1, "with every move");
    assert!(matches!(
        a.play(&at, 1, "a2c2", None, Phase::Waiting, 7),
        Err(StoreError::LeaseLost(_))
    ));
    assert!(matches!(
        a.sit(&at, 1, &sitter(8), Phase::Playing, 7),
        Err(StoreError::LeaseLost(_))
    ));
    assert_eq!(
        a.stored(&at).unwrap().unwrap().table.ply(),
        1,
        "nothing written"
    );
    b.play(&at, 1, "a2c2", None, Phase::Waiting, 8).unwrap();
    assert_eq!(b.stored(&at).unwrap().unwrap().table.ply(), 2);
    assert!(a.renew_leases().unwrap().is_empty(), "a had forgotten it");
    assert!(b.renew_leases().unwrap().is_empty());
    // Node a restarted under its name waits too: node b's lease holds.
    drop(a);
    let a = Store::connect(url, lease("node-a", 3)).unwrap();
    assert!(a.load(9, &Keeping::default()).unwrap().tables.is_empty());
}

/// Tables made while the node renews its leases, over and over: no renewal takes one of them
/// for lost (a renewal's statement cannot see a table committed after it began; judged by it,
/// the table would be let go while its lease is still the node's, and nobody would play it).
fn made_while_renewing(url: &str) {
    let store = std::sync::Arc::new(Store::connect(url, lease("node-r", 60)).unwrap());
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let renewer = {
        let (store, done) = (store.clone(), done.clone());
        std::thread::spawn(move || {
            let mut lost = Vec::new();
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                lost.extend(store.renew_leases().unwrap());
            }
            lost
        })
    };
    let letters = Code::ALPHABET.as_bytes();
    for n in 0..300 {
        let text: String = [n / 961, (n / 31) % 31, n % 31, 7, 9]
            .iter()
            .map(|&i| letters[i] as char)
            .collect();
        store
            .create(&table(&text, Clock::Untimed), Phase::Waiting, 1)
            .unwrap();
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    assert_eq!(
        renewer.join().unwrap(),
        Vec::<String>::new(),
        "no table lost"
    );
    assert!(store.renew_leases().unwrap().is_empty());
}

/// Node `node`'s leases run out now, as they would if it stalled (a machine paused, cut off).
async fn run_out(url: &str, node: &str) {
    let pool = sqlx::PgPool::connect(url).await.unwrap();
    sqlx::query("UPDATE leases SET until = 0 WHERE node = $1")
        .bind(node)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

/// Two servers on one database, over real WebSockets: a game on node a; node a stalls past
/// its lease and node b starts and takes the table; a's player's next move is refused
/// (`unavailable`), written nowhere, and node a lets the table go (its code unknown there);
/// on node b both players are back at their seats with every acknowledged move and play on.
fn node_lets_go(url: &str) {
    use common::{Client, start_store};
    use gamut_net::{Refusal, ToClient, ToServer};
    use gamut_server::hub::Limits;
    use gamut_server::ws::Serving;

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let store = Store::connect(url, lease("node-a", 60)).unwrap();
        let (node_a, a) = start_store(store, Serving::default(), Limits::default(), None).await;
        let mut host = Client::connect(&node_a).await;
        let (at, _) = host.create(GameConfig::default(), Clock::Untimed).await;
        let mut black = Client::connect(&node_a).await;
        let (black_token, _) = black.join(&at, Some(0), "Ada").await;
        let mut white = Client::connect(&node_a).await;
        let (white_token, _) = white.join(&at, Some(1), "Bo").await;
        black.play(&at, &black_token, 0, "b1b3").await;
        white
            .until(|m| matches!(m, ToClient::Moved { ply: 0, .. }).then_some(()))
            .await;

        run_out(url, "node-a").await;
        let store = Store::connect(url, lease("node-b", 60)).unwrap();
        let (node_b, b) = start_store(store, Serving::default(), Limits::default(), None).await;

        white.play(&at, &white_token, 1, "a2c2").await;
        assert_eq!(white.refusal().await, Refusal::Unavailable);
        let mut again = Client::connect(&node_a).await;
        again
            .send(&ToServer::Rejoin {
                code: at.clone(),
                token: white_token.clone(),
            })
            .await;
        assert_eq!(again.refusal().await, Refusal::UnknownTable, "let go");

        let mut white = Client::connect(&node_b).await;
        let (_, view) = white.rejoin(&at, &white_token).await;
        assert_eq!(view.moves.len(), 1, "every acknowledged move, nothing more");
        let mut black = Client::connect(&node_b).await;
        black.rejoin(&at, &black_token).await;
        white.play(&at, &white_token, 1, "a2c2").await;
        black
            .until(|m| matches!(m, ToClient::Moved { ply: 1, .. }).then_some(()))
            .await;
        a.abort();
        b.abort();
    });
}

/// Two servers on one database, 3-second leases: node a has a game and dies (its serving
/// stopped, its database connections closed, nothing given up); node b, running all along,
/// takes the table once a's lease runs out, and the players, back through node b with their
/// tokens, find every acknowledged move and play on.
fn dead_node_tables_taken(url: &str) {
    use common::{Client, start_store};
    use gamut_net::ToClient;
    use gamut_server::hub::Limits;
    use gamut_server::ws::Serving;

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let store = Store::connect(url, lease("node-a", 3)).unwrap();
        let (node_a, a) = start_store(store, Serving::default(), Limits::default(), None).await;
        let store = Store::connect(url, lease("node-b", 3)).unwrap();
        let (node_b, b) = start_store(store, Serving::default(), Limits::default(), None).await;
        let mut host = Client::connect(&node_a).await;
        let (at, _) = host.create(GameConfig::default(), Clock::Untimed).await;
        let mut black = Client::connect(&node_a).await;
        let (black_token, _) = black.join(&at, Some(0), "Ada").await;
        let mut white = Client::connect(&node_a).await;
        let (white_token, _) = white.join(&at, Some(1), "Bo").await;
        black.play(&at, &black_token, 0, "b1b3").await;
        white
            .until(|m| matches!(m, ToClient::Moved { ply: 0, .. }).then_some(()))
            .await;
        // Two renewals go by: node b leaves node a's table alone while a lives.
        tokio::time::sleep(Duration::from_millis(2500)).await;
        let mut early = Client::connect(&node_b).await;
        early
            .send(&gamut_net::ToServer::Rejoin {
                code: at.clone(),
                token: white_token.clone(),
            })
            .await;
        assert_eq!(early.refusal().await, gamut_net::Refusal::UnknownTable);

        a.abort();
        let _ = a.await;
        drop((host, black, white));
        let died = std::time::Instant::now();
        let (mut white, view) = loop {
            let mut white = Client::connect(&node_b).await;
            white
                .send(&gamut_net::ToServer::Rejoin {
                    code: at.clone(),
                    token: white_token.clone(),
                })
                .await;
            let seated = white
                .until(|m| match m {
                    ToClient::Table(view) => Some(Some(view.clone())),
                    ToClient::Refused { .. } => Some(None),
                    _ => None,
                })
                .await;
            if let Some(view) = seated {
                break (white, view);
            }
            assert!(died.elapsed() < Duration::from_secs(15), "never taken");
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        eprintln!(
            "node b took the table {:?} after node a died",
            died.elapsed()
        );
        assert_eq!(view.moves.len(), 1, "every acknowledged move");
        let mut black = Client::connect(&node_b).await;
        black.rejoin(&at, &black_token).await;
        white.play(&at, &white_token, 1, "a2c2").await;
        black
            .until(|m| matches!(m, ToClient::Moved { ply: 1, .. }).then_some(()))
            .await;
        b.abort();
    });
}
