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
// The model (state, ranges, the one setter) is pathfind_model.ts, the
// follower's World pathfind_follower.ts; here `compute` plans from the
// state, `draw` draws the state and what was computed, and `mount` wires
// the controls and handles to them.
import { figureDiagramMembers, type Api, type Diagram, type DiagramOptions } from "../shell/diagram.js";
import { View, cssVar } from "../shell/view.js";
import { Bounds } from "../shell/box.js";
import type { Drag, Grabbable } from "../shell/view.js";
import { Handles, addPoseHandles } from "../shell/handles.js";
import type { Handle, HeadingHandle } from "../shell/handles.js";
import { circle, dot, fillDisc, fillPolygon, poseMarker, strokePath } from "../shell/draw.js";
import { button, checkbox, controlBar, select, slider, textLine } from "../shell/controls.js";
import { Figure } from "../shell/figure.js";
import { PATHFIND_STEPS, pathfindNumbers } from "./pathfind-figures.js";
import { Emitter } from "../shell/emitter.js";
import { prefersReducedMotion } from "../shell/motion.js";
import { Player } from "../shell/player.js";
import { errorMessage, wrapAngle } from "../shell/types.js";
import type { Path, Point, Pose } from "../shell/types.js";
import type { AroundSearch, GridSearch } from "../../pkg/arcline.js";
import type { PathfindState } from "../../package/arcline-demo.js";
import { DEFAULTS, MAX_CIRCLES, RANGES, SPEED, clampPoint, fromAttributes, readState, setModeState, tileAt, withTile, type Mode } from "./pathfind_model.js";
import { Follower, type FollowerView } from "./pathfind_follower.js";

/** What the core returned for a state. */
interface Computed {
  path: Path | null;
  /** Why there is no path, in the core's words. */
  noPath: string | null;
  noPathKind: string | null;
  /** An input the core refused (a unit inside an obstacle, ...). */
  error: string | null;
  /** Nodes the search expanded (null around obstacles while nothing asked for the search's record). */
  expanded: number | null;
  /** Milliseconds of the calls this computation made (cached ones cost none). */
  ms: number;
  /** The plan's names for the read-out: the calls made, with their times. */
  calls: string[];
  around: AroundSearch | null;
  grid: GridSearch | null;
}

/** Seconds a following formation is given after the unit arrives, to close up before play stops. */
const FORMATION_SETTLE = 3;

/** The last result of one call, kept while its arguments stay the same. */
class Cached<A, R> {
  private key = "";
  private value: R | null = null;

  constructor(private readonly call: (args: A) => R) {}

  /** The result for `args`, and whether it was computed now. */
  get(args: A): { value: R; fresh: boolean } {
    const key = JSON.stringify(args);
    if (this.value !== null && key === this.key) return { value: this.value, fresh: false };
    const value = this.call(args);
    this.key = key;
    this.value = value;
    return { value, fresh: true };
  }
}

type AroundArgs = Parameters<Api["planAroundDebug"]>;
type GridArgs = Parameters<Api["planOnGrid"]>;

/** The calls `compute` makes, each cached on its arguments. */
export interface Planner {
  around: Cached<AroundArgs, Path | null>;
  aroundDebug: Cached<AroundArgs, AroundSearch>;
  grid: Cached<GridArgs, ReturnType<Api["planOnGrid"]>>;
  gridDebug: Cached<GridArgs, GridSearch>;
}

function planner(api: Api): Planner {
  return {
    around: new Cached((a: AroundArgs) => api.planAround(...a) as Path | null),
    aroundDebug: new Cached((a: AroundArgs) => api.planAroundDebug(...a)),
    grid: new Cached((a: GridArgs) => api.planOnGrid(...a)),
    gridDebug: new Cached((a: GridArgs) => api.planOnGridDebug(...a)),
  };
}

function goalArg(state: PathfindState): Pose | Point {
  return state.arrive ? state.goal : { x: state.goal.x, y: state.goal.y };
}

function gridArg(state: PathfindState): { columns: number; rows: number; tile: number; blocked: Uint8Array } {
  const blocked = new Uint8Array(state.columns * state.rows);
  for (let k = 0; k < blocked.length; k++) blocked[k] = state.blocked[k] === "1" ? 1 : 0;
  return { columns: state.columns, rows: state.rows, tile: state.tile, blocked };
}

/**
 * The plan for a state: the path, and the search's record only while it is
 * shown (or to say why there is no path). Each call is cached on its
 * arguments; `ms` sums the calls made now.
 */
function compute(p: Planner, state: PathfindState): Computed {
  const out: Computed = { path: null, noPath: null, noPathKind: null, error: null, expanded: null, ms: 0, calls: [], around: null, grid: null };
  const timed = <R>(name: string, c: { get(): { value: R; fresh: boolean } }): R => {
    const t0 = performance.now();
    const { value, fresh } = c.get();
    if (fresh) {
      const ms = performance.now() - t0;
      out.ms += ms;
      out.calls.push(`${name} ${ms.toFixed(2)} ms`);
    }
    return value;
  };
  try {
    if (state.mode === "around") {
      const args: AroundArgs = [state.unit, goalArg(state), state.radius, { circles: state.circles, polygons: state.polygons }, { clearance: state.clearance }];
      out.path = timed("planAround", { get: () => p.around.get(args) });
      if (state.showGraph || state.showExpanded || !out.path) {
        out.around = timed("planAroundDebug", { get: () => p.aroundDebug.get(args) });
        out.expanded = out.around.expanded;
        out.noPath = out.around.noPath?.message ?? null;
        out.noPathKind = out.around.noPath?.kind ?? null;
      }
    } else {
      const args: GridArgs = [gridArg(state), state.unit, goalArg(state), state.radius];
      const plan = timed("planOnGrid", { get: () => p.grid.get(args) });
      out.path = plan.path as Path | null;
      out.expanded = plan.expanded;
      out.noPath = plan.noPath?.message ?? null;
      out.noPathKind = plan.noPath?.kind ?? null;
      if (state.showExpanded) out.grid = timed("planOnGridDebug", { get: () => p.gridDebug.get(args) });
    }
  } catch (e) {
    out.error = errorMessage(e);
  }
  return out;
}

/** Seconds along the path at SPEED. */
function duration(c: Computed): number {
  return c.path ? c.path.length / SPEED : 0;
}

/** The colours a figure is drawn in (the page's CSS variables). */
interface Colors {
  accent: string;
  accent2: string;
  muted: string;
  solid: string;
}

/** What is drawn: the state, what the core returned, the unit and the follower now. */
interface Scene {
  state: PathfindState;
  computed: Computed;
  unitAt: Pose | null;
  follower: FollowerView;
  selected: number;
}

/** Draws a scene (the handles are drawn after it). */
function draw(ctx: CanvasRenderingContext2D, view: View, s: Scene, colors: Colors): void {
  const { state, computed } = s;
  const { accent, accent2, muted, solid } = colors;
  if (state.mode === "grid") drawGrid(ctx, view, state, solid, muted);
  else drawObstacles(ctx, view, state, s.selected, solid, muted);
  if (state.showGraph && computed.around) {
    for (const g of computed.around.guides) circle(ctx, view, g.center, g.radius, { color: muted, widthPx: 1, alpha: 0.35, dashPx: [3, 4] });
    for (const e of computed.around.edges) strokePath(ctx, view, e.path, { color: e.clear ? accent : accent2, widthPx: 1, alpha: e.clear ? 0.35 : 0.18 });
  }
  if (state.showExpanded) {
    const poses = state.mode === "around" ? (computed.around?.expandedPoses ?? []) : (computed.grid?.expandedPoses ?? []);
    for (const p of poses) poseMarker(ctx, view, p, muted, 7);
  }
  if (computed.path) strokePath(ctx, view, computed.path, { color: accent, widthPx: 3.5 });
  for (const slot of s.follower.slots) dot(ctx, view, slot, muted, 2.5);
  for (const v of s.follower.vehicles) poseMarker(ctx, view, v, accent2, 12);
  if (s.unitAt) poseMarker(ctx, view, s.unitAt, accent, 18);
}

function drawObstacles(ctx: CanvasRenderingContext2D, view: View, state: PathfindState, selected: number, solid: string, muted: string): void {
  for (const c of state.circles) {
    fillDisc(ctx, c, c.radius, solid, 0.55);
    if (state.clearance > 0) circle(ctx, view, c, c.radius + state.clearance, { color: muted, widthPx: 1, alpha: 0.6, dashPx: [2, 3] });
  }
  for (const poly of state.polygons) fillPolygon(ctx, poly, solid, 0.55);
  const sel = state.circles[selected];
  if (sel) circle(ctx, view, sel, sel.radius, { color: muted, widthPx: 2 });
}

function drawGrid(ctx: CanvasRenderingContext2D, view: View, state: PathfindState, solid: string, muted: string): void {
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

/** How many handles the obstacles need (circles, and corners of each polygon). */
function obstacleShape(state: PathfindState): string {
  return state.mode === "around" ? [state.circles.length, ...state.polygons.map((p) => p.length)].join(",") : "";
}

export function mount(root: HTMLElement, api: Api, options: DiagramOptions = {}): Diagram {
  root.classList.add("diagram");
  const canFollow = typeof (api as Partial<Api>).World === "function";
  const state: PathfindState = structuredClone(DEFAULTS);
  readState(state, fromAttributes(options), canFollow);
  const changes = new Emitter();
  const plans = planner(api);
  const follower = new Follower(api);
  /** Seconds played since the unit reached the end of the path. */
  let overrun = 0;
  let selected = -1;
  let computed: Computed = compute(plans, state);
  let unitAt: Pose | null = null;

  const view = new View(root, { center: { x: 0, y: 2 }, span: 26, label: "Pathfinding with a turning radius around obstacles" });
  const handles = new Handles(view);
  // The two worlds are the figures (the step is the mode).
  const figure = new Figure(root, view, PATHFIND_STEPS, state.mode, (id) => {
    if (id === "around" || id === "grid") set({ mode: id });
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
    (v: Mode) => set({ mode: v }),
  );
  const radiusSlider = slider(bar, { label: "turning radius", ...RANGES.radius, value: state.radius, format: (v) => v.toFixed(1), onInput: (v) => set({ radius: v }) });
  const clearanceSlider = slider(bar, { label: "clearance", ...RANGES.clearance, value: state.clearance, format: (v) => v.toFixed(2), onInput: (v) => set({ clearance: v }) });
  const arriveBox = checkbox(bar, "arrive with a heading", state.arrive, (v) => set({ arrive: v }));
  const graphBox = checkbox(bar, "search graph", state.showGraph, (v) => set({ showGraph: v }));
  const expandedBox = checkbox(bar, "expanded nodes", state.showExpanded, (v) => set({ showExpanded: v }));
  const addButton = button(bar, "add a circle", () => update(addCircle));
  const removeButton = button(bar, "remove circle", () => update(removeCircle));
  const formationBox = checkbox(bar, "a formation follows", state.formation, (v) => set({ formation: v }));
  if (!canFollow) {
    formationBox.disabled = true;
    formationBox.parentElement?.setAttribute("title", "needs the World of the steering module");
  }
  const player = new Player(
    bar,
    {
      canPlay: () => !!computed.path,
      duration: () => duration(computed),
      time: () => state.time,
      setTime: (t) => (state.time = t),
      advance: (next, past) => {
        // Past the end the unit waits and a formation gets FORMATION_SETTLE seconds to close up on it.
        overrun += past;
        state.time = next;
        place();
        render();
        changes.emit();
      },
      settled: () => !state.formation || overrun >= FORMATION_SETTLE,
      onPlay: () => {
        overrun = 0;
        place();
      },
    },
    { ...RANGES.time, onSeek: (v) => set({ time: v }) },
  );
  const status = textLine(root, "status");
  const readout = textLine(root, "readout");

  // --- handles: each hands its value to the one setter ---------------------------
  const goalHeading: HeadingHandle = {
    kind: "heading",
    label: "goal heading",
    pose: () => state.goal,
    setHeading: (h) => set({ goal: { ...state.goal, heading: wrapAngle(h) } }),
    color: "#c2410c",
  };
  handles.add({ kind: "point", label: "goal", get: () => state.goal, set: (p) => set({ goal: { ...p, heading: state.goal.heading } }), color: "#c2410c" });
  addPoseHandles(handles, { heading: "unit heading", position: "unit", get: () => state.unit, set: (p) => set({ unit: p }) });
  let obstacleHandles: Handle[] = [];
  let obstacleHandlesFor = "";

  /** A circle changed by a handle (and selected). */
  function setCircle(i: number, change: (c: { x: number; y: number; radius: number }) => { x: number; y: number; radius: number }): void {
    selected = i;
    set({ circles: state.circles.map((c, k) => (k === i ? change(c) : c)) });
  }

  /** One centre and one rim knob per circle, one knob per polygon corner (around mode only); kept while their number is. */
  function syncObstacleHandles(): void {
    const shape = obstacleShape(state);
    if (shape === obstacleHandlesFor) return;
    obstacleHandlesFor = shape;
    for (const h of obstacleHandles) handles.remove(h);
    obstacleHandles = [];
    if (state.mode !== "around") return;
    state.circles.forEach((_, i) => {
      obstacleHandles.push(
        handles.add({
          kind: "point",
          label: `circle ${i}`,
          get: () => state.circles[i] ?? { x: 0, y: 0 },
          set: (p) => setCircle(i, (c) => ({ ...p, radius: c.radius })),
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
          set: (p) => setCircle(i, (c) => ({ ...c, radius: view.snapLength(Math.hypot(p.x - c.x, p.y - c.y)) })),
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
            set: (p) => set({ polygons: state.polygons.map((q, kk) => (kk === k ? q.map((c, jj) => (jj === j ? clampPoint(p) : c)) : q)) }),
            color: "#78716c",
            radiusPx: 5,
          }),
        ),
      ),
    );
  }

  function addCircle(): void {
    if (state.circles.length >= MAX_CIRCLES) return;
    const c = view.camera().center;
    // Somewhere near the middle of the view, stepped so that additions do not stack.
    const k = state.circles.length;
    state.circles.push({ x: c.x + ((k * 3) % 9) - 4, y: c.y + ((k * 5) % 7) - 3, radius: 1.5 });
    selected = state.circles.length - 1;
  }

  function removeCircle(): void {
    if (state.circles.length === 0) return;
    const i = selected >= 0 && selected < state.circles.length ? selected : state.circles.length - 1;
    state.circles.splice(i, 1);
    selected = -1;
  }

  /** Drags on the tiles (in grid mode, away from the handles) paint walls, or erase them when the first tile was a wall. */
  const painter: Grabbable = {
    distancePx: (_v, p) => (state.mode === "grid" && tileAt(state, p) !== null ? 13 : Infinity),
    grab: (p): Drag | null => {
      const k = tileAt(state, p);
      if (state.mode !== "grid" || k === null) return null;
      const paint = state.blocked[k] !== "1";
      set({ blocked: withTile(state.blocked, k, paint) });
      return {
        move: (q) => {
          const j = tileAt(state, q);
          if (j !== null && (state.blocked[j] === "1") !== paint) set({ blocked: withTile(state.blocked, j, paint) });
        },
        end: () => {},
      };
    },
  };
  view.grabbables.unshift(painter);

  // --- state changes ---------------------------------------------------------------
  /** Any partial state, through the one setter. */
  function set(v: Record<string, unknown>): void {
    update(() => readState(state, v, canFollow));
  }

  function update(change: () => void): void {
    const mode = state.mode;
    change();
    if (state.mode !== mode) view.fit();
    overrun = 0;
    computed = compute(plans, state);
    state.time = computed.path ? Math.min(state.time, duration(computed)) : 0;
    place();
    syncControls();
    render();
    changes.emit();
  }

  /** The unit and the follower at the state's time (the follower also through the overrun). */
  function place(): void {
    try {
      unitAt = computed.path ? (api.poseAtTime(computed.path, SPEED, state.time) as Pose) : null;
      if (state.formation && canFollow) follower.sync(computed.path, state.unit, state.time + overrun);
      else follower.dispose();
    } catch (e) {
      computed.error = errorMessage(e);
    }
  }

  /** The controls and handles as the state says. */
  function syncControls(): void {
    modeSelect.value = state.mode;
    figure.select(state.mode);
    radiusSlider.set(state.radius);
    clearanceSlider.set(state.clearance);
    arriveBox.checked = state.arrive;
    graphBox.checked = state.showGraph;
    expandedBox.checked = state.showExpanded;
    formationBox.checked = state.formation;
    addButton.disabled = removeButton.disabled = state.mode !== "around";
    clearanceSlider.input.disabled = state.mode !== "around";
    if (state.arrive && !handles.has(goalHeading)) handles.add(goalHeading);
    if (!state.arrive && handles.has(goalHeading)) handles.remove(goalHeading);
    syncObstacleHandles();
  }

  // --- words ---------------------------------------------------------------------
  function render(): void {
    view.requestDraw();
    player.sync();
    const c = computed;
    status.classList.toggle("info", !!c.path);
    if (c.error) status.textContent = `No path: ${c.error}.`;
    else if (!c.path) status.textContent = `No path: ${c.noPath ?? "unknown"}.`;
    else status.textContent = "";
    figure.show(pathfindNumbers(c.path, c.expanded, state.radius, state.mode === "around" ? state.clearance : null));
    readout.textContent = [
      c.path ? `${c.path.word} · length ${c.path.length.toFixed(3)}` : "no path",
      c.expanded !== null ? `${c.expanded} nodes expanded` : "",
      ...c.calls,
      c.path ? `t = ${state.time.toFixed(2)} s of ${duration(c).toFixed(2)} s at ${SPEED} units/s` : "",
    ]
      .filter((s) => s)
      .join(" · ");
  }

  view.onDraw = (ctx) => {
    const colors: Colors = {
      accent: cssVar(view.stage, "--accent", "#0b6bcb"),
      accent2: cssVar(view.stage, "--accent-2", "#d2481c"),
      muted: cssVar(view.stage, "--muted", "#6b6b70"),
      solid: cssVar(view.stage, "--obstacle", "#a8a29e"),
    };
    draw(ctx, view, { state, computed, unitAt, follower: follower.view(), selected }, colors);
    handles.draw(ctx);
  };

  // Framed: the unit, the goal, the path and its followers, and the obstacles (or the whole grid).
  view.subject = () => {
    const b = new Bounds().point(state.unit).point(state.goal).point(unitAt).path(computed.path).points(follower.view().vehicles);
    if (state.mode === "grid") return b.point({ x: 0, y: 0 }).point({ x: state.columns * state.tile, y: state.rows * state.tile }).box();
    for (const c of state.circles) b.circle(c, c.radius + state.clearance);
    for (const poly of state.polygons) b.points(poly);
    return b.box();
  };
  place();
  syncControls();
  view.fit();
  render();
  if (prefersReducedMotion()) player.pause();

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
      unitAt,
      duration: duration(computed),
      playing: player.playing,
      followers: follower.view().vehicles,
      status: status.textContent ?? "",
      selected,
    }),
    ...figureDiagramMembers({
      root, view, handles, figure, changes, set,
      stop: () => {
        player.pause();
        follower.dispose();
      },
    }),
  };
}
