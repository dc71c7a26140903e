#!/usr/bin/env python3
"""The page in a real browser, played as a player plays it: Debian's Chromium, headless, with
WebGL2 in software, driven through WebDriver (scripts/webdriver.py) by mouse and by touch.

  scripts/web-test.py DIST OUT

DIST is a page built with the `dev` feature (`WEB_FEATURES=dev scripts/web.sh build`): with
`?log-positions` in its address the game logs, in the browser's console, where its squares and
main buttons are drawn and what the player may play, so the test clicks where a player would.
OUT receives a screenshot of each step and the browser's log.

On a desktop-sized window, by mouse: the title's "Against the computer", New Game's Start, a move
by two clicks, the computer's reply while the page keeps answering (the engine thinks in a Web
Worker: the page's main thread must keep running its frames; the longest gap is reported), the
saves window's Download (the file checked among the browser's downloads), its Copy record
(read back from the browser's clipboard) and its "Open a
file…" (a record given to the file picker, opened by the game), the settings' Fullscreen, the
page reloaded and the
autosave offered on the title, then the lessons. On a phone-sized screen
(390×844), by touch: the same start and a move by two taps, then one by a drag of the finger;
a hot-seat game won there, shared from the game-over panel (its GIF and PNG downloaded) and
reviewed."""

import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webdriver as wd  # noqa: E402

LIMIT = float(os.environ.get("WEB_TEST_WAIT", "300"))
POSITION = re.compile(r"(square|button) (\S+) at (-?\d+) (-?\d+)")
FRAME = re.compile(r"frame (\d+)( rests)?$")


class Failed(Exception):
    pass


class Page:
    """One browser session on the page, and what the game logged in its console."""

    def __init__(self, driver, url, out, name, width, height, phone, args=()):
        self.out, self.name, self.phone = out, name, phone
        self.profile = tempfile.mkdtemp(prefix="gamut-web-profile-")
        options = wd.chromium_options(width, height, phone=phone, profile=self.profile)
        options["args"].extend(args)
        self.session = wd.Session(driver, options)
        self.lines = []
        self.times = []
        self.positions = {}
        self.shots = 0
        self.url = url
        self.session.open(url)
        self.ratio = 1.0
        self.watch_frames()

    def watch_frames(self):
        """Notes the time of every frame the browser gives the page (requestAnimationFrame):
        while the page's main thread is blocked, none comes."""
        self.session.script(FRAME_TIMES)

    def frame_times(self, start, end):
        return self.session.script(
            "return window.__gamutFrames.filter((t) => t >= arguments[0] && t <= arguments[1])",
            start, end)

    def read(self):
        for when, message in self.session.logs():
            text = wd.console_text(message)
            self.lines.append(text)
            self.times.append(when)
            for m in POSITION.finditer(text):
                self.positions[(m.group(1), m.group(2))] = (int(m.group(3)), int(m.group(4)))

    def wait_for(self, pattern, what, since=0):
        deadline = time.time() + LIMIT
        regex = re.compile(pattern)
        while time.time() < deadline:
            self.read()
            for line in self.lines[since:]:
                m = regex.search(line)
                if m:
                    return m
            time.sleep(0.25)
        raise Failed(f"{self.name}: no {what} within {LIMIT:.0f} s")

    def settled(self, kind, name):
        """Where `name` is drawn once it has stayed put over two of the game's frames, or the
        game rests (a new dialog is laid out over its first frames), in the page's CSS
        pixels."""
        self.wait_for(rf"{kind} {re.escape(name)} at ", f"{kind} {name} on screen")
        at = self.positions[(kind, name)]
        # Still in the same place two frames later (a second of the clock is less than a frame
        # drawn in software: the board, framed anew after a tap, moved under a waiting finger).
        # A game that rests draws nothing more: what it logged last stays.
        while not self.frame()[1]:
            self.frames(2)
            now = self.positions[(kind, name)]
            if now == at:
                break
            at = now
        # A page whose size just changed (out of fullscreen) can log one frame laid out for the
        # old size before the game sees the new one: what is outside the page is waited out.
        deadline = time.time() + LIMIT
        while True:
            self.read()
            at = self.positions[(kind, name)]
            # The game logs the canvas's own pixels; the pointer goes by the page's CSS pixels.
            self.ratio = self.session.script(
                "const c = document.getElementById('gamut'); return c.width / c.clientWidth") or 1.0
            x, y = at[0] / self.ratio, at[1] / self.ratio
            width, height = self.session.script("return [window.innerWidth, window.innerHeight]")
            if 0 <= x < width and 0 <= y < height:
                return (x, y)
            if time.time() > deadline:
                raise Failed(f"{self.name}: {kind} {name} stays outside the page at {x:.0f},{y:.0f}")
            time.sleep(0.25)

    def reach(self, kind, name):
        """Where `name` is, scrolled into view first as a player scrolls a window with the
        mouse's wheel over the page's middle, when it is not shown: the game logs a control
        only while at least half of it shows (not under a scroll area's edge). For a control
        not logged before in this page."""
        for _ in range(12):
            self.frames()
            if (kind, name) in self.positions:
                return self.settled(kind, name)
            width, height = self.session.script("return [window.innerWidth, window.innerHeight]")
            if self.phone:
                # A finger scrolls by dragging what it touches upwards (a phone has no wheel).
                print(f"  swipe to reach {name}")
                x, y = width / 2, height * 0.6
                self.session.actions("mouse", [wd.move(x, y), wd.down(), wd.pause(200),
                                               wd.move(x, y - 80), wd.pause(200),
                                               wd.move(x, y - 160), wd.pause(200), wd.up()])
                self.frames()
                continue
            print(f"  wheel to reach {name}")
            # The wheel scrolls what the mouse is over: the mouse goes there first.
            self.step("mouse", wd.move(width / 2, height / 2))
            self.session.call("DELETE", "/actions")
            self.session.call("POST", "/actions", {"actions": [{
                "type": "wheel", "id": "wheel-1", "actions": [{
                    "type": "scroll", "x": int(width / 2), "y": int(height / 2), "deltaX": 0,
                    "deltaY": 200, "origin": "viewport"}]}]})
        raise Failed(f"{self.name}: {name} stays out of view")

    def shot(self, label):
        self.shots += 1
        path = os.path.join(self.out, f"{self.name}-{self.shots:02d}-{label}.png")
        time.sleep(1.0)
        # Drawn without a GPU, a frame can keep the page busy past chromedriver's wait for a
        # picture: tried again.
        for attempt in range(6):
            try:
                self.session.screenshot(path)
                print(f"  screenshot {path}")
                return
            except wd.WebDriverError as e:
                if "timeout" not in str(e) or attempt == 5:
                    raise
                time.sleep(2)

    def frame(self):
        """The number of the last frame the game logged, and whether it then rested."""
        self.read()
        for line in reversed(self.lines):
            m = FRAME.search(line.split('"')[0].strip())
            if m:
                return int(m.group(1)), bool(m.group(2))
        return 0, False

    def frames(self, count=2):
        """Waits until the game has drawn `count` more frames, or one and then rested: it has
        seen what was just done, however long a frame takes (a frame can take seconds when
        the page is drawn without a GPU)."""
        start, _ = self.frame()
        deadline = time.time() + LIMIT
        while time.time() < deadline:
            now, rests = self.frame()
            if now >= start + count or (now > start and rests):
                waited = time.time() - deadline + LIMIT
                if waited > 20:
                    print(f"  (waited {waited:.0f} s for the game's frames)")
                return
            time.sleep(0.2)
        raise Failed(f"{self.name}: the game drew no frame for {LIMIT:.0f} s")

    def rested(self, since, what):
        """Waits until the game rests after line `since` (what a move set going is over: the
        board turned to the side to move in a hot-seat game)."""
        self.wait_for(r"frame \d+ rests", what, since)

    def step(self, pointer, *actions):
        """One step of the pointer, held down between steps, then the game's frames. A finger
        is the page's touch emulation (the phone's session): Chromium turns the pointer into
        touch events (touchstart/touchend, pointerType "touch"); chromedriver's own touch
        source lost its release between two calls."""
        self.session.actions("mouse", list(actions), release=False)
        self.frames()

    def touched(self, since):
        """Checks that the game received the last press as a finger's touch, start and end."""
        self.wait_for(r"touch \d+ Started at ", "the touch's start in the game", since)
        self.wait_for(r"touch \d+ Ended at ", "the touch's end in the game", since)

    def click(self, kind, name, pointer="mouse"):
        x, y = self.settled(kind, name)
        print(f"  {pointer} on {kind} {name} at {x:.0f},{y:.0f}")
        since = len(self.lines)
        if pointer == "touch":
            # A finger does not hover: the move is no event for a page at rest, and no frame
            # would come for it (the test waited out the game's two-minute idle wait).
            self.session.actions("mouse", [wd.move(x, y)], release=False)
        else:
            self.step(pointer, wd.move(x, y))
        self.step(pointer, wd.down())
        self.step(pointer, wd.up())
        self.session.call("DELETE", "/actions")
        if pointer == "touch":
            self.touched(since)

    def drag(self, start, end, pointer):
        (x0, y0), (x1, y1) = self.settled("square", start), self.settled("square", end)
        print(f"  {pointer} drags {start} to {end}")
        since = len(self.lines)
        if pointer == "touch":
            # The finger's moves reach the page only within one chain of actions (between two
            # calls chromedriver dropped them), so the game's frames are waited for by pauses
            # of three of its frames, as long as the page takes to draw them.
            wait = wd.pause(3 * self.frame_interval())
            self.session.actions("mouse", [
                wd.move(x0, y0), wait, wd.down(), wait,
                wd.move((x0 + x1) / 2, (y0 + y1) / 2, 200), wait,
                wd.move(x1, y1, 200), wait, wd.up()], release=False)
            self.frames()
            self.session.call("DELETE", "/actions")
            self.wait_for(r"touch \d+ Moved at ", "the finger's move in the game", since)
            self.touched(since)
            return
        self.step(pointer, wd.move(x0, y0))
        self.step(pointer, wd.down())
        self.step(pointer, wd.move((x0 + x1) / 2, (y0 + y1) / 2, 200))
        self.step(pointer, wd.move(x1, y1, 200))
        self.step(pointer, wd.up())
        self.session.call("DELETE", "/actions")

    def frame_interval(self):
        """How long the page takes to draw a frame now (ms): the median of its last frames."""
        self.read()
        marks = [t for t, line in zip(self.times, self.lines) if FRAME.search(line.split('"')[0].strip())]
        gaps = sorted(b - a for a, b in zip(marks[-11:], marks[-10:]))
        return max(500, gaps[len(gaps) // 2] if gaps else 3000)

    def a_move(self):
        """A legal move for the person to play now: from the game's last `… moves a-b c-d` line,
        once one has come after the last move played."""
        turn = re.compile(r"(black|white) moves ((?:\S+-\S+ ?)+)")
        deadline = time.time() + LIMIT
        while time.time() < deadline:
            self.read()
            last_played = max((i for i, l in enumerate(self.lines) if " played " in l), default=-1)
            for line in reversed(self.lines[last_played + 1:]):
                m = turn.search(line)
                if m:
                    return m.group(2).split()[0].strip('"').split("-")
            time.sleep(0.25)
        raise Failed(f"{self.name}: no person's turn within {LIMIT:.0f} s")

    def close(self):
        with open(os.path.join(self.out, f"{self.name}-console.log"), "w") as f:
            # Each line after the seconds since the first (what took long shows).
            first = self.times[0] if self.times else 0
            f.write("\n".join(f"{(when - first) / 1000:8.1f} {line}"
                              for when, line in zip(self.times, self.lines)))
        self.session.quit()


FRAME_TIMES = """
  window.__gamutFrames = [];
  const tick = () => {
    window.__gamutFrames.push(Date.now());
    if (window.__gamutFrames.length > 20000) window.__gamutFrames.shift();
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
"""


def play_by_clicks(page, pointer):
    start, end = page.a_move()
    since = len(page.lines)
    page.click("square", start, pointer)
    page.click("square", end, pointer)
    page.wait_for(rf"played {start}-?{end}\b", f"the move {start}-{end} played by {pointer}", since)
    print(f"  {start}-{end} played by {pointer}")
    return max(i for i, l in enumerate(page.lines) if " played " in l)


def computer_replies(page, played_at):
    """Waits for the computer's move (the person's move was logged at line `played_at`) and
    checks that the page's main thread kept running frames while the engine thought (in its
    worker): the longest gap between two frames is shorter than the think. An engine on the
    page's thread would leave one gap as long as the whole think."""
    m_line = None
    deadline = time.time() + LIMIT
    while m_line is None and time.time() < deadline:
        page.read()
        m_line = next((i for i in range(played_at + 1, len(page.lines))
                       if " played " in page.lines[i]), None)
        time.sleep(0.25)
    if m_line is None:
        raise Failed(f"{page.name}: no reply from the computer within {LIMIT:.0f} s")
    start, end = page.times[played_at], page.times[m_line]
    frames = page.frame_times(start, end)
    marks = [start] + frames + [end]
    longest = max(b - a for a, b in zip(marks, marks[1:]))
    think = end - start
    print(f"  the computer replied after {think / 1000:.1f} s; the page ran {len(frames)} frames "
          f"meanwhile, the longest gap {longest} ms")
    if think >= 5000 and longest >= think:
        raise Failed("the page stopped running its frames while the computer thought")
    return {"think_ms": think, "frames": len(frames), "longest_gap_ms": longest}


def first_title(page):
    """How long after the page began to load the game logged the title's first button and its
    first frame (the browser's clock for both)."""
    origin = page.session.script("return performance.timeOrigin")
    def first(pattern):
        return next(t for t, line in zip(page.times, page.lines) if re.search(pattern, line))
    title = first(r"button title/against-computer at ") - origin
    frame = first(r"frame 1\b") - origin
    print(f"  the title's first frame {title / 1000:.1f} s after the page began to load "
          f"(the game's first frame at {frame / 1000:.1f} s)")
    return {"title_ms": round(title), "first_frame_ms": round(frame)}


def review(page):
    """The game's review analyses every position in the engine's worker and says so: each
    position's score comes back (the page's log), the strip's line says the analysis is done;
    then the review closes."""
    since = len(page.lines)
    page.click("button", "button-review")
    page.wait_for(r"engine job (\d+) of Review sent to its worker", "the review's analysis sent",
                  since)
    done = page.wait_for(r"engine job \d+ of Review done: (\w+)", "the review's analysis done",
                         since)
    if done.group(1) != "answered":
        raise Failed(f"the review's analysis {done.group(1)}")
    scored = {int(m.group(1)) for line in page.lines[since:]
              for m in [re.search(r"of Review: position (\d+) scored", line)] if m}
    played = sum(1 for l in page.lines if " played " in l)
    if scored != set(range(played + 1)):
        raise Failed(f"the review scored positions {sorted(scored)} of {played + 1}")
    page.frames()
    page.settled("button", "review/analysis")
    print(f"  the review analysed its {played + 1} positions in the worker")
    page.shot("reviewed")
    page.click("button", "review/close")


def browser_ticks(profile):
    """CPU ticks (user and system) of every process of the browser that uses `profile`: the
    browser itself (its command line names the profile), the GPU process and the page's
    renderer (its children and theirs)."""
    stats = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                command = f.read().decode(errors="replace")
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        stats[pid] = (fields[1], int(fields[11]) + int(fields[12]), profile in command)
    ours = {pid for pid, (_, _, named) in stats.items() if named}
    grew = True
    while grew:
        children = {pid for pid, (parent, _, _) in stats.items() if parent in ours} - ours
        ours |= children
        grew = bool(children)
    return sum(stats[pid][1] for pid in ours)


def browser_memory(profile):
    """The memory of the browser's processes that use `profile`, in MB of PSS (each page of
    memory shared between processes counted once, in parts), by kind: the page's renderer
    (the game's program, its engine's worker, the page), the GPU process (drawing), and the
    rest (the browser, its utilities)."""
    kinds = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                command = f.read().decode(errors="replace")
            if profile not in command and "--type=" not in command:
                continue
            with open(f"/proc/{pid}/smaps_rollup") as f:
                pss = next(int(line.split()[1]) for line in f if line.startswith("Pss:"))
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except (OSError, StopIteration):
            continue
        kind = ("renderer" if "--type=renderer" in command else
                "gpu" if "--type=gpu-process" in command else "other")
        parent = stat[stat.rindex(")") + 2:].split()[1]
        kinds[pid] = (parent, kind, pss, profile in command)
    ours = {pid for pid, (_, _, _, named) in kinds.items() if named}
    grew = True
    while grew:
        children = {pid for pid, (parent, *_) in kinds.items() if parent in ours} - ours
        ours |= children
        grew = bool(children)
    totals = {}
    for pid in ours:
        _, kind, pss, _ = kinds[pid]
        totals[kind] = totals.get(kind, 0) + pss
    return {kind: round(kb / 1024) for kind, kb in totals.items()}


def worker_start(page):
    """How long the engine's worker takes to start: a worker made as the game makes it, its
    first answer timed (a job it cannot read, answered at once once its program runs), and
    what compiling each program costs the phone: the engine's own and the game's (the
    worker loaded the game's whole program before it had its own)."""
    figures = page.session.async_script("""
        const done = arguments[arguments.length - 1];
        const t0 = performance.now();
        const worker = new Worker('./worker.js', { type: 'module' });
        worker.onmessage = async (event) => {
          const start = performance.now() - t0;
          worker.terminate();
          const compile = async (file) => {
            if (!file) return null;
            const bytes = await (await fetch(file)).arrayBuffer();
            const t = performance.now();
            await WebAssembly.compile(bytes);
            return [Math.round(performance.now() - t), bytes.byteLength];
          };
          const files = await (await fetch('page-files.txt')).text();
          const pick = (re) => files.split('\\n').find((f) => re.test(f));
          done({ start: Math.round(start), answer: event.data,
                 engine: await compile(pick(/^engine_bg-.*\\.wasm$/)),
                 game: await compile(pick(/^gamut_bg-.*\\.wasm$/)) });
        };
        worker.onerror = () => done({ error: 'the worker did not start' });
        worker.postMessage([1, 'not a job']);
    """)
    if "error" in figures or "Failed" not in str(figures.get("answer")):
        raise Failed(f"the engine's worker did not answer as it should: {figures}")
    (engine_ms, engine_bytes), (game_ms, game_bytes) = figures["engine"], figures["game"]
    print(f"  the engine's worker answered {figures['start']} ms after it was made; compiling "
          f"its program ({engine_bytes:,} bytes) took {engine_ms} ms, the game's "
          f"({game_bytes:,} bytes, what the worker loaded before) {game_ms} ms")
    return {"worker_start_ms": figures["start"], "engine_compile_ms": engine_ms,
            "game_compile_ms": game_ms, "engine_wasm_bytes": engine_bytes,
            "game_wasm_bytes": game_bytes}


# How long the page is watched while the player thinks; the most frames it may draw meanwhile
# (a resting page draws none; one for a late settling is allowed).
REST_SECONDS = 30
REST_FRAMES = 1
# Seconds without a frame after which the page is taken to have settled.
SETTLE_SECONDS = 8


def rests(page):
    """With the person to move and nothing changing, the page draws no frame and the browser's
    processes (the page's, the GPU's) hardly work: the frames the game drew over
    REST_SECONDS and the CPU of the browser's processes, in per cent of one core. A page that
    kept drawing (a frame every few seconds, drawn in software) used a whole core."""
    page.a_move()
    # The reply's last frames (the pieces settling, the panel, the render pipelines still
    # being built) are let go first: until no frame came for a few seconds.
    deadline = time.time() + LIMIT
    last, quiet_since = page.frame()[0], time.time()
    while time.time() - quiet_since < SETTLE_SECONDS and time.time() < deadline:
        time.sleep(0.5)
        now = page.frame()[0]
        if now != last:
            last, quiet_since = now, time.time()
    first, _ = page.frame()
    ticks = browser_ticks(page.profile)
    start = time.time()
    time.sleep(REST_SECONDS)
    seconds = time.time() - start
    cpu = 100 * (browser_ticks(page.profile) - ticks) / os.sysconf("SC_CLK_TCK") / seconds
    drawn = page.frame()[0] - first
    print(f"  waiting for the person {seconds:.0f} s: the game drew {drawn} frames, the "
          f"browser's processes used {cpu:.1f} % of a core")
    if drawn > REST_FRAMES:
        wakers = [line.split('"')[0] for line in page.lines[-40:]
                  if "asked by" in line or "woken by" in line]
        raise Failed(f"the page does not rest while the person thinks: {drawn} frames in "
                     f"{seconds:.0f} s ({cpu:.0f} % of a core); {wakers[-6:]}")
    return {"rest_frames": drawn, "rest_cpu_percent": round(cpu, 1), "rest_seconds": round(seconds)}


def device_files(page, out):
    """The saves window's Download gives the game as a file among the browser's downloads; its
    "Open a file…" opens a record chosen on the device (the file picker's input given a file,
    as WebDriver gives files to a page), and the game says it opened it."""
    downloads = tempfile.mkdtemp(prefix="gamut-downloads-")
    page.session.call("POST", "/goog/cdp/execute", {
        "cmd": "Browser.setDownloadBehavior",
        "params": {"behavior": "allow", "downloadPath": downloads}})
    page.click("button", "button-saves")
    page.click("button", "saves/download")
    deadline = time.time() + LIMIT
    saved = []
    while not saved and time.time() < deadline:
        saved = [f for f in os.listdir(downloads) if f.endswith(".json")]
        time.sleep(0.5)
    if not saved:
        raise Failed("the saves window's Download gave no file")
    with open(os.path.join(downloads, saved[0])) as f:
        text = f.read()
    record = json.loads(text)["record"]
    # As Save keeps it: the board's view too.
    if '"flat"' not in text:
        raise Failed(f"the downloaded game has no view: {text[:300]}")
    print(f"  downloaded {saved[0]}: {len(record)} characters of record, and the view")
    page.shot("downloaded")
    # Copy record: the same record on the browser's clipboard (read back with the page's
    # permission to read it, granted as a player would).
    page.session.call("POST", "/goog/cdp/execute", {
        "cmd": "Browser.grantPermissions",
        "params": {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]}})
    page.click("button", "saves/copy")
    copied = page.session.async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.readText().then(done, (e) => done('refused: ' + e));")
    if copied.strip() != record.strip():
        raise Failed(f"Copy record put {copied[:80]!r} on the clipboard, not the game's record")
    print(f"  the record copied to the browser's clipboard")
    # The same game's record, as a file of the device's, opened through the file picker.
    chosen = os.path.join(downloads, "from-the-device.txt")
    with open(chosen, "w") as f:
        f.write(record)
    since = len(page.lines)
    # The browser's file chooser is the system's dialog: taken over (a headless browser's would
    # hold the page), the file is given to the page's file input as WebDriver gives files.
    page.session.call("POST", "/goog/cdp/execute", {
        "cmd": "Page.setInterceptFileChooserDialog", "params": {"enabled": True}})
    page.click("button", "saves/open-file")
    # Opened by the page's own handler of the press (a browser refuses a picker opened later).
    page.wait_for(r"the file picker opened from the player's press",
                  "the file picker opened within the press", since)
    element = page.session.call("POST", "/element", {
        "using": "css selector", "value": "#gamut-open-file"})
    key = next(iter(element.values()))
    page.session.call("POST", f"/element/{key}/value", {"text": chosen})
    page.wait_for(r'notice Opened\("from-the-device.txt"\)', "the game opening the chosen file",
                  since)
    print("  opened from-the-device.txt from the device")
    page.shot("opened-from-device")


def fullscreen(page):
    """The settings' Fullscreen box puts the page in fullscreen (the browser's own, after the
    player's click); leaving it as the browser's Esc does, the game follows."""
    page.click("button", "button-settings")
    since = len(page.lines)
    # One chain of actions: once in fullscreen, the page takes the (headless) screen's size,
    # where the pointer's old place may be outside it.
    x, y = page.reach("button", "settings/fullscreen")
    print(f"  mouse on button settings/fullscreen at {x:.0f},{y:.0f}")
    page.session.actions("mouse", [wd.move(x, y), wd.pause(300), wd.down(), wd.pause(300),
                                   wd.up()])
    page.frames()
    deadline = time.time() + LIMIT
    element = None
    while element is None and time.time() < deadline:
        page.read()
        element = page.session.script(
            "return document.fullscreenElement && document.fullscreenElement.id")
        time.sleep(0.5)
    if element != "gamut":
        raise Failed(f"the settings' Fullscreen did not put the page in fullscreen ({element})")
    page.wait_for(r"the page went fullscreen", "the game following the page's fullscreen",
                  since)
    print("  fullscreen by the settings' box")
    page.shot("fullscreen")
    since = len(page.lines)
    page.session.script("document.exitFullscreen()")
    page.wait_for(r"the page left fullscreen", "the game following the page out of fullscreen",
                  since)
    print("  out of fullscreen as by the browser's Esc, and the game followed")
    page.click("button", "settings/close")


def desktop(driver, base, out):
    # The computer thinks 10 s a move: long enough to tell a page that kept running from one
    # whose thread the engine held.
    page = Page(driver, base + "?log-positions&animation=instant&language=en&think-time=10000",
                out, "desktop", 1280, 800, phone=False)
    figures = {}
    try:
        page.settled("button", "title/against-computer")
        figures.update(first_title(page))
        page.shot("title")
        page.click("button", "title/against-computer")
        page.settled("button", "new-game/start")
        page.shot("new-game")
        page.click("button", "new-game/start")
        page.a_move()
        page.shot("game")
        played = play_by_clicks(page, "mouse")
        page.shot("moved-by-mouse")
        figures.update(computer_replies(page, played))
        page.shot("computer-replied")
        review(page)
        device_files(page, out)
        fullscreen(page)
        # The autosave survives a reload: the title offers to resume the game.
        time.sleep(2)
        since = len(page.lines)
        page.session.script("location.reload()")
        page.wait_for(r"button title/resume at ", "the autosave's offer after a reload", since)
        page.watch_frames()
        page.shot("reloaded-resume-offered")
        page.click("button", "title/lessons")
        page.wait_for(r"button lessons/", "the lessons' list", since)
        page.shot("lessons")
    finally:
        page.close()
    return figures


def hint_arrow(page):
    """A hint asked by a tap under the moves is drawn as an arrow from the piece to its square
    (the squares' glow alone was easily missed), and goes once the hinted move is played."""
    page.a_move()
    since = len(page.lines)
    page.click("button", "button-hint", "touch")
    m = page.wait_for(r"\| hint ([a-z]+[0-9]+) ([a-z]+[0-9]+)", "the hint's squares", since)
    hinted = (m.group(1), m.group(2))
    page.wait_for(rf"arrows {hinted[0]}-{hinted[1]}\b", "the hint's arrow on the board", since)
    page.shot("hint-arrow")
    print(f"  the hint {hinted[0]}-{hinted[1]} drawn as an arrow")
    since = len(page.lines)
    page.click("square", hinted[0], "touch")
    page.click("square", hinted[1], "touch")
    page.wait_for(rf"played {hinted[0]}-?{hinted[1]}\b", "the hinted move played", since)
    page.wait_for(r"arrows none", "the hint's arrow gone with the move", since)
    played_at = max(i for i, line in enumerate(page.lines)
                    if re.search(rf"played {hinted[0]}-?{hinted[1]}\b", line))
    computer_replies(page, played_at)


def sheet_menu(page):
    """On a phone the app's and the view's buttons are behind the sheet's menu: a tap opens it,
    a tap on "3D view" turns the board (the phone starts flat), and the menu then offers the
    flat view back, which a last tap takes."""
    for now, then in (("button-view-3d", "button-view-2d"), ("button-view-2d", "button-view-3d")):
        page.click("button", "panel/menu", "touch")
        page.settled("button", now)
        page.shot(f"menu-{now}")
        board = page.positions.get(("square", "a1"))
        since = len(page.lines)
        page.click("button", now, "touch")
        page.wait_for(r"square a1 at ", "the board drawn anew in the other view", since)
        if page.positions.get(("square", "a1")) == board:
            raise Failed(f"{now} left the board where it was")
        page.click("button", "panel/menu", "touch")
        page.wait_for(rf"button {then} at ", f"the menu offering {then} once turned", since)
        # Closed again as a finger closes a menu: a tap outside it, on the sheet's header.
        page.click("button", "panel/menu", "touch")
    print("  the sheet's menu turned the board to 3D and back by touch")


def pinch(page):
    """Two fingers spread apart over the board, the first on a piece: the board zooms in, and
    no piece is picked up (a pinch's first finger was taken for a tap); the menu's Reset view
    puts the board back."""
    piece, _ = page.a_move()
    x1, y1 = page.settled("square", piece)
    # The second finger a few squares up and to the right, on the board.
    x2, y2 = x1 + 100, y1 - 100
    before = page.positions[("square", piece)]
    since = len(page.lines)

    def finger(i, x, y, dx, dy):
        # One chain of actions for both fingers (between two calls chromedriver lifts them).
        return {"type": "pointer", "id": f"finger-{i}", "parameters": {"pointerType": "touch"},
                "actions": [wd.move(x, y), wd.down(), wd.pause(1500),
                            wd.move(x + dx, y + dy, 1500), wd.pause(1500), wd.up()]}
    page.session.call("POST", "/actions", {"actions": [finger(1, x1, y1, -40, 40),
                                                       finger(2, x2, y2, 40, -40)]})
    page.session.call("DELETE", "/actions")
    page.frames()
    ended = page.wait_for(r"touch (\d+) Ended", "the pinch's fingers lifted", since)
    started = {m.group(1) for line in page.lines[since:]
               for m in [re.search(r"touch (\d+) Started", line)] if m}
    if len(started) < 2:
        raise Failed(f"the pinch reached the game as {len(started)} finger(s)")
    page.wait_for(rf"square {piece} at ", "the board zoomed by the pinch", since)
    page.frames()
    picked = [line.split('"')[0] for line in page.lines[since:] if "selected " in line
              and "selected none" not in line]
    if picked:
        raise Failed(f"the pinch picked a piece up: {picked}")
    print(f"  a pinch over the board zoomed it ({piece} from {before} to "
          f"{page.positions[('square', piece)]}), no piece picked up ({ended.group(0)})")
    page.shot("pinched")
    page.click("button", "panel/menu", "touch")
    since = len(page.lines)
    page.click("button", "button-reset-view", "touch")
    page.wait_for(rf"square {piece} at ", "the board framed anew by Reset view", since)
    page.frames()
    if page.positions[("square", piece)] != before:
        raise Failed(f"Reset view left {piece} at {page.positions[('square', piece)]}, "
                     f"not {before}")
    print("  the menu's Reset view put the board back")


def phone(driver, base, out):
    page = Page(driver, base + "?log-positions&animation=instant&language=en", out,
                "phone", 390, 844, phone=True)
    try:
        page.settled("button", "title/against-computer")
        page.shot("title")
        memory = {"memory_title_mb": browser_memory(page.profile)}
        page.click("button", "title/against-computer", "touch")
        page.settled("button", "new-game/start")
        page.shot("new-game")
        page.click("button", "new-game/start", "touch")
        page.a_move()
        page.shot("game")
        played = play_by_clicks(page, "touch")
        computer_replies(page, played)
        page.shot("computer-replied")
        figures = rests(page)
        memory["memory_after_reply_mb"] = browser_memory(page.profile)
        print(f"  the browser's memory (MB of PSS): at the title {memory['memory_title_mb']}, "
              f"after the computer's reply {memory['memory_after_reply_mb']}")
        figures.update(memory)
        figures.update(worker_start(page))
        start, end = page.a_move()
        since = len(page.lines)
        page.drag(start, end, "touch")
        page.wait_for(rf"played {start}-?{end}\b", f"the move {start}-{end} by a finger's drag",
                      since)
        print(f"  {start}-{end} played by a drag of the finger")
        page.shot("dragged-by-touch")
        hint_arrow(page)
        sheet_menu(page)
        pinch(page)
    finally:
        page.close()
    return figures


def share_on_phone(page):
    """The game-over panel's Share… by touch on a phone: Small picked, the pictures made, the
    GIF and the PNG offered as downloads and found among the browser's downloads (a GIF 240
    pixels across, a PNG); the device's share sheet offered only where the browser takes the
    files (`navigator.canShare`). Then closed, the game-over panel back."""
    downloads = tempfile.mkdtemp(prefix="gamut-share-")
    page.session.call("POST", "/goog/cdp/execute", {
        "cmd": "Browser.setDownloadBehavior",
        "params": {"behavior": "allow", "downloadPath": downloads}})
    page.click("button", "game-over/share", "touch")
    page.click("button", "share/size/small", "touch")
    page.click("button", "share/make", "touch")
    page.settled("button", "share/download-png")
    page.shot("share-offered")
    page.click("button", "share/download-gif", "touch")
    page.click("button", "share/download-png", "touch")
    deadline = time.time() + LIMIT
    found = {}
    while len(found) < 2 and time.time() < deadline:
        for name in os.listdir(downloads):
            for ending in ("gif", "png"):
                if name.endswith("." + ending):
                    found[ending] = os.path.join(downloads, name)
        time.sleep(0.5)
    if len(found) < 2:
        raise Failed(f"Share's downloads gave {sorted(os.listdir(downloads))}")
    time.sleep(1.0)
    with open(found["gif"], "rb") as f:
        gif = f.read()
    with open(found["png"], "rb") as f:
        png = f.read()
    width = int.from_bytes(gif[6:8], "little")
    if not gif.startswith(b"GIF89a") or width != 240:
        raise Failed(f"the shared GIF is not a GIF 240 across: {gif[:10]!r}")
    if not png.startswith(b"\x89PNG\r\n\x1a\n"):
        raise Failed(f"the shared PNG is not a PNG: {png[:8]!r}")
    sheet = page.session.script(
        "return typeof navigator.canShare === 'function' && typeof navigator.share === 'function'")
    shown = ("button", "share/sheet") in page.positions
    if shown and not sheet:
        raise Failed("Share offers the share sheet in a browser that has none")
    print(f"  Share by touch downloaded {os.path.basename(found['gif'])} ({len(gif)} bytes) and "
          f"{os.path.basename(found['png'])} ({len(png)} bytes); the browser's share sheet: "
          f"{'offered' if shown else 'none here'}")
    page.click("button", "share/close", "touch")
    page.settled("button", "game-over/review")


# Black to move can win at once (d1-c2 joins a1, b1 and c2); a1-a2 instead lets White join h8,
# g7 and h6 (f7-g7, or h6-g7 with f7). The review's coach: "a1-a2 — ?? blunder: It lets White
# connect on the next move: h6-g7. Black had a winning move here, and this is not it. Better:
# d1-c2." (gamut-engine explain: "allows a forced win in 1; gives up a forced win in 1").
BLUNDER = "7w/5w2/7w/8/8/8/8/bb1b4%20b"


def blunder_review(driver, base, out):
    """Two players at one phone: Black blunders (a1-a2), White wins (f7-g7), and the game-over
    dialog's Share… offers the game's GIF and PNG as downloads (`share_on_phone`), its Review
    analyses the game in the worker: the blunder is marked ?? on the graph and,
    one move back, the strip explains it and gives the better move — the graph and the words in
    view without scrolling."""
    page = Page(driver, base + "?log-positions&animation=instant&language=en&black=human"
                f"&white=human&position={BLUNDER}", out, "blunder", 390, 844, phone=True)
    try:
        for start, end in (("a1", "a2"), ("f7", "g7")):
            since = len(page.lines)
            page.click("square", start, "touch")
            page.click("square", end, "touch")
            page.wait_for(rf"played {start}-?{end}\b", f"the move {start}-{end}", since)
            # The board turns to the next player (hot seat): the next tap waits for it.
            played = max(i for i, line in enumerate(page.lines) if f"played {start}" in line)
            page.rested(played, "the board turned to the next player")
        share_on_phone(page)
        since = len(page.lines)
        page.click("button", "game-over/review", "touch")
        page.wait_for(r"says review/analysis: Evaluation from", "the review's analysis done",
                      since)
        marks = page.wait_for(r"review at move 2 of 2, 3 of 3 positions analysed, marks ([^\"]*)",
                              "the review's marks", since)
        if not re.search(r"(^| )1\?\?( |$)", marks.group(1)):
            raise Failed(f"the blunder a1-a2 not marked ?? (marks {marks.group(1)})")
        # The graph, with its marks, in view under the board (the game logs a part only while
        # it shows: not scrolled under the strip's edge).
        page.wait_for(r"button review/graph at ", "the review's graph in view", since)
        page.shot("blunder-reviewed")
        since = len(page.lines)
        page.click("button", "review/prev", "touch")
        said = page.wait_for(r"says review/explanation: ([^\"]*)", "the coach's word on a1-a2", since)
        words = said.group(1)
        for needed in ("a1-a2", "?? blunder", "White connect on the next move",
                       "Black had a winning move", "Better: d1-c2"):
            if needed not in words:
                raise Failed(f"the review's explanation lacks {needed!r}: {words}")
        page.shot("blunder-explained")
        print(f"  the review marked a1-a2 ?? (marks {marks.group(1)}) and explained: {words}")
    finally:
        page.close()


def main():
    dist, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    port = wd.free_port()
    server = subprocess.Popen(
        [sys.executable, os.path.join(os.path.dirname(__file__), "web-serve.py"), dist,
         str(port)],
        env={**os.environ, "WEB_SERVE_QUIET": "1"},
        stdout=subprocess.DEVNULL,
    )
    driver = wd.Chromedriver(os.path.join(out, "chromedriver.log"))
    base = f"http://127.0.0.1:{port}/"
    try:
        # WEB_TEST_ONLY=desktop, phone or blunder: one part alone (while working on it).
        only = os.environ.get("WEB_TEST_ONLY", "")
        figures = {}
        if only in ("", "desktop"):
            print("web test: a desktop window, by mouse")
            figures = desktop(driver, base, out)
        if only in ("", "phone"):
            print("web test: a phone, by touch")
            figures.update(phone(driver, base, out))
        if only in ("", "phone", "blunder"):
            print("web test: a game's review on a phone finds the blunder and explains it")
            blunder_review(driver, base, out)
        with open(os.path.join(out, "figures.json"), "w") as f:
            json.dump(figures, f)
        print("web test passed")
    except (Failed, wd.WebDriverError) as e:
        print(f"web test FAILED: {e}", file=sys.stderr)
        return 1
    finally:
        driver.close()
        server.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
