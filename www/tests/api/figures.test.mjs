// The numbers the diagrams' figures show, from the published module in Node,
// against hand computations: the seek step (desired, steering, force), the
// fillet's legs and line, the Bézier's tightest bend; bad input names the
// argument.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { nearWithin } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

const near = nearWithin(1e-12);
const lanes = (n, w) => Array.from({ length: n }, () => ({ kind: "driving", width: w }));
const prof = (x, y, heading, l = lanes(2, 3)) => ({ x, y, heading, lanes: l });

test("seekStep: the seed's rule by hand, and where a World puts the vehicle", () => {
  // At (1, 1) moving (0, 1), max speed 5, max force 2, mass 4, target (4, 5):
  // desired (3, 4), steering (3, 3), force (√2, √2), next velocity (√2/4, 1 + √2/4).
  const v = { x: 1, y: 1, vx: 0, vy: 1, maxSpeed: 5, maxForce: 2, mass: 4 };
  const s = A.seekStep(v, { x: 4, y: 5 }, 1);
  assert.deepEqual(Object.keys(s).sort(), [
    "acceleration", "desired", "desiredSpeed", "force", "forceLength", "nextPosition", "nextVelocity", "speed", "steering", "steeringLength", "velocity",
  ]);
  near(s.desired.x, 3);
  near(s.desired.y, 4);
  near(s.steering.x, 3);
  near(s.steering.y, 3);
  near(s.force.x, Math.SQRT2);
  near(s.forceLength, 2);
  near(s.steeringLength, 3 * Math.SQRT2);
  near(s.desiredSpeed, 5);
  near(s.speed, 1);
  near(s.nextVelocity.y, 1 + Math.SQRT2 / 4);
  const w = new A.World();
  try {
    const id = w.addVehicle(v);
    w.setBehaviors(id, [{ kind: "seek", target: { x: 4, y: 5 } }]);
    w.step(1);
    const after = w.vehicle(id);
    assert.equal(s.nextPosition.x, after.x);
    assert.equal(s.nextPosition.y, after.y);
  } finally {
    w.free();
  }
  assert.throws(() => A.seekStep({ ...v, mass: 0 }, { x: 0, y: 0 }, 1), /^Error: vehicle\.mass: must be greater than zero/);
  assert.throws(() => A.seekStep(v, { x: NaN, y: 0 }, 1), /^Error: target\.x: /);
  assert.throws(() => A.seekStep(v, { x: 0, y: 0 }, -1), /^Error: dt: must be greater than zero/);
});

test("roadConstruction's fillet carries its legs and its line", () => {
  // C = (20, 0): |CA| = 20, |CB| = 10, M = (10, 0), r = 10, the line A→M 10 long.
  const c = A.roadConstruction(prof(0, 0, 0), prof(20, 10, Math.PI / 2));
  const f = c.fillets[0];
  assert.equal(f.kind, "line-arc");
  near(f.legA, 20, 1e-9);
  near(f.legB, 10, 1e-9);
  near(f.straight, 10, 1e-9);
  near(f.radius, 10, 1e-9);
  // 45°: r = |CB| / tan(22.5°) = 10 (1 + √2), the line 20.
  const s = Math.SQRT1_2;
  const g = A.roadConstruction(prof(0, 0, 0, lanes(3, 3.5)), prof(30 + 10 * s, 10 * s, Math.PI / 4, lanes(3, 3.5))).fillets[0];
  near(g.radius, 10 * (1 + Math.SQRT2), 1e-9);
  near(g.straight, 20, 1e-9);
});

test("bezierOffsets' tightest bend: the arch's middle, the inner edge, the pinch", () => {
  // (−10, 0) at 45° to (10, 0) at −45°: at t = ½, B′ = (¾(40 − 10√2), 0) and
  // |B″| = 30√2, so r = |B′|² / |B″|; it turns right, the right edge 3 inside.
  const arch = (l) => A.bezierOffsets(prof(-10, 0, Math.PI / 4, l), prof(10, 0, -Math.PI / 4, l));
  const o = arch(lanes(2, 3));
  const b1 = 0.75 * (40 - 10 * Math.SQRT2);
  near(o.tightest.t, 0.5);
  near(o.tightest.radius, (b1 * b1) / (30 * Math.SQRT2), 1e-9);
  near(o.tightest.inner, 3);
  near(o.tightest.point.y, 3.75 * Math.SQRT2, 1e-12);
  assert.equal(o.pinched, false);
  const wide = arch(lanes(2, 9.5));
  assert.ok(wide.tightest.inner > wide.tightest.radius);
  assert.equal(wide.pinched, true);
  assert.equal(A.bezierOffsets(prof(0, 0, 0), prof(10, 0, 0)).tightest, null);
});
