// The steering World as tutorial authors use it: published shapes, the seed's
// seek checked against yuka (an independent implementation of the same rule),
// typed-array views, and bad input that throws a named Error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import * as YUKA from "yuka";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

function withWorld(fn) {
  const w = new A.World();
  try {
    return fn(w);
  } finally {
    w.free();
  }
}

/** Asserts `fn` throws an Error (not a wasm trap) whose message starts with `name`. */
function throwsNamed(fn, name) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error, `not an Error: ${e}`);
    assert.doesNotMatch(String(e), /unreachable|RuntimeError/);
    assert.ok(e.message.startsWith(name), `message "${e.message}" does not start with "${name}"`);
    return true;
  });
}

test("addVehicle returns increasing ids and vehicle() has the published shape", () =>
  withWorld((w) => {
    const a = w.addVehicle({ x: 1, y: 2, maxSpeed: 3, maxForce: 0.5 });
    const b = w.addVehicle({ x: 0, y: 0, vx: 0, vy: 2, maxSpeed: 3, maxForce: 0.5, mass: 2 });
    assert.equal(typeof a, "number");
    assert.ok(b > a);
    const v = w.vehicle(a);
    assert.deepEqual(Object.keys(v).sort(), ["heading", "vx", "vy", "x", "y"]);
    assert.deepEqual(v, { x: 1, y: 2, vx: 0, vy: 0, heading: 0 });
    assert.equal(w.vehicle(b).heading, Math.PI / 2);
    assert.equal(w.count, 2);
  }));

test("one step of seek is the seed's rule (numbers worked by hand)", () =>
  withWorld((w) => {
    // desired = (3, 0); steering = (3, 0) - (0, 4) = (3, -4), |.| = 5,
    // truncated to 1: (0.6, -0.8); / mass 2: (0.3, -0.4); velocity (0.3, 3.6).
    const id = w.addVehicle({ x: 0, y: 0, vx: 0, vy: 4, maxSpeed: 3, maxForce: 1, mass: 2 });
    w.setBehaviors(id, [{ kind: "seek", target: { x: 10, y: 0 } }]);
    w.setDebug(true);
    w.step(1);
    const v = w.vehicle(id);
    // velocity (0.3, 3.6) is faster than 3: truncated to 3.
    const s = 3 / Math.hypot(0.3, 3.6);
    assert.ok(Math.abs(v.vx - 0.3 * s) < 1e-12 && Math.abs(v.vy - 3.6 * s) < 1e-12);
    assert.ok(Math.abs(v.x - 0.3 * s) < 1e-12 && Math.abs(v.y - 3.6 * s) < 1e-12);
    const d = w.debug(id);
    assert.ok(Math.abs(d.desired.x - 3) < 1e-12 && Math.abs(d.desired.y) < 1e-12);
    assert.ok(Math.abs(d.force.x - 0.6) < 1e-12 && Math.abs(d.force.y + 0.8) < 1e-12);
  }));

test("300 steps of seek agree with yuka's Vehicle + SeekBehavior (delta = 1)", () =>
  withWorld((w) => {
    for (const mass of [1, 2]) {
      const id = w.addVehicle({ x: 0, y: 0, vx: 0, vy: 3, maxSpeed: 4, maxForce: 0.4, mass });
      const yv = new YUKA.Vehicle();
      yv.maxSpeed = 4;
      yv.maxForce = 0.4;
      yv.mass = mass;
      yv.velocity.set(0, 3, 0);
      const seek = new YUKA.SeekBehavior(new YUKA.Vector3());
      yv.steering.add(seek);
      const targets = [[100, 0], [100, 100], [-50, 80.5], [0.25, -60], [30, 30]];
      let worst = 0;
      for (let f = 0; f < 300; f++) {
        const [tx, ty] = targets[Math.floor(f / 60) % targets.length];
        seek.target.set(tx, ty, 0);
        w.setBehaviors(id, [{ kind: "seek", target: { x: tx, y: ty } }]);
        w.step(1);
        yv.update(1);
        const v = w.vehicle(id);
        worst = Math.max(worst, Math.abs(v.x - yv.position.x), Math.abs(v.y - yv.position.y));
      }
      // yuka normalises then scales where the seed scales by max/|v|: rounding only.
      assert.ok(worst < 1e-9, `mass ${mass}: differs from yuka by ${worst}`);
    }
  }));

test("typed-array views: stride 2, slot order given by ids(), no copy", () =>
  withWorld((w) => {
    const data = new Float64Array([0, 0, 1, 0, 2, 1, 1, 5, 5, 0, -1, 2, 1, 1]);
    const ids = w.addVehicles(data);
    assert.equal(ids.length, 2);
    w.setAllBehaviors([{ kind: "seek", target: { x: 100, y: 0 } }]);
    w.step(1);
    const pos = w.positions();
    const vel = w.velocities();
    const head = w.headings();
    const order = w.ids();
    assert.ok(pos instanceof Float64Array && order instanceof Uint32Array);
    assert.equal(pos.length, 4);
    assert.equal(pos.buffer, vel.buffer, "views share the wasm memory");
    for (let i = 0; i < order.length; i++) {
      const v = w.vehicle(order[i]);
      assert.equal(pos[2 * i], v.x);
      assert.equal(pos[2 * i + 1], v.y);
      assert.equal(vel[2 * i], v.vx);
      assert.ok(Math.abs(Math.atan2(head[2 * i + 1], head[2 * i]) - v.heading) < 1e-15);
    }
  }));

test("simultaneous update: two vehicles separating stay mirror images", () =>
  withWorld((w) => {
    const a = w.addVehicle({ x: -0.25, y: 0, maxSpeed: 1, maxForce: 0.1 });
    const b = w.addVehicle({ x: 0.25, y: 0, maxSpeed: 1, maxForce: 0.1 });
    w.setBehaviorsMany([a, b], [{ kind: "separation", radius: 4 }]);
    for (let i = 0; i < 50; i++) w.step(1);
    const va = w.vehicle(a);
    const vb = w.vehicle(b);
    assert.equal(va.x, -vb.x);
    assert.equal(va.y, vb.y);
    assert.ok(vb.x > 1);
  }));

test("every behaviour kind and priority mode run without NaN", () =>
  withWorld((w) => {
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push(w.addVehicle({ x: i, y: i % 3, maxSpeed: 2, maxForce: 0.3 }));
    const path = {
      segments: [
        { kind: "line", start: { x: 0, y: 0 }, end: { x: 20, y: 0 } },
        { kind: "arc", center: { x: 20, y: 10 }, radius: 10, startAngle: -Math.PI / 2, sweep: Math.PI },
      ],
    };
    const all = [
      { kind: "seek", target: { x: 5, y: 5 } },
      { kind: "flee", target: { x: 5, y: 5 }, weight: 0.5 },
      { kind: "arrive", target: { x: 0, y: 0 }, slowingRadius: 5 },
      { kind: "pursue", quarry: ids[0] },
      { kind: "evade", quarry: ids[1] },
      { kind: "wander", distance: 2, radius: 1, jitter: 0.3 },
      { kind: "separation", radius: 2 },
      { kind: "alignment", radius: 3 },
      { kind: "cohesion", radius: 4 },
      { kind: "avoid", obstacles: [{ x: 10, y: 10, radius: 2 }] },
      { kind: "followPath", path, lookAhead: 3 },
    ];
    w.setBehaviors(ids[2], all, "priority");
    w.setBehaviorsMany(new Uint32Array(ids.slice(3)), all, "weighted");
    for (let i = 0; i < 100; i++) w.step(1);
    for (const x of w.positions()) assert.ok(Number.isFinite(x));
    for (const id of ids) assert.ok(Math.hypot(w.vehicle(id).vx, w.vehicle(id).vy) <= 2 + 1e-12);
  }));

test("step(0) changes nothing", () =>
  withWorld((w) => {
    const id = w.addVehicle({ x: 3, y: 4, vx: 1, vy: 0, maxSpeed: 2, maxForce: 1 });
    w.setBehaviors(id, [{ kind: "wander", distance: 2, radius: 1, jitter: 1 }]);
    const before = w.vehicle(id);
    w.step(0);
    assert.deepEqual(w.vehicle(id), before);
  }));

test("removed ids are rejected and never reused", () =>
  withWorld((w) => {
    const a = w.addVehicle({ x: 0, y: 0, maxSpeed: 1, maxForce: 1 });
    w.removeVehicle(a);
    throwsNamed(() => w.vehicle(a), "id");
    throwsNamed(() => w.removeVehicle(a), "id");
    throwsNamed(() => w.setBehaviors(a, []), "id");
    const b = w.addVehicle({ x: 0, y: 0, maxSpeed: 1, maxForce: 1 });
    assert.notEqual(a, b);
  }));

test("bad input throws an Error naming it, and the world still works after", () =>
  withWorld((w) => {
    const ok = { x: 0, y: 0, maxSpeed: 1, maxForce: 1 };
    throwsNamed(() => w.addVehicle({ ...ok, mass: -1 }), "v.mass");
    throwsNamed(() => w.addVehicle({ ...ok, mass: 0 }), "v.mass");
    throwsNamed(() => w.addVehicle({ ...ok, x: NaN }), "v.x");
    throwsNamed(() => w.addVehicle({ ...ok, y: Infinity }), "v.y");
    throwsNamed(() => w.addVehicle({ ...ok, maxSpeed: -1 }), "v.maxSpeed");
    throwsNamed(() => w.addVehicle({ ...ok, maxForce: "1" }), "v.maxForce");
    throwsNamed(() => w.addVehicle({ y: 0, maxSpeed: 1, maxForce: 1 }), "v.x");
    throwsNamed(() => w.addVehicle(undefined), "v");
    throwsNamed(() => w.addVehicle("car"), "v");
    throwsNamed(() => w.addVehicles(new Float64Array([0, 0, 0, 0, 1, 1])), "data");
    throwsNamed(() => w.addVehicles([0, 0, 0, 0, 1, 1, 1]), "data");
    throwsNamed(() => w.addVehicles(5), "data");
    throwsNamed(() => w.addVehicles(new Float64Array([0, 0, 0, 0, 1, 1, -2])), "data[0].mass");
    assert.equal(w.count, 0);
    const id = w.addVehicle(ok);
    throwsNamed(() => w.setBehaviors(id, [{ kind: "seek", target: { x: NaN, y: 0 } }]), "behaviors[0].target.x");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "seek" }]), "behaviors[0].target");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "teleport" }]), "behaviors[0].kind");
    throwsNamed(() => w.setBehaviors(id, [{ target: { x: 1, y: 1 } }]), "behaviors[0].kind");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "arrive", target: { x: 1, y: 1 }, slowingRadius: 0 }]), "behaviors[0].slowingRadius");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "separation", radius: -1 }]), "behaviors[0].radius");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "pursue", quarry: 999 }]), "behaviors[0].quarry");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "pursue", quarry: 0.5 }]), "behaviors[0].quarry");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "seek", target: { x: 1, y: 1 }, weight: NaN }]), "behaviors[0].weight");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "avoid", obstacles: [{ x: 0, y: 0, radius: 0 }] }]), "behaviors[0].obstacles[0].radius");
    throwsNamed(() => w.setBehaviors(id, [{ kind: "followPath", path: { segments: [] }, lookAhead: 1 }]), "behaviors[0].path");
    throwsNamed(() => w.setBehaviors(id, "seek"), "behaviors");
    throwsNamed(() => w.setBehaviors(id, [], "fastest"), "mode");
    throwsNamed(() => w.setBehaviors(-1, []), "id");
    throwsNamed(() => w.setBehaviors("0", []), "id");
    throwsNamed(() => w.setBehaviorsMany([id, 77], []), "ids[1]");
    throwsNamed(() => w.step(NaN), "dt");
    throwsNamed(() => w.step(-1), "dt");
    throwsNamed(() => w.step(), "dt");
    throwsNamed(() => new A.World(-3), "seed");
    throwsNamed(() => w.setLimits(id, { maxSpeed: 1, maxForce: 1, mass: -1 }), "limits.mass");
    throwsNamed(() => w.setLimits(id, { maxSpeed: NaN, maxForce: 1 }), "limits.maxSpeed");
    throwsNamed(() => A.racetrack({ x: 0, y: 0 }, 5, 0), "radius");
    throwsNamed(() => A.racetrack({ x: NaN, y: 0 }, 5, 1), "center.x");
    throwsNamed(() => A.racetrack({ x: 0, y: 0 }, -1, 1), "halfLength");
    throwsNamed(() => A.racetrack({ x: 0, y: 0 }, 1e308, 1), "halfLength");
    throwsNamed(() => A.racetrack({ x: 0, y: 0 }, 1, 1e308), "radius");
    // Still alive: the last good behaviours (none) and a normal step.
    w.setBehaviors(id, [{ kind: "seek", target: { x: 1, y: 0 } }]);
    w.step(1);
    assert.equal(w.vehicle(id).x, 1);
  }));

test("setLimits changes max speed, max force and mass; racetrack() is a closed SLSLS path", () =>
  withWorld((w) => {
    const id = w.addVehicle({ x: 0, y: 0, maxSpeed: 5, maxForce: 5 });
    w.setBehaviors(id, [{ kind: "seek", target: { x: 100, y: 0 } }]);
    w.setLimits(id, { maxSpeed: 5, maxForce: 2, mass: 4 });
    w.step(1);
    // steering (5, 0) truncated to 2, / mass 4: velocity (0.5, 0).
    assert.equal(w.vehicle(id).vx, 0.5);
    const p = A.racetrack({ x: 1, y: 2 }, 10, 5);
    assert.equal(p.word, "SLSLS");
    assert.ok(Math.abs(p.length - (40 + 10 * Math.PI)) < 1e-12);
    const first = p.segments[0];
    const last = p.segments[p.segments.length - 1];
    assert.deepEqual(first.start, last.end);
  }));

test("finite in, finite out: a step longer than 1e6 counts as 1e6, and debug values stay finite", () =>
  withWorld((w) => {
    // step(1e308) once threw vehicles to 1.4e308. From rest, seeking along +x
    // with max force 0.5 and max speed 2: velocity truncate(0.5 · 1e6, 2) = 2,
    // position 2e6, whatever the dt beyond 1e6.
    const ids = [1e6, 1e7, 1e308].map(() => w.addVehicle({ x: 0, y: 0, maxSpeed: 2, maxForce: 0.5 }));
    w.setBehaviorsMany(ids, [{ kind: "seek", target: { x: 1e12, y: 0 } }]);
    w.step(1e308);
    for (const id of ids) assert.deepEqual(w.vehicle(id), { x: 2e6, y: 0, vx: 2, vy: 0, heading: 0 });
    // velocity + weighted seek overflows in the debug view: clamped to f64::MAX.
    const fast = w.addVehicle({ x: 0, y: 0, vx: 0.6e308, vy: 0, maxSpeed: 1e308, maxForce: 1e308 });
    w.setBehaviors(fast, [{ kind: "seek", target: { x: 1e10, y: 0 }, weight: 4 }]);
    w.setDebug(true);
    w.step(1);
    const d = w.debug(fast);
    assert.equal(d.desired.x, Number.MAX_VALUE);
    assert.equal(d.force.x, 1e308);
  }));
