#!/usr/bin/env python3
"""Issue #39's game night, end to end: a table hosted by the desktop game, joined by a second
desktop game and by the page in Chromium on a phone-sized touch screen, a whole game played
between them and watched on the host's big screen.

- The host: a real game window (Xvfb, software Vulkan). By mouse: Tables on the network, the
  clock chosen (30 min + 20 s by default: the page drawn without a GPU takes a minute a move),
  Host a table here. Its screen is the big screen: the code, the address, the QR code of the
  page, the seats, the clocks.
- Ann: a second real game window. By mouse and keyboard: Tables on the network, the address
  and the code typed, Join, her name typed in the table's bar, Black's seat.
- Bob: the page, served by the host's own game, in headless Chromium at 390×844 with touch.
  By touch: Tables on the network (the address is filled in), the code typed, Join, his name,
  White's seat.
- Then the game: each plays their moves by clicks (Ann) and taps (Bob) on their own board, each
  only on their turn, every move shown on all three screens; the line played (`LINE`) is a
  short legal game of Lines of Action in which Black connects (the server, as referee, would
  refuse a move that is not legal). The end shows on the three screens.

Pictures of every screen on the way go to --shots.

    scripts/table-night.py PATH-TO-GAMUT PAGE-DIST --shots /tmp/night [--language fr]

PATH-TO-GAMUT is built with the feature `dev`; PAGE-DIST is the page built with it too
(`WEB_FEATURES=dev scripts/web.sh build`). Needs ImageMagick's `import` for the windows'
pictures. Exits 0 once the game's end shows on the three screens.
"""

import argparse
import os
import re
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import webdriver as wd  # noqa: E402
from siblings import load  # noqa: E402


table_game = load("table_game", "table-game.py")
web_test = load("web_test", "web-test.py")
mouse_game = table_game.mouse_game

# A legal game of Lines of Action (the standard rules) in which Black connects on its tenth
# move: White plays along without defending.
LINE = ("b1h1 a3c1 h1g2 c1c3 d1f3 c3f3 e1g3 h6f8 g8g4 f3f6 f1f4 a2b3 g1g5 h2g1 b8e5 a6c8 e8g6 "
        "b3d1 d8d6").split()


def page_joins(page, code, seat, name):
    """The page, by touch: Tables on the network, the code, Join, the name, the seat."""
    page.settled("button", "title/tables")
    page.click("button", "title/tables", "touch")
    page.settled("button", "tables/join")
    page.click("button", "tables/code", "touch")
    page.session.type_keys(code.lower())
    page.frames(4)
    page.shot("tables-screen")
    since = len(page.lines)
    page.click("button", "tables/join", "touch")
    page.wait_for(rf"at table {code}, watching", "the page watching the table", since)
    page.settled("button", f"table-bar/sit-{seat}")
    page.click("button", "table-bar/name", "touch")
    page.session.type_keys(name)
    page.frames(4)
    page.shot("watching")
    since = len(page.lines)
    page.click("button", f"table-bar/sit-{seat}", "touch")
    page.wait_for(rf"at table {code} in seat {seat}", "the page seated", since)
    page.shot("seated")


def squares(move):
    """`b1h1` → (`b1`, `h1`)."""
    m = re.fullmatch(r"([a-h][1-8])([a-h][1-8])", move)
    return m[1], m[2]


def play_on_window(window, start, end, done):
    window.wait("the player's turn", lambda: window.turn is not None, limit=window.args.wait)
    window.click("square", start)
    window.click("square", end)
    window.wait(f"{start}-{end} played", lambda: len(window.played) >= done)


def play_on_page(page, start, end, since):
    page.wait_for(r"white moves ", "White's turn on the page", since)
    page.click("square", start, "touch")
    page.click("square", end, "touch")
    page.wait_for(rf"played {start}[-x]?{end}\b", f"{start}-{end} played on the page", since)


# What a step that did not happen raises.
FAILURES = (mouse_game.Failed, web_test.Failed, wd.WebDriverError)


def failed(e, windows, page):
    """Says what did not happen, with the windows' last lines and a picture of the page: 1."""
    print(f"FAILED: {e}", file=sys.stderr)
    for w in windows:
        if w.proc:
            w.read()
            print(f"--- {w.who}: " + "\n".join(w.lines[-15:]), file=sys.stderr)
    if page:
        page.shot("failed")
    return 1


def close_all(windows, page, driver):
    """The page, the browser's driver and the windows closed."""
    if page:
        page.close()
    driver.close()
    for w in windows:
        w.stop()


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("game", help="path to the gamut binary (built with the feature dev)")
    p.add_argument("page", help="the page's folder (built with the feature dev)")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--language", default="en")
    p.add_argument("--clock", type=int, default=6,
                   help="the clock's place in the host's list (6: 30 min + 20 s)")
    p.add_argument("--shots", required=True, help="a folder for pictures of the screens")
    p.add_argument("--wait", type=int, default=300, help="seconds to wait for one step")
    p.add_argument("--hold", type=int, default=1)
    args = p.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    # The host's game serves the page when it lies beside the assets (`web/`), as packaged.
    root = tempfile.mkdtemp(prefix="gamut-night-")
    os.symlink(os.path.join(ROOT, "assets"), os.path.join(root, "assets"))
    os.symlink(os.path.abspath(args.page), os.path.join(root, "web"))
    host = table_game.Window(args, "host")
    ann = table_game.Window(args, "Ann")
    windows = [host, ann]
    driver = wd.Chromedriver(os.path.join(args.shots, "chromedriver.log"))
    page = None
    try:
        os.environ["BEVY_ASSET_ROOT"] = root
        host.start()
        del os.environ["BEVY_ASSET_ROOT"]
        ann.start()
        code, port = table_game.host_a_table(host, args.clock)
        table_game.join(ann, code, port, 0)
        url = f"http://127.0.0.1:{port}/?log-positions&animation=instant&language={args.language}"
        page = web_test.Page(driver, url, args.shots, "Bob-phone", 390, 844, phone=True)
        page_joins(page, code, 1, "Bob")
        host.shot("both-seated")
        for ply, move in enumerate(LINE):
            start, end = squares(move)
            since = len(page.lines)
            if ply % 2 == 0:
                play_on_window(ann, start, end, ply + 1)
            else:
                play_on_page(page, start, end, since)
            for w in windows:
                w.wait(f"move {ply + 1} on {w.who}'s screen", lambda w=w: len(w.played) > ply)
            print(f"{ply + 1:3}. {move} on every screen", flush=True)
            if ply == 6:
                host.shot("big-screen-playing")
                ann.shot("playing")
                page.shot("playing")
        for w in windows:
            w.wait(f"the end on {w.who}'s screen", lambda w=w: w.over)
        page.wait_for(r"game over", "the end on the page")
        print(f"the whole game ({len(LINE)} moves) was played; its end shows on every screen")
        host.shot("game-over")
        ann.shot("game-over")
        page.shot("game-over")
        return 0
    except FAILURES as e:
        return failed(e, windows, page)
    finally:
        close_all(windows, page, driver)


if __name__ == "__main__":
    sys.exit(main())
