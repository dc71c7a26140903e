//! The notices' tables on SQLite ([`Notices`] in SQLite's words), on the store's one
//! connection, held for the whole of a notifier's call.

use rusqlite::{Connection, OptionalExtension, params};

use crate::store::StoreError;
use crate::store::notices::{
    ADDRESS_KEPT_MS, Address, AddressAsk, Notices, SeatWish, Told, join_hours, split_hours,
};

/// The columns an [`Address`] is read from, in its order.
const ADDRESS: &str = "email, confirmed, stop_token, lang, asked_at, last_digest";

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

fn read_wish(row: &rusqlite::Row) -> rusqlite::Result<SeatWish> {
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
}

impl Notices for Connection {
    fn address(&self, email: &str) -> Result<Option<Address>, StoreError> {
        let sql = format!("SELECT {ADDRESS} FROM notify_addresses WHERE email = ?1");
        Ok(self.query_row(&sql, [email], read_address).optional()?)
    }

    fn confirmed_addresses(&self) -> Result<Vec<Address>, StoreError> {
        let sql = format!("SELECT {ADDRESS} FROM notify_addresses WHERE confirmed = 1");
        let mut query = self.prepare(&sql)?;
        let rows = query.query_map([], read_address)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn ask_address(&self, ask: &AddressAsk) -> Result<(), StoreError> {
        self.execute(
            "INSERT INTO notify_addresses (email, confirm_hash, stop_token, lang, asked_at, last_used)
             VALUES (?1, ?2, ?3, ?4, ?5, ?5)
             ON CONFLICT (email) DO UPDATE SET confirm_hash = ?2, lang = ?4, asked_at = ?5,
                 last_used = ?5",
            params![ask.email, ask.confirm_hash, ask.stop_token, ask.lang, ask.now],
        )?;
        Ok(())
    }

    fn use_address(&self, email: &str, lang: &str, now: i64) -> Result<(), StoreError> {
        self.execute(
            "UPDATE notify_addresses SET lang = ?2, last_used = ?3 WHERE email = ?1",
            params![email, lang, now],
        )?;
        Ok(())
    }

    fn confirm(&self, confirm_hash: &str) -> Result<Option<Address>, StoreError> {
        let sql = format!(
            "UPDATE notify_addresses SET confirmed = 1, confirm_hash = NULL
             WHERE confirm_hash = ?1 RETURNING {ADDRESS}"
        );
        Ok(self
            .query_row(&sql, [confirm_hash], read_address)
            .optional()?)
    }

    fn stop(&self, stop_token: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .query_row(
                "DELETE FROM notify_addresses WHERE stop_token = ?1 RETURNING lang",
                [stop_token],
                |row| row.get(0),
            )
            .optional()?)
    }

    fn set_wish(&self, wish: &SeatWish) -> Result<(), StoreError> {
        if wish.email.is_none() && wish.push.is_none() {
            self.execute(
                "DELETE FROM notify_seats WHERE code = ?1 AND seat = ?2",
                params![wish.code, wish.seat],
            )?;
            return Ok(());
        }
        self.execute(
            "INSERT INTO notify_seats (code, seat, email, push, reminders, lang)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (code, seat) DO UPDATE SET email = ?3, push = ?4, reminders = ?5,
                 lang = ?6",
            params![
                wish.code,
                wish.seat,
                wish.email,
                wish.push,
                join_hours(&wish.reminders),
                wish.lang
            ],
        )?;
        Ok(())
    }

    fn wishes(&self) -> Result<Vec<SeatWish>, StoreError> {
        let mut query = self.prepare(
            "SELECT code, seat, email, push, reminders, lang, mailed_ply, pushed_ply,
                 reminded_ply, reminded_hours
             FROM notify_seats",
        )?;
        let rows = query.query_map([], read_wish)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn told(&self, code: &str, seat: u8, ply: u32, told: Told) -> Result<(), StoreError> {
        let sql = format!(
            "UPDATE notify_seats SET {} WHERE code = ?1 AND seat = ?2",
            told.columns("?3", "?4")
        );
        match told.hours() {
            Some(hours) => self.execute(&sql, params![code, seat, ply, hours])?,
            None => self.execute(&sql, params![code, seat, ply])?,
        };
        Ok(())
    }

    fn digested(&self, email: &str, now: i64) -> Result<(), StoreError> {
        self.execute(
            "UPDATE notify_addresses SET last_digest = ?2 WHERE email = ?1",
            params![email, now],
        )?;
        Ok(())
    }

    fn forget_push(&self, push: &str) -> Result<(), StoreError> {
        self.execute(
            "UPDATE notify_seats SET push = NULL WHERE push = ?1",
            [push],
        )?;
        self.execute(
            "DELETE FROM notify_seats WHERE push IS NULL AND email IS NULL",
            [],
        )?;
        Ok(())
    }

    fn prune(&self, now: i64) -> Result<(), StoreError> {
        self.execute(
            "DELETE FROM notify_seats WHERE email IS NULL AND push IS NULL
                OR code NOT IN (SELECT code FROM tables WHERE phase IN ('waiting', 'playing'))",
            [],
        )?;
        self.execute(
            "DELETE FROM notify_addresses WHERE last_used < ?1
                AND email NOT IN (SELECT email FROM notify_seats WHERE email IS NOT NULL)",
            [now - ADDRESS_KEPT_MS],
        )?;
        Ok(())
    }
}
