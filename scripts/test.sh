#!/usr/bin/env bash
# Runs every check: no import circles (between the top-level modules, between the files of a
# folder; the guards are first tested on a made-up circle), formatting, clippy, all tests of the
# workspace, and the real game in a virtual X display (software Vulkan): it must save a non-blank
# screenshot, and a game must be started and played with the mouse (scripts/mouse-smoke.sh); the
# page is built for the browser (scripts/web.sh) and played in headless Chromium by mouse and by
# touch (scripts/web-test.py), and its loading, second visit and offline start
# (scripts/web-offline-test.py), and tables made from the page alone (scripts/web-table-test.py);
# then the packages are made from this build and
# checked: their files, and the game started from each unpacked layout; last, the archive's game
# hosts a table that a phone-sized Chromium joins from the host's own page
# (scripts/host-phone-test.py).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/system-packages.sh --test

echo "== no import circles (instant, before anything is built)"
scripts/test-cycles.sh
python3 scripts/module-cycles.py src crates/engine/src crates/jobs/src crates/net/src crates/server/src crates/share/src crates/unpack/src
python3 scripts/folder-cycles.py src
echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy (the game as shipped, then with the developer tools)"
cargo clippy --workspace --all-targets --locked -- -D warnings
cargo clippy --workspace --all-targets --locked --features gamut/dev -- -D warnings
echo "== cargo test"
cargo test --workspace --locked --features gamut/dev

target_dir="${CARGO_TARGET_DIR:-target}"
echo "== the server against one address that takes all it may (a short run of examples/greedy.rs:"
echo "   honest tables from other addresses play on, a newcomer makes a table; the latency is reported)"
(ulimit -n 4096 2>/dev/null || true
 timeout 600 "$target_dir/debug/examples/greedy" --server-bin "$target_dir/debug/gamut-server" \
   --tables 4 --moves 6)

echo "== the game in a window (Xvfb + lavapipe): screenshot must not be blank"
shot="$target_dir/ci-screenshot.png"
rm -f "$shot"
cargo build --locked --bin gamut --features dev
WGPU_BACKEND=vulkan timeout 600 xvfb-run -a -s "-screen 0 1280x800x24" \
  "$target_dir/debug/gamut" --demo --think-time 200 --screenshot "$shot" --exit-after-frames 40 \
  --screenshot-timeout 540
test -s "$shot"
echo "window test: screenshot saved to $shot"
echo "== no graphics driver (no Vulkan driver found): said in the player's language, on the"
echo "   terminal and in a message box (a stand-in zenity records it), exit code 3, no panic"
nogpu=$(mktemp -d)
printf '#!/bin/sh\nprintf "%%s\\n" "$@" > "%s/box.txt"\n' "$nogpu" > "$nogpu/zenity"
chmod +x "$nogpu/zenity"
code=0
env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG=fr_FR.UTF-8 VK_ICD_FILENAMES="$nogpu/none.json" \
  PATH="$nogpu:$PATH" timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" \
  "$target_dir/debug/gamut" --data-dir "$nogpu/data" > "$nogpu/out.txt" 2>&1 || code=$?
if [ "$code" != 3 ] || grep -q "panicked" "$nogpu/out.txt" ||
  ! grep -q "sudo apt install mesa-vulkan-drivers" "$nogpu/out.txt" ||
  ! grep -q "il lui faut un pilote Vulkan" "$nogpu/out.txt" ||
  ! grep -q "il lui faut un pilote Vulkan" "$nogpu/box.txt"; then
  cat "$nogpu/out.txt" "$nogpu/box.txt" 2>/dev/null || true
  echo "no-driver test failed (exit code $code)"
  exit 1
fi
rm -rf "$nogpu"
echo "== the real game played with the mouse (Xvfb + xdotool): title, New Game, a click move, a drag"
scripts/mouse-smoke.sh "$target_dir/debug/gamut"
echo "== the game's own work per frame, computer against computer (no drawing)"
WGPU_BACKEND=vulkan timeout 600 xvfb-run -a -s "-screen 0 1280x800x24" \
  "$target_dir/debug/gamut" --demo --think-time 200 --skip-rendering --report-frame-times \
  --exit-after-frames 600 | tee "$target_dir/ci-frame-times.txt"
grep -q "^frames: 600," "$target_dir/ci-frame-times.txt"
echo "== the page: the game built for the browser (wasm32, wasm-bindgen; scripts/web.sh)"
WEB_FEATURES=dev WEB_OUT="$target_dir/web-dev" WEB_COMPRESS=gzip scripts/web.sh build
test -s "$target_dir/web-dev/page-files.txt" && test -s "$target_dir/web-dev/sw.js"
(cd "$target_dir/web-dev" && test -s "$(grep -E '^gamut_bg-[0-9a-f]{16}\.wasm$' page-files.txt)")
echo "== the page in Chromium (headless, WebGL2 in software): by mouse at 1280x800, by touch on a phone"
rm -rf "$target_dir/web-test"
timeout 2400 python3 scripts/web-test.py "$target_dir/web-dev" "$target_dir/web-test"
echo "== the page's loading, second visit and offline start (a phone, served by gamut-server --web):"
echo "   no WebGL 2 and a failed download said (Retry), the loading bar on a slow link, a reload that"
echo "   downloads nothing, a new build taken, and with the server gone, a game against the computer"
rm -rf "$target_dir/web-offline-test"
timeout 900 python3 scripts/web-offline-test.py "$target_dir/web-dev" "$target_dir/web-offline-test" \
  "$target_dir/debug/gamut-server"
echo "== tables from the page alone (gamut-server --web, two phone-sized pages by touch): one makes"
echo "   a table, the other opens its link and sits, both play, the first reloads and plays on"
rm -rf "$target_dir/web-table-test"
timeout 1500 python3 scripts/web-table-test.py "$target_dir/web-dev" "$target_dir/web-table-test"
echo "== the packages made from this build (with the page): the .deb and the archive, their files,"
echo "   unpacked and run"
cargo build --locked -p gamut-engine --bin gamut-engine
scripts/package.sh --binaries "$target_dir/debug" --out "$target_dir/ci-packages" --fast \
  --web "$target_dir/web-dev"
scripts/package-check.sh "$target_dir/ci-packages"
echo "== game night through the game's own Host a table: the archive's game hosts in a real window"
echo "   and sits at White by mouse; a phone-sized Chromium opens the host's address, joins by"
echo "   touch and plays; the host is killed mid-game, starts again, and everyone plays on"
night=$(mktemp -d)
tar -xzf "$target_dir"/ci-packages/gamut-*-linux-x86_64.tar.gz -C "$night"
rm -rf "$target_dir/host-phone-test"
timeout 1500 python3 scripts/host-phone-test.py "$night"/gamut-*/gamut "$target_dir/host-phone-test"
rm -rf "$night"
echo "all checks passed"
