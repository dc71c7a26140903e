#!/usr/bin/env python3
"""The engine's speed in the page's Web Worker against the native engine, in the same run.

  scripts/engine-bench-web.py DIST [SECONDS] [ROUNDS]

DIST is a page built with the `dev` feature (`WEB_FEATURES=dev scripts/web.sh build`). Each
round searches the Lines of Action start for SECONDS (default 1) twice:
- in the page, opened in headless Chromium with `?engine-bench=SECONDS`: the game submits the
  search to its engine-job service, which runs it in the Web Worker (one line, a 32 MiB table,
  as the analysis board's lines), and logs the depth and nodes in the browser's console;
- natively, with `gamut-engine analyse --movetime` (release build, the same searcher and
  evaluators, a 32 MiB table), whose summary line (deepest completed depth, nodes, nodes per second) is read.
It prints each round and the ratio of the medians (page / native nodes per second). A figure
for the docs (docs/web.md), not a test: it depends on this machine."""

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webdriver as wd  # noqa: E402

PAGE = re.compile(r"engine bench: depth (\d+) nodes (\d+) ms (\d+) nps (\d+)")
NATIVE = re.compile(r"^best .*depth (\d+), (\d+) nodes, (\d+) nodes/second")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def in_page(driver, base, seconds, out):
    profile = tempfile.mkdtemp(prefix="gamut-bench-profile-")
    session = wd.Session(driver, wd.chromium_options(800, 600, profile=profile))
    try:
        session.open(f"{base}?engine-bench={seconds}")
        deadline = time.time() + 300
        lines = []
        while time.time() < deadline:
            for _, message in session.logs():
                text = wd.console_text(message)
                lines.append(text)
                m = PAGE.search(text)
                if m:
                    depth, nodes, ms, nps = map(int, m.groups())
                    return depth, nodes, nps
                if "engine bench: the search gave no lines" in text:
                    raise SystemExit(f"the page's search failed: {text}")
            time.sleep(0.25)
        with open(os.path.join(out, "engine-bench-console.txt"), "w") as f:
            f.write("\n".join(lines))
        raise SystemExit("the page logged no engine bench within 300 s")
    finally:
        session.quit()


def native(engine, seconds):
    run = subprocess.run(
        [engine, "analyse", "--movetime", str(int(seconds * 1000)), "--hash", "32"],
        capture_output=True, text=True, check=True)
    last = None
    for line in run.stdout.splitlines():
        m = NATIVE.search(line)
        if m:
            last = tuple(map(int, m.groups()))
    if last is None:
        raise SystemExit(f"gamut-engine printed no depth:\n{run.stdout}{run.stderr}")
    return last


def main():
    dist = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    subprocess.run(["cargo", "build", "--locked", "--release", "-p", "gamut-engine"],
                   cwd=ROOT, check=True)
    engine = os.path.join(target, "release", "gamut-engine")
    out = tempfile.mkdtemp(prefix="gamut-bench-")
    port = wd.free_port()
    server = subprocess.Popen(
        [sys.executable, os.path.join(ROOT, "scripts", "web-serve.py"), dist, str(port)],
        env={**os.environ, "WEB_SERVE_QUIET": "1"}, stdout=subprocess.DEVNULL)
    driver = wd.Chromedriver(os.path.join(out, "chromedriver.log"))
    pages, natives = [], []
    try:
        for r in range(rounds):
            depth, nodes, nps = in_page(driver, f"http://127.0.0.1:{port}/", seconds, out)
            pages.append(nps)
            print(f"round {r + 1}: page   depth {depth:2} nodes {nodes:9} nps {nps}")
            depth, nodes, nps = native(engine, seconds)
            natives.append(nps)
            print(f"round {r + 1}: native depth {depth:2} nodes {nodes:9} nps {nps}")
    finally:
        driver.close()
        server.terminate()
    page, nat = statistics.median(pages), statistics.median(natives)
    print(f"median nps: page {page:.0f}, native {nat:.0f}, ratio {page / nat:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
