#!/usr/bin/env bash
# Builds Gamut in release mode and starts it; extra arguments go to the game (see --help).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/system-packages.sh
exec cargo run --release --bin gamut -- "$@"
