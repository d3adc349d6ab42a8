// Hostile input through the whole JS API: every exported function and every
// World method, called with generated bad values in every argument position
// (and seeded random mixtures). Each call must return a valid result (no
// non-finite number anywhere in it) or throw an Error with a message; none may
// trap the module (WebAssembly.RuntimeError). Afterwards normal calls still
// give the right answers. The count of calls is reported.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

// --- values ---------------------------------------------------------------
const pose = { x: 1, y: 2, heading: 0.5 };
const point = { x: 8, y: -3 };
const line = { kind: "line", start: { x: 0, y: 0 }, end: { x: 3, y: 4 } };
const arc = { kind: "arc", center: { x: 0, y: 1 }, radius: 1, startAngle: -Math.PI / 2, sweep: 1 };
const path = { segments: [arc, line] };
const lanes = [
  { kind: "sidewalk", width: 2 },
  { kind: "driving", width: 3.5 },
  { kind: "driving", width: 3.5 },
  { kind: "sidewalk", width: 2 },
];
const profileA = { x: 0, y: 0, heading: 0, lanes };
const profileB = { x: 40, y: 40, heading: Math.PI / 2, lanes };
// A crossroads: four arms 20 from the centre, heading into it.
const arms = [0, 1, 2, 3].map((k) => {
  const out = (k * Math.PI) / 2;
  return { x: 20 * Math.cos(out), y: 20 * Math.sin(out), heading: out + Math.PI, lanes };
});

// Pathfinding: a circle and a triangle between pose and point, and a 6 × 5
// grid with a wall of three tiles.
const obstacles = {
  circles: [{ x: 4, y: 0, radius: 1 }],
  polygons: [[{ x: 5, y: -4 }, { x: 7, y: -4 }, { x: 6, y: -2 }]],
};
const tiles = { columns: 6, rows: 5, tile: 1, blocked: Uint8Array.from({ length: 30 }, (_, i) => (i % 6 === 3 && i < 18 ? 1 : 0)) };

const NUMBERS = [NaN, Infinity, -Infinity, -0, 0, -1, 1e308, -1e308, 5e-324, 2 ** 53, 1e-9];
const ODD = [null, undefined, "", "12", "NaN", true, {}, [], () => 1, Symbol.iterator, 10n];
const SHAPES = [
  { x: NaN, y: 0 },
  { x: 0, y: Infinity, heading: 0 },
  { x: "1", y: 2, heading: 3 },
  { x: 1e308, y: -1e308, heading: 1e308 },
  { x: 0, y: 0, heading: 0, extra: "ignored" },
  { segments: [] },
  { segments: null },
  { segments: [{ kind: "spiral" }] },
  { segments: [{ kind: "arc", center: { x: 0, y: 0 }, radius: 0, startAngle: 0, sweep: 1 }] },
  { segments: [{ kind: "arc", center: { x: 0, y: 0 }, radius: -2, startAngle: 0, sweep: 1e308 }] },
  { segments: [{ kind: "line", start: { x: 0, y: 0 }, end: { x: NaN, y: 0 } }] },
  { segments: Array.from({ length: 20000 }, () => line) },
  { ...profileA, lanes: [] },
  { ...profileA, lanes: [{ kind: "driving", width: 0 }] },
  { ...profileA, lanes: [{ kind: "driving", width: -3 }] },
  { ...profileA, lanes: [{ kind: "hovercraft", width: 3 }] },
  { ...profileA, lanes: [{ kind: "driving", width: NaN }] },
  { ...profileA, lanes: Array.from({ length: 5000 }, () => ({ kind: "driving", width: 1e6 })) },
  { ...profileB, x: 1e300 },
  { ...profileA, heading: NaN },
  { kind: "seek" },
  { kind: "seek", target: { x: NaN, y: 0 } },
  { kind: "wander", distance: -1, radius: 0, jitter: Infinity },
  { kind: "pursue", quarry: 99999 },
  { kind: "arrive", target: point, slowingRadius: 0 },
  { kind: "separation", radius: -1 },
  { kind: "avoid", obstacles: [{ x: 0, y: 0, radius: NaN }] },
  { kind: "followPath", path: { segments: [] }, lookAhead: 1 },
  { kind: "followPath", path, lookAhead: NaN },
  { pattern: "pentagram", spacing: 1 },
  { pattern: "v", spacing: 0 },
  { pattern: "line", spacing: Infinity },
  { x: 0, y: 0, maxSpeed: -1, maxForce: 1 },
  { x: 0, y: 0, maxSpeed: 1, maxForce: 1, mass: 0 },
  { x: 0, y: 0, maxSpeed: 1, maxForce: NaN },
  new Float64Array([NaN, 0, 0, 1, 1, 0]),
  new Float64Array(7),
  new Float64Array(0),
  [{ kind: "seek", target: point, weight: NaN }],
  [{ kind: "seek", target: point }, "seek"],
  Array.from({ length: 1000 }, () => ({ kind: "seek", target: point })),
  { circles: [{ x: 0, y: 0, radius: -1 }] },
  { circles: Array.from({ length: 5000 }, (_, i) => ({ x: i, y: 0, radius: 0.1 })) },
  { polygons: [[{ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 1, y: 0 }, { x: 0, y: 1 }]] },
  { polygons: [Array.from({ length: 2000 }, (_, i) => ({ x: Math.cos(i), y: Math.sin(i) }))] },
  { circles: [{ x: 1e150, y: -1e150, radius: 1e150 }], polygons: [] },
  { clearance: -1 },
  { clearance: 1e308, maxExpanded: 2 ** 53 },
  { columns: 0, rows: 5, tile: 1, blocked: new Uint8Array(0) },
  { columns: 5, rows: 5, tile: 1, blocked: new Uint8Array(24) },
  { columns: 2 ** 31, rows: 2 ** 31, tile: 1, blocked: new Uint8Array(4) },
  { columns: 4, rows: 1, tile: 1e-300, blocked: new Uint8Array(4) },
  { columns: 3, rows: 1, tile: 1, blocked: [0, 2, 0.5] },
];
const BAD = [...NUMBERS, ...ODD, ...SHAPES];

// Valid arguments for the published functions, so that each bad value is
// tried in one position while the others are fine.
const VALID = {
  poseAt: [path, 1],
  pathToSvg: [path],
  arcToPoint: [pose, point],
  offsetPath: [path, 0.5],
  intersectPaths: [path, { segments: [{ kind: "line", start: { x: -5, y: 0.5 }, end: { x: 5, y: 0.5 } }] }],
  planTurn: [pose, point, 2],
  planDubins: [pose, { ...point, heading: 1 }, 2, { sharpness: 0.5 }],
  dubinsCandidates: [pose, { ...point, heading: 1 }, 2],
  dubinsLengths: [new Float64Array([0, 0, 0, 10, 0, 1]), 2],
  ccDubinsLengths: [new Float64Array([0, 0, 0, 10, 0, 1]), 2, 0.5],
  planReedsShepp: [pose, { ...point, heading: 1 }, 2],
  reedsSheppLengths: [new Float64Array([0, 0, 0, -10, 0, 1]), 2],
  connectProfiles: [profileA, profileB],
  constrainProfile: [profileA, profileB],
  profileEdges: [profileA],
  roadConstruction: [profileA, profileB],
  bezierOffsets: [profileA, profileB],
  roadMarkings: [profileA, profileB],
  roadChain: [[profileA, profileB, { ...profileB, x: 80, y: 0, heading: -Math.PI / 2 }]],
  connectJunction: [arms, { minTurnRadius: 5, uTurns: true }],
  constrainArm: [arms, 1, { ...arms[1], y: 2 }, { minTurnRadius: 5 }],
  advanceProfile: [profileA, -30],
  planTurnSides: [pose, point, 2],
  poseAtTime: [path, 2, 1],
  racetrack: [point, 10, 5],
  seekStep: [{ x: 1, y: 2, vx: 0.5, vy: -0.5, maxSpeed: 2, maxForce: 0.5, mass: 1 }, point, 1],
  minCostAssignment: [new Float64Array([1, 2, 3, 4, 5, 6]), 2, 3],
  planAround: [pose, { ...point, heading: 1 }, 1, obstacles, { clearance: 0.25, maxExpanded: 200 }],
  planAroundDebug: [pose, point, 1, obstacles, { clearance: 0.25 }],
  planOnGrid: [tiles, { x: 0.5, y: 0.5, heading: 0 }, { x: 5.5, y: 4.5 }, 0.4, { maxExpanded: 500 }],
  planOnGridDebug: [tiles, { x: 0.5, y: 0.5, heading: 0 }, { x: 5.5, y: 4.5, heading: 1 }, 0.4],
};

// --- checks ---------------------------------------------------------------
let calls = 0;

/** Every number reachable in `v` is finite. */
function allFinite(v, seen = new Set()) {
  if (typeof v === "number") return Number.isFinite(v);
  if (v === null || typeof v !== "object" || seen.has(v)) return true;
  seen.add(v);
  if (ArrayBuffer.isView(v)) return Array.prototype.every.call(v, (x) => typeof x !== "number" || Number.isFinite(x));
  return Object.values(v).every((x) => allFinite(x, seen));
}

function attempt(label, fn) {
  calls++;
  let result;
  try {
    result = fn();
  } catch (e) {
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `${label}: trapped (${e?.message})`);
    assert.ok(e instanceof Error, `${label}: threw a non-Error ${String(e)}`);
    assert.ok(e.message.length > 0, `${label}: an Error without a message`);
    return { threw: e };
  }
  assert.ok(allFinite(result), `${label}: a non-finite number in the result`);
  return { result };
}

function mulberry32(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(20261130);
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];

const functions = Object.entries(A).filter(
  ([name, f]) => typeof f === "function" && !/^[A-Z]/.test(name) && !name.startsWith("init") && name !== "default" && name !== "start",
);

test("every exported function survives bad values in every argument position", () => {
  assert.ok(functions.length >= 5, "exports found");
  for (const [name, f] of functions) {
    const valid = VALID[name] ?? Array.from({ length: Math.max(1, f.length) }, () => undefined);
    for (let i = 0; i < valid.length; i++) {
      for (const bad of BAD) {
        const args = valid.slice();
        args[i] = bad;
        attempt(`${name}(arg ${i} = ${describe(bad)})`, () => f(...args));
      }
    }
    for (let k = 0; k < 150; k++) {
      const args = valid.map((v) => (rnd() < 0.5 ? v : pick(BAD)));
      attempt(`${name}(random mixture ${k})`, () => f(...args));
    }
    attempt(`${name}() with extra arguments`, () => f(...valid, 1, 2, 3));
  }
});

// Extreme but finite numbers deep inside otherwise valid arguments (a radius
// of 1e308, a sweep of 1e308 turns, a coordinate of 5e-324): the checks at the
// boundary let them through, so the core itself must cope.
const EXTREME = [1e308, -1e308, 1e300, -1e300, 1e150, 5e-324, -0, 2 ** 53, 1e-300];

/** Copies of `v` with one numeric leaf replaced by `x`, one copy per leaf. */
function withEachLeaf(v, x) {
  if (typeof v === "number") return [x];
  if (v instanceof Float64Array) return Array.from(v, (_, i) => Object.assign(v.slice(), { [i]: x }));
  if (v === null || typeof v !== "object" || ArrayBuffer.isView(v)) return [];
  const out = [];
  for (const [k, child] of Object.entries(v)) {
    for (const c of withEachLeaf(child, x)) out.push(Array.isArray(v) ? Object.assign([...v], { [k]: c }) : { ...v, [k]: c });
  }
  return out;
}

test("every exported function survives extreme finite numbers inside valid arguments", () => {
  for (const [name, f] of functions) {
    const valid = VALID[name];
    if (!valid) continue;
    for (const x of EXTREME) {
      for (const args of withEachLeaf(valid, x)) attempt(`${name}(${describe(args)})`, () => f(...args));
    }
  }
});

test("a RoadNetwork survives extreme finite numbers inside valid profiles", () => {
  for (const x of EXTREME) {
    for (const bad of withEachLeaf(profileA, x)) {
      const net = new A.RoadNetwork();
      const b = net.addProfile(profileB);
      const a = attempt(`RoadNetwork.addProfile(${describe(bad)})`, () => net.addProfile(bad)).result;
      if (a !== undefined) {
        attempt(`RoadNetwork.connect with ${describe(bad)}`, () => net.connect(a, b));
        attempt(`RoadNetwork.pieces() with ${describe(bad)}`, () => net.pieces());
        attempt(`RoadNetwork.toJSON() with ${describe(bad)}`, () => net.toJSON());
      }
      attempt(`RoadNetwork.setProfile(${describe(bad)})`, () => net.setProfile(b, bad));
      net.free();
    }
  }
});

test("a World survives extreme finite numbers inside valid vehicles, behaviours and formations", () => {
  const spec = { x: 1, y: 2, vx: 0.5, vy: -0.5, maxSpeed: 2, maxForce: 0.5, mass: 1, radius: 0.5 };
  const path = { segments: [line] };
  const behaviors = [
    { kind: "seek", target: point, weight: 1 },
    { kind: "flee", target: point, weight: 1 },
    { kind: "arrive", target: point, slowingRadius: 3 },
    { kind: "pursue", quarry: 0 },
    { kind: "evade", quarry: 0 },
    { kind: "wander", distance: 2, radius: 1, jitter: 0.3 },
    { kind: "separation", radius: 2 },
    { kind: "alignment", radius: 3 },
    { kind: "cohesion", radius: 4 },
    { kind: "avoid", obstacles: [{ x: 10, y: 10, radius: 2 }] },
    { kind: "followPath", path, lookAhead: 3 },
    { kind: "interpose", a: 0, b: 1 },
    { kind: "offsetPursuit", leader: 0, offset: { x: -2, y: 1 } },
    { kind: "hide", from: 0, obstacles: [{ x: 10, y: 10, radius: 2 }] },
    { kind: "stayOnPath", path, radius: 2, predictionTime: 1 },
    { kind: "contain", boundary: [{ x: -50, y: -50 }, { x: 50, y: -50 }, { x: 0, y: 50 }], predictionTime: 1 },
    { kind: "avoidVehicles", timeHorizon: 2, pushApart: true },
  ];
  // The fields that name other vehicles get live ids.
  const ids = { quarry: 0, a: 0, b: 1, leader: 1, from: 2 };
  const formation = { pattern: "v", spacing: 2 };
  // Every tuning field too: products with the spacing must not overflow.
  const tuned = { ...formation, capacity: 20, velocityLead: 0.25, maxSpeed: 1000, maxAcceleration: 10000, maxTurnRate: 1.5, leash: 2, slowingRadius: 2 };
  for (const x of EXTREME) {
    const world = new A.World(7);
    world.setDebug(true);
    const others = [0, 1, 2].map((i) => world.addVehicle({ ...spec, x: i * 3 }));
    const formations = [];
    const create = (f) => {
      const id = world.createFormation(f);
      formations.push(id);
      return id;
    };
    const variants = [
      ...withEachLeaf(spec, x).map((v) => () => world.addVehicle(v)),
      ...behaviors.flatMap((b) =>
        withEachLeaf(b, x).map((v) => () => {
          const id = world.addVehicle(spec);
          const live = Object.fromEntries(Object.entries(ids).filter(([k]) => k in v && v[k] === b[k]).map(([k, i]) => [k, others[i]]));
          // Both alone and beside collision avoidance (which acts on the velocity).
          world.setBehaviors(id, [{ ...v, ...live }, { kind: "avoidVehicles", timeHorizon: 1 }]);
          world.setBehaviors(others[2], [{ ...v, ...live }]);
        }),
      ),
      ...withEachLeaf(tuned, x).map((v) => () => {
        const f = create(v);
        for (const id of others) world.joinFormation(f, id);
      }),
      ...withEachLeaf({ x: 5, y: -5, heading: 0.5 }, x).map((t) => () => {
        const f = create(formation);
        for (const id of others) world.joinFormation(f, id);
        world.setFormationTarget(f, t);
      }),
      ...withEachLeaf({ pattern: "circle", spacing: 3 }, x).map((p) => () => {
        const f = create(formation);
        world.joinFormation(f, others[1]);
        world.setFormationPattern(f, p);
      }),
      ...withEachLeaf(path, x).map((p) => () => {
        const f = create(formation);
        world.joinFormation(f, others[2]);
        world.followFormationPath(f, p);
      }),
      ...withEachLeaf({ maxSpeed: 2, maxForce: 0.5, mass: 1 }, x).map((l) => () => world.setLimits(others[0], l)),
      ...withEachLeaf(new Float64Array([0, 0, 1, 1, 2, 0.5, 1]), x).map((d) => () => world.addVehicles(d)),
      () => world.step(x),
    ];
    for (const make of variants) {
      attempt(`World: ${make.toString().slice(0, 60)} with ${x}`, make);
      for (let k = 0; k < 3; k++) attempt(`World.step after a value of ${x}`, () => world.step(1));
      attempt(`World.positions() after a value of ${x}`, () => Array.from(world.positions()));
      // Everything the world reports stays finite (formations, vehicles, debug values).
      attempt(`World.formation() after a value of ${x}`, () => formations.map((f) => world.formation(f)));
      attempt(`World.vehicle()/debug()/aims() after a value of ${x}`, () => Array.from(world.ids(), (id) => [world.vehicle(id), world.debug(id), world.aims(id)]));
    }
    world.free();
  }
});

test("every World method survives bad values, unknown and removed ids, and use after free", { skip: typeof A.World !== "function" && "no World export yet" }, () => {
  const own = (m) => Object.getOwnPropertyDescriptor(A.World.prototype, m);
  const methods = Object.getOwnPropertyNames(A.World.prototype).filter((m) => m !== "constructor" && m !== "free" && !m.startsWith("__") && typeof own(m).value === "function");
  const getters = Object.getOwnPropertyNames(A.World.prototype).filter((m) => typeof own(m).get === "function");
  const world = new A.World();
  const v = world.addVehicle({ x: 0, y: 0, maxSpeed: 2, maxForce: 0.5 });
  const w = world.addVehicle({ x: 3, y: 1, maxSpeed: 2, maxForce: 0.5, mass: 2 });
  world.removeVehicle(w);
  const ids = [v, w, -1, 2 ** 32, 1.5, NaN];
  for (const m of methods) {
    const arity = Math.max(1, A.World.prototype[m].length);
    for (let i = 0; i < arity; i++) {
      for (const bad of BAD.concat(ids)) {
        const args = Array.from({ length: arity }, () => v);
        args[i] = bad;
        attempt(`World.${m}(arg ${i} = ${describe(bad)})`, () => world[m](...args));
      }
    }
    for (let k = 0; k < 100; k++) {
      const args = Array.from({ length: arity }, () => (rnd() < 0.4 ? pick(ids) : pick(BAD)));
      attempt(`World.${m}(random mixture ${k})`, () => world[m](...args));
    }
  }
  // The world still works: a vehicle at rest seeking (10, 0) with max force
  // 0.5 and mass 1 moves 0.5 along x in the first step (the seed's rule).
  const fresh = world.addVehicle({ x: 0, y: 0, maxSpeed: 2, maxForce: 0.5 });
  world.setBehaviors(fresh, [{ kind: "seek", target: { x: 10, y: 0 } }]);
  world.step(1);
  const s = world.vehicle(fresh);
  assert.ok(Math.abs(s.x - 0.5) < 1e-12 && Math.abs(s.y) < 1e-12, JSON.stringify(s));
  for (const g of getters) attempt(`World.${g} (getter)`, () => world[g]);
  world.free();
  for (const m of methods) attempt(`World.${m} after free`, () => world[m](v));
  for (const g of getters) attempt(`World.${g} (getter) after free`, () => world[g]);
});

const classes = Object.entries(A).filter(([name, C]) => /^[A-Z]/.test(name) && typeof C === "function" && name !== "World");

for (const [name, C] of classes) {
  test(`every ${name} method survives bad values, unknown ids, and use after free`, () => {
    const own = (m) => Object.getOwnPropertyDescriptor(C.prototype, m);
    const names = Object.getOwnPropertyNames(C.prototype).filter((m) => m !== "constructor" && m !== "free" && !m.startsWith("__"));
    const methods = names.filter((m) => typeof own(m).value === "function");
    const getters = names.filter((m) => typeof own(m).get === "function");
    const obj = attempt(`new ${name}()`, () => new C()).result;
    if (!obj) return;
    // Some real content first, where the class is known.
    const ids = [0, 1, -1, 2 ** 32, 1.5, NaN, 99999];
    if (name === "RoadNetwork") {
      const a = obj.addProfile(profileA);
      const b = obj.addProfile(profileB);
      ids.unshift(a, b, obj.connect(a, b));
      const mouths = arms.map((p) => obj.addProfile(p));
      mouths.forEach((m) => obj.connect(obj.addProfile({ ...arms[0], ...profileA, x: 200 + m * 40 }), m));
      ids.push(obj.addJunction(mouths));
    }
    for (const m of methods) {
      const arity = Math.max(1, C.prototype[m].length);
      for (let i = 0; i < arity; i++) {
        for (const bad of BAD.concat(ids)) {
          const args = Array.from({ length: arity }, () => ids[0]);
          args[i] = bad;
          attempt(`${name}.${m}(arg ${i} = ${describe(bad)})`, () => obj[m](...args));
        }
      }
      for (let k = 0; k < 60; k++) {
        const args = Array.from({ length: arity }, () => (rnd() < 0.4 ? pick(ids) : pick(BAD)));
        attempt(`${name}.${m}(random mixture ${k})`, () => obj[m](...args));
      }
    }
    for (const g of getters) attempt(`${name}.${g} (getter)`, () => obj[g]);
    // Statics (e.g. fromJSON) with bad values.
    for (const st of Object.getOwnPropertyNames(C).filter((k) => typeof C[k] === "function" && !k.startsWith("__"))) {
      for (const bad of BAD) attempt(`${name}.${st}(${describe(bad)})`, () => C[st](bad));
    }
    obj.free();
    for (const m of methods) attempt(`${name}.${m} after free`, () => obj[m](ids[0]));
  });
}

test("after all that, normal calls give the right answers", () => {
  const p = A.arcToPoint({ x: 0, y: 0, heading: 0 }, { x: 10, y: 10 });
  assert.ok(Math.abs(p.segments[0].radius - 10) < 1e-12);
  assert.equal(A.pathToSvg(p), "M0 0 A10 10 0 0 1 10 10");
  console.log(`hostile-input suite: ${calls} calls, no trap`);
  assert.ok(calls > 1000);
});

function describe(v) {
  if (typeof v === "symbol" || typeof v === "bigint" || typeof v === "function") return typeof v;
  if (ArrayBuffer.isView(v)) return `${v.constructor.name}(${v.length})`;
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 60 ? s.slice(0, 57) + "..." : s;
  } catch {
    return String(v);
  }
}

// Regression: wasm-bindgen's glue for a `&str` parameter copies whatever it is
// given; a number or an object there read memory out of bounds (a trap).
test("RoadNetwork.fromJSON of a non-string is an Error naming json, not a trap", () => {
  for (const bad of [5, {}, [], true, null, undefined]) {
    const { threw } = attempt(`RoadNetwork.fromJSON(${describe(bad)})`, () => A.RoadNetwork.fromJSON(bad));
    assert.ok(threw && /json/.test(threw.message), threw?.message);
  }
});
