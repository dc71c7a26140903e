#!/usr/bin/env bash
# Makes the game's packages, in dist/:
#   gamut_<version>-1_amd64.deb              a Debian/Ubuntu package: /usr/bin/gamut and
#                                            gamut-engine, /usr/share/gamut/assets, the page for
#                                            phones (/usr/share/gamut/web, served by "Host a
#                                            table"), the menu entry, the icon in the hicolor
#                                            theme, the licences
#   gamut-<version>-linux-x86_64.tar.gz      a portable archive: one folder gamut-<version>/ with
#                                            the programs, assets/, web/ (the page), the icon,
#                                            gamut.desktop, a README.txt and the licences; runs
#                                            from where it is
#
#   scripts/package.sh                  build the release programs, then package them
#   scripts/package.sh --binaries DIR   package DIR/gamut and DIR/gamut-engine as they are (the test
#                                       command packages the build it has already made)
#   scripts/package.sh --out DIR        write the packages to DIR instead of dist/
#   scripts/package.sh --web DIR        the built page to ship (scripts/web.sh build's folder);
#                                       without it the page is built into dist/web first
#   scripts/package.sh --fast           compress little (gzip -1), for the test: xz -6 of a debug
#                                       build takes minutes
#
# The .deb is made with dpkg-deb, which every Debian and Ubuntu machine has, rather than
# cargo-deb (nothing to compile or install). The programs are stripped of their symbols. The
# game finds its assets in either layout (src/desktop/assets.rs). scripts/package-check.sh
# checks what this script makes.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

binaries=""
web=""
out="$repo/dist"
deb_compression=(-Zxz)
gzip_level=-9
while [ $# -gt 0 ]; do
  case "$1" in
    --binaries) binaries=$(cd "${2:?--binaries needs a folder}" && pwd); shift 2 ;;
    --fast) deb_compression=(-Zgzip -z1); gzip_level=-1; shift ;;
    --web) web=$(cd "${2:?--web needs a folder}" && pwd); shift 2 ;;
    --out) mkdir -p "${2:?--out needs a folder}"; out=$(cd "$2" && pwd); shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package.sh: unknown option $1 (see scripts/package.sh --help)" >&2; exit 2 ;;
  esac
done
cd "$repo"
for tool in dpkg-deb strip objdump python3 tar gzip; do
  command -v "$tool" >/dev/null || { echo "package.sh: $tool is missing (Debian/Ubuntu: apt-get install dpkg binutils python3 tar gzip)" >&2; exit 2; }
done

if [ -z "$binaries" ]; then
  echo "== cargo build --release (gamut, gamut-engine)"
  cargo build --release --locked -p gamut -p gamut-engine --bin gamut --bin gamut-engine
  binaries="$(cd "${CARGO_TARGET_DIR:-target}/release" && pwd)"
fi
if [ -z "$web" ]; then
  echo "== the page (scripts/web.sh build)"
  scripts/web.sh build
  web="$repo/dist/web"
fi
# The page a phone opens from "Host a table": the built one (src/table/host.rs, PAGE_FILES):
# index.html and page-files.txt, the list of its files (the program's named by their content).
[ -s "$web/page-files.txt" ] || { echo "package.sh: $web is not a built page (no page-files.txt; scripts/web.sh build makes it)" >&2; exit 2; }
for file in index.html $(cat "$web/page-files.txt"); do
  [ -s "$web/$file" ] || { echo "package.sh: $web is not a built page (no $file; scripts/web.sh build makes it)" >&2; exit 2; }
done
for program in gamut gamut-engine; do
  [ -x "$binaries/$program" ] || { echo "package.sh: no program $binaries/$program" >&2; exit 2; }
done

# The version and the links, from Cargo.toml.
read -r version homepage < <(cargo metadata --no-deps --format-version 1 --locked | python3 -c '
import json, sys
game = next(p for p in json.load(sys.stdin)["packages"] if p["name"] == "gamut")
print(game["version"], game.get("homepage") or game.get("repository") or "-")')
[ -n "$version" ] || { echo "package.sh: no version from cargo metadata" >&2; exit 2; }
arch=amd64
[ "$(uname -m)" = x86_64 ] || { echo "package.sh: makes x86_64 (amd64) packages only, this is $(uname -m)" >&2; exit 2; }
deb="$out/gamut_${version}-1_${arch}.deb"
tarball="$out/gamut-${version}-linux-x86_64.tar.gz"
# Files dated by the last commit, so the same sources give the same archive.
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out" "$work/bin"
echo "== stripping $binaries/gamut and gamut-engine"
for program in gamut gamut-engine; do
  strip --strip-unneeded -o "$work/bin/$program" "$binaries/$program"
  chmod 755 "$work/bin/$program"
done

# The licences of the Rust crates the programs are built from: every package reachable from
# gamut (which depends on gamut-engine) through normal dependencies on x86_64 Linux, as
# `cargo metadata` resolves them (build scripts' and tests' dependencies left out; procedural
# macros, which run while compiling, kept in). Each crate's licence files are copied from its
# sources, identical texts once, with the crates they belong to.
echo "== the licences of the crates compiled in"
cargo metadata --format-version 1 --locked --filter-platform x86_64-unknown-linux-gnu \
  > "$work/metadata.json"
python3 - "$work/metadata.json" > "$work/third-party-licenses.txt" <<'PY'
import hashlib, json, os, sys
with open(sys.argv[1], encoding="utf-8") as fh:
    meta = json.load(fh)
packages = {p["id"]: p for p in meta["packages"]}
nodes = {n["id"]: n for n in meta["resolve"]["nodes"]}
root = next(i for i, p in packages.items() if p["name"] == "gamut" and p["source"] is None)
seen, todo = set(), [root]
while todo:
    node = nodes[todo.pop()]
    if node["id"] in seen:
        continue
    seen.add(node["id"])
    for dep in node["deps"]:
        if any(k["kind"] is None for k in dep["dep_kinds"]):
            todo.append(dep["pkg"])
crates = sorted((packages[i] for i in seen if packages[i]["source"] is not None),
                key=lambda p: (p["name"], p["version"]))
texts = {}
table = []
for p in crates:
    folder = os.path.dirname(p["manifest_path"])
    files = sorted(f for f in os.listdir(folder)
                   if f.upper().startswith(("LICENSE", "LICENCE", "COPYING", "NOTICE", "COPYRIGHT"))
                   and os.path.isfile(os.path.join(folder, f)))
    name = f"{p['name']} {p['version']}"
    table.append(f"{name:<48} {p.get('license') or p.get('license_file') or '(none stated)'}")
    for f in files:
        with open(os.path.join(folder, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read().strip()
        texts.setdefault(hashlib.sha256(text.encode()).hexdigest(), (text, []))[1].append(f"{name} ({f})")
    if not files:
        note = "(The crate ships no licence file; its manifest says: %s.)" % p.get("license")
        texts.setdefault("none:" + name, (note, []))[1].append(name)
print("The Rust crates compiled into gamut and gamut-engine, and their licences")
print("=" * 72)
print()
print(f"{len(crates)} crates from crates.io, as `cargo metadata` resolves the normal dependencies of")
print("gamut and gamut-engine for x86_64 Linux (with the procedural macros used while compiling).")
print("Each crate's source is on crates.io: https://crates.io/crates/NAME/VERSION. Below the")
print("table, the licence files each crate ships, every distinct text once.")
print()
print("\n".join(table))
for text, owners in texts.values():
    print()
    print("-" * 72)
    print("From: " + ", ".join(owners))
    print("-" * 72)
    print(text)
PY

# The menu entry (freedesktop.org Desktop Entry). StartupWMClass is the window's name
# (src/desktop/mod.rs APP_ID), so the desktop shows this entry's icon for the window.
cat > "$work/gamut.desktop" <<'EOF'
[Desktop Entry]
Type=Application
Version=1.4
Name=Gamut
GenericName=Board Game
GenericName[fr]=Jeu de plateau
GenericName[it]=Gioco da tavolo
Comment=Lines of Action and Epaminondas from Sid Sackson's A Gamut of Games
Comment[fr]=Lines of Action et Epaminondas, du livre de Sid Sackson A Gamut of Games
Comment[it]=Lines of Action ed Epaminonda, dal libro di Sid Sackson A Gamut of Games
Exec=gamut
Icon=gamut
Terminal=false
Categories=Game;BoardGame;
Keywords=LOA;Lines of Action;Epaminondas;board game;strategy;Sackson;
StartupWMClass=gamut
EOF

# --- The Debian package -----------------------------------------------------------------------
echo "== $deb"
root="$work/deb"
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/gamut" "$root/usr/share/applications" \
  "$root/usr/share/doc/gamut"
install -m 755 "$work/bin/gamut" "$work/bin/gamut-engine" "$root/usr/bin/"
cp -r assets "$root/usr/share/gamut/assets"
cp -r "$web" "$root/usr/share/gamut/web"
install -m 644 "$work/gamut.desktop" "$root/usr/share/applications/gamut.desktop"
for size in 16 32 48 64 128 256 512; do
  install -D -m 644 "assets/icons/gamut-$size.png" \
    "$root/usr/share/icons/hicolor/${size}x${size}/apps/gamut.png"
done
install -D -m 644 assets/icons/gamut.svg "$root/usr/share/icons/hicolor/scalable/apps/gamut.svg"
doc="$root/usr/share/doc/gamut"
install -m 644 LICENSE-MIT LICENSE-APACHE "$doc/"
install -m 644 assets/LICENSES.md "$doc/assets-LICENSES.md"
gzip -9n < "$work/third-party-licenses.txt" > "$doc/third-party-licenses.txt.gz"
{
  cat <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: gamut
Upstream-Contact: the Gamut developers
Comment: The game's own code, sounds, icon, texts and puzzles (assets-LICENSES.md says how each
 asset was made) are the project's, under MIT OR Apache-2.0, at your option: LICENSE-MIT and
 LICENSE-APACHE in this folder. The programs are built from Rust crates under their own licences:
 third-party-licenses.txt.gz lists them and holds their licence texts.

Files: *
Copyright: the Gamut developers
License: MIT or Apache-2.0

License: MIT
EOF
  tail -n +5 LICENSE-MIT | sed 's/^$/./; s/^/ /'
  cat <<'EOF'

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except
 in compliance with the License. You may obtain a copy of the License at
 http://www.apache.org/licenses/LICENSE-2.0
 .
 On Debian systems, the complete text of the Apache License 2.0 is in
 /usr/share/common-licenses/Apache-2.0; it is also LICENSE-APACHE in this folder.
EOF
} > "$doc/copyright"
chmod 644 "$doc/copyright"

# What the game needs at run time: the libraries the programs link to (libc, libgcc, ALSA,
# udev), and those winit and wgpu open when the game starts (X11 and its cursor, input and XCB
# parts, xkbcommon, Wayland, the Vulkan loader), as named in the program. A Vulkan driver is
# recommended: Mesa's covers Intel, AMD and, in software, any machine. Debian 12 and Ubuntu
# 24.04 name ALSA's library differently, hence the alternative.
glibc=$(objdump -T "$work/bin/gamut" "$work/bin/gamut-engine" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -Vu | tail -1)
# Packed relative relocations (build.rs) need glibc 2.36's loader; they name no symbol's
# version, only GLIBC_ABI_DT_RELR among the versions needed.
# (grep -c reads to the end: grep -q would stop readelf early, and pipefail would call it failed.)
if readelf -V "$work/bin/gamut" | grep -c GLIBC_ABI_DT_RELR >/dev/null; then
  glibc=$(printf '%s\n2.36\n' "$glibc" | sort -V | tail -1)
fi
depends="libc6 (>= $glibc), libgcc-s1, libasound2t64 | libasound2, libudev1, libx11-6, libx11-xcb1, libxcursor1, libxi6, libxcb1, libxkbcommon0, libxkbcommon-x11-0, libwayland-client0, libvulkan1"
installed_kb=$(du -sk --apparent-size --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<EOF
Package: gamut
Version: ${version}-1
Architecture: $arch
Maintainer: the Gamut developers <gamut@invalid>
Installed-Size: $installed_kb
Depends: $depends
Recommends: mesa-vulkan-drivers | vulkan-icd
Section: games
Priority: optional
EOF
[ "$homepage" = - ] || echo "Homepage: $homepage" >> "$root/DEBIAN/control"
cat >> "$root/DEBIAN/control" <<'EOF'
Description: Lines of Action and Epaminondas from Sid Sackson's A Gamut of Games
 Two abstract strategy games for two players on a 3D board: Lines of Action (with
 its variants Scrambled Eggs, Parachute, for four, ambidextrous and boundless)
 and Epaminondas. Play against a friend or the computer at fourteen levels,
 learn the rules in lessons, solve puzzles proven by the engine, review a game
 with its analysis, or watch the computer play itself in the Exhibition. In
 English, French and Italian.
 .
 gamut-engine, the rules and search on the command line, comes with it.
EOF
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums)
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +
find "$root/usr/share" -type f -exec chmod 644 {} +
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
rm -f "$deb"
dpkg-deb --root-owner-group "${deb_compression[@]}" --build "$root" "$deb" >/dev/null

# --- The portable archive ---------------------------------------------------------------------
echo "== $tarball"
top="gamut-$version"
folder="$work/tar/$top"
install -d "$folder"
install -m 755 "$work/bin/gamut" "$work/bin/gamut-engine" "$folder/"
cp -r assets "$folder/assets"
cp -r "$web" "$folder/web"
install -m 644 "$work/gamut.desktop" "$folder/gamut.desktop"
install -m 644 assets/icons/gamut-256.png "$folder/gamut.png"
install -m 644 assets/icons/gamut.svg "$folder/gamut.svg"
install -m 644 LICENSE-MIT LICENSE-APACHE "$folder/"
install -m 644 "$work/third-party-licenses.txt" "$folder/THIRD-PARTY-LICENSES.txt"
more="the README of the game's source tree"
[ "$homepage" = - ] || more="$homepage"
cat > "$folder/README.txt" <<EOF
Gamut $version: Lines of Action and Epaminondas from Sid Sackson's A Gamut of Games
================================================================================

Run
    ./gamut                 the game (./gamut --help: the options)
    ./gamut-engine --help   the rules and search on the command line

Keep the programs, the assets/ and web/ folders together: the game looks for
assets/ beside itself, and "Host a table" serves web/ (the game as a web page)
to the phones that join. It needs a Vulkan driver and the usual desktop libraries; on
Debian or Ubuntu:
    sudo apt-get install libasound2 libudev1 libxkbcommon-x11-0 libxcursor1 \\
        libxi6 libwayland-client0 libvulkan1 mesa-vulkan-drivers
(on Ubuntu 24.04, libasound2t64 instead of libasound2).

In the desktop's menu: copy gamut.desktop to ~/.local/share/applications/,
write this folder's full path to gamut in its Exec= line (Exec=/path/to/gamut),
and copy gamut.png to ~/.local/share/icons/hicolor/256x256/apps/.

Your files: saves and the autosave in ~/.local/share/gamut/, the settings in
~/.config/gamut/settings.json (or the folder given with --data-dir).

Licences: the game is MIT OR Apache-2.0 (LICENSE-MIT, LICENSE-APACHE);
assets/LICENSES.md says how the sounds, icon, texts and puzzles were made;
THIRD-PARTY-LICENSES.txt lists the Rust crates compiled in and their licences.

More: $more
EOF
find "$folder" -type d -exec chmod 755 {} +
rm -f "$tarball"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
  -C "$work/tar" -cf - "$top" | gzip "$gzip_level" -n > "$tarball"

echo "== made"
ls -l "$deb" "$tarball" | awk '{printf "  %s  %.1f MB\n", $NF, $5 / 1048576}'
