#!/usr/bin/env bash
# The server's hostile-input figure (docs/server.md): hostile clients (random bytes, mutated
# messages, other versions, oversized messages, floods, guessed tokens, seats taken, binary
# frames) against a release `gamut-server` while honest tables play; every honest table must
# hold exactly its players' moves, the server must live on, and its log must hold no panic.
#
#   scripts/server-hostile.sh [ATTACKS] [TABLES]    (defaults: 2000 attacks, 20 tables)
set -euo pipefail
cd "$(dirname "$0")/.."
attacks="${1:-2000}"
tables="${2:-20}"
target_dir="${CARGO_TARGET_DIR:-target}"
cargo build --release --locked -p gamut-server --bin gamut-server --example hostile
ulimit -n 4096 2>/dev/null || true
"$target_dir/release/examples/hostile" --server-bin "$target_dir/release/gamut-server" \
  --attacks "$attacks" --tables "$tables"
# Then one address that takes all it may (connections, tables, both seats of each, the engine's
# seats, engine-only tables) while honest tables play from addresses of their own.
cargo build --release --locked -p gamut-server --example greedy
"$target_dir/release/examples/greedy" --server-bin "$target_dir/release/gamut-server"
