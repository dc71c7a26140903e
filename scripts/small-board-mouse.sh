#!/usr/bin/env bash
# A whole game on a small Lines of Action board in the real window, by mouse: the title's
# "Against the computer", New Game's board (6 × 6 or 7 × 7), Start, then every one of Black's
# moves clicked (from-square, to-square) until the game ends; Black's moves are chosen by
# gamut-engine at level 6. Screenshots at the start, mid-game and the end with
# MOUSE_SMOKE_SHOTS=DIR.
#   scripts/small-board-mouse.sh PATH-TO-GAMUT PATH-TO-GAMUT-ENGINE 6x6|7x7 [WIDTHxHEIGHT]
set -euo pipefail
game=$(readlink -f "${1:?usage: scripts/small-board-mouse.sh GAMUT GAMUT-ENGINE 6x6|7x7}")
engine=$(readlink -f "${2:?the engine}")
board=${3:-6x6}
size=${4:-1280x800}
scale=1.0
limit=${MOUSE_SMOKE_WAIT:-240}
cd "$(dirname "$0")/.."
for tool in Xvfb xdotool; do
  command -v "$tool" >/dev/null || { echo "mouse smoke test: $tool is missing (scripts/system-packages.sh --test)"; exit 1; }
done

work=$(mktemp -d /tmp/gamut-mouse.XXXXXX)
log=$work/game.log
exec 3>"$work/display"
Xvfb -displayfd 3 -screen 0 "${size}x24" -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
exec 3>&-
game_pid=
finish() {
  [ -n "$game_pid" ] && kill "$game_pid" 2>/dev/null
  kill "$xvfb" 2>/dev/null
  wait 2>/dev/null
}
trap finish EXIT
trap "exit 1" TERM
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.2; done
export DISPLAY=":$(cat "$work/display")"
width=${size%x*}; height=${size#*x}

# The game's window fills the virtual screen (a remembered window size, as after a resize).
mkdir -p "$work/data"
printf '{"window": {"width": %s, "height": %s, "fullscreen": false}}\n' "$width" "$height" \
  >"$work/data/settings.json"
WGPU_BACKEND=vulkan "$game" --data-dir "$work/data" --language en --animation instant \
  --ui-scale "$scale" --log-positions >"$log" 2>&1 &
game_pid=$!

fail() {
  {
    echo "mouse smoke test FAILED: $1"
    echo "--- the game's last lines:"
    grep -v " at [0-9-]* [0-9-]*$\|frame [0-9]*\( rests\)\?$" "$log" | tail -15 | sed 's/\x1b\[[0-9;]*m//g'
  } >&2
  kill -TERM $$ 2>/dev/null
  exit 1
}

# Waits until the game's log has a line matching $1 (at most $limit seconds).
wait_for() {
  local waited=0
  until grep -q "$1" "$log"; do
    kill -0 "$game_pid" 2>/dev/null || fail "the game exited while waiting for: $2"
    [ "$waited" -ge "$limit" ] && fail "no $2 within $limit s"
    sleep 1; waited=$((waited + 1))
  done
}

# The last logged position of a square or button: "X Y".
where() {
  grep "$1 $2 at " "$log" | tail -1 | sed 's/\x1b\[[0-9;]*m//g' | awk '{print $(NF-1), $NF}'
}

# With MOUSE_SMOKE_SHOTS=DIR, a picture of the screen at each step (ImageMagick's import).
shot() {
  [ -n "${MOUSE_SMOKE_SHOTS:-}" ] || return 0
  mkdir -p "$MOUSE_SMOKE_SHOTS"
  quiet 2
  import -window root -display "$DISPLAY" "$MOUSE_SMOKE_SHOTS/$1.png" || true
}

# The frames the game has drawn (it logs each one, `frame N rests` when it then waits for input).
drawn() { grep -c "frame [0-9]*\( rests\)\?$" "$log"; }
# Whether the game's last frame left it resting: nothing changes until the next input.
resting() { grep "frame [0-9]*\( rests\)\?$" "$log" | tail -1 | grep -q "rests$"; }

# After an input: waits until the game has drawn $1 more frames, or has drawn one and rests
# (the input is handled and nothing moves) — whatever the machine's speed, the game has seen
# what was done.
frames() {
  local now; now=$(drawn)
  local waited=0 count
  until count=$(drawn); [ "$count" -ge $((now + $1)) ] || { [ "$count" -gt "$now" ] && resting; }; do
    [ "$waited" -ge $((limit * 3)) ] && fail "the game drew no frame for $limit s"
    sleep 0.3; waited=$((waited + 1))
  done
}

# Without an input: waits until the game has drawn $1 more frames or rests.
quiet() {
  local now; now=$(drawn)
  local waited=0
  until [ "$(drawn)" -ge $((now + $1)) ] || resting; do
    [ "$waited" -ge $((limit * 3)) ] && fail "the game drew no frame for $limit s"
    sleep 0.3; waited=$((waited + 1))
  done
}

window=
pointer=
# Moves the pointer (a pointer already there sends the game nothing: it only settles).
move_to() {
  xdotool mousemove --window "$window" $1 $2
  if [ "$pointer" = "$1 $2" ]; then quiet 2; else frames 2; fi
  pointer="$1 $2"
}
press_at() {
  move_to $1 $2
  xdotool mousedown 1; frames 2
}
# Waits until $1 $2 has been logged, then until it stays put for three frames or the game rests
# (a new dialog is laid out over its first frames): its settled position.
settled() {
  wait_for "$1 $2 at " "$1 $2 on screen"
  local at now
  at=$(where "$1" "$2")
  while quiet 3; now=$(where "$1" "$2"); [ "$now" != "$at" ]; do at=$now; done
  echo "$at"
}
click() {
  local at; at=$(settled "$1" "$2") || exit 1
  echo "click $1 $2 at $at"
  press_at $at
  xdotool mouseup 1; frames 2
}

wait_for "button title/hot-seat at " "title screen"
window=$(xdotool search --name Gamut | sed -n 1p)
[ -n "$window" ] || fail "no window named Gamut"
echo "window $window, ${width}x${height}, UI scale $scale"
settled button title/hot-seat >/dev/null

# The moves played so far, in engine notation, from the game's log.
played() {
  sed 's/\x1b\[[0-9;]*m//g' "$log" | { grep -o " played [a-h][1-8][a-h][1-8]$" || true; } \
    | awk '{print $2}' | tr '\n' ' '
}
game_over() { sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -q "status: GameOver"; }
# Black's next move, by the engine at level 6 from the moves so far ("(none)": the game is over).
choose() {
  sed 's/\x1b\[[0-9;]*m//g' "$log" | grep "status: GameOver" | tail -1
printf 'uci\nsetoption name Board value %s\nsetoption name Level value 6\nposition startpos moves %s\ngo movetime 300\n' \
    "$board" "$(played)" | timeout 30 "$engine" | grep -m1 '^bestmove' | awk '{print $2}'
}

wait_for "button title/against-computer at " "title screen"
window=$(xdotool search --name Gamut | sed -n 1p)
[ -n "$window" ] || fail "no window named Gamut"
shot 1-title
click button title/against-computer
click button "new-game/loa-board/$board"
shot 2-new-game
click button new-game/start
plies=0
while ! game_over; do
  n=$(played | wc -w)
  if [ $((n % 2)) -eq 1 ]; then
    # The computer (White) is to move.
    quiet 5
    continue
  fi
  mv=$(choose)
  if [ "$mv" = "(none)" ]; then
    wait_for "status: GameOver" "the game's end said"
    break
  fi
  echo "$mv" | grep -qx "[a-h][1-8][a-h][1-8]" || fail "the engine chose '$mv' after: $(played)"
  from=${mv:0:2}; to=${mv:2:2}
  click square "$from"
  click square "$to"
  wait_for " played $mv" "Black's $mv"
  plies=$((n + 1))
  [ "$plies" -eq 7 ] && shot 3-mid-game
  [ "$plies" -gt 200 ] && fail "no end after 200 plies"
done
shot 4-end
echo "game over after $(played | wc -w) plies: $(played)"
sed 's/\x1b\[[0-9;]*m//g' "$log" | grep "status: GameOver" | tail -1
printf 'uci\nsetoption name Board value %s\nposition startpos moves %s\ngo movetime 10\n' "$board" "$(played)" \
  | timeout 30 "$engine" | grep "game over"
