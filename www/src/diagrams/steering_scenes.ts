// The classic scenes of collision avoidance for the steering diagram's crowd
// mode: a circle swap (agents on a ring each go to the opposite point; the
// starts jittered a little, as an exactly symmetric ring locks) and two
// streams crossing at right angles. Each agent arrives at its own goal;
// with "avoid each other" it also avoids the others' bodies
// (avoidVehicles, reciprocal velocity obstacles) and no two bodies overlap,
// without it they walk through each other. Drawn as the bodies themselves
// (circles of their radius, a tick for the heading), read from the World's
// typed-array views. The start and goal points are data, not geometry.
// Their handles: the ring's radius (a knob on the ring), and each stream's
// goal (the middle of its goals; moving it moves every goal of the stream,
// and the walkers turn towards the new ones without starting again).
import type { Api } from "../shell/diagram.js";
import type { View } from "../shell/view.js";
import type { Behavior, Point } from "../../pkg/arcline.js";
import type { SteeringState } from "../../package/arcline-demo.js";

export type CrowdScene = SteeringState["scene"];

export const CROWD_SCENES: readonly { value: CrowdScene; text: string }[] = [
  { value: "scatter", text: "scattered (the picked behaviour)" },
  { value: "circleSwap", text: "circle swap (160)" },
  { value: "crossing", text: "crossing streams (2 × 100)" },
];

type World = InstanceType<Api["World"]>;

export const SWAP_COUNT = 160;
/** The ring's radius at the start (its handle changes it: `SteeringState.ringRadius`). */
export const SWAP_RADIUS = 60;
const STREAM_ROWS = 10;
const STREAM_COLUMNS = 10;
const STREAM_GAP = 4;
const STREAM_TRAVEL = 100;
/** The bodies' radius in the presets (big enough to see). */
export const BODY = 1;
/** The collision avoidance of the crowd: two units of time ahead. */
export const AVOID: Behavior = { kind: "avoidVehicles", timeHorizon: 2 };

/** How far a stream's goals lie from its starts. */
const STREAM_REACH = STREAM_TRAVEL + STREAM_ROWS * STREAM_GAP;
/** The middle of each stream's goals at the start (the right-going stream's, the up-going one's). */
export const STREAM_GOALS: readonly [Point, Point] = [0, 1].map((g) => {
  const mid = -STREAM_TRAVEL / 2 - ((STREAM_ROWS - 1) / 2) * STREAM_GAP + STREAM_REACH;
  return g === 0 ? { x: mid, y: 0 } : { x: 0, y: mid };
}) as [Point, Point];

/** What the scenes' handles set. */
export interface SceneHandles {
  ringRadius: number;
  streamGoals: readonly [Point, Point];
}

/** The stream (0: going right, 1: going up) of the `i`-th vehicle a crossing adds. */
export function streamOf(i: number): 0 | 1 {
  return i % 2 === 0 ? 0 : 1;
}

/** Starts and goals of a preset scene. */
function starts(scene: Exclude<CrowdScene, "scatter">, h: SceneHandles): { from: Point[]; to: Point[] } {
  const from: Point[] = [];
  const to: Point[] = [];
  if (scene === "circleSwap") {
    const radius = h.ringRadius;
    for (let k = 0; k < SWAP_COUNT; k++) {
      const a = (2 * Math.PI * k) / SWAP_COUNT;
      const c = Math.cos(a);
      const s = Math.sin(a);
      // A small fixed jitter (0.05 units), so the ring is not exactly symmetric.
      const j = 0.05 * Math.sin(12.9898 * k);
      from.push({ x: radius * c + j, y: radius * s - j });
      to.push({ x: -radius * c, y: -radius * s });
    }
  } else {
    // One stream from the left going right, one from below going up; they meet in the middle.
    // Each goal keeps its place relative to its stream's goal handle.
    const [a, b] = [0, 1].map((g) => {
      const now = h.streamGoals[g] ?? STREAM_GOALS[g] ?? { x: 0, y: 0 };
      const start = STREAM_GOALS[g] ?? { x: 0, y: 0 };
      return { x: now.x - start.x, y: now.y - start.y };
    }) as [Point, Point];
    for (let r = 0; r < STREAM_ROWS; r++) {
      for (let c = 0; c < STREAM_COLUMNS; c++) {
        const across = (c - (STREAM_COLUMNS - 1) / 2) * STREAM_GAP;
        const back = -STREAM_TRAVEL / 2 - r * STREAM_GAP;
        from.push({ x: back, y: across });
        to.push({ x: back + STREAM_REACH + a.x, y: across + a.y });
        from.push({ x: across, y: back });
        to.push({ x: across + b.x, y: back + STREAM_REACH + b.y });
      }
    }
  }
  return { from, to };
}

/** Each vehicle's behaviours: arrive at its goal, avoiding the others when `avoid`. */
function goalBehaviors(goal: Point, avoid: boolean): Behavior[] {
  const arrive: Behavior = { kind: "arrive", target: goal, slowingRadius: 6 };
  return avoid ? [arrive, AVOID] : [arrive];
}

/**
 * Fills `w` with a preset scene (vehicles with the given limits), each
 * arriving at its goal, avoiding the others when `avoid`. Returns the
 * vehicles' ids in the order added, and the camera's span.
 */
export function buildCrowdScene(
  w: World,
  scene: Exclude<CrowdScene, "scatter">,
  avoid: boolean,
  limits: { maxSpeed: number; maxForce: number; mass: number },
  h: SceneHandles,
): { ids: number[]; span: number } {
  const { from, to } = starts(scene, h);
  const data = new Float64Array(7 * from.length);
  from.forEach((p, i) => data.set([p.x, p.y, 0, 0, limits.maxSpeed, limits.maxForce, limits.mass], 7 * i));
  const ids = w.addVehicles(data);
  ids.forEach((id, i) => {
    w.setRadius(id, BODY);
    w.setBehaviors(id, goalBehaviors(to[i] ?? { x: 0, y: 0 }, avoid));
  });
  const span = scene === "circleSwap" ? 2.25 * Math.max(SWAP_RADIUS, h.ringRadius) : STREAM_REACH;
  return { ids: Array.from(ids), span };
}

/** The crossing's walkers (`ids` as added) make for the goals of `h`'s handles, from wherever they are. */
export function retargetStreams(w: World, ids: readonly number[], avoid: boolean, h: SceneHandles): void {
  const { to } = starts("crossing", h);
  ids.forEach((id, i) => w.setBehaviors(id, goalBehaviors(to[i] ?? { x: 0, y: 0 }, avoid)));
}

/**
 * The bodies (circles of their radius) and a heading tick, in one path per
 * colour: the two streams in two colours, the two halves of the ring too.
 */
export function drawBodies(ctx: CanvasRenderingContext2D, view: View, w: World, scene: CrowdScene, colors: readonly [string, string]): void {
  const ids = w.ids();
  // Ids are handed out in the order the scene added the vehicles.
  const group = (id: number) => (scene === "crossing" ? streamOf(id) : id < SWAP_COUNT / 2 ? 0 : 1);
  for (const g of [0, 1]) drawGroup(ctx, view, w, colors[g] ?? colors[0], (i) => group(ids[i] ?? 0) === g);
}

function drawGroup(ctx: CanvasRenderingContext2D, view: View, w: World, color: string, mine: (i: number) => boolean): void {
  const pos = w.positions();
  const head = w.headings();
  const radii = w.radii();
  const n = radii.length;
  /** Each of the group's bodies: its index, centre and radius. */
  const eachBody = (f: (i: number, x: number, y: number, r: number) => void): void => {
    for (let i = 0; i < n; i++) if (mine(i)) f(i, pos[2 * i] ?? 0, pos[2 * i + 1] ?? 0, radii[i] ?? 0);
  };
  ctx.save();
  ctx.fillStyle = color;
  ctx.globalAlpha = 0.35;
  ctx.beginPath();
  eachBody((_, x, y, r) => {
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, 2 * Math.PI);
  });
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.strokeStyle = color;
  ctx.lineWidth = view.px(1);
  ctx.stroke();
  ctx.beginPath();
  eachBody((i, x, y, r) => {
    ctx.moveTo(x, y);
    ctx.lineTo(x + (head[2 * i] ?? 0) * r, y + (head[2 * i + 1] ?? 0) * r);
  });
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
