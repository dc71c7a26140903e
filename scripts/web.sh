#!/usr/bin/env bash
# Builds the game as a web page into dist/web/ and serves it on http://localhost:PORT.
#   ./scripts/web.sh            build, then serve (PORT from $PORT, 8080 by default)
#   ./scripts/web.sh build      build only
#   ./scripts/web.sh serve      serve what was built
# It installs what it needs: the wasm32-unknown-unknown target (rustup), wasm-bindgen-cli at the
# exact version Cargo.lock pins (cargo install, into $GAMUT_TOOLS, ~/.cache/gamut-tools by
# default), and Debian's brotli to compress the page as static hosts serve it (apt-get, when run
# as root; otherwise it prints the command). See docs/web.md (and why not wasm-opt).
# WEB_COMPRESS=gzip compresses with gzip alone (quicker: the tests).
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
# WEB_OUT: where the page goes; WEB_FEATURES: the game's cargo features (`dev` for the page's
# tests: scripts/web-test.py).
out="${WEB_OUT:-dist/web}"
features="${WEB_FEATURES:-}"
port="${PORT:-8080}"
tools="${GAMUT_TOOLS:-$HOME/.cache/gamut-tools}"
target_dir="${CARGO_TARGET_DIR:-target}"

say() { echo "web.sh: $*" >&2; }

need_target() {
  if rustc --print sysroot >/dev/null 2>&1 &&
    [ -d "$(rustc --print sysroot)/lib/rustlib/wasm32-unknown-unknown" ]; then
    return
  fi
  if command -v rustup >/dev/null; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
  else
    say "the wasm32-unknown-unknown target is missing: install it with rustup (rustup target add wasm32-unknown-unknown)"
    exit 1
  fi
}

# The wasm-bindgen version the lock pins: the CLI must be exactly it.
bindgen_version() {
  awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

need_bindgen() {
  local version
  version="$(bindgen_version)"
  export PATH="$tools/bin:$PATH"
  if command -v wasm-bindgen >/dev/null && [ "$(wasm-bindgen --version)" = "wasm-bindgen $version" ]; then
    return
  fi
  say "installing wasm-bindgen-cli $version into $tools (once; a few minutes)"
  # Its own lock first; a registry that lacks one of its locked versions gets the newest
  # versions that fit its requirements instead (the CLI's version is what must match).
  cargo install --locked --root "$tools" --version "$version" wasm-bindgen-cli ||
    cargo install --root "$tools" --version "$version" wasm-bindgen-cli
}

need_brotli() {
  if command -v brotli >/dev/null || [ "${WEB_COMPRESS:-}" = gzip ]; then
    return
  fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing brotli from Debian's packages"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends brotli >/dev/null ||
      { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends brotli >/dev/null; }
  else
    say "brotli is missing: install it with  sudo apt-get install brotli  (or WEB_COMPRESS=gzip)"
    exit 1
  fi
}

build() {
  need_target
  need_bindgen
  need_brotli
  say "building the game for the browser (the first build takes a while)"
  cargo build --locked --profile web --target wasm32-unknown-unknown --bin gamut \
    ${features:+--features "$features"}
  # The engine's worker, a program of its own (crates/worker): the engine alone.
  cargo build --locked --profile web --target wasm32-unknown-unknown -p gamut-worker
  local wasm="$target_dir/wasm32-unknown-unknown/web/gamut.wasm"
  local engine="$target_dir/wasm32-unknown-unknown/web/gamut_worker.wasm"
  rm -rf "$out"
  mkdir -p "$out"
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name gamut "$wasm"
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name engine "$engine"
  page
  # What a static host sends compressed, ready beside each file (and measured: docs/web.md).
  say "compressing"
  for file in "$out"/*.wasm "$out"/*.js "$out"/*.html "$out"/*.webmanifest; do
    gzip -9 -k -f "$file"
    [ "${WEB_COMPRESS:-}" = gzip ] || brotli -q 11 -k -f "$file"
  done
  say "built $out: $(du -sh --exclude='*.gz' --exclude='*.br' "$out" | cut -f1)," \
    "$(cat "$out"/*.gz | wc -c) bytes with gzip" \
    "$( [ "${WEB_COMPRESS:-}" = gzip ] || echo "and $(cat "$out"/*.br | wc -c) with brotli")"
}

# The first 16 hexadecimal digits of a file's SHA-256.
hash_of() { sha256sum "$1" | cut -c1-16; }

# Names the big files by their content (a new build, new names: a browser keeps them a year
# and never asks again, `gamut-server --web` and web-serve.py say so), writes those names into
# the page, its engine's worker and its service worker, and lists the page's files in
# page-files.txt (what the service worker keeps for offline; what tells a built page from the
# sources: src/table/host.rs). See docs/web.md, "Installed, and offline".
# Names a program of wasm-bindgen's ($1: its glue $1.js and its code $1_bg.wasm) by their
# content: $named_wasm, $named_glue. The glue finds the code by a name of its own when given
# none: the new one (the page and the worker give it the name anyway).
named() {
  named_wasm="$1_bg-$(hash_of "$out/$1_bg.wasm").wasm"
  mv "$out/$1_bg.wasm" "$out/$named_wasm"
  grep -q "'$1_bg.wasm'" "$out/$1.js" ||
    { say "wasm-bindgen's $1.js does not name $1_bg.wasm as expected"; exit 1; }
  sed -i "s|'$1_bg.wasm'|'$named_wasm'|" "$out/$1.js"
  named_glue="$1-$(hash_of "$out/$1.js").js"
  mv "$out/$1.js" "$out/$named_glue"
}

page() {
  local wasm_name glue_name engine_wasm_name engine_glue_name audio_name worker_name wasm_bytes
  wasm_bytes=$(stat -c %s "$out/gamut_bg.wasm")
  named gamut; wasm_name=$named_wasm; glue_name=$named_glue
  named engine; engine_wasm_name=$named_wasm; engine_glue_name=$named_glue
  audio_name="audio-$(hash_of web/audio.js).js"
  cp web/audio.js "$out/$audio_name"
  local marks=(-e "s|@GLUE@|$glue_name|g" -e "s|@WASM@|$wasm_name|g"
    -e "s|@ENGINE_GLUE@|$engine_glue_name|g" -e "s|@ENGINE_WASM@|$engine_wasm_name|g"
    -e "s|@WASM_BYTES@|$wasm_bytes|g" -e "s|@AUDIO@|$audio_name|g")
  # The engine's worker, named by its content too (the page starts it: web/index.html); the
  # plain worker.js, the name the program asks for, beside it.
  sed "${marks[@]}" web/worker.js > "$out/worker.js"
  worker_name="worker-$(hash_of "$out/worker.js").js"
  cp "$out/worker.js" "$out/$worker_name"
  sed "${marks[@]}" -e "s|@WORKER@|$worker_name|g" web/index.html > "$out/index.html"
  cp web/manifest.webmanifest "$out/"
  cp assets/icons/gamut-64.png "$out/icon.png"
  cp assets/icons/gamut-192.png "$out/icon-192.png"
  cp assets/icons/gamut-512.png "$out/icon-512.png"
  if grep -l "@[A-Z_]*@" "$out/index.html" "$out/worker.js"; then
    say "a mark left unwritten in the files above"
    exit 1
  fi
  # The list, and the build's version: every file's name and content.
  (cd "$out" && ls index.html manifest.webmanifest worker.js icon.png icon-192.png icon-512.png \
    "$glue_name" "$wasm_name" "$engine_glue_name" "$engine_wasm_name" "$audio_name" \
    "$worker_name") > "$out/page-files.txt"
  local version files
  version=$(cd "$out" && sha256sum $(cat page-files.txt) | sha256sum | cut -c1-16)
  files=$(tr '\n' ' ' < "$out/page-files.txt" | sed 's/ $//')
  sed -e "s|@VERSION@|$version|" -e "s|@FILES@|$files|" web/sw.js > "$out/sw.js"
  say "the page's version $version: $(tr '\n' ' ' < "$out/page-files.txt")"
}

serve() {
  [ -f "$out/index.html" ] || { say "nothing built in $out: run ./scripts/web.sh build"; exit 1; }
  say "serving $out on http://localhost:$port (Ctrl-C stops)"
  exec python3 scripts/web-serve.py "$out" "$port"
}

case "$what" in
  build) build ;;
  serve) serve ;;
  all) build; serve ;;
  *) say "unknown command $what (build, serve, or nothing for both)"; exit 2 ;;
esac
