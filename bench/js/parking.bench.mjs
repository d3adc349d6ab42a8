// Parking in WebAssembly under Node: planAround with { reverse: true, body },
// re-planned while one obstacle is dragged (the diagram's drag): median and
// p99 time per plan, each plan's fastest of 3 passes (the machine is shared).
//   a. the parking scenes of tests/planner/parking.rs (parallel parking in a
//      gap of 1.3 car lengths, reverse bay parking, a turn in a dead end),
//      one parked car or wall moved a little each plan;
//   b. fields of 50 obstacles (30 circles, 20 boxes) in 80 × 80, one circle
//      moving 0.1 a plan.
// OMPL's lengths on the same kind of scenes: `make ompl-parking` (part of
// `make bench`), which prints its own table.
import { readFileSync } from "node:fs";
import * as A from "../../www/pkg/arcline.js";
import { rng } from "./pathfind_scenes.mjs";

A.initSync({ module: readFileSync(new URL("../../www/pkg/arcline_bg.wasm", import.meta.url)) });

export const processes = 3;

const BODY = { length: 4.5, width: 1.8, rear: 1.0 };

function rect(cx, cy, l, w, h) {
  const c = Math.cos(h), s = Math.sin(h);
  return [[-l / 2, -w / 2], [l / 2, -w / 2], [l / 2, w / 2], [-l / 2, w / 2]].map(([u, v]) => ({ x: cx + u * c - v * s, y: cy + u * s + v * c }));
}

/** The drag sequences: each a list of plans (arguments to planAround). */
function scenes() {
  const seqs = [];
  const parallel = [];
  for (let k = 0; k < 40; k++) {
    const x = (1.3 * 4.5) / 2 + 2.25;
    const p = [rect(0, -0.5, 40, 1, 0), rect(-x, 1.1, 4.5, 1.8, 0), rect(x + 0.4 + 0.4 * Math.sin(k / 6), 1.1, 4.5, 1.8, 0)];
    parallel.push([{ x: x + 1, y: 4, heading: 0 }, { x: -1.25, y: 1.1, heading: 0 }, 4, { polygons: p }, { reverse: true, body: BODY, maxExpanded: 20000 }]);
  }
  seqs.push(["parallel", parallel]);
  const bays = [];
  for (let k = 0; k < 40; k++) {
    const p = [rect(0, -0.5, 40, 1, 0), rect(0, 13.5, 40, 1, 0)];
    for (const i of [-3, -2, -1, 2, 3]) p.push(rect(i * 2.6, 2.75, 4.5, 1.8, Math.PI / 2));
    p.push(rect(2.6 + 0.4 * Math.sin(k / 6), 2.75 + 0.3 * Math.cos(k / 5), 4.5, 1.8, Math.PI / 2));
    bays.push([{ x: -12, y: 9, heading: 0 }, { x: 0, y: 1.5, heading: Math.PI / 2 }, 5, { polygons: p }, { reverse: true, body: BODY, clearance: 0.1, maxExpanded: 20000 }]);
  }
  seqs.push(["bay", bays]);
  const dead = [];
  for (let k = 0; k < 40; k++) {
    const p = [rect(15, -4, 32, 1, 0), rect(15, 4, 32, 1, 0), rect(31.5 - 0.1 * k, 0, 1, 9, 0)];
    dead.push([{ x: 15, y: -1.5, heading: 0 }, { x: 15, y: 1.5, heading: Math.PI }, 5, { polygons: p }, { reverse: true, body: BODY, maxExpanded: 20000 }]);
  }
  seqs.push(["dead end", dead]);
  const next = rng(4242);
  const fields = [];
  while (fields.length < 10) {
    const circles = [], polygons = [];
    for (let k = 0; k < 30; k++) circles.push({ x: next() * 80 - 40, y: next() * 80 - 40, radius: 0.5 + next() * 1.5 });
    for (let k = 0; k < 20; k++) polygons.push(rect(next() * 80 - 40, next() * 80 - 40, 1 + next() * 4, 1 + next() * 2, next() * Math.PI));
    const s = { x: next() * 60 - 30, y: next() * 60 - 30, heading: next() * 6 - 3 };
    const g = { x: next() * 60 - 30, y: next() * 60 - 30, heading: next() * 6 - 3 };
    const seq = [];
    try {
      for (let k = 0; k < 10; k++) {
        const c = circles.map((c, j) => (j ? c : { ...c, x: c.x + 0.1 * k }));
        const args = [s, g, 5, { circles: c, polygons }, { reverse: true, body: BODY, maxExpanded: 20000 }];
        A.planAround(...args);
        seq.push(args);
      }
    } catch {
      continue; // the start or the goal overlaps an obstacle (on some move)
    }
    fields.push(seq);
  }
  seqs.push(["fields", fields.flat()]);
  return seqs;
}

function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

export async function run() {
  const rows = [];
  for (const [name, seq] of scenes()) {
    const best = seq.map(() => Infinity);
    let found = 0;
    const expanded = [];
    for (let pass = 0; pass < 3; pass++) {
      seq.forEach((args, i) => {
        const t = performance.now();
        const p = A.planAround(...args);
        best[i] = Math.min(best[i], performance.now() - t);
        if (pass === 0) {
          if (p) found++;
          expanded.push(A.planAroundDebug(...args).expanded);
        }
      });
    }
    const what = name === "fields" ? "fields of 50 obstacles, one circle dragged" : `${name} scene, one obstacle dragged`;
    rows.push({
      name: `parking: planAround reverse + body, ${what}, p99 (wasm)`,
      unit: "ms",
      ours: percentile(best, 0.99),
      peer: null,
      peerName: null,
      note: `target p99 ≤ 20 ms; ${seq.length} plans, ${found} found; median ${percentile(best, 0.5).toFixed(2)} ms; ${percentile(expanded, 0.5)} nodes expanded (median), ${percentile(expanded, 0.99)} (p99)`,
    });
  }
  return rows;
}
