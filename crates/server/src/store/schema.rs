//! The schema's migrations, kept once for both databases: each migration's SQL as it shipped
//! (SQLite's words), read by SQLite as it is and by PostgreSQL through [`for_postgres`] (a few
//! words of the other dialect), and the facts each migration's hook works from, decided here for
//! both (the hooks themselves run in `sqlite.rs` and `postgres.rs`, each in its own driver).
//! Never edit a migration that shipped: add another, to [`MIGRATIONS`].

use gamut_engine::any_game::GameConfig;
use gamut_net::Token;

use crate::token_hash::TokenHash;

/// What a migration does after its SQL, in the same transaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hook {
    /// Nothing.
    None,
    /// Every stored token replaced by its hash ([`hashed`]).
    HashTokens,
    /// The tables of before whose every seat is taken are playing ([`seated`]).
    SeatedTablesPlaying,
}

/// The schema, oldest migration first: its SQL and its hook. The version of a database is how
/// many of them it has.
pub const MIGRATIONS: [(&str, Hook); 6] = [
    (TABLES, Hook::None),
    (HASHED, Hook::HashTokens),
    (ADDRESSES, Hook::None),
    (PHASES, Hook::SeatedTablesPlaying),
    (LEASES, Hook::None),
    (NOTICES, Hook::None),
];

/// The schema version from which tokens are kept as hashes.
pub const HASHED_SINCE: usize = 2;

/// Migration 1, as it shipped: tables, seats and moves, the tokens as they are.
pub const TABLES: &str = "CREATE TABLE tables (
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

/// Migration 2: the tokens kept as hashes: their columns renamed to say so, and every token in
/// them replaced by its hash ([`Hook::HashTokens`], in the same transaction).
pub const HASHED: &str = "ALTER TABLE tables RENAME COLUMN host TO host_hash;
    ALTER TABLE seats RENAME COLUMN token TO token_hash;";

/// Migration 3: where each table was made from and each person's seat taken from (seat -1: the
/// table's maker), for the limits one address may hold: they hold after a restart too.
pub const ADDRESSES: &str = "CREATE TABLE addresses (
        code TEXT NOT NULL REFERENCES tables(code),
        seat INTEGER NOT NULL,
        address TEXT NOT NULL,
        PRIMARY KEY (code, seat)
    );";

/// Migration 4: each table's phase and the times its life is judged by (unix ms). A table of
/// before is said finished if it has an end, else waiting ([`Hook::SeatedTablesPlaying`] then
/// says which of those have every seat taken); its last activity is the last time it holds
/// (made, a seat taken, a move), and an ended table's end is dated then too. The addresses of
/// the games over are deleted: they only serve the limits of games going on.
pub const PHASES: &str = "ALTER TABLE tables ADD COLUMN phase TEXT NOT NULL DEFAULT 'waiting';
    ALTER TABLE tables ADD COLUMN last_activity INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN finished_at INTEGER;
    ALTER TABLE tables ADD COLUMN put_away_at INTEGER;
    UPDATE tables SET last_activity = MAX(created,
        COALESCE((SELECT MAX(at) FROM seats s WHERE s.code = tables.code), created),
        COALESCE((SELECT MAX(at) FROM moves m WHERE m.code = tables.code), created));
    UPDATE tables SET phase = 'finished', finished_at = last_activity WHERE ended IS NOT NULL;
    DELETE FROM addresses WHERE code IN (SELECT code FROM tables WHERE ended IS NOT NULL);
    CREATE INDEX tables_by_phase ON tables (phase);
    CREATE INDEX tables_to_prune ON tables (put_away_at)
        WHERE phase = 'put-away' AND ended IS NULL;";

/// Migration 5: which node owns each table, for a site on more than one machine (PostgreSQL):
/// the node's name, the lease's epoch (one more at each new owner) and until when it holds
/// (unix ms, by the database's clock). A write of a table checks its epoch in the same
/// statement. A server on SQLite owns every table and never writes here.
pub const LEASES: &str = "CREATE TABLE leases (
        code TEXT PRIMARY KEY,
        node TEXT NOT NULL,
        epoch INTEGER NOT NULL,
        until INTEGER NOT NULL
    );
    CREATE INDEX leases_by_node ON leases (node);";

/// Migration 6: the notices' own tables ([`super::notices`]): each address left to be told
/// of one's moves (its confirmation token's hash until it is followed, its stop token, its
/// language, when it was asked, last digested and last used) and each seat's wish (its
/// address, its push subscription, its reminders, its language, and which turn it was told
/// of). They are not a table's game: their writes check no lease.
pub const NOTICES: &str = "CREATE TABLE notify_addresses (
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

/// The words of SQLite's dialect in [`MIGRATIONS`] and PostgreSQL's for them: a 64-bit integer
/// (SQLite's INTEGER is one; PostgreSQL's is 32 bits, too few for milliseconds), and the
/// greatest of several values.
pub const TO_POSTGRES: [(&str, &str); 2] =
    [("INTEGER", "BIGINT"), ("MAX(created,", "GREATEST(created,")];

/// A migration's SQL in PostgreSQL's dialect.
pub fn for_postgres(sql: &str) -> String {
    TO_POSTGRES
        .iter()
        .fold(sql.to_string(), |sql, (from, to)| sql.replace(from, to))
}

/// A stored token's hash as its text, or none when the value is not a token (the engine's
/// seats hold none): left as it is, a table it made unreadable stays so, reported as before.
pub fn hashed(stored: &str) -> Option<String> {
    Token::parse(stored)
        .ok()
        .map(|token| TokenHash::of(&token).to_hex())
}

/// Whether a table of before with this stored game and `taken` seats rows has every seat taken
/// (a game whose stored rules do not read is left waiting: it is reported as broken when the
/// server loads it, as before).
pub fn seated(game: Option<&str>, taken: i64) -> bool {
    let config = game.and_then(|g| serde_json::from_str::<GameConfig>(g).ok());
    config.is_some_and(|config| usize::try_from(taken).is_ok_and(|t| t >= config.seats()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word the dialects differ by is still in a migration, and PostgreSQL's text keeps
    /// none of SQLite's.
    #[test]
    fn each_dialect_word_is_used() {
        for (from, to) in TO_POSTGRES {
            assert!(
                MIGRATIONS.iter().any(|(sql, _)| sql.contains(from)),
                "{from}"
            );
            let all: String = MIGRATIONS
                .iter()
                .map(|(sql, _)| for_postgres(sql))
                .collect();
            assert!(!all.contains(from) && all.contains(to), "{from}");
        }
    }
}
