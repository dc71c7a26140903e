//! The other end of the protocol: an engine running as a child process, driven line by line.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

/// How long an engine may take to answer `uci` or `isready`.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// Something went wrong talking to an engine process.
#[derive(Debug, Error)]
pub enum ClientError {
    /// The command line is empty.
    #[error("the engine command is empty")]
    EmptyCommand,
    /// The command line has an unclosed quote.
    #[error("unclosed quote in engine command '{0}'")]
    UnclosedQuote(String),
    /// The process could not be started.
    #[error("cannot start engine '{command}': {source}")]
    Spawn {
        /// The command line.
        command: String,
        /// Why.
        source: io::Error,
    },
    /// Writing to the engine failed (it has probably exited).
    #[error("cannot write to the engine: {0}")]
    Write(io::Error),
    /// The engine closed its output: it exited or crashed.
    #[error("the engine exited while we waited for '{0}'")]
    Exited(String),
    /// The engine did not answer in time.
    #[error("no '{waiting_for}' from the engine within {} ms", .after.as_millis())]
    Timeout {
        /// The answer awaited.
        waiting_for: String,
        /// How long we waited.
        after: Duration,
    },
    /// The engine answered a setting with `info string error: …`.
    #[error("the engine rejected a setting: {0}")]
    Rejected(String),
}

/// Splits a command line on whitespace; single or double quotes group words with spaces.
pub fn split_command(command_line: &str) -> Result<Vec<String>, ClientError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in command_line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(ClientError::UnclosedQuote(command_line.to_string()));
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(ClientError::EmptyCommand);
    }
    Ok(words)
}

/// An engine process: its input, and its output lines arriving through a reader thread.
pub struct EngineProcess {
    command_line: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
}

impl EngineProcess {
    /// Starts the engine (its standard error is discarded).
    pub fn spawn(command_line: &str) -> Result<EngineProcess, ClientError> {
        let words = split_command(command_line)?;
        let spawn_error = |source| ClientError::Spawn {
            command: command_line.to_string(),
            source,
        };
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(spawn_error)?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(spawn_error(io::Error::other("no pipes to the engine")));
        };
        let (sender, lines) = channel();
        let reader = thread::Builder::new()
            .name("engine-output".into())
            .spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            });
        if let Err(e) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(spawn_error(e));
        }
        Ok(EngineProcess {
            command_line: command_line.to_string(),
            child,
            stdin,
            lines,
            name: words[0].clone(),
        })
    }

    /// The command line it was started with.
    pub fn command_line(&self) -> &str {
        &self.command_line
    }

    /// The name from its `id name` line (the program until then).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The process's resident memory now and at its peak (Linux; `None` elsewhere).
    pub fn memory(&self) -> Option<crate::memory::Resident> {
        crate::memory::Resident::of_process(self.child.id())
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(ClientError::Write)
    }

    /// The next output line, waiting until `deadline`; `waiting_for` names the awaited answer in
    /// errors.
    pub fn next_line(
        &mut self,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<String, ClientError> {
        let start = Instant::now();
        match self
            .lines
            .recv_timeout(deadline.saturating_duration_since(start))
        {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout {
                waiting_for: waiting_for.to_string(),
                after: deadline.saturating_duration_since(start),
            }),
            Err(RecvTimeoutError::Disconnected) => {
                Err(ClientError::Exited(waiting_for.to_string()))
            }
        }
    }

    /// Reads lines until one starts with `prefix` (returned) or `timeout` passes. A line starting
    /// `info string error` fails with [`ClientError::Rejected`] when `reject_errors` is set.
    pub fn wait_for(
        &mut self,
        prefix: &str,
        timeout: Duration,
        reject_errors: bool,
    ) -> Result<String, ClientError> {
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.next_line(deadline, prefix)?;
            if reject_errors && line.starts_with("info string error") {
                return Err(ClientError::Rejected(line));
            }
            if line.split_whitespace().next() == Some(prefix) {
                return Ok(line);
            }
        }
    }

    /// `uci` … `uciok`, then each `setoption`, then `isready` … `readyok`. Fails if the engine
    /// rejects an option.
    pub fn initialise(&mut self, options: &[(String, String)]) -> Result<(), ClientError> {
        self.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = self.next_line(deadline, "uciok")?;
            if let Some(name) = line.strip_prefix("id name ") {
                self.name = name.trim().to_string();
            }
            if line.trim() == "uciok" {
                break;
            }
        }
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.synchronise()
    }

    /// `isready` … `readyok`; fails if an `info string error` comes first.
    pub fn synchronise(&mut self) -> Result<(), ClientError> {
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE_TIMEOUT, true)
            .map(|_| ())
    }

    /// Ends the process: `quit`, a short grace period, then a kill.
    pub fn shut_down(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }

    /// Kills the process at once (a hung engine).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.shut_down();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_words_and_quotes() {
        assert_eq!(
            split_command(r#"  engine --opt "a b" 'c'  "#).unwrap(),
            vec!["engine", "--opt", "a b", "c"]
        );
        assert!(matches!(
            split_command("   "),
            Err(ClientError::EmptyCommand)
        ));
        assert!(matches!(
            split_command("x \"y"),
            Err(ClientError::UnclosedQuote(_))
        ));
        assert_eq!(split_command("a \"\" b").unwrap(), vec!["a", "", "b"]);
    }
}
