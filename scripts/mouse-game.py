#!/usr/bin/env python3
"""A whole game played with the mouse in the real game window, as a player plays it.

The game runs in a virtual X display (software Vulkan); xdotool moves the pointer, presses,
holds and releases. It starts the game from the title screen and the New Game dialog by mouse
(the game, the variant, Start), then plays every move a person makes by clicking the board until
the game ends, and takes pictures of the screen on the way. Where to click comes from the game
(`--log-positions`: squares, buttons, and what a person may click this turn), never from fixed
numbers.

Each person's side plays by a policy: `hint` clicks the side panel's Hint button and then the
squares it shows (a strong game), `random` clicks a random legal move (and, in Parachute, a
random square for the held piece), `forward` a move that goes farthest towards the other side
(Epaminondas: a quick crossing).

    scripts/mouse-game.py PATH-TO-GAMUT --mode hot-seat --kind epaminondas \\
        --black hint --white random --shots /tmp/shots [--size 1024x600] [--scale 1.5]

It prints each move and exits 0 once the game has ended (the game-over dialog is in the last
picture), 1 when something expected does not happen in time.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ANSI = re.compile(r"\x1b\[[0-9;]*m")


POLICIES = ["hint", "random", "forward"]


class Failed(Exception):
    pass


class Game:
    """The game's process, its log, and the mouse."""

    def __init__(self, args):
        self.args = args
        self.work = tempfile.mkdtemp(prefix="gamut-game.")
        self.log_path = os.path.join(self.work, "game.log")
        self.lines = []
        self.offset = 0
        self.frames = 0
        self.resting = False  # whether the game's last frame left it waiting for input
        self.pointer = None
        self.squares = {}
        self.buttons = {}
        self.played = []
        self.turn = None  # the latest "<side> moves|places …" line, or None
        self.over = False
        self.shot_number = 0
        self.xvfb = None
        self.proc = None

    # ---- the process -------------------------------------------------------------------------

    def start(self):
        """Xvfb, then the game; the game again if it could not open the display (Xvfb can be
        slow to take its first client)."""
        self.start_display()
        for _ in range(3):
            self.start_game()
            time.sleep(3)
            if self.proc.poll() is None:
                return
            with open(self.log_path, errors="replace") as f:
                if "XOpenDisplayFailed" not in f.read():
                    return
            time.sleep(2)

    def start_display(self):
        width, height = self.args.size.split("x")
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
             "-nolisten", "tcp"],
            pass_fds=[write], stderr=open(os.path.join(self.work, "xvfb.log"), "w"))
        os.close(write)
        # Xvfb writes the number, then a newline: the pipe stays open until both came (closing
        # it early makes Xvfb fail to write the newline and quit).
        display = b""
        while not display.endswith(b"\n"):
            chunk = os.read(read, 32)
            if not chunk:
                break
            display += chunk
        display = display.decode().strip()
        os.close(read)
        os.environ["DISPLAY"] = f":{display}"
        # The display answers once Xvfb has finished starting.
        for _ in range(50):
            if subprocess.run(["xdotool", "getdisplaygeometry"], capture_output=True).returncode == 0:
                return
            time.sleep(0.2)
        with open(os.path.join(self.work, "xvfb.log")) as f:
            raise Failed(f"display :{display} does not answer; Xvfb said: {f.read()[-500:]}")

    def start_game(self):
        width, height = self.args.size.split("x")
        data = os.path.join(self.work, "data")
        os.makedirs(data, exist_ok=True)
        with open(os.path.join(data, "settings.json"), "w") as f:
            json.dump({"window": {"width": int(width), "height": int(height),
                                  "fullscreen": False}}, f)
        env = dict(os.environ, WGPU_BACKEND="vulkan")
        with open(self.log_path, "w") as log:
            self.proc = subprocess.Popen(
                [self.args.game, "--data-dir", data, "--language", self.args.language,
                 "--animation", "instant", "--ui-scale", str(self.args.scale),
                 "--log-positions"],
                stdout=log, stderr=subprocess.STDOUT, env=env)

    def stop(self):
        for p in (self.proc, self.xvfb):
            if p and p.poll() is None:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()

    # ---- the log -----------------------------------------------------------------------------

    def read(self):
        with open(self.log_path, errors="replace") as f:
            f.seek(self.offset)
            text = f.read()
        end = text.rfind("\n") + 1
        self.offset += len(text[:end].encode(errors="replace"))
        for line in ANSI.sub("", text[:end]).splitlines():
            self.take(line)

    def take(self, line):
        m = re.search(r"\b(square|button) (\S+) at (-?\d+) (-?\d+)$", line)
        if m:
            where = self.squares if m[1] == "square" else self.buttons
            where[m[2]] = (int(m[3]), int(m[4]))
            return
        m = re.search(r"\bframe \d+( rests)?$", line)
        if m:
            self.frames += 1
            self.resting = m[1] is not None
            return
        m = re.search(r"\b(black|white) (moves|places) (.*)$", line)
        if m:
            self.turn = (m[1], m[2], m[3])
            return
        if re.search(r"\bgame over$", line):
            self.over = True
            self.turn = None
            return
        m = re.search(r"\b(\S+) played (\S+)$", line)
        if m:
            self.played.append((m[1], m[2]))
            self.turn = None
            print(f"  {len(self.played):3}. {m[1]} {m[2]}", flush=True)
            return
        self.lines.append(line)

    def wait(self, what, ready, limit=None):
        limit = limit or self.args.wait
        start = time.time()
        while True:
            self.read()
            if ready():
                return
            if self.proc.poll() is not None:
                raise Failed(f"the game exited while waiting for {what}")
            if time.time() - start > limit:
                raise Failed(f"no {what} within {limit} s")
            time.sleep(0.2)

    def wait_frames(self, n):
        """After an input: n more frames, or one and the game rests (it has handled the input
        and nothing moves)."""
        now = self.frames
        self.wait(f"{n} frames", lambda: self.frames >= now + n
                  or (self.frames > now and self.resting))

    def quiet(self, n):
        """Without an input: n more frames, or the game rests."""
        now = self.frames
        self.wait(f"{n} frames", lambda: self.frames >= now + n or self.resting)

    def settled(self, kind, name):
        """Where a square or button is, once it has stayed put for three frames or the game
        rests."""
        where = self.squares if kind == "square" else self.buttons
        self.wait(f"{kind} {name} on screen", lambda: name in where)
        at = where[name]
        while True:
            self.quiet(3)
            if where[name] == at:
                return at
            at = where[name]

    # ---- the mouse and the screen ------------------------------------------------------------

    def xdotool(self, *words):
        subprocess.run(["xdotool", *map(str, words)], check=True)

    def click(self, kind, name):
        x, y = self.settled(kind, name)
        self.xdotool("mousemove", x, y)
        # A pointer already there sends the game nothing.
        if self.pointer == (x, y):
            self.quiet(self.args.hold)
        else:
            self.wait_frames(self.args.hold)
        self.pointer = (x, y)
        self.xdotool("mousedown", 1)
        self.wait_frames(self.args.hold)
        self.xdotool("mouseup", 1)
        self.wait_frames(self.args.hold)

    def shot(self, name):
        if not self.args.shots:
            return
        os.makedirs(self.args.shots, exist_ok=True)
        if self.proc.poll() is not None:
            return
        # The screen shows a frame some frames after the game drew it (software rendering).
        self.quiet(6)
        if self.resting:
            time.sleep(2)  # the last frame is still being drawn
        self.shot_number += 1
        path = os.path.join(self.args.shots, f"{self.shot_number:02}-{name}.png")
        subprocess.run(["import", "-window", "root", path], check=False)


def start_game(g, args):
    """Title screen → New Game → the game and variant → Start, all by mouse."""
    g.settled("button", "title/hot-seat")
    g.shot("title")
    g.click("button", "title/against-computer" if args.mode == "computer" else "title/hot-seat")
    g.settled("button", "new-game/start")
    g.click("button", f"new-game/game/{args.kind}")
    if args.variant:
        g.click("button", f"new-game/variant/{args.variant}")
    if args.board:
        g.click("button", f"new-game/board/{args.board}")
    g.shot("new-game")
    g.click("button", "new-game/start")


def next_turn(g):
    """Waits for a person's turn or the end; the turn line, or None at the end."""
    g.wait("a person's turn or the end", lambda: g.turn is not None or g.over,
           limit=g.args.wait * 3)
    return g.turn


def farthest_forward(moves, side):
    """The moves that go farthest towards the other side's home row (Epaminondas: Black starts
    on the top ranks, White on the bottom ones)."""
    def gain(move):
        start, end = (int(re.sub(r"^[a-z]+", "", c)) for c in move.split("-"))
        return start - end if side == "black" else end - start
    best = max(map(gain, moves))
    return [m for m in moves if gain(m) == best]


def play_turn(g, rng, policy):
    side, kind, choices = g.turn
    before = len(g.played)
    if policy[side] == "hint" and "| hint" not in choices:
        g.click("button", "button-hint")
        g.wait("a hint", lambda: g.turn is None or g.over or "| hint" in g.turn[2])
        if g.turn is None or g.over:
            return
        side, kind, choices = g.turn
    if "| hint" in choices:
        cells = choices.split("| hint ")[1].split()
    elif kind == "places":
        cells = [rng.choice(choices.split())]
    else:
        moves = choices.split("|")[0].split()
        if not moves:
            raise Failed(f"{side} has no move to click: {choices}")
        if policy[side] == "forward":
            moves = farthest_forward(moves, side)
        cells = rng.choice(moves).split("-")
    for number, cell in enumerate(cells):
        g.click("square", cell)
        # The first moves: a picture of the piece picked, its destinations lit.
        if number == 0 and len(g.played) < 2:
            g.shot(f"selected-{side}")
    # A Parachute step leaves the held piece to place (with a random policy).
    if len(g.played) == before and g.turn and g.turn[1] == "places" and not g.over:
        g.click("square", rng.choice(g.turn[2].split("|")[0].split()))
    g.wait(f"{side}'s move after clicks on {' '.join(cells)}",
           lambda: len(g.played) > before or g.over)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("game", help="path to the gamut binary")
    p.add_argument("--mode", choices=["computer", "hot-seat"], default="hot-seat")
    p.add_argument("--kind", choices=["lines-of-action", "epaminondas"], default="lines-of-action")
    p.add_argument("--variant", help="an LOA variant's name (parachute, four-players, …)")
    p.add_argument("--black", choices=POLICIES, default="random")
    p.add_argument("--white", choices=POLICIES, default="random")
    p.add_argument("--board", choices=["14x12", "8x8"], help="Epaminondas' board")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--language", default="en")
    p.add_argument("--shots", help="a folder for pictures of the screen")
    p.add_argument("--shot-every", type=int, default=20, help="a picture every N moves")
    p.add_argument("--max-moves", type=int, default=400)
    p.add_argument("--wait", type=int, default=300, help="seconds to wait for one step")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hold", type=int, default=1,
                   help="frames the game draws between moving, pressing and releasing")
    args = p.parse_args()
    args.game = os.path.abspath(args.game)
    rng = random.Random(args.seed)
    policy = {"black": args.black, "white": args.white}
    g = Game(args)
    begun = time.time()
    try:
        g.start()
        start_game(g, args)
        g.shot("first-position")
        shot_at = args.shot_every
        while next_turn(g) and len(g.played) < args.max_moves:
            play_turn(g, rng, policy)
            if len(g.played) >= shot_at:
                g.shot(f"move-{len(g.played)}")
                shot_at += args.shot_every
        if not g.over:
            raise Failed(f"no end after {len(g.played)} moves")
        g.quiet(4)
        g.shot("game-over")
        # The game over dialog's Review, then a step back: the review strip under the board.
        try:
            g.click("button", "game-over/review")
            g.click("button", "review/prev")
            g.shot("review")
        except Failed as problem:
            print(f"review after the game: {problem}")
        minutes = (time.time() - begun) / 60
        print(f"game over after {len(g.played)} moves, {minutes:.1f} min "
              f"({args.mode}, {args.kind} {args.variant or ''}, {args.size}, UI {args.scale})")
        ends = [l for l in g.lines if "status:" in l][-3:]
        for line in ends:
            print("  " + line.split("status:", 1)[1].strip())
        return 0
    except Failed as problem:
        print(f"mouse game FAILED: {problem}", file=sys.stderr)
        for line in [l for l in g.lines if "WARN" in l or "ERROR" in l or "status" in l][-10:]:
            print("  " + line, file=sys.stderr)
        g.shot("failed")
        return 1
    finally:
        g.stop()


if __name__ == "__main__":
    sys.exit(main())
