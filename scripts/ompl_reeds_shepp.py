"""OMPL's Reeds-Shepp distances for a fixed, seeded set of queries: the peer
that tests/planner/reeds_shepp_ompl.rs compares the planner with, and (with
--time) OMPL's time per query for `make bench`.

    python ompl_reeds_shepp.py queries OUT.f64
        writes one record of 8 little-endian f64 per query:
        radius, x0, y0, h0, x1, y1, h1, OMPL's distance
    python ompl_reeds_shepp.py time
        prints a JSON object: OMPL's nanoseconds per distance() call on the
        bench's queries, and the Python call overhead measured beside it

The queries: random pose pairs at several radii, half of them near (within
a few radii, where the four- and five-segment words win) and half far, plus
structured ones where words tie or touch a boundary (poses on an integer
grid with headings in steps of pi/4, goals on a start turning circle, goals
straight ahead or behind, identical poses).
"""

import json
import math
import random
import struct
import sys
import time

from ompl import base as ob

RADII = (0.25, 1.0, 3.7, 12.0)
PER_RADIUS = 4000


def queries():
    rng = random.Random(0x5EED_2024)
    out = []
    for r in RADII:
        for i in range(PER_RADIUS):
            kind = i % 8
            x0, y0 = rng.uniform(-50, 50), rng.uniform(-50, 50)
            h0 = rng.uniform(-math.pi, math.pi)
            if kind < 4:
                span = (2.0 * r, 4.0 * r, 8.0 * r, 60.0)[kind]
                q = (x0, y0, h0, x0 + rng.uniform(-span, span), y0 + rng.uniform(-span, span), rng.uniform(-math.pi, math.pi))
            elif kind == 4:
                # Integer grid, headings in steps of pi/4: mirror words tie.
                g = lambda: float(rng.randint(-4, 4))
                q = (g(), g(), g() * math.pi / 4, g(), g(), g() * math.pi / 4)
                q = (q[0] * r, q[1] * r, q[2], q[3] * r, q[4] * r, q[5])
            elif kind == 5:
                # A goal on a start turning circle, forwards or backwards.
                side = rng.choice((1.0, -1.0))
                a = rng.uniform(-math.pi, math.pi)
                cx, cy = x0 - side * r * math.sin(h0), y0 + side * r * math.cos(h0)
                h1 = h0 + side * a
                q = (x0, y0, h0, cx + side * r * math.sin(h1), cy - side * r * math.cos(h1), h1)
            elif kind == 6:
                # Straight ahead or behind, the same or the opposite heading.
                dist = rng.uniform(-5 * r, 5 * r)
                dh = rng.choice((0.0, math.pi))
                q = (x0, y0, h0, x0 + dist * math.cos(h0), y0 + dist * math.sin(h0), h0 + dh)
            else:
                # Identical, or a tiny step away.
                eps = rng.choice((0.0, 1e-9, 1e-6)) * r
                q = (x0, y0, h0, x0 + eps, y0 - eps, h0 + eps)
            out.append((r,) + q)
    return out


def distances(qs):
    spaces = {}
    out = []
    for r, x0, y0, h0, x1, y1, h1 in qs:
        s = spaces.get(r)
        if s is None:
            s = spaces[r] = ob.ReedsSheppStateSpace(r)
        a, b = s.allocState(), s.allocState()
        a.setX(x0)
        a.setY(y0)
        a.setYaw(h0)
        b.setX(x1)
        b.setY(y1)
        b.setYaw(h1)
        out.append(s.distance(a, b))
    return out


def bench_queries(n):
    """The bench's queries (bench/native/reeds_shepp.rs and the JS bench
    build the same ones): xorshift64 from a fixed seed, radius 1, half near."""
    s = 0x2545F4914F6CDD1D
    mask = (1 << 64) - 1

    def nxt():
        nonlocal s
        s ^= (s << 13) & mask
        s ^= s >> 7
        s ^= (s << 17) & mask
        return (s >> 11) / float(1 << 53)

    qs = []
    for i in range(n):
        span = 3.0 if i % 2 == 0 else 20.0
        x0 = nxt() * 20 - 10
        y0 = nxt() * 20 - 10
        h0 = (nxt() * 2 - 1) * math.pi
        x1 = x0 + (nxt() * 2 - 1) * span
        y1 = y0 + (nxt() * 2 - 1) * span
        h1 = (nxt() * 2 - 1) * math.pi
        qs.append((x0, y0, h0, x1, y1, h1))
    return qs


def timing():
    n = 100_000
    s = ob.ReedsSheppStateSpace(1.0)
    pairs = []
    for x0, y0, h0, x1, y1, h1 in bench_queries(n):
        a, b = s.allocState(), s.allocState()
        a.setX(x0)
        a.setY(y0)
        a.setYaw(h0)
        b.setX(x1)
        b.setY(y1)
        b.setYaw(h1)
        pairs.append((a, b))
    dist = s.distance
    dim = s.getDimension
    best, overhead = math.inf, math.inf
    total = sum(dist(a, b) for a, b in pairs)
    for _ in range(5):
        t0 = time.perf_counter()
        for a, b in pairs:
            dist(a, b)
        best = min(best, time.perf_counter() - t0)
        t0 = time.perf_counter()
        for a, b in pairs:
            dim()
        overhead = min(overhead, time.perf_counter() - t0)
    return {"ns_per_query": best * 1e9 / n, "call_overhead_ns": overhead * 1e9 / n, "queries": n, "sum": total}


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "time":
        print(json.dumps(timing()))
        return
    if len(sys.argv) != 3 or sys.argv[1] != "queries":
        sys.exit(__doc__)
    qs = queries()
    ds = distances(qs)
    with open(sys.argv[2], "wb") as f:
        for q, d in zip(qs, ds):
            f.write(struct.pack("<8d", *q, d))
    print(f"{len(qs)} queries with OMPL's distances written to {sys.argv[2]}")


if __name__ == "__main__":
    main()
