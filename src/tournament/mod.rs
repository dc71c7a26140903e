//! Game night: a tournament between friends (and computer entries) at one screen. The headless
//! core ([`core`]: pairing by Berger tables and a Dutch-style Swiss, results, standings with
//! direct encounter and Sonneborn-Berger, the crosstable, text and HTML export, and the file
//! format checked on reading) is pure Rust; the screens that run a tournament night are built
//! on it.

pub mod core;
