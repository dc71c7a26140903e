#!/usr/bin/env python3
"""The page joins a table of the tables' server in a real browser, by touch on a phone-sized
screen, as a player at a game night does: Debian's Chromium, headless, WebGL2 in software.

  scripts/web-table-test.py DIST OUT

A `gamut-server` (the same server the desktop game runs for "Host a table") serves the page in
DIST (built with the `dev` feature) and makes a table whose White the server's engine plays
(`make_table`, an example of the server's crate). The page, opened from the server's own
address on a 390×844 touch screen, is tapped: Tables on the network, the table's code typed,
Join; its name typed in the table's bar, Black's seat taken; then a move played by two taps
on the board; the server's engine answers, and the page shows its move. OUT receives a
screenshot of each step and the browser's log.

The server and the example are built in CARGO_TARGET_DIR (debug) when missing."""

import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webdriver as wd  # noqa: E402

spec_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "web-test.py")
import importlib.util  # noqa: E402

spec = importlib.util.spec_from_file_location("web_test", spec_path)
web_test = importlib.util.module_from_spec(spec)
spec.loader.exec_module(web_test)
Failed = web_test.Failed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def target_dir():
    return os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))


def build_server():
    subprocess.run(["cargo", "build", "--locked", "-p", "gamut-server", "--bin", "gamut-server",
                    "--example", "make_table"], cwd=ROOT, check=True)
    debug = os.path.join(target_dir(), "debug")
    return os.path.join(debug, "gamut-server"), os.path.join(debug, "examples", "make_table")


def start_server(server, dist, work):
    port = wd.free_port()
    address = f"127.0.0.1:{port}"
    log = open(os.path.join(work, "server.log"), "w")
    proc = subprocess.Popen([server, "--listen", address, "--web", dist,
                             "--database", os.path.join(work, "tables.sqlite")],
                            stdout=subprocess.PIPE, stderr=log, text=True)
    line = proc.stdout.readline()
    if "listening on" not in line:
        raise Failed(f"the server did not start: {line!r}")
    return proc, address


def make_table(maker, address):
    out = subprocess.run([maker, address, "--computer", "1:1"], capture_output=True, text=True,
                         timeout=60)
    m = re.search(r"table (\S+)", out.stdout)
    if not m:
        raise Failed(f"no table made: {out.stdout} {out.stderr}")
    return m[1]


def type_into(page, name, text):
    page.click("button", name, "touch")
    page.session.type_keys(text)
    page.frames(4)


def join_by_touch(page, code):
    page.settled("button", "title/tables")
    page.shot("title")
    page.click("button", "title/tables", "touch")
    page.settled("button", "tables/join")
    type_into(page, "tables/code", code.lower())
    page.shot("tables-screen")
    since = len(page.lines)
    page.click("button", "tables/join", "touch")
    page.wait_for(rf"at table {code}, watching", "the page watching the table", since)
    page.settled("button", "table-bar/sit-0")
    type_into(page, "table-bar/name", "Ann")
    page.shot("watching")
    since = len(page.lines)
    page.click("button", "table-bar/sit-0", "touch")
    page.wait_for(rf"at table {code} in seat 0", "the page seated at Black", since)
    page.wait_for(r"black moves ", "Black's turn on the page", since)
    page.shot("seated")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    dist, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="gamut-web-table-")
    server, maker = build_server()
    proc, address = start_server(server, dist, work)
    driver = wd.Chromedriver(os.path.join(out, "chromedriver.log"))
    page = None
    try:
        code = make_table(maker, address)
        print(f"table {code} at {address}")
        url = f"http://{address}/?log-positions&animation=instant&language=en"
        page = web_test.Page(driver, url, out, "table-phone", 390, 844, phone=True)
        join_by_touch(page, code)
        # Read from before the move: the engine's reply can come in the same read as it.
        since = len(page.lines)
        web_test.play_by_clicks(page, "touch")
        page.wait_for(r"(?i)white played ", "the server's engine's move on the page", since)
        page.wait_for(r"black moves ", "Black's turn again on the page", since)
        page.shot("engine-replied")
        print("the page joined the table by touch, played a move, and shows the engine's reply")
        return 0
    except (Failed, wd.WebDriverError) as e:
        print(f"FAILED: {e}", file=sys.stderr)
        if page:
            page.shot("failed")
        return 1
    finally:
        if page:
            page.close()
        driver.close()
        proc.terminate()


if __name__ == "__main__":
    sys.exit(main())
