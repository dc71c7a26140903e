//! The notices' own tables, in the tables' database (one more migration of `crate::store`):
//! each address left for notices ([`SCHEMA`]'s `notify_addresses`) and each seat's wish
//! (`notify_seats`). An address is kept only to tell its player of their moves: it is deleted
//! when its stop link is followed, and when no seat has used it for [`ADDRESS_KEPT_MS`].

use rusqlite::{Connection, OptionalExtension, params};

use gamut_net::{Code, Seat};

/// An address no seat has used for this long is deleted (unix ms: 90 days).
pub const ADDRESS_KEPT_MS: i64 = 90 * 24 * 3600 * 1000;

/// The migration: the addresses and the seats' wishes.
pub const SCHEMA: &str = "CREATE TABLE notify_addresses (
        email TEXT PRIMARY KEY,
        confirm_hash TEXT,
        confirmed INTEGER NOT NULL DEFAULT 0,
        stop_token TEXT NOT NULL,
        lang TEXT NOT NULL,
        asked_at INTEGER NOT NULL,
        last_digest INTEGER NOT NULL DEFAULT 0,
        last_used INTEGER NOT NULL
    );
    CREATE INDEX notify_by_confirm ON notify_addresses (confirm_hash);
    CREATE INDEX notify_by_stop ON notify_addresses (stop_token);
    CREATE TABLE notify_seats (
        code TEXT NOT NULL,
        seat INTEGER NOT NULL,
        email TEXT REFERENCES notify_addresses(email) ON DELETE SET NULL,
        push TEXT,
        reminders TEXT NOT NULL,
        lang TEXT NOT NULL,
        mailed_ply INTEGER NOT NULL DEFAULT -1,
        pushed_ply INTEGER NOT NULL DEFAULT -1,
        reminded_ply INTEGER NOT NULL DEFAULT -1,
        reminded_hours INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (code, seat)
    );";

/// An address as kept.
#[derive(Debug, Clone)]
pub struct Address {
    pub email: String,
    pub confirmed: bool,
    pub stop_token: String,
    pub lang: String,
    pub asked_at: i64,
    pub last_digest: i64,
}

/// A seat's wish as kept, with what it was told of its current turn.
#[derive(Debug, Clone)]
pub struct SeatWish {
    pub code: String,
    pub seat: u8,
    pub email: Option<String>,
    /// The subscription, as JSON.
    pub push: Option<String>,
    /// Hours before the clock runs out, the earliest first.
    pub reminders: Vec<u16>,
    pub lang: String,
    pub mailed_ply: i64,
    pub pushed_ply: i64,
    pub reminded_ply: i64,
    pub reminded_hours: u16,
}

/// The address as kept, if it is.
pub fn address(conn: &Connection, email: &str) -> rusqlite::Result<Option<Address>> {
    conn.query_row(
        "SELECT email, confirmed, stop_token, lang, asked_at, last_digest
         FROM notify_addresses WHERE email = ?1",
        [email],
        read_address,
    )
    .optional()
}

fn read_address(row: &rusqlite::Row) -> rusqlite::Result<Address> {
    Ok(Address {
        email: row.get(0)?,
        confirmed: row.get(1)?,
        stop_token: row.get(2)?,
        lang: row.get(3)?,
        asked_at: row.get(4)?,
        last_digest: row.get(5)?,
    })
}

/// Every confirmed address.
pub fn confirmed_addresses(conn: &Connection) -> rusqlite::Result<Vec<Address>> {
    let mut query = conn.prepare(
        "SELECT email, confirmed, stop_token, lang, asked_at, last_digest
         FROM notify_addresses WHERE confirmed = 1",
    )?;
    query.query_map([], read_address)?.collect()
}

/// A new address waiting for its confirmation (`confirm_hash`, the link's token's hash), or
/// one kept already asked again (a new confirmation then, if it is not confirmed).
pub fn ask_address(
    conn: &Connection,
    email: &str,
    confirm_hash: &str,
    stop_token: &str,
    lang: &str,
    now: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO notify_addresses (email, confirm_hash, stop_token, lang, asked_at, last_used)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5)
         ON CONFLICT (email) DO UPDATE SET confirm_hash = ?2, lang = ?4, asked_at = ?5,
             last_used = ?5",
        params![email, confirm_hash, stop_token, lang, now],
    )?;
    Ok(())
}

/// The address was used again by a seat (its language too).
pub fn use_address(conn: &Connection, email: &str, lang: &str, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE notify_addresses SET lang = ?2, last_used = ?3 WHERE email = ?1",
        params![email, lang, now],
    )?;
    Ok(())
}

/// Confirms the address whose confirmation token has this hash: its address, if one had.
pub fn confirm(conn: &Connection, confirm_hash: &str) -> rusqlite::Result<Option<Address>> {
    let email: Option<String> = conn
        .query_row(
            "UPDATE notify_addresses SET confirmed = 1, confirm_hash = NULL
             WHERE confirm_hash = ?1 RETURNING email",
            [confirm_hash],
            |row| row.get(0),
        )
        .optional()?;
    match email {
        Some(email) => address(conn, &email),
        None => Ok(None),
    }
}

/// Stops every mail to the address whose stop token this is: the address is deleted, and
/// every seat's wish forgets it. Its language, if one was stopped.
pub fn stop(conn: &Connection, stop_token: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row(
        "DELETE FROM notify_addresses WHERE stop_token = ?1 RETURNING lang",
        [stop_token],
        |row| row.get(0),
    )
    .optional()
}

/// The seat's wish, replacing the one it had (none at all: forgotten).
pub fn set_wish(
    conn: &Connection,
    code: &Code,
    seat: Seat,
    wish: &SeatWish,
) -> rusqlite::Result<()> {
    let seat_n = seat.index() as i64;
    if wish.email.is_none() && wish.push.is_none() {
        conn.execute(
            "DELETE FROM notify_seats WHERE code = ?1 AND seat = ?2",
            params![code.as_str(), seat_n],
        )?;
        return Ok(());
    }
    let reminders = join_hours(&wish.reminders);
    conn.execute(
        "INSERT INTO notify_seats (code, seat, email, push, reminders, lang)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (code, seat) DO UPDATE SET email = ?3, push = ?4, reminders = ?5, lang = ?6",
        params![
            code.as_str(),
            seat_n,
            wish.email,
            wish.push,
            reminders,
            wish.lang
        ],
    )?;
    Ok(())
}

/// Every seat's wish.
pub fn wishes(conn: &Connection) -> rusqlite::Result<Vec<SeatWish>> {
    let mut query = conn.prepare(
        "SELECT code, seat, email, push, reminders, lang, mailed_ply, pushed_ply,
             reminded_ply, reminded_hours
         FROM notify_seats",
    )?;
    query
        .query_map([], |row| {
            Ok(SeatWish {
                code: row.get(0)?,
                seat: row.get(1)?,
                email: row.get(2)?,
                push: row.get(3)?,
                reminders: split_hours(&row.get::<_, String>(4)?),
                lang: row.get(5)?,
                mailed_ply: row.get(6)?,
                pushed_ply: row.get(7)?,
                reminded_ply: row.get(8)?,
                reminded_hours: row.get(9)?,
            })
        })?
        .collect()
}

/// What was told of a seat's turn at `ply`: which of mail, push and a reminder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Told {
    Mailed,
    Pushed,
    Seen,
    Reminded { hours: u16 },
}

/// Notes that the seat was told of (or saw) its turn at `ply`.
pub fn told(conn: &Connection, code: &str, seat: u8, ply: u32, told: Told) -> rusqlite::Result<()> {
    let set = match told {
        Told::Mailed => "mailed_ply = ?3".to_string(),
        Told::Pushed => "pushed_ply = ?3".to_string(),
        Told::Seen => "mailed_ply = ?3, pushed_ply = ?3".to_string(),
        Told::Reminded { hours } => format!("reminded_ply = ?3, reminded_hours = {hours}"),
    };
    conn.execute(
        &format!("UPDATE notify_seats SET {set} WHERE code = ?1 AND seat = ?2"),
        params![code, seat, ply],
    )?;
    Ok(())
}

/// A digest was mailed to the address at `now`.
pub fn digested(conn: &Connection, email: &str, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE notify_addresses SET last_digest = ?2 WHERE email = ?1",
        params![email, now],
    )?;
    Ok(())
}

/// A push subscription its service said is gone (404, 410): forgotten.
pub fn forget_push(conn: &Connection, push: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE notify_seats SET push = NULL WHERE push = ?1",
        [push],
    )?;
    conn.execute(
        "DELETE FROM notify_seats WHERE push IS NULL AND email IS NULL",
        [],
    )?;
    Ok(())
}

/// The wishes of tables whose game is over, gone or put away, and the addresses no seat has
/// used for [`ADDRESS_KEPT_MS`], deleted.
pub fn prune(conn: &Connection, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM notify_seats WHERE email IS NULL AND push IS NULL
            OR code NOT IN (SELECT code FROM tables WHERE phase IN ('waiting', 'playing'))",
        [],
    )?;
    conn.execute(
        "DELETE FROM notify_addresses WHERE last_used < ?1
            AND email NOT IN (SELECT email FROM notify_seats WHERE email IS NOT NULL)",
        [now - ADDRESS_KEPT_MS],
    )?;
    Ok(())
}

fn join_hours(hours: &[u16]) -> String {
    hours
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn split_hours(text: &str) -> Vec<u16> {
    text.split(',').filter_map(|h| h.parse().ok()).collect()
}

/// The seat's number as kept.
pub fn seat_number(code: &str, seat: u8) -> Option<(Code, Seat)> {
    Some((Code::parse(code).ok()?, Seat::new(seat)?))
}
