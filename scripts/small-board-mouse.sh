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
. "$(dirname "$0")/mouse-common.sh"
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
