#!/usr/bin/env python3
"""Told when it is your move, from the page (docs/server.md, "Told when it is your move"): a
`gamut-server` with mail (an SMTP sink on 127.0.0.1, in this script) and Web Push (its VAPID
key made in a temporary folder) serves the page in DIST (built with the `dev` feature);
Debian's Chromium, headless.

  scripts/web-notify-test.py DIST OUT

- Ann, a desktop-sized page, by mouse: Tables on the network, her name, "Your seat": Black,
  "The clock": the longest of its list in view (days a move), Make the table. Then the bar's
  "Tell me…": an address that is not one (the page says so, nothing is sent), the field
  emptied, her address and Mail me: the confirmation mail arrives at the sink with its link,
  the form says where it went. Then "Allow notifications",
  the notifications' permission granted to the page through WebDriver (as the player's "Allow"
  would): the page's script asks the server's key and subscribes, the subscription reaches the
  server, which answers that its pushes go, and the page says so. Headless Chromium has no push
  service on this closed network, so the browser's `PushManager.subscribe` alone is replaced by
  one giving a subscription of a real P-256 key to an `https://push.example.invalid` endpoint
  (the server checks the key and keeps it; it never reaches that address).
- Bob, a phone (390×844, touch), opens the table's link, sits at White, then "Tell me…": his
  address typed with the phone's keyboard and Mail me (a second mail), then "Allow
  notifications" with the permission denied: the page says they are blocked, and how to allow
  them.

OUT receives a screenshot of each step and the browsers' logs. The server is built in
CARGO_TARGET_DIR (debug) when missing."""

import asyncio
import os
import re
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import webdriver as wd  # noqa: E402
from siblings import load  # noqa: E402

web_test = load("web_test", "web-test.py")
web_table = load("web_table", "web-table-test.py")
Failed = web_test.Failed

# PushManager.subscribe as a push service would answer it: a subscription of a fresh P-256 key.
FAKE_SUBSCRIBE = r"""
const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
  .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
PushManager.prototype.subscribe = async function (options) {
  window.gamutAskedKey = options.applicationServerKey.byteLength;
  const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true,
    ['deriveBits']);
  const raw = await crypto.subtle.exportKey('raw', pair.publicKey);
  const sub = { endpoint: 'https://push.example.invalid/send/' + b64(crypto.getRandomValues(
    new Uint8Array(12))), expirationTime: null,
    keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) } };
  return { toJSON: () => sub };
};
"""


class Sink:
    """An SMTP server on 127.0.0.1 that keeps every mail's text."""

    def __init__(self):
        self.port = wd.free_port()
        self.mails = []
        ready = threading.Event()
        threading.Thread(target=lambda: asyncio.run(self.serve(ready)), daemon=True).start()
        ready.wait(10)

    async def serve(self, ready):
        server = await asyncio.start_server(self.session, "127.0.0.1", self.port)
        ready.set()
        async with server:
            await server.serve_forever()

    async def session(self, reader, writer):
        def say(line):
            writer.write(line.encode() + b"\r\n")
        say("220 sink")
        while line := (await reader.readline()).decode(errors="replace").strip():
            word = line.split(" ")[0].upper()
            if word == "EHLO":
                say("250-sink\r\n250 8BITMIME")
            elif word == "DATA":
                say("354 go")
                await writer.drain()
                lines = []
                while (data := await reader.readline()) not in (b".\r\n", b""):
                    lines.append(data.decode(errors="replace"))
                # Quoted-printable: the soft line breaks joined, `=3D` read.
                self.mails.append("".join(lines).replace("=\r\n", "").replace("=3D", "="))
                say("250 kept")
            elif word == "QUIT":
                say("221 bye")
                await writer.drain()
                break
            else:
                say("250 ok")
            await writer.drain()
        writer.close()

    def wait_for(self, count, to):
        deadline = time.time() + 60
        while time.time() < deadline:
            if len(self.mails) >= count:
                mail = self.mails[count - 1]
                if f"To: {to}" not in mail or "/notify/confirm?t=" not in mail:
                    raise Failed(f"mail {count} is not {to}'s confirmation: {mail[:400]}")
                return mail
            time.sleep(0.5)
        raise Failed(f"no confirmation mail for {to} within 60 s")


def start_server(server, dist, work, sink):
    port = wd.free_port()
    address = f"127.0.0.1:{port}"
    log = open(os.path.join(work, "server.log"), "w")
    proc = subprocess.Popen(
        [server, "--listen", address, "--web", dist, "--database",
         os.path.join(work, "tables.sqlite"), "--site", f"http://{address}",
         "--smtp", f"smtp://127.0.0.1:{sink.port}", "--mail-from", "Gamut <tables@example.org>",
         "--vapid-key", os.path.join(work, "vapid.key")],
        stdout=subprocess.PIPE, stderr=log, text=True)
    # Its log comes first (the VAPID key made): the line that says it listens, within a few.
    said = []
    while len(said) < 20 and (line := proc.stdout.readline()):
        said.append(line)
        if "listening on" in line:
            # The rest of its log (on its standard output) goes on into the file, read as it
            # comes: a full pipe would stop the server.
            def copy():
                for line in proc.stdout:
                    log.write(line)
                    log.flush()
            threading.Thread(target=copy, daemon=True).start()
            return proc, address
    raise Failed(f"the server did not start: {''.join(said)!r}")


def permission(page, state):
    page.session.call("POST", "/permissions",
                      {"descriptor": {"name": "notifications"}, "state": state})


def type_into(page, name, text, pointer):
    page.click("button", name, pointer)
    page.session.type_keys(text)
    page.frames(4)


def make_by_mouse(page):
    """Tables on the network, a name, Black, the longest correspondence clock, Make the table."""
    page.click("button", "title/tables")
    type_into(page, "tables/name", "Ann", "mouse")
    page.click("button", web_table.page_reach(page, "tables/host-seat"))
    page.click("button", "tables/host-seat-0")
    page.click("button", web_table.page_reach(page, "tables/clock"))
    page.frames(4)
    clocks = [int(m[1]) for (kind, name) in page.positions
              if kind == "button" and (m := re.fullmatch(r"tables/clock-(\d+)", name))]
    page.click("button", f"tables/clock-{max(clocks)}")
    page.shot("a-correspondence-table")
    since = len(page.lines)
    page.click("button", web_table.page_reach(page, "tables/host"))
    m = page.wait_for(r"at table (\S+) in seat 0", "the page seated at its new table", since)
    return m[1].strip('"')


def told(page, code, mail, push, since):
    page.wait_for(rf"notices at table {code}: mail {mail}, push {push}",
                  f"the server's answer: mail {mail}, push {push}", since)
    page.settled("button", "table-bar/notify-said")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    dist, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="gamut-web-notify-")
    sink = Sink()
    proc, address = start_server(web_table.build_server(), dist, work, sink)
    driver = wd.Chromedriver(os.path.join(out, "chromedriver.log"))
    pages = []
    try:
        query = "log-positions&animation=instant&language=en"
        ann = web_test.Page(driver, f"http://{address}/?{query}", out, "ann", 1280, 800,
                            phone=False)
        pages.append(ann)
        code = make_by_mouse(ann)
        print(f"table {code} made by correspondence", flush=True)
        ann.click("button", "table-bar/notify")
        ann.shot("tell-me")
        since = len(ann.lines)
        type_into(ann, "table-bar/notify-email", "ann at example", "mouse")
        ann.click("button", "table-bar/notify-button")
        ann.wait_for(r"not an email address: nothing asked", "the address refused", since)
        ann.settled("button", "table-bar/notify-said")
        ann.shot("not-an-address")
        ann.click("button", "table-bar/notify-email")
        ann.session.type_keys("\ue010" + "\ue003" * 20)  # End, then Backspace
        since = len(ann.lines)
        type_into(ann, "table-bar/notify-email", "ann@example.org", "mouse")
        ann.click("button", "table-bar/notify-button")
        told(ann, code, r"Some\(Confirming\)", "false", since)
        mail = sink.wait_for(1, "ann@example.org")
        link = re.search(r"http://\S+/notify/confirm\?t=\w+", mail)[0]
        print(f"the confirmation mail came to ann@example.org: {link}", flush=True)
        ann.shot("mail-sent")
        permission(ann, "granted")
        ann.session.script(FAKE_SUBSCRIBE)
        since = len(ann.lines)
        ann.click("button", "table-bar/notify-push")
        told(ann, code, r"Some\(Confirming\)", "true", since)
        if ann.session.script("return window.gamutAskedKey") != 65:
            raise Failed("the page did not subscribe with the server's P-256 key")
        print("Allow notifications: the subscription reached the server, the page says so",
              flush=True)
        ann.shot("notifications-allowed")

        bob = web_test.Page(driver, f"http://{address}/?{query}&table={code}", out, "bob", 390,
                            844, phone=True)
        pages.append(bob)
        bob.wait_for(rf"at table {code}, watching", "the link opening the table")
        bob.settled("button", "table-bar/sit-1")
        web_table.type_into(bob, "table-bar/name", "Bob")
        since = len(bob.lines)
        bob.click("button", "table-bar/sit-1", "touch")
        bob.wait_for(rf"at table {code} in seat 1", "Bob seated", since)
        bob.click("button", "table-bar/notify", "touch")
        bob.shot("tell-me")
        since = len(bob.lines)
        type_into(bob, "table-bar/notify-email", "bob@example.org", "touch")
        bob.click("button", "table-bar/notify-button", "touch")
        told(bob, code, r"Some\(Confirming\)", "false", since)
        sink.wait_for(2, "bob@example.org")
        bob.shot("mail-sent")
        permission(bob, "denied")
        since = len(bob.lines)
        bob.click("button", "table-bar/notify-push", "touch")
        bob.wait_for(r"no notifications in this browser: Denied", "the page refused", since)
        bob.settled("button", "table-bar/notify-said")
        bob.shot("notifications-blocked")
        print("on the phone: the mail asked by touch, the notifications blocked and said so")
        return 0
    except (Failed, wd.WebDriverError) as e:
        print(f"FAILED: {e}", file=sys.stderr)
        for page in pages:
            page.shot("failed")
            page.read()
            print(f"--- {page.name}: " + "\n".join(page.lines[-15:]), file=sys.stderr)
        return 1
    finally:
        for page in pages:
            page.close()
        driver.close()
        proc.terminate()
        proc.wait(10)


if __name__ == "__main__":
    sys.exit(main())
