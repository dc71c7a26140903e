#!/usr/bin/env bash
# Takes the gallery of docs/gallery.md again: one screenshot per theme and per language (title
# screen and a game), in a virtual display with software Vulkan. Needs a game built with the
# developer tools (cargo build --release --features dev).
#   scripts/gallery.sh [OUT_DIR]                (default docs/screenshots)
#   scripts/gallery.sh --compress FILE.png...   (compress pictures taken otherwise, e.g. by
#                                                scripts/mouse-game.py --shots, before they go
#                                                into docs/screenshots)
#
# Every picture is made the size the docs use: at most 960 pixels wide (ImageMagick's convert,
# Lanczos) and quantised to a palette with pngquant (--quality 70-90, visually lossless); the
# name and the .png format stay. A missing tool is said once and that step is skipped, leaving
# the PNG as it is. The whole of docs/ must stay under 6 MB (about 110 KB a picture).
# Tools: apt-get install pngquant imagemagick
set -euo pipefail
cd "$(dirname "$0")/.."

width=960
quality=70-90

have_convert=yes
have_pngquant=yes
command -v convert >/dev/null 2>&1 || {
  have_convert=no
  echo "gallery: ImageMagick's convert is missing (apt-get install imagemagick): pictures keep their size" >&2
}
command -v pngquant >/dev/null 2>&1 || {
  have_pngquant=no
  echo "gallery: pngquant is missing (apt-get install pngquant): pictures are left uncompressed" >&2
}

compress() { # FILE.png
  local file="$1"
  if [ "$have_convert" = yes ]; then
    convert "$file" -filter Lanczos -resize "${width}x>" "$file" ||
      echo "gallery: could not resize $file; left as it is" >&2
  fi
  if [ "$have_pngquant" = yes ]; then
    # 98: the result would be larger, 99: below the quality floor; both leave the file as it is.
    local status=0
    pngquant --quality "$quality" --speed 1 --strip --skip-if-larger --force \
      --output "$file" "$file" || status=$?
    case "$status" in
      0 | 98 | 99) ;;
      *) echo "gallery: pngquant failed on $file (status $status); left as it is" >&2 ;;
    esac
  fi
}

if [ "${1:-}" = "--compress" ]; then
  shift
  for file in "$@"; do
    compress "$file"
    echo "$file"
  done
  exit 0
fi

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
  compress "$out/$name.png"
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
