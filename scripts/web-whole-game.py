#!/usr/bin/env python3
"""A whole game played in the page, in headless Chromium, by mouse or by touch: the person is
Black against the computer at its first level (Beginner, a short think), and plays every one of
its moves by two clicks or two taps of the squares the game logs, until the game is over.

  scripts/web-whole-game.py DIST OUT [mouse|touch]

DIST is a page built with the `dev` feature. A long run (many minutes with the page drawn in
software): not in the test command, whose browser test plays a few moves; its screenshots of
the start and the end and the moves played are left in OUT."""

import importlib.util
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("web_test", os.path.join(HERE, "web-test.py"))
wt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(wt)
wd = wt.wd


def main():
    dist, out = sys.argv[1], sys.argv[2]
    pointer = sys.argv[3] if len(sys.argv) > 3 else "mouse"
    phone = pointer == "touch"
    os.makedirs(out, exist_ok=True)
    port = wd.free_port()
    server = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "web-serve.py"), dist, str(port)],
        env={**os.environ, "WEB_SERVE_QUIET": "1"}, stdout=subprocess.DEVNULL)
    driver = wd.Chromedriver(os.path.join(out, "chromedriver.log"))
    url = (f"http://127.0.0.1:{port}/?log-positions&animation=instant&language=en"
           "&black=human&white=ai:1&think-time=300")
    width, height = (390, 844) if phone else (1280, 800)
    page = wt.Page(driver, url, out, f"whole-{pointer}", width, height, phone=phone)
    started = time.time()
    moves = 0
    try:
        page.a_move()
        page.shot("start")
        while True:
            page.read()
            if any("game over" in line for line in page.lines):
                break
            played = wt.play_by_clicks(page, pointer)
            moves += 1
            # The computer's reply, or the end.
            deadline = time.time() + wt.LIMIT
            while time.time() < deadline:
                page.read()
                if any("game over" in l for l in page.lines[played + 1:]):
                    break
                if any(" played " in l for l in page.lines[played + 1:]):
                    break
                time.sleep(0.25)
        page.frames()
        page.shot("game-over")
        minutes = (time.time() - started) / 60
        print(f"whole game by {pointer}: {moves} moves of the person's to the end in "
              f"{minutes:.1f} min")
    except (wt.Failed, wd.WebDriverError) as e:
        print(f"whole game FAILED after {moves} moves: {e}", file=sys.stderr)
        return 1
    finally:
        page.close()
        driver.close()
        server.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
