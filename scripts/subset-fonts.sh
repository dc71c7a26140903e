#!/usr/bin/env bash
# Cuts egui's four bundled fonts to the letters and signs the page needs (web/fonts/, read by
# src/ui/fonts.rs): the Latin, Greek and Cyrillic alphabets with their accents (the game's three
# languages and the names players type), punctuation, arrows, mathematical and technical signs,
# shapes and dingbats (the game's ☰ ✔ ◀ ▶ ⏮ ⏭ and egui's own ⏴ ⏷ ⚙ ⚠), and the emoticons
# (😀–🙏) for names. Without the fonts' own hinting instructions (0.14 MB with gzip): egui's
# rasteriser hints them itself (skrifa's automatic hinting). Run it again after an egui update; the
# test `ui::fonts::tests::the_page_fonts_draw_every_word` says when a letter is missing.
# Needs fonttools (pip); it installs it when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pyftsubset >/dev/null || python3 -m pip install --quiet fonttools
source=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/epaint_default_fonts-*/fonts | sort -V | tail -1)
letters="U+0020-007E,U+00A0-02FF,U+0300-036F,U+0370-03FF,U+0400-04FF,U+1E00-1EFF,U+2000-206F"
signs="U+20A0-20CF,U+2100-214F,U+2150-218F,U+2190-21FF,U+2200-22FF,U+2300-23FF,U+2460-24FF"
shapes="U+2500-259F,U+25A0-25FF,U+2600-26FF,U+2700-27BF,U+27F0-27FF,U+2B00-2BFF,U+FFFD"
for font in Ubuntu-Light Hack-Regular emoji-icon-font NotoEmoji-Regular; do
  extra=""
  [ "$font" = NotoEmoji-Regular ] && extra=",U+1F600-1F64F"
  pyftsubset "$source/$font.ttf" --unicodes="$letters,$signs,$shapes$extra" \
    --layout-features='*' --no-hinting --output-file="web/fonts/$font.ttf"
done
cp "$source"/*.txt web/fonts/
ls -l web/fonts
