#!/usr/bin/env python3
"""Issue #39's tournament night across screens, end to end: the host's tournament puts round 1's
pairings at tables, the players play them on their own devices, the host's big screen shows a
board with the live standings, and the results come back to the tournament by themselves.

- The host: a real game window (Xvfb, software Vulkan). By mouse and keyboard: Tournament night,
  the players typed (Ann, a computer entry, Bob, a second computer entry: a round robin whose
  first round is the computer against Ann and Bob against the other computer), Start, then
  "At a table" on both boards. The round's page shows each table's code, the address and the
  QR code of the page.
- Ann: a second real game window. By mouse and keyboard: Tables on the network, the address and
  her board's code typed, Join, her name, White's seat. She plays two moves against the host's
  engine, then resigns (Resign, Yes).
- Bob: the page, served by the host's own game, in headless Chromium at 390×844 with touch. By
  touch: Tables on the network, his board's code, Join, his name, Black's seat; one move, the
  engine's answer, then Resign and Yes.
- Meanwhile the host shows Ann's board (Show): the big screen with the standings under the
  table's view; Ann's resignation shows there and in the standings; Leave the table comes back
  to the tournament, where both results stand, entered by the tables themselves.

Pictures of every screen on the way go to --shots.

    scripts/tournament-tables.py PATH-TO-GAMUT PAGE-DIST --shots /tmp/tournament
    scripts/tournament-tables.py PATH-TO-GAMUT PAGE-DIST --shots /tmp/it --host-only \
        --language it --scale 1.5

PATH-TO-GAMUT and PAGE-DIST are built with the feature `dev` (as for scripts/table-night.py).
Exits 0 once both results are in the host's tournament.
"""

import argparse
import os
import random
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import webdriver as wd  # noqa: E402
from siblings import load  # noqa: E402


table_game = load("table_game", "table-game.py")
table_night = load("table_night", "table-night.py")
web_test = load("web_test", "web-test.py")
mouse_game = table_game.mouse_game


class Host(table_game.Window):
    """The host's window; it also keeps the tournament's lines of its log."""

    def take(self, line):
        if "tournament table" in line or "tournament result" in line:
            self.table_lines.append(line)
        super().take(line)


def make_the_tournament(host):
    """Tournament night, four players typed and added, Start."""
    host.settled("button", "title/tournament")
    host.click("button", "title/tournament")
    host.settled("button", "tournament/add")
    for entry in ["Ann", None, "Bob", None]:
        if entry is None:
            host.click("button", "tournament/add-computer")
        else:
            host.click("button", "tournament/name")
            host.type_text(entry)
            host.click("button", "tournament/add")
        host.wait_frames(2)
    host.shot("players")
    if "tournament/start" not in host.buttons:
        # A small window or a large UI scale: the form scrolls, as a player's wheel does.
        scroll_down(host)
    host.click("button", "tournament/start")
    host.settled("button", "tournament/r1b1/table")


def step(window, button, then, picture):
    """A click on `button`, then a picture once `then` is on screen."""
    window.click("button", button)
    window.settled("button", then)
    window.shot(picture)


def scroll_down(window, notches=12):
    """The mouse wheel turned down over the middle of the window."""
    width, height = (int(n) for n in window.args.size.split("x"))
    window.xdotool("mousemove", width // 2, height // 2)
    window.wait_frames(1)
    for _ in range(notches):
        window.xdotool("click", "5")
    window.wait_frames(3)


def at_tables(host):
    """At a table, on both boards: each table's code (from the log) and the server's port."""
    codes = {}
    for board in (1, 2):
        host.click("button", f"tournament/r1b{board}/table")
        found = host.table_line(rf"tournament table (\S+) for round 1 board {board}\b")
        codes[board] = found[1]
        print(f"board {board} is at table {codes[board]}", flush=True)
    port = host.table_line(r"hosting tables on port (\d+)")[1]
    host.settled("button", "tournament/r1b2/show")
    host.shot("round-at-tables")
    return codes, port


def page_resigns(page):
    since = len(page.lines)
    page.click("button", "button-resign", "touch")
    page.settled("button", "resign/yes")
    page.click("button", "resign/yes", "touch")
    page.wait_for(r"game over", "Bob's resignation on the page", since)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("game", help="path to the gamut binary (built with the feature dev)")
    p.add_argument("page", help="the page's folder (built with the feature dev)")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--language", default="en")
    p.add_argument("--shots", required=True, help="a folder for pictures of the screens")
    p.add_argument("--wait", type=int, default=300, help="seconds to wait for one step")
    p.add_argument("--hold", type=int, default=1)
    p.add_argument("--host-only", action="store_true",
                   help="only the host: the tournament at tables, then board 1 shown (pictures "
                        "of the host's screens in another language or UI scale)")
    args = p.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    root = tempfile.mkdtemp(prefix="gamut-tournament-")
    os.symlink(os.path.join(ROOT, "assets"), os.path.join(root, "assets"))
    os.symlink(os.path.abspath(args.page), os.path.join(root, "web"))
    host = Host(args, "host")
    ann = table_game.Window(args, "Ann")
    windows = [host, ann]
    driver = wd.Chromedriver(os.path.join(args.shots, "chromedriver.log"))
    page = None
    rng = random.Random(39)
    try:
        os.environ["BEVY_ASSET_ROOT"] = root
        host.start()
        del os.environ["BEVY_ASSET_ROOT"]
        if not args.host_only:
            ann.start()
        make_the_tournament(host)
        codes, port = at_tables(host)
        if args.host_only:
            step(host, "tournament/r1b1/show", "table-bar/leave", "big-screen-board-1")
            step(host, "table-bar/leave", "tournament/r1b1/show", "back-to-the-round")
            print("the host's screens are pictured")
            return 0
        # Round 1 of four: the second computer entry (Black) against Ann on board 1, Bob
        # (Black) against the first computer entry on board 2.
        table_game.join(ann, codes[1], port, 1)
        url = f"http://127.0.0.1:{port}/?log-positions&animation=instant&language={args.language}"
        page = web_test.Page(driver, url, args.shots, "Bob-phone", 390, 844, phone=True)
        table_night.page_joins(page, codes[2], 0, "Bob")
        host.shot("round-seated")

        # The host shows Ann's board: the big screen, the standings under the table's view.
        host.click("button", "tournament/r1b1/show")
        host.settled("button", "table-bar/leave")
        for _ in range(2):
            mouse_game.next_turn(ann)
            mouse_game.play_turn(ann, rng, {"black": "random", "white": "random"})
        mouse_game.next_turn(ann)
        host.shot("big-screen-board-1")
        ann.shot("playing")
        table_game.resign(ann)
        ann.wait("Ann's resignation", lambda: ann.over)
        host.table_line(r"tournament result from the table: round 1 board 1: BlackWins")
        host.wait("the end on the big screen", lambda: host.over)
        host.shot("big-screen-resigned")

        # Bob's board, by touch: one move, the engine's answer, then he resigns.
        # Bob sat down at Black's seat on Black's turn: the board waits for him.
        since = len(page.lines)
        page.click("square", "b1", "touch")
        page.click("square", "h1", "touch")
        played = page.wait_for(r"played b1[-x]?h1\b", "b1-h1 played on the page", since)
        after = next(i for i in range(since, len(page.lines)) if played.re.search(page.lines[i]))
        page.wait_for(r"black moves ", "the engine's answer on the page", after + 1)
        page.shot("playing")
        page_resigns(page)
        page.shot("resigned")
        host.table_line(r"tournament result from the table: round 1 board 2: WhiteWins")

        # Back to the tournament: both results stand.
        step(host, "table-bar/leave", "tournament/page-standings", "round-results")
        step(host, "tournament/page-standings", "tournament/standings", "standings")
        print("both results came back from the tables to the tournament")
        return 0
    # This script's own copies of the modules raise (each file loaded is a module of its own).
    except (mouse_game.Failed, web_test.Failed, wd.WebDriverError) as e:
        return table_night.failed(e, windows, page)
    finally:
        table_night.close_all(windows, page, driver)


if __name__ == "__main__":
    sys.exit(main())
