// Same-process alternating A/B of two builds of the crowd module (the
// <arcline-demo> steering module): both step the same scene in turn, one step
// each, the order swapped every step, so that a shared machine loads both the
// same; medians of per-step wall-clock times, and whether the two worlds end
// at bit-identical positions.
//
//   node bench/js/crowd_ab.mjs <dir of build A> <dir of build B>
//
// Each dir holds arcline_crowd.js and arcline_crowd_bg.wasm (wasm-bindgen
// --target web output, after wasm-opt as `make build` runs it).
import { readFileSync } from "node:fs";
const load = async (d) => { const m = await import(`file://${d}/arcline_crowd.js`); m.initSync({ module: readFileSync(`${d}/arcline_crowd_bg.wasm`) }); return m; };
const A = await load(process.argv[2]), B = await load(process.argv[3]);
const R = 6.4;
const scenes = {
  "seek + separation": [{ kind: "seek", target: { x: 1e6, y: 1e6 } }, { kind: "separation", radius: R }],
  "flock": [{ kind: "separation", radius: R, weight: 2 }, { kind: "alignment", radius: R, weight: 0.6 }, { kind: "cohesion", radius: R, weight: 0.4 }, { kind: "seek", target: { x: 0, y: 0 }, weight: 0.3 }],
  "seek + avoidVehicles (ORCA)": [{ kind: "seek", target: { x: 1e6, y: 1e6 } }, { kind: "avoidVehicles", timeHorizon: 2 }],
};
function world(M, n, beh) {
  const side = 4 * Math.sqrt(n); let s = 12345; const rnd = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const w = new M.World(1); const data = new Float64Array(7 * n);
  for (let i = 0; i < n; i++) data.set([(rnd() - 0.5) * side, (rnd() - 0.5) * side, 0, 0, 2, 0.2, 1], 7 * i);
  w.addVehicles(data); w.setAllBehaviors(beh); return w;
}
const med = (a) => { const b = [...a].sort((x, y) => x - y); return b[b.length >> 1]; };
for (const [name, beh] of Object.entries(scenes)) for (const n of [10000, 100000]) {
  const steps = n === 10000 ? 200 : 40;
  const wa = world(A, n, beh), wb = world(B, n, beh);
  for (let i = 0; i < 10; i++) { wa.step(1); wb.step(1); }
  const ta = [], tb = [];
  for (let i = 0; i < steps; i++) {
    const first = i % 2 ? [wa, ta] : [wb, tb], second = i % 2 ? [wb, tb] : [wa, ta];
    for (const [w, t] of [first, second]) { const t0 = performance.now(); w.step(1); t.push(performance.now() - t0); }
  }
  const pa = wa.positions(), pb = wb.positions(); let same = pa.length === pb.length;
  for (let i = 0; same && i < pa.length; i++) if (!Object.is(pa[i], pb[i])) same = false;
  console.log(`${name.padEnd(28)} N=${String(n).padStart(6)}  A ${med(ta).toFixed(3)} ms  B ${med(tb).toFixed(3)} ms  B/A ${(med(tb) / med(ta)).toFixed(3)}  same positions: ${same}`);
  wa.free(); wb.free();
}
