// The rest of the steering family through the published API: interpose,
// offset pursuit, hide, stay on path, contain, avoidVehicles (ORCA among
// bodies with a radius), facing at rest, radii, what each behaviour aims at,
// and formations whose members avoid each other and face their slots. Numbers
// are worked out here by hand or measured between bodies; bad input throws an
// Error naming the argument.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { nearWithin } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

function withWorld(fn) {
  const w = new A.World();
  try {
    return fn(w);
  } finally {
    w.free();
  }
}

function throwsNamed(fn, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error, `not an Error: ${e}`);
    assert.doesNotMatch(String(e), /unreachable|RuntimeError/);
    assert.ok(e.message.startsWith(message), `message "${e.message}" does not start with "${message}"`);
    return true;
  });
}

const near = nearWithin(1e-12);

/** The smallest distance between two bodies over the sum of their radii. */
function closestFraction(w, radius) {
  const p = w.positions();
  const r = w.radii();
  let best = Infinity;
  for (let i = 0; i < r.length; i++) {
    for (let j = i + 1; j < r.length; j++) {
      const d = Math.hypot(p[2 * i] - p[2 * j], p[2 * i + 1] - p[2 * j + 1]);
      best = Math.min(best, d / (radius ?? r[i] + r[j]));
    }
  }
  return best;
}

test("interpose: one step toward the midpoint, matching its velocity (by hand)", () =>
  withWorld((w) => {
    const a = w.addVehicle({ x: 0, y: 0, vx: 1, vy: 0, maxSpeed: 1, maxForce: 1 });
    const b = w.addVehicle({ x: 4, y: 0, vx: 1, vy: 0, maxSpeed: 1, maxForce: 1 });
    const me = w.addVehicle({ x: 2, y: 3, maxSpeed: 2, maxForce: 100 });
    w.setBehaviors(me, [{ kind: "interpose", a, b }]);
    assert.deepEqual(w.aims(me), [{ target: { x: 2, y: 0 }, predicted: null }]);
    w.step(1);
    // Midpoint (2, 0) moving at (1, 0); 3 away: approach at min(2, √(2·3·100), 3/1) = 2,
    // so desired = truncate((1, 0) + (0, -2), 2) = (1, -2) · 2/√5, reached in one step.
    const v = w.vehicle(me);
    const k = 2 / Math.sqrt(5);
    near(v.vx, k, undefined, JSON.stringify(v));
    near(v.vy, -2 * k, undefined, JSON.stringify(v));
    near(v.x, 2 + k);
    near(v.y, 3 - 2 * k);
  }));

test("offsetPursuit aims at the offset turned into the leader's frame (x ahead, y left)", () =>
  withWorld((w) => {
    const leader = w.addVehicle({ x: 1, y: 1, vx: 0, vy: 1, maxSpeed: 1, maxForce: 1 });
    const f = w.addVehicle({ x: -5, y: 0, maxSpeed: 2, maxForce: 1 });
    w.setBehaviors(f, [{ kind: "offsetPursuit", leader, offset: { x: -2, y: 1 } }]);
    // Heading +y: 2 behind is (1, -1), 1 to the left (-x) is (0, -1).
    const [aim] = w.aims(f);
    near(aim.target.x, 0, undefined, JSON.stringify(aim));
    near(aim.target.y, -1, undefined, JSON.stringify(aim));
  }));

test("hide aims one body diameter behind the nearest obstacle, seen from the hunter", () =>
  withWorld((w) => {
    const hunter = w.addVehicle({ x: 0, y: 0, maxSpeed: 1, maxForce: 1 });
    const me = w.addVehicle({ x: 10, y: 1, maxSpeed: 1, maxForce: 1, radius: 0.25 });
    const obstacles = [
      { x: 6, y: 0, radius: 1 },
      { x: 0, y: -20, radius: 2 },
    ];
    w.setBehaviors(me, [{ kind: "hide", from: hunter, obstacles }]);
    // Behind (6, 0) from (0, 0): (6 + 1 + 2·0.25, 0).
    assert.deepEqual(w.aims(me)[0].target, { x: 7.5, y: 0 });
    for (let i = 0; i < 200; i++) w.step(0.5);
    const v = w.vehicle(me);
    assert.ok(Math.hypot(v.x - 7.5, v.y) < 0.05, JSON.stringify(v));
  }));

test("stayOnPath and contain report the position they predict, and their correction only when needed", () =>
  withWorld((w) => {
    const path = { segments: [{ kind: "line", start: { x: 0, y: 0 }, end: { x: 100, y: 0 } }] };
    const inside = w.addVehicle({ x: 10, y: 1, vx: 1, vy: 0, maxSpeed: 1, maxForce: 0.5 });
    const drifting = w.addVehicle({ x: 10, y: 1, vx: 0, vy: 1, maxSpeed: 1, maxForce: 0.5 });
    for (const id of [inside, drifting]) w.setBehaviors(id, [{ kind: "stayOnPath", path, radius: 2, predictionTime: 2 }]);
    assert.deepEqual(w.aims(inside), [{ target: null, predicted: { x: 12, y: 1 } }]);
    // Predicted (10, 3) is 3 from the line: it seeks (10, 0).
    assert.deepEqual(w.aims(drifting), [{ target: { x: 10, y: 0 }, predicted: { x: 10, y: 3 } }]);
    const boundary = [
      { x: 0, y: -5 },
      { x: 20, y: -5 },
      { x: 20, y: 5 },
      { x: 0, y: 5 },
    ];
    w.setBehaviors(drifting, [{ kind: "contain", boundary, predictionTime: 5 }]);
    // Predicted (10, 6) is outside: the nearest boundary point is (10, 5).
    assert.deepEqual(w.aims(drifting), [{ target: { x: 10, y: 5 }, predicted: { x: 10, y: 6 } }]);
  }));

test("avoidVehicles: a circle swap of 24 bodies arrives, no two ever overlap, radii as given", () =>
  withWorld((w) => {
    const n = 24;
    const R = 8;
    const ids = [];
    for (let k = 0; k < n; k++) {
      const a = (2 * Math.PI * k) / n;
      // A little jitter: an exactly symmetric swap locks in ORCA.
      const j = 0.02 * Math.sin(7 * k);
      ids.push(w.addVehicle({ x: R * Math.cos(a) + j, y: R * Math.sin(a) - j, maxSpeed: 1, maxForce: 2, radius: 0.4 + 0.01 * (k % 3) }));
    }
    ids.forEach((id, k) => {
      const a = (2 * Math.PI * k) / n;
      w.setBehaviors(id, [
        { kind: "arrive", target: { x: -R * Math.cos(a), y: -R * Math.sin(a) }, slowingRadius: 2 },
        { kind: "avoidVehicles", timeHorizon: 2 },
      ]);
    });
    assert.deepEqual(Array.from(w.radii()).slice(0, 3), [0.4, 0.4 + 0.01, 0.4 + 0.02]);
    let closest = Infinity;
    let arrived = -1;
    for (let s = 0; s < 1200 && arrived < 0; s++) {
      w.step(0.25);
      closest = Math.min(closest, closestFraction(w));
      const p = w.positions();
      const done = ids.every((id, k) => {
        const a = (2 * Math.PI * k) / n;
        const i = Array.from(w.ids()).indexOf(id);
        return Math.hypot(p[2 * i] + R * Math.cos(a), p[2 * i + 1] + R * Math.sin(a)) < 0.1;
      });
      if (done) arrived = s;
    }
    assert.ok(arrived > 0, "never all arrived");
    assert.ok(closest >= 1 - 1e-9, `closest approach ${closest} of the sum of radii`);
    // Without avoidance the same bodies run through each other.
    w.setAllBehaviors([{ kind: "seek", target: { x: 0, y: 0 } }]);
    for (let s = 0; s < 60; s++) w.step(0.25);
    assert.ok(closestFraction(w) < 0.5);
  }));

test("avoidVehicles acts on the velocity: speed within maxSpeed, and a huge force cannot push a body into another", () =>
  withWorld((w) => {
    const parked = w.addVehicle({ x: 0, y: 0, maxSpeed: 1, maxForce: 1, radius: 1 });
    const mover = w.addVehicle({ x: -8, y: 0.01, maxSpeed: 2, maxForce: 1e9 });
    w.setBehaviors(mover, [
      { kind: "seek", target: { x: 8, y: 0 }, weight: 1e6 },
      { kind: "avoidVehicles", timeHorizon: 3, pushApart: false },
    ]);
    let closest = Infinity;
    for (let s = 0; s < 200; s++) {
      w.step(0.1);
      const a = w.vehicle(parked);
      const b = w.vehicle(mover);
      closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y));
      assert.ok(Math.hypot(b.vx, b.vy) <= 2 * (1 + 1e-15));
    }
    assert.ok(closest >= 1.5 * (1 - 1e-9), `${closest}`);
    assert.ok(w.vehicle(mover).x > 7);
  }));

test("setFacing: a vehicle at rest turns to it by at most maxTurnRate · dt a step", () =>
  withWorld((w) => {
    const id = w.addVehicle({ x: 0, y: 0, maxSpeed: 1, maxForce: 1, heading: 0 });
    assert.equal(w.facing(id), null);
    w.setFacing(id, { heading: 2, maxTurnRate: 0.25 });
    assert.deepEqual(w.facing(id), { heading: 2, maxTurnRate: 0.25 });
    const seen = [];
    for (let s = 0; s < 6; s++) {
      w.step(2);
      seen.push(w.vehicle(id).heading);
    }
    // 0.5 a step: 0.5, 1, 1.5, then 2 exactly.
    near(seen[0], 0.5, undefined, String(seen));
    near(seen[1], 1, undefined, String(seen));
    near(seen[2], 1.5, undefined, String(seen));
    assert.equal(seen[3], 2);
    assert.equal(seen[5], 2);
    // Moving, the heading follows the velocity again.
    w.setBehaviors(id, [{ kind: "seek", target: { x: 10, y: 0 } }]);
    w.step(1);
    assert.equal(w.vehicle(id).heading, 0);
    w.setFacing(id, null);
    assert.equal(w.facing(id), null);
  }));

test("formation members that avoid each other take their slots without touching, then face them", () =>
  withWorld((w) => {
    const f = w.createFormation({ pattern: "circle", spacing: 2.5 });
    const ids = [];
    for (let k = 0; k < 8; k++) {
      // A tight cluster: on the way out to the ring they must make room.
      const id = w.addVehicle({ x: (k % 3) * 1.1, y: Math.floor(k / 3) * 1.1, maxSpeed: 4, maxForce: 12 });
      w.setBehaviors(id, [{ kind: "avoidVehicles", timeHorizon: 1 }]);
      assert.equal(w.joinFormation(f, id), true);
      ids.push(id);
    }
    w.setFormationTarget(f, { x: 10, y: 0, heading: 0 });
    let closest = Infinity;
    for (let s = 0; s < 900; s++) {
      w.step(1 / 30);
      closest = Math.min(closest, closestFraction(w));
    }
    assert.ok(closest >= 1 - 1e-9, `closest approach ${closest}`);
    const state = w.formation(f);
    const cx = ids.reduce((s, id) => s + w.vehicle(id).x, 0) / ids.length;
    const cy = ids.reduce((s, id) => s + w.vehicle(id).y, 0) / ids.length;
    for (const t of state.slots) {
      const v = w.vehicle(t.vehicle);
      assert.ok(Math.hypot(v.x - t.target.x, v.y - t.target.y) < 0.05, `vehicle ${t.vehicle} is off its slot`);
      // Outward, from the members' own centre.
      const out = Math.atan2(v.y - cy, v.x - cx);
      const d = Math.atan2(Math.sin(v.heading - out), Math.cos(v.heading - out));
      assert.ok(Math.abs(d) < 0.02, `vehicle ${t.vehicle} heads ${v.heading}, outward ${out}`);
    }
    // Leaving: the facing is taken away.
    w.leaveFormation(ids[0]);
    assert.equal(w.facing(ids[0]), null);
    assert.notEqual(w.facing(ids[1]), null);
  }));

test("bad input to the family throws Errors naming the argument", () =>
  withWorld((w) => {
    const id = w.addVehicle({ x: 0, y: 0, maxSpeed: 1, maxForce: 1 });
    throwsNamed(() => w.addVehicle({ x: 0, y: 0, maxSpeed: 1, maxForce: 1, radius: -1 }), "v.radius: must be greater than zero");
    throwsNamed(() => w.addVehicle({ x: 0, y: 0, maxSpeed: 1, maxForce: 1, radius: NaN }), "v.radius: must be a finite number");
    throwsNamed(() => w.setRadius(id, 0), "radius: must be greater than zero");
    throwsNamed(() => w.setRadius(99, 1), "id: no vehicle with id 99");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "interpose", a: id, b: 99 }]), "behaviors[0].b: no vehicle with id 99");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "offsetPursuit", leader: 98, offset: { x: 0, y: 0 } }]), "behaviors[0].leader: no vehicle with id 98");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "offsetPursuit", leader: id }]), "behaviors[0].offset: is missing");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "offsetPursuit", leader: id, offset: { x: Infinity, y: 0 } }]), "behaviors[0].offset.x: must be a finite number");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "hide", from: id, obstacles: [{ x: 0, y: 0, radius: 0 }] }]), "behaviors[0].obstacles[0].radius: must be greater than zero");
    const path = { segments: [{ kind: "line", start: { x: 0, y: 0 }, end: { x: 1, y: 0 } }] };
    throwsNamed(() => w.setBehaviors(id, [{ kind: "stayOnPath", path, radius: -2 }]), "behaviors[0].radius: must be greater than zero");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "stayOnPath", path, radius: 2, predictionTime: -1 }]), "behaviors[0].predictionTime: must not be negative");
    const bowTie = [
      { x: 0, y: 0 },
      { x: 2, y: 2 },
      { x: 2, y: 0 },
      { x: 0, y: 2 },
    ];
    throwsNamed(() => w.setBehaviors(id, [{ kind: "contain", boundary: bowTie }]), "behaviors[0].boundary: must be a simple polygon: edges 0 and 2 cross or touch");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "contain", boundary: bowTie.slice(0, 2) }]), "behaviors[0].boundary");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "contain", boundary: [{ x: 0, y: 0 }, { x: 1e200, y: 0 }, { x: 0, y: 1 }] }]), "behaviors[0].boundary[1].x");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "avoidVehicles", timeHorizon: 0 }]), "behaviors[0].timeHorizon: must be greater than zero");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "avoidVehicles" }]), "behaviors[0].timeHorizon: is missing");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "avoidVehicles", timeHorizon: 1, pushApart: "yes" }]), "behaviors[0].pushApart");
    throwsNamed(() => w.setFacing(id, { heading: 1, maxTurnRate: 0 }), "facing.maxTurnRate: must be greater than zero");
    throwsNamed(() => w.setFacing(id, { heading: NaN, maxTurnRate: 1 }), "facing.heading: must be a finite number");
    throwsNamed(() => w.setFacing(id, { heading: 1 }), "facing.maxTurnRate: is missing");
    throwsNamed(() => w.setFacing(97, null), "id: no vehicle with id 97");
    throwsNamed(() => w.aims(97), "id: no vehicle with id 97");
    // The world still works.
    w.step(1);
    assert.equal(w.count, 1);
  }));
