// Collision avoidance among vehicles (avoidVehicles, ORCA) in wasm: ms per
// step for N vehicles with seek + avoidVehicles, the scene of
// steering.bench.mjs (N uniform in a square of side 4·√N, 16 area units
// each, all seeking a point far away; maxSpeed 2, maxForce 0.2, body radius
// 0.5, time horizon 2, dt = 1), so each vehicle has its 10 nearest
// neighbours within reach. Goals: under 3 ms a step at 10,000, under 30 ms
// at 100,000. No peer in the same run (no ORCA on npm installs here; the
// quality against dodgy_2d, RVO2's ORCA, is in bench/native/avoidance.rs).
//
//   make build && node bench/js/avoidance.bench.mjs
//
// Times are medians of per-batch wall-clock times after warm-up; the
// process's CPU time per step is in the note (the machine may be shared).
// The goals on these figures are judged on the median of 3 processes (scripts/bench.mjs).
export const processes = 3;

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as A from "../../www/pkg/arcline.js";

A.initSync({ module: readFileSync(new URL("../../www/pkg/arcline_bg.wasm", import.meta.url)) });

const BUDGET = 3000;

function measure(step, { minSteps = 5, maxSteps = 200 } = {}) {
  const times = [];
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  let steps = 0;
  while (steps < maxSteps) {
    const t0 = performance.now();
    step();
    times.push(performance.now() - t0);
    steps++;
    if (steps >= minSteps && performance.now() - start > BUDGET) break;
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], cpuMs: (cpu.user + cpu.system) / 1000 / steps, steps };
}

function run1(n) {
  const side = 4 * Math.sqrt(n);
  let s = 12345;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  const w = new A.World(1);
  try {
    const data = new Float64Array(7 * n);
    for (let i = 0; i < n; i++) data.set([(rnd() - 0.5) * side, (rnd() - 0.5) * side, 0, 0, 2, 0.2, 1], 7 * i);
    w.addVehicles(data);
    w.setAllBehaviors([{ kind: "seek", target: { x: 1e6, y: 1e6 } }, { kind: "avoidVehicles", timeHorizon: 2 }]);
    // Warm-up past the acceleration to full speed (10 steps at this force).
    for (let i = 0; i < 15; i++) w.step(1);
    return measure(() => w.step(1));
  } finally {
    w.free();
  }
}

const CASES = [
  [1_000, null],
  [10_000, 3],
  [100_000, 30],
];

export async function run() {
  const rows = [];
  for (const [n, goal] of CASES) {
    const r = run1(n);
    rows.push({
      name: `avoidVehicles + seek, N = ${n.toLocaleString("en")}`,
      unit: "ms",
      ours: r.ms,
      peer: null,
      note: [`${r.steps} steps (CPU ${r.cpuMs.toFixed(2)} ms/step)`, goal ? `goal < ${goal} ms` : ""].filter(Boolean).join("; "),
    });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const r of await run()) console.log(`${r.name.padEnd(36)} ${r.ours.toFixed(2).padStart(8)} ms   ${r.note}`);
}
