// The rest of the steering family in the steering diagram's one-vehicle
// mode: interpose, offset pursuit, hide, stay on path and contain. Each
// scene adds the vehicles the behaviour reads (the two to get between, the
// leader and the rest of the V, the hunter) and draws what the behaviour
// aims at, from the World's aims(): the midpoint, the places in the
// leader's frame, the hiding spot, the predicted position and the
// correction. The dragged target moves the scene (the racetrack's centre,
// the hunter's goal, what the contained vehicle seeks). No geometry here:
// every point drawn comes from the core.
import type { Api } from "../shell/diagram.js";
import type { View } from "../shell/view.js";
import { circle, dot, fillDisc, label, poseMarker, strokeLine, strokePath, tracePath } from "../shell/draw.js";
import type { Behavior, BehaviorAim, Circle, Path, Point, VehicleState } from "../../pkg/arcline.js";

export type FamilyName = "interpose" | "offsetPursuit" | "hide" | "stayOnPath" | "contain";

export const FAMILY: readonly { value: FamilyName; text: string }[] = [
  { value: "interpose", text: "interpose" },
  { value: "offsetPursuit", text: "offset pursuit (a V)" },
  { value: "hide", text: "hide" },
  { value: "stayOnPath", text: "stay on path" },
  { value: "contain", text: "contain" },
];

export function isFamily(name: string): name is FamilyName {
  return FAMILY.some((f) => f.value === name);
}

type World = InstanceType<Api["World"]>;

/** The vehicles and shapes a scene adds around the main vehicle. */
export interface FamilyScene {
  kind: FamilyName;
  /** The vehicles the main one reads (a and b; the leader; the hunter). */
  others: number[];
  /** The other followers of the V (offset pursuit). */
  followers: number[];
  obstacles: Circle[];
  boundary: Point[];
  path: Path | null;
}

/** The V: the main vehicle takes the first place, the followers the rest (x ahead, y left). */
const V_OFFSETS: readonly Point[] = [
  { x: -4, y: 4 },
  { x: -4, y: -4 },
  { x: -8, y: 8 },
  { x: -8, y: -8 },
];
const OBSTACLES: Circle[] = [
  { x: -18, y: 8, radius: 5 },
  { x: 14, y: 14, radius: 4 },
  { x: 6, y: -18, radius: 6 },
  { x: -30, y: -20, radius: 3.5 },
];
/** A room with a notch (not convex), in world units. */
const ROOM: Point[] = [
  { x: -42, y: -30 },
  { x: 42, y: -30 },
  { x: 42, y: 10 },
  { x: 8, y: 10 },
  { x: 8, y: 34 },
  { x: -42, y: 34 },
];
const TUBE = 5;

/** The racetrack of the path scenes and the leader, around `c`. */
function track(api: Api, c: Point): Path {
  return api.racetrack(c, 25, 14);
}

/** Adds the scene's other vehicles (the main one exists) and gives them their behaviours. */
export function setupFamily(api: Api, w: World, kind: FamilyName, main: number, target: Point, limits: { maxSpeed: number; maxForce: number; mass: number }): FamilyScene {
  const scene: FamilyScene = { kind, others: [], followers: [], obstacles: [], boundary: [], path: null };
  const slow = { maxSpeed: 0.6 * limits.maxSpeed, maxForce: limits.maxForce, mass: limits.mass };
  switch (kind) {
    case "interpose": {
      const a = w.addVehicle({ x: -30, y: -14, vx: 0.5, vy: 0, ...slow });
      const b = w.addVehicle({ x: target.x, y: target.y, ...slow });
      scene.others = [a, b];
      break;
    }
    case "offsetPursuit": {
      // Half the followers' speed and force: its turns are wide enough for the V to hold.
      const leader = w.addVehicle({ x: target.x, y: target.y - 14, vx: 0.5 * limits.maxSpeed, vy: 0, mass: limits.mass, maxSpeed: 0.5 * limits.maxSpeed, maxForce: 0.5 * limits.maxForce });
      scene.others = [leader];
      for (let k = 1; k < V_OFFSETS.length; k++) scene.followers.push(w.addVehicle({ x: -40 + 4 * k, y: 30, ...limits }));
      break;
    }
    case "hide": {
      scene.obstacles = OBSTACLES.map((o) => ({ ...o }));
      scene.others = [w.addVehicle({ x: target.x, y: target.y, ...slow })];
      break;
    }
    case "stayOnPath":
      scene.path = track(api, target);
      break;
    case "contain":
      scene.boundary = ROOM.map((p) => ({ ...p }));
      break;
  }
  applyFamily(api, w, scene, main, target);
  return scene;
}

/** The main vehicle's behaviours. */
export function familyBehaviors(scene: FamilyScene, target: Point): Behavior[] {
  const wander: Behavior = { kind: "wander", distance: 8, radius: 4, jitter: 1 };
  switch (scene.kind) {
    case "interpose": {
      const [a, b] = scene.others;
      return a === undefined || b === undefined ? [] : [{ kind: "interpose", a, b }];
    }
    case "offsetPursuit": {
      const [leader] = scene.others;
      return leader === undefined ? [] : [{ kind: "offsetPursuit", leader, offset: V_OFFSETS[0] ?? { x: -6, y: 6 } }];
    }
    case "hide": {
      const [from] = scene.others;
      return from === undefined ? [] : [{ kind: "hide", from, obstacles: scene.obstacles }];
    }
    case "stayOnPath":
      return scene.path ? [{ ...wander, weight: 0.5 }, { kind: "stayOnPath", path: scene.path, radius: TUBE, predictionTime: 8 }] : [];
    case "contain":
      return [
        { kind: "contain", boundary: scene.boundary, predictionTime: 8 },
        { ...wander, weight: 0.3 },
        { kind: "seek", target, weight: 0.5 },
      ];
  }
}

/** Re-sends the behaviours of the scene's vehicles after the target moved. */
export function applyFamily(api: Api, w: World, scene: FamilyScene, main: number, target: Point): void {
  switch (scene.kind) {
    case "interpose": {
      // a wanders about the middle, b about the target.
      const [a, b] = scene.others;
      if (a !== undefined) w.setBehaviors(a, roam({ x: -20, y: -5 }));
      if (b !== undefined) w.setBehaviors(b, roam(target));
      break;
    }
    case "offsetPursuit": {
      // The leader cruises about the target in wide turns, kept within a
      // box around it (not drawn) so that it never stops.
      const [leader] = scene.others;
      if (leader === undefined) break;
      const box = [
        { x: target.x - 45, y: target.y - 22 },
        { x: target.x + 45, y: target.y - 22 },
        { x: target.x + 45, y: target.y + 22 },
        { x: target.x - 45, y: target.y + 22 },
      ];
      w.setBehaviors(leader, [
        { kind: "contain", boundary: box, predictionTime: 25 },
        { kind: "wander", distance: 12, radius: 2, jitter: 0.2, weight: 0.5 },
      ], "priority");
      scene.followers.forEach((f, k) => w.setBehaviors(f, [{ kind: "offsetPursuit", leader, offset: V_OFFSETS[k + 1] ?? { x: -6, y: -6 } }]));
      break;
    }
    case "hide": {
      const [hunter] = scene.others;
      if (hunter !== undefined) w.setBehaviors(hunter, roam(target));
      break;
    }
    case "stayOnPath":
      scene.path = track(api, target);
      break;
    case "contain":
      break;
  }
  w.setBehaviors(main, familyBehaviors(scene, target));
}

/** Wandering about `c`: never still for long, turning both ways. */
function roam(c: Point): Behavior[] {
  return [
    { kind: "wander", distance: 8, radius: 4, jitter: 1.2 },
    { kind: "arrive", target: c, slowingRadius: 30, weight: 0.3 },
  ];
}

/** One line of the legend for the scene. */
export function familyLegend(kind: FamilyName): string {
  switch (kind) {
    case "interpose":
      return " Interpose: it arrives at the midpoint (green ring) of a and b (wandering, b about the target) while matching the midpoint's velocity, so it stays on the segment between them.";
    case "offsetPursuit":
      return " Offset pursuit: the blue vehicle and three others hold their places in the leader's frame (green rings), a V behind it through its turns; the leader cruises about the target.";
    case "hide":
      return " Hide: the hunter wanders about the target (drag it); the vehicle goes to the hiding spot (green ring) one body diameter behind the obstacle nearest it, on the line from the hunter.";
    case "stayOnPath":
      return " Stay on path: it wanders freely inside the tube; only when the position it predicts (grey dot) leaves the tube does it seek the path's nearest point (green ring).";
    case "contain":
      return " Contain: it seeks the target, even outside the room, and wanders; when the predicted position (grey dot) nears the wall it is steered back in (green ring: the wall's nearest point).";
  }
}

function vehicleOf(w: World, id: number): VehicleState | null {
  try {
    return w.vehicle(id);
  } catch {
    return null;
  }
}

function aimsOf(w: World, id: number): BehaviorAim[] {
  try {
    return w.aims(id);
  } catch {
    return [];
  }
}

/** The scene's shapes and vehicles (before the main vehicle and its vectors). */
export function drawFamily(
  ctx: CanvasRenderingContext2D,
  view: View,
  w: World,
  scene: FamilyScene,
  main: number,
  target: Point,
  colors: { main: string; other: string; muted: string; aim: string },
): void {
  const { muted, other, aim } = colors;
  for (const o of scene.obstacles) {
    fillDisc(ctx, o, o.radius, muted, 0.18);
    circle(ctx, view, o, o.radius, { color: muted, widthPx: 1.5 });
  }
  const first = scene.boundary[0];
  if (first) {
    ctx.save();
    ctx.strokeStyle = muted;
    ctx.lineWidth = view.px(2);
    ctx.beginPath();
    ctx.moveTo(first.x, first.y);
    for (const p of scene.boundary.slice(1)) ctx.lineTo(p.x, p.y);
    ctx.closePath();
    ctx.stroke();
    ctx.restore();
  }
  if (scene.path) {
    if (scene.kind === "stayOnPath") {
      // The tube: the path stroked as wide as the tube, in world units.
      ctx.save();
      ctx.strokeStyle = aim;
      ctx.globalAlpha = 0.12;
      ctx.lineWidth = 2 * TUBE;
      ctx.lineJoin = "round";
      ctx.beginPath();
      tracePath(ctx, scene.path);
      ctx.stroke();
      ctx.restore();
    }
    strokePath(ctx, view, scene.path, { color: muted, widthPx: 1.5, dashPx: [6, 5] });
  }
  const mainState = vehicleOf(w, main);
  const names = scene.kind === "interpose" ? ["a", "b"] : scene.kind === "offsetPursuit" ? ["leader"] : ["hunter"];
  scene.others.forEach((id, k) => {
    const v = vehicleOf(w, id);
    if (!v) return;
    poseMarker(ctx, view, v, other, 18);
    label(ctx, view, names[k] ?? "", v, { color: other, dxPx: 12, dyPx: 10 });
  });
  if (scene.kind === "interpose") {
    const [a, b] = scene.others.map((id) => vehicleOf(w, id));
    if (a && b) strokeLine(ctx, view, a, b, { color: other, widthPx: 1.2, dashPx: [3, 4], alpha: 0.8 });
  }
  if (scene.kind === "hide") {
    const h = scene.others[0] === undefined ? null : vehicleOf(w, scene.others[0]);
    if (h && mainState) strokeLine(ctx, view, h, mainState, { color: other, widthPx: 1, dashPx: [2, 5], alpha: 0.7 });
  }
  for (const f of scene.followers) {
    const v = vehicleOf(w, f);
    if (v) poseMarker(ctx, view, v, colors.main, 14);
    drawAims(ctx, view, w, f, v, [], aim, muted);
  }
  // Seek's target is the dragged handle already.
  const seeks = familyBehaviors(scene, target).map((b) => b.kind === "seek");
  drawAims(ctx, view, w, main, mainState, seeks, aim, muted);
}

/** Each behaviour's target (a ring, joined to the vehicle) and predicted position (a dot). */
function drawAims(ctx: CanvasRenderingContext2D, view: View, w: World, id: number, v: VehicleState | null, skip: boolean[], aim: string, muted: string): void {
  if (!v) return;
  for (const [k, a] of aimsOf(w, id).entries()) {
    if (skip[k]) continue;
    if (a.predicted) {
      strokeLine(ctx, view, v, a.predicted, { color: muted, widthPx: 1, dashPx: [2, 3], alpha: 0.8 });
      dot(ctx, view, a.predicted, muted, 3);
    }
    if (a.target) {
      strokeLine(ctx, view, v, a.target, { color: aim, widthPx: 1, alpha: 0.6 });
      circle(ctx, view, a.target, view.px(6), { color: aim, widthPx: 2 });
    }
  }
}
