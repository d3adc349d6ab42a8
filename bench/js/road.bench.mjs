// Road benchmarks in wasm under Node: pieces built per second for 4-lane
// profiles (connectProfiles, including the JS conversions), and the time to
// rebuild a 1,000-piece road (a RoadNetwork) after one profile moves. No npm
// peer builds lines-and-arcs roads, so `peer` is null.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import * as A from "../../www/pkg/arcline.js";

const lanes = Array.from({ length: 4 }, () => ({ kind: "driving", width: 3.5 }));

function xorshift(seed) {
  let s = BigInt(seed);
  return () => {
    s ^= (s << 13n) & 0xffffffffffffffffn;
    s ^= s >> 7n;
    s ^= (s << 17n) & 0xffffffffffffffffn;
    return Number(s >> 11n) / 2 ** 53;
  };
}

function solvablePairs(n) {
  const rnd = xorshift(0x9e3779b97f4a7c15n);
  const a = { x: 0, y: 0, heading: 0, lanes };
  const out = [];
  while (out.length < n) {
    const b = { x: rnd() * 300 - 100, y: rnd() * 300 - 150, heading: rnd() * 6 - 3, lanes };
    try {
      A.connectProfiles(a, b);
      out.push([a, b]);
    } catch {
      // unsolvable placement: not a piece, skip it
    }
  }
  return out;
}

function winding(i) {
  const x = i * 30;
  return { x, y: 12 * Math.sin(x / 40), heading: Math.atan((12 / 40) * Math.cos(x / 40)), lanes };
}

function best(fn, reps) {
  let min = Infinity;
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    fn();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

export async function run() {
  A.initSync({ module: readFileSync(new URL("../../www/pkg/arcline_bg.wasm", import.meta.url)) });
  const pairs = solvablePairs(2000);
  const ms = best(() => {
    for (const [a, b] of pairs) A.connectProfiles(a, b);
  }, 7);
  const piecesPerSecond = pairs.length / (ms / 1000);

  const net = new A.RoadNetwork();
  try {
    const ids = [];
    for (let i = 0; i <= 1000; i++) ids.push(net.addProfile(winding(i)));
    for (let i = 0; i < 1000; i++) net.connect(ids[i], ids[i + 1]);
    let flip = false;
    const moveMs = best(() => {
      for (let k = 0; k < 100; k++) {
        flip = !flip;
        const p = winding(500);
        p.y += flip ? 2 : 0;
        net.setProfile(ids[500], p);
      }
    }, 7) / 100;
    const fullMs = best(() => {
      const n = new A.RoadNetwork();
      try {
        const ids2 = [];
        for (let i = 0; i <= 1000; i++) ids2.push(n.addProfile(winding(i)));
        for (let i = 0; i < 1000; i++) n.connect(ids2[i], ids2[i + 1]);
      } finally {
        n.free();
      }
    }, 3);
    return [
      {
        name: "road: connectProfiles, 4-lane profiles (wasm, incl. JS conversion)",
        unit: "ops/s",
        ours: Math.round(piecesPerSecond),
        peer: null,
        peerName: null,
        note: `${pairs.length} random solvable pairs, best of 7`,
      },
      {
        name: "road: rebuild a 1,000-piece road after one profile moves (RoadNetwork.setProfile)",
        unit: "µs",
        ours: +(moveMs * 1000).toFixed(2),
        peer: null,
        peerName: null,
        note: `only the 2 touching pieces are rebuilt; building all 1,000 pieces takes ${fullMs.toFixed(1)} ms`,
      },
    ];
  } finally {
    net.free();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
