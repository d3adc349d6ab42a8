"""The peer of planAround's path lengths: OMPL's RRT* on its Dubins state
space, for a few seconds per scene, around the same circles with the same
clearance (bench/js/pathfind.bench.mjs writes the scenes and reads this
script's answers).

    python bench/ompl_pathfind.py scenes.json answers.json [seconds per scene]

scenes.json: [{ "start": {x, y, heading}, "goal": {x, y, heading}, "radius",
"clearance", "circles": [{x, y, radius}], "bounds": [xmin, ymin, xmax, ymax] }].
answers.json: one entry per scene: { "solved", "length", "clearance" } where
"length" is the best RRT* path found (null when none) and "clearance" the least
distance from that path, sampled every 0.01 along it, to the circles (OMPL
checks states at its motion-validation resolution, so it may cut a little
closer than asked; the lengths are compared as they are).
"""

import json
import math
import sys

from ompl import base as ob
from ompl import geometric as og
from ompl import util as ou


class Circles:
    """The circles grown by the clearance, hashed in square cells."""

    def __init__(self, circles, clearance, cell=4.0):
        self.cell = cell
        self.cells = {}
        for c in circles:
            r = c["radius"] + clearance
            lo = (math.floor((c["x"] - r) / cell), math.floor((c["y"] - r) / cell))
            hi = (math.floor((c["x"] + r) / cell), math.floor((c["y"] + r) / cell))
            for i in range(lo[0], hi[0] + 1):
                for j in range(lo[1], hi[1] + 1):
                    self.cells.setdefault((i, j), []).append((c["x"], c["y"], r * r))

    def free(self, x, y):
        for cx, cy, r2 in self.cells.get((math.floor(x / self.cell), math.floor(y / self.cell)), ()):
            if (x - cx) ** 2 + (y - cy) ** 2 < r2:
                return False
        return True


def least_clearance(space, path, circles, step=0.01):
    """The least distance from the path (interpolated every `step`) to the circles."""
    least = math.inf
    out = space.allocState()
    states = path.getStates()
    for a, b in zip(states, states[1:]):
        d = space.distance(a, b)
        n = max(1, int(math.ceil(d / step)))
        for k in range(n + 1):
            space.interpolate(a, b, k / n, out)
            x, y = out.getX(), out.getY()
            for c in circles:
                least = min(least, math.hypot(x - c["x"], y - c["y"]) - c["radius"])
    return least


def solve(scene, seconds):
    space = ob.DubinsStateSpace(scene["radius"])
    bounds = ob.RealVectorBounds(2)
    x0, y0, x1, y1 = scene["bounds"]
    bounds.setLow(0, x0)
    bounds.setLow(1, y0)
    bounds.setHigh(0, x1)
    bounds.setHigh(1, y1)
    space.setBounds(bounds)
    setup = og.SimpleSetup(space)
    hashed = Circles(scene["circles"], scene["clearance"])
    setup.setStateValidityChecker(lambda s: hashed.free(s.getX(), s.getY()))
    # Motion checks every 0.1 along an edge (the default is 1% of the space's extent).
    setup.getSpaceInformation().setStateValidityCheckingResolution(0.1 / space.getMaximumExtent())
    start = space.allocState()
    goal = space.allocState()
    for state, pose in ((start, scene["start"]), (goal, scene["goal"])):
        state.setX(pose["x"])
        state.setY(pose["y"])
        state.setYaw(pose["heading"])
    setup.setStartAndGoalStates(start, goal)
    setup.setPlanner(og.RRTstar(setup.getSpaceInformation()))
    status = setup.solve(seconds)
    if not setup.haveExactSolutionPath():
        return {"solved": False, "length": None, "clearance": None, "status": str(status)}
    path = setup.getSolutionPath()
    return {
        "solved": True,
        "length": path.length(),
        "clearance": least_clearance(space, path, scene["circles"]),
        "status": str(status),
    }


def main():
    scenes = json.load(open(sys.argv[1]))
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 4.0
    ou.setLogLevel(ou.LOG_WARN)
    answers = [solve(s, seconds) for s in scenes]
    json.dump(answers, open(sys.argv[2], "w"))


if __name__ == "__main__":
    main()
