//! A real NATS server for the tests and the cluster driver, started by them: Debian's
//! `nats-server` package (scripts/system-packages.sh --test installs it), on a free loopback
//! port, its log, pid file and store in a temporary folder of its own, stopped when dropped.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A nats-server running for a test.
pub struct Nats {
    dir: tempfile::TempDir,
    port: u16,
    server: Child,
}

/// The nats-server program: `GAMUT_NATS_SERVER`, else Debian's /usr/sbin/nats-server, else the
/// one on the PATH.
pub fn program() -> PathBuf {
    if let Some(path) = std::env::var_os("GAMUT_NATS_SERVER") {
        return PathBuf::from(path);
    }
    let debian = Path::new("/usr/sbin/nats-server");
    if debian.exists() {
        return debian.to_path_buf();
    }
    PathBuf::from("nats-server")
}

/// A free port of the loopback address (free when asked).
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

impl Nats {
    /// A new server on a free loopback port, ready (its `INFO` line read).
    pub fn start() -> Nats {
        let dir = tempfile::tempdir().unwrap();
        let port = free_port();
        let server = Command::new(program())
            .args(["-a", "127.0.0.1", "-p", &port.to_string()])
            .arg("-l")
            .arg(dir.path().join("nats.log"))
            .arg("-P")
            .arg(dir.path().join("nats.pid"))
            .arg("-sd")
            .arg(dir.path().join("store"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect(
                "nats-server is not installed: run scripts/system-packages.sh --test \
                 (Debian's nats-server)",
            );
        let nats = Nats { dir, port, server };
        nats.wait_ready();
        nats
    }

    /// Waits until the server greets a connection with its `INFO` line.
    fn wait_ready(&self) {
        let until = Instant::now() + Duration::from_secs(30);
        while Instant::now() < until {
            if let Ok(stream) = TcpStream::connect(("127.0.0.1", self.port)) {
                let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
                let mut line = String::new();
                if BufReader::new(stream).read_line(&mut line).is_ok() && line.starts_with("INFO") {
                    return;
                }
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("nats-server did not start on port {}", self.port);
    }

    /// The URL the nodes are given (`--nats`).
    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// Its log (what it said, for a test that failed).
    pub fn log(&self) -> PathBuf {
        self.dir.path().join("nats.log")
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}
