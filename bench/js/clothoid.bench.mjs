// Continuous curvature in WebAssembly under Node: G1 clothoid fits in a
// batch against pyclothoids (Bertolazzi & Frego's Clothoids library, its
// Python build, in the project's clothoid venv, timed in the same run),
// continuous-curvature Dubins lengths in a batch and one planDubins call
// with a sharpness (steering_functions, the C++ peer of the tests, cannot
// be built here: its figure is the one its authors report), and a road of
// four profiles with transition curves rebuilt after one drag step.
export const processes = 3;

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import * as A from "../../www/pkg/arcline.js";

A.initSync({ module: readFileSync(new URL("../../www/pkg/arcline_bg.wasm", import.meta.url)) });

const VENV_PY = `${homedir()}/.cache/arcline/clothoid-venv-mpmath1.4.1-pyclothoids0.2.0/bin/python`;

/** Fixed pseudo-random pose pairs, `x0 y0 h0 x1 y1 h1` each. */
function queries(n) {
  let s = 0x9e3779b97f4a7c15n;
  const mask = (1n << 64n) - 1n;
  const next = () => {
    s ^= (s << 13n) & mask;
    s ^= s >> 7n;
    s ^= (s << 17n) & mask;
    return Number(s >> 11n) / 2 ** 53;
  };
  const q = new Float64Array(6 * n);
  for (let i = 0; i < n; i++) {
    const x0 = next() * 20 - 10;
    const y0 = next() * 20 - 10;
    q.set([x0, y0, (next() * 2 - 1) * Math.PI, x0 + 1 + next() * 20, y0 + (next() * 2 - 1) * 10, (next() * 2 - 1) * Math.PI], 6 * i);
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

/** pyclothoids' G1 fit, µs a fit (best of 5 loops over the same queries), or null without the venv. */
function peerFit(q, n) {
  if (!existsSync(VENV_PY)) return null;
  const script = `
import sys, time
from pyclothoids import Clothoid
q = [float(v) for v in sys.stdin.read().split()]
n = len(q) // 6
best = 1e9
for _ in range(5):
    t0 = time.perf_counter()
    for i in range(n):
        x0, y0, h0, x1, y1, h1 = q[6*i:6*i+6]
        Clothoid.G1Hermite(x0, y0, h0, x1, y1, h1)
    best = min(best, time.perf_counter() - t0)
print(best / n * 1e6)
`;
  try {
    const out = execFileSync(VENV_PY, ["-c", script], { input: Array.from(q.subarray(0, 6 * n)).join(" ") });
    return Number(String(out).trim());
  } catch (e) {
    console.error(`pyclothoids peer unavailable: ${e.message}`);
    return null;
  }
}

export async function run() {
  const n = 100_000;
  const q = queries(n);
  A.fitClothoids(q); // warm up
  const fitMs = best(() => A.fitClothoids(q), 10);
  const peerUs = peerFit(q, 20_000);

  const sharpness = 0.2;
  A.ccDubinsLengths(q, 1, sharpness);
  const ccMs = best(() => A.ccDubinsLengths(q, 1, sharpness), 10);
  const m = 2_000;
  const poses = [];
  for (let i = 0; i < m; i++) {
    poses.push([
      { x: q[6 * i], y: q[6 * i + 1], heading: q[6 * i + 2] },
      { x: q[6 * i + 3], y: q[6 * i + 4], heading: q[6 * i + 5] },
    ]);
  }
  const planMs = best(() => {
    for (const [s, g] of poses) A.planDubins(s, g, 1, { sharpness });
  }, 8);

  // A road of four profiles with transitions; one profile dragged a step at a time.
  const lanes = [
    { kind: "sidewalk", width: 2 },
    { kind: "driving", width: 3.5, direction: "backward" },
    { kind: "driving", width: 3.5 },
    { kind: "sidewalk", width: 2 },
  ];
  const net = new A.RoadNetwork();
  const at = (x, y, heading) => ({ x, y, heading, lanes });
  const ids = [at(0, 0, 0), at(60, 40, Math.PI / 2), at(110, 90, Math.PI / 2), at(60, 140, Math.PI)].map((p) => net.addProfile(p));
  for (let i = 0; i + 1 < ids.length; i++) net.connect(ids[i], ids[i + 1], { transition: 8 });
  const steps = 200;
  const dragMs = best(() => {
    for (let k = 0; k < steps; k++) {
      net.setProfile(ids[1], at(60 + 5 * Math.sin(k / 10), 40 + 3 * Math.cos(k / 10), Math.PI / 2));
      net.pieces();
    }
  }, 5);
  const built = net.pieces().filter((p) => p.piece !== null).length;
  net.free();

  return [
    {
      name: "clothoids: fitClothoids, G1 Hermite fit per query (wasm)",
      unit: "µs",
      ours: (fitMs * 1e3) / n,
      peer: peerUs,
      peerName: peerUs === null ? null : "pyclothoids 0.2 (Clothoids C++ through Python), one call a fit",
      note: `batch of ${n} pose pairs (goal ≤ 1 µs); the peer's figure includes its Python call`,
    },
    {
      name: "clothoids: ccDubinsLengths, continuous-curvature Dubins length per query (wasm)",
      unit: "µs",
      ours: (ccMs * 1e3) / n,
      peer: null,
      peerName: null,
      note: `batch of ${n}, radius 1, sharpness ${sharpness} (goal ≤ 2 µs; steering_functions reports 3.7 µs native, and cannot be built here)`,
    },
    {
      name: "clothoids: planDubins with a sharpness, one call with a Path object back (wasm)",
      unit: "µs",
      ours: (planMs * 1e3) / m,
      peer: null,
      peerName: null,
      note: "clothoid-arc-clothoid turns and lines, through serde-wasm-bindgen",
    },
    {
      name: "clothoids: a road of 4 profiles with transitions, rebuilt after one drag step (wasm)",
      unit: "ms",
      ours: dragMs / steps,
      peer: null,
      peerName: null,
      note: `setProfile of the second profile and pieces() read back; ${built} of 3 pieces built; goal < 1 ms`,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
