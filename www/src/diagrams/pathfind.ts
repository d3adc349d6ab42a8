// Pathfinding with a turning radius. Around obstacles: drag the unit
// (position, and heading with its ring), the goal (and its heading when it
// must arrive with one), the circles (centre, and a rim knob for the
// radius), the polygon's corners; add and remove circles. Every move plans
// again (planAround); toggles show the search graph (the guide circles and
// every edge the search checked, clear or blocked) and the poses it
// expanded. On a grid (Pinter's directional A*, planOnGrid) drag on the
// tiles to paint or erase walls; the expanded nodes show as heading ticks.
// Play drives the unit along the path (poseAtTime); a formation can follow
// it (World.followFormationPath, when the module has the World). The page
// does no geometry: it draws what the core returns, arcs with canvas arc().
import type { Api, Diagram, DiagramOptions } from "../shell/diagram.js";
import { View, cssVar } from "../shell/view.js";
import { Bounds } from "../shell/box.js";
import type { Drag, Grabbable } from "../shell/view.js";
import { Handles } from "../shell/handles.js";
import type { Handle, HeadingHandle } from "../shell/handles.js";
import { circle, dot, poseMarker, strokePath } from "../shell/draw.js";
import { button, checkbox, controlBar, select, slider, textLine } from "../shell/controls.js";
import { Figure } from "../shell/figure.js";
import { PATHFIND_STEPS, pathfindNumbers } from "./pathfind-figures.js";
import { Emitter } from "../shell/emitter.js";
import { prefersReducedMotion } from "../shell/motion.js";
import { clamp, errorMessage, readPoint, readPose, wrapAngle } from "../shell/types.js";
import type { Path, Point, Pose } from "../shell/types.js";
import type { AroundSearch, Circle, GridSearch } from "../../pkg/arcline.js";
import type { PathfindState } from "../../package/arcline-demo.js";

type Mode = "around" | "grid";


interface Computed {
  path: Path | null;
  /** Why there is no path, in the core's words. */
  noPath: string | null;
  noPathKind: string | null;
  /** An input the core refused (a unit inside an obstacle, ...). */
  error: string | null;
  expanded: number;
  /** Milliseconds the plan took (planAround or planOnGrid, timed here). */
  ms: number;
  around: AroundSearch | null;
  grid: GridSearch | null;
  unitAt: Pose | null;
}

/** Units per second along the path. */
const SPEED = 5;
/** Seconds a following formation is given after the unit arrives, to close up before play stops. */
const FORMATION_SETTLE = 3;
const LIMIT = 500;
const MAX_CIRCLES = 64;
const MAX_TILES = 48;
const GRID_COLUMNS = 24;
const GRID_ROWS = 14;

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

const DEFAULTS: PathfindState = {
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

type World = InstanceType<Api["World"]>;

/** The formation that follows the path, in its own World. */
interface Follower {
  world: World;
  formation: number;
  ids: number[];
}

/** A circle read from unknown data, finite and clamped. */
function readCircle(v: unknown, fallback: Circle): Circle {
  const o = (typeof v === "object" && v !== null ? v : {}) as Record<string, unknown>;
  const p = readPoint(o, fallback, LIMIT);
  return { x: p.x, y: p.y, radius: clamp(o["radius"], 0.1, 50, fallback.radius) };
}

export function mount(root: HTMLElement, api: Api, options: DiagramOptions = {}): Diagram {
  root.classList.add("diagram");
  const state: PathfindState = structuredClone(DEFAULTS);
  if (options["mode"] === "grid") setModeState("grid");
  state.radius = clamp(Number(options["radius"] ?? NaN), 0.2, 8, state.radius);
  state.clearance = clamp(Number(options["clearance"] ?? NaN), 0, 3, state.clearance);
  state.showGraph = options["graph"] === "1" || options["graph"] === "true";
  state.showExpanded = options["expanded"] === "1" || options["expanded"] === "true";
  const canFollow = typeof (api as Partial<Api>).World === "function";
  const changes = new Emitter();
  let playing = false;
  /** Seconds played since the unit reached the end of the path. */
  let overrun = 0;
  let frame = 0;
  let lastTick = 0;
  let selected = -1;
  let follower: Follower | null = null;

  const view = new View(root, { center: { x: 0, y: 2 }, span: 26, label: "Pathfinding with a turning radius around obstacles" });
  const handles = new Handles(view);
  // The two worlds are the figures (the step is the mode).
  const figure = new Figure(root, view, PATHFIND_STEPS, state.mode, (id) => {
    if (id === "around" || id === "grid") update(() => setMode(id));
  });
  const bar = controlBar(root);
  const modeSelect = select(
    bar,
    "world",
    [
      { value: "around", text: "circles and polygons" },
      { value: "grid", text: "tile grid (Pinter's A*)" },
    ],
    state.mode,
    (v) => update(() => setMode(v)),
  );
  const radiusSlider = slider(bar, {
    label: "turning radius",
    min: 0.2,
    max: 8,
    step: 0.1,
    value: state.radius,
    format: (v) => v.toFixed(1),
    onInput: (v) => update(() => (state.radius = v)),
  });
  const clearanceSlider = slider(bar, {
    label: "clearance",
    min: 0,
    max: 3,
    step: 0.05,
    value: state.clearance,
    format: (v) => v.toFixed(2),
    onInput: (v) => update(() => (state.clearance = v)),
  });
  const arriveBox = checkbox(bar, "arrive with a heading", state.arrive, (v) => update(() => setArrive(v)));
  const graphBox = checkbox(bar, "search graph", state.showGraph, (v) => update(() => (state.showGraph = v)));
  const expandedBox = checkbox(bar, "expanded nodes", state.showExpanded, (v) => update(() => (state.showExpanded = v)));
  const addButton = button(bar, "add a circle", () => update(addCircle));
  const removeButton = button(bar, "remove circle", () => update(removeCircle));
  const formationBox = checkbox(bar, "a formation follows", state.formation, (v) => update(() => (state.formation = v)));
  if (!canFollow) {
    formationBox.disabled = true;
    formationBox.parentElement?.setAttribute("title", "needs the World of the steering module");
  }
  const playButton = button(bar, "Play", () => (playing ? pause() : play()));
  const timeSlider = slider(bar, {
    label: "time (s)",
    min: 0,
    max: 1e6,
    step: 0.01,
    value: 0,
    format: (v) => v.toFixed(2),
    onInput: (v) => {
      pause();
      update(() => (state.time = v));
    },
  });
  const status = textLine(root, "status");
  const readout = textLine(root, "readout");

  // --- handles ---------------------------------------------------------------
  const clampPoint = (p: Point): Point => readPoint(p, { x: 0, y: 0 }, LIMIT);
  const goalHeading: HeadingHandle = {
    kind: "heading",
    label: "goal heading",
    pose: () => state.goal,
    setHeading: (h) => update(() => (state.goal = { ...state.goal, heading: wrapAngle(h) })),
    color: "#c2410c",
  };
  handles.add({
    kind: "point",
    label: "goal",
    get: () => state.goal,
    set: (p) => update(() => (state.goal = { ...clampPoint(p), heading: state.goal.heading })),
    color: "#c2410c",
  });
  handles.add({
    kind: "heading",
    label: "unit heading",
    pose: () => state.unit,
    setHeading: (h) => update(() => (state.unit = { ...state.unit, heading: wrapAngle(h) })),
  });
  handles.add({
    kind: "point",
    label: "unit",
    get: () => state.unit,
    set: (p) => update(() => (state.unit = { ...clampPoint(p), heading: state.unit.heading })),
  });
  let obstacleHandles: Handle[] = [];

  /** One centre and one rim knob per circle, one knob per polygon corner (around mode only). */
  function rebuildObstacleHandles(): void {
    for (const h of obstacleHandles) handles.remove(h);
    obstacleHandles = [];
    if (state.mode !== "around") return;
    state.circles.forEach((_, i) => {
      obstacleHandles.push(
        handles.add({
          kind: "point",
          label: `circle ${i}`,
          get: () => state.circles[i] ?? { x: 0, y: 0 },
          set: (p) =>
            update(() => {
              const c = state.circles[i];
              if (c) state.circles[i] = { ...clampPoint(p), radius: c.radius };
              selected = i;
            }),
          color: "#57534e",
          radiusPx: 6,
        }),
        handles.add({
          kind: "point",
          label: `circle ${i} radius`,
          get: () => {
            const c = state.circles[i] ?? { x: 0, y: 0, radius: 1 };
            return { x: c.x + c.radius, y: c.y };
          },
          // The rim knob's distance from the centre is the radius (a handle's reading, not path geometry).
          set: (p) =>
            update(() => {
              const c = state.circles[i];
              if (c) state.circles[i] = { ...c, radius: clamp(view.snapLength(Math.hypot(p.x - c.x, p.y - c.y)), 0.1, 50, c.radius) };
              selected = i;
            }),
          color: "#a8a29e",
          radiusPx: 5,
        }),
      );
    });
    state.polygons.forEach((poly, k) =>
      poly.forEach((_, j) =>
        obstacleHandles.push(
          handles.add({
            kind: "point",
            label: `polygon ${k} corner ${j}`,
            get: () => state.polygons[k]?.[j] ?? { x: 0, y: 0 },
            set: (p) =>
              update(() => {
                const poly = state.polygons[k];
                if (poly && poly[j]) poly[j] = clampPoint(p);
              }),
            color: "#78716c",
            radiusPx: 5,
          }),
        ),
      ),
    );
  }

  function setArrive(v: boolean): void {
    state.arrive = v;
    if (v && !handles.has(goalHeading)) handles.add(goalHeading);
    if (!v && handles.has(goalHeading)) handles.remove(goalHeading);
  }

  function setModeState(m: Mode): void {
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

  function setMode(m: Mode): void {
    setModeState(m);
    modeSelect.value = state.mode;
    figure.select(state.mode);
    radiusSlider.set(state.radius);
    rebuildObstacleHandles();
    addButton.disabled = removeButton.disabled = state.mode !== "around";
    clearanceSlider.input.disabled = state.mode !== "around";
    view.fit();
  }

  function addCircle(): void {
    if (state.circles.length >= MAX_CIRCLES) return;
    const c = view.camera().center;
    // Somewhere near the middle of the view, stepped so that additions do not stack.
    const k = state.circles.length;
    state.circles.push({ x: c.x + ((k * 3) % 9) - 4, y: c.y + ((k * 5) % 7) - 3, radius: 1.5 });
    selected = state.circles.length - 1;
    rebuildObstacleHandles();
  }

  function removeCircle(): void {
    if (state.circles.length === 0) return;
    const i = selected >= 0 && selected < state.circles.length ? selected : state.circles.length - 1;
    state.circles.splice(i, 1);
    selected = -1;
    rebuildObstacleHandles();
  }

  // --- painting the grid ---------------------------------------------------------
  function tileAt(p: Point): number | null {
    const c = Math.floor(p.x / state.tile);
    const r = Math.floor(p.y / state.tile);
    return c >= 0 && r >= 0 && c < state.columns && r < state.rows ? r * state.columns + c : null;
  }

  function setTile(k: number, blocked: boolean): void {
    const b = state.blocked;
    if ((b[k] === "1") === blocked) return;
    state.blocked = b.slice(0, k) + (blocked ? "1" : "0") + b.slice(k + 1);
  }

  /** Drags on the tiles (in grid mode, away from the handles) paint walls, or erase them when the first tile was a wall. */
  const painter: Grabbable = {
    distancePx: (_v, p) => (state.mode === "grid" && tileAt(p) !== null ? 13 : Infinity),
    grab: (p): Drag | null => {
      const k = tileAt(p);
      if (state.mode !== "grid" || k === null) return null;
      const paint = state.blocked[k] !== "1";
      update(() => setTile(k, paint));
      return {
        move: (q) => {
          const j = tileAt(q);
          if (j !== null && (state.blocked[j] === "1") !== paint) update(() => setTile(j, paint));
        },
        end: () => {},
      };
    },
  };
  view.grabbables.unshift(painter);

  // --- the plan ------------------------------------------------------------------
  function duration(): number {
    return computed.path ? computed.path.length / SPEED : 0;
  }

  function goalArg(): Pose | Point {
    return state.arrive ? state.goal : { x: state.goal.x, y: state.goal.y };
  }

  function gridArg(): { columns: number; rows: number; tile: number; blocked: Uint8Array } {
    const blocked = new Uint8Array(state.columns * state.rows);
    for (let k = 0; k < blocked.length; k++) blocked[k] = state.blocked[k] === "1" ? 1 : 0;
    return { columns: state.columns, rows: state.rows, tile: state.tile, blocked };
  }

  function compute(): Computed {
    const out: Computed = { path: null, noPath: null, noPathKind: null, error: null, expanded: 0, ms: 0, around: null, grid: null, unitAt: null };
    try {
      if (state.mode === "around") {
        const obstacles = { circles: state.circles, polygons: state.polygons };
        const opts = { clearance: state.clearance };
        const t0 = performance.now();
        out.path = api.planAround(state.unit, goalArg(), state.radius, obstacles, opts) as Path | null;
        out.ms = performance.now() - t0;
        out.around = api.planAroundDebug(state.unit, goalArg(), state.radius, obstacles, opts);
        out.expanded = out.around.expanded;
        out.noPath = out.around.noPath?.message ?? null;
        out.noPathKind = out.around.noPath?.kind ?? null;
      } else {
        const grid = gridArg();
        const t0 = performance.now();
        const plan = api.planOnGrid(grid, state.unit, goalArg(), state.radius);
        out.ms = performance.now() - t0;
        out.path = plan.path as Path | null;
        out.expanded = plan.expanded;
        out.noPath = plan.noPath?.message ?? null;
        out.noPathKind = plan.noPath?.kind ?? null;
        if (state.showExpanded) out.grid = api.planOnGridDebug(grid, state.unit, goalArg(), state.radius);
      }
      if (out.path) {
        const end = out.path.length / SPEED;
        if (state.time > end) state.time = end;
        out.unitAt = api.poseAtTime(out.path, SPEED, state.time) as Pose;
      } else {
        state.time = 0;
      }
    } catch (e) {
      out.error = errorMessage(e);
    }
    return out;
  }

  let computed: Computed = compute();

  function update(change: () => void): void {
    change();
    computed = compute();
    syncFollower();
    render();
    changes.emit();
  }

  // --- the formation ---------------------------------------------------------------
  /** A fresh World whose formation follows the current path from its start (or none). */
  function syncFollower(): void {
    follower?.world.free();
    follower = null;
    if (!state.formation || !canFollow || !computed.path) return;
    try {
      const world = new api.World(3);
      const formation = world.createFormation({ pattern: "v", spacing: 2.5 });
      const ids: number[] = [];
      const s = state.unit;
      for (let k = 0; k < 5; k++) {
        // Behind the start, side by side: starting places, not path geometry.
        const back = 2 + 2 * Math.floor(k / 2);
        const side = (k % 2 === 0 ? 1 : -1) * (1 + k);
        const id = world.addVehicle({
          x: s.x - back * Math.cos(s.heading) - side * Math.sin(s.heading),
          y: s.y - back * Math.sin(s.heading) + side * Math.cos(s.heading),
          maxSpeed: SPEED * 1.4,
          maxForce: 40,
        });
        if (world.joinFormation(formation, id)) ids.push(id);
      }
      world.followFormationPath(formation, computed.path);
      follower = { world, formation, ids };
      // Catch up with the scrubber's time.
      for (let t = 0; t < state.time; t += 1 / 30) world.step(1 / 30);
    } catch (e) {
      computed.error = errorMessage(e);
    }
  }

  function followerView(): { vehicles: Pose[]; slots: Pose[] } {
    if (!follower) return { vehicles: [], slots: [] };
    try {
      const f = follower.world.formation(follower.formation) as { slots: { target: Pose }[] };
      const vehicles = follower.ids.map((id) => follower?.world.vehicle(id) as Pose);
      return { vehicles, slots: f.slots.map((s) => s.target) };
    } catch {
      return { vehicles: [], slots: [] };
    }
  }

  // --- play ------------------------------------------------------------------------
  function tick(now: number): void {
    if (!playing) return;
    const dt = lastTick ? Math.min(0.1, (now - lastTick) / 1000) : 0;
    lastTick = now;
    const end = duration();
    // Past the end the unit waits and a formation gets FORMATION_SETTLE seconds to close up on it.
    if (state.time + dt > end) overrun += state.time + dt - Math.max(state.time, end);
    const next = Math.min(end, state.time + dt);
    state.time = next;
    if (computed.path) computed.unitAt = api.poseAtTime(computed.path, SPEED, state.time) as Pose;
    if (follower && dt > 0) follower.world.step(dt);
    render();
    changes.emit();
    if (next >= end && (!follower || overrun >= FORMATION_SETTLE)) {
      pause();
      return;
    }
    frame = requestAnimationFrame(tick);
  }

  function play(): void {
    if (!computed.path) return;
    if (state.time >= duration()) {
      state.time = 0;
      syncFollower();
    }
    playing = true;
    lastTick = 0;
    overrun = 0;
    playButton.textContent = "Pause";
    frame = requestAnimationFrame(tick);
  }

  function pause(): void {
    playing = false;
    cancelAnimationFrame(frame);
    playButton.textContent = "Play";
  }

  // --- words ---------------------------------------------------------------------
  function render(): void {
    view.requestDraw();
    timeSlider.input.max = String(Math.max(duration(), 0.01));
    timeSlider.set(state.time);
    const c = computed;
    status.classList.toggle("info", !!c.path);
    if (c.error) status.textContent = `No path: ${c.error}.`;
    else if (!c.path) status.textContent = `No path: ${c.noPath ?? "unknown"}.`;
    else status.textContent = "";
    figure.show(pathfindNumbers(c.path, c.expanded, state.radius, state.mode === "around" ? state.clearance : null));
    const what = state.mode === "around" ? "planAround" : "planOnGrid";
    readout.textContent = [
      c.path ? `${c.path.word} · length ${c.path.length.toFixed(3)}` : "no path",
      `${c.expanded} nodes expanded`,
      `${what} ${c.ms.toFixed(2)} ms`,
      c.path ? `t = ${state.time.toFixed(2)} s of ${duration().toFixed(2)} s at ${SPEED} units/s` : "",
    ]
      .filter((s) => s)
      .join(" · ");
  }

  // --- drawing ---------------------------------------------------------------------
  view.onDraw = (ctx) => {
    const accent = cssVar(view.stage, "--accent", "#0b6bcb");
    const accent2 = cssVar(view.stage, "--accent-2", "#d2481c");
    const muted = cssVar(view.stage, "--muted", "#6b6b70");
    const solid = cssVar(view.stage, "--obstacle", "#a8a29e");
    if (state.mode === "grid") drawGrid(ctx, solid, muted);
    else drawObstacles(ctx, solid, muted);
    if (state.showGraph && computed.around) {
      for (const g of computed.around.guides) circle(ctx, view, g.center, g.radius, { color: muted, widthPx: 1, alpha: 0.35, dashPx: [3, 4] });
      for (const e of computed.around.edges) strokePath(ctx, view, e.path, { color: e.clear ? accent : accent2, widthPx: 1, alpha: e.clear ? 0.35 : 0.18 });
    }
    if (state.showExpanded) {
      const poses = state.mode === "around" ? (computed.around?.expandedPoses ?? []) : (computed.grid?.expandedPoses ?? []);
      for (const p of poses) poseMarker(ctx, view, p, muted, 7);
    }
    if (computed.path) strokePath(ctx, view, computed.path, { color: accent, widthPx: 3.5 });
    const f = followerView();
    for (const s of f.slots) dot(ctx, view, s, muted, 2.5);
    for (const v of f.vehicles) poseMarker(ctx, view, v, accent2, 12);
    if (computed.unitAt) poseMarker(ctx, view, computed.unitAt, accent, 18);
    handles.draw(ctx);
  };

  function drawObstacles(ctx: CanvasRenderingContext2D, solid: string, muted: string): void {
    for (const c of state.circles) {
      ctx.save();
      ctx.fillStyle = solid;
      ctx.globalAlpha = 0.55;
      ctx.beginPath();
      ctx.arc(c.x, c.y, c.radius, 0, 2 * Math.PI);
      ctx.fill();
      ctx.restore();
      if (state.clearance > 0) circle(ctx, view, c, c.radius + state.clearance, { color: muted, widthPx: 1, alpha: 0.6, dashPx: [2, 3] });
    }
    for (const poly of state.polygons) {
      ctx.save();
      ctx.fillStyle = solid;
      ctx.globalAlpha = 0.55;
      ctx.beginPath();
      poly.forEach((p, j) => (j === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      ctx.closePath();
      ctx.fill();
      ctx.restore();
    }
    const sel = state.circles[selected];
    if (sel) circle(ctx, view, sel, sel.radius, { color: muted, widthPx: 2 });
  }

  function drawGrid(ctx: CanvasRenderingContext2D, solid: string, muted: string): void {
    const t = state.tile;
    ctx.save();
    ctx.fillStyle = solid;
    for (let r = 0; r < state.rows; r++) {
      for (let c = 0; c < state.columns; c++) if (state.blocked[r * state.columns + c] === "1") ctx.fillRect(c * t, r * t, t, t);
    }
    ctx.restore();
    ctx.save();
    ctx.strokeStyle = muted;
    ctx.globalAlpha = 0.35;
    ctx.lineWidth = view.px(1);
    ctx.beginPath();
    for (let c = 0; c <= state.columns; c++) {
      ctx.moveTo(c * t, 0);
      ctx.lineTo(c * t, state.rows * t);
    }
    for (let r = 0; r <= state.rows; r++) {
      ctx.moveTo(0, r * t);
      ctx.lineTo(state.columns * t, r * t);
    }
    ctx.stroke();
    ctx.restore();
  }

  // --- start --------------------------------------------------------------------------
  // Framed: the unit, the goal, the path and its followers, and the obstacles (or the whole grid).
  view.subject = () => {
    const b = new Bounds().point(state.unit).point(state.goal).point(computed.unitAt).path(computed.path).points(followerView().vehicles);
    if (state.mode === "grid") return b.point({ x: 0, y: 0 }).point({ x: state.columns * state.tile, y: state.rows * state.tile }).box();
    for (const c of state.circles) b.circle(c, c.radius + state.clearance);
    for (const poly of state.polygons) b.points(poly);
    return b.box();
  };
  setArrive(state.arrive);
  setMode(state.mode);
  rebuildObstacleHandles();
  addButton.disabled = removeButton.disabled = state.mode !== "around";
  render();
  if (prefersReducedMotion()) pause();

  return {
    kind: "pathfind",
    getState: () => structuredClone(state),
    readout: () => ({
      path: computed.path,
      length: computed.path?.length ?? null,
      word: computed.path?.word ?? null,
      expanded: computed.expanded,
      ms: computed.ms,
      noPath: computed.noPath,
      noPathKind: computed.noPathKind,
      error: computed.error,
      guides: computed.around?.guides.length ?? 0,
      edges: computed.around?.edges.length ?? 0,
      expandedPoses: (state.mode === "around" ? computed.around?.expandedPoses.length : computed.grid?.expandedPoses.length) ?? 0,
      unitAt: computed.unitAt,
      duration: duration(),
      playing,
      followers: followerView().vehicles,
      status: status.textContent ?? "",
      selected,
    }),
    setState: (s: unknown) => {
      const o = (typeof s === "object" && s !== null ? s : {}) as Record<string, unknown>;
      update(() => {
        if (o["mode"] === "around" || o["mode"] === "grid") setModeState(o["mode"]);
        state.unit = readPose(o["unit"], state.unit, LIMIT);
        state.goal = readPose(o["goal"], state.goal, LIMIT);
        if (typeof o["arrive"] === "boolean") setArrive(o["arrive"]);
        state.radius = clamp(o["radius"], 0.2, 8, state.radius);
        state.clearance = clamp(o["clearance"], 0, 3, state.clearance);
        if (Array.isArray(o["circles"])) {
          state.circles = o["circles"].slice(0, MAX_CIRCLES).map((c: unknown) => readCircle(c, { x: 0, y: 0, radius: 1 }));
        }
        if (Array.isArray(o["polygons"])) {
          state.polygons = o["polygons"]
            .slice(0, 8)
            .filter((p: unknown): p is unknown[] => Array.isArray(p))
            .map((p) => p.slice(0, 32).map((q: unknown) => readPoint(q, { x: 0, y: 0 }, LIMIT)));
        }
        const columns = Math.round(clamp(o["columns"], 2, MAX_TILES, state.columns));
        const rows = Math.round(clamp(o["rows"], 2, MAX_TILES, state.rows));
        if (columns !== state.columns || rows !== state.rows) {
          state.columns = columns;
          state.rows = rows;
          state.blocked = "0".repeat(columns * rows);
        }
        state.tile = clamp(o["tile"], 0.2, 10, state.tile);
        const b = o["blocked"];
        if (typeof b === "string" && b.length === state.columns * state.rows && /^[01]*$/.test(b)) state.blocked = b;
        if (typeof o["showGraph"] === "boolean") state.showGraph = o["showGraph"];
        if (typeof o["showExpanded"] === "boolean") state.showExpanded = o["showExpanded"];
        if (typeof o["formation"] === "boolean") state.formation = o["formation"] && canFollow;
        state.time = clamp(o["time"], 0, 1e6, state.time);
        setMode(state.mode);
        radiusSlider.set(state.radius);
        clearanceSlider.set(state.clearance);
        arriveBox.checked = state.arrive;
        graphBox.checked = state.showGraph;
        expandedBox.checked = state.showExpanded;
        formationBox.checked = state.formation;
      });
    },
    onChange: (l) => changes.on(l),
    figure: () => figure.readout(),
    onFigure: (l) => figure.onNumbers(l),
    destroy: () => {
      figure.clear();
      pause();
      changes.clear();
      handles.destroy();
      follower?.world.free();
      follower = null;
      view.destroy();
      root.replaceChildren();
    },
  };
}
