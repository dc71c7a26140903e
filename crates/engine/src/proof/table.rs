//! The search's table saved to a file and read back, so that a proof that needs longer than one
//! run can go on where it stopped (`gamut-engine prove --resume FILE`).
//!
//! The file is text: a first line `gamut-proof-table 1`, then `position TEXT` (the root's
//! position text), `rules TEXT` (the game and rule options in words), `nodes N` (nodes searched
//! so far), then one line per entry: `KEY PN DN DEPTH` (the table key in 16 hexadecimal digits,
//! the proof and disproof numbers, the proof's depth). The keys mix the position's Zobrist hash
//! with the side being proven and the move bound (see `dfpn::table_key`), so the file is only
//! good for the same engine version's hashing; it is refused for another position or rules.

use std::fmt::Write as _;

use thiserror::Error;

use super::dfpn::{Entry, Table};
use crate::Game;
use crate::any_game::AnyPosition;

/// The first line of a table file.
const MAGIC: &str = "gamut-proof-table 1";

/// The search's memory, kept between runs on one position.
#[derive(Default)]
pub struct ProofTable {
    /// The entries.
    pub(super) table: Table,
    /// Nodes searched into it so far, over every run.
    pub(super) nodes: u64,
}

/// A table file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TableError {
    /// Not a table file.
    #[error("not a proof table (its first line is not '{MAGIC}')")]
    NotATable,
    /// A table of another position or other rules.
    #[error("the table is for another position or other rules ({0})")]
    OtherPosition(String),
    /// A line that cannot be read.
    #[error("line {0}: cannot be read")]
    Syntax(usize),
}

impl ProofTable {
    /// An empty table.
    pub fn new() -> ProofTable {
        ProofTable::default()
    }

    /// Entries held.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// Nodes searched into it over every run.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The table as the text of its file, for the search of `position`.
    pub fn to_text(&self, position: &AnyPosition) -> String {
        let mut out = String::with_capacity(40 * self.table.len() + 200);
        let _ = writeln!(out, "{MAGIC}");
        let _ = writeln!(out, "position {}", position.to_text());
        let _ = writeln!(out, "rules {}", position.config());
        let _ = writeln!(out, "nodes {}", self.nodes);
        for (key, e) in &self.table {
            let _ = writeln!(out, "{key:016x} {} {} {}", e.pn, e.dn, e.depth);
        }
        out
    }

    /// Reads a table file written for `position`.
    pub fn from_text(text: &str, position: &AnyPosition) -> Result<ProofTable, TableError> {
        let mut lines = text.lines().enumerate();
        if lines.next().map(|(_, l)| l.trim()) != Some(MAGIC) {
            return Err(TableError::NotATable);
        }
        let mut header = |name: &str| -> Result<String, TableError> {
            let (i, line) = lines.next().ok_or(TableError::Syntax(0))?;
            line.strip_prefix(name)
                .and_then(|rest| rest.strip_prefix(' '))
                .map(|rest| rest.trim().to_string())
                .ok_or(TableError::Syntax(i + 1))
        };
        let text_of_position = header("position")?;
        let rules = header("rules")?;
        let nodes = header("nodes")?;
        if text_of_position != position.to_text() || rules != position.config().to_string() {
            return Err(TableError::OtherPosition(text_of_position));
        }
        let mut table = ProofTable {
            nodes: nodes.parse().map_err(|_| TableError::Syntax(4))?,
            ..ProofTable::default()
        };
        for (i, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let bad = || TableError::Syntax(i + 1);
            let words: Vec<&str> = line.split_whitespace().collect();
            let [key, pn, dn, depth] = words[..] else {
                return Err(bad());
            };
            let key = u64::from_str_radix(key, 16).map_err(|_| bad())?;
            let entry = Entry {
                pn: pn.parse().map_err(|_| bad())?,
                dn: dn.parse().map_err(|_| bad())?,
                depth: depth.parse().map_err(|_| bad())?,
            };
            table.table.insert(key, entry);
        }
        Ok(table)
    }
}
