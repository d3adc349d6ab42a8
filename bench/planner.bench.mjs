// The planner in WebAssembly under Node. No npm package computes Dubins paths
// (a JS port of our own formulas would not be a peer), so the peer is null;
// the native comparison with the `dubins_paths` crate is in benches/planner.rs.
import { readFileSync } from "node:fs";
import * as A from "../www/pkg/arcline.js";

A.initSync({ module: readFileSync(new URL("../www/pkg/arcline_bg.wasm", import.meta.url)) });

/** Fixed pseudo-random queries, half close together (CCC words in play). */
function queries(n) {
  let s = 0x2545f4914f6cdd1dn;
  const mask = (1n << 64n) - 1n;
  const next = () => {
    s ^= (s << 13n) & mask;
    s ^= s >> 7n;
    s ^= (s << 17n) & mask;
    return Number(s >> 11n) / 2 ** 53;
  };
  const q = new Float64Array(6 * n);
  for (let i = 0; i < n; i++) {
    const span = i % 2 === 0 ? 3 : 20;
    const x0 = next() * 20 - 10;
    const y0 = next() * 20 - 10;
    q.set([x0, y0, (next() * 2 - 1) * Math.PI, x0 + (next() * 2 - 1) * span, y0 + (next() * 2 - 1) * span, (next() * 2 - 1) * Math.PI], 6 * i);
  }
  return q;
}

/** Best of `rounds` timings of `fn` (ms). */
function best(fn, rounds) {
  let t = Infinity;
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    fn();
    t = Math.min(t, performance.now() - t0);
  }
  return t;
}

export async function run() {
  const n = 100_000;
  const q = queries(n);
  A.dubinsLengths(q, 1); // warm up
  const batchMs = best(() => A.dubinsLengths(q, 1), 15);

  const m = 2_000;
  const poses = [];
  for (let i = 0; i < m; i++) {
    poses.push([
      { x: q[6 * i], y: q[6 * i + 1], heading: q[6 * i + 2] },
      { x: q[6 * i + 3], y: q[6 * i + 4], heading: q[6 * i + 5] },
    ]);
  }
  const planMs = best(() => {
    for (const [s, g] of poses) A.planDubins(s, g, 1);
  }, 8);
  const turnMs = best(() => {
    for (const [s, g] of poses) A.planTurn(s, g, 1);
  }, 8);
  return [
    {
      name: "planner: dubinsLengths, shortest Dubins length per query (wasm)",
      unit: "ns",
      ours: (batchMs * 1e6) / n,
      peer: null,
      peerName: null,
      note: `batch of ${n} queries, radius 1; no npm Dubins package to compare (native: dubins_paths in benches/planner.rs)`,
    },
    {
      name: "planner: planDubins, one call with a Path object back (wasm)",
      unit: "µs",
      ours: (planMs * 1e3) / m,
      peer: null,
      peerName: null,
      note: "includes converting the poses in and the path out",
    },
    {
      name: "planner: planTurn, one call with a Path object back (wasm)",
      unit: "µs",
      ours: (turnMs * 1e3) / m,
      peer: null,
      peerName: null,
      note: "the seed's turn then go, both sides",
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
