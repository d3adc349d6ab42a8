// Formation benchmarks of the built wasm module under Node, for `make bench`:
//  - the Hungarian assignment of 200 members to 200 slots (minCostAssignment)
//    beside two npm peers on the same matrix: linear-sum-assignment
//    (Jonker–Volgenant, shortest augmenting paths) and munkres-js (Munkres);
//  - one World.step with 100 formations of 10 members (formation update, the
//    members' arrive behaviours, the steering step); no peer (yuka has no
//    formations).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as A from "../../www/pkg/arcline.js";
import { linearSumAssignment } from "linear-sum-assignment";

const require = createRequire(import.meta.url);
const munkres = require("munkres-js");

A.initSync({ module: readFileSync(new URL("../../www/pkg/arcline_bg.wasm", import.meta.url)) });

/** Median milliseconds of `fn` over `runs` runs after `warm` warm-ups. */
function time(fn, runs, warm = 3) {
  for (let i = 0; i < warm; i++) fn();
  const t = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(t.length / 2)];
}

function lcg(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

export async function run() {
  const rnd = lcg(42);
  const n = 200;
  const members = Array.from({ length: n }, () => [rnd() * 300, rnd() * 300]);
  const slots = Array.from({ length: n }, () => [rnd() * 300, rnd() * 300]);
  const cost = new Float64Array(n * n);
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) cost[r * n + c] = Math.hypot(members[r][0] - slots[c][0], members[r][1] - slots[c][1]);
  const matrix = Array.from({ length: n }, (_, r) => Array.from(cost.subarray(r * n, (r + 1) * n)));
  const total = (a) => a.reduce((s, c, r) => s + cost[r * n + c], 0);
  const ours = A.minCostAssignment(cost, n, n);
  const jv = linearSumAssignment(matrix, { maximaze: false });
  const mk = munkres(matrix.map((row) => row.slice()));
  const same = Math.abs(total(Array.from(ours)) - jv.gain) < 1e-6 && Math.abs(total(mk.map(([, c]) => c)) - jv.gain) < 1e-6;
  const tOurs = time(() => A.minCostAssignment(cost, n, n), 15);
  const tJv = time(() => linearSumAssignment(matrix, { maximaze: false }), 15);
  const tMk = time(() => munkres(matrix.map((row) => row.slice())), 3, 1);

  // 100 formations of 10 members, marching to targets.
  const world = new A.World(1);
  const patterns = ["line", "column", "v", "circle", "box"];
  for (let f = 0; f < 100; f++) {
    const id = world.createFormation({ pattern: patterns[f % 5], spacing: 2, assignment: f % 2 ? "cost" : "sequential" });
    const cx = (f % 10) * 60;
    const cy = Math.floor(f / 10) * 60;
    for (let m = 0; m < 10; m++) world.joinFormation(id, world.addVehicle({ x: cx + rnd() * 20, y: cy + rnd() * 20, maxSpeed: 5, maxForce: 15 }));
    world.setFormationTarget(id, { x: cx + 30, y: cy + 10, heading: rnd() * 6 });
  }
  const tStep = time(() => world.step(1 / 60), 100, 10);
  world.free();

  return [
    {
      name: "formation: Hungarian assignment 200 × 200 (minCostAssignment)",
      unit: "ms",
      ours: tOurs,
      peer: tJv,
      peerName: "linear-sum-assignment (JV)",
      note: same ? "same total cost as both peers" : "TOTALS DIFFER",
    },
    {
      name: "formation: Hungarian assignment 200 × 200 vs Munkres",
      unit: "ms",
      ours: tOurs,
      peer: tMk,
      peerName: "munkres-js",
      note: "classic Munkres, O(n³) with a large constant",
    },
    {
      name: "formation: World.step, 100 formations × 10 members",
      unit: "ms",
      ours: tStep,
      peer: null,
      peerName: "",
      note: "formation update + arrive + steering step",
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await run());
