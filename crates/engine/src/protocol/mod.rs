//! The engine protocol (UCI style), and the tools that speak it: a client for engine processes,
//! the match runner with its Elo estimate, and the fixed search benchmark.
//!
//! One command per line in, one answer per line out:
//!
//! - `uci` → `id name …`, `id author …`, the `option …` lines, `uciok`
//! - `isready` → `readyok` (at once, even while searching)
//! - `ucinewgame` → forgets the search's tables and goes back to the start position
//! - `setoption name <Name> value <value>` → see [`options::OPTION_LINES`]; changing the game or a
//!   rule resets the position to the start; a running search is stopped first
//! - `position startpos|fen <text> [moves m1 m2 …]` → all or nothing: on a bad move nothing changes
//! - `go depth N | nodes N | movetime MS | wtime MS btime MS [winc MS binc MS] | infinite` → one
//!   `info depth … score cp …|mate … nodes … nps … time … pv …` line per completed iteration, then
//!   `bestmove <move>` (`bestmove pass` when passing is the only move; `info string game over: …`
//!   and `bestmove (none)` when the game has ended). With the option `MultiPV` above 1 (at the
//!   top level) each iteration prints one `info depth … multipv K score … pv …` line per line,
//!   K = 1 for the best, and `bestmove` is line 1's first move
//! - `stop` → ends the search, which prints its `bestmove`; `quit` → ends the engine
//! - `d` → the board, position text, moves played, hash, legal move count, outcome
//! - `perft N` (or `go perft N`) → `<move>: <count>` per move, then `Nodes searched: N`
//!
//! Anything else gets `info string error: …` and the engine carries on.

pub mod bench;
pub mod client;
pub mod command;
pub mod elo;
mod engine;
pub mod match_runner;
pub mod options;
mod worker;

use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::Sender;

pub use engine::{DEFAULT_LEVEL_THINK_TIME, Engine, Flow, MOVE_OVERHEAD, ProtocolError};

/// Where the engine's output lines go. Errors cannot be reported anywhere, so they are ignored.
pub trait LineSink: Send {
    /// Sends one line (without its line ending).
    fn send_line(&mut self, line: &str);
}

/// Each line becomes one message: how tests and the game talk to an in-process engine.
impl LineSink for Sender<String> {
    fn send_line(&mut self, line: &str) {
        let _ = self.send(line.to_string());
    }
}

/// Lines written to a byte stream (standard output), each followed by `\n` and flushed.
#[derive(Debug)]
pub struct WriteSink<W: Write + Send>(pub W);

impl<W: Write + Send> LineSink for WriteSink<W> {
    fn send_line(&mut self, line: &str) {
        let _ = writeln!(self.0, "{line}").and_then(|()| self.0.flush());
    }
}

/// The longest input line the engine reads (1 MiB: a `position … moves` line of a very long
/// game is a few kilobytes). A longer line is skipped to its end and answered with an error.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Runs the protocol until `quit` or the end of `input`. At the end of input a bounded search
/// finishes and prints its `bestmove`; an infinite one is stopped. Bytes that are not UTF-8 are
/// replaced, so any input is a line the engine answers; a line longer than [`MAX_LINE_BYTES`]
/// is skipped with `info string error: …`, so no input makes the engine hold unbounded memory.
pub fn run(mut input: impl BufRead, sink: impl LineSink + 'static) -> io::Result<()> {
    let mut engine = Engine::new(sink);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match read_line_capped(&mut input, &mut buffer, MAX_LINE_BYTES)? {
            LineRead::End => {
                engine.finish();
                return Ok(());
            }
            LineRead::TooLong => engine.reject_long_line(MAX_LINE_BYTES),
            LineRead::Line => {
                if engine.handle_line(&String::from_utf8_lossy(&buffer)) == Flow::Quit {
                    return Ok(());
                }
            }
        }
    }
}

/// What [`read_line_capped`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineRead {
    /// A line (its bytes in the buffer, with the `\n` if there was one).
    Line,
    /// A line longer than the limit, skipped up to and including its `\n`.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line of at most `limit` bytes into `buffer`; a longer one is read to its end
/// without being kept.
pub fn read_line_capped<R: BufRead>(
    input: &mut R,
    buffer: &mut Vec<u8>,
    limit: usize,
) -> io::Result<LineRead> {
    let read = Read::take(&mut *input, limit as u64 + 1).read_until(b'\n', buffer)?;
    if read == 0 {
        return Ok(LineRead::End);
    }
    if buffer.len() <= limit || (buffer.len() == limit + 1 && buffer.last() == Some(&b'\n')) {
        return Ok(LineRead::Line);
    }
    buffer.clear();
    // Skip the rest of the line without keeping it.
    loop {
        let available = input.fill_buf()?;
        if available.is_empty() {
            return Ok(LineRead::TooLong);
        }
        match available.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(LineRead::TooLong);
            }
            None => {
                let n = available.len();
                input.consume(n);
            }
        }
    }
}
