//! The notices' own tables, in the tables' database, SQLite or PostgreSQL alike (migration 6 of
//! [`super::schema`], [`NOTICES`](super::schema::NOTICES)): each address left for
//! notices (`notify_addresses`) and each seat's wish (`notify_seats`). An address is kept only
//! to tell its player of their moves: it is deleted when its stop link is followed, and when no
//! seat has used it for [`ADDRESS_KEPT_MS`].
//!
//! [`Notices`] is what the notifier (`crate::notify`) asks of them; each database answers it in
//! its own words (`super::sqlite` and `super::postgres`), reached through
//! [`Store::notices`](super::Store::notices). They are not a table's game: on
//! PostgreSQL their writes check no lease, and any node may make them.

use gamut_net::{Code, Seat};

use super::StoreError;

/// An address no seat has used for this long is deleted (unix ms: 90 days).
pub const ADDRESS_KEPT_MS: i64 = 90 * 24 * 3600 * 1000;

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

/// What the notifier asks of the notices' tables (times in unix ms, as everywhere).
pub trait Notices {
    /// The address as kept, if it is.
    fn address(&self, email: &str) -> Result<Option<Address>, StoreError>;

    /// Every confirmed address.
    fn confirmed_addresses(&self) -> Result<Vec<Address>, StoreError>;

    /// A new address waiting for its confirmation (`confirm_hash`, the link's token's hash),
    /// or one kept already asked again (a new confirmation then, if it is not confirmed; its
    /// stop token stays).
    fn ask_address(&self, ask: &AddressAsk) -> Result<(), StoreError>;

    /// The address was used again by a seat (its language too).
    fn use_address(&self, email: &str, lang: &str, now: i64) -> Result<(), StoreError>;

    /// Confirms the address whose confirmation token has this hash: its address, if one had.
    fn confirm(&self, confirm_hash: &str) -> Result<Option<Address>, StoreError>;

    /// Stops every mail to the address whose stop token this is: the address is deleted, and
    /// every seat's wish forgets it. Its language, if one was stopped.
    fn stop(&self, stop_token: &str) -> Result<Option<String>, StoreError>;

    /// The seat's wish (its table and seat are the wish's), replacing the one it had (neither
    /// an address nor a subscription: forgotten).
    fn set_wish(&self, wish: &SeatWish) -> Result<(), StoreError>;

    /// Every seat's wish.
    fn wishes(&self) -> Result<Vec<SeatWish>, StoreError>;

    /// Notes that the seat was told of (or saw) its turn at `ply`.
    fn told(&self, code: &str, seat: u8, ply: u32, told: Told) -> Result<(), StoreError>;

    /// A digest was mailed to the address at `now`.
    fn digested(&self, email: &str, now: i64) -> Result<(), StoreError>;

    /// A push subscription its service said is gone (404, 410): forgotten, and the wishes left
    /// with neither an address nor a subscription.
    fn forget_push(&self, push: &str) -> Result<(), StoreError>;

    /// The wishes of tables whose game is over, gone or put away, and the addresses no seat
    /// has used for [`ADDRESS_KEPT_MS`] at `now`, deleted.
    fn prune(&self, now: i64) -> Result<(), StoreError>;
}

/// An address asked for: the link's token's hash, its stop token (a new one, or the one it
/// had), its language, when.
#[derive(Debug, Clone, Copy)]
pub struct AddressAsk<'a> {
    pub email: &'a str,
    pub confirm_hash: &'a str,
    pub stop_token: &'a str,
    pub lang: &'a str,
    pub now: i64,
}

/// What was told of a seat's turn at `ply`: which of mail, push and a reminder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Told {
    Mailed,
    Pushed,
    Seen,
    Reminded { hours: u16 },
}

impl Told {
    /// The `notify_seats` columns it sets, to the ply in the parameter `ply` (`?3`, `$3`) and
    /// a reminder's hours in `hours` (`?4`, `$4`; the others leave it out).
    pub fn columns(self, ply: &str, hours: &str) -> String {
        match self {
            Told::Mailed => format!("mailed_ply = {ply}"),
            Told::Pushed => format!("pushed_ply = {ply}"),
            Told::Seen => format!("mailed_ply = {ply}, pushed_ply = {ply}"),
            Told::Reminded { .. } => format!("reminded_ply = {ply}, reminded_hours = {hours}"),
        }
    }

    /// A reminder's hours, if it is one.
    pub fn hours(self) -> Option<u16> {
        match self {
            Told::Reminded { hours } => Some(hours),
            _ => None,
        }
    }
}

/// A seat's reminders as kept: their hours, by commas.
pub fn join_hours(hours: &[u16]) -> String {
    hours
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The reminders kept read back (a part that is not an hour is left out).
pub fn split_hours(text: &str) -> Vec<u16> {
    text.split(',').filter_map(|h| h.parse().ok()).collect()
}

/// The seat's number as kept.
pub fn seat_number(code: &str, seat: u8) -> Option<(Code, Seat)> {
    Some((Code::parse(code).ok()?, Seat::new(seat)?))
}
