#!/usr/bin/env bash
# The real game in a virtual X display (software Vulkan), played with the mouse as a player does:
# xdotool moves the pointer, presses, holds and releases. On the title screen it clicks Hot-seat,
# in the New Game dialog Start, then b1 and b3 (the game must log "played b1-b3"; the board then
# turns to White, the player to move, and a2 is drawn elsewhere), then drags a2
# to c2 (the game must log "played a2-c2"), then goes back to the title with the side panel's
# button and resumes the game from there, and plays Black's next move by two quick clicks whose
# press and release each reach the game within one frame. Where to click comes from the game itself
# (`--log-positions` logs the squares and the main buttons in window pixels), not from numbers
# that break when the framing changes.
#   scripts/mouse-smoke.sh PATH-TO-GAMUT [WIDTHxHEIGHT] [UI-SCALE]
set -euo pipefail
game=$(readlink -f "${1:?usage: scripts/mouse-smoke.sh PATH-TO-GAMUT [WIDTHxHEIGHT] [UI-SCALE]}")
size=${2:-1280x800}
scale=${3:-1.0}
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
shot 1-title
click button title/hot-seat
settled button new-game/start >/dev/null
shot 2-new-game
click button new-game/start
settled square b1 >/dev/null
shot 3-game
click square b1
shot 4-selected
# Where a2 is drawn before the move (the board framed, b1 picked).
a2_before=$(settled square a2)
click square b3
wait_for "played b1-\?b3" "move b1-b3 after clicks on b1 and b3"
echo "b1-b3 played by two clicks"
# Hot-seat: the board turns to White, the player to move (the default setting), so a2 is drawn
# elsewhere; the drag waits for the turn to end (its square settled).
waited=0
until [ "$(where square a2)" != "$a2_before" ]; do
  kill -0 "$game_pid" 2>/dev/null || fail "the game exited while waiting for the board to turn"
  [ "$waited" -ge "$limit" ] && fail "the board did not turn to White after b1-b3 within $limit s"
  sleep 1; waited=$((waited + 1))
done
echo "the board turned to White"

# White drags a2 along rank 2 to c2.
from=$(settled square a2); to=$(settled square c2)
echo "drag a2 ($from) to c2 ($to)"
press_at $from
move_to $(( (${from% *} + ${to% *}) / 2 )) $(( (${from#* } + ${to#* }) / 2 ))
move_to $to
xdotool mouseup 1
wait_for "played a2-\?c2" "move a2-c2 after a drag from a2 to c2"
echo "a2-c2 played by a drag"
shot 5-after-drag

# The panel's Title button leaves the game for the title screen, which offers to resume it.
click button button-title
click button title/resume
wait_for "status: Resumed" "the game resumed from the title"
echo "back to the title and the game resumed"
shot 6-resumed

# A pointer that moves to a square and clicks it between two frames (a quick click on a slow
# machine: here a frame takes a second or more) still acts: Black's next move by two such
# clicks, the first of the moves the game offers. Bevy's picking sends a click to what the
# pointer was over in the frame before (src/input: `click_between_frames`).
quick_click() {
  local at; at=$(settled square "$1") || exit 1
  echo "quick click square $1 at $at (moved, pressed and released in one frame)"
  xdotool mousemove --window "$window" $at mousedown 1 mouseup 1
  pointer="$at"
  frames 2
}
wait_for "black moves " "Black's turn after the resume"
move=$(grep "black moves " "$log" | tail -1 | sed 's/\x1b\[[0-9;]*m//g' | sed 's/.*black moves //' |
  awk '{print $1}')
quick_click "${move%-*}"
quick_click "${move#*-}"
wait_for "played ${move%-*}[-x]\?${move#*-}" "move $move after two quick clicks"
echo "$move played by two clicks, each pressed and released within one frame"
echo "mouse smoke test passed (${size}, UI scale ${scale})"
