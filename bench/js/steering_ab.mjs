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
import { loadBuilds, median as med } from "./two_builds.mjs";
import { CENTRE, FAR, MAX_FORCE, MAX_SPEED, SCENES as STEERING, square } from "./steering_scenes.mjs";

const INSTANCES = 2;
const [As, Bs] = await loadBuilds(process.argv[2], process.argv[3], INSTANCES);
const SCENES = {
  ...STEERING,
  "seek + avoidVehicles (ORCA)": (t) => [{ kind: "seek", target: t }, { kind: "avoidVehicles", timeHorizon: 2 }],
};
function world(M, n, beh) {
  const { xy } = square(n);
  const w = new M.World(1); const data = new Float64Array(7 * n);
  for (let i = 0; i < n; i++) data.set([xy[2 * i], xy[2 * i + 1], 0, 0, MAX_SPEED, MAX_FORCE, 1], 7 * i);
  w.addVehicles(data); w.setAllBehaviors(beh); return w;
}
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
