#!/usr/bin/env python3
"""Every screen of the game opened in the page, in headless Chromium, as a player opens it: from
the title, by mouse on a desktop-sized window or by touch on a phone (390×844), with a
screenshot of each to look at.

  scripts/web-tour.py DIST OUT [desktop|phone] [SCREEN...]     (TOUR_LANGUAGE=fr or it)

DIST is a page built with the `dev` feature. Each screen starts from a fresh load of the page
(its title). A screen that does not show its own controls fails the tour. Many minutes with the
page drawn in software: not in the test command, whose browser test covers the game, the
saves, the settings and the lessons."""

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

# A screen: its name, the buttons a player presses from the title (each one reached by the
# wheel when it is below a window's edge), and a control that only that screen draws.
SCREENS = [
    ("analysis", ["title/analysis"], "analysis/engine"),
    ("editor", ["title/editor"], "editor/clear"),
    ("puzzles", ["title/puzzles"], "puzzles/back-to-title"),
    ("tournament", ["title/tournament"], "tournament/add"),
    ("exhibition", ["title/exhibition"], "exhibition/players"),
    ("strength", ["title/strength"], "strength/close"),
    ("about", ["title/about"], "rules/tab-rules"),
    ("settings", ["title/settings"], "settings/theme-wood"),
    ("lessons", ["title/lessons"], "lessons/list"),
    # A lesson's first step: its panel beside the board (a sheet under it on a phone).
    ("lesson", ["title/lessons", "lessons/loa-moves"], "lessons/back-to-list"),
    # A puzzle: its panel.
    ("puzzle", ["title/puzzles", "puzzles/loa/w1-01"], "puzzles/back-to-list"),
    # A game resigned at once, then its review with the coach.
    ("review", ["title/hot-seat", "new-game/start", "button-resign", "resign/yes",
                "game-over/review"], "review/close"),
    # LOA for four, a person's seats and the computer's: its four seats in the panel (a sheet
    # on a phone). The address's options start the game without the title.
    ("four", [], "button-new-game"),
]


def visit(driver, base, out, device, screen, presses, shown):
    phone = device == "phone"
    pointer = "touch" if phone else "mouse"
    width, height = (390, 844) if phone else (1280, 800)
    language = os.environ.get("TOUR_LANGUAGE", "en")
    url = base + f"?log-positions&animation=instant&language={language}"
    if screen == "four":
        url += ("&game=loa&variant=four-players&black=human&white=ai:1&black-marked=ai:1"
                "&white-marked=human&think-time=300")
    page = wt.Page(driver, url, out, f"{device}-{language}-{screen}", width, height, phone=phone)
    try:
        if presses:
            page.settled("button", "title/against-computer")
        for name in presses:
            page.reach("button", name)
            page.click("button", name, pointer)
        page.reach("button", shown)
        page.frames()
        page.shot(screen)
        print(f"  {device}: {screen} shown ({shown})")
    finally:
        page.close()


def main():
    dist, out = sys.argv[1], sys.argv[2]
    device = sys.argv[3] if len(sys.argv) > 3 else "desktop"
    wanted = set(sys.argv[4:])
    os.makedirs(out, exist_ok=True)
    port = wd.free_port()
    server = subprocess.Popen(
        [sys.executable, os.path.join(HERE, "web-serve.py"), dist, str(port)],
        env={**os.environ, "WEB_SERVE_QUIET": "1"}, stdout=subprocess.DEVNULL)
    driver = wd.Chromedriver(os.path.join(out, "chromedriver.log"))
    base = f"http://127.0.0.1:{port}/"
    started = time.time()
    failed = []
    try:
        for screen, presses, shown in SCREENS:
            if wanted and screen not in wanted:
                continue
            try:
                visit(driver, base, out, device, screen, presses, shown)
            except (wt.Failed, wd.WebDriverError) as e:
                print(f"  {device}: {screen} FAILED: {e}", file=sys.stderr)
                failed.append(screen)
    finally:
        driver.close()
        server.terminate()
    minutes = (time.time() - started) / 60
    print(f"tour ({device}): {len(failed)} screens failed {failed} in {minutes:.1f} min")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
