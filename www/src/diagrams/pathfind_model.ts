// The pathfinding diagram's model: its state (PathfindState, declared once in
// package/arcline-demo.d.ts), the defaults, one table of the numbers' ranges
// (read by the sliders, the element's attributes and setState), and the one
// setter that reads any partial state, clamped: attributes, setState and the
// handles all go through `readState`.
import type { Circle, Point, Pose } from "../../pkg/arcline.js";
import type { PathfindState } from "../../package/arcline-demo.js";
import type { DiagramOptions } from "../shell/diagram.js";
import { asRecord, attrBool, attrNumber, inRange, readPoint, readPose, type NumberRange } from "../shell/types.js";

export type Mode = PathfindState["mode"];

/** Units per second along the path. */
export const SPEED = 5;
/** The largest coordinate of a point of the state. */
export const LIMIT = 500;
export const MAX_CIRCLES = 64;
const MAX_POLYGONS = 8;
const MAX_CORNERS = 32;
const GRID_COLUMNS = 24;
const GRID_ROWS = 14;

/** Every number of the state: its range, and its slider's step. */
export const RANGES = {
  radius: { min: 0.2, max: 8, step: 0.1 },
  clearance: { min: 0, max: 3, step: 0.05 },
  circleRadius: { min: 0.1, max: 50, step: 0.1 },
  columns: { min: 2, max: 48, step: 1, integer: true },
  rows: { min: 2, max: 48, step: 1, integer: true },
  tile: { min: 0.2, max: 10, step: 0.1 },
  time: { min: 0, max: 1e6, step: 0.01 },
} as const satisfies Record<string, NumberRange>;

/** A wall with a gap, and two pillars: the default painting. */
function defaultBlocked(columns: number, rows: number): string {
  const cells: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const wall = c === 10 && r > 3;
      const wall2 = c === 16 && r < 9;
      const pillar = (c === 5 && (r === 4 || r === 5)) || (r === 11 && c >= 19 && c <= 21);
      cells.push(wall || wall2 || pillar ? "1" : "0");
    }
  }
  return cells.join("");
}

export const DEFAULTS: PathfindState = {
  mode: "around",
  unit: { x: -14, y: -3, heading: 0.4 },
  goal: { x: 14, y: 3, heading: -0.3 },
  arrive: true,
  radius: 2,
  clearance: 0.5,
  circles: [
    { x: -6, y: -1, radius: 2.2 },
    { x: 0, y: 3, radius: 1.5 },
    { x: 2, y: -4, radius: 1.2 },
    { x: 7, y: 1, radius: 2.5 },
    { x: -2, y: 8, radius: 1.8 },
  ],
  polygons: [
    [
      { x: -11, y: 4 },
      { x: -7, y: 5 },
      { x: -8, y: 9 },
      { x: -12, y: 8 },
    ],
  ],
  columns: GRID_COLUMNS,
  rows: GRID_ROWS,
  tile: 1.5,
  blocked: defaultBlocked(GRID_COLUMNS, GRID_ROWS),
  showGraph: false,
  showExpanded: false,
  formation: false,
  time: 0,
};

/** The grid mode's unit and goal: bottom left to top right. */
const GRID_UNIT: Pose = { x: 2.25, y: 2.25, heading: 0 };
const GRID_GOAL: Pose = { x: 33.75, y: 18.75, heading: Math.PI / 2 };

/** A point of the state, clamped. */
export function clampPoint(p: Point): Point {
  return readPoint(p, { x: 0, y: 0 }, LIMIT);
}

/** A circle read from unknown data, finite and clamped. */
function readCircle(v: unknown, fallback: Circle): Circle {
  const o = asRecord(v);
  const p = readPoint(o, fallback, LIMIT);
  return { x: p.x, y: p.y, radius: inRange(RANGES.circleRadius, o["radius"], fallback.radius) };
}

/** Switches the world: each has its own unit and goal (the grid a smaller radius). */
export function setModeState(state: PathfindState, m: Mode): void {
  if (m === state.mode) return;
  state.mode = m;
  if (m === "grid") {
    state.unit = { ...GRID_UNIT };
    state.goal = { ...GRID_GOAL };
    state.radius = Math.min(state.radius, 1);
  } else {
    state.unit = { ...DEFAULTS.unit };
    state.goal = { ...DEFAULTS.goal };
  }
}

/**
 * The one setter: every field of `v` (unknown data: setState, attributes,
 * a handle's move) that reads as a field of the state, clamped to its range;
 * the rest is kept. A formation follows only where the World exists.
 */
export function readState(state: PathfindState, v: unknown, canFollow: boolean): void {
  const o = asRecord(v);
  if (o["mode"] === "around" || o["mode"] === "grid") setModeState(state, o["mode"]);
  state.unit = readPose(o["unit"], state.unit, LIMIT);
  state.goal = readPose(o["goal"], state.goal, LIMIT);
  if (typeof o["arrive"] === "boolean") state.arrive = o["arrive"];
  state.radius = inRange(RANGES.radius, o["radius"], state.radius);
  state.clearance = inRange(RANGES.clearance, o["clearance"], state.clearance);
  if (Array.isArray(o["circles"])) {
    state.circles = o["circles"].slice(0, MAX_CIRCLES).map((c: unknown) => readCircle(c, { x: 0, y: 0, radius: 1 }));
  }
  if (Array.isArray(o["polygons"])) {
    state.polygons = o["polygons"]
      .slice(0, MAX_POLYGONS)
      .filter((p: unknown): p is unknown[] => Array.isArray(p))
      .map((p) => p.slice(0, MAX_CORNERS).map((q: unknown) => readPoint(q, { x: 0, y: 0 }, LIMIT)));
  }
  const columns = inRange(RANGES.columns, o["columns"], state.columns);
  const rows = inRange(RANGES.rows, o["rows"], state.rows);
  if (columns !== state.columns || rows !== state.rows) {
    state.columns = columns;
    state.rows = rows;
    state.blocked = "0".repeat(columns * rows);
  }
  state.tile = inRange(RANGES.tile, o["tile"], state.tile);
  const b = o["blocked"];
  if (typeof b === "string" && b.length === state.columns * state.rows && /^[01]*$/.test(b)) state.blocked = b;
  if (typeof o["showGraph"] === "boolean") state.showGraph = o["showGraph"];
  if (typeof o["showExpanded"] === "boolean") state.showExpanded = o["showExpanded"];
  if (typeof o["formation"] === "boolean") state.formation = o["formation"] && canFollow;
  state.time = inRange(RANGES.time, o["time"], state.time);
}

/** The element's attributes (`mode`, `radius`, `clearance`, `graph`, `expanded`) as a partial state for `readState`. */
export function fromAttributes(options: DiagramOptions): Record<string, unknown> {
  return {
    mode: options["mode"],
    radius: attrNumber(options["radius"]),
    clearance: attrNumber(options["clearance"]),
    showGraph: attrBool(options["graph"]),
    showExpanded: attrBool(options["expanded"]),
  };
}

/** The tile under `p`, or null off the grid. */
export function tileAt(state: PathfindState, p: Point): number | null {
  const c = Math.floor(p.x / state.tile);
  const r = Math.floor(p.y / state.tile);
  return c >= 0 && r >= 0 && c < state.columns && r < state.rows ? r * state.columns + c : null;
}

/** The painting with tile `k` a wall (or not). */
export function withTile(blocked: string, k: number, wall: boolean): string {
  if ((blocked[k] === "1") === wall) return blocked;
  return blocked.slice(0, k) + (wall ? "1" : "0") + blocked.slice(k + 1);
}
