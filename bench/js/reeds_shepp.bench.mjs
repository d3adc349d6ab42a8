// The Reeds-Shepp planner in WebAssembly under Node, beside its peer: OMPL's
// ReedsSheppStateSpace (C++) on the same 100,000 queries, timed through its
// Python package (scripts/ompl_reeds_shepp.py time, in the venv `make bench`
// sets up; OMPL_PYTHON names its interpreter). OMPL's figure is per
// distance() call with the Python call overhead (a trivial bound method
// timed beside it) subtracted. The native figure is criterion's
// (bench/native/reeds_shepp.rs, same query generator), read from target/criterion.
// The goals on these figures are judged on the median of 3 processes (scripts/bench.mjs).
export const processes = 3;

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { fileURLToPath } from "node:url";
import * as A from "../../www/pkg/arcline.js";

A.initSync({ module: readFileSync(new URL("../../www/pkg/arcline_bg.wasm", import.meta.url)) });

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The bench's queries: xorshift64 from a fixed seed, radius 1, half near (as the Dubins bench). */
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

/** OMPL's timing, or null when its venv is missing. */
function ompl() {
  const py = process.env.OMPL_PYTHON ?? `${homedir()}/.cache/arcline/ompl-2.0.1/bin/python`;
  if (!existsSync(py)) {
    console.error(`OMPL unavailable (${py}): make setup-ompl`);
    return null;
  }
  const out = execFileSync(py, [`${root}scripts/ompl_reeds_shepp.py`, "time"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return JSON.parse(out.trim().split("\n").pop());
}

/** criterion's mean for the native batch, ns per query, or null. */
function native() {
  const f = `${root}target/criterion/reeds_shepp_lengths_batch_x1024/arcline/new/estimates.json`;
  if (!existsSync(f)) return null;
  return JSON.parse(readFileSync(f, "utf8")).mean.point_estimate / 1024;
}

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
  const ours = A.reedsSheppLengths(q, 1); // warm up
  let sum = 0;
  for (const v of ours) sum += v;
  const batchMs = best(() => A.reedsSheppLengths(q, 1), 10);
  const peer = ompl();
  const peerNs = peer ? peer.ns_per_query - peer.call_overhead_ns : null;
  const agree = peer ? `; sum of lengths ${sum.toFixed(6)} vs OMPL's ${peer.sum.toFixed(6)}` : "";
  const m = 2_000;
  const poses = [];
  for (let i = 0; i < m; i++) {
    poses.push([
      { x: q[6 * i], y: q[6 * i + 1], heading: q[6 * i + 2] },
      { x: q[6 * i + 3], y: q[6 * i + 4], heading: q[6 * i + 5] },
    ]);
  }
  const planMs = best(() => {
    for (const [s, g] of poses) A.planReedsShepp(s, g, 1);
  }, 8);
  const nat = native();
  const peerName = "OMPL 2.0.1 ReedsSheppStateSpace (C++, via its Python package, call overhead subtracted)";
  return [
    {
      name: "planner: reedsSheppLengths, shortest Reeds–Shepp length per query (wasm)",
      unit: "ns",
      ours: (batchMs * 1e6) / n,
      peer: peerNs,
      peerName,
      note: `batch of ${n} queries, radius 1, half near; goal < 500 ns${agree}`,
    },
    {
      name: "planner: reeds_shepp_lengths per query (native, criterion, bench/native/reeds_shepp.rs)",
      unit: "ns",
      ours: nat,
      peer: peerNs,
      peerName,
      note: "the same query generator, 1,024 queries per iteration",
    },
    {
      name: "planner: planReedsShepp, one call with a Path object back (wasm)",
      unit: "µs",
      ours: (planMs * 1e3) / m,
      peer: null,
      peerName: null,
      note: "includes converting the poses in and the path out",
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
