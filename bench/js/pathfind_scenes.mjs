// The pathfinding benchmarks' scenes, shared by pathfind.bench.mjs, its
// two-build A/B (pathfind_ab.mjs) and parking.bench.mjs: a fixed
// pseudo-random sequence, the fields of 200 circles between a start and a goal
// pose, and the 64 × 64 tile grids.

/** A fixed pseudo-random sequence (xorshift64), the same in every run. */
export function rng(seed) {
  let s = BigInt(seed);
  const mask = (1n << 64n) - 1n;
  return () => {
    s ^= (s << 13n) & mask;
    s ^= s >> 7n;
    s ^= (s << 17n) & mask;
    return Number(s >> 11n) / 2 ** 53;
  };
}

export const START = { x: 2, y: 2, heading: 0.8 };
export const GOAL = { x: 98, y: 98, heading: 0.8 };
export const RADIUS = 2;
export const CLEARANCE = 0.5;

/** 200 circles (radius 0.5 to 2.5) in a 100 × 100 field, none within 1 of the start or the goal. */
export function field(seed) {
  const next = rng(seed);
  const circles = [];
  while (circles.length < 200) {
    const c = { x: next() * 100, y: next() * 100, radius: 0.5 + 2 * next() };
    if ([START, GOAL].every((p) => Math.hypot(p.x - c.x, p.y - c.y) > c.radius + CLEARANCE + 1)) circles.push(c);
  }
  return circles;
}

/** Whether circle `c` leaves the start and the goal clear. */
export function clearOfEnds(c) {
  return [START, GOAL].every((p) => Math.hypot(p.x - c.x, p.y - c.y) > c.radius + CLEARANCE);
}

export const GRID_START = { x: 0.5, y: 0.5, heading: Math.PI / 4 };
export const GRID_GOAL = { x: 63.5, y: 63.5 };

/** A 64 × 64 grid of unit tiles with a quarter blocked (seed `7000 + seed`), its corners open. */
export function tileGrid(seed) {
  const next = rng(7000 + seed);
  const blocked = new Uint8Array(64 * 64);
  for (let i = 0; i < blocked.length; i++) blocked[i] = next() < 0.25 ? 1 : 0;
  blocked[0] = 0;
  blocked[64 * 64 - 1] = 0;
  return { columns: 64, rows: 64, tile: 1, blocked };
}
