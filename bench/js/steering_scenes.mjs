// The steering benchmark's scenes, shared by steering.bench.mjs and its
// two-build A/B (steering_ab.mjs): the behaviour lists and the square the
// vehicles start scattered in.

/** The neighbour radius: a vehicle of the square has π·R²/16 ≈ 8 neighbours. */
export const R = 6.4;
export const MAX_SPEED = 2;
export const MAX_FORCE = 0.2;
/** A target the crowd never reaches (travelling as a block), and the centre it converges on. */
export const FAR = { x: 1e6, y: 1e6 };
export const CENTRE = { x: 0, y: 0 };

/** Each scene's behaviour list for a target. */
export const SCENES = {
  seek: (target) => [{ kind: "seek", target }],
  "seek + separation": (target) => [{ kind: "seek", target }, { kind: "separation", radius: R }],
  flock: (target) => [
    { kind: "separation", radius: R, weight: 2 },
    { kind: "alignment", radius: R, weight: 0.6 },
    { kind: "cohesion", radius: R, weight: 0.4 },
    { kind: "seek", target, weight: 0.3 },
  ],
};

/** `n` positions `x0, y0, x1, y1, …` scattered over a square of side 4√n (a fixed sequence). */
export function square(n) {
  const side = 4 * Math.sqrt(n);
  let s = 12345;
  const rnd = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const xy = new Float64Array(2 * n);
  for (let i = 0; i < 2 * n; i++) xy[i] = (rnd() - 0.5) * side;
  return { side, xy };
}
