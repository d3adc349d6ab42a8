// Pathfinding's published JS API (planAround, planOnGrid and their Debug
// forms), loaded in Node as tutorial authors load it: shapes, hand-computed
// lengths, paths checked against every obstacle by sampling here, and bad
// input that throws an Error naming the argument.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { nearWithin } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

const close = nearWithin(1e-9);

/** A named error, never a trap. */
function throwsNamed(fn, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error && !(e instanceof WebAssembly.RuntimeError), String(e));
    assert.ok(e.message.startsWith(message), `"${e.message}" should start with "${message}"`);
    return true;
  });
}

/** The least distance from points every `step` along `path` to the circles (by sampling, here). */
function sampledClearance(path, circles, step = 0.01) {
  let least = Infinity;
  const n = Math.max(1, Math.ceil(path.length / step));
  for (let i = 0; i <= n; i++) {
    const p = A.poseAt(path, (path.length * i) / n);
    for (const c of circles) least = Math.min(least, Math.hypot(p.x - c.x, p.y - c.y) - c.radius);
  }
  return least;
}

/** Every segment starts where the one before ends, with the same heading. */
function assertG1(path) {
  let at = 0;
  for (const s of path.segments) {
    const before = A.poseAt(path, Math.max(0, at - 1e-9));
    const after = A.poseAt(path, at + 1e-9);
    close(before.x, after.x, 1e-7, "x");
    close(before.y, after.y, 1e-7, "y");
    const dh = Math.atan2(Math.sin(after.heading - before.heading), Math.cos(after.heading - before.heading));
    close(dh, 0, 1e-6, "heading");
    at += s.length;
  }
}

const start = { x: 0, y: 0, heading: 0 };
const oneCircle = { circles: [{ x: 10, y: 0, radius: 2 }] };

test("one circle between start and goal: the length from the tangents and arcs by hand", () => {
  // r = 1: a left arc of φ on the start's left circle (centre (0, 1)), the
  // inner tangent to the circle of radius 2 at (10, 0) (√(101 − 9) long),
  // a right arc of 2φ (radius 2), the mirror image; the tangent's heading
  // is φ = asin(3/√101) − atan(1/10).
  const p = A.planAround(start, { x: 20, y: 0, heading: 0 }, 1, oneCircle);
  const phi = Math.asin(3 / Math.sqrt(101)) - Math.atan(0.1);
  close(p.length, 6 * phi + 2 * Math.sqrt(92), 1e-9, "length");
  assert.ok(p.word === "LSRSL" || p.word === "RSLSR", p.word);
  const [a0, l0, a1] = p.segments;
  assert.equal(a0.kind, "arc");
  close(a0.radius, 1);
  close(Math.abs(a0.sweep), phi, 1e-12, "first arc");
  close(l0.length, Math.sqrt(92), 1e-12, "tangent");
  close(a1.radius, 2);
  close(Math.abs(a1.sweep), 2 * phi, 1e-12, "arc round the obstacle");
  // The first arc ends where the tangent leaves the start circle: (sin φ, ±(1 − cos φ)).
  close(l0.start.x, Math.sin(phi), 1e-12);
  close(Math.abs(l0.start.y), 1 - Math.cos(phi), 1e-12);
  assertG1(p);
  assert.ok(sampledClearance(p, oneCircle.circles) >= -1e-9);
});

test("with a clearance and a goal point: the guide circle grows, the last line runs to the point", () => {
  // Clearance 0.5: the guide circle has radius 2.5; in φ = asin(3.5/√101) −
  // atan(1/10), out ψ = asin(2.5/10) towards (20, 0), the last line √(100 − 6.25).
  const goal = { x: 20, y: 0 };
  const p = A.planAround(start, goal, 1, oneCircle, { clearance: 0.5 });
  const phi = Math.asin(3.5 / Math.sqrt(101)) - Math.atan(0.1);
  const psi = Math.asin(0.25);
  const want = phi + Math.sqrt(101 - 12.25) + 2.5 * (phi + psi) + Math.sqrt(100 - 6.25);
  close(p.length, want, 1e-9, "length");
  const end = A.poseAt(p, p.length);
  close(end.x, 20, 1e-9);
  close(end.y, 0, 1e-9);
  close(Math.abs(end.heading), psi, 1e-9, "arrives along the tangent, ψ below (or above) the axis");
  assert.ok(sampledClearance(p, oneCircle.circles) >= 0.5 - 1e-9);
});

test("a field of circles: the path keeps the clearance from every one, every arc at least the turning radius", () => {
  let s = 42;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  for (let scene = 0; scene < 30; scene++) {
    const circles = [];
    while (circles.length < 25) {
      const c = { x: 5 + rnd() * 40, y: rnd() * 40, radius: 0.5 + rnd() * 2 };
      if (Math.hypot(c.x, c.y - 20) > c.radius + 1.5 && Math.hypot(c.x - 50, c.y - 20) > c.radius + 1.5) circles.push(c);
    }
    const r = 0.5 + rnd() * 2;
    const clearance = rnd();
    const p = A.planAround({ x: 0, y: 20, heading: rnd() * 6 }, { x: 50, y: 20, heading: rnd() * 6 }, r, { circles }, { clearance });
    if (p === null) continue;
    for (const seg of p.segments) if (seg.kind === "arc") assert.ok(seg.radius >= r - 1e-12, `arc radius ${seg.radius} < ${r}`);
    assert.ok(sampledClearance(p, circles, 0.02) >= clearance - 1e-7, `scene ${scene}`);
    assertG1(p);
  }
});

test("no path is null, and the Debug form says why in words", () => {
  // Heading east 0.5 from a tall wall with r = 1: nothing turns away in time.
  const wall = [[{ x: 0.5, y: -30 }, { x: 1, y: -30 }, { x: 1, y: 30 }, { x: 0.5, y: 30 }]];
  assert.equal(A.planAround(start, { x: -10, y: 0 }, 1, { polygons: wall }), null);
  const d = A.planAroundDebug(start, { x: -10, y: 0 }, 1, { polygons: wall });
  assert.equal(d.path, null);
  assert.equal(d.noPath.kind, "startEnclosed");
  assert.match(d.noPath.message, /cannot leave the start/);
  assert.equal(d.shortest, false);
  // A budget too small gives up and says so.
  const far = A.planAroundDebug(start, { x: 40, y: 0 }, 1, { circles: [{ x: 20, y: 0, radius: 3 }, { x: 30, y: 1, radius: 2 }] }, { maxExpanded: 0 });
  assert.equal(far.noPath.kind, "searchLimit");
  assert.match(far.noPath.message, /gave up after expanding 0 nodes/);
});

test("the Debug form: guide circles, checked edges, expanded poses", () => {
  const d = A.planAroundDebug(start, { x: 20, y: 0, heading: 0 }, 3, { circles: [{ x: 10, y: 0, radius: 1 }] }, { clearance: 0.5 });
  // The obstacle's guide circle is enlarged to the turning radius (1.5 < 3),
  // then the start's two and the goal's two turning circles.
  assert.deepEqual(d.guides.map((g) => g.of), ["circle", "start", "start", "goal", "goal"]);
  close(d.guides[0].radius, 3);
  assert.deepEqual(d.guides[0].center, { x: 10, y: 0 });
  close(d.guides[1].radius, 3);
  assert.equal(d.expandedPoses.length, d.expanded);
  assert.ok(d.edges.length > 0 && d.edges.some((e) => !e.clear) && d.edges.some((e) => e.clear));
  assert.equal(d.shortest, true);
  close(d.path.length, A.planAround(start, { x: 20, y: 0, heading: 0 }, 3, { circles: [{ x: 10, y: 0, radius: 1 }] }, { clearance: 0.5 }).length, 0);
});

test("bad input throws an Error naming the argument", () => {
  const goal = { x: 20, y: 0 };
  throwsNamed(() => A.planAround(start, goal, 1, { circles: [oneCircle.circles[0], oneCircle.circles[0], { x: 5, y: 5, radius: 0 }] }), "obstacles.circles[2].radius: must be greater than zero");
  throwsNamed(() => A.planAround(start, goal, 1, { circles: [{ x: 5, y: NaN, radius: 1 }] }), "obstacles.circles[0].y: must be a finite number");
  throwsNamed(() => A.planAround(start, goal, 1, { circles: [{ x: 5, y: "3", radius: 1 }] }), "obstacles.circles[0].y: must be a number");
  throwsNamed(() => A.planAround(start, goal, 1, { circles: 3 }), "obstacles.circles: must be an array");
  const bowTie = [{ x: 0, y: 5 }, { x: 2, y: 7 }, { x: 2, y: 5 }, { x: 0, y: 7 }];
  const square = [{ x: 30, y: 0 }, { x: 31, y: 0 }, { x: 31, y: 1 }, { x: 30, y: 1 }];
  throwsNamed(() => A.planAround(start, goal, 1, { polygons: [square, bowTie] }), "obstacles.polygons[1]: must be a simple polygon: edges 0 and 2 cross or touch");
  throwsNamed(() => A.planAround(start, goal, 1, { polygons: [[{ x: 0, y: 5 }, { x: 1, y: 5 }]] }), "obstacles.polygons[0]: must hold at least 3 items");
  throwsNamed(() => A.planAround(start, goal, 1, { polygons: [[{ x: 0, y: 5 }, { x: 1, y: 5 }, { x: 2, y: 5 }]] }), "obstacles.polygons[0]: must be a simple polygon");
  throwsNamed(() => A.planAround(start, goal, 1, { circles: [{ x: 0.5, y: 0, radius: 1 }] }), "start: is inside or too close to obstacles.circles[0]");
  throwsNamed(() => A.planAround(start, goal, 1, { circles: [{ x: 20, y: 1.5, radius: 1 }] }, { clearance: 0.6 }), "goal: is inside or too close to obstacles.circles[0]");
  throwsNamed(() => A.planAround(start, goal, 0, oneCircle), "radius: must be greater than zero");
  throwsNamed(() => A.planAround(start, goal, 1, oneCircle, { clearance: -1 }), "options.clearance: must not be negative");
  throwsNamed(() => A.planAround(start, goal, 1, oneCircle, { maxExpanded: -1 }), "options.maxExpanded: must be a whole number");
  throwsNamed(() => A.planAround(start, { x: 3, y: 4, heading: Infinity }, 1, oneCircle), "goal.heading: must be a finite number");
  throwsNamed(() => A.planAround({ x: 0, y: 0 }, goal, 1, oneCircle), "start.heading: is missing");
  throwsNamed(() => A.planAround(start, goal, 1, null), "obstacles: is missing");
  // Either list may be missing; an empty scene is the Dubins path.
  close(A.planAround(start, { x: 5, y: 5, heading: 1 }, 1, {}).length, A.planDubins(start, { x: 5, y: 5, heading: 1 }, 1).length, 1e-12);
});

/** A grid of unit-free tiles with these (column, row) tiles blocked. */
function grid(columns, rows, tile, blocked = []) {
  const g = { columns, rows, tile, blocked: new Uint8Array(columns * rows) };
  for (const [c, r] of blocked) g.blocked[r * columns + c] = 1;
  return g;
}

test("planOnGrid: a corridor is driven straight, node by node", () => {
  // 8 tiles of 2 in a row: centre of tile 0 to centre of tile 7, 14 long;
  // the start and the six tiles before the last are expanded.
  const r = A.planOnGrid(grid(8, 1, 2), { x: 1, y: 1, heading: 0 }, { x: 15, y: 1, heading: 0 }, 0.5);
  close(r.path.length, 14, 1e-9);
  assert.equal(r.expanded, 7);
  assert.equal(r.noPath, null);
});

test("planOnGrid: an eighth of a turn each way round a corner, by hand", () => {
  // Unit tiles, r = 0.5, from the centre of (0, 0) east to the centre of
  // (1, 1) north: LSL with an eighth of a turn on each circle and the
  // diagonal between their centres (0.5, 1) and (1, 1.5): π/4 + √½.
  const r = A.planOnGrid(grid(3, 3, 1), { x: 0.5, y: 0.5, heading: 0 }, { x: 1.5, y: 1.5, heading: Math.PI / 2 }, 0.5);
  close(r.path.length, Math.PI / 4 + Math.SQRT1_2, 1e-9);
  assert.equal(r.path.word, "LSL");
  // That diagonal passes the corner (1, 1): with tile (1, 0) blocked the curve is not allowed.
  const blocked = A.planOnGrid(grid(3, 3, 1, [[1, 0]]), { x: 0.5, y: 0.5, heading: 0 }, { x: 1.5, y: 1.5, heading: Math.PI / 2 }, 0.5);
  if (blocked.path) assert.ok(blocked.path.length > Math.PI / 4 + Math.SQRT1_2 + 1e-6);
});

test("planOnGrid: the path never touches a blocked tile (sampled here), and a wall gives null with a reason", () => {
  let s = 9;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  let found = 0;
  for (let k = 0; k < 20; k++) {
    const g = grid(16, 16, 1);
    for (let i = 0; i < g.blocked.length; i++) g.blocked[i] = rnd() < 0.2 ? 1 : 0;
    g.blocked[0] = 0;
    g.blocked[255] = 0;
    const r = A.planOnGrid(g, { x: 0.5, y: 0.5, heading: Math.PI / 4 }, { x: 15.5, y: 15.5 }, 0.4);
    assert.equal(typeof r.expanded, "number");
    if (!r.path) {
      assert.ok(["startEnclosed", "goalEnclosed", "blocked"].includes(r.noPath.kind), r.noPath.kind);
      continue;
    }
    found++;
    const n = Math.ceil(r.path.length / 0.002);
    for (let i = 0; i <= n; i++) {
      const p = A.poseAt(r.path, (r.path.length * i) / n);
      const [c, row] = [Math.floor(p.x), Math.floor(p.y)];
      assert.ok(c >= 0 && row >= 0 && c < 16 && row < 16, `outside at ${p.x}, ${p.y}`);
      assert.equal(g.blocked[row * 16 + c], 0, `on blocked tile (${c}, ${row})`);
    }
  }
  assert.ok(found >= 5, `${found}`);
  // Column 5 blocked from top to bottom.
  const wall = grid(10, 10, 1, Array.from({ length: 10 }, (_, r) => [5, r]));
  const r = A.planOnGrid(wall, { x: 1.5, y: 1.5, heading: 0 }, { x: 8.5, y: 8.5 }, 0.5);
  assert.equal(r.path, null);
  assert.equal(r.noPath.kind, "blocked");
  // No tile on the start's side can reach the goal: nothing past the start is expanded.
  assert.equal(r.expanded, 1);
  // With a gap in the wall, a budget of 10 expansions gives up, and says so.
  const gap = { ...wall, blocked: wall.blocked.slice() };
  gap.blocked[5 * 10 + 5] = 0;
  gap.blocked[6 * 10 + 5] = 0;
  assert.ok(A.planOnGrid(gap, { x: 1.5, y: 1.5, heading: 0 }, { x: 8.5, y: 8.5 }, 0.5).path);
  const d = A.planOnGridDebug(gap, { x: 1.5, y: 1.5, heading: 0 }, { x: 8.5, y: 8.5 }, 0.5, { maxExpanded: 10 });
  assert.equal(d.noPath.kind, "searchLimit");
  assert.equal(d.expandedPoses.length, 10);
  assert.deepEqual(d.expandedPoses[0], { x: 1.5, y: 1.5, heading: 0 });
});

test("planOnGrid: bad input throws an Error naming the argument", () => {
  const g = grid(4, 4, 1, [[2, 2]]);
  const s = { x: 0.5, y: 0.5, heading: 0 };
  throwsNamed(() => A.planOnGrid(g, s, { x: 2.5, y: 2.5 }, 0.5), "goal: is inside or too close to grid.blocked[10]");
  throwsNamed(() => A.planOnGrid(g, { x: 4.5, y: 0.5, heading: 0 }, { x: 3.5, y: 3.5 }, 0.5), "start.x: must be from 0 to 4");
  throwsNamed(() => A.planOnGrid({ ...g, blocked: new Uint8Array(15) }, s, { x: 3.5, y: 3.5 }, 0.5), "grid.blocked: must hold 16 values, got 15");
  throwsNamed(() => A.planOnGrid({ ...g, tile: -1 }, s, { x: 3.5, y: 3.5 }, 0.5), "grid.tile: must be greater than zero");
  throwsNamed(() => A.planOnGrid({ ...g, columns: 2.5 }, s, { x: 3.5, y: 3.5 }, 0.5), "grid.columns: must be a whole number");
  throwsNamed(() => A.planOnGrid(g, s, { x: 3.5, y: 3.5 }, NaN), "radius: must be a finite number");
});
