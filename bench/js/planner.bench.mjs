// The planner in WebAssembly under Node. No npm package computes Dubins paths
// (a JS port of our own formulas would not be a peer), so the peer of
// `dubinsLengths` is the `dubins_paths` crate itself compiled to wasm with the
// same release profile as ours (opt-level 3, fat LTO, one codegen unit,
// panic=abort: bench/peers/dubins_paths_wasm; cargo is run here every time, a
// no-op when the build is fresh, so a changed profile is never measured
// stale), called through a plain C ABI on the same queries, copying the
// queries in and the lengths out on every call as `dubinsLengths` does.
// The goals on these figures are judged on the median of 3 processes (scripts/bench.mjs).
export const processes = 3;

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as A from "../../www/pkg/arcline.js";

A.initSync({ module: readFileSync(new URL("../../www/pkg/arcline_bg.wasm", import.meta.url)) });

const root = fileURLToPath(new URL("../..", import.meta.url));
const PEER_WASM = `${root}target/peers/wasm32-unknown-unknown/release/dubins_paths_wasm.wasm`;

/** The peer module, or null when it cannot be built here. */
function loadPeer() {
  try {
    execFileSync(
      "cargo",
      ["build", "--quiet", "--release", "--target", "wasm32-unknown-unknown", "--manifest-path", "bench/peers/dubins_paths_wasm/Cargo.toml", "--target-dir", "target/peers"],
      { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
    );
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(PEER_WASM)), {});
    return exports;
  } catch (e) {
    console.error(`dubins_paths peer unavailable: ${e.message}`);
    return null;
  }
}

/** `lengths(queries, radius)` through the peer: copy in, run, copy out. */
function peerLengths(peer, n) {
  const qPtr = peer.alloc(6 * n);
  const oPtr = peer.alloc(n);
  return (q, radius) => {
    new Float64Array(peer.memory.buffer, qPtr, 6 * n).set(q);
    peer.lengths(qPtr, n, radius, oPtr);
    return new Float64Array(peer.memory.buffer, oPtr, n).slice();
  };
}

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
  let batchMs = Infinity;
  const ours = A.dubinsLengths(q, 1); // warm up
  const peer = loadPeer();
  let peerMs = null;
  let agree = "";
  if (peer) {
    const run = peerLengths(peer, n);
    const theirs = run(q, 1);
    let worst = 0;
    for (let i = 0; i < n; i++) worst = Math.max(worst, Math.abs(ours[i] - theirs[i]) / Math.max(1, theirs[i]));
    agree = `; lengths agree to ${worst.toExponential(1)} relative`;
    // Interleaved rounds, best of each, so both see the same machine load.
    let a = Infinity;
    let b = Infinity;
    for (let i = 0; i < 15; i++) {
      a = Math.min(a, best(() => A.dubinsLengths(q, 1), 1));
      b = Math.min(b, best(() => run(q, 1), 1));
    }
    peerMs = b;
    batchMs = a;
  }

  if (!peer) batchMs = best(() => A.dubinsLengths(q, 1), 15);
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
      peer: peerMs === null ? null : (peerMs * 1e6) / n,
      peerName: peerMs === null ? null : "dubins_paths 3.3 (Rust) in wasm",
      note: `batch of ${n} queries, radius 1, target < 0.5× the peer${agree}; no npm Dubins package exists`,
    },
    {
      name: "planner: planDubins, one call with a Path object back (wasm)",
      unit: "µs",
      ours: (planMs * 1e3) / m,
      peer: null,
      peerName: null,
      note: "the poses in and the path out through serde-wasm-bindgen (goal ≤ 4 µs; 1.62 µs through the hand-written tape conversions this replaced, BENCHMARKS.md of 2 December); the kernel alone is the dubinsLengths row",
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
