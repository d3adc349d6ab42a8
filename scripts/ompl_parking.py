"""OMPL's peer for the parking planner: RRT* (or BIT*) in OMPL's
Reeds-Shepp state space with the same rectangle validity check, on scenes
that tests/planner/parking_ompl.rs writes.

    python ompl_parking.py SCENES.json OUT.json [--budget SECONDS] [--planner rrtstar|bitstar]

SCENES.json: a list of scenes, each
    { "name", "radius", "start": [x, y, h], "goal": [x, y, h],
      "body": { "length", "width", "rear" }, "clearance",
      "circles": [[x, y, r]], "polygons": [[[x, y], ...]],
      "bounds": [xlo, ylo, xhi, yhi] }
OUT.json: one record per scene, in order,
    { "name", "solved", "length", "firstSeconds", "seconds" }
    (length: the simplified solution's Reeds-Shepp length, null when
    unsolved; firstSeconds: when the first solution was found).

The validity check is the body's rectangle against every circle and
polygon (kept `clearance` away), written out here; motions are checked by
OMPL's discrete motion validator at a resolution of 0.3 % of the space
(sampled: a motion may clip a corner between two of its samples).
"""

import json
import math
import sys
import time

from ompl import base as ob
from ompl import geometric as og
from ompl import util as ou

# The motion validator's step, as a fraction of the space's extent (about
# 0.2 m on these scenes of 60 to 90 m).
RESOLUTION = 0.003


def corners(body, x, y, h):
    c, s = math.cos(h), math.sin(h)
    f, b, w = body["length"] - body["rear"], -body["rear"], body["width"] / 2.0
    return [(x + u * c - v * s, y + u * s + v * c) for u, v in ((b, -w), (f, -w), (f, w), (b, w))]


def point_segment(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def orient(a, b, c):
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segment_segment(a, b, c, d):
    if orient(a, b, c) * orient(a, b, d) < 0 and orient(c, d, a) * orient(c, d, b) < 0:
        return 0.0
    return min(point_segment(a, c, d), point_segment(b, c, d), point_segment(c, a, b), point_segment(d, a, b))


def inside(poly, p):
    c = False
    j = len(poly) - 1
    for i in range(len(poly)):
        a, b = poly[i], poly[j]
        if (a[1] > p[1]) != (b[1] > p[1]) and p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0]:
            c = not c
        j = i
    return c


def prepare(scene):
    """Bounding circles of the polygons and the body, for a quick reject."""
    b = scene["body"]
    scene["_body"] = (b["length"] / 2.0 - b["rear"], math.hypot(b["length"] / 2.0, b["width"] / 2.0))
    scene["_polys"] = []
    for poly in scene["polygons"]:
        cx = sum(p[0] for p in poly) / len(poly)
        cy = sum(p[1] for p in poly) / len(poly)
        scene["_polys"].append((cx, cy, max(math.hypot(p[0] - cx, p[1] - cy) for p in poly), poly))


def clear(scene, x, y, h):
    cl = scene["clearance"]
    off, reach = scene["_body"]
    bx, by = x + off * math.cos(h), y + off * math.sin(h)
    k = None
    for cx, cy, r in scene["circles"]:
        if math.hypot(cx - bx, cy - by) >= reach + r + cl:
            continue
        k = k or corners(scene["body"], x, y, h)
        p = (cx, cy)
        if inside(k, p) or min(point_segment(p, k[i], k[(i + 1) % 4]) for i in range(4)) < r + cl:
            return False
    for cx, cy, r, poly in scene["_polys"]:
        if math.hypot(cx - bx, cy - by) >= reach + r + cl:
            continue
        k = k or corners(scene["body"], x, y, h)
        edges = [(k[i], k[(i + 1) % 4]) for i in range(4)]
        if any(inside(k, p) for p in poly) or any(inside(poly, p) for p in k):
            return False
        n = len(poly)
        for a, b in edges:
            for j in range(n):
                if segment_segment(a, b, poly[j], poly[(j + 1) % n]) < cl:
                    return False
    return True


def solve(scene, budget, planner):
    prepare(scene)
    space = ob.ReedsSheppStateSpace(scene["radius"])
    bounds = ob.RealVectorBounds(2)
    xlo, ylo, xhi, yhi = scene["bounds"]
    bounds.setLow(0, xlo)
    bounds.setLow(1, ylo)
    bounds.setHigh(0, xhi)
    bounds.setHigh(1, yhi)
    space.setBounds(bounds)
    ss = og.SimpleSetup(space)
    ss.setStateValidityChecker(lambda s: clear(scene, s.getX(), s.getY(), s.getYaw()))
    si = ss.getSpaceInformation()
    si.setStateValidityCheckingResolution(RESOLUTION)
    start, goal = space.allocState(), space.allocState()
    for st, (x, y, h) in ((start, scene["start"]), (goal, scene["goal"])):
        st.setX(x)
        st.setY(y)
        st.setYaw(h)
    ss.setStartAndGoalStates(start, goal, 1e-6)
    obj = ob.PathLengthOptimizationObjective(si)
    ss.setOptimizationObjective(obj)
    p = og.BITstar(si) if planner == "bitstar" else og.RRTstar(si)
    ss.setPlanner(p)
    # The planner runs in slices of 0.1 s (its tree kept from one to the
    # next) until its first solution, so that its time is seen (OMPL's
    # Python bindings take no intermediate-solution callback).
    first = None
    solved = False
    t0 = time.perf_counter()
    while True:
        left = budget - (time.perf_counter() - t0)
        if left <= 0:
            break
        # Slices until the first solution, then the rest in one go.
        solved = ss.solve(min(0.1, left) if first is None else left)
        if first is None and ss.haveExactSolutionPath():
            first = time.perf_counter() - t0
    seconds = time.perf_counter() - t0
    exact = bool(solved) and ss.haveExactSolutionPath()
    length = None
    if exact:
        path = ss.getSolutionPath()
        length = path.length()
    return {"name": scene["name"], "solved": exact, "length": length, "firstSeconds": first, "seconds": seconds}


def main():
    args = sys.argv[1:]
    budget, planner = 10.0, "rrtstar"
    if "--budget" in args:
        i = args.index("--budget")
        budget = float(args[i + 1])
        del args[i : i + 2]
    if "--planner" in args:
        i = args.index("--planner")
        planner = args[i + 1]
        del args[i : i + 2]
    # The same random samples on every run (the time budget still decides
    # how many of them a run draws).
    ou.RNG.setSeed(20261206)
    scenes = json.load(open(args[0]))
    out = [solve(s, budget, planner) for s in scenes]
    json.dump(out, open(args[1], "w"), indent=1)


if __name__ == "__main__":
    main()
