#!/usr/bin/env python3
"""Pictures of the board editor in the real game window, set up by mouse as a player does.

The game runs in a virtual X display (software Vulkan, as scripts/mouse-game.py); xdotool
clicks the title's Board editor button, the palette and the squares, and ImageMagick's
`import` takes the screen. Where to click comes from the game (`--log-positions`).

    scripts/editor-shots.py PATH-TO-GAMUT --shots DIR [--language fr] [--size 1024x600]
        [--scale 1.5] [--scene refused|boundless|four|parachute|epaminondas|puzzle]

Each scene ends with a picture `DIR/editor-<scene>-<language>.png`; exits 1 when something
expected does not happen in time.
"""

import argparse
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("mouse_game", os.path.join(HERE, "mouse-game.py"))
mouse_game = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mouse_game)


def scroll_to(g, name):
    """Turns the mouse wheel over the title's column until the button `name` shows (a small
    window at a large UI scale shows only part of the column), as a player would."""
    width, height = (int(n) for n in g.args.size.split("x"))
    for _ in range(30):
        x, y = g.settled("button", name)
        if y < height * 0.8:
            return
        g.xdotool("mousemove", width // 2, height // 2)
        g.xdotool("click", "5")
        g.wait_frames(2)
    raise mouse_game.Failed(f"{name} does not come into view")


def open_editor(g):
    g.settled("button", "title/editor")
    if g.args.steps:
        g.shot("title")
    scroll_to(g, "title/editor")
    g.click("button", "title/editor")
    g.settled("button", "editor/clear")
    g.settled("square", "d4")


def place(g, tool, squares):
    g.click("button", f"editor/piece/{tool}" if tool != "eraser" else "editor/eraser")
    for square in squares:
        g.click("square", square)


def scene_refused(g):
    """Standard Lines of Action: cleared, three Black pieces, none of White's: refused."""
    g.click("button", "editor/clear")
    place(g, "black", ["c3", "d4", "f6"])


def scene_playable(g):
    """A Lines of Action ending set up from an empty board, White to move: playable."""
    g.click("button", "editor/clear")
    place(g, "black", ["b2", "c6", "f7", "g3"])
    place(g, "white", ["d4", "e4", "e6", "h1"])
    g.click("button", "editor/to-move/white")


def scene_boundless(g):
    """Boundless: pieces put off the 8×8 square, the board grown round them."""
    g.click("button", "editor/variant/boundless")
    g.settled("square", "(0,0)")
    g.click("button", "editor/clear")
    place(g, "black", ["(0,0)", "(-1,-1)", "c3", "d5"])
    place(g, "white", ["i9", "j10", "e4"])


def scene_four(g):
    """LOA for four: a marked White piece too many."""
    g.click("button", "editor/variant/four-players")
    g.settled("button", "editor/piece/white-marked")
    place(g, "white-marked", ["d4", "e5"])
    g.click("button", "editor/to-move/black-marked")


def scene_parachute(g):
    """Parachute: White pieces added to the board while Black still holds six."""
    g.click("button", "editor/variant/parachute")
    g.settled("button", "editor/held/black/fewer")
    place(g, "white", ["d4", "e5"])


def scene_epaminondas(g):
    """Epaminondas: a White stone already on Black's home row."""
    g.click("button", "editor/game/epaminondas")
    g.settled("square", "n12")
    place(g, "white", ["c12"])


def scene_puzzle(g):
    """The shipped puzzle loa/w1-01 set up by hand and saved as a puzzle."""
    g.click("button", "editor/clear")
    place(g, "black", ["c5", "c4", "d3", "c1", "e1", "f1", "g1"])
    place(g, "white", ["b6", "c6", "d6", "a5", "e4", "f3", "a2", "e2", "f2"])
    g.click("button", "editor/save-puzzle")
    g.click("button", "editor/puzzle-title")
    # Without a window manager the window has the keyboard only when given it.
    g.xdotool("search", "--onlyvisible", "--name", "Gamut", "windowfocus")
    g.wait_frames(2)
    g.xdotool("type", "--delay", "150", "Connect in one")
    g.wait_frames(4)
    if g.args.steps:
        g.shot("named")
    g.click("button", "editor/puzzle-prove")
    if g.args.steps:
        g.shot("proving")
    g.wait("the proof", lambda: "editor/puzzle-result" in g.buttons, limit=600)


SCENES = {
    "refused": scene_refused,
    "playable": scene_playable,
    "boundless": scene_boundless,
    "four": scene_four,
    "parachute": scene_parachute,
    "epaminondas": scene_epaminondas,
    "puzzle": scene_puzzle,
}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game")
    p.add_argument("--shots", required=True)
    p.add_argument("--language", default="en")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--scene", default="refused", choices=sorted(SCENES))
    p.add_argument("--name", default=None, help="the picture's name (default editor-SCENE-LANG)")
    p.add_argument("--wait", type=float, default=240.0)
    p.add_argument("--hold", type=int, default=2)
    p.add_argument("--steps", action="store_true", help="pictures of the steps on the way too")
    args = p.parse_args()
    g = mouse_game.Game(args)
    try:
        g.start()
        open_editor(g)
        SCENES[args.scene](g)
        name = args.name or f"editor-{args.scene}-{args.language}"
        g.quiet(8)
        # Pictures are numbered by the mouse game's helper; keep the scene's own name.
        g.shot(name)
        taken = os.path.join(args.shots, f"{g.shot_number:02}-{name}.png")
        os.replace(taken, os.path.join(args.shots, f"{name}.png"))
        print(os.path.join(args.shots, f"{name}.png"))
        return 0
    except mouse_game.Failed as e:
        print(f"editor-shots: {e}", file=sys.stderr)
        print("\n".join(g.lines[-30:]), file=sys.stderr)
        return 1
    finally:
        g.stop()


if __name__ == "__main__":
    sys.exit(main())
