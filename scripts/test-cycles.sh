#!/usr/bin/env bash
# The cycle guards tested on a made-up crate: each must pass on a tree without a circle and fail
# (exit 1, naming the circle) once one is added. Run by scripts/test.sh before the guards check
# the real sources, so a guard that stopped seeing circles cannot pass silently.
set -euo pipefail
cd "$(dirname "$0")/.."
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/src/model" "$tree/src/board"
printf 'mod board;\nmod model;\nmod rest;\n' > "$tree/src/lib.rs"
printf 'pub struct Rest;\n' > "$tree/src/rest.rs"
printf 'mod cell;\nmod game;\npub use game::Game;\n' > "$tree/src/model/mod.rs"
printf 'pub struct Cell;\n' > "$tree/src/model/cell.rs"
printf 'use super::cell::Cell;\nuse crate::rest::Rest;\npub struct Game(Cell, Rest);\n' \
  > "$tree/src/model/game.rs"
printf 'mod shapes;\nmod assets;\n' > "$tree/src/board/mod.rs"
printf 'pub struct Mark;\n' > "$tree/src/board/shapes.rs"
printf 'use super::shapes::Mark;\nuse crate::{model::{Game}, rest};\npub struct Assets(Mark);\n' \
  > "$tree/src/board/assets.rs"

# `expect CODE WHAT COMMAND...`: runs the guard, which must exit with CODE and, when it fails,
# name WHAT.
expect() {
  local code=$1 what=$2 got=0 out
  shift 2
  out=$("$@") || got=$?
  if [ "$got" != "$code" ] || ! grep -q -- "$what" <<<"$out"; then
    echo "guard test failed: '$*' exited $got (expected $code) with:"
    echo "$out"
    exit 1
  fi
  echo "$out" | sed 's/^/  /'
}

echo "-- no circle: both guards pass"
expect 0 "0 cycles" python3 scripts/module-cycles.py "$tree/src"
expect 0 "0 cycles" python3 scripts/folder-cycles.py "$tree/src"

echo "-- a circle between top-level modules (model -> board -> model): module-cycles fails"
printf 'use crate::board::Assets;\npub struct Cell;\n' > "$tree/src/model/cell.rs"
expect 1 "cycle: board <-> model" python3 scripts/module-cycles.py "$tree/src"
printf 'pub struct Cell;\n' > "$tree/src/model/cell.rs"

echo "-- a circle between the files of a folder (shapes -> assets -> shapes): folder-cycles fails"
printf 'use super::assets::Assets;\npub struct Mark;\n' > "$tree/src/board/shapes.rs"
expect 1 "board: cycle: assets <-> shapes" python3 scripts/folder-cycles.py "$tree/src"
echo "the cycle guards see circles"
