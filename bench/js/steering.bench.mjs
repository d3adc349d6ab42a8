// Steering in wasm (our World) against yuka 0.7.8 (Vehicle + EntityManager) in
// the same Node run: ms per step for N vehicles, seek alone and seek +
// separation, same start positions, same parameters, delta = 1.
//
//   make build && node bench/js/steering.bench.mjs
//
// Scene: N vehicles uniform in a square of side 4·√N (16 area units each),
// all seeking a point far away (so the crowd travels as a block and its
// density stays the same whatever N and however many steps are measured);
// maxSpeed 2, maxForce 0.2, mass 1; separation radius 3.
// yuka's separation needs its neighbourhood: we give it its spatial index
// (CellSpacePartitioning with ≈2√N cells, which balances its per-query scan of
// every cell against the candidates per cell); yuka's time is capped (see CAP).
// Times are medians of per-batch wall-clock times after warm-up; the process's
// CPU time per step is in the note (the machine may be shared).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as A from "../../www/pkg/arcline.js";
import * as YUKA from "yuka";

A.initSync({ module: readFileSync(new URL("../../www/pkg/arcline_bg.wasm", import.meta.url)) });

const MAX_SPEED = 2;
const MAX_FORCE = 0.2;
const SEP_RADIUS = 3;
const FAR = 1e6;
/** Wall-clock budget per measurement (ms); yuka's slow cases stop early. */
const BUDGET = 1500;
/** yuka cases whose estimated step exceeds this (ms) are not run. */
const CAP = 5000;

function scene(n) {
  const side = 4 * Math.sqrt(n);
  let s = 12345;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  const xy = new Float64Array(2 * n);
  for (let i = 0; i < 2 * n; i++) xy[i] = (rnd() - 0.5) * side;
  return { side, xy };
}

/**
 * Median wall-clock ms per step over batches of steps (the batch is sized so
 * one takes ≥ 2 ms, which the clock resolves), and the process's CPU ms per
 * step over the same run. Stops after BUDGET ms (at least `minSteps` steps).
 */
function measure(step, { minSteps = 3, maxSteps = 200 } = {}) {
  let batch = 1;
  for (;;) {
    const t0 = performance.now();
    for (let k = 0; k < batch; k++) step();
    if (performance.now() - t0 >= 2 || batch >= 64) break;
    batch *= 2;
  }
  const times = [];
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  let steps = 0;
  while (steps < maxSteps) {
    const t0 = performance.now();
    for (let k = 0; k < batch; k++) step();
    times.push((performance.now() - t0) / batch);
    steps += batch;
    if (steps >= minSteps && performance.now() - start > BUDGET) break;
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], cpuMs: (cpu.user + cpu.system) / 1000 / steps, steps };
}

function ours(n, separation) {
  const { side: _side, xy } = scene(n);
  const w = new A.World(1);
  try {
    const data = new Float64Array(7 * n);
    for (let i = 0; i < n; i++) data.set([xy[2 * i], xy[2 * i + 1], 0, 0, MAX_SPEED, MAX_FORCE, 1], 7 * i);
    w.addVehicles(data);
    const bs = [{ kind: "seek", target: { x: FAR, y: FAR } }];
    if (separation) bs.push({ kind: "separation", radius: SEP_RADIUS });
    w.setAllBehaviors(bs);
    for (let i = 0; i < 10; i++) w.step(1);
    return measure(() => w.step(1), { minSteps: 10, maxSteps: 400 });
  } finally {
    w.free();
  }
}

function yuka(n, separation) {
  const { side, xy } = scene(n);
  const em = new YUKA.EntityManager();
  if (separation) {
    const per = Math.max(1, Math.round(Math.sqrt(2 * Math.sqrt(n))));
    // Room for the crowd's travel during warm-up and measurement (≤ 2 per step).
    const size = side + 2 * 2 * 120;
    em.spatialIndex = new YUKA.CellSpacePartitioning(size, 10, size, per, 1, per);
  }
  const target = new YUKA.Vector3(FAR, 0, FAR);
  for (let i = 0; i < n; i++) {
    const v = new YUKA.Vehicle();
    v.position.set(xy[2 * i], 0, xy[2 * i + 1]);
    v.maxSpeed = MAX_SPEED;
    v.maxForce = MAX_FORCE;
    v.mass = 1;
    v.steering.add(new YUKA.SeekBehavior(target));
    if (separation) {
      v.updateNeighborhood = true;
      v.neighborhoodRadius = SEP_RADIUS;
      v.steering.add(new YUKA.SeparationBehavior());
    }
    em.add(v);
  }
  if (separation) for (const e of em.entities) em.updateEntity(e, 0); // index them once
  const t0 = performance.now();
  em.update(1);
  const first = performance.now() - t0;
  if (first > BUDGET) return { ms: first, cpuMs: NaN, steps: 1, capped: true };
  for (let i = 0; i < 3; i++) em.update(1);
  return measure(() => em.update(1), { minSteps: 2, maxSteps: 100 });
}

const CASES = [
  [1_000, false], [10_000, false], [50_000, false], [100_000, false],
  [1_000, true], [10_000, true], [100_000, true],
];

export async function run() {
  const results = [];
  const yukaAt = new Map();
  for (const [n, sep] of CASES) {
    const name = `steering step, ${sep ? "seek + separation" : "seek"}, N = ${n.toLocaleString("en")}`;
    const o = ours(n, sep);
    // Estimate yuka's step from the smaller N of the same kind (separation scales ~N^1.5 with its index).
    const prev = [...yukaAt.entries()].filter(([k]) => k.startsWith(sep ? "s" : "k")).pop();
    let y = null;
    let skipped = "";
    if (prev) {
      const [key, ms] = prev;
      const m = Number(key.slice(1));
      const est = ms * (n / m) ** (sep ? 1.5 : 1);
      if (est > CAP) skipped = `yuka not run: estimated ${(est / 1000).toFixed(0)} s per step from N = ${m.toLocaleString("en")}`;
    }
    if (!skipped) {
      y = yuka(n, sep);
      yukaAt.set(`${sep ? "s" : "k"}${n}`, y.ms);
    }
    const ratio = y ? y.ms / o.ms : null;
    const note = [
      `ours ${o.steps} steps (CPU ${o.cpuMs.toFixed(3)} ms/step)`,
      y ? `yuka ${y.steps} step${y.steps === 1 ? "" : "s"}${y.capped ? " (capped after one step)" : ""}${Number.isFinite(y.cpuMs) ? ` (CPU ${y.cpuMs.toFixed(2)} ms/step)` : ""}` : skipped,
      ratio ? `yuka/ours = ${ratio.toFixed(1)}x` : "",
      sep && y ? "yuka with CellSpacePartitioning (its query scans every cell)" : "",
    ].filter(Boolean).join("; ");
    results.push({ name, unit: "ms", ours: o.ms, peer: y ? y.ms : null, peerName: "yuka 0.7.8", note });
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const r of await run()) {
    const ratio = r.peer ? (r.peer / r.ours).toFixed(1) + "x" : "-";
    console.log(`${r.name.padEnd(48)} ours ${r.ours.toFixed(3).padStart(9)} ms   yuka ${r.peer === null ? "        -" : r.peer.toFixed(2).padStart(9)} ms   ${ratio.padStart(7)}   ${r.note}`);
  }
}
