// The published formation API of the JS World (DESIGN.md): createFormation,
// joinFormation, leaveFormation, setFormationTarget, formation. Shapes, hand
// computed slot targets, the centroid of the slot targets = the anchor,
// convergence in the real World, membership rules, and named errors.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { assertNear } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

const near = assertNear;
const isPose = (p) => ["x", "y", "heading"].every((k) => typeof p[k] === "number" && Number.isFinite(p[k]));

function centroid(slots) {
  const n = slots.length;
  return {
    x: slots.reduce((s, t) => s + t.target.x, 0) / n,
    y: slots.reduce((s, t) => s + t.target.y, 0) / n,
  };
}

function run(w, seconds, dt = 1 / 30) {
  for (let i = 0; i < Math.round(seconds / dt); i++) w.step(dt);
}

function maxSlotError(w, f) {
  let far = 0;
  for (const t of w.formation(f).slots) {
    const v = w.vehicle(t.vehicle);
    far = Math.max(far, Math.hypot(v.x - t.target.x, v.y - t.target.y));
  }
  return far;
}

function throwsNamed(fn, name) {
  let caught;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof Error, `expected an Error naming ${name}`);
  assert.ok(!(caught instanceof WebAssembly.RuntimeError), `trap: ${caught.message}`);
  assert.ok(caught.message.startsWith(name), `"${caught.message}" should start with ${name}`);
  assert.doesNotMatch(caught.message, /unreachable/);
  return caught.message;
}

const vehicleAt = (w, x, y) => w.addVehicle({ x, y, maxSpeed: 6, maxForce: 20 });

test("formation() has the published shape", () => {
  const w = new A.World();
  const f = w.createFormation({ pattern: "circle", spacing: 2 });
  assert.equal(typeof f, "number");
  for (let i = 0; i < 5; i++) assert.equal(w.joinFormation(f, vehicleAt(w, i * 3, -i)), true);
  const s = w.formation(f);
  assert.ok(isPose(s.anchor));
  assert.ok(Number.isFinite(s.driftOffset.x) && Number.isFinite(s.driftOffset.y));
  assert.equal(s.slots.length, 5);
  for (const t of s.slots) {
    assert.equal(typeof t.vehicle, "number");
    assert.equal(typeof t.slot, "number");
    assert.ok(isPose(t.target));
  }
  assert.deepEqual(
    s.slots.map((t) => t.slot).sort((a, b) => a - b),
    [0, 1, 2, 3, 4],
  );
  w.free();
});

test("slot targets of a line at rest, computed by hand", () => {
  // Three vehicles at rest on the y axis; heading 0, so a line stands along y:
  // slots at (0, 0), (0, -2), (0, -4) relative to the pattern, drift offset
  // (0, -2); the anchor is the centre of mass (0, 4); sequential assignment
  // in joining order: targets (0, 6), (0, 4), (0, 2).
  const w = new A.World();
  const f = w.createFormation({ pattern: "line", spacing: 2 });
  const ids = [vehicleAt(w, 0, 0), vehicleAt(w, 0, 4), vehicleAt(w, 0, 8)];
  for (const id of ids) w.joinFormation(f, id);
  const s = w.formation(f);
  near(s.anchor.x, 0, 1e-12, "anchor.x");
  near(s.anchor.y, 4, 1e-12, "anchor.y");
  assert.deepEqual(s.driftOffset, { x: 0, y: -2 });
  const expected = [6, 4, 2];
  s.slots.forEach((t, i) => {
    assert.equal(t.vehicle, ids[i]);
    assert.equal(t.slot, i);
    near(t.target.x, 0, 1e-12, "target.x");
    near(t.target.y, expected[i], 1e-12, "target.y");
  });
  // The least-travel strategy swaps the ends: the vehicle at y = 8 takes (0, 6).
  const g = w.createFormation({ pattern: "line", spacing: 2, assignment: "cost" });
  const more = [vehicleAt(w, 20, 0), vehicleAt(w, 20, 4), vehicleAt(w, 20, 8)];
  for (const id of more) w.joinFormation(g, id);
  w.step(0);
  const c = w.formation(g);
  const byVehicle = Object.fromEntries(c.slots.map((t) => [t.vehicle, t.target.y]));
  near(byVehicle[more[0]], 2, 1e-12, "bottom");
  near(byVehicle[more[2]], 6, 1e-12, "top");
  w.free();
});

test("the centroid of the slot targets is the anchor, before and after a removal", () => {
  const w = new A.World(3);
  const f = w.createFormation({ pattern: "v", spacing: 2.5, assignment: "cost" });
  const ids = [];
  for (let i = 0; i < 7; i++) {
    const id = vehicleAt(w, Math.cos(i * 2.1) * 20, Math.sin(i * 1.3) * 15);
    assert.equal(w.joinFormation(f, id), true);
    ids.push(id);
  }
  w.setFormationTarget(f, { x: 40, y: 25, heading: 1.2 });
  for (let k = 0; k < 30; k++) {
    w.step(1 / 30);
    const s = w.formation(f);
    const c = centroid(s.slots);
    near(c.x, s.anchor.x, 1e-9, "centroid.x");
    near(c.y, s.anchor.y, 1e-9, "centroid.y");
  }
  w.removeVehicle(ids[2]);
  const s = w.formation(f);
  assert.equal(s.slots.length, 6);
  assert.ok(!s.slots.some((t) => t.vehicle === ids[2]));
  const c = centroid(s.slots);
  near(c.x, s.anchor.x, 1e-9, "centroid.x after removal");
  near(c.y, s.anchor.y, 1e-9, "centroid.y after removal");
  w.free();
});

test("members reach their slots, a pose target turns the formation, and ranks close after a loss", () => {
  const w = new A.World(9);
  const f = w.createFormation({ pattern: "box", spacing: 3, assignment: "cost" });
  const ids = [];
  for (let i = 0; i < 8; i++) {
    const id = vehicleAt(w, (i % 3) * 11 - 15, Math.floor(i / 3) * 9 - 10);
    w.joinFormation(f, id);
    ids.push(id);
  }
  const goal = { x: -30, y: 20, heading: -2.5 };
  w.setFormationTarget(f, goal);
  run(w, 60);
  assert.ok(maxSlotError(w, f) < 0.05, `max slot error ${maxSlotError(w, f)}`);
  const a = w.formation(f).anchor;
  near(a.x, goal.x, 0.05, "anchor.x");
  near(a.y, goal.y, 0.05, "anchor.y");
  near(a.heading, goal.heading, 1e-6, "anchor.heading");
  // A box of 8 at heading -2.5: its front rank (slots 0..2) lies across the heading.
  const s = w.formation(f);
  const front = s.slots.filter((t) => t.slot < 3).map((t) => t.target);
  const dir = { x: Math.cos(goal.heading), y: Math.sin(goal.heading) };
  const along = front.map((p) => p.x * dir.x + p.y * dir.y);
  near(Math.max(...along) - Math.min(...along), 0, 1e-9, "front rank square to the heading");
  w.removeVehicle(ids[4]);
  run(w, 30);
  const after = w.formation(f);
  assert.deepEqual(
    after.slots.map((t) => t.slot).sort((x, y) => x - y),
    [0, 1, 2, 3, 4, 5, 6],
  );
  assert.ok(maxSlotError(w, f) < 0.05, `after the loss: ${maxSlotError(w, f)}`);
  w.free();
});

test("joining twice keeps one slot, a full pattern says false, another formation throws", () => {
  const w = new A.World();
  const f = w.createFormation({ pattern: "column", spacing: 1, capacity: 7 });
  const ids = [];
  for (let i = 0; i < 8; i++) ids.push(vehicleAt(w, i, 0));
  for (const id of ids.slice(0, 7)) assert.equal(w.joinFormation(f, id), true);
  assert.equal(w.joinFormation(f, ids[0]), true);
  assert.equal(w.formation(f).slots.length, 7);
  assert.equal(w.joinFormation(f, ids[7]), false);
  const g = w.createFormation({ pattern: "circle", spacing: 1 });
  const msg = throwsNamed(() => w.joinFormation(g, ids[0]), "vehicle");
  assert.match(msg, /already in formation/);
  w.leaveFormation(ids[0]);
  assert.equal(w.joinFormation(g, ids[0]), true);
  assert.equal(w.joinFormation(f, ids[7]), true);
  // Every pattern holds at least 7.
  for (const pattern of ["line", "column", "v", "circle", "box"]) {
    const h = w.createFormation({ pattern, spacing: 1 });
    for (let i = 0; i < 7; i++) assert.equal(w.joinFormation(h, vehicleAt(w, i, 50)), true, pattern);
  }
  w.free();
});

test("a member is steered by the formation alone, and leaving gives back its own behaviours", () => {
  const w = new A.World();
  const f = w.createFormation({ pattern: "line", spacing: 2 });
  const a = vehicleAt(w, 0, 0);
  const b = vehicleAt(w, 10, 0);
  w.setBehaviors(a, [{ kind: "seek", target: { x: 0, y: 100 } }]);
  w.joinFormation(f, a);
  w.joinFormation(f, b);
  run(w, 20);
  assert.ok(maxSlotError(w, f) < 0.05);
  const pa = w.vehicle(a);
  assert.ok(pa.y < 10, "the formation held it, not its seek");
  w.leaveFormation(a);
  assert.equal(w.formation(f).slots.length, 1);
  run(w, 2);
  const later = w.vehicle(a);
  assert.ok(later.y > pa.y + 5 && later.vy > 0, "its seek steers it again");
  w.leaveFormation(a); // not in one: nothing happens
  w.free();
});

test("bad input throws an Error naming the argument, and the module still works", () => {
  const w = new A.World();
  const v = vehicleAt(w, 0, 0);
  const f = w.createFormation({ pattern: "line", spacing: 1 });
  assert.match(throwsNamed(() => w.createFormation({ pattern: "hexagon", spacing: 1 }), "f.pattern"), /hexagon/);
  throwsNamed(() => w.createFormation({ pattern: 3, spacing: 1 }), "f.pattern");
  throwsNamed(() => w.createFormation({ spacing: 1 }), "f.pattern");
  for (const spacing of [0, -1, NaN, Infinity, "2", undefined]) throwsNamed(() => w.createFormation({ pattern: "v", spacing }), "f.spacing");
  throwsNamed(() => w.createFormation({ pattern: "v", spacing: 1, assignment: "hungarian" }), "f.assignment");
  throwsNamed(() => w.createFormation({ pattern: "v", spacing: 1, capacity: 0 }), "f.capacity");
  throwsNamed(() => w.createFormation(null), "f");
  throwsNamed(() => w.createFormation({ pattern: "v", spacing: 1, leash: 0 }), "f.leash");
  throwsNamed(() => w.createFormation({ pattern: "v", spacing: 1, velocityLead: -1 }), "f.velocityLead");
  throwsNamed(() => w.createFormation({ pattern: "v", spacing: 1, maxTurnRate: NaN }), "f.maxTurnRate");
  throwsNamed(() => w.createFormation({ pattern: "v", spacing: 1, slowingRadius: "2" }), "f.slowingRadius");
  throwsNamed(() => w.createFormation("line"), "f");
  for (const id of [99, -1, 1.5, NaN, "0", null]) throwsNamed(() => w.joinFormation(id, v), "formation");
  for (const id of [99, -1, NaN, "0", undefined]) throwsNamed(() => w.joinFormation(f, id), "vehicle");
  throwsNamed(() => w.leaveFormation(1234), "vehicle");
  throwsNamed(() => w.setFormationTarget(f, { x: NaN, y: 0 }), "target.x");
  throwsNamed(() => w.setFormationTarget(f, { x: 0, y: 0, heading: Infinity }), "target.heading");
  throwsNamed(() => w.setFormationTarget(f, { x: 0 }), "target");
  throwsNamed(() => w.setFormationTarget(f, undefined), "target");
  throwsNamed(() => w.setFormationTarget(77, { x: 0, y: 0 }), "formation");
  throwsNamed(() => w.formation(77), "formation");
  throwsNamed(() => w.formation("x"), "formation");
  throwsNamed(() => w.setFormationPattern(f, { pattern: "blob" }), "p.pattern");
  throwsNamed(() => w.followFormationPath(f, { segments: [] }), "path");
  // Still works.
  assert.equal(w.joinFormation(f, v), true);
  w.setFormationTarget(f, { x: 3, y: 4 });
  run(w, 15);
  const s = w.formation(f);
  near(s.anchor.x, 3, 0.05, "anchor.x");
  near(s.anchor.y, 4, 0.05, "anchor.y");
  w.free();
});

test("the anchor follows a turning path like a vehicle", () => {
  const w = new A.World();
  const f = w.createFormation({ pattern: "v", spacing: 2, assignment: "cost" });
  for (let i = 0; i < 5; i++) w.joinFormation(f, vehicleAt(w, -2 * i, (i % 2) * 2));
  w.step(0);
  const a = w.formation(f).anchor;
  // A quarter circle of radius 10 to the left, then 10 straight on (y up).
  const path = {
    segments: [
      { kind: "arc", center: { x: a.x, y: a.y + 10 }, radius: 10, startAngle: -Math.PI / 2, sweep: Math.PI / 2 },
      { kind: "line", start: { x: a.x + 10, y: a.y + 10 }, end: { x: a.x + 10, y: a.y + 20 } },
    ],
  };
  w.setFormationTarget(f, { x: 0, y: 0 }); // replaced by the path
  w.followFormationPath(f, path);
  let maxOff = 0;
  for (let i = 0; i < 1200; i++) {
    w.step(1 / 30);
    const s = w.formation(f);
    if (s.path) {
      // On the arc part the anchor is 10 from the centre (exact geometry).
      const onArc = s.travelled < (Math.PI / 2) * 10;
      if (onArc) maxOff = Math.max(maxOff, Math.abs(Math.hypot(s.anchor.x - a.x, s.anchor.y - (a.y + 10)) - 10));
    }
  }
  assert.ok(maxOff < 1e-9, `anchor off the arc by ${maxOff}`);
  const s = w.formation(f);
  assert.equal(s.path, null);
  near(s.anchor.x, a.x + 10, 0.05, "end x");
  near(s.anchor.y, a.y + 20, 0.05, "end y");
  near(s.anchor.heading, Math.PI / 2, 1e-9, "end heading");
  w.free();
});

test("minCostAssignment equals brute force up to 7 and the npm peer (Jonker–Volgenant) on 60 × 80", async () => {
  const { linearSumAssignment: lsa } = await import("linear-sum-assignment");
  let seed = 12345;
  const rnd = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296);
  const total = (cost, cols, a) => Array.from(a).reduce((s, c, r) => s + cost[r * cols + c], 0);
  const perms = (n) => {
    if (n === 0) return [[]];
    const out = [];
    for (const p of perms(n - 1)) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
    return out;
  };
  for (let n = 1; n <= 7; n++) {
    const all = perms(n);
    for (let k = 0; k < 5; k++) {
      const cost = Float64Array.from({ length: n * n }, () => rnd() * 100);
      const a = A.minCostAssignment(cost, n, n);
      assert.equal(new Set(a).size, n);
      const best = Math.min(...all.map((p) => total(cost, n, p)));
      near(total(cost, n, a), best, 1e-9, `n = ${n}`);
    }
  }
  const rows = 60;
  const cols = 80;
  const cost = Float64Array.from({ length: rows * cols }, () => rnd() * 1000);
  const ours = A.minCostAssignment(cost, rows, cols);
  const matrix = Array.from({ length: rows }, (_, r) => Array.from(cost.subarray(r * cols, (r + 1) * cols)));
  const peer = lsa(matrix, { maximaze: false });
  near(total(cost, cols, ours), peer.gain, 1e-6, "total vs linear-sum-assignment");
  throwsNamed(() => A.minCostAssignment(cost, 81, 80), "cols");
  throwsNamed(() => A.minCostAssignment(cost, 60, 79), "cost");
  throwsNamed(() => A.minCostAssignment([1, 2, 3, 4], 2, 2), "cost");
  throwsNamed(() => A.minCostAssignment(Float64Array.of(1, NaN, 3, 4), 2, 2), "cost[1]");
  throwsNamed(() => A.minCostAssignment(Float64Array.of(1), -1, 1), "rows");
  assert.deepEqual(Array.from(A.minCostAssignment(new Float64Array(0), 0, 0)), []);
});

test("every formation method survives hostile values in every position (no trap, finite results)", () => {
  const w = new A.World();
  const v = vehicleAt(w, 0, 0);
  const gone = vehicleAt(w, 1, 1);
  w.removeVehicle(gone);
  const f = w.createFormation({ pattern: "v", spacing: 1 });
  const BAD = [NaN, Infinity, -Infinity, -0, 0, -1, 1e308, -1e308, 2 ** 53, 1.5, null, undefined, "", "1", true, {}, [], () => 1, 10n, Symbol.iterator,
    { x: NaN, y: 0 }, { x: 1e308, y: -1e308, heading: 1e308 }, { x: 0, y: 0, heading: 0 }, { pattern: "v", spacing: -1 }, { pattern: "box", spacing: 1e308 },
    { segments: [] }, { segments: [{ kind: "arc", center: { x: 0, y: 0 }, radius: 0, startAngle: 0, sweep: 1 }] }, gone, v, f, new Float64Array(3)];
  const calls = {
    createFormation: 1, joinFormation: 2, leaveFormation: 1, setFormationTarget: 2, formation: 1,
    setFormationPattern: 2, followFormationPath: 2, removeFormation: 1, formationOf: 1,
  };
  const good = { createFormation: [{ pattern: "circle", spacing: 2 }], joinFormation: [f, v], leaveFormation: [v], setFormationTarget: [f, { x: 5, y: 5 }],
    formation: [f], setFormationPattern: [f, { spacing: 2 }], followFormationPath: [f, { segments: [{ kind: "line", start: { x: 0, y: 0 }, end: { x: 5, y: 0 } }] }], removeFormation: [f], formationOf: [v] };
  const finite = (x) => typeof x === "number" ? Number.isFinite(x) : x && typeof x === "object" ? Object.values(x).every(finite) : true;
  let n = 0;
  for (const [m, arity] of Object.entries(calls)) {
    for (let i = 0; i < arity; i++) {
      for (const bad of BAD) {
        if (m === "removeFormation" && bad === f) continue;
        const args = good[m].slice();
        args[i] = bad;
        n++;
        try {
          const r = w[m](...args);
          assert.ok(finite(r), `${m}: non-finite result`);
        } catch (e) {
          assert.ok(!(e instanceof WebAssembly.RuntimeError), `${m}(${i}): trap ${e.message}`);
          assert.ok(e instanceof Error && e.message.length > 0, `${m}(${i}): not an Error`);
        }
      }
    }
    w.step(1 / 30);
  }
  for (const p of BAD) {
    for (const k of [0, 1, 2]) {
      const args = [new Float64Array(4), 2, 2];
      args[k] = p;
      try {
        A.minCostAssignment(...args);
      } catch (e) {
        assert.ok(!(e instanceof WebAssembly.RuntimeError) && e instanceof Error, "minCostAssignment");
      }
    }
  }
  assert.ok(n > 300);
  // Still works, and huge coordinates stayed finite.
  const g = w.createFormation({ pattern: "line", spacing: 1 });
  const far = w.addVehicle({ x: 1e308, y: -1e308, maxSpeed: 1e308, maxForce: 1e308 });
  w.joinFormation(g, far);
  w.setFormationTarget(g, { x: -1e308, y: 1e308, heading: 1e308 });
  for (let i = 0; i < 10; i++) w.step(1e10);
  assert.ok(finite(w.formation(g)));
  w.free();
});

test("tuning: slowingRadius and leash are the formation's, in spacings", () => {
  const w = new A.World();
  const f = w.createFormation({ pattern: "line", spacing: 2, slowingRadius: 3, leash: 1, velocityLead: 0 });
  assert.equal(w.formation(f).slowingRadius, 6);
  const a = vehicleAt(w, 0, 0);
  const b = vehicleAt(w, 0, 2);
  w.joinFormation(f, a);
  w.joinFormation(f, b);
  w.setFormationTarget(f, { x: 100, y: 1 });
  // Held back: the anchor never leads the members' centre of mass by more
  // than the leash, 1 spacing = 2.
  for (let i = 0; i < 300; i++) {
    w.step(1 / 30);
    const s = w.formation(f);
    const d = Math.hypot(s.anchor.x - s.centerOfMass.x, s.anchor.y - s.centerOfMass.y);
    assert.ok(d <= 2 + 1e-9, `anchor ${d} from the centre of mass`);
  }
  w.free();
});

test("formationOf and removeFormation: removing a formation frees its members", () => {
  const w = new A.World();
  const f = w.createFormation({ pattern: "box", spacing: 1 });
  const a = vehicleAt(w, 0, 0);
  const b = vehicleAt(w, 5, 0);
  w.joinFormation(f, a);
  assert.equal(w.formationOf(a), f);
  assert.equal(w.formationOf(b), null);
  w.removeFormation(f);
  assert.equal(w.formationOf(a), null);
  throwsNamed(() => w.formation(f), "formation");
  const g = w.createFormation({ pattern: "box", spacing: 1 });
  assert.notEqual(g, f, "ids are not reused");
  assert.equal(w.joinFormation(g, a), true);
  w.free();
});

test("finite in, finite out: a spacing or tuning whose product with the spacing overflows is refused by name", () => {
  const w = new A.World();
  // Once reported slowingRadius: Infinity.
  throwsNamed(() => w.createFormation({ pattern: "v", spacing: 1e200, slowingRadius: 1e200 }), "f.slowingRadius");
  throwsNamed(() => w.createFormation({ pattern: "v", spacing: 1e200, leash: 1e200 }), "f.leash");
  // A line of 1,024 slots 1e306 apart would reach 1e309.
  throwsNamed(() => w.createFormation({ pattern: "line", spacing: 1e306, capacity: 1024 }), "f.spacing");
  const f = w.createFormation({ pattern: "v", spacing: 1e200, slowingRadius: 1e100 });
  assert.equal(w.formation(f).slowingRadius, 1e300);
  throwsNamed(() => w.setFormationPattern(f, { spacing: 1e300 }), "p.spacing");
  assert.equal(w.formation(f).spacing, 1e200);
  // Members near f64::MAX: every number formation() reports is finite.
  const finite = (x) => (typeof x === "number" ? Number.isFinite(x) : x && typeof x === "object" ? Object.values(x).every(finite) : true);
  const g = w.createFormation({ pattern: "circle", spacing: 1e300 });
  for (const [x, y] of [[1.7e308, -1.7e308], [-1.7e308, 1.7e308], [1.7e308, 1.7e308]]) {
    w.joinFormation(g, w.addVehicle({ x, y, maxSpeed: 1e308, maxForce: 1e308 }));
  }
  w.setFormationTarget(g, { x: -1.7e308, y: -1.7e308, heading: 3 });
  for (let i = 0; i < 5; i++) {
    w.step(1e308);
    assert.ok(finite(w.formation(g)), JSON.stringify(w.formation(g)));
  }
  w.free();
});
