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
  local wasm="$target_dir/wasm32-unknown-unknown/web/gamut.wasm"
  rm -rf "$out"
  mkdir -p "$out"
  wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" --out-name gamut "$wasm"
  cp web/index.html web/audio.js web/worker.js "$out/"
  cp assets/icons/gamut-64.png "$out/icon.png" 2>/dev/null || true
  # What a static host sends compressed, ready beside each file (and measured: docs/web.md).
  say "compressing"
  for file in "$out"/*.wasm "$out"/*.js "$out"/*.html; do
    gzip -9 -k -f "$file"
    [ "${WEB_COMPRESS:-}" = gzip ] || brotli -q 11 -k -f "$file"
  done
  say "built $out: $(du -sh --exclude='*.gz' --exclude='*.br' "$out" | cut -f1)," \
    "$(cat "$out"/*.gz | wc -c) bytes with gzip" \
    "$( [ "${WEB_COMPRESS:-}" = gzip ] || echo "and $(cat "$out"/*.br | wc -c) with brotli")"
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
