// The planner's published JS API, loaded in Node as tutorial authors load it:
// shapes, hand-computed values, and bad input that throws a named Error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { nearWithin } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

const close = nearWithin(1e-9);
const WORDS = ["LSL", "LSR", "RSL", "RSR", "RLR", "LRL"];

function assertPath(p) {
  assert.equal(typeof p, "object");
  assert.ok(Array.isArray(p.segments) && p.segments.length >= 1);
  assert.equal(typeof p.length, "number");
  assert.equal(typeof p.word, "string");
  assert.equal(p.word.length, p.segments.length);
  let sum = 0;
  for (const s of p.segments) {
    if (s.kind === "line") {
      assert.deepEqual(Object.keys(s).sort(), ["end", "kind", "length", "start"]);
      for (const v of [s.start.x, s.start.y, s.end.x, s.end.y]) assert.ok(Number.isFinite(v));
    } else {
      assert.equal(s.kind, "arc");
      assert.deepEqual(Object.keys(s).sort(), ["center", "kind", "length", "radius", "startAngle", "sweep"]);
      for (const v of [s.center.x, s.center.y, s.radius, s.startAngle, s.sweep]) assert.ok(Number.isFinite(v));
    }
    sum += s.length;
  }
  close(sum, p.length, 1e-12);
}

/// A named error, never a trap, and the module still works after it.
function throwsNamed(fn, name) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error, `not an Error: ${e}`);
    assert.ok(!/unreachable/i.test(e.message) || name === "target", e.message);
    assert.ok(!(e instanceof WebAssembly.RuntimeError), e.message);
    assert.ok(e.message.startsWith(name), `"${e.message}" should start with "${name}"`);
    return true;
  });
  const p = A.planDubins({ x: 0, y: 0, heading: 0 }, { x: 1, y: 1, heading: Math.PI / 2 }, 1);
  close(p.length, Math.PI / 2, 1e-12);
}

test("planTurn: the seed's hand case, right turn wins", () => {
  // East from the origin, r = 1, target (3, -4): P = (0, -1), h = 3√2, d = √17,
  // θ = acos(1/(3√2)), arc 3π/4 − θ clockwise.
  const p = A.planTurn({ x: 0, y: 0, heading: 0 }, { x: 3, y: -4 }, 1);
  assertPath(p);
  assert.equal(p.word, "RS");
  const theta = Math.acos(1 / Math.sqrt(18));
  close(p.length, 3 * Math.PI / 4 - theta + Math.sqrt(17), 1e-12);
  const end = A.poseAt(p, p.length);
  close(end.x, 3, 1e-12);
  close(end.y, -4, 1e-12);
});

test("planTurn: null only for the start itself; on the circle a pure arc", () => {
  assert.equal(A.planTurn({ x: 2, y: 3, heading: 1 }, { x: 2, y: 3 }, 1), null);
  const p = A.planTurn({ x: 0, y: 0, heading: 0 }, { x: 1, y: 1 }, 1);
  assert.equal(p.word, "LS");
  close(p.length, Math.PI / 2, 1e-12);
  assert.equal(p.segments[1].length, 0);
});

test("planTurnSides: P, Q, θ, h for both sides; an unreachable side in words", () => {
  const s = A.planTurnSides({ x: 0, y: 0, heading: 0 }, { x: 0, y: 0.5 }, 1);
  assert.equal(s.best, "right");
  assert.equal(s.left.unreachable, "insideCircle");
  assert.equal(s.left.exit, null);
  close(s.left.center.x, 0, 1e-15);
  close(s.left.center.y, 1, 1e-15);
  close(s.left.h, 0.5, 1e-15);
  assert.equal(s.right.unreachable, null);
  assert.equal(s.right.side, "right");
  close(s.right.center.y, -1, 1e-15);
  close(s.right.h, 1.5, 1e-15);
  const e = s.right.exit;
  close(e.theta, Math.acos(1 / 1.5), 1e-12);
  close(e.d, Math.sqrt(1.5 * 1.5 - 1), 1e-12);
  // Q is on the circle and d away from the target.
  close(Math.hypot(e.exit.x - s.right.center.x, e.exit.y - s.right.center.y), 1, 1e-12);
  close(Math.hypot(e.exit.x - 0, e.exit.y - 0.5), e.d, 1e-12);
  assertPath(e.path);
  const atStart = A.planTurnSides({ x: 0, y: 0, heading: 0 }, { x: 0, y: 0 }, 1);
  assert.equal(atStart.best, null);
  assert.equal(atStart.right.unreachable, "targetAtStart");
});

test("planTurnSides with options.sharpness: the CC construction beside the seed's, its exit on the CC circle, the planner's path", () => {
  const start = { x: 0, y: 0, heading: 0 };
  const target = { x: 20, y: 30 };
  assert.equal("cc" in A.planTurnSides(start, target, 10), false, "no sharpness: the seed's shape, unchanged");
  assert.equal("cc" in A.planTurnSides(start, target, 10, {}), false);
  const s = A.planTurnSides(start, target, 10, { sharpness: 0.01 });
  assert.deepEqual({ ...s, cc: undefined }, { ...A.planTurnSides(start, target, 10), cc: undefined });
  const cc = s.cc;
  close(cc.deltaMin, 1 / (100 * 0.01), 1e-12);
  assert.equal(cc.best, "left");
  const l = cc.left;
  assert.equal(l.unreachable, null);
  close(l.innerRadius, l.ccRadius * Math.cos(l.mu), 1e-12);
  close(Math.hypot(l.ccCenter.x, l.ccCenter.y), l.ccRadius, 1e-12, "r_Ω: Ω to the start");
  close(Math.hypot(target.x - l.ccCenter.x, target.y - l.ccCenter.y), l.h, 1e-12);
  const e = l.exit;
  close(Math.hypot(e.exit.x - l.ccCenter.x, e.exit.y - l.ccCenter.y), l.ccRadius, 1e-9, "exit on the CC circle");
  close(Math.hypot(e.tangentPoint.x - l.ccCenter.x, e.tangentPoint.y - l.ccCenter.y), l.innerRadius, 1e-9, "T on the inner circle");
  close(Math.hypot(target.x - e.exit.x, target.y - e.exit.y), e.d, 1e-9);
  assert.deepEqual(l.path, A.planTurn(start, target, 10, { sharpness: 0.01 }));
  assert.equal(l.path.word, "TLTS");
  // Far ahead and a little left: a two-clothoid turn, named.
  const short = A.planTurnSides(start, { x: 200, y: 1 }, 2, { sharpness: 0.1 }).cc.left;
  assert.equal(short.unreachable, "shortTurn");
  assert.equal(short.exit, null);
  assert.equal(short.path.word, "TTS");
  assert.throws(() => A.planTurnSides(start, target, 10, { sharpness: 0 }), { message: "options.sharpness: must be greater than zero" });
  assert.throws(() => A.planTurnSides(start, target, 10, { sharpness: NaN }), { message: "options.sharpness: must be a finite number" });
});

test("planDubins: LRL where RLR is longer ((0,0,π/2) → (4,0,−π/2), r = 3)", () => {
  const p = A.planDubins({ x: 0, y: 0, heading: Math.PI / 2 }, { x: 4, y: 0, heading: -Math.PI / 2 }, 3);
  assertPath(p);
  assert.equal(p.word, "LRL");
  close(p.length, 3 * (Math.PI + 4 * Math.acos(10 / 12)), 1e-12);
});

test("planDubins: coincident start and goal is one zero-length segment", () => {
  const s = { x: 1, y: 2, heading: 0.5 };
  const p = A.planDubins(s, s, 2);
  assert.equal(p.length, 0);
  assert.equal(p.segments.length, 1);
  const q = A.poseAt(p, 0);
  close(q.heading, 0.5, 1e-15);
});

test("dubinsCandidates: every feasible word, each ending at the goal", () => {
  const start = { x: 0, y: 0, heading: Math.PI / 2 };
  const goal = { x: 4, y: 0, heading: -Math.PI / 2 };
  const c = A.dubinsCandidates(start, goal, 3);
  assert.deepEqual(c.map((p) => p.word), ["LSL", "RSR", "RLR", "LRL"]);
  const far = A.dubinsCandidates(start, { x: 30, y: 5, heading: 1 }, 1);
  assert.deepEqual(far.map((p) => p.word), ["LSL", "LSR", "RSL", "RSR"]);
  for (const p of [...c, ...far]) assertPath(p);
  const best = A.planDubins(start, goal, 3);
  assert.ok(c.every((p) => p.length >= best.length - 1e-12));
  for (const p of c) {
    const e = A.poseAt(p, p.length);
    close(e.x, 4, 1e-9);
    close(e.y, 0, 1e-9);
  }
});

test("dubinsLengths: a Float64Array in, one length per query out, same as planDubins", () => {
  const q = new Float64Array([0, 0, Math.PI / 2, 4, 0, -Math.PI / 2, 0, 0, 0, 10, 0, 0, 5, 5, 1, 5, 5, 1]);
  const out = A.dubinsLengths(q, 3);
  assert.ok(out instanceof Float64Array);
  assert.equal(out.length, 3);
  close(out[0], 3 * (Math.PI + 4 * Math.acos(10 / 12)), 1e-12);
  close(out[1], 10, 1e-12);
  assert.equal(out[2], 0);
  assert.equal(A.dubinsLengths(new Float64Array(0), 1).length, 0);
});

test("poseAtTime: distance = speed × time, clamped", () => {
  const p = A.planTurn({ x: 0, y: 0, heading: 0 }, { x: 10, y: 0 }, 1);
  const q = A.poseAtTime(p, 2, 1.5);
  close(q.x, 3, 1e-12);
  close(q.heading, 0, 1e-12);
  close(A.poseAtTime(p, 2, 100).x, 10, 1e-12);
  close(A.poseAtTime(p, 2, -1).x, 0, 1e-12);
});

test("bad input throws an Error naming the argument", () => {
  const s = { x: 0, y: 0, heading: 0 };
  const g = { x: 5, y: 1, heading: 1 };
  const t = { x: 5, y: 1 };
  for (const r of [0, -1, NaN, Infinity, undefined, "3"]) {
    throwsNamed(() => A.planTurn(s, t, r), "radius");
    throwsNamed(() => A.planDubins(s, g, r), "radius");
    throwsNamed(() => A.dubinsCandidates(s, g, r), "radius");
    throwsNamed(() => A.dubinsLengths(new Float64Array(6), r), "radius");
    throwsNamed(() => A.planTurnSides(s, t, r), "radius");
  }
  throwsNamed(() => A.planTurn({ x: NaN, y: 0, heading: 0 }, t, 1), "start.x");
  throwsNamed(() => A.planTurn({ x: 0, y: 0 }, t, 1), "start");
  throwsNamed(() => A.planTurn(s, { x: 1 }, 1), "target");
  throwsNamed(() => A.planTurn(s, "here", 1), "target");
  throwsNamed(() => A.planTurn(s, null, 1), "target");
  throwsNamed(() => A.planDubins(s, { x: 1, y: Infinity, heading: 0 }, 1), "goal.y");
  throwsNamed(() => A.planDubins(s, { x: 1, y: 1, heading: -Infinity }, 1), "goal.heading");
  throwsNamed(() => A.planDubins(undefined, g, 1), "start");
  throwsNamed(() => A.dubinsCandidates(s, 42, 1), "goal");
  throwsNamed(() => A.dubinsLengths(new Float64Array(7), 1), "queries");
  throwsNamed(() => A.dubinsLengths(new Float64Array([0, 0, 0, 1, NaN, 0]), 1), "queries");
  throwsNamed(() => A.dubinsLengths(new Float64Array([0, 0, 0, 1, Infinity, 0]), 1), "queries");
  throwsNamed(() => A.dubinsLengths([0, 0, 0, 1, 1, 0], 1), "queries");
  throwsNamed(() => A.dubinsLengths("abc", 1), "queries");
  throwsNamed(() => A.dubinsLengths(undefined, 1), "queries");
  throwsNamed(() => A.poseAtTime({ segments: [] }, 1, 1), "path");
  throwsNamed(() => A.poseAtTime({ segments: [{ kind: "spiral" }] }, 1, 1), "path");
  const p = A.planTurn(s, t, 1);
  throwsNamed(() => A.poseAtTime(p, -1, 1), "speed");
  throwsNamed(() => A.poseAtTime(p, 1, NaN), "time");
  throwsNamed(() => A.poseAtTime({ segments: [{ kind: "arc", center: { x: 0, y: 0 }, radius: -1, startAngle: 0, sweep: 1 }] }, 1, 1), "path");
});

// The exact words for each argument of the planners, the first bad one in
// order named.
test("planner errors name the first bad argument and the field in it", () => {
  const s = { x: 0, y: 0, heading: 0 };
  const g = { x: 5, y: 1, heading: 1 };
  const message = (fn) => {
    try {
      fn();
    } catch (e) {
      assert.ok(e instanceof Error && !(e instanceof WebAssembly.RuntimeError), String(e));
      return e.message;
    }
    assert.fail("expected an Error");
  };
  for (const plan of [A.planDubins, A.planReedsShepp, A.dubinsCandidates]) {
    assert.equal(message(() => plan(s, g, undefined)), "radius: is missing");
    assert.equal(message(() => plan(s, g, null)), "radius: is missing");
    assert.equal(message(() => plan(s, g, "3")), "radius: must be a number");
    assert.equal(message(() => plan(s, g, { radius: 3 })), "radius: must be a number");
    assert.equal(message(() => plan(s, null, 1)), "goal: is missing");
    assert.equal(message(() => plan(s, { x: 1, y: 2 }, 1)), "goal.heading: is missing");
    assert.equal(message(() => plan(s, { x: 1, y: "a string longer than twenty-four", heading: 0 }, 1)), "goal.y: must be a number");
    assert.equal(message(() => plan({ x: 0, y: 0 }, null, "3")), "start.heading: is missing");
    assert.equal(message(() => plan(s, [1, 2, 3], undefined)), "goal: must be an object");
    // Read in order: a good start and goal, the radius then checked by the core.
    assert.match(message(() => plan(s, g, -1)), /^radius: /);
  }
  assert.equal(message(() => A.planTurn(s, { y: 1 }, 1)), "target.x: is missing");
  assert.equal(message(() => A.planTurnSides(s, { x: 1, y: 1 }, true)), "radius: must be a number");
  // Inherited fields are read as own ones.
  const proto = { heading: 0.5 };
  const inherited = Object.assign(Object.create(proto), { x: 3, y: 4 });
  const a = A.planDubins(inherited, g, 1.5);
  const b = A.planDubins({ x: 3, y: 4, heading: 0.5 }, g, 1.5);
  assert.deepEqual(a, b);
});

test("results are finite for awkward but valid input", () => {
  for (const [s, g, r] of [
    [{ x: 0, y: 0, heading: Math.PI }, { x: -5, y: 0, heading: -Math.PI }, 1],
    [{ x: 1e6, y: -1e6, heading: 100 }, { x: 1e6 + 1, y: -1e6, heading: -100 }, 0.001],
    [{ x: 0, y: 0, heading: 0 }, { x: 0, y: 0, heading: Math.PI }, 1e6],
  ]) {
    const p = A.planDubins(s, g, r);
    assertPath(p);
    assert.ok(WORDS.includes(p.word));
    for (const c of A.dubinsCandidates(s, g, r)) assertPath(c);
    const t = A.planTurn(s, g, r);
    if (t !== null) assertPath(t);
  }
});

test("an argument whose getters call into the module reads as its plain values", () => {
  const start = { x: 0, y: 0, heading: 0 };
  const goal = { x: 4, y: 3, heading: Math.PI / 2 };
  const expected = A.planDubins(start, goal, 1);
  // Each field read plans another path (its own arguments encoded while
  // this one is being encoded), and one getter throws on its first read.
  let thrown = false;
  const busy = {
    get x() {
      A.planDubins({ x: 9, y: -9, heading: 1 }, { x: -7, y: 2, heading: 3 }, 2);
      return 4;
    },
    get y() {
      A.planTurn({ x: 1, y: 1, heading: 0 }, { x: -5, y: 5 }, 0.5);
      return 3;
    },
    get heading() {
      if (!thrown) {
        thrown = true;
        throw new Error("from the getter");
      }
      return Math.PI / 2;
    },
  };
  assert.throws(() => A.planDubins(start, busy, 1), /from the getter/);
  assert.deepEqual(A.planDubins(start, busy, 1), expected);
  assert.deepEqual(A.planDubins(start, goal, 1), expected);
  const planned = A.planDubins(start, { x: 4, y: 3, heading: Math.PI / 2 }, 1);
  assert.equal(planned.length, expected.length);
  close(planned.length, expected.segments.reduce((s, g) => s + g.length, 0));
});
