#!/usr/bin/env bash
# The long monkey test: the real game plugins driven by random input (tests/monkey.rs) for
# FRAMES frames per seed, seeds 1..RUNS, release build, at nice 19. A failure names its seed
# and frame; replay it with GAMUT_MONKEY_SEED=N GAMUT_MONKEY_FRAMES=M (and GAMUT_MONKEY_TRACE=1
# to print every action). The computer thinks on its own thread, so a replay follows the same
# input but not always the same timing.
#
#   scripts/monkey.sh [RUNS] [FRAMES]        (defaults: 20 runs of 20,000 frames)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-20}"
frames="${2:-20000}"
target_dir="${CARGO_TARGET_DIR:-target}"
out="${MONKEY_DIR:-$target_dir/monkey}"
mkdir -p "$out"
# The test binary is built, then run alone (cargo would hold the build directory's lock).
binary=$(cargo test --release --locked --test monkey --no-run 2>&1 |
  sed -n 's/.*Executable.*(\(.*\)).*/\1/p' | tail -1)
cp "$binary" "$out/monkey"
start=$(date +%s)
GAMUT_MONKEY_RUNS="$runs" GAMUT_MONKEY_FRAMES="$frames" nice -n 19 "$out/monkey" \
  random_input_never_breaks_the_game --nocapture 2>&1 | tee "$out/monkey.txt"
end=$(date +%s)
moves=$(sed -n 's/.*frames, \([0-9]*\) moves.*/\1/p' "$out/monkey.txt" | awk '{s += $1} END {print s}')
echo "monkey: $runs runs of $frames frames ($((runs * frames)) frames), $moves moves, $((end - start)) s, no failure"
