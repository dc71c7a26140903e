# The real game in a virtual X display, driven by xdotool: the part the mouse scripts share
# (scripts/mouse-smoke.sh, scripts/small-board-mouse.sh), sourced after they set `game`, `size`,
# `scale` and `limit`. It starts Xvfb and the game (logging the positions of squares and
# buttons), and defines wait_for, where, shot, frames, quiet, move_to, press_at, settled, click
# and fail; the caller sets `window` once the game's window is up.
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

