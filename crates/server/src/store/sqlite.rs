//! The tables kept in SQLite, in a file beside the server (or in memory): one connection used
//! by one writer at a time, in write-ahead mode. The schema's migrations are [`super::schema`]'s,
//! numbered by SQLite's `user_version` (`rusqlite_migration`).
//!
//! A database of before (its tokens as they were) has them hashed as it is opened, and no copy
//! of them left in the file.

mod notices;

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use gamut_net::{Code, Ended, Rating};
use rusqlite::{Connection, OptionalExtension, Transaction, params};
use rusqlite_migration::{HookResult, M, Migrations};

use super::notices::Notices;
use super::schema::{self, HASHED_SINCE, Hook, MIGRATIONS};
use super::{Addresses, Loaded, ROW, Row, SEAT_ROW, SeatRow, StoreError, Stored, json, read_phase};
use crate::phase::{Keeping, Phase, millis};
use crate::referee::{Sitter, Table};

/// The schema, oldest migration first ([`MIGRATIONS`]), each with its hook.
fn migrations() -> Migrations<'static> {
    Migrations::new(
        MIGRATIONS
            .iter()
            .map(|(sql, hook)| match hook {
                Hook::None => M::up(sql),
                Hook::HashTokens => M::up_with_hook(sql, hash_tokens),
                Hook::SeatedTablesPlaying => M::up_with_hook(sql, seated_tables_playing),
            })
            .collect(),
    )
}

/// The tables of before with no end whose every seat is taken (by a person or the engine) are
/// playing ([`schema::seated`]).
fn seated_tables_playing(tx: &Transaction) -> HookResult {
    let mut query = tx.prepare(
        "SELECT t.code, t.game, (SELECT COUNT(*) FROM seats s WHERE s.code = t.code)
            FROM tables t WHERE t.phase = 'waiting'",
    )?;
    let rows = query
        .query_map([], |row| {
            let game = row.get_ref(1)?.as_str().ok().map(str::to_string);
            Ok((row.get::<_, String>(0)?, game, row.get::<_, i64>(2)?))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let mut update = tx.prepare("UPDATE tables SET phase = 'playing' WHERE code = ?1")?;
    for (code, game, taken) in rows {
        if schema::seated(game.as_deref(), taken) {
            update.execute([code])?;
        }
    }
    Ok(())
}

/// The stored tokens replaced by their hashes ([`schema::hashed`]).
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
        if let Some(hash) = text.as_deref().and_then(schema::hashed) {
            update.execute(params![hash, rowid])?;
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

/// The SQLite database, one connection used by one writer at a time.
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

/// A `tables` row read.
fn read_row(row: &rusqlite::Row) -> rusqlite::Result<Row> {
    Ok(Row {
        code: row.get(0)?,
        game: row.get(1)?,
        clock: row.get(2)?,
        start: row.get(3)?,
        host_hash: row.get(4)?,
        ended: row.get(5)?,
        created: row.get(6)?,
        phase: row.get(7)?,
        last_activity: row.get(8)?,
        finished_at: row.get(9)?,
    })
}

/// How many of the table's seats are taken (its game's seats only).
fn seats_taken(conn: &Connection, row: &Row) -> Result<i64, StoreError> {
    let taken = conn.query_row(
        "SELECT COUNT(*) FROM seats WHERE code = ?1 AND seat >= 0 AND seat < ?2",
        params![row.code, row.seat_count()? as i64],
        |r| r.get(0),
    )?;
    Ok(taken)
}

impl SqliteStore {
    /// Opens (or creates) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::with(Connection::open(path)?)
    }

    /// A database in memory (tests, and a table hosted for one evening).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        SqliteStore::with(Connection::open_in_memory()?)
    }

    fn with(mut conn: Connection) -> Result<SqliteStore, StoreError> {
        // Write-ahead log: a commit is one append, readers never wait, and a process killed
        // mid-write leaves the last commit whole. NORMAL: a commit survives the process being
        // killed (not a power cut before the next checkpoint).
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let version: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0))?;
        migrations().to_latest(&mut conn)?;
        if (1..HASHED_SINCE as i64).contains(&version) {
            leave_no_old_token(&conn)?;
        }
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    /// `work` on the notices' tables ([`super::notices`]), the connection held throughout.
    pub(super) fn notices<T>(
        &self,
        work: impl FnOnce(&dyn Notices) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        work(&*self.conn())
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding it cannot leave a half-written transaction behind (SQLite
        // rolls back what was not committed): the connection is still good.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A new table in `phase`, made at `now`, with its seats in one transaction: the ones the
    /// server's engine plays (no name and no token) and its people's (a rematch's players).
    pub fn create(&self, table: &Table, phase: Phase, now: i64) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO tables (code, game, clock, start, host_hash, created, phase, last_activity)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?6)",
            params![
                table.code.as_str(),
                json(&table.config),
                json(&table.clock),
                table.start(),
                table.host_hash.to_hex(),
                now,
                phase.as_str()
            ],
        )?;
        for (seat, level) in table.computers() {
            tx.execute(
                "INSERT INTO seats (code, seat, name, token_hash, at, computer) VALUES (?1, ?2, '', '', ?3, ?4)",
                params![table.code.as_str(), seat as i64, now, level.number()],
            )?;
        }
        for (seat, sitter) in table.sitters() {
            insert_sitter(&tx, &table.code, seat, sitter, now)?;
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

    /// A player sat down at `now` (milliseconds of the Unix clock, as every time here); the
    /// table is then in `phase`.
    pub fn sit(
        &self,
        code: &Code,
        seat: usize,
        sitter: &Sitter,
        phase: Phase,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        insert_sitter(&tx, code, seat, sitter, now)?;
        mark(&tx, code, phase, now)?;
        tx.commit()?;
        Ok(())
    }

    /// A move, and the end it brought if any, in one transaction; the table is then in
    /// `phase`.
    pub fn play(
        &self,
        code: &Code,
        ply: u32,
        mv: &str,
        end: Option<Ended>,
        phase: Phase,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO moves (code, ply, mv, at) VALUES (?1, ?2, ?3, ?4)",
            params![code.as_str(), ply, mv, now],
        )?;
        if let Some(end) = end {
            write_end(&tx, code, end)?;
        }
        mark(&tx, code, phase, now)?;
        tx.commit()?;
        Ok(())
    }

    /// The move of ply `ply`, the last, taken back at `now`.
    pub fn take_back(&self, code: &Code, ply: u32, now: i64) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM moves WHERE code = ?1 AND ply = ?2",
            params![code.as_str(), ply],
        )?;
        note(&tx, code, now)?;
        tx.commit()?;
        Ok(())
    }

    /// The game ended off the board at `now` (a resignation, a flag fallen, a draw agreed);
    /// the table is then in `phase`.
    pub fn end(&self, code: &Code, end: Ended, phase: Phase, now: i64) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        write_end(&tx, code, end)?;
        mark(&tx, code, phase, now)?;
        tx.commit()?;
        Ok(())
    }

    /// When something last happened at each of these tables (someone connected or gone: the
    /// hub writes it at its sweep, so an idle time counts from it after a restart).
    pub fn note_activity(&self, tables: &[(Code, i64)]) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        for (code, at) in tables {
            note(&tx, code, *at)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// These tables put away at `now` (the rule said so): never played again, their
    /// addresses forgotten; their games stay.
    pub fn put_away(&self, codes: &[Code], now: i64) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        for code in codes {
            set_phase(&tx, code.as_str(), Phase::PutAway, now)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The table's phase as stored (none if no table has this code).
    pub fn phase_of(&self, code: &Code) -> Result<Option<Phase>, StoreError> {
        let text: Option<String> = self
            .conn()
            .query_row(
                "SELECT phase FROM tables WHERE code = ?1",
                [code.as_str()],
                |row| row.get(0),
            )
            .optional()?;
        text.map(read_phase).transpose()
    }

    /// Deletes what nobody can reach any more, at `now`: the tables put away unfinished
    /// (never started, or abandoned) for longer than `retention`, with their seats, moves and
    /// addresses; and the addresses of every game over (a database of before kept them). A
    /// finished game is kept for ever. How many tables were deleted.
    pub fn prune(&self, now: i64, retention: Duration) -> Result<usize, StoreError> {
        let before = now.saturating_sub(millis(retention));
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM addresses WHERE (SELECT t.phase FROM tables t
                WHERE t.code = addresses.code) NOT IN ('waiting', 'playing')",
            [],
        )?;
        let gone = "SELECT code FROM tables
            WHERE phase = 'put-away' AND ended IS NULL AND put_away_at <= ?1";
        for rows in ["addresses", "moves", "seats"] {
            tx.execute(
                &format!("DELETE FROM {rows} WHERE code IN ({gone})"),
                [before],
            )?;
        }
        let tables = tx.execute(
            &format!("DELETE FROM tables WHERE code IN ({gone})"),
            [before],
        )?;
        tx.commit()?;
        Ok(tables)
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

    /// Where the tables whose game goes on (waiting or playing) were made from and their
    /// seats taken from, by code (an address that does not read is left out: it only counts
    /// towards a limit).
    pub fn unfinished_addresses(&self) -> Result<HashMap<String, Addresses>, StoreError> {
        let conn = self.conn();
        let mut query = conn.prepare(
            "SELECT a.code, a.seat, a.address FROM addresses a JOIN tables t ON t.code = a.code
                WHERE t.phase IN ('waiting', 'playing')",
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
        Ok(Addresses::gathered(rows))
    }

    /// When something last happened (unix ms: made, a seat taken, a move) at a table whose
    /// game goes on (not finished, not put away) that a person sits at; none when there is no
    /// such table.
    pub fn last_seated_activity(&self) -> Result<Option<i64>, StoreError> {
        let conn = self.conn();
        let last = conn.query_row(
            "SELECT MAX(at) FROM (
                SELECT s.at AS at FROM seats s JOIN tables t ON t.code = s.code
                    WHERE t.phase IN ('waiting', 'playing') AND s.computer IS NULL
                UNION ALL
                SELECT m.at FROM moves m JOIN tables t ON t.code = m.code
                    WHERE t.phase IN ('waiting', 'playing') AND EXISTS (SELECT 1 FROM seats s
                        WHERE s.code = t.code AND s.computer IS NULL)
            )",
            [],
            |row| row.get::<_, Option<i64>>(0),
        )?;
        Ok(last)
    }

    /// The tables the server plays again as it starts at `now`: every table not put away
    /// that the rule of a table's life (with `keeping`, nobody connected) does not put away
    /// now, replayed through the rules. The ones it puts away are stored so; a phase it says
    /// otherwise than the stored one is stored too.
    pub fn load(&self, now: i64, keeping: &Keeping) -> Result<Loaded, StoreError> {
        let mut conn = self.conn();
        let rows = {
            let mut query = conn.prepare(&format!(
                "SELECT {ROW} FROM tables WHERE phase != 'put-away' ORDER BY created"
            ))?;
            query
                .query_map([], read_row)?
                .collect::<Result<Vec<_>, _>>()?
        };
        let mut loaded = Loaded::default();
        let mut changed = Vec::new();
        for row in rows {
            match load_one(&conn, &row, now, keeping) {
                Ok((phase, kept)) => {
                    if phase.as_str() != row.phase {
                        changed.push((row.code.clone(), phase));
                    }
                    match kept {
                        Some(kept) => loaded.tables.push(kept),
                        None => loaded.put_away.push(row.code),
                    }
                }
                Err(problem) => loaded.broken.push((row.code, problem.to_string())),
            }
        }
        let tx = conn.transaction()?;
        for (code, phase) in &changed {
            set_phase(&tx, code, *phase, now)?;
        }
        tx.commit()?;
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
                read_row,
            )
            .optional()?;
        let Some(row) = row else {
            return Ok(None);
        };
        let table = row.table(read_seats(&conn, &row.code)?, read_moves(&conn, &row.code)?)?;
        Ok(Some(Stored {
            table,
            created: row.created,
        }))
    }
}

/// One stored table's phase at `now`, and the table replayed unless the rule puts it away.
fn load_one(
    conn: &Connection,
    row: &Row,
    now: i64,
    keeping: &Keeping,
) -> Result<(Phase, Option<super::Kept>), StoreError> {
    let phase = row.phase_at(seats_taken(conn, row)?, now, keeping)?;
    if phase == Phase::PutAway {
        return Ok((phase, None));
    }
    let kept = row.kept(
        phase,
        read_seats(conn, &row.code)?,
        read_moves(conn, &row.code)?,
    )?;
    Ok((phase, Some(kept)))
}

/// A person's seat row.
fn insert_sitter(
    tx: &Transaction,
    code: &Code,
    seat: usize,
    sitter: &Sitter,
    now: i64,
) -> rusqlite::Result<()> {
    tx.execute(
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

/// The game's end.
fn write_end(tx: &Transaction, code: &Code, end: Ended) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE tables SET ended = ?2 WHERE code = ?1",
        params![code.as_str(), json(&end)],
    )?;
    Ok(())
}

/// Something happened at the table at `now` (its last activity never goes back).
fn note(tx: &Transaction, code: &Code, now: i64) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE tables SET last_activity = MAX(last_activity, ?2) WHERE code = ?1",
        params![code.as_str(), now],
    )?;
    Ok(())
}

/// Something happened at the table at `now`, which left it in `phase`.
fn mark(tx: &Transaction, code: &Code, phase: Phase, now: i64) -> rusqlite::Result<()> {
    note(tx, code, now)?;
    set_phase(tx, code.as_str(), phase, now)
}

/// The table's phase from `now` on: an end is dated when first stored as finished, a table
/// put away when first stored so, and the addresses of a game over are forgotten (an address
/// is personal data, and it only serves the limits of games going on).
fn set_phase(tx: &Transaction, code: &str, phase: Phase, now: i64) -> rusqlite::Result<()> {
    tx.execute(
        "UPDATE tables SET phase = ?2,
            finished_at = CASE WHEN ended IS NULL THEN NULL ELSE COALESCE(finished_at, ?3) END,
            put_away_at = CASE WHEN ?2 = 'put-away' THEN COALESCE(put_away_at, ?3) END
            WHERE code = ?1",
        params![code, phase.as_str(), now],
    )?;
    if !phase.going_on() {
        tx.execute("DELETE FROM addresses WHERE code = ?1", [code])?;
    }
    Ok(())
}

/// A stored table's seats rows.
fn read_seats(conn: &Connection, code: &str) -> Result<Vec<SeatRow>, StoreError> {
    let mut query = conn.prepare(&format!("SELECT {SEAT_ROW} FROM seats WHERE code = ?1"))?;
    let rows = query
        .query_map([code], |row| {
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
    Ok(rows)
}

/// A stored table's moves, oldest first, each with when it was played.
fn read_moves(conn: &Connection, code: &str) -> Result<Vec<(String, i64)>, StoreError> {
    let mut query = conn.prepare("SELECT mv, at FROM moves WHERE code = ?1 ORDER BY ply")?;
    let moves = query
        .query_map([code], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::schema::TABLES;
    use super::*;
    use crate::token_hash::TokenHash;
    use gamut_engine::Game;
    use gamut_engine::any_game::GameConfig;
    use gamut_net::{Clock, Name, Token};
    use gamut_net::{MoveText, Seat};

    /// An untimed table at `code`, made by the host whose token is 1.
    fn untimed(code: &Code) -> Table {
        Table::new(
            code.clone(),
            GameConfig::default(),
            Clock::Untimed,
            TokenHash::of(&Token::from_bits(1)),
        )
    }

    #[test]
    fn a_table_comes_back_as_it_was_stored() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.sqlite");
        let code = Code::parse("QRSTU").unwrap();
        {
            let store = SqliteStore::open(&path).unwrap();
            let mut table = Table::new(
                code.clone(),
                GameConfig::default(),
                Clock::Correspondence { days: 3 },
                TokenHash::of(&Token::from_bits(7)),
            );
            store.create(&table, Phase::Waiting, 1).unwrap();
            for seat in 0..2u8 {
                let sitter = Sitter {
                    name: Name::parse("Ada").unwrap(),
                    token_hash: TokenHash::of(&Token::from_bits(u128::from(seat) + 100)),
                    rating: Rating::new(1500),
                };
                let phase = [Phase::Waiting, Phase::Playing][usize::from(seat)];
                store.sit(&code, seat.into(), &sitter, phase, 10).unwrap();
                table.sit(Seat::new(seat).unwrap(), sitter, 10).unwrap();
            }
            let mv = MoveText::parse("b1b3").unwrap();
            let checked = table.check_move(&Token::from_bits(100), 0, &mv).unwrap();
            store
                .play(&code, 0, mv.as_str(), None, Phase::Playing, 5000)
                .unwrap();
            table.play(checked, mv, 5000);
        }
        let store = SqliteStore::open(&path).unwrap();
        let loaded = store.load(6000, &Keeping::default()).unwrap();
        assert!(loaded.broken.is_empty());
        assert_eq!(loaded.tables[0].phase, Phase::Playing);
        assert_eq!(loaded.tables[0].last_activity, 5000);
        let table = &loaded.tables[0].table;
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
        let store = SqliteStore::in_memory().unwrap();
        let code = Code::parse("MNPQR").unwrap();
        let table = untimed(&code);
        // 2026-11-28, 12:00 UTC.
        let made = 1_795_867_200_000;
        store.create(&table, Phase::Waiting, made).unwrap();
        store
            .play(&code, 0, "b1b3", None, Phase::Waiting, made + 1)
            .unwrap();
        let resigned = Ended {
            winner: Some(0),
            reason: gamut_net::EndReason::Resigned,
        };
        store
            .end(&code, resigned, Phase::Finished, made + 2)
            .unwrap();
        let stored = store.stored(&code).unwrap().expect("stored");
        assert_eq!(
            (stored.table.ply(), stored.table.end()),
            (1, Some(resigned))
        );
        assert_eq!(stored.record().date.as_deref(), Some("2026.11.28"));
        // Within its grace it is played again (its final position, a rematch), then put away.
        let keeping = Keeping::default();
        let soon = store.load(made + 60_000, &keeping).unwrap();
        assert_eq!(soon.tables[0].phase, Phase::Finished);
        assert_eq!(soon.tables[0].ended_at, Some(made + 2));
        let later = store.load(made + 2 + 30 * 60_000 + 1, &keeping).unwrap();
        assert!(later.tables.is_empty());
        assert_eq!(later.put_away, [code.as_str()]);
        assert_eq!(store.phase_of(&code).unwrap(), Some(Phase::PutAway));
        assert!(store.stored(&code).unwrap().is_some(), "its record stays");
        let unknown = Code::parse("ZZZZZ").unwrap();
        assert!(store.stored(&unknown).unwrap().is_none());
    }

    #[test]
    fn a_broken_table_is_reported_and_left_in_the_file() {
        let store = SqliteStore::in_memory().unwrap();
        let code = Code::parse("VWXYZ").unwrap();
        let table = untimed(&code);
        store.create(&table, Phase::Waiting, 1).unwrap();
        // A move the rules do not allow, written behind the server's back.
        store
            .play(&code, 0, "a1a1", None, Phase::Waiting, 2)
            .unwrap();
        let loaded = store.load(3, &Keeping::default()).unwrap();
        assert!(loaded.tables.is_empty());
        assert_eq!(loaded.broken.len(), 1);
        assert!(store.has(&code).unwrap(), "still in the file");
    }

    #[test]
    fn a_database_from_a_newer_server_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.sqlite");
        drop(SqliteStore::open(&path).unwrap());
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", 99).unwrap();
        drop(conn);
        assert!(matches!(
            SqliteStore::open(&path),
            Err(StoreError::Schema(_))
        ));
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
            let store = SqliteStore::open(&path).unwrap();
            let table = Table::new(
                code.clone(),
                GameConfig::default(),
                Clock::Untimed,
                TokenHash::of(&host),
            );
            store.create(&table, Phase::Waiting, 1).unwrap();
            let sitter = Sitter {
                name: Name::parse("Ada").unwrap(),
                token_hash: TokenHash::of(&player),
                rating: None,
            };
            store.sit(&code, 1, &sitter, Phase::Waiting, 2).unwrap();
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

        let table = SqliteStore::open(&path)
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

        let store = SqliteStore::open(&path).unwrap();
        let loaded = store.load(10, &Keeping::default()).unwrap();
        assert!(loaded.broken.is_empty(), "{:?}", loaded.broken);
        let table = &loaded
            .tables
            .iter()
            .find(|kept| kept.table.code.as_str() == "ABCDE")
            .expect("the game going on")
            .table;
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
        let store = SqliteStore::open(&path).unwrap();
        let loaded = store.load(10, &Keeping::default()).unwrap();
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

    /// A table `code` of `game`, untimed, made at `made`, as migrations 1 to 3 wrote it.
    fn table_of_before(conn: &Connection, code: &str, game: &GameConfig, made: i64) {
        conn.execute(
            "INSERT INTO tables (code, game, clock, start, host_hash, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                code,
                json(game),
                json(&Clock::Untimed),
                game.start().to_text(),
                TokenHash::of(&Token::from_bits(1)).to_hex(),
                made
            ],
        )
        .unwrap();
    }

    /// A person's seat of before (`level` none) or the engine's.
    fn seat_of_before(conn: &Connection, code: &str, seat: i64, at: i64, level: Option<i64>) {
        let hash = TokenHash::of(&Token::from_bits(at as u128)).to_hex();
        let (name, hash) = match level {
            Some(_) => ("", String::new()),
            None => ("Ada", hash),
        };
        conn.execute(
            "INSERT INTO seats (code, seat, name, token_hash, at, computer) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![code, seat, name, hash, at, level],
        )
        .unwrap();
    }

    /// A database of migration 3 brought up to date: a game over is finished (its addresses
    /// deleted), a table whose every seat is taken (the engine's seat counts) is playing, one
    /// with a free seat is waiting (LOA for four with three); each dated by the last time it
    /// holds.
    #[test]
    fn a_database_of_before_is_given_its_phases() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.sqlite");
        let mut conn = Connection::open(&path).unwrap();
        migrations().to_version(&mut conn, 3).unwrap();
        let two = GameConfig::default();
        let four = GameConfig {
            loa: gamut_engine::loa::Rules {
                variant: gamut_engine::loa::Variant::FourPlayers,
                ..gamut_engine::loa::Rules::default()
            },
            ..two
        };
        for (code, game) in [
            ("AAAAA", two),
            ("BBBBB", two),
            ("CCCCC", two),
            ("DDDDD", four),
        ] {
            table_of_before(&conn, code, &game, 100);
        }
        let resigned = json(&Ended {
            winner: Some(0),
            reason: gamut_net::EndReason::Resigned,
        });
        conn.execute(
            "UPDATE tables SET ended = ?1 WHERE code = 'AAAAA'",
            [resigned],
        )
        .unwrap();
        seat_of_before(&conn, "AAAAA", 0, 200, None);
        seat_of_before(&conn, "BBBBB", 0, 300, None);
        seat_of_before(&conn, "BBBBB", 1, 100, Some(3));
        conn.execute(
            "INSERT INTO moves (code, ply, mv, at) VALUES ('BBBBB', 0, 'b1b3', 400)",
            [],
        )
        .unwrap();
        seat_of_before(&conn, "CCCCC", 1, 250, None);
        for seat in 0..3 {
            seat_of_before(&conn, "DDDDD", seat, 150 + seat, None);
        }
        for code in ["AAAAA", "BBBBB"] {
            conn.execute(
                "INSERT INTO addresses (code, seat, address) VALUES (?1, -1, '10.0.0.1')",
                [code],
            )
            .unwrap();
        }
        drop(conn);

        let store = SqliteStore::open(&path).unwrap();
        let phases = column(&path, "SELECT phase FROM tables ORDER BY code");
        assert_eq!(phases, ["finished", "playing", "waiting", "waiting"]);
        let conn = store.conn();
        let times: Vec<(i64, Option<i64>)> = conn
            .prepare("SELECT last_activity, finished_at FROM tables ORDER BY code")
            .unwrap()
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            times,
            [(200, Some(200)), (400, None), (250, None), (152, None)]
        );
        let addresses: Vec<String> = conn
            .prepare("SELECT code FROM addresses")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(addresses, ["BBBBB"], "only a game going on keeps them");
    }

    /// How many rows of `rows` the table `code` has.
    fn rows_of(store: &SqliteStore, rows: &str, code: &str) -> i64 {
        let sql = format!("SELECT COUNT(*) FROM {rows} WHERE code = ?1");
        store
            .conn()
            .query_row(&sql, [code], |row| row.get(0))
            .unwrap()
    }

    /// The prune deletes the tables put away unfinished longer ago than the retention (never
    /// started, or abandoned with moves), with every row of theirs; a finished game stays for
    /// ever, its record too; a table put away lately stays; the addresses of games over go.
    #[test]
    fn the_prune_deletes_only_what_nobody_can_reach() {
        let store = SqliteStore::in_memory().unwrap();
        let day = 86_400_000;
        let address = "10.0.0.9".parse().unwrap();
        let mut tables = Vec::new();
        for code in ["EMPTY", "ABAND", "ENDED", "RECNT", "GAMES"] {
            let code = Code::parse(code).unwrap();
            let table = untimed(&code);
            store.create(&table, Phase::Waiting, day).unwrap();
            store.note_address(&code, None, address).unwrap();
            tables.push(code);
        }
        let [empty, abandoned, ended, later, going] = &tables[..] else {
            unreachable!()
        };
        for code in [abandoned, ended] {
            let sitter = Sitter {
                name: Name::parse("Ada").unwrap(),
                token_hash: TokenHash::of(&Token::from_bits(5)),
                rating: None,
            };
            store.sit(code, 0, &sitter, Phase::Waiting, day).unwrap();
            store.note_address(code, Some(0), address).unwrap();
            store
                .play(code, 0, "b1b3", None, Phase::Waiting, day)
                .unwrap();
        }
        let resigned = Ended {
            winner: Some(1),
            reason: gamut_net::EndReason::Resigned,
        };
        store
            .end(ended, resigned, Phase::Finished, 2 * day)
            .unwrap();
        assert_eq!(
            rows_of(&store, "addresses", ended.as_str()),
            0,
            "at its end"
        );
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
            for rows in ["seats", "moves", "addresses"] {
                assert_eq!(rows_of(&store, rows, gone.as_str()), 0, "{rows} of {gone}");
            }
        }
        let record = store.stored(ended).unwrap().expect("a finished game stays");
        assert_eq!(record.table.end(), Some(resigned));
        assert_eq!(store.phase_of(ended).unwrap(), Some(Phase::PutAway));
        assert_eq!(store.phase_of(later).unwrap(), Some(Phase::PutAway));
        assert_eq!(rows_of(&store, "addresses", later.as_str()), 0);
        assert_eq!(store.phase_of(going).unwrap(), Some(Phase::Waiting));
        assert_eq!(rows_of(&store, "addresses", going.as_str()), 1);
        assert!(store.unfinished_addresses().unwrap().contains_key("GAMES"));
    }

    /// A stored phase that is not one makes its table unreadable: reported, never a panic.
    #[test]
    fn a_phase_that_does_not_read_is_reported() {
        let store = SqliteStore::in_memory().unwrap();
        let code = Code::parse("PQRST").unwrap();
        let table = untimed(&code);
        store.create(&table, Phase::Waiting, 1).unwrap();
        store
            .conn()
            .execute("UPDATE tables SET phase = 'over'", [])
            .unwrap();
        let loaded = store.load(2, &Keeping::default()).unwrap();
        assert_eq!(loaded.broken.len(), 1, "{:?}", loaded.broken);
        assert!(matches!(store.phase_of(&code), Err(StoreError::Value(_))));
    }
}
