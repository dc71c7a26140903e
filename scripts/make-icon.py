#!/usr/bin/env python3
"""Draws the game's icon into assets/icons/: this script is the icon's source.

The icon is the top-left corner of a Lines of Action board at the start of a game, in the
colours of the game's wooden board (src/board/theme.rs and src/board/assets.rs): the frame on
two sides, the squares running off the other two, the empty corner square, Black's pieces along
the top row and White's down the left column. Two drawings:

  gamut.svg        3 x 3 squares, for 48 px and up (and the scalable icon of the desktop);
  gamut-small.svg  2 x 2 squares on a 16-unit grid (every edge on a whole pixel), for 16 and
                   32 px, where three rows of pieces would be a blur.

and from them, with rsvg-convert, gamut-<size>.png at 16, 32, 48, 64, 128, 192, 256 and 512 px
(192 and 512 are the page's icons for a phone's home screen: web/manifest.webmanifest), and
gamut-64.rgba: the 64 px picture as raw 8-bit RGBA, which the game puts in its binary as the
window's icon (src/desktop/mod.rs: no image decoder needed at run time).

    scripts/make-icon.py           write assets/icons/*
    scripts/make-icon.py --check   draw into a temporary folder and compare with the committed
                                   files (exit 1 if any differs)

Needs rsvg-convert (Debian/Ubuntu: apt-get install librsvg2-bin; made with librsvg 2.54.7,
Debian 12) and ImageMagick's convert (for the raw RGBA). Another librsvg may antialias the
edges into slightly different PNG bytes.
"""

import filecmp
import os
import shutil
import subprocess
import sys
import tempfile

SIZES = [16, 32, 48, 64, 128, 192, 256, 512]
SMALL_UP_TO = 32
WINDOW_ICON = 64

# The wooden board's colours (sRGB, from the game's theme).
FRAME = "#542b14"  # board frame (0.33, 0.17, 0.08)
FRAME_EDGE = "#3d2112"  # outer edge of the frame (0.24, 0.13, 0.07)
LIGHT = "#edc78c"  # light square (0.93, 0.78, 0.55)
DARK = "#99613a"  # dark square (0.60, 0.38, 0.21)
BLACK = "#141417"  # black piece (0.08, 0.08, 0.09)
BLACK_SHINE = "#55555c"
WHITE = "#f2ebd6"  # white piece (0.95, 0.92, 0.84)
WHITE_SHADE = "#c9bd9c"


def piece(cx, cy, r, colour, detailed):
    """A piece seen from above: a disc with a rim, and at large sizes a soft sheen."""
    fill = "url(#black)" if colour == "black" and detailed else None
    if colour == "black":
        fill = fill or BLACK
        rim = BLACK_SHINE
    else:
        fill = "url(#white)" if detailed else WHITE
        rim = WHITE_SHADE
    width = r * 0.09 if detailed else max(r * 0.16, 0.5)
    out = []
    if detailed:
        # A shadow on the board, down and to the right of the piece.
        out.append(
            f'<circle cx="{cx + r * 0.08:.2f}" cy="{cy + r * 0.10:.2f}" r="{r * 1.02:.2f}" '
            f'fill="#000" fill-opacity="0.30"/>'
        )
    out.append(
        f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{r - width / 2:.2f}" fill="{fill}" '
        f'stroke="{rim}" stroke-width="{width:.2f}"/>'
    )
    if detailed:
        # The turned ring of a wooden piece.
        out.append(
            f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{r * 0.62:.2f}" fill="none" '
            f'stroke="{rim}" stroke-opacity="0.55" stroke-width="{r * 0.05:.2f}"/>'
        )
    return out


def drawing(cells, unit, frame, radius, detailed):
    """The SVG text: a rounded tile `unit * cells + frame` wide; the frame along the top and
    left, `cells` x `cells` squares of `unit`, pieces as at the start of Lines of Action."""
    size = frame + cells * unit
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<!-- Made by scripts/make-icon.py (the Gamut project, MIT OR Apache-2.0). -->",
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}">',
        "<defs>",
        f'<clipPath id="tile"><rect width="{size}" height="{size}" rx="{radius}"/></clipPath>',
    ]
    if detailed:
        out += [
            '<radialGradient id="black" cx="0.38" cy="0.34" r="0.75">',
            f'<stop offset="0" stop-color="#3a3a40"/><stop offset="1" stop-color="{BLACK}"/>',
            "</radialGradient>",
            '<radialGradient id="white" cx="0.38" cy="0.34" r="0.75">',
            f'<stop offset="0" stop-color="#fffdf6"/><stop offset="1" stop-color="{WHITE}"/>',
            "</radialGradient>",
        ]
    out += ["</defs>", '<g clip-path="url(#tile)">']
    out.append(f'<rect width="{size}" height="{size}" fill="{FRAME}"/>')
    for row in range(cells):
        for col in range(cells):
            colour = LIGHT if (row + col) % 2 == 0 else DARK
            out.append(
                f'<rect x="{frame + col * unit}" y="{frame + row * unit}" '
                f'width="{unit}" height="{unit}" fill="{colour}"/>'
            )
    if detailed:
        # The frame's inner edge, a thin dark line where it meets the squares.
        edge = frame * 0.08
        out.append(
            f'<path d="M{frame - edge / 2:.2f},{size} V{frame - edge / 2:.2f} H{size}" '
            f'fill="none" stroke="{FRAME_EDGE}" stroke-width="{edge:.2f}"/>'
        )
    r = unit * (0.36 if detailed else 0.37)
    centre = lambda i: frame + (i + 0.5) * unit  # noqa: E731
    for i in range(1, cells):
        out += piece(centre(i), centre(0), r, "black", detailed)
        out += piece(centre(0), centre(i), r, "white", detailed)
    out.append("</g>")
    if detailed:
        out.append(
            f'<rect x="{frame * 0.05:.2f}" y="{frame * 0.05:.2f}" width="{size - frame * 0.1:.2f}" '
            f'height="{size - frame * 0.1:.2f}" rx="{radius}" fill="none" stroke="{FRAME_EDGE}" '
            f'stroke-width="{frame * 0.1:.2f}"/>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def need(tool, package):
    if shutil.which(tool) is None:
        sys.exit(f"make-icon: {tool} is not installed (Debian/Ubuntu: apt-get install {package})")


def make(out):
    need("rsvg-convert", "librsvg2-bin")
    need("convert", "imagemagick")
    os.makedirs(out, exist_ok=True)
    big = os.path.join(out, "gamut.svg")
    small = os.path.join(out, "gamut-small.svg")
    with open(big, "w", encoding="utf-8") as f:
        f.write(drawing(cells=3, unit=156, frame=44, radius=72, detailed=True))
    with open(small, "w", encoding="utf-8") as f:
        f.write(drawing(cells=2, unit=7, frame=2, radius=2.5, detailed=False))
    for size in SIZES:
        source = small if size <= SMALL_UP_TO else big
        png = os.path.join(out, f"gamut-{size}.png")
        subprocess.run(
            ["rsvg-convert", "-w", str(size), "-h", str(size), "-o", png, source], check=True
        )
    # Raw RGBA for the window icon (no PNG decoder in the game for one picture).
    subprocess.run(
        [
            "convert",
            os.path.join(out, f"gamut-{WINDOW_ICON}.png"),
            "-depth",
            "8",
            f"rgba:{os.path.join(out, f'gamut-{WINDOW_ICON}.rgba')}",
        ],
        check=True,
    )


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    icons = os.path.join(repo, "assets", "icons")
    if sys.argv[1:] == ["--check"]:
        with tempfile.TemporaryDirectory() as tmp:
            make(tmp)
            names = sorted(os.listdir(tmp))
            _, differ, missing = filecmp.cmpfiles(icons, tmp, names, shallow=False)
            if differ or missing:
                print(f"make-icon: differs from the committed icons: {differ + missing}")
                sys.exit(1)
            print(f"make-icon: the {len(names)} committed files are what this script draws")
    elif sys.argv[1:]:
        sys.exit(__doc__)
    else:
        make(icons)
        print(f"make-icon: wrote {', '.join(sorted(os.listdir(icons)))} in {icons}")


if __name__ == "__main__":
    main()
