//! The front address of a cluster for the tests and the cluster driver: Debian's `nginx` as a
//! reverse proxy on one loopback port to the nodes' ports, passing the WebSocket upgrade on,
//! skipping a dead node (`proxy_next_upstream error timeout`, a short connect timeout). Its
//! configuration, pid file, logs and temporary folders are in a temporary folder of its own; it
//! runs in the foreground (`daemon off`) as the current user (as root, its workers as root too)
//! and is stopped when dropped.

#![allow(dead_code)]

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// An nginx running as a cluster's front.
pub struct Front {
    dir: tempfile::TempDir,
    port: u16,
    server: Child,
}

/// The nginx program: `GAMUT_NGINX`, else Debian's /usr/sbin/nginx, else the one on the PATH.
pub fn program() -> PathBuf {
    if let Some(path) = std::env::var_os("GAMUT_NGINX") {
        return PathBuf::from(path);
    }
    let debian = Path::new("/usr/sbin/nginx");
    if debian.exists() {
        return debian.to_path_buf();
    }
    PathBuf::from("nginx")
}

/// Whether this process runs as root (nginx's workers would then drop to `nobody`).
fn root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| out.stdout.starts_with(b"0\n"))
}

/// nginx's configuration: one port in front of `nodes` (their `host:port`).
pub fn config(dir: &Path, port: u16, nodes: &[String]) -> String {
    let d = dir.display();
    let user = if root() { "user root root;\n" } else { "" };
    let servers: String = nodes
        .iter()
        .map(|node| format!("        server {node} max_fails=1 fail_timeout=2s;\n"))
        .collect();
    format!(
        "{user}worker_processes 1;
worker_rlimit_nofile 16384;
daemon off;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{
    worker_connections 8192;
}}
http {{
    access_log off;
    client_body_temp_path {d}/body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    upstream gamut {{
{servers}    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://gamut;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection \"upgrade\";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
            proxy_connect_timeout 1s;
            proxy_next_upstream error timeout;
        }}
    }}
}}
"
    )
}

impl Front {
    /// nginx on a free loopback port in front of `nodes` (`host:port` each), ready.
    pub fn start(nodes: &[String]) -> Front {
        let dir = tempfile::tempdir().unwrap();
        let port = super::nats::free_port();
        let conf = dir.path().join("nginx.conf");
        std::fs::write(&conf, config(dir.path(), port, nodes)).unwrap();
        let server = Command::new(program())
            .arg("-p")
            .arg(dir.path())
            .arg("-e")
            .arg(dir.path().join("error.log"))
            .arg("-c")
            .arg(&conf)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect(
                "nginx is not installed: run scripts/system-packages.sh --test (Debian's nginx)",
            );
        let front = Front { dir, port, server };
        front.wait_ready();
        front
    }

    /// Waits until nginx takes connections on its port.
    fn wait_ready(&self) {
        let until = Instant::now() + Duration::from_secs(30);
        while Instant::now() < until {
            if TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let log = std::fs::read_to_string(self.dir.path().join("error.log")).unwrap_or_default();
        panic!("nginx did not start on port {}: {log}", self.port);
    }

    /// The front address (`host:port`) every client is given.
    pub fn address(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// Its error log.
    pub fn log(&self) -> PathBuf {
        self.dir.path().join("error.log")
    }

    /// Its process id (for a script's clean-up).
    pub fn pid(&self) -> u32 {
        self.server.id()
    }
}

impl Drop for Front {
    /// Stops nginx as it asks (SIGTERM to its master, which stops its workers; a killed master
    /// would leave them running), else kills it after a few seconds.
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.server.id().to_string()])
            .status();
        let until = Instant::now() + Duration::from_secs(10);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.server.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}
