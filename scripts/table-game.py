#!/usr/bin/env python3
"""A table on the network played with the mouse in three real game windows, as players do.

Three copies of the game run, each in a virtual X display of its own (software Vulkan):
the host clicks "Tables on the network" then "Host a table here" (its screen becomes the big
screen, with the table's code, address and QR code); two players each click the Tables screen,
type the address and the code, click Join, type their name in the table's bar and click a free
seat. Then they play by clicking the board in their own windows, each only on their own turn,
for `--moves` moves, and the player to move resigns by mouse (the panel's Resign, then Yes):
the game's end shows on all three screens. Pictures of every window on the way.

Where to click comes from the games themselves (`--log-positions`), as in scripts/mouse-game.py,
whose mouse and log reading this uses.

    scripts/table-game.py PATH-TO-GAMUT --shots /tmp/table [--moves 6] [--language fr]

Pictures need ImageMagick's `import` (apt-get install imagemagick).

Exits 0 once the game has ended on the three screens, 1 when something expected does not
happen in time.
"""

import argparse
import importlib.util
import os
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("mouse_game", os.path.join(HERE, "mouse-game.py"))
mouse_game = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mouse_game)
Failed = mouse_game.Failed


class Window(mouse_game.Game):
    """One copy of the game in a display of its own, its pictures named after its player."""

    def __init__(self, args, who):
        super().__init__(args)
        self.who = who
        self.display = None
        self.table_lines = []

    def start_display(self):
        before = os.environ.get("DISPLAY")
        super().start_display()
        self.display = os.environ["DISPLAY"]
        if before is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = before

    def start_game(self):
        os.environ["DISPLAY"] = self.display
        super().start_game()

    def xdotool(self, *words):
        env = dict(os.environ, DISPLAY=self.display)
        subprocess.run(["xdotool", *map(str, words)], check=True, env=env)

    def type_text(self, text):
        """Types `text` into the field that has the focus, a key at a time (without a window
        manager the window has the keyboard only when given it)."""
        self.xdotool("search", "--onlyvisible", "--name", "Gamut", "windowfocus")
        self.wait_frames(1)
        for ch in text:
            self.xdotool("type", "--delay", "150", ch)
            self.wait_frames(1)

    def take(self, line):
        if re.search(r"\b(hosting tables on port|table \S+ made|at table)\b", line):
            self.table_lines.append(line)
        super().take(line)

    def table_line(self, pattern):
        self.wait(f"the log line /{pattern}/", lambda: any(re.search(pattern, l) for l in self.table_lines))
        return next(re.search(pattern, l) for l in self.table_lines if re.search(pattern, l))

    def shot(self, name):
        if not self.args.shots:
            return
        os.makedirs(self.args.shots, exist_ok=True)
        if self.proc.poll() is not None:
            return
        self.quiet(6)
        if self.resting:
            time.sleep(2)
        self.shot_number += 1
        path = os.path.join(self.args.shots, f"{self.who}-{self.shot_number:02}-{name}.png")
        env = dict(os.environ, DISPLAY=self.display)
        subprocess.run(["import", "-window", "root", path], check=False, env=env)
        print(f"  picture {path}", flush=True)


def host_a_table(host, clock=None):
    """Tables on the network, the clock picked from its list (its place in it, if given), Host
    a table here: the table's code and port."""
    host.settled("button", "title/tables")
    host.click("button", "title/tables")
    host.settled("button", "tables/host")
    if clock is not None:
        host.click("button", "tables/clock")
        host.click("button", f"tables/clock-{clock}")
    host.shot("tables-screen")
    host.click("button", "tables/host")
    port = host.table_line(r"hosting tables on port (\d+)")[1]
    code = host.table_line(r"at table (\S+), watching")[1]
    print(f"hosting table {code} on port {port}", flush=True)
    host.settled("button", "table-bar/leave")
    host.shot("big-screen")
    return code, port


def join(player, code, port, seat):
    player.settled("button", "title/tables")
    player.click("button", "title/tables")
    player.click("button", "tables/address")
    player.type_text(f"127.0.0.1:{port}")
    player.click("button", "tables/code")
    player.type_text(code.lower())
    player.shot("join")
    player.click("button", "tables/join")
    player.table_line(rf"at table {code}, watching")
    player.click("button", "table-bar/name")
    player.type_text(player.who)
    player.click("button", f"table-bar/sit-{seat}")
    player.table_line(rf"at table {code} in seat {seat}")
    print(f"{player.who} sits at seat {seat}", flush=True)
    player.shot("seated")


def resign(player):
    player.click("button", "button-resign")
    player.click("button", "resign/yes")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("game", help="path to the gamut binary (built with the feature dev)")
    p.add_argument("--moves", type=int, default=6, help="moves before the player to move resigns")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--scale", type=float, default=1.0)
    p.add_argument("--language", default="en")
    p.add_argument("--shots", help="a folder for pictures of the screens")
    p.add_argument("--wait", type=int, default=300, help="seconds to wait for one step")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hold", type=int, default=1)
    args = p.parse_args()
    rng = random.Random(args.seed)
    host = Window(args, "host")
    players = [Window(args, "Ann"), Window(args, "Bob")]
    windows = [host, *players]
    try:
        for w in windows:
            w.start()
        code, port = host_a_table(host)
        for seat, player in enumerate(players):
            join(player, code, port, seat)
        host.shot("both-seated")
        policy = {"black": "random", "white": "random"}
        while True:
            for w in windows:
                w.read()
            movers = [pl for pl in players if pl.turn is not None]
            if any(w.over for w in windows):
                raise Failed("the game ended on the board before the resignation")
            if not movers:
                time.sleep(0.5)
                continue
            mover = movers[0]
            if len(mover.played) >= args.moves:
                break
            mouse_game.play_turn(mover, rng, policy)
            done = len(mover.played)
            for w in windows:
                w.wait(f"move {done} on {w.who}'s screen", lambda w=w: len(w.played) >= done)
            if done == 2:
                host.shot("big-screen-playing")
        resign(mover)
        for w in windows:
            w.wait(f"the end on {w.who}'s screen", lambda w=w: w.over)
        print(f"{mover.who} resigned after {len(mover.played)} moves; the end shows on every screen")
        for w in windows:
            w.shot("game-over")
        return 0
    except Failed as e:
        print(f"FAILED: {e}", file=sys.stderr)
        for w in windows:
            if w.proc:
                w.read()
                print(f"--- {w.who}: " + "\n".join(w.lines[-15:]), file=sys.stderr)
        return 1
    finally:
        for w in windows:
            w.stop()


if __name__ == "__main__":
    sys.exit(main())
