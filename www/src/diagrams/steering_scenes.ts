// The classic scenes of collision avoidance for the steering diagram's crowd
// mode: a circle swap (agents on a ring each go to the opposite point; the
// starts jittered a little, as an exactly symmetric ring locks) and two
// streams crossing at right angles. Each agent arrives at its own goal;
// with "avoid each other" it also avoids the others' bodies
// (avoidVehicles, reciprocal velocity obstacles) and no two bodies overlap,
// without it they walk through each other. Drawn as the bodies themselves
// (circles of their radius, a tick for the heading), read from the World's
// typed-array views. The start and goal points are data, not geometry.
import type { Api } from "../shell/diagram.js";
import type { View } from "../shell/view.js";
import type { Behavior, Point } from "../../pkg/arcline.js";

export type CrowdScene = "scatter" | "circleSwap" | "crossing";

export const CROWD_SCENES: readonly { value: CrowdScene; text: string }[] = [
  { value: "scatter", text: "scattered (the picked behaviour)" },
  { value: "circleSwap", text: "circle swap (160)" },
  { value: "crossing", text: "crossing streams (2 × 100)" },
];

type World = InstanceType<Api["World"]>;

export const SWAP_COUNT = 160;
const SWAP_RADIUS = 60;
const STREAM_ROWS = 10;
const STREAM_COLUMNS = 10;
const STREAM_GAP = 4;
const STREAM_TRAVEL = 100;
/** The bodies' radius in the presets (big enough to see). */
export const BODY = 1;
/** The collision avoidance of the crowd: two units of time ahead. */
export const AVOID: Behavior = { kind: "avoidVehicles", timeHorizon: 2 };

/** Starts and goals of a preset scene. */
function starts(scene: Exclude<CrowdScene, "scatter">): { from: Point[]; to: Point[] } {
  const from: Point[] = [];
  const to: Point[] = [];
  if (scene === "circleSwap") {
    for (let k = 0; k < SWAP_COUNT; k++) {
      const a = (2 * Math.PI * k) / SWAP_COUNT;
      const c = Math.cos(a);
      const s = Math.sin(a);
      // A small fixed jitter (0.05 units), so the ring is not exactly symmetric.
      const j = 0.05 * Math.sin(12.9898 * k);
      from.push({ x: SWAP_RADIUS * c + j, y: SWAP_RADIUS * s - j });
      to.push({ x: -SWAP_RADIUS * c, y: -SWAP_RADIUS * s });
    }
  } else {
    // One stream from the left going right, one from below going up; they meet in the middle.
    for (let r = 0; r < STREAM_ROWS; r++) {
      for (let c = 0; c < STREAM_COLUMNS; c++) {
        const across = (c - (STREAM_COLUMNS - 1) / 2) * STREAM_GAP;
        const back = -STREAM_TRAVEL / 2 - r * STREAM_GAP;
        from.push({ x: back, y: across });
        to.push({ x: back + STREAM_TRAVEL + STREAM_ROWS * STREAM_GAP, y: across });
        from.push({ x: across, y: back });
        to.push({ x: across, y: back + STREAM_TRAVEL + STREAM_ROWS * STREAM_GAP });
      }
    }
  }
  return { from, to };
}

/**
 * Fills `w` with a preset scene (vehicles with the given limits), each
 * arriving at its goal, avoiding the others when `avoid`. Returns the
 * camera's span.
 */
export function buildCrowdScene(w: World, scene: Exclude<CrowdScene, "scatter">, avoid: boolean, limits: { maxSpeed: number; maxForce: number; mass: number }): number {
  const { from, to } = starts(scene);
  const data = new Float64Array(7 * from.length);
  from.forEach((p, i) => data.set([p.x, p.y, 0, 0, limits.maxSpeed, limits.maxForce, limits.mass], 7 * i));
  const ids = w.addVehicles(data);
  ids.forEach((id, i) => {
    w.setRadius(id, BODY);
    const goal = to[i] ?? { x: 0, y: 0 };
    const arrive: Behavior = { kind: "arrive", target: goal, slowingRadius: 6 };
    w.setBehaviors(id, avoid ? [arrive, AVOID] : [arrive]);
  });
  return scene === "circleSwap" ? 2.25 * SWAP_RADIUS : STREAM_TRAVEL + STREAM_ROWS * STREAM_GAP;
}

/**
 * The bodies (circles of their radius) and a heading tick, in one path per
 * colour: the two streams in two colours, the two halves of the ring too.
 */
export function drawBodies(ctx: CanvasRenderingContext2D, view: View, w: World, scene: CrowdScene, colors: readonly [string, string]): void {
  const ids = w.ids();
  // Ids are handed out in the order the scene added the vehicles.
  const group = (id: number) => (scene === "crossing" ? id % 2 : id < SWAP_COUNT / 2 ? 0 : 1);
  for (const g of [0, 1]) drawGroup(ctx, view, w, colors[g] ?? colors[0], (i) => group(ids[i] ?? 0) === g);
}

function drawGroup(ctx: CanvasRenderingContext2D, view: View, w: World, color: string, mine: (i: number) => boolean): void {
  const pos = w.positions();
  const head = w.headings();
  const radii = w.radii();
  const n = radii.length;
  ctx.save();
  ctx.fillStyle = color;
  ctx.globalAlpha = 0.35;
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    if (!mine(i)) continue;
    const x = pos[2 * i] ?? 0;
    const y = pos[2 * i + 1] ?? 0;
    const r = radii[i] ?? 0;
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, 2 * Math.PI);
  }
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.strokeStyle = color;
  ctx.lineWidth = view.px(1);
  ctx.stroke();
  ctx.beginPath();
  for (let i = 0; i < n; i++) {
    if (!mine(i)) continue;
    const x = pos[2 * i] ?? 0;
    const y = pos[2 * i + 1] ?? 0;
    const r = radii[i] ?? 0;
    ctx.moveTo(x, y);
    ctx.lineTo(x + (head[2 * i] ?? 0) * r, y + (head[2 * i + 1] ?? 0) * r);
  }
  ctx.stroke();
  ctx.restore();
}

/**
 * The bodies' positions and radii, for the diagram's state (tests measure the
 * closest approach from them); only for crowds small enough to copy.
 */
export function bodiesOf(w: World): { x: number; y: number; r: number }[] | null {
  const radii = w.radii();
  if (radii.length > 2000) return null;
  const pos = w.positions();
  return Array.from(radii, (r, i) => ({ x: pos[2 * i] ?? 0, y: pos[2 * i + 1] ?? 0, r }));
}
