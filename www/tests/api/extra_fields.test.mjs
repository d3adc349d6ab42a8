// Nothing a caller passes is dropped, whatever was passed before: a game's
// own records carry fields of their own. One instance of the module is given
// 10,000 objects with distinct extra fields (in poses, points, obstacles,
// options, profiles, behaviours and vehicles), then every exported function
// and World and RoadNetwork method is called with every option set; each
// result must equal, to the bit, that of a fresh instance that saw nothing
// before. (An earlier argument encoder kept a table of keys that filled up,
// and then dropped `circles` and `clearance` without a word.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const wasm = readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url));
const glue = new URL("../../pkg/arcline.js", import.meta.url).href;

async function instance(tag) {
  const m = await import(`${glue}?${tag}`);
  m.initSync({ module: wasm });
  return m;
}

const pose = (x, y, heading) => ({ x, y, heading });
const lanes = [
  { kind: "sidewalk", width: 2 },
  { kind: "driving", width: 3.5, direction: "backward" },
  { kind: "driving", width: 3.5 },
  { kind: "sidewalk", width: 2 },
];
const profile = (x, y, heading) => ({ x, y, heading, lanes });
const path = { segments: [{ kind: "arc", center: { x: 0, y: 2 }, radius: 2, startAngle: -Math.PI / 2, sweep: 1.2 }, { kind: "line", start: { x: 1.864, y: 0.7753 }, end: { x: 9, y: 6 } }] };
const obstacles = {
  circles: [{ x: 10, y: 0, radius: 3 }, { x: 20, y: 4, radius: 2 }],
  polygons: [[{ x: 14, y: -8 }, { x: 17, y: -8 }, { x: 15.5, y: -4 }]],
};
const grid = { columns: 12, rows: 10, tile: 1, blocked: Uint8Array.from({ length: 120 }, (_, i) => (i % 12 === 6 && i > 24 ? 1 : 0)) };
const arms = [0, 1, 2, 3].map((k) => profile(20 * Math.cos((k * Math.PI) / 2), 20 * Math.sin((k * Math.PI) / 2), (k * Math.PI) / 2 + Math.PI));
const queries = Float64Array.from([0, 0, 0, 10, 5, 3, 1, 2, -1, -4, 8, 0.5]);

/** Every export and method, with every option, each result as JSON text (bit-exact numbers). */
function everything(A) {
  const out = {};
  const put = (name, f) => {
    try {
      const v = f();
      out[name] = JSON.stringify(v, (_, x) => (ArrayBuffer.isView(x) ? Array.from(x) : typeof x === "number" && !Number.isFinite(x) ? String(x) : x));
    } catch (e) {
      out[name] = `throws ${e.message}`;
    }
  };
  put("planTurn", () => A.planTurn(pose(0, 0, 0), { x: 10, y: 4 }, 2));
  put("planTurnSides", () => A.planTurnSides(pose(0, 0, 0), { x: 10, y: 4 }, 2));
  put("planTurnSides sharpness", () => A.planTurnSides(pose(0, 0, 0), { x: 10, y: 4 }, 2, { sharpness: 0.4 }));
  put("planDubins", () => A.planDubins(pose(0, 0, 0), pose(10, 5, 3), 1.5));
  put("planDubins sharpness", () => A.planDubins(pose(0, 0, 0), pose(10, 5, 3), 1.5, { sharpness: 0.4 }));
  put("dubinsCandidates", () => A.dubinsCandidates(pose(0, 0, 0), pose(3, 1, 2), 1.5));
  put("dubinsLengths", () => A.dubinsLengths(queries, 1.5));
  put("ccDubinsLengths", () => A.ccDubinsLengths(queries, 1.5, 0.4));
  put("planReedsShepp", () => A.planReedsShepp(pose(0, 0, 0), pose(-3, 1, 2), 1.5));
  put("reedsSheppLengths", () => A.reedsSheppLengths(queries, 1.5));
  put("poseAt", () => A.poseAt(path, 2.5));
  put("poseAtTime", () => A.poseAtTime(path, 2, 1.5));
  put("pathToSvg", () => A.pathToSvg(path));
  put("arcToPoint", () => A.arcToPoint(pose(0, 0, 0), { x: 10, y: 10 }));
  put("offsetPath", () => A.offsetPath(path, 0.5));
  put("intersectPaths", () => A.intersectPaths(path, A.offsetPath(path, 0.5)));
  put("racetrack", () => A.racetrack({ x: 1, y: 2 }, 5, 3));
  put("seekStep", () => A.seekStep({ x: 0, y: 0, vx: 1, vy: 0, maxSpeed: 2, maxForce: 0.5, mass: 2 }, { x: 5, y: 5 }, 1));
  put("minCostAssignment", () => A.minCostAssignment(Float64Array.from([4, 1, 3, 2, 0, 5, 3, 2, 2]), 3, 3));
  const around = { clearance: 1.5, maxExpanded: 5000 };
  put("planAround", () => A.planAround(pose(0, 0, 0), pose(30, 0, 0), 2, obstacles, around));
  put("planAround point", () => A.planAround(pose(0, 0, 0), { x: 30, y: 2 }, 2, obstacles, around));
  put("planAroundDebug", () => A.planAroundDebug(pose(0, 0, 0), pose(30, 0, 0), 2, obstacles, around));
  put("planOnGrid", () => A.planOnGrid(grid, pose(1.5, 1.5, 0), { x: 10.5, y: 8.5 }, 1, { maxExpanded: 20000 }));
  put("planOnGridDebug", () => A.planOnGridDebug(grid, pose(1.5, 1.5, 0), pose(10.5, 8.5, 0), 1, { maxExpanded: 20000 }));
  const a = profile(0, 0, 0);
  const b = profile(40, 30, Math.PI / 2);
  put("connectProfiles", () => A.connectProfiles(a, b));
  put("constrainProfile", () => A.constrainProfile(a, profile(-10, 5, 0)));
  put("roadConstruction", () => A.roadConstruction(a, b));
  put("bezierOffsets", () => A.bezierOffsets(a, b));
  put("roadMarkings", () => A.roadMarkings(a, b));
  put("roadChain", () => A.roadChain([a, b, profile(80, 30, 0)]));
  put("profileEdges", () => A.profileEdges(a));
  put("advanceProfile", () => A.advanceProfile(a, 7));
  const junction = { minTurnRadius: 4, uTurns: true };
  put("connectJunction", () => A.connectJunction(arms, junction));
  put("constrainArm", () => A.constrainArm(arms, 1, profile(0, 18, -Math.PI / 2), junction));

  const w = new A.World(7);
  const v = w.addVehicle({ x: 0, y: 0, vx: 1, vy: 0.5, maxSpeed: 3, maxForce: 1, mass: 2, heading: 0.3, radius: 0.7 });
  const many = w.addVehicles(Float64Array.from([5, 5, 0, 1, 2, 1, 1, -5, 3, 1, 0, 2, 1, 1.5]));
  const q = many[0];
  w.setBehaviors(v, [
    { kind: "seek", target: { x: 10, y: 3 }, weight: 2 },
    { kind: "arrive", target: { x: 10, y: 3 }, slowingRadius: 4 },
    { kind: "pursue", quarry: q },
    { kind: "wander", distance: 2, radius: 1, jitter: 0.3 },
    { kind: "separation", radius: 3, weight: 0.5 },
    { kind: "avoid", obstacles: [{ x: 4, y: 1, radius: 1 }], lookAhead: 3 },
    { kind: "followPath", path, lookAhead: 2 },
    { kind: "interpose", a: many[0], b: many[1] },
    { kind: "offsetPursuit", leader: q, offset: { x: -2, y: 1 } },
    { kind: "hide", from: q, obstacles: [{ x: 3, y: 3, radius: 1 }] },
    { kind: "stayOnPath", path, radius: 1, predictionTime: 0.5 },
    { kind: "contain", boundary: [{ x: -20, y: -20 }, { x: 20, y: -20 }, { x: 20, y: 20 }, { x: -20, y: 20 }], predictionTime: 1 },
    { kind: "avoidVehicles", timeHorizon: 2, pushApart: false },
  ], "priority");
  w.setBehaviorsMany(many, [{ kind: "flee", target: { x: 0, y: 0 } }, { kind: "cohesion", radius: 5 }, { kind: "alignment", radius: 5 }, { kind: "evade", quarry: v }], "weighted");
  w.setLimits(q, { maxSpeed: 2.5, maxForce: 0.8, mass: 1.5 });
  w.setRadius(q, 0.9);
  w.setFacing(v, { heading: 1, maxTurnRate: 2 });
  w.setDebug(true);
  const f = w.createFormation({ pattern: "v", spacing: 2, assignment: "cost", capacity: 9, velocityLead: 0.5, maxSpeed: 3, maxAcceleration: 2, maxTurnRate: 2, leash: 4, slowingRadius: 3 });
  const extra = w.addVehicles(Float64Array.from([0, 3, 0, 0, 3, 1, 1, 0, -3, 0, 0, 3, 1, 1]));
  for (const id of extra) w.joinFormation(f, id);
  w.setFormationTarget(f, pose(20, 10, 0.5));
  w.setFormationPattern(f, { pattern: "line", spacing: 2.5, assignment: "sequential" });
  for (let k = 0; k < 30; k++) w.step(1 / 30);
  w.followFormationPath(f, A.planDubins(pose(0, 0, 0), pose(15, 15, 1), 3));
  for (let k = 0; k < 30; k++) w.step(1 / 30);
  put("World vehicle", () => w.vehicle(v));
  put("World debug", () => w.debug(v));
  put("World aims", () => w.aims(v));
  put("World facing", () => w.facing(v));
  put("World formation", () => w.formation(f));
  put("World formationOf", () => w.formationOf(extra[0]));
  put("World positions", () => w.positions());
  put("World velocities", () => w.velocities());
  put("World headings", () => w.headings());
  put("World radii", () => w.radii());
  put("World ids", () => w.ids());
  w.setAllBehaviors([{ kind: "seek", target: { x: -3, y: -3 } }]);
  w.step(0.1);
  put("World after setAllBehaviors", () => w.positions());
  w.free();

  const net = new A.RoadNetwork();
  const ids = [net.addProfile(a), net.addProfile(b), net.addProfile(profile(40, -30, -Math.PI / 2))];
  const junctionArms = arms.map((arm) => net.addProfile(arm));
  net.connect(ids[0], ids[1]);
  net.connect(ids[0], ids[2]);
  const j = net.addJunction(junctionArms);
  net.setProfile(ids[1], profile(45, 30, Math.PI / 2));
  put("RoadNetwork pieces", () => net.pieces());
  put("RoadNetwork junction", () => net.junction(j));
  put("RoadNetwork profile", () => net.profile(ids[1]));
  put("RoadNetwork junctionOf", () => net.junctionOf(junctionArms[0]));
  put("RoadNetwork toJSON", () => net.toJSON());
  put("RoadNetwork toOpenDrive", () => net.toOpenDrive());
  net.free();
  return out;
}

/** An object like `base` with `n` extra fields of its own, named by `k`. */
function withExtras(base, k, n = 1) {
  const o = { ...base };
  for (let i = 0; i < n; i++) o[`field_${k}_${i}`] = k + i;
  return o;
}

test("10,000 objects with fields of their own leave every call's answer as a fresh instance gives it", async () => {
  const used = await instance("used");
  let passed = 0;
  for (let k = 0; k < 10000; k++) {
    switch (k % 8) {
      case 0:
        used.planDubins(withExtras(pose(0, 0, 0), k), withExtras(pose(5, 2, 1), k), 1);
        break;
      case 1:
        used.planAround(withExtras(pose(0, 0, 0), k), withExtras({ x: 20, y: 0 }, k), 2, withExtras({ circles: [withExtras({ x: 10, y: 0, radius: 2 }, k)] }, k), withExtras({ clearance: 0.5 }, k));
        break;
      case 2:
        used.poseAt(withExtras({ segments: [withExtras({ kind: "line", start: withExtras({ x: 0, y: 0 }, k), end: { x: 1, y: 1 } }, k)] }, k), 0.5);
        break;
      case 3:
        used.connectProfiles(withExtras(profile(0, 0, 0), k), withExtras({ ...profile(30, 30, Math.PI / 2), lanes: lanes.map((l) => withExtras(l, k)) }, k));
        break;
      case 4:
        used.seekStep(withExtras({ x: 0, y: 0, maxSpeed: 1, maxForce: 1 }, k), withExtras({ x: 1, y: 1 }, k), 1);
        break;
      case 5: {
        const w = new used.World();
        const id = w.addVehicle(withExtras({ x: 0, y: 0, maxSpeed: 1, maxForce: 1 }, k));
        w.setBehaviors(id, [withExtras({ kind: "seek", target: withExtras({ x: 1, y: 0 }, k) }, k)], "weighted");
        w.createFormation(withExtras({ pattern: "line", spacing: 2 }, k));
        w.free();
        break;
      }
      case 6:
        used.planOnGrid(withExtras({ columns: 4, rows: 4, tile: 1, blocked: new Uint8Array(16) }, k), withExtras(pose(0.5, 0.5, 0), k), withExtras({ x: 3.5, y: 3.5 }, k), 1, withExtras({ maxExpanded: 1000 }, k));
        break;
      case 7:
        used.connectJunction(arms.map((arm) => withExtras(arm, k)), withExtras({ uTurns: false }, k));
        break;
    }
    passed++;
  }
  assert.equal(passed, 10000);
  const fresh = await instance("fresh");
  const after = everything(used);
  const expected = everything(fresh);
  assert.deepEqual(Object.keys(after), Object.keys(expected));
  for (const name of Object.keys(expected)) {
    assert.ok(!expected[name].startsWith("throws"), `${name} answers on a fresh instance: ${expected[name]}`);
    assert.equal(after[name], expected[name], `${name} differs after 10,000 objects with extra fields`);
  }
  // The case of the report: circles and clearance are read, so the path goes round the circle.
  const p = used.planAround(pose(0, 0, 0), { x: 20, y: 0 }, 2, { circles: [{ x: 10, y: 0, radius: 3 }] }, { clearance: 1.5 });
  assert.ok(p.length > 20.5, `the path goes round the circle: ${p.length}`);
});
