//! The notices' tables on PostgreSQL ([`Notices`] in PostgreSQL's words), on the store's pool.
//! They are not a table's game: no lease is checked, and any node writes them.

use crate::store::notices::{
    ADDRESS_KEPT_MS, Address, AddressAsk, Notices, SeatWish, Told, join_hours, split_hours,
};
use crate::store::{StoreError, value};

use super::PgStore;

/// The columns an [`Address`] is read from, in its order.
const ADDRESS: &str = "email, confirmed, stop_token, lang, asked_at, last_digest";

/// An address as sqlx reads it ([`ADDRESS`]'s columns).
type AddressRow = (String, i64, String, String, i64, i64);

fn address_of(r: AddressRow) -> Address {
    Address {
        email: r.0,
        confirmed: r.1 != 0,
        stop_token: r.2,
        lang: r.3,
        asked_at: r.4,
        last_digest: r.5,
    }
}

/// A seat's wish as sqlx reads it: code, seat, address, subscription, reminders, language,
/// and the plies mailed, pushed and reminded of, with the reminder's hours.
type WishRow = (
    String,
    i64,
    Option<String>,
    Option<String>,
    String,
    String,
    i64,
    i64,
    i64,
    i64,
);

/// A wish read back, its seat and hours checked.
fn wish_of(r: WishRow) -> Result<SeatWish, StoreError> {
    Ok(SeatWish {
        seat: u8::try_from(r.1).map_err(|_| value(format!("{}: no seat {}", r.0, r.1)))?,
        reminded_hours: u16::try_from(r.9)
            .map_err(|_| value(format!("{}: no hours {}", r.0, r.9)))?,
        code: r.0,
        email: r.2,
        push: r.3,
        reminders: split_hours(&r.4),
        lang: r.5,
        mailed_ply: r.6,
        pushed_ply: r.7,
        reminded_ply: r.8,
    })
}

impl PgStore {
    /// Runs one statement, its parameters all text and numbers (`binds`), on the pool.
    fn notice_write(&self, sql: String, binds: Vec<Bind>) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let mut query = sqlx::query(&sql);
            for bind in binds {
                query = match bind {
                    Bind::Text(text) => query.bind(text),
                    Bind::Number(n) => query.bind(n),
                };
            }
            query.execute(&pool).await?;
            Ok(())
        })
    }
}

/// A statement's parameter: text (none: NULL) or a number.
enum Bind {
    Text(Option<String>),
    Number(i64),
}

fn text(text: &str) -> Bind {
    Bind::Text(Some(text.to_string()))
}

impl Notices for PgStore {
    fn address(&self, email: &str) -> Result<Option<Address>, StoreError> {
        let (pool, email) = (self.pool.clone(), email.to_string());
        self.run(async move {
            let sql = format!("SELECT {ADDRESS} FROM notify_addresses WHERE email = $1");
            let row: Option<AddressRow> = sqlx::query_as(&sql)
                .bind(email)
                .fetch_optional(&pool)
                .await?;
            Ok(row.map(address_of))
        })
    }

    fn confirmed_addresses(&self) -> Result<Vec<Address>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let sql = format!("SELECT {ADDRESS} FROM notify_addresses WHERE confirmed = 1");
            let rows: Vec<AddressRow> = sqlx::query_as(&sql).fetch_all(&pool).await?;
            Ok(rows.into_iter().map(address_of).collect())
        })
    }

    fn ask_address(&self, ask: &AddressAsk) -> Result<(), StoreError> {
        self.notice_write(
            "INSERT INTO notify_addresses (email, confirm_hash, stop_token, lang, asked_at, last_used)
             VALUES ($1, $2, $3, $4, $5, $5)
             ON CONFLICT (email) DO UPDATE SET confirm_hash = $2, lang = $4, asked_at = $5,
                 last_used = $5"
                .to_string(),
            vec![
                text(ask.email),
                text(ask.confirm_hash),
                text(ask.stop_token),
                text(ask.lang),
                Bind::Number(ask.now),
            ],
        )
    }

    fn use_address(&self, email: &str, lang: &str, now: i64) -> Result<(), StoreError> {
        self.notice_write(
            "UPDATE notify_addresses SET lang = $2, last_used = $3 WHERE email = $1".to_string(),
            vec![text(email), text(lang), Bind::Number(now)],
        )
    }

    fn confirm(&self, confirm_hash: &str) -> Result<Option<Address>, StoreError> {
        let (pool, hash) = (self.pool.clone(), confirm_hash.to_string());
        self.run(async move {
            let sql = format!(
                "UPDATE notify_addresses SET confirmed = 1, confirm_hash = NULL
                 WHERE confirm_hash = $1 RETURNING {ADDRESS}"
            );
            let row: Option<AddressRow> = sqlx::query_as(&sql)
                .bind(hash)
                .fetch_optional(&pool)
                .await?;
            Ok(row.map(address_of))
        })
    }

    fn stop(&self, stop_token: &str) -> Result<Option<String>, StoreError> {
        let (pool, token) = (self.pool.clone(), stop_token.to_string());
        self.run(async move {
            let row: Option<(String,)> =
                sqlx::query_as("DELETE FROM notify_addresses WHERE stop_token = $1 RETURNING lang")
                    .bind(token)
                    .fetch_optional(&pool)
                    .await?;
            Ok(row.map(|(lang,)| lang))
        })
    }

    fn set_wish(&self, wish: &SeatWish) -> Result<(), StoreError> {
        let (code, seat) = (text(&wish.code), Bind::Number(i64::from(wish.seat)));
        if wish.email.is_none() && wish.push.is_none() {
            let sql = "DELETE FROM notify_seats WHERE code = $1 AND seat = $2";
            return self.notice_write(sql.to_string(), vec![code, seat]);
        }
        self.notice_write(
            "INSERT INTO notify_seats (code, seat, email, push, reminders, lang)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (code, seat) DO UPDATE SET email = $3, push = $4, reminders = $5,
                 lang = $6"
                .to_string(),
            vec![
                code,
                seat,
                Bind::Text(wish.email.clone()),
                Bind::Text(wish.push.clone()),
                text(&join_hours(&wish.reminders)),
                text(&wish.lang),
            ],
        )
    }

    fn wishes(&self) -> Result<Vec<SeatWish>, StoreError> {
        let pool = self.pool.clone();
        let rows: Vec<WishRow> = self.run(async move {
            Ok(sqlx::query_as(
                "SELECT code, seat, email, push, reminders, lang, mailed_ply, pushed_ply,
                     reminded_ply, reminded_hours
                 FROM notify_seats",
            )
            .fetch_all(&pool)
            .await?)
        })?;
        rows.into_iter().map(wish_of).collect()
    }

    fn told(&self, code: &str, seat: u8, ply: u32, told: Told) -> Result<(), StoreError> {
        let sql = format!(
            "UPDATE notify_seats SET {} WHERE code = $1 AND seat = $2",
            told.columns("$3", "$4")
        );
        let mut binds = vec![
            text(code),
            Bind::Number(i64::from(seat)),
            Bind::Number(i64::from(ply)),
        ];
        binds.extend(told.hours().map(|h| Bind::Number(i64::from(h))));
        self.notice_write(sql, binds)
    }

    fn digested(&self, email: &str, now: i64) -> Result<(), StoreError> {
        self.notice_write(
            "UPDATE notify_addresses SET last_digest = $2 WHERE email = $1".to_string(),
            vec![text(email), Bind::Number(now)],
        )
    }

    fn forget_push(&self, push: &str) -> Result<(), StoreError> {
        self.notice_write(
            "UPDATE notify_seats SET push = NULL WHERE push = $1".to_string(),
            vec![text(push)],
        )?;
        self.notice_write(
            "DELETE FROM notify_seats WHERE push IS NULL AND email IS NULL".to_string(),
            Vec::new(),
        )
    }

    fn prune(&self, now: i64) -> Result<(), StoreError> {
        self.notice_write(
            "DELETE FROM notify_seats WHERE email IS NULL AND push IS NULL
                OR code NOT IN (SELECT code FROM tables WHERE phase IN ('waiting', 'playing'))"
                .to_string(),
            Vec::new(),
        )?;
        self.notice_write(
            "DELETE FROM notify_addresses WHERE last_used < $1
                AND email NOT IN (SELECT email FROM notify_seats WHERE email IS NOT NULL)"
                .to_string(),
            vec![Bind::Number(now - ADDRESS_KEPT_MS)],
        )
    }
}
