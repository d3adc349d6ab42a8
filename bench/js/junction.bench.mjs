// Junction benchmarks in wasm under Node: connectJunction for 4 arms with 3
// lanes a direction (including the JS conversions), the junction diagram's
// rebuild after one drag step of an arm (exactly the calls the page makes:
// constrainArm, two setProfile, junction, markings), and the OpenDRIVE
// export of that network. No npm peer builds junctions of lines and arcs,
// so `peer` is null.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import * as A from "../../www/pkg/arcline.js";

const walk = { kind: "sidewalk", width: 2 };
const lanes = [walk, ...Array(3).fill({ kind: "driving", width: 3.25, direction: "backward" }), ...Array(3).fill({ kind: "driving", width: 3.25 }), walk];
const arm = (out, d) => ({ x: d * Math.cos(out), y: d * Math.sin(out), heading: out + Math.PI, lanes });
const APPROACH = 30;

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
  const arms = [0, 1, 2, 3].map((k) => arm((k * Math.PI) / 2, 30));
  const paths = A.connectJunction(arms).connections.length;
  const N = 200;
  const buildUs = (best(() => {
    for (let i = 0; i < N; i++) A.connectJunction(arms);
  }, 7) / N) * 1000;

  // The diagram's model: per arm a road from 30 back to the mouth, one junction.
  const net = new A.RoadNetwork();
  try {
    const mouths = arms.map((a) => net.addProfile(a));
    const starts = arms.map((a) => net.addProfile(A.advanceProfile(a, -APPROACH)));
    const pieces = starts.map((s, i) => net.connect(s, mouths[i]));
    const j = net.addJunction(mouths);
    const current = arms.slice();
    let step = 0;
    const drag = () => {
      // Arm 0 slides between 30 and 34 out, as a drag does, a little each step.
      const d = 30 + 2 * (1 - Math.cos(step++ / 20));
      const placed = A.constrainArm(current, 0, arm(0, d));
      current[0] = placed;
      net.setProfile(mouths[0], placed);
      net.setProfile(starts[0], A.advanceProfile(placed, -APPROACH));
      net.junction(j);
      net.markings(pieces[0]);
    };
    const dragUs = (best(() => {
      for (let i = 0; i < N; i++) drag();
    }, 7) / N) * 1000;
    // A drag step that runs into the limit: arm 0 pulled towards the centre,
    // stopped by constrainArm's bisection, and the page asks why.
    const stuck = () => {
      const wanted = arm(0, 5 + (step++ % 2));
      const placed = A.constrainArm(current, 0, wanted);
      try {
        A.connectJunction(current.map((a, k) => (k === 0 ? wanted : a)));
      } catch {
        // the reason the page shows
      }
      current[0] = placed;
      net.setProfile(mouths[0], placed);
      net.setProfile(starts[0], A.advanceProfile(placed, -APPROACH));
      net.junction(j);
      net.markings(pieces[0]);
    };
    const stuckUs = (best(() => {
      for (let i = 0; i < 50; i++) stuck();
    }, 5) / 50) * 1000;
    const exportUs = (best(() => {
      for (let i = 0; i < 20; i++) net.toOpenDrive();
    }, 5) / 20) * 1000;
    const bytes = net.toOpenDrive().length;
    return [
      {
        name: "junction: connectJunction, 4 arms, 3 lanes a direction (wasm, incl. JS conversion)",
        unit: "µs",
        ours: +buildUs.toFixed(2),
        peer: null,
        peerName: null,
        note: `${paths} lane-centre paths, kerbs and outlines; best of 7`,
      },
      {
        name: "junction: the diagram's rebuild after one drag step of an arm (4 arms, 3 lanes a direction)",
        unit: "µs",
        ours: +dragUs.toFixed(2),
        peer: null,
        peerName: null,
        note: "constrainArm + 2 setProfile (the arm's road and the junction rebuilt) + junction + markings; goal < 1000 µs",
      },
      {
        name: "junction: the same, a drag step that runs into the limit (the arm stopped by bisection)",
        unit: "µs",
        ours: +stuckUs.toFixed(2),
        peer: null,
        peerName: null,
        note: "constrainArm bisects to 1e-6 of the arm's width, plus the page's connectJunction for the reason in words",
      },
      {
        name: "junction: RoadNetwork.toOpenDrive of that network (4 roads, one junction)",
        unit: "µs",
        ours: +exportUs.toFixed(2),
        peer: null,
        peerName: null,
        note: `${(bytes / 1024).toFixed(1)} KB of XML`,
      },
    ];
  } finally {
    net.free();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
