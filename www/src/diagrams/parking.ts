// Parking: a car with a body and reverse gear among parked cars and kerbs.
// Drag the car (and turn it on its ring), the goal (and turn it), and the
// parked cars; the core plans with the whole body kept clear (planAround
// with `reverse` and `body`): backward pieces dashed, gear changes ringed,
// the car driven along the path with its body and wheels, and beside the
// canvas the length, the gear changes and the length driven backwards. The
// scenes are the tests': parallel parking, a row of bays, a dead end
// narrower than the turning circle. The page only draws what the core
// returns; where there is no path it says why in words.
import type { Api, Diagram, DiagramOptions } from "../shell/diagram.js";
import { View, cssVar, roundTo } from "../shell/view.js";
import { Bounds } from "../shell/box.js";
import { Handles, addPoseHandles } from "../shell/handles.js";
import type { Handle } from "../shell/handles.js";
import { circle, fillPolygon, label, strokeLine, strokePath } from "../shell/draw.js";
import { checkbox, controlBar, select, slider, textLine } from "../shell/controls.js";
import { Emitter, updater } from "../shell/emitter.js";
import { num, word } from "../shell/figure.js";
import type { FigureReadout } from "../shell/figure.js";
import { prefersReducedMotion } from "../shell/motion.js";
import { Player } from "../shell/player.js";
import { asRecord, clamp, errorMessage, readPoint, readPose } from "../shell/types.js";
import type { Path, Point, Pose } from "../shell/types.js";
import type { ParkingState } from "../../package/arcline-demo.js";

/** The car: a body `length` long and `width` wide, its pose the rear axle's centre, `rear` behind it. */
export const CAR = { length: 4.5, width: 1.8, rear: 1 } as const;
/** Where the front axle is, ahead of the rear one (for the wheels drawn). */
const WHEELBASE = 2.7;
const SPEED = 3;
const LIMIT = 1000;
/** The search's node budget: the scenes need a few hundred; a re-plan that would take more stops (and says so) rather than hold up a drag. */
const MAX_EXPANDED = 6_000;
type Scene = ParkingState["scene"];

/** An axis-aligned box as a polygon, counter-clockwise. */
function box(cx: number, cy: number, w: number, h: number): Point[] {
  return [
    { x: cx - w / 2, y: cy - h / 2 },
    { x: cx + w / 2, y: cy - h / 2 },
    { x: cx + w / 2, y: cy + h / 2 },
    { x: cx - w / 2, y: cy + h / 2 },
  ];
}

const AXLE = CAR.length / 2 - CAR.rear;

/** Each scene's start: its obstacles, car, goal and radius, and the bay lines painted on the ground. */
function sceneState(scene: Scene): Omit<ParkingState, "reverse" | "cuspCost" | "reverseCost" | "clearance" | "time"> {
  if (scene === "bay") {
    const cars = [-3, -2, -1, 1, 2, 3].map((i) => box(i * 2.6, 2.75, CAR.width, CAR.length));
    return { scene, radius: 5, car: { x: -12, y: 9, heading: 0 }, goal: { x: 0, y: 2.75 - AXLE, heading: Math.PI / 2 }, obstacles: [box(0, -0.5, 40, 1), box(0, 13.5, 40, 1), ...cars] };
  }
  if (scene === "dead end") {
    return { scene, radius: 5, car: { x: 15, y: -1.5, heading: 0 }, goal: { x: 15, y: 1.5, heading: Math.PI }, obstacles: [box(15, -4, 32, 1), box(15, 4, 32, 1), box(31.5, 0, 1, 9)] };
  }
  const gap = 1.5 * CAR.length;
  const x = gap / 2 + CAR.length / 2;
  return { scene: "parallel", radius: 4, car: { x: x + 1, y: 4, heading: 0 }, goal: { x: -AXLE, y: 1.1, heading: 0 }, obstacles: [box(0, -0.5, 40, 1), box(-x, 1.1, CAR.length, CAR.width), box(x, 1.1, CAR.length, CAR.width)] };
}

/** The bay lines of the bay scene (paint only: nothing plans round them). */
const BAY_LINES: [Point, Point][] = [-3.5, -2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5].map((k) => [
  { x: k * 2.6, y: 0 },
  { x: k * 2.6, y: 5.5 },
]);

const DEFAULTS: ParkingState = { ...sceneState("parallel"), reverse: true, clearance: 0, cuspCost: 0, reverseCost: 1, time: 0 };

interface Computed {
  path: Path | null;
  noPath: string | null;
  error: string | null;
  expanded: number;
  /** Where the gear changes (from the core's poseAt). */
  cusps: Pose[];
  /** The length driven backwards: the sum of the reverse segments' lengths. */
  backwards: number;
  unitAt: Pose | null;
  ms: number;
}

/** The polygon's mean corner: where its handle sits. */
function middle(poly: Point[]): Point {
  const n = Math.max(1, poly.length);
  return { x: poly.reduce((s, p) => s + p.x, 0) / n, y: poly.reduce((s, p) => s + p.y, 0) / n };
}

export function mount(root: HTMLElement, api: Api, options: DiagramOptions = {}): Diagram {
  root.classList.add("diagram");
  const scene0: Scene = options["scene"] === "bay" || options["scene"] === "dead end" ? options["scene"] : "parallel";
  const state: ParkingState = { ...structuredClone(DEFAULTS), ...sceneState(scene0) };
  if (options["reverse"] === "false" || options["reverse"] === "0") state.reverse = false;
  const changes = new Emitter();
  let computed: Computed = compute();
  const update = updater(changes, () => {
    computed = compute();
    render();
  });

  const view = new View(root, { center: { x: 0, y: 3 }, span: 30, label: "Parking: a car with a body and reverse gear among parked cars" });
  const handles = new Handles(view);
  const bar = controlBar(root);
  const sceneSelect = select<Scene>(
    bar,
    "scene",
    [
      { value: "parallel", text: "parallel parking" },
      { value: "bay", text: "a row of bays" },
      { value: "dead end", text: "a dead end" },
    ],
    state.scene,
    (v) => {
      update(() => Object.assign(state, sceneState(v), { time: 0 }));
      syncObstacleHandles();
    },
  );
  const reverseBox = checkbox(bar, "reverse gear", state.reverse, (v) => update(() => (state.reverse = v)));
  const radiusSlider = slider(bar, { label: "turning radius", min: 2, max: 8, step: 0.1, value: state.radius, format: (v) => v.toFixed(1), onInput: (v) => update(() => (state.radius = v)) });
  const clearanceSlider = slider(bar, { label: "clearance", min: 0, max: 1, step: 0.05, value: state.clearance, format: (v) => v.toFixed(2), onInput: (v) => update(() => (state.clearance = v)) });
  const cuspSlider = slider(bar, { label: "cost of a gear change", min: 0, max: 50, step: 1, value: state.cuspCost, format: (v) => v.toFixed(0), onInput: (v) => update(() => (state.cuspCost = v)) });
  const reverseCostSlider = slider(bar, { label: "cost of backing up (× length)", min: 1, max: 5, step: 0.1, value: state.reverseCost, format: (v) => v.toFixed(1), onInput: (v) => update(() => (state.reverseCost = v)) });
  const player = new Player(bar, {
    canPlay: () => !!computed.path,
    duration,
    time: () => state.time,
    setTime: (t) => (state.time = t),
    advance: (next) => {
      state.time = next;
      computed.unitAt = computed.path ? api.poseAtTime(computed.path, SPEED, next) : null;
      view.requestDraw();
      changes.emit();
    },
  });
  const status = textLine(root, "status");
  const readout = textLine(root, "readout");

  const clampPoint = (p: Point): Point => readPoint(p, { x: 0, y: 0 }, LIMIT);
  addPoseHandles(handles, { heading: "car heading", position: "car", get: () => state.car, set: (p) => update(() => (state.car = p)), clampPoint });
  addPoseHandles(handles, { heading: "goal heading", position: "goal", get: () => state.goal, set: (p) => update(() => (state.goal = p)), clampPoint, color: "#c2410c" });
  let obstacleHandles: Handle[] = [];
  /** One handle per obstacle, at its mean corner: dragging it moves the obstacle. */
  function syncObstacleHandles(): void {
    for (const h of obstacleHandles) handles.remove(h);
    obstacleHandles = state.obstacles.map((_, i) =>
      handles.add({
        kind: "point",
        label: `obstacle ${i}`,
        color: "#888",
        get: () => middle(state.obstacles[i] ?? []),
        set: (p) =>
          update(() => {
            const poly = state.obstacles[i];
            if (!poly) return;
            const m = middle(poly);
            const q = clampPoint(p);
            // Moved by the drag, to a millionth (no rounding noise in the state or the link).
            state.obstacles[i] = poly.map((c) => ({ x: roundTo(c.x + q.x - m.x, 6), y: roundTo(c.y + q.y - m.y, 6) }));
          }),
      }),
    );
  }
  syncObstacleHandles();

  function compute(): Computed {
    const out: Computed = { path: null, noPath: null, error: null, expanded: 0, cusps: [], backwards: 0, unitAt: null, ms: 0 };
    try {
      const t0 = performance.now();
      const plan = api.planAroundDebug(state.car, state.goal, state.radius, { circles: [], polygons: state.obstacles }, {
        clearance: state.clearance,
        reverse: state.reverse,
        body: CAR,
        cuspCost: state.cuspCost,
        reverseCost: state.reverseCost,
        maxExpanded: MAX_EXPANDED,
      });
      out.ms = performance.now() - t0;
      out.path = plan.path;
      out.expanded = plan.expanded;
      out.noPath = plan.noPath?.message ?? null;
      const path = out.path;
      if (path) {
        let at = 0;
        path.segments.forEach((s, i) => {
          const prev = path.segments[i - 1];
          if (prev && Boolean(prev.reverse) !== Boolean(s.reverse)) out.cusps.push(api.poseAt(path, at));
          if (s.reverse) out.backwards += s.length;
          at += s.length;
        });
        state.time = Math.min(state.time, path.length / SPEED);
        out.unitAt = api.poseAtTime(path, SPEED, state.time);
      } else {
        state.time = 0;
      }
    } catch (e) {
      out.error = errorMessage(e);
    }
    return out;
  }

  function duration(): number {
    return computed.path ? computed.path.length / SPEED : 0;
  }

  function render(): void {
    view.requestDraw();
    const { path, noPath, error } = computed;
    if (error) status.textContent = `Cannot plan: ${error}.`;
    else if (!path) status.textContent = `No path: ${noPath ?? "unknown"}.`;
    else status.textContent = "";
    readout.textContent = path
      ? `length ${path.length.toFixed(2)}, ${computed.cusps.length} gear change${computed.cusps.length === 1 ? "" : "s"}, ${computed.backwards.toFixed(2)} driven backwards (${path.word}); ${computed.expanded} nodes, ${computed.ms.toFixed(1)} ms`
      : "";
  }

  /** The car's body and wheels at a pose (its rear axle's centre), in the pose's frame. */
  function carAt(ctx: CanvasRenderingContext2D, p: Pose, color: string, ghost: boolean): void {
    ctx.save();
    ctx.translate(p.x, p.y);
    ctx.rotate(p.heading);
    ctx.lineWidth = view.px(ghost ? 1.5 : 2);
    ctx.strokeStyle = color;
    ctx.setLineDash(ghost ? [view.px(5), view.px(4)] : []);
    if (!ghost) {
      ctx.fillStyle = color;
      ctx.globalAlpha = 0.3;
      ctx.fillRect(-CAR.rear, -CAR.width / 2, CAR.length, CAR.width);
      ctx.globalAlpha = 1;
      ctx.fillStyle = cssVar(view.stage, "--fg", "#1d1d1f");
      for (const x of [0, WHEELBASE]) for (const y of [-CAR.width / 2 + 0.25, CAR.width / 2 - 0.25]) ctx.fillRect(x - 0.35, y - 0.12, 0.7, 0.24);
    }
    ctx.strokeRect(-CAR.rear, -CAR.width / 2, CAR.length, CAR.width);
    ctx.restore();
  }

  view.onDraw = (ctx) => {
    const accent = cssVar(view.stage, "--accent", "#0b6bcb");
    const accent2 = cssVar(view.stage, "--accent-2", "#d2481c");
    const muted = cssVar(view.stage, "--muted", "#6b6b70");
    const solid = cssVar(view.stage, "--solid", "#9a9a9f");
    if (state.scene === "bay") for (const [a, b] of BAY_LINES) strokeLine(ctx, view, a, b, { color: muted, widthPx: 2 });
    for (const poly of state.obstacles) fillPolygon(ctx, poly, solid, 0.6);
    carAt(ctx, state.goal, accent2, true);
    const path = computed.path;
    if (path) {
      for (const seg of path.segments) strokePath(ctx, view, { segments: [seg], length: seg.length, word: "" }, { color: accent, widthPx: 3, dashPx: seg.reverse ? [10, 7] : [] });
      for (const k of computed.cusps) {
        circle(ctx, view, k, view.px(7), { color: accent2, widthPx: 2.5 });
        label(ctx, view, "gear change", k, { color: accent2, dxPx: 10, dyPx: 10 });
      }
    }
    carAt(ctx, computed.unitAt ?? state.car, accent, false);
    handles.draw(ctx);
  };

  view.subject = () => {
    const b = new Bounds().point(state.car).point(state.goal).path(computed.path);
    for (const poly of state.obstacles) for (const p of poly) b.point(p);
    return b.box();
  };

  render();
  if (prefersReducedMotion()) player.pause();
  return {
    kind: "parking",
    getState: () => structuredClone(state),
    readout: () => ({
      word: computed.path?.word ?? null,
      length: computed.path?.length ?? null,
      gearChanges: computed.path ? computed.cusps.length : null,
      backwards: computed.path ? computed.backwards : null,
      cusps: computed.cusps,
      path: computed.path,
      noPath: computed.noPath,
      expanded: computed.expanded,
      unitAt: computed.unitAt,
      status: status.textContent ?? "",
      error: computed.error,
    }),
    setState: (s: unknown) => {
      const o = asRecord(s);
      update(() => {
        const scene = o["scene"];
        if ((scene === "parallel" || scene === "bay" || scene === "dead end") && scene !== state.scene) Object.assign(state, sceneState(scene));
        state.car = readPose(o["car"], state.car, LIMIT);
        state.goal = readPose(o["goal"], state.goal, LIMIT);
        if (Array.isArray(o["obstacles"])) {
          state.obstacles = o["obstacles"]
            .slice(0, 32)
            .filter((p: unknown): p is unknown[] => Array.isArray(p))
            .map((p) => p.slice(0, 16).map((q: unknown) => readPoint(q, { x: 0, y: 0 }, LIMIT)));
        }
        if (typeof o["reverse"] === "boolean") state.reverse = o["reverse"];
        state.radius = clamp(o["radius"], 2, 8, state.radius);
        state.clearance = clamp(o["clearance"], 0, 1, state.clearance);
        state.cuspCost = clamp(o["cuspCost"], 0, 50, state.cuspCost);
        state.reverseCost = clamp(o["reverseCost"], 1, 5, state.reverseCost);
        state.time = clamp(o["time"], 0, 1e6, state.time);
        sceneSelect.value = state.scene;
        reverseBox.checked = state.reverse;
        radiusSlider.set(state.radius);
        clearanceSlider.set(state.clearance);
        cuspSlider.set(state.cuspCost);
        reverseCostSlider.set(state.reverseCost);
      });
      syncObstacleHandles();
    },
    onChange: (l) => changes.on(l),
    figure: (): FigureReadout => ({
      step: state.scene,
      title: "Parking",
      numbers: computed.path
        ? [
            num("length", "length", computed.path.length, 2),
            num("gearChanges", "gear changes", computed.cusps.length, 0),
            num("backwards", "driven backwards", computed.backwards, 2),
            word("word", "pieces", computed.path.word),
          ]
        : [word("noPath", "no path", computed.noPath ?? computed.error ?? "—")],
    }),
    onFigure: (l) => changes.on(l),
    destroy: () => {
      player.pause();
      changes.clear();
      handles.destroy();
      view.destroy();
      root.replaceChildren();
    },
  };
}
