// Two builds' pathfinding in one process, in turn: the scenes of
// bench/js/pathfind.bench.mjs (planAround on fields of 200 circles re-planned
// while one moves, each build keeping its own last graph; the first plan on a
// field; planOnGrid on 64 × 64 grids, 25 % blocked, corner to corner), each
// plan made by A then B or B then A (the order swapped each plan), with two
// instances of each build (each its own memory) taken in turn; each plan's
// fastest of its passes (as pathfind.bench.mjs keeps them), the median and
// p99 of each build and B/A, and whether both builds gave the same answers.
//
//   node bench/js/pathfind_ab.mjs <www/pkg of build A> <www/pkg of build B>
//
// Run it both ways round (A/B, then B/A).
import { loadBuilds, median as med } from "./two_builds.mjs";
import { CLEARANCE, GOAL, GRID_GOAL, GRID_START, RADIUS, START, clearOfEnds, field, tileGrid } from "./pathfind_scenes.mjs";

const K = 2;
const [As, Bs] = await loadBuilds(process.argv[2], process.argv[3], K);
const p99 = (a) => { const b = [...a].sort((x, y) => x - y); return b[Math.min(b.length - 1, Math.floor(0.99 * b.length))]; };
let same = true;
const lengthOf = (r) => (r && r.path ? r.path.length : r && r.length !== undefined ? r.length : JSON.stringify(r).length);

/**
 * Times `call(M)` for A and B in turn (order swapped by `turn`), keeping
 * each build's fastest time for `key` (as pathfind.bench.mjs keeps each
 * plan's fastest of its passes).
 */
function both(k, turn, key, call, ta, tb) {
  const order = turn % 2 ? [[As[k], ta], [Bs[k], tb]] : [[Bs[k], tb], [As[k], ta]];
  const out = [];
  for (const [M, tt] of order) {
    const t0 = performance.now();
    out.push(call(M));
    const dt = performance.now() - t0;
    tt.set(key, Math.min(tt.get(key) ?? Infinity, dt));
  }
  if (lengthOf(out[0]) !== lengthOf(out[1])) same = false;
}

function drags(name, seeds, moves, move) {
  const [ta, tb, fa, fb] = [new Map(), new Map(), new Map(), new Map()];
  let turn = 0;
  for (let pass = 0; pass < 2 * K; pass++) {
    const k = pass % K;
    for (const seed of seeds) {
      const circles = field(seed);
      both(k, turn++, seed, (M) => M.planAround(START, GOAL, RADIUS, { circles }, { clearance: CLEARANCE }), fa, fb);
      for (let i = 0; i < moves; i++) {
        const moved = circles.slice();
        moved[0] = { ...circles[0], x: move(circles[0].x, i) };
        if (!clearOfEnds(moved[0])) continue;
        both(k, turn++, `${seed}/${i}`, (M) => M.planAround(START, GOAL, RADIUS, { circles: moved }, { clearance: CLEARANCE }), ta, tb);
        // As pathfind.bench.mjs does on its first pass: a traced plan (its
        // own graph; the kept one is left alone), untimed.
        if (pass < K) for (const M of [As[k], Bs[k]]) M.planAroundDebug(START, GOAL, RADIUS, { circles: moved }, { clearance: CLEARANCE });
      }
    }
  }
  const row = (what, a, b) => console.log(`${what.padEnd(58)} A ${a.toFixed(4)} ms  B ${b.toFixed(4)} ms  B/A ${(b / a).toFixed(3)}`);
  const v = (m) => [...m.values()];
  row(`planAround, ${name}, median`, med(v(ta)), med(v(tb)));
  row(`planAround, ${name}, p99`, p99(v(ta)), p99(v(tb)));
  row(`planAround, ${name}, first plan, median`, med(v(fa)), med(v(fb)));
}

function grids() {
  const [ta, tb] = [new Map(), new Map()];
  let turn = 0, found = 0;
  for (let seed = 1; found < 5 && seed < 100; seed++) {
    const grid = tileGrid(seed);
    if (!As[0].planOnGrid(grid, GRID_START, GRID_GOAL, 0.5).path) continue;
    found++;
    for (let rep = 0; rep < 10; rep++) {
      both(rep % K, turn++, `${seed}`, (M) => M.planOnGrid(grid, GRID_START, GRID_GOAL, 0.5), ta, tb);
    }
  }
  const [a, b] = [med([...ta.values()]), med([...tb.values()])];
  console.log(`${"planOnGrid, 64 × 64, 25 % blocked, median".padEnd(58)} A ${a.toFixed(4)} ms  B ${b.toFixed(4)} ms  B/A ${(b / a).toFixed(3)}`);
}

// Warm both builds' code up on a field of its own.
const warm = field(999);
for (let i = 0; i < 20; i++) {
  warm[0] = { ...warm[0], x: (warm[0].x + 1) % 100 };
  if (clearOfEnds(warm[0])) for (const M of As.concat(Bs)) M.planAround(START, GOAL, RADIUS, { circles: warm }, { clearance: CLEARANCE });
}
drags("the bench's fields", [...Array(10).keys()].map((i) => 1000 + i), 50, (x, k) => (x + 2 * k) % 100);
drags("fields of seeds 1..10", [...Array(10).keys()].map((i) => 1 + i), 40, (x, k) => k * 2.5);
grids();
console.log(`same answers: ${same}`);
