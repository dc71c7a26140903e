#!/usr/bin/env bash
# Synthesises every sound effect of the game into assets/sounds/ with SoX. This script is the
# sounds' source: no recording or sample goes into them, and running it again gives the same
# files byte for byte (SoX's -R seeds its noise and the Ogg serial numbers with fixed values).
#
#   scripts/make-sounds.sh            write assets/sounds/*.ogg
#   scripts/make-sounds.sh --check    write them to a temporary folder and compare with the
#                                     committed ones (exit 1 if any differs)
#
# Needs SoX with Ogg Vorbis support (made with SoX 14.4.2 and libvorbis 1.3.7, Debian 12):
#   Debian/Ubuntu: sudo apt-get install sox libsox-fmt-all
#   Fedora:        sudo dnf install sox
#   macOS:         brew install sox
# Another libvorbis version may encode the same sound into different bytes.
set -euo pipefail

if ! command -v sox >/dev/null 2>&1; then
    echo "make-sounds: SoX is not installed." >&2
    echo "  Debian/Ubuntu: sudo apt-get install sox libsox-fmt-all" >&2
    echo "  Fedora: sudo dnf install sox    macOS: brew install sox" >&2
    exit 2
fi
if ! sox -h 2>/dev/null | grep -q 'vorbis'; then
    echo "make-sounds: this SoX cannot write Ogg Vorbis (Debian/Ubuntu: apt-get install libsox-fmt-all)" >&2
    exit 2
fi

repo=$(cd "$(dirname "$0")/.." && pwd)
out="$repo/assets/sounds"
check=false
if [[ "${1:-}" == "--check" ]]; then
    check=true
    out=$(mktemp -d)
fi
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"; if $check; then rm -rf "$out"; fi' EXIT

RATE=44100
# Every SoX call: repeatable, quiet, mono 32-bit intermediate files.
sx() { sox -R -V1 "$@"; }

# partial NAME FREQ SECONDS [WAVE] [DELAY]: one tone dying away exponentially (a struck body),
# starting after DELAY seconds.
partial() {
    local name=$1 freq=$2 len=$3 wave=${4:-sine} delay=${5:-0}
    sx -n -r $RATE -c 1 -b 32 -e floating-point "$work/$name.wav" synth "$len" "$wave" "$freq" \
        fade l 0.002 "$len" "$len" pad "$delay" 0
}

# click NAME SECONDS HIGHPASS [DELAY]: a burst of noise (the contact of wood on wood).
click() {
    local name=$1 len=$2 hp=$3 delay=${4:-0}
    sx -n -r $RATE -c 1 -b 32 -e floating-point "$work/$name.wav" synth "$len" pinknoise \
        fade l 0 "$len" "$len" highpass "$hp" lowpass 9000 pad "$delay" 0
}

# sweep NAME FROM TO SECONDS [DELAY]: a soft falling or rising whistle.
sweep() {
    local name=$1 from=$2 to=$3 len=$4 delay=${5:-0}
    sx -n -r $RATE -c 1 -b 32 -e floating-point "$work/$name.wav" synth "$len" sine "$from-$to" \
        fade q 0.02 "$len" 0.05 pad "$delay" 0
}

# note NAME PITCH SECONDS DELAY: a plucked, bell-like note (SoX's pluck, softened).
note() {
    local name=$1 pitch=$2 len=$3 delay=$4
    sx -n -r $RATE -c 1 -b 32 -e floating-point "$work/$name.wav" synth "$len" pluck "$pitch" \
        fade l 0.005 "$len" "$len" lowpass 5000 pad "$delay" 0
}

# mix OUT PEAK_DB [EFFECTS...] -- PART:VOLUME...: mixes parts, normalises the peak to PEAK_DB
# dBFS and writes assets/sounds/OUT.ogg.
mix() {
    local name=$1 peak=$2
    shift 2
    local effects=()
    while [[ $# -gt 0 && "$1" != "--" ]]; do
        effects+=("$1")
        shift
    done
    shift
    local inputs=()
    for part in "$@"; do
        inputs+=(-v "${part#*:}" "$work/${part%%:*}.wav")
    done
    if [[ ${#inputs[@]} -gt 3 ]]; then
        sx -m "${inputs[@]}" -b 32 -e floating-point "$work/$name-mix.wav"
    else
        sx "${inputs[@]}" -b 32 -e floating-point "$work/$name-mix.wav"
    fi
    sx "$work/$name-mix.wav" -b 32 -e floating-point "$work/$name-fx.wav" \
        ${effects[@]+"${effects[@]}"} norm "$peak"
    # A short fade at the very end, so that no sound stops on a click.
    local length
    length=$(soxi -D "$work/$name-fx.wav")
    sx "$work/$name-fx.wav" -r $RATE -c 1 -C 0 "$out/$name.ogg" fade 0 "$length" 0.01
}

# A wooden piece set down on the board: a dry "tock".
partial move-a 520 0.16
partial move-b 1230 0.09
partial move-c 2650 0.04
click move-n 0.012 1800
mix move -4 -- move-a:1 move-b:0.6 move-c:0.3 move-n:0.5

# A capture: a heavier knock, and the taken piece knocked against the board a moment later.
partial capture-a 240 0.26
partial capture-b 610 0.17
partial capture-c 1420 0.08
click capture-n 0.02 700
partial capture-d 880 0.08 sine 0.07
click capture-m 0.01 2500 0.07
mix capture -2 -- capture-a:1 capture-b:0.7 capture-c:0.4 capture-n:0.6 capture-d:0.35 capture-m:0.3

# Parachute: a piece dropped from above — a short falling whistle, then it lands.
sweep place-s 1500 600 0.13
partial place-a 600 0.14 sine 0.13
partial place-b 1420 0.07 sine 0.13
click place-n 0.01 2000 0.13
mix place -4 -- place-s:0.25 place-a:1 place-b:0.5 place-n:0.4

# An illegal click: a soft, low "nope" of two falling notes.
partial nope-a 233 0.12 triangle
partial nope-b 196 0.16 triangle 0.11
mix illegal -12 lowpass 1200 -- nope-a:1 nope-b:1

# A win: a bright chord rising note by note (C E G C, then a high E).
note win-1 C5 1.2 0
note win-2 E5 1.1 0.09
note win-3 G5 1.0 0.18
note win-4 C6 1.0 0.27
note win-5 E6 0.9 0.36
mix won -3 pad 0 0.2 reverb 30 50 60 -- win-1:1 win-2:1 win-3:1 win-4:1 win-5:0.8

# A loss: a gentle chord falling note by note (A F D, then a low A).
note lose-1 A4 1.3 0
note lose-2 F4 1.3 0.16
note lose-3 D4 1.2 0.32
note lose-4 A3 1.1 0.48
mix lost -6 lowpass 2500 pad 0 0.2 reverb 30 50 60 -- lose-1:0.8 lose-2:0.9 lose-3:1 lose-4:1

# A draw: an open fifth, neither rising nor falling.
note draw-1 D4 1.0 0
note draw-2 A4 1.0 0
note draw-3 D4 0.9 0.3
note draw-4 A4 0.9 0.3
mix draw -7 lowpass 3000 pad 0 0.2 reverb 30 50 60 -- draw-1:1 draw-2:0.8 draw-3:0.8 draw-4:0.6

# A clock's low time: one short ticking beep (the clock plays it once a second).
partial tick-a 1760 0.07
partial tick-b 3520 0.03
mix low-time -9 -- tick-a:1 tick-b:0.3

# A soft click for the interface's buttons.
click ui-n 0.008 3000
partial ui-a 2200 0.025
mix click -16 -- ui-n:0.6 ui-a:1

# A new game: two rising notes.
note start-1 G4 0.6 0
note start-2 C5 0.6 0.12
mix game-start -8 -- start-1:1 start-2:1

if $check; then
    status=0
    for file in "$out"/*.ogg; do
        if ! cmp -s "$file" "$repo/assets/sounds/$(basename "$file")"; then
            echo "make-sounds: $(basename "$file") differs from the committed file" >&2
            status=1
        fi
    done
    [[ $status -eq 0 ]] && echo "make-sounds: every sound is as committed"
    exit $status
fi
ls -l "$out"
