// Two builds' steering steps in one process: for each scene of the steering
// benchmark and ORCA's (seek, seek + separation, flock, seek + avoidVehicles;
// travelling as a block and converging on the centre; 10,000 and 100,000
// vehicles) both builds step the same world in turn, one step each, the order
// swapped every step, so a shared machine loads both alike; the median step of
// each and B/A, and whether both worlds end at bit-identical positions. Each
// build is loaded twice (two instances, each its own memory), taken in turn
// from one world to the next: where an instance's memory happens to lie moves
// its timings by a percent or two.
//
//   node bench/js/steering_ab.mjs <www/pkg of build A> <www/pkg of build B>
//
// Run it both ways round (A/B, then B/A): which instance was made first
// shows in the timings.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const INSTANCES = 2;
const load = async (d, k) => { const m = await import(`file://${resolve(d)}/arcline.js?instance=${k}`); m.initSync({ module: readFileSync(`${resolve(d)}/arcline_bg.wasm`) }); return m; };
const As = [], Bs = [];
for (let k = 0; k < INSTANCES; k++) { As.push(await load(process.argv[2], k)); Bs.push(await load(process.argv[3], k)); }
const R = 6.4, FAR = { x: 1e6, y: 1e6 }, CENTRE = { x: 0, y: 0 };
const SCENES = {
  seek: (t) => [{ kind: "seek", target: t }],
  "seek + separation": (t) => [{ kind: "seek", target: t }, { kind: "separation", radius: R }],
  flock: (t) => [{ kind: "separation", radius: R, weight: 2 }, { kind: "alignment", radius: R, weight: 0.6 }, { kind: "cohesion", radius: R, weight: 0.4 }, { kind: "seek", target: t, weight: 0.3 }],
  "seek + avoidVehicles (ORCA)": (t) => [{ kind: "seek", target: t }, { kind: "avoidVehicles", timeHorizon: 2 }],
};
function world(M, n, beh) {
  const side = 4 * Math.sqrt(n); let s = 12345; const rnd = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const w = new M.World(1); const data = new Float64Array(7 * n);
  for (let i = 0; i < n; i++) data.set([(rnd() - 0.5) * side, (rnd() - 0.5) * side, 0, 0, 2, 0.2, 1], 7 * i);
  w.addVehicles(data); w.setAllBehaviors(beh); return w;
}
const med = (a) => { const b = [...a].sort((x, y) => x - y); return b[b.length >> 1]; };
for (const [name, f] of Object.entries(SCENES)) for (const [how, t] of [["block", FAR], ["converging", CENTRE]]) for (const n of [10000, 100000]) {
  const pairs = n === 10000 ? 6 : 4, steps = n === 10000 ? 60 : 30;
  const ta = [], tb = []; let same = true;
  for (let p = 0; p < pairs; p++) {
    const wa = world(As[p % INSTANCES], n, f(t)), wb = world(Bs[p % INSTANCES], n, f(t));
    for (let i = 0; i < 10; i++) { wa.step(1); wb.step(1); }
    for (let i = 0; i < steps; i++) {
      const order = (i + p) % 2 ? [[wa, ta], [wb, tb]] : [[wb, tb], [wa, ta]];
      for (const [w, tt] of order) { const t0 = performance.now(); w.step(1); tt.push(performance.now() - t0); }
    }
    const pa = wa.positions(), pb = wb.positions();
    for (let i = 0; same && i < pa.length; i++) if (!Object.is(pa[i], pb[i])) same = false;
    wa.free(); wb.free();
  }
  console.log(`${(name + ", " + how).padEnd(32)} N=${String(n).padStart(6)}  A ${med(ta).toFixed(3)} ms  B ${med(tb).toFixed(3)} ms  B/A ${(med(tb) / med(ta)).toFixed(3)}  same positions: ${same}`);
}
