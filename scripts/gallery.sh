#!/usr/bin/env bash
# Takes the README's gallery again: one screenshot per theme and per language (title screen and a
# game), in a virtual display with software Vulkan. Needs a game built with the developer tools (cargo build --release --features dev).
#   scripts/gallery.sh [OUT_DIR]     (default docs/screenshots)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs/screenshots}"
game="${GAMUT_BIN:-${CARGO_TARGET_DIR:-target}/release/gamut}"
[ -x "$game" ] || game="${CARGO_TARGET_DIR:-target}/debug/gamut"
mkdir -p "$out"
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT

shot() { # NAME ARGS...
  local name="$1"; shift
  rm -rf "$data"/*
  WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x800x24" \
    "$game" --data-dir "$data" --screenshot "$out/$name.png" "$@" >/dev/null 2>&1
  echo "$out/$name.png"
}

# Computer against computer for a few moves, so the board is in mid-game.
midgame=(--black ai:3 --white ai:3 --think-time 300 --animation fast --exit-after-frames 45)
shot theme-wood --theme wood --language en "${midgame[@]}"
shot theme-stone --theme stone --language en --game epaminondas "${midgame[@]}"
shot theme-tournament --theme tournament --language en "${midgame[@]}"
shot theme-high-contrast --theme high-contrast --language en "${midgame[@]}"
for lang in en fr it; do
  shot "title-$lang" --language "$lang" --exit-after-frames 12
  shot "game-$lang" --language "$lang" --variant parachute "${midgame[@]}"
done
