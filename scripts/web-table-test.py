#!/usr/bin/env python3
"""Tables from the page alone, as friends with phones do with a `gamut-server` on the internet:
Debian's Chromium, headless, WebGL2 in software, two phone-sized pages by touch.

  scripts/web-table-test.py DIST OUT

A `gamut-server` serves the page in DIST (built with the `dev` feature). The first phone opens
the server's address and makes a table there by touch (Tables on the network, its name, "Your
seat": Black, Make the table): the page shows the table's link and its address bar says it.
The second phone opens that link and is at the table at once, watching; it sits at White by
touch. Each plays a move by two taps and sees the other's. The first phone reloads: it is back
at its seat (the token kept in the browser's storage) and plays on. OUT receives a screenshot
of each step and the browsers' logs.

The server is built in CARGO_TARGET_DIR (debug) when missing."""

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
    subprocess.run(["cargo", "build", "--locked", "-p", "gamut-server", "--bin", "gamut-server"],
                   cwd=ROOT, check=True)
    return os.path.join(target_dir(), "debug", "gamut-server")


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


def type_into(page, name, text):
    page.click("button", name, "touch")
    page.session.type_keys(text)
    page.frames(4)


def make_by_touch(page):
    """Tables on the network, a name, "Your seat": Black, Make the table; the table's code."""
    page.settled("button", "title/tables")
    page.click("button", "title/tables", "touch")
    page.settled("button", "tables/name")
    type_into(page, "tables/name", "Ann")
    page.click("button", page_reach(page, "tables/host-seat"), "touch")
    page.click("button", "tables/host-seat-0", "touch")
    page.shot("make-a-table")
    since = len(page.lines)
    page.click("button", page_reach(page, "tables/host"), "touch")
    m = page.wait_for(r"at table (\S+) in seat 0", "the page seated at its new table", since)
    code = m[1].strip('"')
    page.wait_for(r"button table-bar/copy-link at ", "the button copying the table's link", since)
    page.shot("table-made")
    since = len(page.lines)
    page.click("button", "table-bar/copy-link", "touch")
    page.wait_for(rf"the table's link copied: http://\S+/\?table={code}", "the link copied", since)
    return code


def page_reach(page, name):
    """`name`, scrolled into view if need be (a phone's Tables screen is one long column)."""
    page.reach("button", name)
    return name


def address_says(page, code):
    search = page.session.script("return location.search")
    if f"table={code}" not in search:
        raise Failed(f"{page.name}: the address bar says {search!r}, not the table {code}")


def play(page, other, start, end, colour):
    """`colour` plays start-end on `page` by two taps; `other` shows it."""
    page.read()
    since, since_other = len(page.lines), len(other.lines)
    last_played = max((i for i, line in enumerate(page.lines) if " played " in line), default=0)
    page.wait_for(rf"{colour} moves ", f"{colour}'s turn on {page.name}", last_played)
    page.click("square", start, "touch")
    page.click("square", end, "touch")
    page.wait_for(rf"played {start}-?{end}\b", f"{start}-{end} on {page.name}", since)
    other.wait_for(rf"played {start}-?{end}\b", f"{start}-{end} on {other.name}", since_other)
    print(f"  {start}-{end} played on {page.name}, seen on {other.name}", flush=True)


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    dist, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="gamut-web-table-")
    server = build_server()
    proc, address = start_server(server, dist, work)
    driver = wd.Chromedriver(os.path.join(out, "chromedriver.log"))
    pages = []
    try:
        query = "log-positions&animation=instant&language=en"
        ann = web_test.Page(driver, f"http://{address}/?{query}", out, "ann", 390, 844,
                            phone=True)
        pages.append(ann)
        code = make_by_touch(ann)
        address_says(ann, code)
        print(f"table {code} made from the page at {address}; its address bar is the link",
              flush=True)
        bob = web_test.Page(driver, f"http://{address}/?{query}&table={code}", out, "bob", 390,
                            844, phone=True)
        pages.append(bob)
        bob.wait_for(rf"at table {code}, watching", "the link opening the table")
        print("the link opened the table on the second phone", flush=True)
        bob.settled("button", "table-bar/sit-1")
        type_into(bob, "table-bar/name", "Bob")
        since = len(bob.lines)
        bob.click("button", "table-bar/sit-1", "touch")
        bob.wait_for(rf"at table {code} in seat 1", "the second phone seated at White", since)
        bob.shot("seated")
        play(ann, bob, "b1", "b3", "black")
        play(bob, ann, "a2", "c2", "white")
        ann.shot("before-the-reload")
        since = len(ann.lines)
        ann.session.script("location.reload()")
        ann.wait_for(rf"at table {code} in seat 0", "the reloaded page back at its seat", since)
        address_says(ann, code)
        print("the reloaded page came back at its seat", flush=True)
        ann.shot("after-the-reload")
        play(ann, bob, "d1", "d3", "black")
        print("tables from the page: made, opened by its link, played, and back after a reload")
        return 0
    except (Failed, wd.WebDriverError) as e:
        print(f"FAILED: {e}", file=sys.stderr)
        for page in pages:
            page.shot("failed")
        return 1
    finally:
        for page in pages:
            page.close()
        driver.close()
        proc.terminate()


if __name__ == "__main__":
    sys.exit(main())
