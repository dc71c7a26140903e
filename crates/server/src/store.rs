//! The tables kept in a database: every table, seat and move is written (and committed) before
//! the server acknowledges it, so a server killed at any moment loses nothing it said was done.
//!
//! Two databases keep them, with the same schema and behaviour: SQLite, in a file beside the
//! server ([`sqlite`], the default: the desktop game's "Host a table" and a server on one
//! machine), and PostgreSQL ([`postgres`], `--database postgres://…`: a site on more than one
//! machine, where each table has one owning node at a time, held by a lease). [`Store`] is
//! either; the hub calls it the same way. The schema grows by the same migrations on both
//! ([`schema`]); a database from a newer server is refused, never changed. A stored table the
//! rules cannot replay is reported and left in the database as it is.
//!
//! Tokens are kept as their hashes ([`TokenHash`]): the host's in `tables.host_hash`, each
//! player's in `seats.token_hash` (empty for the engine's seats). A database of before (its
//! tokens as they were) has them hashed as it is opened.
//!
//! Each table keeps its phase ([`Phase`]: waiting, playing, finished, put away) as the rule of
//! `crate::phase` says it, when something last happened there, when its game ended and when it
//! was put away (milliseconds of the Unix clock). A finished game is kept for ever (its record
//! downloads); a table put away unfinished is deleted after the retention time ([`Store::prune`]),
//! and the addresses of a table are deleted once its game is over.
//!
//! The notices' own tables (who is told of their moves, [`notices`]: what `crate::notify`
//! keeps) are in the same database, on both: [`Store::notices`] hands the notifier either
//! database's answer to them.

pub mod notices;
#[cfg(feature = "postgres")]
pub mod postgres;
pub mod schema;
pub mod sqlite;

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::Path;
use std::time::Duration;

use gamut_engine::any_game::GameConfig;
use gamut_engine::level::Level;
use gamut_engine::record::{Record, date_from_unix};
use gamut_net::{Clock, Code, Ended, Name, Rating};

use crate::phase::{self, Facts, Keeping, Phase};
use crate::referee::{Sitter, Table};
use crate::token_hash::TokenHash;
use notices::Notices;

#[cfg(feature = "postgres")]
pub use postgres::PgStore;
pub use sqlite::SqliteStore;

/// What went wrong with the database.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the database: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error("the database's schema: {0}")]
    Schema(#[from] rusqlite_migration::Error),
    #[cfg(feature = "postgres")]
    #[error("the database (PostgreSQL): {0}")]
    Postgres(#[from] sqlx::Error),
    #[error("this gamut-server was built without PostgreSQL (its `postgres` feature)")]
    NoPostgres,
    #[error("the database's schema is version {found}, newer than this server's {known}")]
    Newer { found: i64, known: usize },
    #[error("a stored value: {0}")]
    Value(String),
    #[error("the database's thread: {0}")]
    Thread(String),
    /// Another node owns the table now (its lease was taken): this node may not write it.
    #[error("table {0} is owned by another node now")]
    LeaseLost(String),
}

/// The database of the tables: SQLite or PostgreSQL.
pub enum Store {
    Sqlite(SqliteStore),
    #[cfg(feature = "postgres")]
    Postgres(PgStore),
}

/// Which node this is and how long its leases hold (PostgreSQL).
#[derive(Debug, Clone)]
pub struct Lease {
    /// The node's name, one per running server of the site.
    pub node: String,
    /// How long a lease holds unless renewed (renewed every third of it).
    pub length: Duration,
}

impl Default for Lease {
    fn default() -> Lease {
        Lease {
            node: "gamut-server".to_string(),
            length: Duration::from_secs(15),
        }
    }
}

/// The same call on whichever database it is.
macro_rules! either {
    ($store:expr, $db:ident => $call:expr) => {
        match $store {
            Store::Sqlite($db) => $call,
            #[cfg(feature = "postgres")]
            Store::Postgres($db) => $call,
        }
    };
}

impl Store {
    /// Opens (or creates) the SQLite database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        SqliteStore::open(path).map(Store::Sqlite)
    }

    /// A SQLite database in memory (tests, and a table hosted for one evening).
    pub fn in_memory() -> Result<Store, StoreError> {
        SqliteStore::in_memory().map(Store::Sqlite)
    }

    /// Connects to the PostgreSQL database at `url` (`postgres://user@host:port/name`) as the
    /// node `lease` names, and brings its schema up to date.
    #[cfg(feature = "postgres")]
    pub fn connect(url: &str, lease: Lease) -> Result<Store, StoreError> {
        PgStore::connect(url, lease).map(Store::Postgres)
    }

    /// Without the `postgres` feature: [`StoreError::NoPostgres`].
    #[cfg(not(feature = "postgres"))]
    pub fn connect(_url: &str, _lease: Lease) -> Result<Store, StoreError> {
        Err(StoreError::NoPostgres)
    }

    /// A new table in `phase`, made at `now`, with its seats in one transaction: the ones the
    /// server's engine plays (no name and no token) and its people's (a rematch's players).
    pub fn create(&self, table: &Table, phase: Phase, now: i64) -> Result<(), StoreError> {
        either!(self, db => db.create(table, phase, now))
    }

    /// Whether a table has this code (live or finished).
    pub fn has(&self, code: &Code) -> Result<bool, StoreError> {
        either!(self, db => db.has(code))
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
        either!(self, db => db.sit(code, seat, sitter, phase, now))
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
        either!(self, db => db.play(code, ply, mv, end, phase, now))
    }

    /// The move of ply `ply`, the last, taken back at `now`.
    pub fn take_back(&self, code: &Code, ply: u32, now: i64) -> Result<(), StoreError> {
        either!(self, db => db.take_back(code, ply, now))
    }

    /// The game ended off the board at `now` (a resignation, a flag fallen, a draw agreed);
    /// the table is then in `phase`.
    pub fn end(&self, code: &Code, end: Ended, phase: Phase, now: i64) -> Result<(), StoreError> {
        either!(self, db => db.end(code, end, phase, now))
    }

    /// When something last happened at each of these tables (someone connected or gone: the
    /// hub writes it at its sweep, so an idle time counts from it after a restart).
    pub fn note_activity(&self, tables: &[(Code, i64)]) -> Result<(), StoreError> {
        either!(self, db => db.note_activity(tables))
    }

    /// These tables put away at `now` (the rule said so): never played again, their
    /// addresses forgotten; their games stay.
    pub fn put_away(&self, codes: &[Code], now: i64) -> Result<(), StoreError> {
        either!(self, db => db.put_away(codes, now))
    }

    /// The table's phase as stored (none if no table has this code).
    pub fn phase_of(&self, code: &Code) -> Result<Option<Phase>, StoreError> {
        either!(self, db => db.phase_of(code))
    }

    /// Deletes what nobody can reach any more, at `now`: the tables put away unfinished
    /// (never started, or abandoned) for longer than `retention`, with their seats, moves and
    /// addresses; and the addresses of every game over (a database of before kept them). A
    /// finished game is kept for ever. How many tables were deleted.
    pub fn prune(&self, now: i64, retention: Duration) -> Result<usize, StoreError> {
        either!(self, db => db.prune(now, retention))
    }

    /// The address the table `code` was made from (`seat` none) or its seat `seat` taken from.
    pub fn note_address(
        &self,
        code: &Code,
        seat: Option<usize>,
        address: IpAddr,
    ) -> Result<(), StoreError> {
        either!(self, db => db.note_address(code, seat, address))
    }

    /// Where the tables whose game goes on (waiting or playing) were made from and their
    /// seats taken from, by code (an address that does not read is left out: it only counts
    /// towards a limit).
    pub fn unfinished_addresses(&self) -> Result<HashMap<String, Addresses>, StoreError> {
        either!(self, db => db.unfinished_addresses())
    }

    /// When something last happened (unix ms: made, a seat taken, a move) at a table whose
    /// game goes on (not finished, not put away) that a person sits at; none when there is no
    /// such table.
    pub fn last_seated_activity(&self) -> Result<Option<i64>, StoreError> {
        either!(self, db => db.last_seated_activity())
    }

    /// The tables the server plays again as it starts at `now`: every table not put away
    /// that the rule of a table's life (with `keeping`, nobody connected) does not put away
    /// now, replayed through the rules (on PostgreSQL, the ones this node could take the
    /// lease of). The ones it puts away are stored so; a phase it says otherwise than the
    /// stored one is stored too.
    pub fn load(&self, now: i64, keeping: &Keeping) -> Result<Loaded, StoreError> {
        either!(self, db => db.load(now, keeping))
    }

    /// The table with this code, in play or not, finished or not, replayed through the rules
    /// (none if no table ever had it; [`StoreError::Value`] if a stored value does not hold
    /// or the rules cannot replay it).
    pub fn stored(&self, code: &Code) -> Result<Option<Stored>, StoreError> {
        either!(self, db => db.stored(code))
    }

    /// The tables whose owner's lease ran out (a node that died), taken by this node while it
    /// runs at `now`, as [`Store::load`] takes them at its start (PostgreSQL; none on SQLite).
    pub fn adopt(&self, now: i64, keeping: &Keeping) -> Result<Loaded, StoreError> {
        match self {
            // One server owns every table of its file: none is ever left.
            Store::Sqlite(_) => {
                let _ = (now, keeping);
                Ok(Loaded::default())
            }
            #[cfg(feature = "postgres")]
            Store::Postgres(db) => db.adopt(now, keeping),
        }
    }

    /// Which node owns the table `code`, and whether its lease ran out (PostgreSQL; none on
    /// SQLite, whose one server owns every table, nor for a table no node holds).
    pub fn owner_of(&self, code: &Code) -> Result<Option<Owner>, StoreError> {
        match self {
            Store::Sqlite(_) => {
                let _ = code;
                Ok(None)
            }
            #[cfg(feature = "postgres")]
            Store::Postgres(db) => db.owner_of(code),
        }
    }

    /// This node's name among the nodes sharing the database (PostgreSQL; none on SQLite).
    pub fn node(&self) -> Option<&str> {
        match self {
            Store::Sqlite(_) => None,
            #[cfg(feature = "postgres")]
            Store::Postgres(db) => Some(db.node()),
        }
    }

    /// The leases of the tables this node owns made longer (PostgreSQL; nothing to do on
    /// SQLite, where the one server owns every table). The codes of the ones it lost.
    pub fn renew_leases(&self) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(_) => Ok(Vec::new()),
            #[cfg(feature = "postgres")]
            Store::Postgres(db) => db.renew_leases(),
        }
    }

    /// `work` on the notices' own tables ([`notices`]), on whichever database this is
    /// (SQLite's one connection held throughout; on PostgreSQL, each call on the pool). Not a
    /// table's game: no lease is checked.
    pub fn notices<T>(
        &self,
        work: impl FnOnce(&dyn Notices) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        match self {
            Store::Sqlite(db) => db.notices(work),
            #[cfg(feature = "postgres")]
            Store::Postgres(db) => work(db),
        }
    }

    /// How often [`Store::renew_leases`] should run (none on SQLite).
    pub fn renew_every(&self) -> Option<Duration> {
        match self {
            Store::Sqlite(_) => None,
            #[cfg(feature = "postgres")]
            Store::Postgres(db) => Some(db.renew_every()),
        }
    }
}

/// The node that owns a table (its lease), and whether its lease ran out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    pub node: String,
    pub ran_out: bool,
}

/// The tables the server plays again as it starts, the ones that could not be read, and the
/// ones the rule put away then.
#[derive(Default)]
pub struct Loaded {
    pub tables: Vec<Kept>,
    pub broken: Vec<(String, String)>,
    pub put_away: Vec<String>,
}

/// A table read back to be played again, with what its life is judged by.
pub struct Kept {
    pub table: Table,
    /// Its phase as the rule says it at the load (never put away).
    pub phase: Phase,
    /// When something last happened there (unix ms).
    pub last_activity: i64,
    /// When its game ended (unix ms), if it did.
    pub ended_at: Option<i64>,
}

/// Where a table was made from and its people's seats taken from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Addresses {
    pub made_by: Option<IpAddr>,
    pub seats: Vec<(usize, IpAddr)>,
}

impl Addresses {
    /// The stored `(code, seat, address)` rows gathered by code (an address that does not
    /// read is left out: it only counts towards a limit).
    fn gathered(rows: Vec<(String, i64, String)>) -> HashMap<String, Addresses> {
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
        found
    }
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
    phase: String,
    last_activity: i64,
    finished_at: Option<i64>,
}

/// The columns a [`Row`] is read from, in its order.
const ROW: &str =
    "code, game, clock, start, host_hash, ended, created, phase, last_activity, finished_at";

impl Row {
    /// The number of seats its game has (to count the ones taken), if its game reads.
    fn seat_count(&self) -> Result<usize, StoreError> {
        let config: GameConfig = serde_json::from_str(&self.game).map_err(value)?;
        Ok(config.seats())
    }

    /// What the rule of a table's life looks at, from the row and its `taken` seats (read
    /// before the table is replayed: one the rule puts away is not). Nobody is connected to a
    /// table read from the database.
    fn facts(&self, taken: i64) -> Result<Facts, StoreError> {
        let stored =
            Phase::parse(&self.phase).ok_or_else(|| value(format!("no phase {:?}", self.phase)))?;
        let clock: Clock = serde_json::from_str(&self.clock).map_err(value)?;
        Ok(Facts {
            stored,
            seats_taken: usize::try_from(taken).map_err(value)?,
            seat_count: self.seat_count()?,
            ended_at: self
                .ended
                .as_ref()
                .map(|_| self.finished_at.unwrap_or(self.last_activity)),
            last_activity: self.last_activity,
            connected: false,
            clock,
        })
    }

    /// Its phase at `now` by the rule, from its `taken` seats.
    fn phase_at(&self, taken: i64, now: i64, keeping: &Keeping) -> Result<Phase, StoreError> {
        Ok(phase::phase(&self.facts(taken)?, now, keeping))
    }

    /// The table to play again, with its stored `seats` and `moves`, in `phase`.
    fn kept(
        &self,
        phase: Phase,
        seats: Vec<SeatRow>,
        moves: Vec<(String, i64)>,
    ) -> Result<Kept, StoreError> {
        Ok(Kept {
            table: self.table(seats, moves)?,
            phase,
            last_activity: self.last_activity,
            ended_at: self
                .ended
                .as_ref()
                .map(|_| self.finished_at.unwrap_or(self.last_activity)),
        })
    }

    /// The stored table, checked value by value and replayed from its stored `seats` and
    /// `moves` (with its end, if it has one).
    fn table(&self, seats: Vec<SeatRow>, moves: Vec<(String, i64)>) -> Result<Table, StoreError> {
        let code = Code::parse(&self.code).map_err(value)?;
        let config: GameConfig = serde_json::from_str(&self.game).map_err(value)?;
        let clock: Clock = serde_json::from_str(&self.clock).map_err(value)?;
        let host_hash = TokenHash::parse(&self.host_hash).map_err(value)?;
        let end: Option<Ended> = match &self.ended {
            Some(ended) => Some(serde_json::from_str(ended).map_err(value)?),
            None => None,
        };
        let table =
            Table::from_position(code, config, clock, host_hash, &self.start).map_err(value)?;
        let seats = Seats::read(seats)?;
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
}

/// The `seats` columns a [`SeatRow`] is read from, in its order.
const SEAT_ROW: &str = "seat, name, token_hash, at, computer, rating";

/// A `seats` row as stored: seat, name, token's hash, when, the engine's level, the rating.
type SeatRow = (i64, String, String, i64, Option<i64>, Option<i64>);

/// A stored table's seats: its people, the engine's seats, and when the last was taken.
struct Seats {
    people: Vec<(usize, Sitter)>,
    computers: Vec<(usize, Level)>,
    full_since: Option<i64>,
}

impl Seats {
    /// The seats rows checked value by value.
    fn read(rows: Vec<SeatRow>) -> Result<Seats, StoreError> {
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

/// A stored phase read back.
fn read_phase(text: String) -> Result<Phase, StoreError> {
    Phase::parse(&text).ok_or_else(|| value(format!("no phase {text:?}")))
}

/// A stored value that does not hold.
fn value(problem: impl std::fmt::Display) -> StoreError {
    StoreError::Value(problem.to_string())
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("plain data")
}
