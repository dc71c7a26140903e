#!/usr/bin/env bash
# Checks the packages scripts/package.sh made: every file the .deb and the archive must hold (the
# built page for phones among them), the
# .deb's control fields, the menu entry and the icons; then unpacks each, runs gamut --version
# and gamut-engine --version from it, and starts the unpacked game in a virtual X display (no
# drawing: --skip-rendering), which must find its assets in the unpacked layout (not in the
# source tree), open its window named gamut with the 64 px icon (checked with xprop, from
# x11-utils, when it is installed), and run a few seconds without an asset error. Exits 1 at the
# first thing wrong, saying what.
#   scripts/package-check.sh [DIST-DIR]      (dist/ by default)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
dist=$(cd "${1:-$repo/dist}" && pwd)
cd "$repo"
for tool in dpkg-deb tar Xvfb xdotool python3; do
  command -v "$tool" >/dev/null || { echo "package check: $tool is missing (scripts/system-packages.sh --test)" >&2; exit 1; }
done
version=$(cargo metadata --no-deps --format-version 1 --locked | python3 -c '
import json, sys
print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "gamut"))')
deb="$dist/gamut_${version}-1_amd64.deb"
tarball="$dist/gamut-${version}-linux-x86_64.tar.gz"

work=$(mktemp -d /tmp/gamut-package-check.XXXXXX)
xvfb=
game_pid=
finish() {
  [ -n "$game_pid" ] && kill "$game_pid" 2>/dev/null
  [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$work"
}
trap finish EXIT
fail() {
  echo "package check FAILED: $*" >&2
  exit 1
}
for file in "$deb" "$tarball"; do
  [ -s "$file" ] || fail "no $file (scripts/package.sh makes it)"
done

# The page's files, from the list the .deb's page holds (scripts/web.sh writes it): it must name
# the page, the program and its glue (named by their content), the engine's worker and its own
# program and glue, the manifest and its icons; every file it names must be in both packages.
page_list=$(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/gamut/web/page-files.txt) ||
  fail "no /usr/share/gamut/web/page-files.txt in $deb"
for pattern in '^index\.html$' '^manifest\.webmanifest$' '^worker\.js$' '^icon-192\.png$' \
  '^icon-512\.png$' '^gamut-[0-9a-f]{16}\.js$' '^gamut_bg-[0-9a-f]{16}\.wasm$' \
  '^engine-[0-9a-f]{16}\.js$' '^engine_bg-[0-9a-f]{16}\.wasm$'; do
  grep -Eq "$pattern" <<< "$page_list" || fail "the page's list names no $pattern: $page_list"
done
page_files() { echo "$page_list"; }

# Every file that must be in a layout, relative to its root ($1: the listing, one path a line;
# $2: where the assets are in it; $3: the layout's name).
expect_files() {
  local listing=$1 assets=$2 name=$3 path
  while read -r path; do
    grep -qxF "$path" "$listing" || fail "$name: no $path"
  done
  # Every asset of the source tree, and nothing else under assets/.
  (cd assets && find . -type f | sed "s|^\./|$assets/|" | LC_ALL=C sort) > "$work/want-assets"
  grep "^$assets/" "$listing" | grep -v '/$' | LC_ALL=C sort > "$work/have-assets" || true
  diff -u "$work/want-assets" "$work/have-assets" >&2 || fail "$name: the assets differ from assets/ (above: - missing, + extra)"
}

echo "== $deb: control fields"
dpkg-deb -I "$deb" > "$work/info" || fail "dpkg-deb -I cannot read $deb"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = gamut ] || fail "Package: $(field Package)"
[ "$(field Version)" = "${version}-1" ] || fail "Version: $(field Version), Cargo.toml says $version"
[ "$(field Architecture)" = amd64 ] || fail "Architecture: $(field Architecture)"
[ "$(field Section)" = games ] || fail "Section: $(field Section)"
[[ "$(field Installed-Size)" =~ ^[0-9]+$ ]] || fail "Installed-Size: $(field Installed-Size)"
[ -n "$(field Maintainer)" ] && [ -n "$(field Description)" ] || fail "no Maintainer or Description"
for lib in libc6 libasound2 libudev1 libx11-6 libxkbcommon0 libwayland-client0 libvulkan1; do
  field Depends | grep -q "\b$lib\b" || fail "Depends has no $lib: $(field Depends)"
done
# The game is linked with packed relative relocations (build.rs): glibc 2.36's loader at least.
glibc_floor=$(field Depends | sed -n 's/.*libc6 (>= \([0-9.]*\)).*/\1/p')
[ "$(printf '%s\n2.36\n' "$glibc_floor" | sort -V | head -1)" = 2.36 ] ||
  fail "Depends asks for libc6 >= $glibc_floor, the game needs glibc 2.36"
field Recommends | grep -c mesa-vulkan-drivers >/dev/null || fail "Recommends has no mesa-vulkan-drivers"

echo "== $deb: files"
dpkg-deb -c "$deb" > "$work/deb-listing" || fail "dpkg-deb -c cannot list $deb"
awk '{print $6}' "$work/deb-listing" | sed 's|^\./|/|' > "$work/deb-files"
for program in gamut gamut-engine; do
  grep -q "^-rwxr-xr-x root/root .* \./usr/bin/$program\$" "$work/deb-listing" \
    || fail "/usr/bin/$program is not an executable owned by root"
done
{
  echo /usr/bin/gamut
  echo /usr/bin/gamut-engine
  echo /usr/share/applications/gamut.desktop
  for size in 16 32 48 64 128 256 512; do echo "/usr/share/icons/hicolor/${size}x${size}/apps/gamut.png"; done
  echo /usr/share/icons/hicolor/scalable/apps/gamut.svg
  for doc in copyright LICENSE-MIT LICENSE-APACHE assets-LICENSES.md third-party-licenses.txt.gz; do
    echo "/usr/share/doc/gamut/$doc"
  done
  for page in sw.js page-files.txt $(page_files); do echo "/usr/share/gamut/web/$page"; done
} | expect_files "$work/deb-files" /usr/share/gamut/assets .deb

echo "== $tarball: files"
tar -tzf "$tarball" > "$work/tar-files" || fail "tar cannot read $tarball"
top="gamut-$version"
grep -v "^$top/" "$work/tar-files" && fail "files outside $top/ (above)"
for file in gamut gamut-engine gamut.desktop gamut.png gamut.svg README.txt LICENSE-MIT LICENSE-APACHE \
  THIRD-PARTY-LICENSES.txt web/sw.js web/page-files.txt $(page_files | sed 's|^|web/|'); do
  echo "$top/$file"
done | expect_files "$work/tar-files" "$top/assets" archive

echo "== unpacking both"
mkdir -p "$work/deb" "$work/tar"
dpkg-deb -x "$deb" "$work/deb"
tar -xzf "$tarball" -C "$work/tar"
deb_bin="$work/deb/usr/bin"
tar_bin="$work/tar/$top"
for bin in "$deb_bin" "$tar_bin"; do
  [ "$("$bin/gamut" --version)" = "gamut $version" ] || fail "$bin/gamut --version says: $("$bin/gamut" --version)"
  [ "$("$bin/gamut-engine" --version)" = "gamut-engine $version" ] || fail "$bin/gamut-engine --version says: $("$bin/gamut-engine" --version)"
  echo "$bin: $("$bin/gamut" --version), $("$bin/gamut-engine" --version)"
  if command -v file >/dev/null && file "$bin/gamut" | grep -q "not stripped"; then fail "$bin/gamut is not stripped"; fi
done

# The menu entry, with desktop-file-validate when it is installed (desktop-file-utils).
for entry in "$work/deb/usr/share/applications/gamut.desktop" "$tar_bin/gamut.desktop"; do
  for key in Type=Application Name=Gamut Exec=gamut Icon=gamut Categories=Game\;BoardGame\; StartupWMClass=gamut; do
    grep -qxF "$key" "$entry" || fail "$entry has no line $key"
  done
  if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$entry" || fail "desktop-file-validate: $entry"
  fi
done
# Each PNG is the size its folder says.
python3 - "$work/deb/usr/share/icons/hicolor" "$tar_bin/gamut.png" <<'PY' || fail "an icon is not a PNG of its size (above)"
import os, struct, sys
def size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path}: not a PNG"
    return struct.unpack(">II", head[16:24])
hicolor, archive_icon = sys.argv[1], sys.argv[2]
for n in (16, 32, 48, 64, 128, 256, 512):
    path = os.path.join(hicolor, f"{n}x{n}", "apps", "gamut.png")
    assert size(path) == (n, n), f"{path}: {size(path)}"
assert size(archive_icon) == (256, 256), f"{archive_icon}: {size(archive_icon)}"
PY
zcat "$work/deb/usr/share/doc/gamut/third-party-licenses.txt.gz" > "$work/third-party"
grep -q "^bevy 0\." "$work/third-party" || fail "third-party-licenses.txt.gz does not list bevy"

# A virtual X display for the two runs.
exec 3>"$work/display"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb=$!
exec 3>&-
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.2; done
[ -s "$work/display" ] || fail "Xvfb did not start: $(cat "$work/xvfb.log")"
export DISPLAY=":$(cat "$work/display")"

# Starts $1/gamut (no drawing) and checks it: the assets from $2, the window named gamut with the
# game's icon, still running after a few seconds, no error of Bevy's assets and no warning of the
# game's own in its log.
run_game() {
  local bin=$1 want_assets=$2 name=$3 log="$work/$3.log" window
  echo "== the game from the unpacked $name ($bin/gamut)"
  # Neither variable may point the game at the source tree.
  env -u BEVY_ASSET_ROOT -u CARGO_MANIFEST_DIR WGPU_BACKEND=vulkan \
    "$bin/gamut" --data-dir "$work/data-$name" --skip-rendering >"$log" 2>&1 &
  game_pid=$!
  window=$(timeout 120 xdotool search --sync --onlyvisible --class '^gamut$' 2>/dev/null | head -1) || true
  if [ -z "$window" ]; then
    tail -20 "$log" >&2
    fail "$name: no window with WM_CLASS gamut within 120 s (the game's last lines above)"
  fi
  sleep 5
  kill -0 "$game_pid" 2>/dev/null || { tail -20 "$log" >&2; fail "$name: the game stopped (its last lines above)"; }
  local found
  found=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | sed -n 's/.* assets: //p' | sed -n '1p')
  [ "$found" = "$want_assets" ] || fail "$name: the game took its assets from '$found', not $want_assets"
  local icon="icon not checked: xprop is missing (x11-utils)" wm_class="WM_CLASS gamut"
  if command -v xprop >/dev/null; then
    wm_class=$(xprop -id "$window" WM_CLASS)
    # sed reads xprop's whole dump of the icon: `head` would close the pipe early, and xprop's
    # SIGPIPE fail the pipeline now and then.
    icon=$(xprop -id "$window" _NET_WM_ICON | sed -n '1,2p' | tr -s '\t\n' '  ')
    [[ "$wm_class" == *'"gamut"'* ]] || fail "$name: the window's $wm_class"
    [[ "$icon" == *"Icon (64 x 64)"* ]] || fail "$name: the window's icon: ${icon:-none}"
    icon="icon 64x64"
  fi
  if sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E "(ERROR|WARN) +(bevy_asset|gamut)|Path not found"; then
    fail "$name: an asset error or the game's own warning in its log (above)"
  fi
  kill "$game_pid"
  wait "$game_pid" 2>/dev/null || true
  game_pid=
  echo "$name: assets from $found; window $window: $wm_class, $icon"
}
run_game "$deb_bin" "$work/deb/usr/share/gamut/assets" deb
run_game "$tar_bin" "$tar_bin/assets" archive
echo "package check passed: $(basename "$deb"), $(basename "$tarball")"
