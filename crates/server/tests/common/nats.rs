//! A real NATS server for the tests, started by the test itself: Debian's `nats-server`
//! (scripts/system-packages.sh --test installs it), on a loopback port of its own, stopped when
//! dropped.

#![allow(dead_code)]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A NATS server running for a test.
pub struct Nats {
    server: Child,
    port: u16,
}

impl Nats {
    /// Starts one on a free loopback port and waits until it takes connections.
    pub fn start() -> Nats {
        let port = super::postgres::free_port();
        let server = Command::new("nats-server")
            .args(["-a", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server is not installed: run scripts/system-packages.sh --test");
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "nats-server did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Nats { server, port }
    }

    /// Its address for the nodes (`--nats`).
    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}
