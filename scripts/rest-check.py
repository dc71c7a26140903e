#!/usr/bin/env python3
"""How hard the game works while nothing happens: CPU (per cent of one core) and resident memory
of the game process in the real window (Xvfb, software Vulkan), in four situations: the title
screen, a person to move, the computer thinking (its search thread left out), the Exhibition.
Each also with --skip-rendering when asked.

    scripts/rest-check.py BINARY [--settle 45] [--seconds 30] [--skip-rendering] [--only NAME]

It prints one line per situation: name, CPU %, resident memory (MB). The figures are in
docs/figures.md (a game that rests). Needs xvfb-run (scripts/system-packages.sh --test installs it)."""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SITUATIONS = {
    # The title screen (its slow orbit of the board behind the menu).
    "title": [],
    # Black (a person) to move against the computer; no clock.
    "person-to-move": ["--game", "loa", "--black", "human", "--white", "ai:5"],
    # The computer (Black) thinking for a long time; its search thread is left out.
    "computer-thinks": ["--game", "loa", "--black", "ai:14", "--white", "human",
                        "--think-time", "600000"],
    # The Exhibition: computer against computer, pieces gliding.
    "exhibition": ["--demo"],
}

TICKS = os.sysconf("SC_CLK_TCK")


def threads(pid):
    """(name, ticks) of every thread of the process."""
    out = []
    task = f"/proc/{pid}/task"
    for tid in os.listdir(task):
        try:
            with open(f"{task}/{tid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        out.append((tid, name, int(fields[11]) + int(fields[12])))
    return out


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def game_pid(marker, timeout=60):
    """The game process started with the data folder `marker`."""
    end = time.time() + timeout
    while time.time() < end:
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    cmd = f.read().split(b"\0")
            except OSError:
                continue
            if marker.encode() in cmd and not cmd[0].endswith(b"xvfb-run") \
                    and b"Xvfb" not in cmd[0] and b"sh" != os.path.basename(cmd[0]):
                return int(pid)
        time.sleep(0.5)
    sys.exit(f"rest-check: the game did not start within {timeout} s")


def measure(binary, name, extra, settle, seconds, by_thread=False):
    data = tempfile.mkdtemp(prefix="gamut-rest-")
    env = dict(os.environ, WGPU_BACKEND="vulkan")
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", binary,
           "--data-dir", data, *extra]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        pid = game_pid(data)
        time.sleep(settle)
        before = {tid: (n, t) for tid, n, t in threads(pid)}
        start = time.time()
        time.sleep(seconds)
        after = threads(pid)
        wall = time.time() - start
        used = 0
        per_name = {}
        for tid, n, t in after:
            if n == "gamut-search":
                continue
            used += t - before.get(tid, (n, 0))[1]
            per_name[n] = per_name.get(n, 0) + t - before.get(tid, (n, 0))[1]
        if by_thread:
            for n, t in sorted(per_name.items(), key=lambda kv: -kv[1])[:6]:
                print(f"    {n:30} {100.0 * t / TICKS / wall:6.1f} %")
        cpu = 100.0 * used / TICKS / wall
        return cpu, rss_mb(pid)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        shutil.rmtree(data, ignore_errors=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("binary")
    p.add_argument("--settle", type=float, default=45)
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument("--skip-rendering", action="store_true")
    p.add_argument("--only", action="append")
    p.add_argument("--threads", action="store_true", help="also the busiest threads")
    a = p.parse_args()
    for name, extra in SITUATIONS.items():
        if a.only and name not in a.only:
            continue
        if a.skip_rendering:
            extra = [*extra, "--skip-rendering"]
            name += " (--skip-rendering)"
        cpu, rss = measure(os.path.abspath(a.binary), name, extra, a.settle, a.seconds, a.threads)
        print(f"{name:40} CPU {cpu:6.1f} %   resident {rss:6.0f} MB", flush=True)


if __name__ == "__main__":
    main()
