#!/usr/bin/env bash
# The long fuzz run: every parser a user or another program can feed — position texts of every
# game and variant, move texts, records, save files, protocol lines and sessions (the engine's,
# `gamut-fuzz`), the game's settings and save files (`tests/hostile_input.rs`) — for
# INPUTS inputs each (default 10 million), release build, at nice 19.
#
#   scripts/fuzz.sh [INPUTS] [SEED]
#
# Prints one line per parser: inputs, share read as valid, time, rate, longest call, largest
# allocation of one input, failures. Any panic, call over 60 s (the machine may be busy) or input allocating over 64 MiB
# fails the run and prints the input (replay one with `gamut-fuzz --target NAME --replay I`).
set -euo pipefail
cd "$(dirname "$0")/.."
inputs="${1:-10000000}"
seed="${2:-1}"
target_dir="${CARGO_TARGET_DIR:-target}"
out="${FUZZ_DIR:-$target_dir/fuzz}"
mkdir -p "$out"
cargo build --release --locked -p gamut-fuzz --bin gamut-fuzz
cp "$target_dir/release/gamut-fuzz" "$out/gamut-fuzz"
start=$(date +%s)
status=0
nice -n 19 "$out/gamut-fuzz" --inputs "$inputs" --seed "$seed" --input-time-limit 60 | tee "$out/engine.txt" || status=1
# The game's readers: the test binary is built, then run alone (cargo would hold the build
# directory's lock while the test runs).
game_test=$(cargo test --release --locked --test hostile_input --no-run 2>&1 |
  sed -n 's/.*Executable.*(\(.*\)).*/\1/p' | tail -1)
cp "$game_test" "$out/hostile_input"
GAMUT_FUZZ_INPUTS="$inputs" nice -n 19 "$out/hostile_input" \
  the_game_s_file_readers_survive_mutated_input --nocapture 2>&1 | tee "$out/game.txt" || status=1
end=$(date +%s)
echo "fuzz: $inputs inputs per parser, seed $seed, $((end - start)) s in all; exit $status"
exit "$status"
