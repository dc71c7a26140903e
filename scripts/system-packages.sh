#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Gamut needs, or says exactly what to run.
#   scripts/system-packages.sh          what building and playing need
#   scripts/system-packages.sh --test   also what the window, page and package tests need (Xvfb,
#                                       software Vulkan, xdotool, xprop, desktop-file-validate,
#                                       Chromium and its WebDriver), and PostgreSQL, nats-server
#                                       and nginx, which the server's store and cluster tests
#                                       start themselves (crates/server/tests/stores.rs, cluster.rs)
set -euo pipefail

packages=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev)
if [ "${1:-}" = "--test" ]; then
  packages+=(xvfb xauth mesa-vulkan-drivers xdotool x11-utils desktop-file-utils chromium
    chromium-driver postgresql nats-server nginx)
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "Rust is missing: install it from https://rustup.rs (Rust 1.95 or newer), then run this again." >&2
  exit 1
fi

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "Not a Debian/Ubuntu system: install the equivalents of: ${packages[*]}" >&2
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing system packages: ${missing[*]}"
if [ "$(id -u)" = 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
elif command -v sudo >/dev/null 2>&1; then
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Cannot install packages without root. Run as root:" >&2
  echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi
