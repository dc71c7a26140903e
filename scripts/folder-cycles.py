#!/usr/bin/env python3
"""Import cycles between the files of each folder of src/ (mod.rs's re-exports resolved to the
file that defines them). usage: scripts/folder-cycles.py src
(`scripts/module-cycles.py src` does the same between the top-level modules; both are run by
scripts/test.sh and tested on a made-up circle by scripts/test-cycles.sh.)"""
import os, re, sys


def sccs(graph):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, res, i = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = i[0]
        i[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            res.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return [c for c in res if len(c) > 1]

def strip(text):
    text = re.sub(r"#\[cfg\(test\)\]\s*mod\s+tests\s*\{.*", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)

def names_in(group):
    out = []
    for g in group.split(","):
        g = g.strip()
        if g:
            out.append(g.split("::")[0].split(" as ")[0].strip())
    return out

total = 0
src = sys.argv[1]
for folder in sorted(os.listdir(src)):
    d = os.path.join(src, folder)
    if not os.path.isdir(d):
        continue
    files = [f[:-3] for f in os.listdir(d) if f.endswith(".rs") and f != "mod.rs"]
    files += [f for f in os.listdir(d) if os.path.isdir(os.path.join(d, f))]
    owner = {f: f for f in files}
    modrs = os.path.join(d, "mod.rs")
    if os.path.exists(modrs):
        m = strip(open(modrs).read())
        for mod, group in re.findall(r"pub(?:\([^)]*\))?\s+use\s+(\w+)::\{([^}]*)\}", m):
            for n in names_in(group):
                owner.setdefault(n, mod)
        for mod, n in re.findall(r"pub(?:\([^)]*\))?\s+use\s+(\w+)::(\w+)\s*;", m):
            owner.setdefault(n, mod)
    graph = {f: set() for f in files}
    for f in files:
        p = os.path.join(d, f + ".rs")
        if not os.path.exists(p):
            continue
        t = strip(open(p).read())
        refs = re.findall(r"\bsuper::(\w+)", t)
        for group in re.findall(r"\bsuper::\{([^}]*)\}", t):
            refs += names_in(group)
        refs += re.findall(r"\bcrate::%s::(\w+)" % folder, t)
        for group in re.findall(r"\bcrate::%s::\{([^}]*)\}" % folder, t):
            refs += names_in(group)
        for r in refs:
            o = owner.get(r)
            if o and o != f and o in graph:
                graph[f].add(o)
    cyc = sccs(graph)
    total += len(cyc)
    for c in cyc:
        print(f"{folder}: cycle: " + " <-> ".join(c))
print(f"{total} cycles between files of a folder")
sys.exit(1 if total else 0)
