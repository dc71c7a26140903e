"""A small WebDriver client (the W3C protocol over HTTP, Python's standard library only) for the
page's tests: Debian's chromedriver drives Debian's Chromium, headless, with WebGL2 drawn in
software. Pointer input goes through WebDriver's actions, which Chromium turns into real mouse
and touch events: the page sees what a player's mouse or finger would send."""

import base64
import json
import os
import re
import socket
import subprocess
import time
import urllib.error
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebDriverError(RuntimeError):
    pass


class Chromedriver:
    """chromedriver on a free port of localhost, ended by `close`."""

    def __init__(self, log_path):
        self.port = free_port()
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(
            ["chromedriver", f"--port={self.port}"],
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/status", timeout=2) as r:
                    if json.load(r)["value"].get("ready"):
                        return
            except (OSError, ValueError, KeyError):
                pass
            time.sleep(0.2)
        raise WebDriverError("chromedriver did not start")

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def chromium_options(width, height, phone=False, profile=None):
    """Headless Chromium with WebGL2 through SwiftShader (no GPU here) and no calls home (this
    machine's network is closed); `phone`: a touch screen of `width`×`height` CSS pixels."""
    args = [
        "--headless=new",
        "--no-sandbox",
        "--use-angle=swiftshader",
        "--enable-unsafe-swiftshader",
        "--ignore-gpu-blocklist",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--autoplay-policy=user-gesture-required",
        f"--window-size={width},{height}",
    ]
    if profile:
        args.append(f"--user-data-dir={profile}")
    options = {"binary": os.environ.get("CHROMIUM", "/usr/bin/chromium"), "args": args}
    if phone:
        # The emulated pixel ratio alone leaves the canvas's device-pixel size (the
        # ResizeObserver's devicePixelContentBoxSize) at one pixel per CSS pixel, unlike a
        # real phone; the game then laid itself out at half the screen's size and placed
        # touches where nothing was drawn. Drawing at that ratio makes the page a phone's.
        args.append("--force-device-scale-factor=2")
        options["mobileEmulation"] = {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2, "touch": True},
            "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
            "(KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36",
        }
    return options


class Session:
    """One browser session."""

    def __init__(self, driver, options):
        self.driver = driver
        caps = {
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": options,
                    "goog:loggingPrefs": {"browser": "ALL"},
                }
            }
        }
        value = self._call("POST", "/session", caps)
        self.id = value["sessionId"]
        self.base = f"/session/{self.id}"

    def _call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.driver.url + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=300) as r:
                return json.load(r)["value"]
        except urllib.error.HTTPError as e:
            raise WebDriverError(f"{method} {path}: {e.read().decode(errors='replace')[:500]}")

    def call(self, method, path, body=None):
        return self._call(method, self.base + path, body)

    def open(self, url):
        self.call("POST", "/url", {"url": url})

    def script(self, source, *args):
        return self.call("POST", "/execute/sync", {"script": source, "args": list(args)})

    def async_script(self, source, *args):
        return self.call("POST", "/execute/async", {"script": source, "args": list(args)})

    def screenshot(self, path):
        # Through the DevTools protocol: WebDriver's own screenshot waited for a frame from a
        # page drawn without a GPU at a phone's pixel ratio, and timed out after 60 s.
        shot = self.call("POST", "/goog/cdp/execute",
                         {"cmd": "Page.captureScreenshot", "params": {"format": "png"}})
        png = base64.b64decode(shot["data"])
        with open(path, "wb") as f:
            f.write(png)

    def logs(self):
        """The browser console's messages since the last call, each with its time (ms since
        1970, the browser's clock)."""
        entries = self.call("POST", "/se/log", {"type": "browser"})
        return [(e.get("timestamp", 0), e.get("message", "")) for e in entries]

    def actions(self, pointer_type, steps, release=True):
        """Runs `steps` (WebDriver pointer actions) with a `pointer_type` pointer ("mouse" or
        "touch"), then (with `release`) releases every input; without, a button or finger held
        stays down for the next call."""
        source = {
            "type": "pointer",
            "id": f"{pointer_type}-1",
            "parameters": {"pointerType": pointer_type},
            "actions": steps,
        }
        self.call("POST", "/actions", {"actions": [source]})
        if release:
            self.call("DELETE", "/actions")

    def type_keys(self, text, pause_ms=100):
        """Types `text` a key at a time on the keyboard (into the element with the focus),
        a pause after each key so that a page drawn slowly sees every one."""
        steps = []
        for ch in text:
            steps += [{"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch},
                      {"type": "pause", "duration": pause_ms}]
        source = {"type": "key", "id": "keyboard", "actions": steps}
        self.call("POST", "/actions", {"actions": [source]})
        self.call("DELETE", "/actions")

    def quit(self):
        try:
            self.call("DELETE", "")
        except (WebDriverError, OSError):
            pass


def move(x, y, duration=0):
    return {"type": "pointerMove", "x": int(round(x)), "y": int(round(y)), "origin": "viewport",
            "duration": duration}


def down():
    return {"type": "pointerDown", "button": 0}


def up():
    return {"type": "pointerUp", "button": 0}


def pause(ms):
    return {"type": "pause", "duration": ms}


CONSOLE_TEXT = re.compile(r'^\S+ \d+:\d+ "(.*)"$', re.S)


def console_text(message):
    """The logged words of a console message as chromedriver reports it (`URL LINE:COL "…"`)."""
    m = CONSOLE_TEXT.match(message)
    text = m.group(1) if m else message
    # The game's log styles its level with `%c` arguments.
    return text.replace("%c", "").replace('\\"', '"')
