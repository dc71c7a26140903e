#!/usr/bin/env bash
# The server on more than one machine, on this one (issue #51; the figures in docs/server.md):
# PostgreSQL (a data folder of its own, a loopback port) and nats-server (the same) started
# here, then the release `examples/cluster` driver, which starts nginx as the front and three
# `gamut-server` nodes (n1, n2, n3, `--lease-seconds 3`) relaying through NATS:
#   kills: each node in turn killed with SIGKILL mid-move and started again under its name,
#          KILLS times each; 0 acknowledged moves lost, every player back at its seat, every
#          spectator saw every move in order (the run fails otherwise);
#   load:  TABLES tables, two clients each directly on the nodes (the opponent on another node
#          than the table's owner), a move a second at each table for SECONDS; then the same on
#          one node (at most 9,900 tables there: a process holds 20,000 open files here).
# Everything is stopped at the end (trap). Debian's postgresql, nats-server and nginx:
# scripts/system-packages.sh --test.
#
#   scripts/cluster-test.sh [KILLS] [TABLES] [SECONDS]     (defaults: 10 10000 60)
#   CLUSTER_ONLY=kills|load scripts/cluster-test.sh …      one part only
#   CLUSTER_NODES=1 scripts/cluster-test.sh …              one node instead of three (a server
#                                                          without --nats serves no other way)
set -euo pipefail
cd "$(dirname "$0")/.."
kills="${1:-10}"
tables="${2:-10000}"
seconds="${3:-60}"
only="${CLUSTER_ONLY:-}"
nodes="${CLUSTER_NODES:-3}"
target_dir="${CARGO_TARGET_DIR:-target}"
cargo build --release --locked -p gamut-server --bin gamut-server --example cluster
server="$target_dir/release/gamut-server"
driver="$target_dir/release/examples/cluster"

# Sockets: every client is an open file of a driver's process and of a node's.
ulimit -n "$(ulimit -Hn)"

run="$(mktemp -d /tmp/gamut-cluster.XXXXXX)"
pg_pid="" nats_pid=""
stop() {
  [ -n "$nats_pid" ] && kill "$nats_pid" 2>/dev/null || true
  if [ -n "$pg_pid" ]; then
    as_postgres "$pg_bin/pg_ctl" -D "$run/pg" -m immediate -w stop >/dev/null 2>&1 || kill "$pg_pid" 2>/dev/null || true
  fi
  rm -rf "$run"
}
trap stop EXIT

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# PostgreSQL: Debian's newest, as the `postgres` user when this is root.
pg_bin="${GAMUT_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)}"
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres:postgres "$run"
as_postgres "$pg_bin/initdb" -D "$run/pg" -U postgres --auth=trust -E UTF8 >/dev/null
pg_port="$(free_port)"
as_postgres "$pg_bin/postgres" -D "$run/pg" -p "$pg_port" -k "$run" \
  -c listen_addresses=127.0.0.1 -c max_connections=200 >"$run/postgres.log" 2>&1 &
pg_pid=$!
for _ in $(seq 100); do
  "$pg_bin/pg_isready" -h 127.0.0.1 -p "$pg_port" -q && break
  sleep 0.1
done
database() {
  "$pg_bin/psql" -h 127.0.0.1 -p "$pg_port" -U postgres -q -c "CREATE DATABASE $1"
  echo "postgres://postgres@127.0.0.1:$pg_port/$1"
}

# NATS.
nats_port="$(free_port)"
nats-server -a 127.0.0.1 -p "$nats_port" -l "$run/nats.log" -sd "$run/nats" &
nats_pid=$!
for _ in $(seq 100); do
  (exec 3<>"/dev/tcp/127.0.0.1/$nats_port") 2>/dev/null && break
  sleep 0.1
done
nats="nats://127.0.0.1:$nats_port"
echo "PostgreSQL $("$pg_bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$pg_port," \
  "nats-server $(nats-server --version | awk '{print $2}') on $nats, $(nproc) cores," \
  "$(date -u +%F)"

if [ "$only" != load ]; then
  "$driver" kills --server-bin "$server" --database "$(database kills)" --nats "$nats" \
    --nodes "$nodes" --kills-per-node "$kills"
fi
if [ "$only" != kills ]; then
  workers=$(( (2 * tables + 4999) / 5000 ))
  "$driver" load --server-bin "$server" --database "$(database load3)" --nats "$nats" \
    --nodes "$nodes" --tables "$tables" --seconds "$seconds" --workers "$workers"
  [ "$nodes" = 1 ] && exit 0
  one=$(( tables > 9900 ? 9900 : tables ))
  "$driver" load --server-bin "$server" --database "$(database load1)" --nats "$nats" \
    --nodes 1 --tables "$one" --seconds "$seconds" --workers "$workers"
fi
