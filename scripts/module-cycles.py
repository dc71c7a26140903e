#!/usr/bin/env python3
"""Import cycles between the top-level modules of a Rust crate.

usage: scripts/module-cycles.py SRC_DIR...

A top-level module is a folder of SRC_DIR or a file beside lib.rs/main.rs. Module A depends on
module B when a file of A names `crate::B` (a path, or a `use crate::{B, ..}` group, nested
groups included). Comments and the `#[cfg(test)] mod tests` block that ends a file are left out
(a test may reach anywhere). Prints each cycle with, for every step of it, a file that makes the
step; exits 1 if any SRC_DIR has a cycle, else 0. `scripts/folder-cycles.py` checks the files
inside each folder the same way.
"""
import os
import re
import sys

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def modules(src):
    """The top-level modules of `src`: name -> the .rs files that make it."""
    found = {}
    for entry in sorted(os.listdir(src)):
        path = os.path.join(src, entry)
        if os.path.isdir(path):
            files = []
            for root, _, names in os.walk(path):
                files += [os.path.join(root, n) for n in sorted(names) if n.endswith(".rs")]
            found.setdefault(entry, []).extend(files)
        elif entry.endswith(".rs") and entry not in ("lib.rs", "main.rs"):
            found.setdefault(entry[:-3], []).append(path)
    return found


def code_of(path):
    """The file's text without comments and without its trailing test module."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    tests = re.search(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text)
    return text[: tests.start()] if tests else text


def group_heads(text, start):
    """The first names of the paths in the `{...}` group opening at `text[start]`."""
    heads, depth, item = [], 0, ""
    for ch in text[start:]:
        if ch == "{":
            depth += 1
            if depth == 1:
                continue
        elif ch == "}":
            depth -= 1
            if depth == 0:
                break
        if depth == 1 and ch == ",":
            heads.append(item)
            item = ""
        else:
            item += ch
    heads.append(item)
    names = []
    for h in heads:
        m = IDENT.match(h.strip())
        if m:
            names.append(m.group(0))
    return names


def named_modules(text):
    """Every top-level name reached through `crate::` in `text`."""
    names = set()
    for m in re.finditer(r"(?<![\w$])crate\s*::\s*", text):
        rest = m.end()
        if rest < len(text) and text[rest] == "{":
            names.update(group_heads(text, rest))
        else:
            ident = IDENT.match(text, rest)
            if ident:
                names.add(ident.group(0))
    return names


def dependencies(src):
    """module -> {module it names: a file that names it}."""
    mods = modules(src)
    graph = {m: {} for m in mods}
    for mod, files in mods.items():
        for path in files:
            for other in named_modules(code_of(path)):
                if other in mods and other != mod:
                    graph[mod].setdefault(other, os.path.relpath(path, src))
    return graph


def cycles(graph):
    """The strongly connected components of more than one module (Kosaraju, no recursion)."""
    order, seen = [], set()
    for root in sorted(graph):
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter(sorted(graph[root])))]
        while stack:
            node, rest = stack[-1]
            nxt = next((n for n in rest if n not in seen), None)
            if nxt is None:
                order.append(node)
                stack.pop()
            else:
                seen.add(nxt)
                stack.append((nxt, iter(sorted(graph[nxt]))))
    reverse = {m: set() for m in graph}
    for a, outs in graph.items():
        for b in outs:
            reverse[b].add(a)
    found, done = [], set()
    for root in reversed(order):
        if root in done:
            continue
        part, todo = [], [root]
        done.add(root)
        while todo:
            node = todo.pop()
            part.append(node)
            for n in reverse[node] - done:
                done.add(n)
                todo.append(n)
        if len(part) > 1:
            found.append(sorted(part))
    return found


def check(src):
    graph = dependencies(src)
    found = cycles(graph)
    for part in found:
        print(f"{src}: cycle: " + " <-> ".join(part))
        members = set(part)
        for a in part:
            for b, path in sorted(graph[a].items()):
                if b in members:
                    print(f"    {a} -> {b}  (e.g. {path})")
    print(f"{src}: {len(graph)} top-level modules, {len(found)} cycles")
    return len(found)


def main(args):
    if not args:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    return 1 if sum(check(src) for src in args) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
