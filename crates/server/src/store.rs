//! The tables kept in SQLite: every table, seat and move is written (and committed) before the
//! server acknowledges it, so a server killed at any moment loses nothing it said was done.
//!
//! The schema grows by migrations (`rusqlite_migration`, numbered by SQLite's `user_version`);
//! a database from a newer server is refused, never changed. A stored table the rules cannot
//! replay is reported and left in the file as it is.
//!
//! Tokens are kept as their hashes ([`TokenHash`]): the host's in `tables.host_hash`, each
//! player's in `seats.token_hash` (empty for the engine's seats). A database of before (its
//! tokens as they were) has them hashed as it is opened, and no copy of them left in the file.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::Path;
use std::sync::Mutex;

use gamut_engine::any_game::GameConfig;
use gamut_engine::level::Level;
use gamut_engine::record::{Record, date_from_unix};
use gamut_net::{Clock, Code, Ended, Name, Rating, Token};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use rusqlite_migration::{HookResult, M, Migrations};

use crate::referee::{Sitter, Table};
use crate::token_hash::TokenHash;

/// The schema, oldest migration first. Never edit one that shipped: add another.
fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(TABLES),
        M::up_with_hook(HASHED, hash_tokens),
        M::up(ADDRESSES),
    ])
}

/// Migration 1, as it shipped: tables, seats and moves, the tokens as they are.
const TABLES: &str = "CREATE TABLE tables (
        code TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        clock TEXT NOT NULL,
        start TEXT NOT NULL,
        host TEXT NOT NULL,
        created INTEGER NOT NULL,
        ended TEXT
    );
    CREATE TABLE seats (
        code TEXT NOT NULL REFERENCES tables(code),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        token TEXT NOT NULL,
        at INTEGER NOT NULL,
        computer INTEGER,
        rating INTEGER,
        PRIMARY KEY (code, seat)
    );
    CREATE TABLE moves (
        code TEXT NOT NULL REFERENCES tables(code),
        ply INTEGER NOT NULL,
        mv TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (code, ply)
    );";

/// Migration 3: where each table was made from and each person's seat taken from (seat -1: the
/// table's maker), for the limits one address may hold: they hold after a restart too.
const ADDRESSES: &str = "CREATE TABLE addresses (
        code TEXT NOT NULL REFERENCES tables(code),
        seat INTEGER NOT NULL,
        address TEXT NOT NULL,
        PRIMARY KEY (code, seat)
    );";

/// The schema version from which tokens are kept as hashes.
const HASHED_SINCE: i64 = 2;

/// The tokens kept as hashes: their columns renamed to say so, and every token in them
/// replaced by its hash ([`hash_tokens`], in the same transaction).
const HASHED: &str = "ALTER TABLE tables RENAME COLUMN host TO host_hash;
    ALTER TABLE seats RENAME COLUMN token TO token_hash;";

/// The stored tokens replaced by their hashes. A value that is not a token (the engine's seats
/// hold none) is left as it is: a table it made unreadable stays so, reported as before.
fn hash_tokens(tx: &Transaction) -> HookResult {
    hash_column(tx, "tables", "host_hash")?;
    hash_column(tx, "seats", "token_hash")?;
    Ok(())
}

/// Each token in `table`'s `column` replaced by its hash's text.
fn hash_column(tx: &Transaction, table: &str, column: &str) -> rusqlite::Result<()> {
    let mut query = tx.prepare(&format!("SELECT rowid, {column} FROM {table}"))?;
    let tokens = query
        .query_map([], |row| {
            let text = row.get_ref(1)?.as_str().ok().map(str::to_string);
            Ok((row.get::<_, i64>(0)?, text))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut update = tx.prepare(&format!(
        "UPDATE {table} SET {column} = ?1 WHERE rowid = ?2"
    ))?;
    for (rowid, text) in tokens {
        if let Some(token) = text.and_then(|text| Token::parse(&text).ok()) {
            update.execute(params![TokenHash::of(&token).to_hex(), rowid])?;
        }
    }
    Ok(())
}

/// After the tokens were hashed: the file rewritten whole (`VACUUM`), so that its free space
/// keeps no old copy of a row with a token, then the write-ahead log copied into it and emptied
/// (its pages held the tokens too). `VACUUM` cannot run in the migration's transaction: a
/// server killed between the two leaves such copies until SQLite writes over them.
fn leave_no_old_token(conn: &Connection) -> Result<(), StoreError> {
    conn.execute_batch("VACUUM")?;
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    Ok(())
}

/// What went wrong with the database.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("the database's schema: {0}")]
    Schema(#[from] rusqlite_migration::Error),
    #[error("a stored value: {0}")]
    Value(String),
    #[error("the database's thread: {0}")]
    Thread(String),
}

/// The database, one connection used by one writer at a time.
pub struct Store {
    conn: Mutex<Connection>,
}

/// A table read back, and the tables that could not be.
pub struct Loaded {
    pub tables: Vec<Table>,
    pub broken: Vec<(String, String)>,
}

/// Where a table was made from and its people's seats taken from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Addresses {
    pub made_by: Option<IpAddr>,
    pub seats: Vec<(usize, IpAddr)>,
}

/// One table as the database holds it, in play or long finished.
pub struct Stored {
    pub table: Table,
    /// When it was made (milliseconds of the Unix clock).
    pub created: i64,
}

impl Stored {
    /// Its game as a record (see [`Table::record`]), dated the day the table was made.
    pub fn record(&self) -> Record {
        let mut record = self.table.record();
        let seconds = u64::try_from(self.created / 1000).unwrap_or(0);
        record.date = Some(date_from_unix(seconds));
        record
    }
}

/// A `tables` row as stored, before it is checked.
struct Row {
    code: String,
    game: String,
    clock: String,
    start: String,
    host_hash: String,
    ended: Option<String>,
    created: i64,
}

/// The columns [`Row::read`] reads, in its order.
const ROW: &str = "code, game, clock, start, host_hash, ended, created";

impl Row {
    fn read(row: &rusqlite::Row) -> rusqlite::Result<Row> {
        Ok(Row {
            code: row.get(0)?,
            game: row.get(1)?,
            clock: row.get(2)?,
            start: row.get(3)?,
            host_hash: row.get(4)?,
            ended: row.get(5)?,
            created: row.get(6)?,
        })
    }
}

impl Store {
    /// Opens (or creates) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::with(Connection::open(path)?)
    }

    /// A database in memory (tests, and a table hosted for one evening).
    pub fn in_memory() -> Result<Store, StoreError> {
        Store::with(Connection::open_in_memory()?)
    }

    fn with(mut conn: Connection) -> Result<Store, StoreError> {
        // Write-ahead log: a commit is one append, readers never wait, and a process killed
        // mid-write leaves the last commit whole. NORMAL: a commit survives the process being
        // killed (not a power cut before the next checkpoint).
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0))?;
        migrations().to_latest(&mut conn)?;
        if (1..HASHED_SINCE).contains(&version) {
            leave_no_old_token(&conn)?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding it cannot leave a half-written transaction behind (SQLite
        // rolls back what was not committed): the connection is still good.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new table, with the seats the server's engine plays (a person's seat has no level,
    /// the engine's no name and no token).
    pub fn create(&self, table: &Table, now: i64) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO tables (code, game, clock, start, host_hash, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                table.code.as_str(),
                json(&table.config),
                json(&table.clock),
                table.start(),
                table.host_hash.to_hex(),
                now
            ],
        )?;
        for (seat, level) in table.computers() {
            tx.execute(
                "INSERT INTO seats (code, seat, name, token_hash, at, computer) VALUES (?1, ?2, '', '', ?3, ?4)",
                params![table.code.as_str(), seat as i64, now, level.number()],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Whether a table has this code (live or finished).
    pub fn has(&self, code: &Code) -> Result<bool, StoreError> {
        Ok(self
            .conn()
            .query_row(
                "SELECT 1 FROM tables WHERE code = ?1",
                [code.as_str()],
                |_| Ok(()),
            )
            .optional()?
            .is_some())
    }

    /// A player sat down at `now` (milliseconds of the Unix clock, as every time here).
    pub fn sit(
        &self,
        code: &Code,
        seat: usize,
        sitter: &Sitter,
        now: i64,
    ) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO seats (code, seat, name, token_hash, at, rating) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                code.as_str(),
                seat as i64,
                sitter.name.as_str(),
                sitter.token_hash.to_hex(),
                now,
                sitter.rating.map(Rating::value)
            ],
        )?;
        Ok(())
    }

    /// A move, and the end it brought if any, in one transaction.
    pub fn play(
        &self,
        code: &Code,
        ply: u32,
        mv: &str,
        end: Option<Ended>,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO moves (code, ply, mv, at) VALUES (?1, ?2, ?3, ?4)",
            params![code.as_str(), ply, mv, now],
        )?;
        if let Some(end) = end {
            tx.execute(
                "UPDATE tables SET ended = ?2 WHERE code = ?1",
                params![code.as_str(), json(&end)],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The move of ply `ply`, the last, taken back.
    pub fn take_back(&self, code: &Code, ply: u32) -> Result<(), StoreError> {
        self.conn().execute(
            "DELETE FROM moves WHERE code = ?1 AND ply = ?2",
            params![code.as_str(), ply],
        )?;
        Ok(())
    }

    /// A rematch's table with its players (the table, then its seats: a table stored without
    /// them is only a table nobody sits at).
    pub fn create_seated(&self, table: &Table, now: i64) -> Result<(), StoreError> {
        self.create(table, now)?;
        for (seat, sitter) in table.sitters() {
            self.sit(&table.code, seat, sitter, now)?;
        }
        Ok(())
    }

    /// The game ended off the board (a resignation, a flag fallen).
    pub fn end(&self, code: &Code, end: Ended) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE tables SET ended = ?2 WHERE code = ?1",
            params![code.as_str(), json(&end)],
        )?;
        Ok(())
    }

    /// The address the table `code` was made from (`seat` none) or its seat `seat` taken from.
    pub fn note_address(
        &self,
        code: &Code,
        seat: Option<usize>,
        address: IpAddr,
    ) -> Result<(), StoreError> {
        let seat = seat.map_or(-1, |s| s as i64);
        self.conn().execute(
            "INSERT OR REPLACE INTO addresses (code, seat, address) VALUES (?1, ?2, ?3)",
            params![code.as_str(), seat, address.to_string()],
        )?;
        Ok(())
    }

    /// Where the tables not finished were made from and their seats taken from, by code (an
    /// address that does not read is left out: it only counts towards a limit).
    pub fn unfinished_addresses(&self) -> Result<HashMap<String, Addresses>, StoreError> {
        let conn = self.conn();
        let mut query = conn.prepare(
            "SELECT a.code, a.seat, a.address FROM addresses a JOIN tables t ON t.code = a.code
                WHERE t.ended IS NULL",
        )?;
        let rows = query
            .query_map([], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, i64>(1)?,
                    row.get::<_, String>(2)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut found: HashMap<String, Addresses> = HashMap::new();
        for (code, seat, address) in rows {
            let Ok(address) = address.parse::<IpAddr>() else {
                continue;
            };
            let of = found.entry(code).or_default();
            match usize::try_from(seat) {
                Ok(seat) => of.seats.push((seat, address)),
                Err(_) => of.made_by = Some(address),
            }
        }
        Ok(found)
    }

    /// When something last happened (unix ms: made, a seat taken, a move) at a table not over
    /// that a person sits at; none when there is no such table.
    pub fn last_seated_activity(&self) -> Result<Option<i64>, StoreError> {
        let conn = self.conn();
        let last = conn.query_row(
            "SELECT MAX(at) FROM (
                SELECT s.at AS at FROM seats s JOIN tables t ON t.code = s.code
                    WHERE t.ended IS NULL AND s.computer IS NULL
                UNION ALL
                SELECT m.at FROM moves m JOIN tables t ON t.code = m.code
                    WHERE t.ended IS NULL AND EXISTS (SELECT 1 FROM seats s
                        WHERE s.code = t.code AND s.computer IS NULL)
            )",
            [],
            |row| row.get::<_, Option<i64>>(0),
        )?;
        Ok(last)
    }

    /// Every table still being played, replayed through the rules.
    pub fn load_unfinished(&self) -> Result<Loaded, StoreError> {
        let conn = self.conn();
        let mut query = conn.prepare(&format!(
            "SELECT {ROW} FROM tables WHERE ended IS NULL ORDER BY created"
        ))?;
        let rows = query
            .query_map([], Row::read)?
            .collect::<Result<Vec<_>, _>>()?;
        let mut loaded = Loaded {
            tables: Vec::new(),
            broken: Vec::new(),
        };
        for row in rows {
            match read_table(&conn, &row) {
                Ok(table) => loaded.tables.push(table),
                Err(problem) => loaded.broken.push((row.code, problem.to_string())),
            }
        }
        Ok(loaded)
    }

    /// The table with this code, in play or not, finished or not, replayed through the rules
    /// (none if no table ever had it; [`StoreError::Value`] if a stored value does not hold
    /// or the rules cannot replay it).
    pub fn stored(&self, code: &Code) -> Result<Option<Stored>, StoreError> {
        let conn = self.conn();
        let row = conn
            .query_row(
                &format!("SELECT {ROW} FROM tables WHERE code = ?1"),
                [code.as_str()],
                Row::read,
            )
            .optional()?;
        let Some(row) = row else {
            return Ok(None);
        };
        let table = read_table(&conn, &row)?;
        Ok(Some(Stored {
            table,
            created: row.created,
        }))
    }
}

/// One stored table, checked value by value and replayed (with its end, if it has one).
fn read_table(conn: &Connection, row: &Row) -> Result<Table, StoreError> {
    let code = Code::parse(&row.code).map_err(value)?;
    let config: GameConfig = serde_json::from_str(&row.game).map_err(value)?;
    let clock: Clock = serde_json::from_str(&row.clock).map_err(value)?;
    let host_hash = TokenHash::parse(&row.host_hash).map_err(value)?;
    let end: Option<Ended> = match &row.ended {
        Some(ended) => Some(serde_json::from_str(ended).map_err(value)?),
        None => None,
    };
    let table =
        Table::from_position(code.clone(), config, clock, host_hash, &row.start).map_err(value)?;
    let seats = read_seats(conn, &code)?;
    let moves = read_moves(conn, &code)?;
    Table::restore(
        table,
        seats.people,
        seats.computers,
        seats.full_since,
        moves,
        end,
    )
    .map_err(value)
}

/// A stored value that does not hold.
fn value(problem: impl std::fmt::Display) -> StoreError {
    StoreError::Value(problem.to_string())
}

/// A stored table's seats: its people, the engine's seats, and when the last was taken.
struct Seats {
    people: Vec<(usize, Sitter)>,
    computers: Vec<(usize, Level)>,
    full_since: Option<i64>,
}

/// A `seats` row as stored: seat, name, token's hash, when, the engine's level, the rating.
type SeatRow = (i64, String, String, i64, Option<i64>, Option<i64>);

fn read_seats(conn: &Connection, code: &Code) -> Result<Seats, StoreError> {
    let mut query = conn.prepare(
        "SELECT seat, name, token_hash, at, computer, rating FROM seats WHERE code = ?1",
    )?;
    let rows = query
        .query_map([code.as_str()], |row| {
            Ok((
                row.get(0)?,
                row.get(1)?,
                row.get(2)?,
                row.get(3)?,
                row.get(4)?,
                row.get(5)?,
            ))
        })?
        .collect::<Result<Vec<SeatRow>, _>>()?;
    let mut seats = Seats {
        people: Vec::new(),
        computers: Vec::new(),
        full_since: None,
    };
    for (seat, name, token_hash, at, computer, rating) in rows {
        let seat = usize::try_from(seat).map_err(value)?;
        seats.full_since = seats.full_since.max(Some(at));
        match computer {
            Some(level) => seats.computers.push((seat, read_level(seat, level)?)),
            None => seats
                .people
                .push((seat, read_sitter(seat, &name, &token_hash, rating)?)),
        }
    }
    Ok(seats)
}

fn read_level(seat: usize, level: i64) -> Result<Level, StoreError> {
    u8::try_from(level)
        .ok()
        .and_then(Level::new)
        .ok_or_else(|| value(format!("seat {seat}: no level {level}")))
}

fn read_sitter(
    seat: usize,
    name: &str,
    token_hash: &str,
    rating: Option<i64>,
) -> Result<Sitter, StoreError> {
    let rating = match rating {
        Some(rating) => Some(
            u16::try_from(rating)
                .ok()
                .and_then(Rating::new)
                .ok_or_else(|| value(format!("seat {seat}: no rating {rating}")))?,
        ),
        None => None,
    };
    Ok(Sitter {
        name: Name::parse(name).map_err(value)?,
        token_hash: TokenHash::parse(token_hash).map_err(|e| value(format!("seat {seat}: {e}")))?,
        rating,
    })
}

/// A stored table's moves, oldest first, each with when it was played.
fn read_moves(conn: &Connection, code: &Code) -> Result<Vec<(String, i64)>, StoreError> {
    let mut query = conn.prepare("SELECT mv, at FROM moves WHERE code = ?1 ORDER BY ply")?;
    let moves = query
        .query_map([code.as_str()], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(moves)
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("plain data")
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamut_engine::Game;
    use gamut_net::{MoveText, Seat};

    #[test]
    fn a_table_comes_back_as_it_was_stored() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.sqlite");
        let code = Code::parse("QRSTU").unwrap();
        {
            let store = Store::open(&path).unwrap();
            let mut table = Table::new(
                code.clone(),
                GameConfig::default(),
                Clock::Correspondence { days: 3 },
                TokenHash::of(&Token::from_bits(7)),
            );
            store.create(&table, 1).unwrap();
            for seat in 0..2u8 {
                let sitter = Sitter {
                    name: Name::parse("Ada").unwrap(),
                    token_hash: TokenHash::of(&Token::from_bits(u128::from(seat) + 100)),
                    rating: Rating::new(1500),
                };
                store.sit(&code, seat.into(), &sitter, 10).unwrap();
                table.sit(Seat::new(seat).unwrap(), sitter, 10).unwrap();
            }
            let mv = MoveText::parse("b1b3").unwrap();
            let checked = table.check_move(&Token::from_bits(100), 0, &mv).unwrap();
            store.play(&code, 0, mv.as_str(), None, 5000).unwrap();
            table.play(checked, mv, 5000);
        }
        let store = Store::open(&path).unwrap();
        let loaded = store.load_unfinished().unwrap();
        assert!(loaded.broken.is_empty());
        let table = &loaded.tables[0];
        assert_eq!(table.ply(), 1);
        assert_eq!(table.clock, Clock::Correspondence { days: 3 });
        // Black's move started White's three days afresh, at the move's time.
        let clocks = table.clocks(5000 + 1000).unwrap();
        assert_eq!(clocks.left_ms, [3 * 86_400_000, 3 * 86_400_000 - 1000]);
        assert_eq!(table.seat_of(&Token::from_bits(101)), Seat::new(1));
        // The players' names and ratings came back with them.
        let seats = table.seat_views(|_| false);
        assert_eq!(seats[0].name.as_ref().map(Name::as_str), Some("Ada"));
        assert_eq!(seats[1].rating, Rating::new(1500));
        assert!(store.has(&code).unwrap());
        // The last thing done there: the move, at 5000.
        assert_eq!(store.last_seated_activity().unwrap(), Some(5000));
    }

    #[test]
    fn a_finished_table_is_read_back_with_its_end_and_its_day() {
        let store = Store::in_memory().unwrap();
        let code = Code::parse("MNPQR").unwrap();
        let table = Table::new(
            code.clone(),
            GameConfig::default(),
            Clock::Untimed,
            TokenHash::of(&Token::from_bits(1)),
        );
        // 2026-11-28, 12:00 UTC.
        store.create(&table, 1_795_867_200_000).unwrap();
        store.play(&code, 0, "b1b3", None, 2).unwrap();
        let resigned = Ended {
            winner: Some(0),
            reason: gamut_net::EndReason::Resigned,
        };
        store.end(&code, resigned).unwrap();
        let stored = store.stored(&code).unwrap().expect("stored");
        assert_eq!(
            (stored.table.ply(), stored.table.end()),
            (1, Some(resigned))
        );
        assert_eq!(stored.record().date.as_deref(), Some("2026.11.28"));
        assert!(store.load_unfinished().unwrap().tables.is_empty());
        let unknown = Code::parse("ZZZZZ").unwrap();
        assert!(store.stored(&unknown).unwrap().is_none());
    }

    #[test]
    fn a_broken_table_is_reported_and_left_in_the_file() {
        let store = Store::in_memory().unwrap();
        let code = Code::parse("VWXYZ").unwrap();
        let table = Table::new(
            code.clone(),
            GameConfig::default(),
            Clock::Untimed,
            TokenHash::of(&Token::from_bits(1)),
        );
        store.create(&table, 1).unwrap();
        // A move the rules do not allow, written behind the server's back.
        store.play(&code, 0, "a1a1", None, 2).unwrap();
        let loaded = store.load_unfinished().unwrap();
        assert!(loaded.tables.is_empty());
        assert_eq!(loaded.broken.len(), 1);
        assert!(store.has(&code).unwrap(), "still in the file");
    }

    #[test]
    fn a_database_from_a_newer_server_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.sqlite");
        drop(Store::open(&path).unwrap());
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
        drop(conn);
        assert!(matches!(Store::open(&path), Err(StoreError::Schema(_))));
    }

    /// The bytes of the database at `path` and of its write-ahead log (if it has one).
    fn file_bytes(path: &Path) -> Vec<u8> {
        let mut bytes = std::fs::read(path).unwrap();
        let wal = path.with_extension("sqlite-wal");
        bytes.extend(std::fs::read(wal).unwrap_or_default());
        bytes
    }

    /// Whether `text` occurs anywhere in `bytes`.
    fn holds(bytes: &[u8], text: &str) -> bool {
        bytes.windows(text.len()).any(|w| w == text.as_bytes())
    }

    /// The texts of a column, in rowid order.
    fn column(path: &Path, sql: &str) -> Vec<String> {
        let conn = Connection::open(path).unwrap();
        let mut query = conn.prepare(sql).unwrap();
        let texts = query.query_map([], |row| row.get(0)).unwrap();
        texts.collect::<Result<_, _>>().unwrap()
    }

    /// The host's and a player's tokens: in the file, only their hashes, and each still
    /// finds its seat (a wrong one none).
    #[test]
    fn a_token_is_kept_only_as_its_hash() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.sqlite");
        let code = Code::parse("HJKMN").unwrap();
        let (host, player) = (Token::from_bits(0x1234), Token::from_bits(u128::MAX / 3));
        {
            let store = Store::open(&path).unwrap();
            let table = Table::new(
                code.clone(),
                GameConfig::default(),
                Clock::Untimed,
                TokenHash::of(&host),
            );
            store.create(&table, 1).unwrap();
            let sitter = Sitter {
                name: Name::parse("Ada").unwrap(),
                token_hash: TokenHash::of(&player),
                rating: None,
            };
            store.sit(&code, 1, &sitter, 2).unwrap();
        }
        let bytes = file_bytes(&path);
        for token in [&host, &player] {
            assert!(!holds(&bytes, token.as_str()), "{token:?} in the file");
            assert!(holds(&bytes, &TokenHash::of(token).to_hex()));
        }
        let hosts = column(&path, "SELECT host_hash FROM tables");
        assert_eq!(hosts, [TokenHash::of(&host).to_hex()]);
        let seats = column(&path, "SELECT token_hash FROM seats");
        assert_eq!(seats, [TokenHash::of(&player).to_hex()]);

        let table = Store::open(&path)
            .unwrap()
            .stored(&code)
            .unwrap()
            .unwrap()
            .table;
        assert_eq!(table.seat_of(&player), Seat::new(1));
        assert_eq!(table.seat_of(&Token::from_bits(0x1235)), None);
        assert_eq!(table.seat_of(&host), None, "the host's token holds no seat");
        assert!(table.is_host(&host) && !table.is_host(&player));
    }

    /// A database as a server of before wrote it (the first schema, the tokens as they are),
    /// with the same statements: a table in play with a person's seat, the engine's seat and
    /// a move, and a table over (its row written twice).
    fn old_database(path: &Path, host: &Token, player: &Token, over: &Token) {
        let conn = Connection::open(path).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        conn.execute_batch(TABLES).unwrap();
        conn.pragma_update(None, "user_version", 1).unwrap();
        let create = "INSERT INTO tables (code, game, clock, start, host, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
        let config = GameConfig::default();
        let start = config.start().to_text();
        for (code, token) in [("ABCDE", host), ("FGHJK", over)] {
            let row = params![
                code,
                json(&config),
                json(&Clock::Untimed),
                start,
                token.as_str(),
                1
            ];
            conn.execute(create, row).unwrap();
        }
        conn.execute(
            "INSERT INTO seats (code, seat, name, token, at, rating) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params!["ABCDE", 0, "Ada", player.as_str(), 2, 1500],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO seats (code, seat, name, token, at, computer) VALUES (?1, ?2, '', '', ?3, ?4)",
            params!["ABCDE", 1, 3, 4],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO moves (code, ply, mv, at) VALUES (?1, ?2, ?3, ?4)",
            params!["ABCDE", 0, "b1b3", 5],
        )
        .unwrap();
        let resigned = Ended {
            winner: Some(1),
            reason: gamut_net::EndReason::Resigned,
        };
        conn.execute(
            "UPDATE tables SET ended = ?2 WHERE code = ?1",
            params!["FGHJK", json(&resigned)],
        )
        .unwrap();
    }

    /// A server upgraded in place: the old tokens are hashed as the database opens, the file
    /// keeps no copy of them, and each still holds its seat (the engine's seat stays the
    /// engine's).
    #[test]
    fn a_database_of_before_has_its_tokens_hashed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.sqlite");
        let host = Token::from_bits(0xfeed_f00d);
        let player = Token::from_bits(0x0123_4567_89ab_cdef_0011_2233_4455_6677);
        let over = Token::from_bits(u128::MAX - 42);
        old_database(&path, &host, &player, &over);
        assert!(
            holds(&file_bytes(&path), player.as_str()),
            "written as before"
        );

        let store = Store::open(&path).unwrap();
        let loaded = store.load_unfinished().unwrap();
        assert!(loaded.broken.is_empty(), "{:?}", loaded.broken);
        let table = &loaded.tables[0];
        assert_eq!((table.ply(), table.seat_of(&player)), (1, Seat::new(0)));
        assert_eq!(table.seat_of(&Token::from_bits(1)), None);
        assert!(table.is_host(&host));
        assert_eq!(table.computers().count(), 1);
        let finished = store.stored(&Code::parse("FGHJK").unwrap()).unwrap();
        assert!(finished.unwrap().table.is_host(&over));
        drop(store);

        let bytes = file_bytes(&path);
        for token in [&host, &player, &over] {
            assert!(!holds(&bytes, token.as_str()), "{token:?} left in the file");
        }
        let seats = column(&path, "SELECT token_hash FROM seats ORDER BY seat");
        assert_eq!(seats, [TokenHash::of(&player).to_hex(), String::new()]);
        let conn = Connection::open(&path).unwrap();
        let pending = migrations().pending_migrations(&conn).unwrap();
        assert_eq!(pending, 0, "brought up to date");
    }

    /// A stored hash that does not read, or an old token that was not one, makes its table
    /// unreadable: reported, never a panic, and left as it is.
    #[test]
    fn a_hash_that_does_not_read_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.sqlite");
        let (host, over) = (Token::from_bits(1), Token::from_bits(2));
        old_database(&path, &host, &Token::from_bits(3), &over);
        let conn = Connection::open(&path).unwrap();
        conn.execute("UPDATE seats SET token = 'not a token' WHERE seat = 0", [])
            .unwrap();
        drop(conn);
        let store = Store::open(&path).unwrap();
        let loaded = store.load_unfinished().unwrap();
        assert_eq!(loaded.broken.len(), 1, "{:?}", loaded.broken);
        let seats = column(&path, "SELECT token_hash FROM seats WHERE seat = 0");
        assert_eq!(seats, ["not a token"], "left as it is");

        let code = Code::parse("FGHJK").unwrap();
        store
            .conn()
            .execute("UPDATE tables SET host_hash = ?1", [over.as_str()])
            .unwrap();
        assert!(matches!(store.stored(&code), Err(StoreError::Value(_))));
    }
}
