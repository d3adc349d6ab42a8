#!/usr/bin/env python3
"""Circles between files: which files of src/ import a file that imports
them back, directly or through others.

A file depends on another when it names an item defined there through a
crate-local path: a `use crate::…`, `use super::…`, `use self::…` (or a child
module's name) or such a path written inline in the code (`kept::Kept`). Paths through a
module's re-exports (`pub use` in lib.rs or a mod.rs) are followed to the file
that defines the item, so the facades add no edges of their own; a re-export
counts as a use only where its file also names the item in its code. Comments,
strings and `#[cfg(test)]` modules are left out (tests may reach anywhere).

Prints each cycle (one strongly connected set of files and one circle through
it) and exits 1 if there is any; `--edges` prints the whole graph.
Python 3 standard library only: `python3 scripts/module_cycles.py [src]`.
"""

import os
import re
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip_code(text):
    """The text with comments, strings and char literals blanked (kept line lengths)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 12]) and not re.match(r"[A-Za-z0-9_]", text[i - 1] if i else " "):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            j = n if j < 0 else j + len(end)
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:  # a lifetime
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching_brace(code, open_at):
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def drop_test_modules(code):
    """Blank `#[cfg(test)] mod name { … }` blocks."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+" + IDENT + r"\s*\{", code)
        if not m:
            return code
        end = matching_brace(code, m.end() - 1)
        code = code[:m.start()] + re.sub(r"[^\n]", " ", code[m.start():end + 1]) + code[end + 1:]


class Module:
    def __init__(self, path, file):
        self.path = path  # tuple of names from the crate root
        self.file = file
        self.children = {}  # name -> Module
        self.reexports = {}  # name -> (absolute path tuple), from `use` items
        self.globs = []  # absolute module paths of `pub use …::*`
        self.code = ""


def expand_use_tree(tree):
    """`a::{b, c::{d, self}}` -> [[a, b], [a, c, d], [a, c]] and the alias of each."""
    tree = re.sub(r"\s+", "", tree)
    results = []

    def walk(prefix, s):
        parts, depth, cur = [], 0, ""
        for ch in s:
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
                continue
            depth += ch == "{"
            depth -= ch == "}"
            cur += ch
        parts.append(cur)
        for part in parts:
            if not part:
                continue
            brace = part.find("{")
            if brace >= 0:
                head = part[:brace].rstrip(":")
                inner = part[brace + 1:part.rfind("}")]
                walk(prefix + ([x for x in head.split("::") if x]), inner)
            else:
                alias = None
                if "as" in part and re.search(r"[A-Za-z0-9_]as[A-Za-z_]", part):
                    # whitespace is gone: split on the last 'as' between idents
                    m = re.match(r"(.*[A-Za-z0-9_*])as(" + IDENT + r")$", part)
                    if m and not m.group(1).endswith("::"):
                        part, alias = m.group(1), m.group(2)
                segs = [x for x in part.split("::") if x]
                if segs and segs[-1] == "self":
                    segs = segs[:-1]
                    alias = alias or (segs[-1] if segs else None)
                results.append((prefix + segs, alias or (segs[-1] if segs else None)))

    walk([], tree)
    return results


def load(src):
    root = Module((), os.path.join(src, "lib.rs"))
    queue = [root]
    modules = []
    while queue:
        mod = queue.pop()
        modules.append(mod)
        with open(mod.file, encoding="utf-8") as f:
            mod.code = drop_test_modules(strip_code(f.read()))
        base = os.path.dirname(mod.file)
        stem = os.path.splitext(os.path.basename(mod.file))[0]
        if stem not in ("lib", "mod", "main"):
            base = os.path.join(base, stem)
        for m in re.finditer(r"(?:#\[path\s*=\s*\"([^\"]+)\"\]\s*)?(?:pub(?:\([^)]*\))?\s+)?mod\s+(" + IDENT + r")\s*;", mod.code):
            name = m.group(2)
            for cand in (os.path.join(base, name + ".rs"), os.path.join(base, name, "mod.rs")):
                if os.path.exists(cand):
                    child = Module(mod.path + (name,), cand)
                    mod.children[name] = child
                    queue.append(child)
                    break
    return root, modules


def absolute(mod, segs, root):
    """The absolute path of `segs` as written in `mod`, or None if not crate-local."""
    if not segs:
        return None
    first, rest = segs[0], segs[1:]
    if first == "crate":
        return list(rest)
    if first == "self":
        return list(mod.path) + list(rest)
    if first == "super":
        path = list(mod.path)
        while segs and segs[0] == "super":
            path = path[:-1]
            segs = segs[1:]
        if segs and segs[0] == "self":
            segs = segs[1:]
        return path + list(segs)
    if first in mod.children:
        return list(mod.path) + list(segs)
    return None


def find(root, path):
    mod = root
    for name in path:
        mod = mod.children.get(name)
        if mod is None:
            return None
    return mod


def resolve(root, path, seen=None):
    """The file that defines what `path` (absolute) names, following re-exports."""
    seen = seen or set()
    key = tuple(path)
    if key in seen:
        return None
    seen.add(key)
    mod, i = root, 0
    while i < len(path) and path[i] in mod.children:
        mod = mod.children[path[i]]
        i += 1
    if i == len(path):
        return mod.file  # a module itself
    name = path[i]
    if name in mod.reexports:
        return resolve(root, list(mod.reexports[name]) + list(path[i + 1:]), seen)
    if re.search(r"\b(fn|struct|enum|trait|type|const|static|union|macro_rules!)\s+" + re.escape(name) + r"\b", mod.code):
        return mod.file
    for glob in mod.globs:
        target = find(root, glob)
        if target is not None:
            found = resolve(root, list(glob) + list(path[i:]), seen)
            if found is not None:
                return found
    return mod.file


USE = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")
INLINE = re.compile(r"(?<![A-Za-z0-9_:])((?:crate|super|self|[a-z_][a-z0-9_]*)(?:\s*::\s*" + IDENT + r")+)")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    show_edges = "--edges" in sys.argv
    src = args[0] if args else "src"
    root, modules = load(src)

    # Re-exports and imports of each module, by the name they bind.
    uses = {}
    for mod in modules:
        uses[mod.file] = []
        for m in USE.finditer(mod.code):
            public = bool(m.group(1))
            for segs, alias in expand_use_tree(m.group(2)):
                path = absolute(mod, segs, root)
                if path is None:
                    continue
                if segs and segs[-1] == "*":
                    if public:
                        mod.globs.append(path[:-1])
                    uses[mod.file].append((path[:-1], None, public, m.span()))
                    continue
                mod.reexports[alias] = path
                uses[mod.file].append((path, alias, public, m.span()))

    edges = {mod.file: set() for mod in modules}
    for mod in modules:
        code_without_uses = USE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), mod.code)
        for path, alias, public, _ in uses[mod.file]:
            if path and path[-1] == "*":
                continue
            if alias is None:  # a glob: the module it opens
                target = find(root, path)
                if target is not None:
                    edges[mod.file].add(target.file)
                continue
            if public and not re.search(r"\b" + re.escape(alias) + r"\b", code_without_uses):
                continue  # only passed on
            target = resolve(root, path)
            if target:
                edges[mod.file].add(target)
        for m in INLINE.finditer(code_without_uses):
            segs = [s.strip() for s in m.group(1).split("::")]
            if segs[0] not in ("crate", "super", "self") and segs[0] not in mod.children:
                continue  # another crate's path (core::, std::, serde::...)
            path = absolute(mod, segs, root)
            if path is None:
                continue
            target = resolve(root, path)
            if target:
                edges[mod.file].add(target)
        edges[mod.file].discard(mod.file)

    if show_edges:
        for f in sorted(edges):
            for t in sorted(edges[f]):
                print(f"{f} -> {t}")

    # Tarjan's strongly connected components.
    index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
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
            if len(comp) > 1:
                sccs.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)

    for comp in sorted(sccs):
        members = set(comp)
        # one shortest circle through the first file, for the message
        start = comp[0]
        prev, frontier, found = {start: None}, [start], None
        while frontier and not found:
            nxt = []
            for v in frontier:
                for w in sorted(edges[v] & members):
                    if w == start:
                        found = v
                        break
                    if w not in prev:
                        prev[w] = v
                        nxt.append(w)
                if found:
                    break
            frontier = nxt
        circle = [start]
        v = found
        while v is not None and v != start:
            circle.insert(1, v)
            v = prev[v]
        print("cycle: " + " -> ".join(circle + [start]))
        if len(comp) > len(circle):
            print("  (with " + ", ".join(f for f in comp if f not in circle) + ")")
        for f in comp:
            inside = sorted(edges[f] & members)
            print(f"  {f} uses " + ", ".join(inside))
    if sccs:
        print(f"{len(sccs)} set(s) of files import each other in {src}/: move what they share to a file below them", file=sys.stderr)
        return 1
    print(f"no cycles between the {len(modules)} files of {src}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
