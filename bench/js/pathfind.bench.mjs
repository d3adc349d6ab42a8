// Pathfinding in WebAssembly under Node.
//   1. planAround in fields of 200 circles, re-planned while one circle moves
//      across the field (the diagram's drag): median and p99 time per plan.
//      planAround keeps its last plan's graph for the next, so each plan is
//      timed where a drag has it: after the plan of the move before. Each
//      field's moves run in order and the whole sequence 3 times; each
//      plan's fastest of its 3 is kept (the machine is shared: a plan's own
//      time, not another process's).
//      a. the bench's fields (seeds 1000+), circle 0 moving 2 units a plan;
//      b. fields of seeds 1..10 (seed 8's goal is walled in: no path there),
//         circle 0 moving 2.5 units a plan;
//      c. the first plan on each of those 20 fields, as they are (after a
//         plan on another field: nothing kept from it), before its moves.
//   2. The same fields' path lengths against OMPL (PyPI `ompl`: RRT* on its
//      Dubins state space for a few seconds per scene, bench/ompl_pathfind.py,
//      run through the OMPL venv `make bench` sets up; OMPL_PYTHON names its interpreter).
//   3. planOnGrid on 64 × 64 grids with 25% of the tiles blocked, corner to
//      corner: time and expanded nodes; the first plan at a tile size and
//      radius builds the curves between neighbouring tiles, the next ones
//      read them.
import { homedir } from "node:os";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CLEARANCE, GOAL, GRID_GOAL, GRID_START, RADIUS, START, clearOfEnds, field, tileGrid } from "./pathfind_scenes.mjs";

// ARCLINE_PKG: another build's www/pkg (bench/js/ab.mjs compares two).
const PKG = process.env.ARCLINE_PKG ?? new URL("../../www/pkg/", import.meta.url).pathname;
const PKG_URL = `file://${PKG.endsWith("/") ? PKG : PKG + "/"}`;
const A = await import(new URL("arcline.js", PKG_URL).href);
A.initSync({ module: readFileSync(new URL("arcline_bg.wasm", PKG_URL)) });

const root = fileURLToPath(new URL("../..", import.meta.url));
const PYTHON = process.env.OMPL_PYTHON ?? `${homedir()}/.cache/arcline/ompl-2.0.1/bin/python`;
const SCENES = Number(process.env.PATHFIND_SCENES ?? 10);
const OMPL_SECONDS = Number(process.env.PATHFIND_OMPL_SECONDS ?? 5);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/**
 * The drag: each field planned as it is (after a plan on another field:
 * nothing kept), then its moves in order (circle 0 at `move(x0, k)`), each
 * after the plan before; the whole sequence 3 times. Each plan's fastest
 * (the moves', and each field's first), the nodes expanded and the
 * outcomes.
 */
function timeDrags(seeds, moves, move) {
  // The module warmed up (its code tiered up) on a field of its own.
  const warm = field(999);
  for (let k = 0; k < 20; k++) {
    warm[0] = { ...warm[0], x: (warm[0].x + 1) % 100 };
    if (clearOfEnds(warm[0])) A.planAround(START, GOAL, RADIUS, { circles: warm }, { clearance: CLEARANCE });
  }
  const best = new Map();
  const expanded = [];
  const first = new Map();
  const outcomes = new Map();
  for (let pass = 0; pass < 3; pass++) {
    for (const seed of seeds) {
      const circles = field(seed);
      const t0 = performance.now();
      A.planAround(START, GOAL, RADIUS, { circles }, { clearance: CLEARANCE });
      const dt0 = performance.now() - t0;
      first.set(seed, Math.min(first.get(seed) ?? Infinity, dt0));
      for (let k = 0; k < moves; k++) {
        const moved = circles.slice();
        moved[0] = { ...circles[0], x: move(circles[0].x, k) };
        if (!clearOfEnds(moved[0])) continue;
        const obstacles = { circles: moved };
        const t = performance.now();
        A.planAround(START, GOAL, RADIUS, obstacles, { clearance: CLEARANCE });
        const dt = performance.now() - t;
        const key = `${seed}/${k}`;
        best.set(key, Math.min(best.get(key) ?? Infinity, dt));
        if (pass === 0) {
          // A traced plan builds its own graph and leaves the kept one alone.
          const d = A.planAroundDebug(START, GOAL, RADIUS, obstacles, { clearance: CLEARANCE });
          expanded.push(d.expanded);
          const what = d.noPath ? d.noPath.kind : "path";
          outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
        }
      }
    }
  }
  const byTime = (a, b) => a - b;
  return {
    times: [...best.values()].sort(byTime),
    first: [...first.values()].sort(byTime),
    expanded: expanded.sort(byTime),
    outcomes: [...outcomes.entries()].map(([k, n]) => `${n} ${k}`).join(", "),
  };
}

/** OMPL on the fields (unmoved), or null when its venv is missing. */
function omplLengths(scenes) {
  if (!existsSync(PYTHON)) {
    console.error(`OMPL peer unavailable: no ${PYTHON} (make bench sets it up)`);
    return null;
  }
  const dir = `${root}target/bench`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/pathfind-scenes.json`, JSON.stringify(scenes));
  try {
    execFileSync(PYTHON, [`${root}bench/ompl_pathfind.py`, `${dir}/pathfind-scenes.json`, `${dir}/pathfind-ompl.json`, String(OMPL_SECONDS)], {
      cwd: root,
      stdio: ["ignore", "ignore", "ignore"],
    });
  } catch (e) {
    // OMPL prints "leaked" lines and may exit non-zero at teardown; the answers file decides.
    if (!existsSync(`${dir}/pathfind-ompl.json`)) throw e;
  }
  return JSON.parse(readFileSync(`${dir}/pathfind-ompl.json`, "utf8"));
}

function compareLengths() {
  const scenes = [];
  const ours = [];
  for (let scene = 0; scene < SCENES; scene++) {
    const circles = field(1000 + scene);
    scenes.push({ start: START, goal: GOAL, radius: RADIUS, clearance: CLEARANCE, circles, bounds: [0, 0, 100, 100] });
    ours.push(A.planAround(START, GOAL, RADIUS, { circles }, { clearance: CLEARANCE, maxExpanded: 100000 }));
  }
  const peer = omplLengths(scenes);
  return { ours, peer };
}

function gridScenes() {
  const out = [];
  for (let seed = 1; out.length < 5 && seed < 100; seed++) {
    const grid = tileGrid(seed);
    if (A.planOnGrid(grid, GRID_START, GRID_GOAL, 0.5).path) out.push(grid);
  }
  return out;
}

/**
 * Each grid planned 5 times at r = 0.5 tile (the fastest kept; the curves
 * between tiles are kept from the first), and 5 times at radii a hair from
 * 0.5 (each a new radius: its curves built, the first plan's time).
 */
function timeGrids() {
  const times = [];
  const first = [];
  const expanded = [];
  let fresh = 0;
  for (const grid of gridScenes()) {
    let best = Infinity;
    let bestFirst = Infinity;
    let r;
    for (let rep = 0; rep < 5; rep++) {
      fresh += 1;
      const radius = 0.5 * (1 + 1e-12 * fresh);
      let t = performance.now();
      A.planOnGrid(grid, GRID_START, GRID_GOAL, radius);
      bestFirst = Math.min(bestFirst, performance.now() - t);
      A.planOnGrid(grid, GRID_START, GRID_GOAL, 0.5);
      t = performance.now();
      r = A.planOnGrid(grid, GRID_START, GRID_GOAL, 0.5);
      best = Math.min(best, performance.now() - t);
    }
    times.push(best);
    first.push(bestFirst);
    expanded.push(r.expanded);
  }
  const byTime = (a, b) => a - b;
  return { times: times.sort(byTime), first: first.sort(byTime), expanded: expanded.sort(byTime) };
}

export async function run() {
  const bench = timeDrags([...Array(SCENES).keys()].map((i) => 1000 + i), 50, (x, k) => (x + 2 * k) % 100);
  const small = timeDrags([...Array(10).keys()].map((i) => 1 + i), 40, (x, k) => k * 2.5);
  const fields = `fields of 100 × 100 (r = ${RADIUS}, clearance ${CLEARANCE}, pose to pose corner to corner)`;
  const firsts = bench.first.concat(small.first).sort((a, b) => a - b);
  const rows = [
    {
      name: "pathfind: planAround, 200 circles re-planned while one moves, median (wasm)",
      unit: "ms",
      ours: percentile(bench.times, 0.5),
      peer: null,
      peerName: null,
      note: `${bench.times.length} plans, ${SCENES} ${fields}, circle 0 moving 2 a plan, each after the plan before (the fastest of 3 passes); ${percentile(bench.expanded, 0.5)} nodes expanded (median)`,
    },
    {
      name: "pathfind: planAround, 200 circles re-planned while one moves, p99 (wasm)",
      unit: "ms",
      ours: percentile(bench.times, 0.99),
      peer: null,
      peerName: null,
      note: `target p99 ≤ 1 ms; ${percentile(bench.expanded, 0.99)} nodes (p99)`,
    },
    {
      name: "pathfind: planAround, fields of seeds 1..10 re-planned while one moves, p99 (wasm)",
      unit: "ms",
      ours: percentile(small.times, 0.99),
      peer: null,
      peerName: null,
      note: `${small.times.length} plans (${small.outcomes}: seed 8's goal is walled in), median ${percentile(small.times, 0.5).toFixed(3)} ms, slowest ${small.times[small.times.length - 1].toFixed(3)} ms; ${percentile(small.expanded, 0.99)} nodes (p99)`,
    },
    {
      name: "pathfind: planAround, the first plan on a field (nothing kept), median (wasm)",
      unit: "ms",
      ours: percentile(firsts, 0.5),
      peer: null,
      peerName: null,
      note: `the ${firsts.length} fields above, unmoved, each planned after a plan on another field (the fastest of 3 passes); slowest ${firsts[firsts.length - 1].toFixed(3)} ms`,
    },
  ];
  const { ours, peer } = compareLengths();
  const solvedOurs = ours.filter((p) => p).length;
  if (peer) {
    const both = ours.map((p, i) => [p, peer[i]]).filter(([p, q]) => q.solved);
    const ratios = both.filter(([p]) => p).map(([p, q]) => p.length / q.length);
    const worst = ratios.length ? Math.max(...ratios) : NaN;
    const missed = both.filter(([p]) => !p).length;
    const meanOurs = both.filter(([p]) => p).reduce((s, [p]) => s + p.length, 0) / Math.max(1, ratios.length);
    const meanPeer = both.filter(([p]) => p).reduce((s, [, q]) => s + q.length, 0) / Math.max(1, ratios.length);
    const leastClear = Math.min(...peer.filter((q) => q.solved).map((q) => q.clearance));
    rows.push({
      name: "pathfind: path length around 200 circles vs OMPL RRT* (Dubins state space), mean",
      unit: "",
      ours: meanOurs,
      peer: meanPeer,
      peerName: `OMPL ${OMPL_SECONDS} s per scene`,
      note: `worst ours/OMPL ${worst.toFixed(4)} (target ≤ 1.01); OMPL solved ${both.length}/${SCENES}, we solved ${solvedOurs}/${SCENES} and ${both.length - missed}/${both.length} of OMPL's; OMPL's paths come as near as ${leastClear.toFixed(3)} to a circle (clearance ${CLEARANCE}: it checks states 0.1 apart)`,
    });
  } else {
    rows.push({ name: "pathfind: path length vs OMPL RRT*", unit: "", ours: null, peer: null, peerName: null, note: "OMPL unavailable (its venv is missing: make bench sets it up)" });
  }
  const grids = timeGrids();
  rows.push({
    name: "pathfind: planOnGrid, 64 × 64 tiles, 25% blocked, corner to corner (wasm)",
    unit: "ms",
    ours: percentile(grids.times, 0.5),
    peer: null,
    peerName: null,
    note: `median of ${grids.times.length} grids (the fastest of 5 runs each, the curves between tiles kept from the plan before; slowest ${grids.times[grids.times.length - 1].toFixed(2)} ms), r = 0.5 tile, ${percentile(grids.expanded, 0.5)} nodes expanded (median, of 32,768); target < 10 ms`,
  });
  rows.push({
    name: "pathfind: planOnGrid, the first plan at a tile size and radius (wasm)",
    unit: "ms",
    ours: percentile(grids.first, 0.5),
    peer: null,
    peerName: null,
    note: `the same grids, each at a radius new to the planner (its curves between tiles built); slowest ${grids.first[grids.first.length - 1].toFixed(2)} ms`,
  });
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
