#!/usr/bin/env bash
# Soak test: many computer games between engine processes through the match runner, across
# every game, board, variant and rule option and every level, every move refereed by our rules.
# Fails on any crash, hang (a move later than its time + the margin), illegal move or forfeit,
# and on an engine whose resident memory grew beyond its tables during its match.
#
#   scripts/soak.sh [GAMES_PER_MATCH] [MOVETIME_MS]      (defaults: 14 games, 20 ms per move)
#
# 12 rule sets x 6 level pairs = 72 matches; 14 games each = 1,008 games. Runs at nice 19 on a
# copy of the release engine (the shared build directory may change under a long run).
# Logs and a summary go to $SOAK_DIR (default: target/soak).
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-14}"
movetime="${2:-20}"
margin_ms="${SOAK_MARGIN_MS:-500}"
growth_limit_kib="${SOAK_GROWTH_LIMIT_KIB:-8192}"
target_dir="${CARGO_TARGET_DIR:-target}"
out="${SOAK_DIR:-$target_dir/soak}"
mkdir -p "$out"
cargo build --release --locked -p gamut-engine --bin gamut-engine
engine="$out/gamut-engine"
cp "$target_dir/release/gamut-engine" "$engine"

rule_sets=(
  "--game lines-of-action"
  "--game lines-of-action --variant scrambled-eggs"
  "--game lines-of-action --variant parachute"
  "--game lines-of-action --variant four-players"
  "--game lines-of-action --variant ambidextrous"
  "--game lines-of-action --variant boundless"
  "--game lines-of-action --first-player white"
  "--game lines-of-action --simultaneous mover-wins"
  "--game lines-of-action --variant scrambled-eggs --no-repetition"
  "--game epaminondas"
  "--game epaminondas --board small"
  "--game epaminondas --board small --no-anti-symmetry --no-repetition"
)
level_pairs=("1 2" "2 3" "3 4" "4 5" "5 6" "6 6")

summary="$out/summary.txt"
: >"$summary"
start=$(date +%s)
failures=0
match=0
for rules in "${rule_sets[@]}"; do
  for pair in "${level_pairs[@]}"; do
    read -r a b <<<"$pair"
    match=$((match + 1))
    log="$out/match-$match.txt"
    # shellcheck disable=SC2086 # the rule set is a list of words
    if ! nice -n 19 "$engine" match $rules --option Hash=16 --option-a "Level=$a" \
      --option-b "Level=$b" --games "$games" --movetime "$movetime" \
      --timeout-margin "$margin_ms" --seed "$match" >"$log" 2>&1; then
      echo "match $match ($rules, levels $a-$b): the runner failed" | tee -a "$summary"
      failures=$((failures + 1))
      continue
    fi
    played=$(grep -c '^game ' "$log" || true)
    forfeits=$(grep '^Forfeits:' "$log" | awk '{print $2}')
    moves=$(grep -E '^[AB]: [0-9]+ moves' "$log" | awk '{s += $2} END {print s + 0}')
    # Memory lines: "Memory A: start X MiB resident (peak P MiB), end Y MiB resident (peak Q MiB)"
    growth=$(grep '^Memory' "$log" | sed -E 's/.*start ([0-9.]+) MiB.*peak ([0-9.]+) MiB\), end.*peak ([0-9.]+) MiB\)/\1 \3/' |
      awk '{g = ($2 - $1) * 1024; if (g > m) m = g} END {printf "%d", m}')
    peak=$(grep '^Memory' "$log" | sed -E 's/.*end .*peak ([0-9.]+) MiB\)/\1/' | sort -n | tail -1)
    line="match $match: $rules, levels $a-$b: $played games, $moves moves, forfeits $forfeits, peak $peak MiB, growth ${growth} KiB"
    echo "$line" | tee -a "$summary"
    if [ "$played" != "$games" ] || [ "$forfeits" != "none" ] || [ "$growth" -gt "$growth_limit_kib" ] ||
      ! grep -q '^Memory A: start' "$log"; then
      echo "  FAILED (see $log)" | tee -a "$summary"
      failures=$((failures + 1))
    fi
  done
done
end=$(date +%s)
total_games=$(grep -h -c '^game ' "$out"/match-*.txt | awk '{s += $1} END {print s}')
total_moves=$(grep -h -E '^[AB]: [0-9]+ moves' "$out"/match-*.txt | awk '{s += $2} END {print s}')
late=$(grep -h -E '^[AB]: [0-9]+ moves' "$out"/match-*.txt | sed -E 's/.*, ([0-9]+) over.*/\1/' | awk '{s += $1} END {print s}')
longest=$(grep -h -E '^[AB]: [0-9]+ moves' "$out"/match-*.txt | sed -E 's/.*longest ([0-9]+) ms.*/\1/' | sort -n | tail -1)
max_peak=$(grep -h '^Memory' "$out"/match-*.txt | sed -E 's/.*end .*peak ([0-9.]+) MiB\)/\1/' | sort -n | tail -1)
max_growth=$(grep -h '^Memory' "$out"/match-*.txt | sed -E 's/.*start ([0-9.]+) MiB.*peak ([0-9.]+) MiB\), end.*peak ([0-9.]+) MiB\)/\1 \3/' |
  awk '{g = ($2 - $1) * 1024; if (g > m) m = g} END {printf "%d", m}')
{
  echo "total: $match matches, $total_games games, $total_moves moves at $movetime ms per move," \
    "$((end - start)) s; longest move $longest ms, $late moves over $((movetime + 20)) ms;" \
    "largest engine peak $max_peak MiB (Hash 16 MiB), largest growth during a match $max_growth KiB;" \
    "failures $failures"
} | tee -a "$summary"
[ "$failures" -eq 0 ]
