// Steering in wasm (our World) against yuka 0.7.8 (Vehicle + EntityManager) in
// the same Node run: ms per step, the same scenes for both, delta = 1.
//
//   make build && node bench/js/steering.bench.mjs [filter]
//
// Scenes: N vehicles uniform in a square of side 4·√N (16 area units each),
// at rest, maxSpeed 2, maxForce 0.2, mass 1, with
//   seek                 one seek;
//   seek + separation    a seek and a separation of radius R;
//   flock                separation (weight 2), alignment (0.6), cohesion (0.4)
//                        of radius R and a weak seek (0.3);
// R = 6.4, so that a vehicle of the square has π·R²/16 ≈ 8 neighbours (Reynolds'
// boids see about seven); the neighbour counts printed are measured from the
// positions at the start and at the end of the timed steps. Each scene runs
// twice: travelling as a block (the target is far away, so the density stays
// the same) and converging on a point (the target is the square's centre, so
// the crowd packs tighter step after step).
//
// Our World is built both ways: through the calls of the published contract
// (`addVehicle` and `setBehaviors` per vehicle, a fresh list each time) and
// through the bulk calls (`addVehicles`, `setAllBehaviors`); the ratio of the
// two is printed. A mixed crowd (eight lists given in turn) compares
// `setBehaviors` per vehicle with one `setBehaviorsMany` per list.
//
// yuka gets the same start positions and parameters; its neighbourhoods come
// from its spatial index (CellSpacePartitioning, ≈2√N cells, which balances
// its per-query scan of every cell against the candidates per cell). Its
// separation, alignment and cohesion are its own formulas, and it adds
// weighted forces by its prioritised running sum: the same scenes, each
// library's own steering. yuka's slowest cases are timed on one step.
//
// Both of our worlds are built, warmed up and then stepped in turn (one step
// of each, STEPS times), so that they see the same load on a shared machine;
// times are medians of per-step wall-clock times, and the mean CPU time per
// step is in the note.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as YUKA from "yuka";
import { CENTRE, FAR, MAX_FORCE, MAX_SPEED, R, SCENES, square } from "./steering_scenes.mjs";

const PKG = process.env.ARCLINE_PKG ?? new URL("../../www/pkg/", import.meta.url).pathname;
const A = await import(new URL("arcline.js", `file://${PKG.endsWith("/") ? PKG : PKG + "/"}`).href);
A.initSync({ module: readFileSync(new URL("arcline_bg.wasm", `file://${PKG.endsWith("/") ? PKG : PKG + "/"}`)) });

const WARM = 10;
/** Timed steps of our World (the same for both paths). */
const STEPS = 60;
/** yuka: at most this many timed steps, and a case whose first step takes longer than BUDGET ms is timed on that step. */
const YUKA_STEPS = 20;
const BUDGET = 1500;

/** Mean number of other vehicles within `r` of each (positions `x0, y0, x1, y1, …`). */
export function meanNeighbours(xy, r) {
  const n = xy.length / 2;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < n; i++) {
    minX = Math.min(minX, xy[2 * i]); maxX = Math.max(maxX, xy[2 * i]);
    minY = Math.min(minY, xy[2 * i + 1]); maxY = Math.max(maxY, xy[2 * i + 1]);
  }
  const w = Math.floor((maxX - minX) / r) + 1;
  const h = Math.floor((maxY - minY) / r) + 1;
  const cellOf = (i) => Math.floor((xy[2 * i] - minX) / r) + w * Math.floor((xy[2 * i + 1] - minY) / r);
  const start = new Uint32Array(w * h + 1);
  for (let i = 0; i < n; i++) start[cellOf(i) + 1]++;
  for (let c = 0; c < w * h; c++) start[c + 1] += start[c];
  const at = start.slice();
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[at[cellOf(i)]++] = i;
  let pairs = 0;
  const r2 = r * r;
  for (let i = 0; i < n; i++) {
    const cx = Math.floor((xy[2 * i] - minX) / r);
    const cy = Math.floor((xy[2 * i + 1] - minY) / r);
    for (let y = Math.max(0, cy - 1); y <= Math.min(h - 1, cy + 1); y++) {
      for (let x = Math.max(0, cx - 1); x <= Math.min(w - 1, cx + 1); x++) {
        const c = x + w * y;
        for (let k = start[c]; k < start[c + 1]; k++) {
          const j = order[k];
          const dx = xy[2 * j] - xy[2 * i];
          const dy = xy[2 * j + 1] - xy[2 * i + 1];
          if (j !== i && dx * dx + dy * dy < r2) pairs++;
        }
      }
    }
  }
  return pairs / n;
}

/** Per-step wall-clock ms (median) and CPU ms over `steps` calls of `step`. */
function timeSteps(step, steps) {
  const [r] = timeInTurn([step], steps);
  return r;
}

/**
 * Calls each of `steps` in turn, `count` times each: per-step wall-clock ms
 * (median) and CPU ms (mean) of each, so that worlds compared with each
 * other see the same load on a shared machine.
 */
function timeInTurn(steps, count) {
  const runs = steps.map(() => ({ times: [], cpu: 0 }));
  for (let k = 0; k < count; k++) {
    steps.forEach((step, i) => {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      step();
      const t = performance.now() - t0;
      const c = process.cpuUsage(c0);
      runs[i].times.push(t);
      runs[i].cpu += (c.user + c.system) / 1000;
    });
  }
  return runs.map((r) => {
    r.times.sort((a, b) => a - b);
    return { ms: r.times[Math.floor(r.times.length / 2)], cpuMs: r.cpu / count, steps: count };
  });
}

/** Our World on a scene, built through `path`: "published" (addVehicle + setBehaviors) or "bulk". */
function build(n, scene, target, path) {
  const { xy } = square(n);
  const w = new A.World(1);
  const t0 = performance.now();
  if (path === "published") {
    for (let i = 0; i < n; i++) {
      const id = w.addVehicle({ x: xy[2 * i], y: xy[2 * i + 1], maxSpeed: MAX_SPEED, maxForce: MAX_FORCE });
      w.setBehaviors(id, SCENES[scene](target));
    }
  } else {
    const data = new Float64Array(7 * n);
    for (let i = 0; i < n; i++) data.set([xy[2 * i], xy[2 * i + 1], 0, 0, MAX_SPEED, MAX_FORCE, 1], 7 * i);
    w.addVehicles(data);
    w.setAllBehaviors(SCENES[scene](target));
  }
  return { w, setupMs: performance.now() - t0 };
}

/** Our World on a scene built both ways, stepped in turn over the same steps. */
function ours(n, scene, target) {
  const worlds = [build(n, scene, target, "published"), build(n, scene, target, "bulk")];
  try {
    for (let i = 0; i < WARM; i++) for (const { w } of worlds) w.step(1);
    const before = meanNeighbours(worlds[0].w.positions(), R);
    const timed = timeInTurn(
      worlds.map(({ w }) => () => w.step(1)),
      STEPS,
    );
    const after = meanNeighbours(worlds[0].w.positions(), R);
    return worlds.map(({ setupMs }, i) => ({ ...timed[i], setupMs, before, after }));
  } finally {
    for (const { w } of worlds) w.free();
  }
}

/** A mixed crowd: eight lists given in turn, through setBehaviors and through one setBehaviorsMany per list, stepped in turn. */
function mixed(n) {
  const { xy } = square(n);
  const lists = [
    ...Object.values(SCENES).map((f) => f(CENTRE)),
    ...Object.values(SCENES).map((f) => f(FAR)),
    [{ kind: "flee", target: CENTRE }, { kind: "separation", radius: R }],
    [{ kind: "arrive", target: CENTRE, slowingRadius: 50 }, { kind: "separation", radius: R, weight: 1.5 }],
  ];
  const make = (path) => {
    const w = new A.World(1);
    const data = new Float64Array(7 * n);
    for (let i = 0; i < n; i++) data.set([xy[2 * i], xy[2 * i + 1], 0, 0, MAX_SPEED, MAX_FORCE, 1], 7 * i);
    const ids = w.addVehicles(data);
    if (path === "published") {
      for (let i = 0; i < n; i++) w.setBehaviors(ids[i], structuredClone(lists[i % lists.length]));
    } else {
      lists.forEach((list, k) => w.setBehaviorsMany(ids.filter((_, i) => i % lists.length === k), list));
    }
    return w;
  };
  const worlds = [make("published"), make("bulk")];
  try {
    for (let i = 0; i < WARM; i++) for (const w of worlds) w.step(1);
    const before = meanNeighbours(worlds[0].positions(), R);
    const timed = timeInTurn(
      worlds.map((w) => () => w.step(1)),
      STEPS,
    );
    const after = meanNeighbours(worlds[0].positions(), R);
    return timed.map((t) => ({ ...t, before, after }));
  } finally {
    for (const w of worlds) w.free();
  }
}

function yuka(n, scene, target) {
  const { side, xy } = square(n);
  const em = new YUKA.EntityManager();
  const neighbours = scene !== "seek";
  if (neighbours) {
    const per = Math.max(1, Math.round(Math.sqrt(2 * Math.sqrt(n))));
    // Room for the crowd's travel during warm-up and measurement (≤ 2 per step).
    const size = side + 2 * 2 * (WARM + YUKA_STEPS + 10);
    em.spatialIndex = new YUKA.CellSpacePartitioning(size, 10, size, per, 1, per);
  }
  const t = new YUKA.Vector3(target.x, 0, target.y);
  for (let i = 0; i < n; i++) {
    const v = new YUKA.Vehicle();
    v.position.set(xy[2 * i], 0, xy[2 * i + 1]);
    v.maxSpeed = MAX_SPEED;
    v.maxForce = MAX_FORCE;
    v.mass = 1;
    for (const b of SCENES[scene](target)) {
      const made =
        b.kind === "seek" ? new YUKA.SeekBehavior(t)
        : b.kind === "separation" ? new YUKA.SeparationBehavior()
        : b.kind === "alignment" ? new YUKA.AlignmentBehavior()
        : new YUKA.CohesionBehavior();
      made.weight = b.weight ?? 1;
      v.steering.add(made);
    }
    if (neighbours) {
      v.updateNeighborhood = true;
      v.neighborhoodRadius = R;
    }
    em.add(v);
  }
  if (neighbours) for (const e of em.entities) em.updateEntity(e, 0); // index them once
  const positions = () => {
    const out = new Float64Array(2 * n);
    em.entities.forEach((e, i) => {
      out[2 * i] = e.position.x;
      out[2 * i + 1] = e.position.z;
    });
    return out;
  };
  const t0 = performance.now();
  em.update(1);
  const first = performance.now() - t0;
  if (first > BUDGET) {
    const c = meanNeighbours(positions(), R);
    return { ms: first, cpuMs: NaN, steps: 1, capped: true, before: c, after: c };
  }
  for (let i = 1; i < WARM; i++) em.update(1);
  const before = meanNeighbours(positions(), R);
  const r = timeSteps(() => em.update(1), YUKA_STEPS);
  return { ...r, before, after: meanNeighbours(positions(), R) };
}

const count = (x) => x.toFixed(1);
const range = (r) => (Math.abs(r.after - r.before) < 0.05 ? `${count(r.before)}` : `${count(r.before)} → ${count(r.after)}`);

export async function run(filter = "") {
  const rows = [];
  const cases = [];
  for (const scene of Object.keys(SCENES)) {
    for (const [motion, target] of [["block", FAR], ["converging", CENTRE]]) {
      for (const n of scene === "seek" ? [50_000, 100_000] : [10_000, 100_000]) cases.push({ scene, motion, target, n });
    }
  }
  for (const { scene, motion, target, n } of cases) {
    const name = `steering step, ${scene}, ${motion === "block" ? "travelling as a block" : "converging on a point"}, N = ${n.toLocaleString("en")}`;
    if (filter && !name.includes(filter)) continue;
    const [pub, bulk] = ours(n, scene, target);
    const y = process.env.ARCLINE_NO_YUKA ? null : yuka(n, scene, target);
    const neighbours = scene === "seek" ? "" : `neighbours within ${R} (ours): ${range(pub)}; `;
    rows.push({
      name: `${name} (addVehicle + setBehaviors)`,
      unit: "ms",
      ours: pub.ms,
      peer: y ? y.ms : null,
      peerName: "yuka 0.7.8",
      note: [
        `${neighbours}ours ${pub.steps} steps (CPU ${pub.cpuMs.toFixed(3)} ms/step)`,
        y ? `yuka ${y.steps} step${y.steps === 1 ? "" : "s"}${y.capped ? " (timed on one step)" : ` (CPU ${y.cpuMs.toFixed(2)} ms/step)`}${scene === "seek" ? "" : `, its neighbours ${range(y)}`}; yuka/ours = ${(y.ms / pub.ms).toFixed(1)}x` : "",
      ].filter(Boolean).join("; "),
    });
    rows.push({
      name: `${name}: setBehaviors per vehicle against addVehicles + setAllBehaviors`,
      unit: "ms",
      ours: pub.ms,
      peer: bulk.ms,
      peerName: "setAllBehaviors",
      note: `${neighbours}same steps; setup ${pub.setupMs.toFixed(0)} ms against ${bulk.setupMs.toFixed(0)} ms; CPU ${pub.cpuMs.toFixed(3)} against ${bulk.cpuMs.toFixed(3)} ms/step`,
    });
  }
  const mixedName = "steering step, mixed crowd (8 lists given in turn), N = 100,000";
  if (!filter || mixedName.includes(filter)) {
    const [pub, bulk] = mixed(100_000);
    rows.push({
      name: `${mixedName}: setBehaviors per vehicle against setBehaviorsMany per list`,
      unit: "ms",
      ours: pub.ms,
      peer: bulk.ms,
      peerName: "setBehaviorsMany",
      note: `seek, seek + separation, flock to the centre and far away, flee and arrive with separation; neighbours within ${R}: ${range(pub)}; CPU ${pub.cpuMs.toFixed(3)} against ${bulk.cpuMs.toFixed(3)} ms/step`,
    });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const r of await run(process.argv[2] ?? "")) {
    const ratio = r.peer ? (r.ours / r.peer).toFixed(3) : "-";
    console.log(`${r.name}\n    ours ${r.ours.toFixed(3)} ms   ${r.peerName} ${r.peer === null ? "-" : r.peer.toFixed(3)} ms   ratio ${ratio}   ${r.note}`);
  }
}
