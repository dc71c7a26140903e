#!/usr/bin/env bash
# The server's load figures (docs/server.md): simulated players on localhost, two WebSocket
# clients a table, a move at each table every second, against a release `gamut-server` over a
# fresh SQLite database. Reports p50/p99/longest from a move sent to the opponent seeing it,
# and the server's CPU and memory.
#
#   scripts/server-load.sh [TABLES] [SECONDS]     (defaults: 1000 tables, 60 s)
#   GAMUT_DATABASE=postgres://… scripts/server-load.sh …   the server over that (empty)
#                                                          PostgreSQL database instead
set -euo pipefail
cd "$(dirname "$0")/.."
tables="${1:-1000}"
seconds="${2:-60}"
target_dir="${CARGO_TARGET_DIR:-target}"
cargo build --release --locked -p gamut-server --bin gamut-server --example load
# Two sockets a client and a server side for each: more than the usual 1024 files.
ulimit -n "$(( 4 * tables + 256 > 4096 ? 4 * tables + 256 : 4096 ))" 2>/dev/null || ulimit -n 4096 || true
"$target_dir/release/examples/load" --server-bin "$target_dir/release/gamut-server" \
  --tables "$tables" --seconds "$seconds" ${GAMUT_DATABASE:+--database "$GAMUT_DATABASE"}
