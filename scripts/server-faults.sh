#!/usr/bin/env bash
# The server's fault figure (docs/server.md): `gamut-server` killed with SIGKILL in the middle of
# a live and a correspondence game (a move in flight at each) and restarted on its database,
# KILLS times (default 20): every acknowledged move must be there, both players back in their
# seats. The test command runs the same test with 3 kills.
#
#   scripts/server-faults.sh [KILLS]
set -euo pipefail
cd "$(dirname "$0")/.."
GAMUT_KILLS="${1:-20}" cargo test --locked -p gamut-server --test tables \
  a_killed_server_loses_no_acknowledged_move -- --nocapture
