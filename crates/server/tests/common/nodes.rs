//! A cluster's nodes for the tests and the cluster driver: `gamut-server` programs on one
//! PostgreSQL database, each on a loopback port of its own that it keeps when it is killed
//! (SIGKILL) and started again under the same `--node` name, relaying through NATS when given
//! one (`--nats`). The per-address limits are raised: every test client comes from this
//! machine, and through the front every one comes from the front's own address.

#![allow(dead_code)]

use std::ffi::OsString;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One node: its name, its port, and its process while it runs.
pub struct Node {
    pub name: String,
    pub port: u16,
    args: Vec<OsString>,
    log: PathBuf,
    child: Option<Child>,
}

/// The flags each node is given beside its name, port, database, lease and NATS: limits far
/// above what the tests and the load ask.
pub const GENEROUS: [&str; 14] = [
    "--max-tables",
    "1000000",
    "--max-connections",
    "1000000",
    "--max-connections-per-address",
    "1000000",
    "--tables-per-hour-per-address",
    "1000000",
    "--tables-per-address",
    "1000000",
    "--seats-per-address",
    "1000000",
    "--engine-threads",
    "1",
];

/// The lease the kills give the nodes (the least `gamut-server` takes): a dead node's tables
/// are taken within seconds. Under a heavy load on two cores a node may renew its leases late,
/// so the load gives the nodes `gamut-server`'s default instead ([`Node::lease_seconds`]).
pub const KILLS_LEASE_SECONDS: u64 = 3;

/// Whether the server program `bin` relays through NATS (has `--nats`).
pub fn has_nats(bin: &Path) -> bool {
    Command::new(bin)
        .arg("--help")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("--nats"))
}

impl Node {
    /// A node `name` of the program `bin` on `port`, over `database`, relaying through `nats`
    /// (none: on its own), its output kept in `dir`/`name`.log; not started yet.
    pub fn new(
        bin: &Path,
        name: &str,
        port: u16,
        database: &str,
        nats: Option<&str>,
        dir: &Path,
    ) -> Node {
        let mut args: Vec<OsString> = vec![bin.into()];
        args.extend(
            [
                "--listen",
                &format!("127.0.0.1:{port}"),
                "--database",
                database,
                "--node",
                name,
            ]
            .map(OsString::from),
        );
        args.extend(GENEROUS.map(OsString::from));
        args.extend([
            "--lease-seconds".into(),
            KILLS_LEASE_SECONDS.to_string().into(),
        ]);
        if let Some(url) = nats {
            args.extend(["--nats", url].map(OsString::from));
        }
        Node {
            name: name.to_string(),
            port,
            args,
            log: dir.join(format!("{name}.log")),
            child: None,
        }
    }

    /// Its lease of `seconds` (before it starts).
    pub fn lease_seconds(&mut self, seconds: u64) {
        let at = self
            .args
            .iter()
            .position(|a| a == "--lease-seconds")
            .unwrap();
        self.args[at + 1] = seconds.to_string().into();
    }

    /// Its address, `127.0.0.1:port`.
    pub fn address(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// Whether it runs now.
    pub fn running(&self) -> bool {
        self.child.is_some()
    }

    /// Its process id while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Starts it and waits for its "listening" line (its port may still be held a moment by
    /// the process just killed: it tries again for a while).
    pub fn start(&mut self) {
        assert!(self.child.is_none(), "{} runs already", self.name);
        let until = Instant::now() + Duration::from_secs(60);
        loop {
            let log = File::options()
                .create(true)
                .append(true)
                .open(&self.log)
                .expect("the node's log");
            let mut child = Command::new(&self.args[0])
                .args(&self.args[1..])
                .env(
                    "RUST_LOG",
                    std::env::var("GAMUT_NODE_LOG").unwrap_or("gamut_server=info".into()),
                )
                .stdin(Stdio::null())
                .stdout(Stdio::piped())
                .stderr(log)
                .spawn()
                .expect("gamut-server starts");
            // Its output is its log too (tracing writes to stdout): kept in its log file, the
            // "listening" line waited for.
            let mut out = BufReader::new(child.stdout.take().unwrap());
            let mut copy = File::options().append(true).open(&self.log).unwrap();
            let mut line = String::new();
            let listening = loop {
                line.clear();
                match out.read_line(&mut line) {
                    Ok(0) | Err(_) => break false,
                    Ok(_) => {
                        let _ = copy.write_all(line.as_bytes());
                        if line.starts_with("gamut-server listening on ") {
                            break true;
                        }
                    }
                }
            };
            if listening {
                std::thread::spawn(move || std::io::copy(&mut out, &mut copy));
                self.child = Some(child);
                return;
            }
            let _ = child.kill();
            let _ = child.wait();
            assert!(
                Instant::now() < until,
                "node {} did not start; its last words: {}",
                self.name,
                self.log()
                    .lines()
                    .rev()
                    .take(5)
                    .collect::<Vec<_>>()
                    .join(" / ")
            );
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// Kills it with SIGKILL, as a machine's loss would (no goodbye to anyone).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// What it wrote to its log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.kill();
    }
}
