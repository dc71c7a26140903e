#!/usr/bin/env python3
"""The page's loading, its second visit and its offline start, in a real browser (Debian's
Chromium, headless, through scripts/webdriver.py), on a phone's screen (390×844, touch), the
page served by the real `gamut-server --web`:

  scripts/web-offline-test.py DIST OUT [GAMUT_SERVER]

DIST is a page built with the `dev` feature (`WEB_FEATURES=dev scripts/web.sh build`: the game
logs where its buttons are with `?log-positions`); GAMUT_SERVER the server's program
(target/debug/gamut-server by default). The browser reaches the server through a relay of this
script's that counts the bytes the browser receives and can go down as a server does.

1. A browser without WebGL 2 (in French), and one without WebAssembly's SIMD (in Italian):
   the page says what to do. A download that fails
   (the program's file missing on the server, then refused by the browser's DevTools as a
   network error): the page says so, in words, with a Retry button.
2. Retry, on a slow link (DevTools' network throttling): the loading bar shows and advances
   (screenshots), then the title; the loading screen is gone once the game has drawn; the
   service worker has kept every file of the page (web/sw.js). The bytes of this first visit.
3. The second visit (a reload): what crosses the network (the relay's count) is next to
   nothing, through the service worker, and again with the service worker bypassed (the
   browser's HTTP cache and the server's caching headers alone, as a phone on plain http
   has them).
4. A new build on the server (the served copy's index.html and sw.js changed as a build
   changes them): a start of the page after the next brings it, the new cache beside the one
   before (kept for a page of the old build still running).
5. The server gone: a reload opens the page from the service worker's copy, the title comes,
   and a game against the computer starts and the computer replies (its engine's worker
   loaded offline too).

OUT receives the screenshots, the browser's log and figures.json."""

import gzip
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webdriver as wd  # noqa: E402
from siblings import load  # noqa: E402

web_test = load("web_test", "web-test.py")
Failed = web_test.Failed
# The slow link: about 1 MB/s down (the program, 9.5 MB with gzip, in about 10 s: time for
# two screenshots of the bar on a busy machine).
SLOW = {"offline": False, "latency": 40, "downloadThroughput": 1_000_000,
        "uploadThroughput": 500_000}
# At most this many bytes may cross the network on a second visit (the revalidation of
# index.html and sw.js: a few hundred bytes of headers each).
SECOND_VISIT_BYTES = 20_000


class Relay:
    """A TCP relay on a free port of localhost in front of `port`: counts the bytes the browser
    receives and notes the requests' first lines; `down()` closes it and every connection, as a
    server that stopped."""

    def __init__(self, port):
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.received = 0
        self.requests = []
        self.connections = []
        self.open = True
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while self.open:
            try:
                browser, _ = self.listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                browser.close()
                continue
            with self.lock:
                self.connections += [browser, server]
            threading.Thread(target=self.pump, args=(browser, server, False), daemon=True).start()
            threading.Thread(target=self.pump, args=(server, browser, True), daemon=True).start()

    def pump(self, source, sink, counted):
        try:
            while data := source.recv(65536):
                with self.lock:
                    if counted:
                        self.received += len(data)
                    else:
                        self.requests += re.findall(rb"^(?:GET|HEAD) (\S+) HTTP/1\.1", data, re.M)
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def count(self):
        """The bytes received and the paths asked for since the last count."""
        with self.lock:
            received, requests = self.received, [r.decode() for r in self.requests]
            self.received, self.requests = 0, []
        return received, requests

    def down(self):
        self.open = False
        self.listener.close()
        with self.lock:
            for connection in self.connections:
                try:
                    connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                connection.close()


def cdp(page, command, **params):
    return page.session.call("POST", "/goog/cdp/execute", {"cmd": command, "params": params})


def loading_state(page):
    return page.session.script("""
        const loading = document.getElementById('loading');
        if (!loading) return null;
        return { failed: loading.classList.contains('failed'),
                 text: document.getElementById('status').textContent,
                 retry: !document.getElementById('retry').hidden,
                 fill: parseFloat(document.getElementById('fill').style.width) || 0 };""")


def wait(what, test, limit=120, every=0.1):
    deadline = time.time() + limit
    while time.time() < deadline:
        value = test()
        if value:
            return value
        time.sleep(every)
    raise Failed(f"no {what} within {limit} s")


def reload_to_title(page, what):
    """Reloads the page and waits for the new page's title; how long after the new page began
    to load (the browser's clock) the game logged its title's first button, in ms. Lines the
    old page logged late are told apart by their time."""
    page.read()
    old = page.session.script("return performance.timeOrigin")
    page.session.script("location.reload()")
    origin = wait("the new page", lambda: new_origin(page, old), 60, 0.2)
    page.watch_frames()
    deadline = time.time() + web_test.LIMIT
    while time.time() < deadline:
        page.read()
        for when, line in zip(page.times, page.lines):
            if when >= origin and "button title/against-computer at " in line:
                return when - origin
        time.sleep(0.25)
    raise Failed(f"no title {what}")


def new_origin(page, old):
    try:
        origin = page.session.script("return performance.timeOrigin")
    except wd.WebDriverError:
        return None
    return origin if origin != old else None


def move_with_twins(folder, name, to):
    """Renames `name` in `folder` to `to`, with its compressed twins (.gz, .br)."""
    for twin in ("", ".gz", ".br"):
        if os.path.exists(os.path.join(folder, name + twin)):
            os.rename(os.path.join(folder, name + twin), os.path.join(folder, to + twin))


def failed_download(page, base, served):
    """The program's file missing on the server (an HTTP error), then refused as the network
    refuses it: each time the page says so, with Retry."""
    program = next(name for name in os.listdir(served) if re.fullmatch(r"gamut_bg-\w+\.wasm", name))
    move_with_twins(served, program, "away")
    page.session.open(base)
    state = wait("failure message", lambda: (s := loading_state(page)) and s["failed"] and s)
    if not state["retry"] or "the server answered 404" not in state["text"]:
        raise Failed(f"the missing program said {state}")
    print(f"  the program missing on the server: {state['text']!r}, with Retry")
    page.shot("download-404")
    move_with_twins(served, "away", program)
    cdp(page, "Network.enable")
    cdp(page, "Network.setBlockedURLs", urls=["*.wasm"])
    page.session.open(base)
    state = wait("failure message", lambda: (s := loading_state(page)) and s["failed"] and s)
    if not state["retry"] or "could not be downloaded" not in state["text"]:
        raise Failed(f"the failed download said {state}")
    print(f"  a failed download says: {state['text']!r}, with Retry")
    page.shot("download-failed")


def without_webgl2(driver, base, out):
    """A browser without WebGL 2: the page says what to do, in the page's language."""
    options = wd.chromium_options(390, 844, phone=True)
    options["args"].append("--disable-webgl2")
    session = wd.Session(driver, options)
    try:
        session.open(base.replace("language=en", "language=fr"))
        text = wait("the words for no WebGL 2", lambda: session.script(
            "const s = document.getElementById('status');"
            "return document.querySelector('#loading.failed') && s.textContent"), 30)
        if "il lui faut WebGL 2" not in text:
            raise Failed(f"without WebGL 2 the page says {text!r}")
        print(f"  without WebGL 2: {text!r}")
        session.screenshot(os.path.join(out, "no-webgl2-fr.png"))
    finally:
        session.quit()


def without_simd(driver, base, out):
    """A browser without WebAssembly's SIMD (Safari before 16.4): the page says so, in the
    page's language. Chromium always has it: the page's own probe (`WebAssembly.validate` of a
    SIMD function) is answered as such a browser answers it, before the page's script runs."""
    options = wd.chromium_options(390, 844, phone=True)
    session = wd.Session(driver, options)
    try:
        session.call("POST", "/goog/cdp/execute", {
            "cmd": "Page.addScriptToEvaluateOnNewDocument",
            "params": {"source": (
                "const valid = WebAssembly.validate;"
                "WebAssembly.validate = (bytes) =>"
                " Array.from(bytes).some((b, i) => b === 253 && bytes[i + 1] === 15)"
                " ? false : valid(bytes);")}})
        session.open(base.replace("language=en", "language=it"))
        text = wait("the words for no SIMD", lambda: session.script(
            "const s = document.getElementById('status');"
            "return document.querySelector('#loading.failed') && s.textContent"), 30)
        if "serve il SIMD di WebAssembly" not in text:
            raise Failed(f"without SIMD the page says {text!r}")
        print(f"  without SIMD: {text!r}")
        session.screenshot(os.path.join(out, "no-simd-it.png"))
    finally:
        session.quit()


def slow_first_visit(page, relay):
    """Retry, on a slow link: the bar advances, then the title; the service worker keeps the
    page."""
    cdp(page, "Network.setBlockedURLs", urls=[])
    cdp(page, "Network.emulateNetworkConditions", **SLOW)
    since = len(page.lines)
    element = page.session.call("POST", "/element", {"using": "css selector", "value": "#retry"})
    page.session.call("POST", f"/element/{next(iter(element.values()))}/click", {})
    started = time.time()
    seen = []
    for at_least in (5, 50):
        state = wait(f"loading bar past {at_least} %",
                     lambda: (s := loading_state(page)) and s["fill"] >= at_least and s)
        if state["failed"]:
            raise Failed(f"the slow load failed: {state}")
        seen.append(state["fill"])
        print(f"  the loading bar at {state['fill']:.0f} % after {time.time() - started:.1f} s")
        page.shot(f"loading-{at_least}")
    # On a slow link the game's first frame comes well after the bar: the page must not be a
    # blank screen meanwhile (what the bar replaced).
    page.wait_for(r"button title/against-computer at ", "the title after the slow load", since)
    if loading_state(page) is not None:
        raise Failed("the loading screen stays over the title")
    page.wait_for(r"gamut: the game drew its first frame", "the loading screen's end", since)
    figures = {"slow_load_s": round(time.time() - started, 1), "loading_bar_seen": seen}
    print(f"  the title after {figures['slow_load_s']} s on the slow link")
    page.shot("title-after-slow-load")
    cdp(page, "Network.emulateNetworkConditions", offline=False, latency=0,
        downloadThroughput=-1, uploadThroughput=-1)
    kept = page.session.async_script("""
        const done = arguments[arguments.length - 1];
        navigator.serviceWorker.ready
          .then(() => caches.keys())
          .then(async (names) => {
            const cache = await caches.open(names.find((n) => n.startsWith('gamut-')));
            done({ names, files: (await cache.keys()).map((r) => r.url.split('/').pop()) });
          }, (e) => done({ error: String(e) }));""")
    return figures, kept


def installable(page):
    """The browser's own verdict: the manifest reads without an error and the page may be
    added to a home screen (Chromium's installability checks: a manifest with a name, a start
    address, the standalone display and 192- and 512-pixel icons; a service worker)."""
    manifest = cdp(page, "Page.getAppManifest")
    if manifest.get("errors"):
        raise Failed(f"the manifest's errors: {manifest['errors']}")
    errors = cdp(page, "Page.getInstallabilityErrors").get("installabilityErrors")
    if errors:
        raise Failed(f"the page cannot be installed: {errors}")
    print(f"  the manifest reads ({manifest.get('url')}), and the page can be installed")


def second_visit(page, relay, label):
    """A reload: the bytes that cross the network, and how long the title takes."""
    relay.count()
    title = reload_to_title(page, f"on the {label}")
    time.sleep(2)
    received, requests = relay.count()
    print(f"  {label}: {received} bytes received, asked {requests}; the title at "
          f"{title / 1000:.1f} s")
    if received > SECOND_VISIT_BYTES:
        raise Failed(f"the {label} downloaded {received} bytes: {requests}")
    return {"bytes": received, "requests": requests, "title_ms": round(title)}


def new_build(page, served):
    """The served page changed as a new build changes it (another index.html, another sw.js
    version): within a few starts of the page the new build is the one shown, and the build
    before's cache is kept beside its own."""
    caches = page.session.async_script(
        "const done = arguments[arguments.length - 1]; caches.keys().then(done);")
    with open(os.path.join(served, "index.html")) as f:
        html = f.read()
    marked = html.replace('<html lang="en">', '<html lang="en" data-build="next">')
    with open(os.path.join(served, "sw.js")) as f:
        worker = re.sub(r"const VERSION = '\w+'", "const VERSION = '0123456789abcdef'", f.read())
    for name, text in (("index.html", marked), ("sw.js", worker)):
        with open(os.path.join(served, name), "w") as f:
            f.write(text)
        with gzip.open(os.path.join(served, name + ".gz"), "wt") as f:
            f.write(text)
    for start in range(1, 5):
        reload_to_title(page, f"at start {start} after the new build")
        build = page.session.script("return document.documentElement.dataset.build || null")
        if build == "next":
            break
        time.sleep(2)
    else:
        raise Failed("the new build never came")
    now = page.session.async_script(
        "const done = arguments[arguments.length - 1]; caches.keys().then(done);")
    print(f"  the new build shown at start {start} after it; the caches {caches}, then {now}")
    if now != caches + ["gamut-0123456789abcdef"]:
        raise Failed(f"the caches after a new build: {now}, before it: {caches}")
    return start


def offline_game(page, relay):
    """The server gone: the page opens from the service worker's copy and plays."""
    relay.down()
    title = reload_to_title(page, "with the server gone")
    print(f"  offline: the title at {title / 1000:.1f} s")
    page.shot("offline-title")
    page.click("button", "title/against-computer", "touch")
    page.settled("button", "new-game/start")
    page.click("button", "new-game/start", "touch")
    page.a_move()
    page.shot("offline-game")
    played = web_test.play_by_clicks(page, "touch")
    reply = web_test.computer_replies(page, played)
    page.shot("offline-computer-replied")
    # The engine's worker of the page's own build (named by its content), not worker.js.
    workers = page.session.script(
        "return performance.getEntriesByType('resource').map((e) => e.name.split('/').pop())"
        ".filter((name) => name.startsWith('worker'))")
    print(f"  the engine's worker loaded from {workers}")
    if not workers or any(not re.fullmatch(r"worker-[0-9a-f]{16}\.js", w) for w in workers):
        raise Failed(f"the engine's worker came from {workers}")
    return {"title_ms": round(title), "reply": reply}


def main():
    dist, out = sys.argv[1], sys.argv[2]
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    program = sys.argv[3] if len(sys.argv) > 3 else os.path.join(target, "debug", "gamut-server")
    os.makedirs(out, exist_ok=True)
    port = wd.free_port()
    data = tempfile.mkdtemp(prefix="gamut-offline-test-")
    # A copy, which the test changes as a new build would.
    served = os.path.join(data, "web")
    shutil.copytree(dist, served)
    server = subprocess.Popen(
        [program, "--listen", f"127.0.0.1:{port}", "--web", served,
         "--database", os.path.join(data, "tables.sqlite")],
        stdout=open(os.path.join(out, "server.log"), "w"), stderr=subprocess.STDOUT)
    relay = None
    driver = wd.Chromedriver(os.path.join(out, "chromedriver.log"))
    page = None
    figures = {}
    try:
        wait("the server", lambda: socket.socket().connect_ex(("127.0.0.1", port)) == 0, 30)
        relay = Relay(port)
        base = f"http://127.0.0.1:{relay.port}/?log-positions&animation=instant&language=en&think-time=2000"
        page = web_test.Page(driver, "about:blank", out, "offline", 390, 844, phone=True)
        print("offline test: a browser without WebGL 2")
        without_webgl2(driver, base, out)
        print("offline test: a browser without WebAssembly's SIMD")
        without_simd(driver, base, out)
        print("offline test: a failed download")
        failed_download(page, base, served)
        print("offline test: Retry on a slow link")
        relay.count()
        slow, kept = slow_first_visit(page, relay)
        figures.update(slow)
        figures["first_visit_bytes"], _ = relay.count()
        listed = open(os.path.join(dist, "page-files.txt")).read().split()
        print(f"  the first visit: {figures['first_visit_bytes']} bytes received; the service "
              f"worker keeps {len(kept.get('files', []))} files in {kept.get('names')}")
        if sorted(kept.get("files", [])) != sorted(listed):
            raise Failed(f"the service worker keeps {kept}, the page has {listed}")
        installable(page)
        print("offline test: the second visit")
        figures["second_visit"] = second_visit(page, relay, "second visit")
        cdp(page, "Network.setBypassServiceWorker", bypass=True)
        figures["second_visit_http_cache"] = second_visit(
            page, relay, "second visit without the service worker")
        cdp(page, "Network.setBypassServiceWorker", bypass=False)
        print("offline test: a new build")
        figures["new_build_at_start"] = new_build(page, served)
        print("offline test: the server gone")
        figures["offline"] = offline_game(page, relay)
        with open(os.path.join(out, "figures.json"), "w") as f:
            json.dump(figures, f, indent=1)
        print("offline test passed")
    except (Failed, wd.WebDriverError) as e:
        print(f"offline test FAILED: {e}", file=sys.stderr)
        return 1
    finally:
        if page:
            page.close()
        driver.close()
        if relay:
            relay.down()
        server.terminate()
        shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
