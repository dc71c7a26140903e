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
. "$(dirname "$0")/mouse-common.sh"
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
