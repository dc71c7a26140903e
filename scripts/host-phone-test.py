#!/usr/bin/env python3
"""Game night through the game's own "Host a table", as the evening goes: the host plays too,
a phone joins from the page the host serves, and the host's game is killed mid-game and
started again.

  scripts/host-phone-test.py GAMUT OUT [--size 1280x800] [--shots]

GAMUT is the game as a player has it: the program inside an unpacked archive or .deb (built
with the feature `dev`), with its assets/ and its web/ (the built page) beside it, as
scripts/package.sh lays them out; the test clears BEVY_ASSET_ROOT and CARGO_MANIFEST_DIR so
the game finds both there, not in the source tree.

1. The host, a real game window (Xvfb, software Vulkan), by mouse: Tables on the network, its
   name typed, "Your seat": White, Host a table here. It sits at White (no big screen), and
   its log says it serves the page.
2. The phone, headless Chromium at 390×844 with touch, opens the host's own address (what the
   QR code holds): the page must load (index.html and every file its list page-files.txt
   names: the program and its glue named by their content, the engine's worker, the manifest,
   the icons; all from the host) and, by touch, join the table by its code and sit at Black.
3. The phone plays Black's move by two taps; the host's board shows it; the host plays
   White's by two clicks; the phone shows it.
4. The host's game is killed (SIGKILL) and started again on the same data folder: it hosts its
   tables again on the same port and goes back to its seat by itself; the phone, trying
   again, is back at its seat; the phone plays the next move and the host sees it, then the
   host plays and the phone sees it.

OUT receives the page's screenshots and logs (and, with --shots and ImageMagick's `import`,
pictures of the host's window). Exits 0 when every step happened, 1 otherwise.
"""

import argparse
import os
import re
import shutil
import signal
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import webdriver as wd  # noqa: E402
from siblings import load  # noqa: E402


table_game = load("table_game", "table-game.py")
web_test = load("web_test", "web-test.py")
night = load("table_night", "table-night.py")
mouse_game = table_game.mouse_game

# The first moves of table-night's legal game of Lines of Action: Black (the phone), White
# (the host), Black, White.
LINE = night.LINE[:4]

# The host's name on the home network, as the phone's browser reaches it (mapped to this
# machine by Chromium's --host-resolver-rules).
HOST_NAME = "gamut-host.lan"

FAILURES = (mouse_game.Failed, web_test.Failed, wd.WebDriverError, *night.FAILURES)


class Host(table_game.Window):
    """The host's window, which can be killed and started again on its data folder."""

    def shot(self, name):
        if self.args.shots and shutil.which("import"):
            super().shot(name)

    def kill_and_start_again(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)
        self.offset = 0
        self.lines, self.table_lines, self.played = [], [], []
        self.squares, self.buttons = {}, {}
        self.frames, self.turn, self.over, self.pointer = 0, None, False, None
        self.start_game()


def host_and_sit(host, name, seat):
    """By mouse: Tables on the network, the name, "Your seat", Host a table here."""
    host.settled("button", "title/tables")
    host.click("button", "title/tables")
    host.settled("button", "tables/host")
    host.click("button", "tables/name")
    host.type_text(name)
    host.click("button", "tables/host-seat")
    host.click("button", f"tables/host-seat-{seat}")
    host.shot("tables-screen")
    host.click("button", "tables/host")
    m = host.table_line(r"hosting tables on port (\d+) \(the page: (\w+)")
    port, page = m[1], m[2]
    if page != "true":
        raise mouse_game.Failed("the host serves no page: its web/ folder is not the built page")
    code = host.table_line(rf"at table (\S+) in seat {seat}")[1]
    print(f"the host sits at seat {seat} of table {code}, port {port}", flush=True)
    return code, port


def page_files_served(port):
    """What a phone's browser fetches, from the host: the page, its list of files (only a built
    page has one, not the source folder) and every file the list names, the program among
    them (`gamut_bg-<hash>.wasm`); each must answer."""
    def get(path):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as answer:
            body = answer.read()
            if answer.status != 200 or not body:
                raise web_test.Failed(f"the host answers {answer.status} for {path}")
            return body
    get("/")
    files = get("/page-files.txt").decode().split()
    if not any(re.fullmatch(r"gamut_bg-[0-9a-f]{16}\.wasm", name) for name in files):
        raise web_test.Failed(f"the host's page lists no program: {files}")
    for name in files:
        get(f"/{name}")
    print(f"the host serves the built page: /, {', '.join(files)}", flush=True)


def program_read_with_brotli(page):
    """The phone, on plain http, read the program's brotli twin with the page's decoder: as
    many bytes as the twin the host has, for the program whole."""
    found = page.wait_for(r"the program came with brotli, (\d+) bytes for (\d+)",
                          "the program read with brotli")
    print(f"the phone read the program with brotli: {found.group(1)} bytes for {found.group(2)}",
          flush=True)
    if page.session.script("return window.isSecureContext"):
        raise web_test.Failed("the phone's page is a secure context: not what a phone has")


def play_on_phone(page, move, since):
    """Black's move by two taps, once it is the phone's turn (said after the last move the
    phone played or was shown, maybe before `since`)."""
    start, end = night.squares(move)
    page.read()
    last_played = max((i for i, line in enumerate(page.lines) if " played " in line), default=0)
    page.wait_for(r"black moves ", "Black's turn on the phone", min(last_played, since))
    page.click("square", start, "touch")
    page.click("square", end, "touch")
    page.wait_for(rf"played {start}[-x]?{end}\b", f"{start}-{end} played on the phone", since)


def play_on_host(host, move, done):
    start, end = night.squares(move)
    night.play_on_window(host, start, end, done)


def everyone_sees(host, page, move, ply, since):
    start, end = night.squares(move)
    host.wait(f"move {ply} on the host's board", lambda: len(host.played) >= ply)
    page.wait_for(rf"played {start}[-x]?{end}\b", f"{start}-{end} on the phone", since)
    print(f"{ply:3}. {move} on both screens", flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("game", help="the gamut program of an unpacked package (feature dev)")
    p.add_argument("out", help="a folder for the page's screenshots and logs")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--language", default="en")
    p.add_argument("--shots", action="store_true", help="pictures of the host's window too")
    p.add_argument("--wait", type=int, default=300, help="seconds to wait for one step")
    p.add_argument("--hold", type=int, default=1)
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    args.game = os.path.abspath(args.game)
    args.shots = args.out if args.shots else None
    for variable in ("BEVY_ASSET_ROOT", "CARGO_MANIFEST_DIR"):
        os.environ.pop(variable, None)
    host = Host(args, "host")
    driver = wd.Chromedriver(os.path.join(args.out, "chromedriver.log"))
    page = None
    try:
        host.start()
        code, port = host_and_sit(host, "Hal", 1)
        page_files_served(port)
        # The host by a name of the home network's, not this machine's own address: a page
        # over plain http that is not a secure context, as a phone has it (no service worker,
        # and a browser that takes gzip, not brotli: the page reads the program's brotli twin
        # itself).
        url = (f"http://{HOST_NAME}:{port}/"
               f"?log-positions&animation=instant&language={args.language}")
        page = web_test.Page(driver, url, args.out, "phone", 390, 844, phone=True,
                             args=[f"--host-resolver-rules=MAP {HOST_NAME} 127.0.0.1"])
        program_read_with_brotli(page)
        night.page_joins(page, code, 0, "Bob")
        host.shot("both-seated")
        for ply, move in enumerate(LINE[:2], start=1):
            since = len(page.lines)
            if ply % 2 == 1:
                play_on_phone(page, move, since)
            else:
                play_on_host(host, move, ply)
            everyone_sees(host, page, move, ply, since)
        page.shot("before-the-host-dies")
        host.shot("before-the-host-dies")

        print("the host's game is killed and started again", flush=True)
        page.read()
        since_kill = len(page.lines)
        host.kill_and_start_again()
        again = host.table_line(r"hosting tables on port (\d+)")[1]
        if again != port:
            raise mouse_game.Failed(f"hosting again on port {again}, not {port}")
        host.table_line(rf"at table {code} in seat 1")
        host.wait("the board back on the host's screen", lambda: len(host.squares) > 0)
        print("the host is back at its seat", flush=True)
        # The phone, trying again every 2 s, is back at its own seat before it plays on.
        page.wait_for(rf"at table {code} in seat 0", "the phone back at its seat", since_kill)
        print("the phone is back at its seat", flush=True)
        for ply, move in enumerate(LINE[2:4], start=3):
            since = len(page.lines)
            if ply % 2 == 1:
                play_on_phone(page, move, since)
                # The restarted host's board shows every move so far, this one last.
                host.wait(f"{move} on the host's board",
                          lambda: any(m[1].replace("x", "-").replace("-", "") == move
                                      for m in host.played))
            else:
                play_on_host(host, move, len(host.played) + 1)
                page.wait_for(rf"played {move[:2]}[-x]?{move[2:]}\b", "the host's move", since)
            print(f"{ply:3}. {move} on both screens, after the restart", flush=True)
        page.shot("after-the-restart")
        host.shot("after-the-restart")
        print("the phone played from the host's own page; the host played too, was killed, "
              "and everyone went on with every move")
        return 0
    except FAILURES as e:
        return night.failed(e, [host], page)
    finally:
        if page:
            page.close()
        driver.close()
        host.stop()


if __name__ == "__main__":
    sys.exit(main())
