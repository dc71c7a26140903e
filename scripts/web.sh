#!/usr/bin/env bash
# Builds the game as a web page into dist/web/ and serves it on http://localhost:PORT.
#   ./scripts/web.sh            build, then serve (PORT from $PORT, 8080 by default)
#   ./scripts/web.sh build      build only
#   ./scripts/web.sh serve      serve what was built
# It installs what it needs: the wasm32-unknown-unknown target (rustup), wasm-bindgen-cli at the
# exact version Cargo.lock pins (cargo install, into $GAMUT_TOOLS, ~/.cache/gamut-tools by
# default), and Debian's brotli to compress the page as static hosts serve it (apt-get, when run
# as root; otherwise it prints the command). See docs/web.md (and why not wasm-opt).
# WEB_COMPRESS=gzip compresses the files for hosts with gzip alone (quicker: the tests); the
# program's brotli twin, which the page itself reads over plain http, is made all the same.
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
  if command -v brotli >/dev/null; then
    return
  fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing brotli from Debian's packages"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends brotli >/dev/null ||
      { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends brotli >/dev/null; }
  elif [ "${WEB_COMPRESS:-}" = gzip ]; then
    say "brotli is missing: the page is built without its brotli program (a third more to download over plain http)"
  else
    say "brotli is missing: install it with  sudo apt-get install brotli  (or WEB_COMPRESS=gzip)"
    exit 1
  fi
}

# zopfli writes gzip a browser reads as any other, about 3 % smaller than gzip -9 (the page
# over plain http: docs/web.md); installed from Debian's packages when run as root, gzip -9
# otherwise.
need_zopfli() {
  command -v zopfli >/dev/null && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing zopfli from Debian's packages"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends zopfli >/dev/null ||
      { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends zopfli >/dev/null; } ||
      say "zopfli could not be installed: the .gz files are made with gzip -9"
  fi
}

# A file's gzip twin, $1.gz.
gzip_twin() {
  if command -v zopfli >/dev/null; then
    zopfli --i1 -c "$1" > "$1.gz"
  else
    gzip -9 -k -f "$1"
  fi
}

build() {
  need_target
  need_bindgen
  need_brotli
  need_zopfli
  say "building the game for the browser (the first build takes a while)"
  cargo build --locked --profile web --target wasm32-unknown-unknown --bin gamut \
    ${features:+--features "$features"}
  # The engine's worker, a program of its own (crates/worker): the engine alone; and the
  # brotli decoder the page loads first over plain http (crates/unpack).
  cargo build --locked --profile web --target wasm32-unknown-unknown -p gamut-worker -p gamut-unpack
  local wasm="$target_dir/wasm32-unknown-unknown/web/gamut.wasm"
  local engine="$target_dir/wasm32-unknown-unknown/web/gamut_worker.wasm"
  local unpack="$target_dir/wasm32-unknown-unknown/web/gamut_unpack.wasm"
  rm -rf "$out"
  mkdir -p "$out"
  local program
  for program in "gamut:$wasm" "engine:$engine" "unpack:$unpack"; do
    wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
      --out-dir "$out" --out-name "${program%%:*}" "${program#*:}"
  done
  page
  # What a static host sends compressed, ready beside each file (and measured: docs/web.md).
  say "compressing"
  for file in "$out"/*.wasm "$out"/*.js "$out"/*.html "$out"/*.webmanifest; do
    gzip_twin "$file"
    [ "${WEB_COMPRESS:-}" = gzip ] || [ -e "$file.br" ] || brotli -q 11 -k -f "$file"
  done
  say "built $out: $(du -sh --exclude='*.gz' --exclude='*.br' "$out" | cut -f1)," \
    "$(cat "$out"/*.gz | wc -c) bytes with gzip" \
    "$( [ "${WEB_COMPRESS:-}" = gzip ] || echo "and $(cat "$out"/*.br | wc -c) with brotli")," \
    "the program read by the page over plain http $(cat "$out"/gamut_bg-*.wasm.br 2>/dev/null | wc -c) bytes"
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
  local unpack_wasm_name unpack_glue_name
  wasm_bytes=$(stat -c %s "$out/gamut_bg.wasm")
  named gamut; wasm_name=$named_wasm; glue_name=$named_glue
  named engine; engine_wasm_name=$named_wasm; engine_glue_name=$named_glue
  named unpack; unpack_wasm_name=$named_wasm; unpack_glue_name=$named_glue
  # The program's brotli twin, read by the page itself over plain http (where a browser takes
  # gzip only) with the decoder above: its name and size go into the page. Made with
  # WEB_COMPRESS=gzip too (it is the page's own, not only a host's); none without brotli (the
  # page then takes the gzip twin, as over HTTPS the browser takes the brotli one itself).
  local packed_bytes=0
  if command -v brotli >/dev/null; then
    brotli -q 11 -k -f "$out/$wasm_name"
    packed_bytes=$(stat -c %s "$out/$wasm_name.br")
  fi
  audio_name="audio-$(hash_of web/audio.js).js"
  cp web/audio.js "$out/$audio_name"
  local marks=(-e "s|@GLUE@|$glue_name|g" -e "s|@WASM@|$wasm_name|g"
    -e "s|@ENGINE_GLUE@|$engine_glue_name|g" -e "s|@ENGINE_WASM@|$engine_wasm_name|g"
    -e "s|@WASM_BYTES@|$wasm_bytes|g" -e "s|@AUDIO@|$audio_name|g"
    -e "s|@UNPACK_GLUE@|$unpack_glue_name|g" -e "s|@UNPACK_WASM@|$unpack_wasm_name|g"
    -e "s|@PACKED_BYTES@|$packed_bytes|g")
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
    "$worker_name" "$unpack_glue_name" "$unpack_wasm_name") > "$out/page-files.txt"
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
