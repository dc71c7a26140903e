#!/usr/bin/env bash
# Crash resistance: a computer-against-computer game is killed (SIGKILL) at a random moment,
# again and again; each restart (`--resume`) must resume a legal game holding every move that
# had been shown before the kill. A move counts as shown once the game has logged it ("Black
# played b1d3"): the log is written after the frame's autosave, and the screen is drawn after
# both. A finished game is followed by a new one.
#
#   scripts/kill-resume.sh [KILLS] [SEED]        (defaults: 20 kills, seed 1)
#
# Needs Xvfb (the game needs a display even without drawing) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
kills="${1:-20}"
seed="${2:-1}"
target_dir="${CARGO_TARGET_DIR:-target}"
out="${KILL_DIR:-$target_dir/kill-resume}"
rm -rf "$out"
mkdir -p "$out/data"
cargo build --release --locked -p gamut --bin gamut
cargo build --release --locked -p gamut-engine --bin gamut-engine
cp "$target_dir/release/gamut" "$out/gamut"
cp "$target_dir/release/gamut-engine" "$out/gamut-engine"
RANDOM=$seed

# One virtual display for every run.
display=":$((90 + RANDOM % 9))"
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb_pid=$!
trap 'kill "$xvfb_pid" 2>/dev/null || true' EXIT
sleep 1
export DISPLAY="$display" WGPU_BACKEND=vulkan RUST_LOG=info

games=(
  "--game lines-of-action --black ai:2 --white ai:3"
  "--game epaminondas --variant small --black ai:3 --white ai:2"
  "--game lines-of-action --variant parachute --black ai:1 --white ai:2"
  "--game lines-of-action --variant boundless --black ai:2 --white ai:1"
)
# What the autosave holds: the number of moves and the moves in engine notation, or "none".
autosave_moves() {
  python3 - "$out/data/autosave.json" <<'PY'
import json, re, sys
try:
    record = json.load(open(sys.argv[1]))["record"]
except FileNotFoundError:
    print("none"); sys.exit()
body = "\n".join(l for l in record.splitlines() if not l.startswith("["))
body = re.sub(r"\{[^}]*\}", " ", body)
words = [w for w in body.split() if not re.fullmatch(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*", w)]
# A Parachute placement may stand apart from its move; the engine writes them together.
moves = []
for w in words:
    if w.startswith("@") and moves:
        moves[-1] += w
    else:
        moves.append(w)
# b1-d3, b1xd3 -> b1d3; a Boundless point keeps its minus: b1-(2,-1) -> b1(2,-1).
print(" ".join(re.sub(r"(?<=[0-9)])[-x:]|\s", "", m) for m in moves))
PY
}

failures=0
resumes=0
shown_total=0
game=0
fresh=true
for i in $(seq 1 "$kills"); do
  log="$out/run-$i.log"
  if $fresh; then
    # shellcheck disable=SC2086 # the game's options are words
    args="--data-dir $out/data ${games[$((game % ${#games[@]}))]} --think-time 150 --animation fast --skip-rendering"
    game=$((game + 1))
    before=""
  else
    args="--data-dir $out/data --resume --skip-rendering"
    before=$(autosave_moves)
  fi
  # shellcheck disable=SC2086
  nice -n 10 "$out/gamut" $args >"$log" 2>&1 &
  pid=$!
  wait_ms=$((3000 + RANDOM % 9000))
  sleep "$(printf '%d.%03d' $((wait_ms / 1000)) $((wait_ms % 1000)))"
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  shown=$(sed -n 's/.* played \([^ ]*\)$/\1/p' "$log" | tr '\n' ' ' | sed 's/ $//')
  saved=$(autosave_moves)
  problem=""
  if ! $fresh && ! grep -q "status: Resumed" "$log"; then
    problem="the game did not resume"
  fi
  expected="$before${before:+${shown:+ }}$shown"
  if [ "$saved" = "none" ]; then
    [ -z "$shown" ] || problem="moves were shown but there is no autosave"
  else
    case "$saved" in
      "$expected" | "$expected "*) ;; # every shown move, perhaps one more in flight
      *) problem="the autosave lacks shown moves: shown '$expected', saved '$saved'" ;;
    esac
    if ! "$out/gamut-engine" record "$out/data/autosave.json" >"$out/record-$i.txt" 2>&1; then
      problem="the autosave is not a legal game: $(cat "$out/record-$i.txt")"
    fi
  fi
  count=$(echo "$shown" | wc -w)
  shown_total=$((shown_total + count))
  $fresh || resumes=$((resumes + 1))
  result=$(sed -n 2p "$out/record-$i.txt" 2>/dev/null || echo "none")
  echo "kill $i after ${wait_ms} ms: $count moves shown in this run, autosave $(echo "$saved" | wc -w) moves, result ${result:-none}${problem:+ — FAILED: $problem}"
  [ -z "$problem" ] || failures=$((failures + 1))
  # Next: resume, unless the game is over (then a new game) or nothing was saved yet.
  if [ "$saved" = "none" ] || [ "${result%% *}" != "*" ]; then fresh=true; else fresh=false; fi
done
echo "kill-resume: $kills kills, $resumes restarts resumed, $shown_total moves shown, failures $failures"
[ "$failures" -eq 0 ]
