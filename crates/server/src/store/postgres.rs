//! The tables kept in PostgreSQL (`sqlx`), for a site on more than one machine: the same schema
//! and behaviour as SQLite's ([`super::schema`]'s migrations, in PostgreSQL's words), and one
//! owner per table.
//!
//! **One owner per table.** Each table has a lease row (`leases`: the owning node's name, an
//! epoch, until when it holds, by the database's clock). A node takes the lease of the tables
//! it makes and of the ones it loads whose lease ran out (or was its own); each taking is one
//! more epoch. Every write of a table checks, in the same statement, that the lease is still
//! this node's at the epoch it took (a `FOR SHARE` lock on the lease row, held to the commit,
//! so the lease cannot change hands before the write is committed): a node that lost a table's
//! lease cannot write it, and its write is answered [`StoreError::LeaseLost`]. The node renews
//! its leases well before they run out ([`PgStore::renew_leases`]).
//!
//! The hub calls the store from blocking threads, as it does SQLite: each call runs on this
//! store's own small runtime (sqlx is async) and the caller waits for its answer.

mod notices;

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gamut_net::{Code, Ended, Rating};
use sqlx::PgConnection;
use sqlx::postgres::{PgPool, PgPoolOptions};

use super::schema::{self, Hook, MIGRATIONS};
use super::{
    Addresses, Kept, Lease, Loaded, Owner, ROW, Row, SEAT_ROW, SeatRow, StoreError, Stored, json,
    read_phase,
};
use crate::phase::{Keeping, Phase, millis};
use crate::referee::{Sitter, Table};

/// The database's clock in unix milliseconds (leases go by it: the nodes' clocks may differ).
const DB_NOW: &str = "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::BIGINT";

/// The PostgreSQL database, and the leases this node holds.
pub struct PgStore {
    pool: PgPool,
    /// A connection of its own for renewing the leases: under load the game's writes queue
    /// for the pool, and a renewal waiting behind them would let the leases run out.
    upkeep: PgPool,
    _runtime: OwnRuntime,
    handle: tokio::runtime::Handle,
    lease: Lease,
    /// The epoch of the lease of each table this node owns, by code.
    held: Arc<Mutex<HashMap<String, i64>>>,
}

/// A stored table's seats rows and its moves with when each was played.
type SeatsAndMoves = (Vec<SeatRow>, Vec<(String, i64)>);

/// A `tables` row as sqlx reads it ([`ROW`]'s columns).
type TableRow = (
    String,
    String,
    String,
    String,
    String,
    Option<String>,
    i64,
    String,
    i64,
    Option<i64>,
);

fn row_of(r: TableRow) -> Row {
    Row {
        code: r.0,
        game: r.1,
        clock: r.2,
        start: r.3,
        host_hash: r.4,
        ended: r.5,
        created: r.6,
        phase: r.7,
        last_activity: r.8,
        finished_at: r.9,
    }
}

/// The store's own runtime, let go without waiting when dropped (from anywhere: an async task
/// too, where a runtime may not wait for its threads).
struct OwnRuntime(Option<tokio::runtime::Runtime>);

impl Drop for OwnRuntime {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

impl PgStore {
    /// Connects to `url` as the node `lease` names and brings the schema up to date.
    pub fn connect(url: &str, lease: Lease) -> Result<PgStore, StoreError> {
        let store = PgStore::unmigrated(url, lease)?;
        let pool = store.pool.clone();
        store.run(async move { migrate(&pool, MIGRATIONS.len()).await })?;
        Ok(store)
    }

    /// Connected, the schema left as it is (tests bring it to an older version first).
    fn unmigrated(url: &str, lease: Lease) -> Result<PgStore, StoreError> {
        let runtime = OwnRuntime(Some(
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .thread_name("gamut-postgres")
                .enable_all()
                .build()
                .map_err(|e| StoreError::Thread(e.to_string()))?,
        ));
        let handle = match &runtime.0 {
            Some(runtime) => runtime.handle().clone(),
            None => return Err(StoreError::Thread("no runtime".to_string())),
        };
        let url = url.to_string();
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        handle.spawn(async move {
            let pool = PgPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(10))
                .connect(&url)
                .await;
            // The leases' own connection, made here (a pool starts its tasks on this runtime).
            let pools = pool.map(|pool| {
                let upkeep = PgPoolOptions::new()
                    .max_connections(1)
                    .acquire_timeout(Duration::from_secs(10))
                    .connect_lazy_with(pool.connect_options().as_ref().clone());
                (pool, upkeep)
            });
            let _ = tx.send(pools);
        });
        let (pool, upkeep) = rx.recv().map_err(|e| StoreError::Thread(e.to_string()))??;
        Ok(PgStore {
            pool,
            upkeep,
            _runtime: runtime,
            handle,
            lease,
            held: Arc::default(),
        })
    }

    /// Runs `work` on the store's runtime and waits for its answer (from any thread: a
    /// blocking one, a test's, or the runtime of the server as it starts).
    fn run<T: Send + 'static>(
        &self,
        work: impl Future<Output = Result<T, StoreError>> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        self.handle.spawn(async move {
            let _ = tx.send(work.await);
        });
        rx.recv().map_err(|e| StoreError::Thread(e.to_string()))?
    }

    /// The epoch of the lease this node holds on `code`, or [`StoreError::LeaseLost`].
    fn epoch(&self, code: &str) -> Result<i64, StoreError> {
        self.held()
            .get(code)
            .copied()
            .ok_or_else(|| StoreError::LeaseLost(code.to_string()))
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What a write of `code` needs: the pool, the lease to check, the codes held.
    fn writer(&self, code: &str) -> Result<Writer, StoreError> {
        Ok(Writer {
            pool: self.pool.clone(),
            fence: Fence {
                code: code.to_string(),
                node: self.lease.node.clone(),
                epoch: self.epoch(code)?,
            },
            held: self.held.clone(),
        })
    }

    /// How long a lease holds, in milliseconds.
    fn length_ms(&self) -> i64 {
        millis(self.lease.length)
    }

    /// How often the leases are renewed: a third of their length.
    pub fn renew_every(&self) -> Duration {
        self.lease.length / 3
    }

    /// The node's name.
    pub fn node(&self) -> &str {
        &self.lease.node
    }

    /// The tables this node owns.
    pub fn owned(&self) -> Vec<String> {
        self.held().keys().cloned().collect()
    }

    /// A new table in `phase`, made at `now`, its lease taken, with its seats, in one
    /// transaction.
    pub fn create(&self, table: &Table, phase: Phase, now: i64) -> Result<(), StoreError> {
        let (pool, held) = (self.pool.clone(), self.held.clone());
        let (node, length) = (self.lease.node.clone(), self.length_ms());
        let code = table.code.as_str().to_string();
        let row = [
            json(&table.config),
            json(&table.clock),
            table.start().to_string(),
            table.host_hash.to_hex(),
        ];
        let computers: Vec<(i64, i64)> = table
            .computers()
            .map(|(seat, level)| (seat as i64, i64::from(level.number())))
            .collect();
        let sitters: Vec<(usize, Sitter)> = table
            .sitters()
            .map(|(seat, sitter)| (seat, sitter.clone()))
            .collect();
        self.run(async move {
            let mut tx = pool.begin().await?;
            let epoch = take_lease(&mut tx, &code, &node, length)
                .await?
                .ok_or_else(|| StoreError::LeaseLost(code.clone()))?;
            sqlx::query(
                "INSERT INTO tables (code, game, clock, start, host_hash, created, phase, last_activity)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $6)",
            )
            .bind(&code)
            .bind(&row[0])
            .bind(&row[1])
            .bind(&row[2])
            .bind(&row[3])
            .bind(now)
            .bind(phase.as_str())
            .execute(&mut *tx)
            .await?;
            for (seat, level) in computers {
                sqlx::query(
                    "INSERT INTO seats (code, seat, name, token_hash, at, computer)
                        VALUES ($1, $2, '', '', $3, $4)",
                )
                .bind(&code)
                .bind(seat)
                .bind(now)
                .bind(level)
                .execute(&mut *tx)
                .await?;
            }
            for (seat, sitter) in &sitters {
                insert_sitter(&mut tx, &code, *seat, sitter, now).await?;
            }
            tx.commit().await?;
            held.lock().unwrap_or_else(|e| e.into_inner()).insert(code, epoch);
            Ok(())
        })
    }

    /// Whether a table has this code (live or finished).
    pub fn has(&self, code: &Code) -> Result<bool, StoreError> {
        let (pool, code) = (self.pool.clone(), code.as_str().to_string());
        self.run(async move {
            let found = sqlx::query("SELECT 1 FROM tables WHERE code = $1")
                .bind(code)
                .fetch_optional(&pool)
                .await?;
            Ok(found.is_some())
        })
    }

    /// A player sat down at `now`; the table is then in `phase`.
    pub fn sit(
        &self,
        code: &Code,
        seat: usize,
        sitter: &Sitter,
        phase: Phase,
        now: i64,
    ) -> Result<(), StoreError> {
        let writer = self.writer(code.as_str())?;
        let sitter = sitter.clone();
        self.run(writer.write(move |tx, fence| {
            Box::pin(async move {
                fence.mark(tx, phase, now).await?;
                insert_sitter(tx, &fence.code, seat, &sitter, now).await
            })
        }))
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
        let writer = self.writer(code.as_str())?;
        let mv = mv.to_string();
        self.run(writer.write(move |tx, fence| {
            Box::pin(async move {
                if let Some(end) = end {
                    fence.write_end(tx, end).await?;
                }
                fence.mark(tx, phase, now).await?;
                sqlx::query("INSERT INTO moves (code, ply, mv, at) VALUES ($1, $2, $3, $4)")
                    .bind(&fence.code)
                    .bind(i64::from(ply))
                    .bind(&mv)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                Ok(())
            })
        }))
    }

    /// The move of ply `ply`, the last, taken back at `now`.
    pub fn take_back(&self, code: &Code, ply: u32, now: i64) -> Result<(), StoreError> {
        let writer = self.writer(code.as_str())?;
        self.run(writer.write(move |tx, fence| {
            Box::pin(async move {
                fence.note(tx, now).await?;
                sqlx::query("DELETE FROM moves WHERE code = $1 AND ply = $2")
                    .bind(&fence.code)
                    .bind(i64::from(ply))
                    .execute(&mut *tx)
                    .await?;
                Ok(())
            })
        }))
    }

    /// The game ended off the board at `now`; the table is then in `phase`.
    pub fn end(&self, code: &Code, end: Ended, phase: Phase, now: i64) -> Result<(), StoreError> {
        let writer = self.writer(code.as_str())?;
        self.run(writer.write(move |tx, fence| {
            Box::pin(async move {
                fence.write_end(tx, end).await?;
                fence.mark(tx, phase, now).await
            })
        }))
    }

    /// When something last happened at each of these tables (the ones this node still owns).
    pub fn note_activity(&self, tables: &[(Code, i64)]) -> Result<(), StoreError> {
        for (code, at) in tables {
            let Ok(writer) = self.writer(code.as_str()) else {
                continue;
            };
            let at = *at;
            let written = self.run(
                writer.write(move |tx, fence| Box::pin(async move { fence.note(tx, at).await })),
            );
            match written {
                Err(StoreError::LeaseLost(_)) | Ok(()) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// These tables put away at `now`, and their leases given up (nobody plays them again).
    pub fn put_away(&self, codes: &[Code], now: i64) -> Result<(), StoreError> {
        for code in codes {
            let Ok(writer) = self.writer(code.as_str()) else {
                continue;
            };
            let held = self.held.clone();
            let done = self.run(writer.write(move |tx, fence| {
                Box::pin(async move {
                    fence.set_phase(tx, Phase::PutAway, now).await?;
                    sqlx::query("DELETE FROM leases WHERE code = $1")
                        .bind(&fence.code)
                        .execute(&mut *tx)
                        .await?;
                    Ok(())
                })
            }));
            match done {
                Ok(()) | Err(StoreError::LeaseLost(_)) => {}
                Err(e) => return Err(e),
            }
            held.lock()
                .unwrap_or_else(|e| e.into_inner())
                .remove(code.as_str());
        }
        Ok(())
    }

    /// The table's phase as stored (none if no table has this code).
    pub fn phase_of(&self, code: &Code) -> Result<Option<Phase>, StoreError> {
        let (pool, code) = (self.pool.clone(), code.as_str().to_string());
        let text = self.run(async move {
            let text: Option<(String,)> =
                sqlx::query_as("SELECT phase FROM tables WHERE code = $1")
                    .bind(code)
                    .fetch_optional(&pool)
                    .await?;
            Ok(text.map(|(t,)| t))
        })?;
        text.map(read_phase).transpose()
    }

    /// Deletes what nobody can reach any more (see [`super::Store::prune`]), their leases too.
    pub fn prune(&self, now: i64, retention: Duration) -> Result<usize, StoreError> {
        let before = now.saturating_sub(millis(retention));
        let pool = self.pool.clone();
        self.run(async move {
            let mut tx = pool.begin().await?;
            sqlx::query(
                "DELETE FROM addresses WHERE (SELECT t.phase FROM tables t
                    WHERE t.code = addresses.code) NOT IN ('waiting', 'playing')",
            )
            .execute(&mut *tx)
            .await?;
            let gone = "SELECT code FROM tables
                WHERE phase = 'put-away' AND ended IS NULL AND put_away_at <= $1";
            for rows in ["addresses", "moves", "seats", "leases"] {
                sqlx::query(&format!("DELETE FROM {rows} WHERE code IN ({gone})"))
                    .bind(before)
                    .execute(&mut *tx)
                    .await?;
            }
            let tables = sqlx::query(&format!("DELETE FROM tables WHERE code IN ({gone})"))
                .bind(before)
                .execute(&mut *tx)
                .await?
                .rows_affected();
            tx.commit().await?;
            Ok(usize::try_from(tables).unwrap_or(usize::MAX))
        })
    }

    /// The address the table `code` was made from (`seat` none) or its seat `seat` taken from.
    pub fn note_address(
        &self,
        code: &Code,
        seat: Option<usize>,
        address: IpAddr,
    ) -> Result<(), StoreError> {
        let writer = self.writer(code.as_str())?;
        let seat = seat.map_or(-1, |s| s as i64);
        let address = address.to_string();
        self.run(writer.write(move |tx, fence| {
            Box::pin(async move {
                let written = sqlx::query(
                    "WITH owner AS (SELECT 1 FROM leases
                        WHERE code = $1 AND node = $2 AND epoch = $3 FOR SHARE)
                    INSERT INTO addresses (code, seat, address)
                        SELECT $1, $4, $5 FROM owner
                    ON CONFLICT (code, seat) DO UPDATE SET address = EXCLUDED.address",
                )
                .bind(&fence.code)
                .bind(&fence.node)
                .bind(fence.epoch)
                .bind(seat)
                .bind(&address)
                .execute(&mut *tx)
                .await?;
                fence.checked(written.rows_affected())
            })
        }))
    }

    /// Where the tables whose game goes on were made from and their seats taken from.
    pub fn unfinished_addresses(&self) -> Result<HashMap<String, Addresses>, StoreError> {
        let pool = self.pool.clone();
        let rows = self.run(async move {
            let rows: Vec<(String, i64, String)> = sqlx::query_as(
                "SELECT a.code, a.seat, a.address FROM addresses a JOIN tables t ON t.code = a.code
                    WHERE t.phase IN ('waiting', 'playing')",
            )
            .fetch_all(&pool)
            .await?;
            Ok(rows)
        })?;
        Ok(Addresses::gathered(rows))
    }

    /// When something last happened at a table whose game goes on that a person sits at.
    pub fn last_seated_activity(&self) -> Result<Option<i64>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let (last,): (Option<i64>,) = sqlx::query_as(
                "SELECT MAX(at) FROM (
                    SELECT s.at AS at FROM seats s JOIN tables t ON t.code = s.code
                        WHERE t.phase IN ('waiting', 'playing') AND s.computer IS NULL
                    UNION ALL
                    SELECT m.at FROM moves m JOIN tables t ON t.code = m.code
                        WHERE t.phase IN ('waiting', 'playing') AND EXISTS (SELECT 1 FROM seats s
                            WHERE s.code = t.code AND s.computer IS NULL)
                ) AS times",
            )
            .fetch_one(&pool)
            .await?;
            Ok(last)
        })
    }

    /// The tables this node plays as it starts at `now`: every table not put away whose lease
    /// it can take (free, run out, or its own), judged by the rule of a table's life as on
    /// SQLite. The ones the rule puts away are stored so and their leases given up.
    pub fn load(&self, now: i64, keeping: &Keeping) -> Result<Loaded, StoreError> {
        self.load_free(now, keeping, true)
    }

    /// The tables whose lease ran out (their node died or was cut off) taken by this node
    /// while it runs, at `now`, as [`PgStore::load`] takes them at its start.
    pub fn adopt(&self, now: i64, keeping: &Keeping) -> Result<Loaded, StoreError> {
        self.load_free(now, keeping, false)
    }

    /// The tables not put away whose lease is free or ran out (or is this node's, when `own`),
    /// each taken if it still can be, and judged.
    fn load_free(&self, now: i64, keeping: &Keeping, own: bool) -> Result<Loaded, StoreError> {
        let (pool, node) = (self.pool.clone(), self.lease.node.clone());
        let rows = self.run(async move {
            let rows: Vec<TableRow> = sqlx::query_as(&format!(
                "SELECT {} FROM tables t LEFT JOIN leases l ON l.code = t.code
                    WHERE t.phase != 'put-away'
                        AND (l.code IS NULL OR l.until < {DB_NOW} OR ($2 AND l.node = $1))
                    ORDER BY t.created",
                ROW.split(", ")
                    .map(|column| format!("t.{column}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
            .bind(node)
            .bind(own)
            .fetch_all(&pool)
            .await?;
            Ok(rows)
        })?;
        let mut loaded = Loaded::default();
        let mut put_away = Vec::new();
        for row in rows.into_iter().map(row_of) {
            if (!own && self.held().contains_key(&row.code)) || !self.take(&row.code)? {
                continue;
            }
            match self.load_one(&row, now, keeping) {
                Ok((phase, kept)) => {
                    if phase.as_str() != row.phase && phase != Phase::PutAway {
                        self.set_phase(&row.code, phase, now)?;
                    }
                    match kept {
                        Some(kept) => loaded.tables.push(kept),
                        None => put_away.push(row.code),
                    }
                }
                Err(problem) => loaded.broken.push((row.code, problem.to_string())),
            }
        }
        let codes: Vec<Code> = put_away
            .iter()
            .filter_map(|c| Code::parse(c).ok())
            .collect();
        self.put_away(&codes, now)?;
        loaded.put_away = put_away;
        Ok(loaded)
    }

    /// Takes the lease of `code` if it is free, has run out or is this node's: whether it did.
    fn take(&self, code: &str) -> Result<bool, StoreError> {
        let (pool, code) = (self.pool.clone(), code.to_string());
        let (node, length, held) = (self.lease.node.clone(), self.length_ms(), self.held.clone());
        self.run(async move {
            let mut tx = pool.begin().await?;
            let epoch = take_lease(&mut tx, &code, &node, length).await?;
            tx.commit().await?;
            if let Some(epoch) = epoch {
                held.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(code, epoch);
            }
            Ok(epoch.is_some())
        })
    }

    /// The table's phase stored as `phase` at `now` (a table this node owns).
    fn set_phase(&self, code: &str, phase: Phase, now: i64) -> Result<(), StoreError> {
        let writer = self.writer(code)?;
        self.run(
            writer.write(move |tx, fence| {
                Box::pin(async move { fence.set_phase(tx, phase, now).await })
            }),
        )
    }

    /// One stored table's phase at `now`, and the table replayed unless the rule puts it away.
    fn load_one(
        &self,
        row: &Row,
        now: i64,
        keeping: &Keeping,
    ) -> Result<(Phase, Option<Kept>), StoreError> {
        let (pool, code, seat_count) = (self.pool.clone(), row.code.clone(), row.seat_count()?);
        let taken = self.run(async move {
            let (taken,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM seats WHERE code = $1 AND seat >= 0 AND seat < $2",
            )
            .bind(code)
            .bind(seat_count as i64)
            .fetch_one(&pool)
            .await?;
            Ok(taken)
        })?;
        let phase = row.phase_at(taken, now, keeping)?;
        if phase == Phase::PutAway {
            return Ok((phase, None));
        }
        let (seats, moves) = self.seats_and_moves(&row.code)?;
        Ok((phase, Some(row.kept(phase, seats, moves)?)))
    }

    /// A stored table's seats rows and its moves, oldest first, each with when it was played.
    fn seats_and_moves(&self, code: &str) -> Result<SeatsAndMoves, StoreError> {
        let (pool, code) = (self.pool.clone(), code.to_string());
        self.run(async move {
            let seats: Vec<SeatRow> =
                sqlx::query_as(&format!("SELECT {SEAT_ROW} FROM seats WHERE code = $1"))
                    .bind(&code)
                    .fetch_all(&pool)
                    .await?;
            let moves: Vec<(String, i64)> =
                sqlx::query_as("SELECT mv, at FROM moves WHERE code = $1 ORDER BY ply")
                    .bind(&code)
                    .fetch_all(&pool)
                    .await?;
            Ok((seats, moves))
        })
    }

    /// The table with this code, in play or not, replayed through the rules.
    pub fn stored(&self, code: &Code) -> Result<Option<Stored>, StoreError> {
        let (pool, text) = (self.pool.clone(), code.as_str().to_string());
        let row = self.run(async move {
            let row: Option<TableRow> =
                sqlx::query_as(&format!("SELECT {ROW} FROM tables WHERE code = $1"))
                    .bind(text)
                    .fetch_optional(&pool)
                    .await?;
            Ok(row.map(row_of))
        })?;
        let Some(row) = row else {
            return Ok(None);
        };
        let (seats, moves) = self.seats_and_moves(&row.code)?;
        Ok(Some(Stored {
            table: row.table(seats, moves)?,
            created: row.created,
        }))
    }

    /// Which node holds the lease of `code`, and whether it ran out (by the database's clock).
    pub fn owner_of(&self, code: &Code) -> Result<Option<Owner>, StoreError> {
        let (pool, code) = (self.pool.clone(), code.as_str().to_string());
        self.run(async move {
            let row: Option<(String, bool)> = sqlx::query_as(&format!(
                "SELECT node, until < {DB_NOW} FROM leases WHERE code = $1"
            ))
            .bind(code)
            .fetch_optional(&pool)
            .await?;
            Ok(row.map(|(node, ran_out)| Owner { node, ran_out }))
        })
    }

    /// The leases this node holds made to last [`Lease::length`] more from now; the codes of
    /// the ones it no longer holds (taken by another node) are forgotten and returned.
    pub fn renew_leases(&self) -> Result<Vec<String>, StoreError> {
        let (pool, node, length) = (self.upkeep.clone(), self.lease.node.clone(), self.length_ms());
        let renewed = self.run(async move {
            let rows: Vec<(String, i64)> = sqlx::query_as(&format!(
                "UPDATE leases SET until = {DB_NOW} + $2 WHERE node = $1 RETURNING code, epoch"
            ))
            .bind(node)
            .bind(length)
            .fetch_all(&pool)
            .await?;
            Ok(rows.into_iter().collect::<HashMap<String, i64>>())
        })?;
        let mut held = self.held();
        let lost: Vec<String> = held
            .iter()
            .filter(|(code, epoch)| renewed.get(*code) != Some(*epoch))
            .map(|(code, _)| code.clone())
            .collect();
        for code in &lost {
            held.remove(code);
        }
        Ok(lost)
    }
}

/// Takes the lease of `code` for `node` for `length` ms if it is free, has run out or is the
/// node's own; its new epoch if it did.
async fn take_lease(
    tx: &mut PgConnection,
    code: &str,
    node: &str,
    length: i64,
) -> Result<Option<i64>, StoreError> {
    let epoch: Option<(i64,)> = sqlx::query_as(&format!(
        "INSERT INTO leases (code, node, epoch, until) VALUES ($1, $2, 1, {DB_NOW} + $3)
            ON CONFLICT (code) DO UPDATE
                SET node = EXCLUDED.node, epoch = leases.epoch + 1, until = EXCLUDED.until
                WHERE leases.until < {DB_NOW} OR leases.node = EXCLUDED.node
            RETURNING epoch"
    ))
    .bind(code)
    .bind(node)
    .bind(length)
    .fetch_optional(&mut *tx)
    .await?;
    Ok(epoch.map(|(e,)| e))
}

/// A person's seat row.
async fn insert_sitter(
    tx: &mut PgConnection,
    code: &str,
    seat: usize,
    sitter: &Sitter,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO seats (code, seat, name, token_hash, at, rating) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(code)
    .bind(seat as i64)
    .bind(sitter.name.as_str())
    .bind(sitter.token_hash.to_hex())
    .bind(now)
    .bind(sitter.rating.map(|r| i64::from(Rating::value(r))))
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// The lease a write of a table checks: the table, this node, the epoch it took.
struct Fence {
    code: String,
    node: String,
    epoch: i64,
}

/// A write of one table: the pool, the lease it checks, and the leases held (a lost one is
/// forgotten).
struct Writer {
    pool: PgPool,
    fence: Fence,
    held: Arc<Mutex<HashMap<String, i64>>>,
}

impl Writer {
    /// Runs `body` in a transaction and commits it. Its first statement checks the lease
    /// ([`Fence::mark`], [`Fence::note`], [`Fence::set_phase`], [`Fence::write_end`] all do):
    /// a lease lost makes the whole write nothing, and the table is forgotten as held.
    async fn write<F>(self, body: F) -> Result<(), StoreError>
    where
        F: for<'a> FnOnce(&'a mut PgConnection, &'a Fence) -> Step<'a> + Send + 'static,
    {
        let mut tx = self.pool.begin().await?;
        match body(&mut tx, &self.fence).await {
            Ok(()) => Ok(tx.commit().await?),
            Err(e) => {
                if matches!(e, StoreError::LeaseLost(_)) {
                    let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
                    if held.get(&self.fence.code) == Some(&self.fence.epoch) {
                        held.remove(&self.fence.code);
                    }
                }
                Err(e)
            }
        }
    }
}

/// A write's statements, run in its transaction (rolled back if one fails).
type Step<'a> = std::pin::Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send + 'a>>;

/// The lease check of a write's statement: `owner` has a row while `$1`'s lease is node `$2`'s
/// at epoch `$3`, and locks the lease row to the commit.
const OWNER: &str =
    "WITH owner AS (SELECT 1 FROM leases WHERE code = $1 AND node = $2 AND epoch = $3 FOR SHARE)";

impl Fence {
    /// The statement's count of rows written: none means the lease is lost.
    fn checked(&self, rows: u64) -> Result<(), StoreError> {
        if rows == 0 {
            return Err(StoreError::LeaseLost(self.code.clone()));
        }
        Ok(())
    }

    /// `sql` (an UPDATE of the table's row, `WHERE code = $1`, its other values from `$4`)
    /// run with the lease checked in the same statement.
    async fn update(
        &self,
        tx: &mut PgConnection,
        sql: &str,
        values: &[SqlValue],
    ) -> Result<(), StoreError> {
        let text = format!("{OWNER} {sql} AND EXISTS (SELECT 1 FROM owner)");
        let mut query = sqlx::query(&text)
            .bind(&self.code)
            .bind(&self.node)
            .bind(self.epoch);
        for value in values {
            query = match value {
                SqlValue::Int(i) => query.bind(*i),
                SqlValue::Text(t) => query.bind(t.clone()),
            };
        }
        let written = query.execute(&mut *tx).await?;
        self.checked(written.rows_affected())
    }

    /// Something happened at the table at `now` (its last activity never goes back).
    async fn note(&self, tx: &mut PgConnection, now: i64) -> Result<(), StoreError> {
        self.update(
            tx,
            "UPDATE tables SET last_activity = GREATEST(last_activity, $4) WHERE code = $1",
            &[SqlValue::Int(now)],
        )
        .await
    }

    /// Something happened at the table at `now`, which left it in `phase`.
    async fn mark(&self, tx: &mut PgConnection, phase: Phase, now: i64) -> Result<(), StoreError> {
        self.note(tx, now).await?;
        self.set_phase(tx, phase, now).await
    }

    /// The table's phase from `now` on (as SQLite's store says it).
    async fn set_phase(
        &self,
        tx: &mut PgConnection,
        phase: Phase,
        now: i64,
    ) -> Result<(), StoreError> {
        self.update(
            tx,
            "UPDATE tables SET phase = $4,
                finished_at = CASE WHEN ended IS NULL THEN NULL ELSE COALESCE(finished_at, $5) END,
                put_away_at = CASE WHEN $4 = 'put-away' THEN COALESCE(put_away_at, $5) END
                WHERE code = $1",
            &[
                SqlValue::Text(phase.as_str().to_string()),
                SqlValue::Int(now),
            ],
        )
        .await?;
        if !phase.going_on() {
            sqlx::query("DELETE FROM addresses WHERE code = $1")
                .bind(&self.code)
                .execute(&mut *tx)
                .await?;
        }
        Ok(())
    }

    /// The game's end.
    async fn write_end(&self, tx: &mut PgConnection, end: Ended) -> Result<(), StoreError> {
        self.update(
            tx,
            "UPDATE tables SET ended = $4 WHERE code = $1",
            &[SqlValue::Text(json(&end))],
        )
        .await
    }
}

/// A value bound to a statement.
enum SqlValue {
    Int(i64),
    Text(String),
}

/// Brings the schema of the database `pool` reaches to version `up_to` (the migrations'
/// count: the latest), in one transaction, under a lock (nodes starting at once migrate it
/// once). A database from a newer server is refused, never changed.
pub async fn migrate(pool: &PgPool, up_to: usize) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock(787800)")
        .execute(&mut *tx)
        .await?;
    sqlx::query("CREATE TABLE IF NOT EXISTS gamut_schema (version BIGINT NOT NULL)")
        .execute(&mut *tx)
        .await?;
    let found: Option<(i64,)> = sqlx::query_as("SELECT version FROM gamut_schema")
        .fetch_optional(&mut *tx)
        .await?;
    let version = match found {
        Some((version,)) => version,
        None => {
            sqlx::query("INSERT INTO gamut_schema (version) VALUES (0)")
                .execute(&mut *tx)
                .await?;
            0
        }
    };
    let from = usize::try_from(version).map_err(|_| StoreError::Newer {
        found: version,
        known: MIGRATIONS.len(),
    })?;
    if from > MIGRATIONS.len() {
        return Err(StoreError::Newer {
            found: version,
            known: MIGRATIONS.len(),
        });
    }
    for (number, (sql, hook)) in MIGRATIONS.iter().enumerate().take(up_to).skip(from) {
        // One statement at a time (the migrations hold no `;` but between statements).
        for statement in schema::for_postgres(sql).split(';') {
            if !statement.trim().is_empty() {
                sqlx::query(statement).execute(&mut *tx).await?;
            }
        }
        run_hook(&mut tx, *hook).await?;
        sqlx::query("UPDATE gamut_schema SET version = $1")
            .bind(number as i64 + 1)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// A migration's hook, in its transaction.
async fn run_hook(tx: &mut PgConnection, hook: Hook) -> Result<(), StoreError> {
    match hook {
        Hook::None => Ok(()),
        Hook::HashTokens => hash_tokens(tx).await,
        Hook::SeatedTablesPlaying => seated_tables_playing(tx).await,
    }
}

/// The stored tokens replaced by their hashes ([`schema::hashed`]).
async fn hash_tokens(tx: &mut PgConnection) -> Result<(), StoreError> {
    let hosts: Vec<(String, String)> = sqlx::query_as("SELECT code, host_hash FROM tables")
        .fetch_all(&mut *tx)
        .await?;
    for (code, stored) in hosts {
        if let Some(hash) = schema::hashed(&stored) {
            sqlx::query("UPDATE tables SET host_hash = $2 WHERE code = $1")
                .bind(code)
                .bind(hash)
                .execute(&mut *tx)
                .await?;
        }
    }
    let seats: Vec<(String, i64, String)> =
        sqlx::query_as("SELECT code, seat, token_hash FROM seats")
            .fetch_all(&mut *tx)
            .await?;
    for (code, seat, stored) in seats {
        if let Some(hash) = schema::hashed(&stored) {
            sqlx::query("UPDATE seats SET token_hash = $3 WHERE code = $1 AND seat = $2")
                .bind(code)
                .bind(seat)
                .bind(hash)
                .execute(&mut *tx)
                .await?;
        }
    }
    Ok(())
}

/// The tables of before with no end whose every seat is taken are playing
/// ([`schema::seated`]).
async fn seated_tables_playing(tx: &mut PgConnection) -> Result<(), StoreError> {
    let rows: Vec<(String, Option<String>, i64)> = sqlx::query_as(
        "SELECT t.code, t.game, (SELECT COUNT(*) FROM seats s WHERE s.code = t.code)
            FROM tables t WHERE t.phase = 'waiting'",
    )
    .fetch_all(&mut *tx)
    .await?;
    for (code, game, taken) in rows {
        if schema::seated(game.as_deref(), taken) {
            sqlx::query("UPDATE tables SET phase = 'playing' WHERE code = $1")
                .bind(code)
                .execute(&mut *tx)
                .await?;
        }
    }
    Ok(())
}
