//! A real PostgreSQL server for the tests, started by the test itself: Debian's `postgresql`
//! package (scripts/system-packages.sh --test installs it), a data folder of its own in a
//! temporary folder, a loopback port of its own, stopped when dropped. As root (the CI) it runs
//! as the `postgres` user (`runuser`), as PostgreSQL asks.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A PostgreSQL server running for a test.
pub struct Postgres {
    dir: tempfile::TempDir,
    bin: PathBuf,
    port: u16,
    server: Child,
    databases: AtomicUsize,
}

/// The folder of PostgreSQL's programs: `GAMUT_PG_BIN`, else the newest of Debian's
/// /usr/lib/postgresql/*/bin.
pub fn bin_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("GAMUT_PG_BIN") {
        return PathBuf::from(dir);
    }
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = entry.path().join("bin");
            bin.join("postgres").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin).expect(
        "PostgreSQL is not installed: run scripts/system-packages.sh --test (Debian's postgresql)",
    )
}

/// Whether this process runs as root (then PostgreSQL runs as the `postgres` user).
fn root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.starts_with(b"0\n"))
}

/// `program` with `args`, as the `postgres` user when this is root.
fn as_postgres(program: &Path) -> Command {
    if root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

/// A free port of the loopback address (free when asked).
pub fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

impl Postgres {
    /// A new server: its data folder made (`initdb`, trust on loopback), started, and ready.
    pub fn start() -> Postgres {
        let bin = bin_dir();
        // As root, in /tmp: the `postgres` user must reach it (TMPDIR may be root's own).
        let dir = match root() {
            true => tempfile::tempdir_in("/tmp").unwrap(),
            false => tempfile::tempdir().unwrap(),
        };
        if root() {
            let status = Command::new("chown")
                .arg("postgres:postgres")
                .arg(dir.path())
                .status()
                .unwrap();
            assert!(status.success(), "chown the data folder to postgres");
        }
        let data = dir.path().join("data");
        let init = as_postgres(&bin.join("initdb"))
            .args(["-D"])
            .arg(&data)
            .args(["-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"])
            .stdout(Stdio::null())
            .output()
            .unwrap();
        assert!(
            init.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&init.stderr)
        );
        let port = free_port();
        let server = as_postgres(&bin.join("postgres"))
            .arg("-D")
            .arg(&data)
            .args(["-p", &port.to_string(), "-k"])
            .arg(dir.path())
            .args(["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"])
            .args(["-c", "synchronous_commit=off", "-c", "full_page_writes=off"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let postgres = Postgres {
            dir,
            bin,
            port,
            server,
            databases: AtomicUsize::new(0),
        };
        postgres.wait_ready();
        postgres
    }

    /// Waits until the server takes connections.
    fn wait_ready(&self) {
        let until = Instant::now() + Duration::from_secs(30);
        while Instant::now() < until {
            let ready = Command::new(self.bin.join("pg_isready"))
                .args(["-h", "127.0.0.1", "-p", &self.port.to_string(), "-q"])
                .status()
                .is_ok_and(|s| s.success());
            if ready {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("PostgreSQL did not start on port {}", self.port);
    }

    /// A new empty database of this server, its URL.
    pub fn database(&self) -> String {
        let n = self.databases.fetch_add(1, Ordering::SeqCst);
        let name = format!("gamut_{n}");
        let made = Command::new(self.bin.join("psql"))
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
            ])
            .args(["-q", "-c", &format!("CREATE DATABASE {name}")])
            .output()
            .unwrap();
        assert!(
            made.status.success(),
            "CREATE DATABASE: {}",
            String::from_utf8_lossy(&made.stderr)
        );
        self.url(&name)
    }

    /// The URL of the database `name`.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.dir.path().join("data");
        let _ = as_postgres(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(&data)
            .args(["-m", "immediate", "-w", "stop"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}
