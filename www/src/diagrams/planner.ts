// The turning-radius planner (seed 000): drag the unit (position, and heading
// with its ring) and the target; the core gives both turn-then-go
// constructions (the circles' centres P, the exits Q, θ, h), the shorter path
// bold and the other faint; with the steering rate on, the construction step
// shows the core's continuous-curvature construction instead (Ω, r_Ω, μ, the
// inner circle, the tangent from the target, the exit). "Arrive with a heading" adds a goal heading and
// shows all six Dubins words; "reverse allowed" then draws the Reeds-Shepp
// path instead (backward segments dashed, the cusps marked), which the unit
// drives backing up where the core says so. Play / pause / the time scrubber
// move a unit along the chosen path (listing 2). Its figures (the steps of
// planner-figures.ts) show Pinter's figures 5 and 6 and the two paths with a
// heading, with their numbers beside the canvas. The page only draws what
// the core returns.
import type { Api, Diagram, DiagramOptions } from "../shell/diagram.js";
import { View, cssVar } from "../shell/view.js";
import { Bounds } from "../shell/box.js";
import { Handles, addPoseHandles } from "../shell/handles.js";
import type { HeadingHandle } from "../shell/handles.js";
import { poseMarker, strokePath } from "../shell/draw.js";
import { checkbox, controlBar, slider, textLine } from "../shell/controls.js";
import { Figure, num } from "../shell/figure.js";
import { CurvaturePlot } from "../shell/curvature-plot.js";
import { PLANNER_STEPS, drawConstruction, drawDubins, drawReverse, drawTurn, isPlannerStep, plannerNumbers } from "./planner-figures.js";
import type { PlannerScene, PlannerStep } from "./planner-figures.js";
import { Emitter, updater } from "../shell/emitter.js";
import { prefersReducedMotion } from "../shell/motion.js";
import { Player } from "../shell/player.js";
import { asRecord, clamp, errorMessage, readPoint, readPose, wrapAngle } from "../shell/types.js";
import type { Path, Point, Pose } from "../shell/types.js";
import type { TurnSide, TurnSides } from "../../pkg/arcline.js";
import type { PlannerState } from "../../package/arcline-demo.js";


type Sides = TurnSides;
type Side = TurnSide;

/** Why a side cannot reach the target, in words. */
function reasonWords(s: Side): string {
  return s.unreachable === "targetAtStart" ? "target is the start itself" : "target inside this turning circle";
}

interface Candidate {
  path: Path;
  /** Where its word label goes: half-way along (from the core). */
  middle: Pose;
}

interface Computed {
  sides: Sides | null;
  /** Half-way along each side's path (from the core's poseAt), for its label. */
  middles: { right: Pose | null; left: Pose | null };
  candidates: Candidate[];
  chosen: Path | null;
  /** Reverse allowed: the forward-only (Dubins) path, drawn faint beside it. */
  forwardOnly: Path | null;
  /** With a sharpness: the path the first part gives (instant steering), for its length. */
  sharp: Path | null;
  /** Where the gear changes along the chosen path (from the core's poseAt). */
  cusps: Pose[];
  unitAt: Pose | null;
  error: string | null;
}

/** Units per second along the path. */
const SPEED = 4;
const LIMIT = 1000;
const DEFAULTS: PlannerState = {
  unit: { x: -4, y: 0.5, heading: 1.4 },
  target: { x: 5, y: -2.5 },
  radius: 3,
  arrive: false,
  goalHeading: 1.2,
  reverse: false,
  time: 0,
  step: "turn",
  sharpness: 0,
};

/** The sharpness slider's range (0: off). */
const SHARPNESS_MAX = 2;

/** The distances along `p` at which the gear changes (sums of the core's segment lengths). */
function cuspDistances(p: Path): number[] {
  const out: number[] = [];
  let at = 0;
  p.segments.forEach((s, i) => {
    const prev = p.segments[i - 1];
    if (prev && Boolean(prev.reverse) !== Boolean(s.reverse)) out.push(at);
    at += s.length;
  });
  return out;
}


export function mount(root: HTMLElement, api: Api, options: DiagramOptions = {}): Diagram {
  root.classList.add("diagram");
  const state: PlannerState = structuredClone(DEFAULTS);
  state.radius = clamp(Number(options["radius"]), 0.2, 10, DEFAULTS.radius);
  state.arrive = options["arrive"] === "1" || options["arrive"] === "true";
  state.reverse = options["reverse"] === "1" || options["reverse"] === "true";
  state.step = isPlannerStep(options["step"]) ? options["step"] : state.arrive ? (state.reverse ? "reverse" : "dubins") : "turn";
  state.sharpness = clamp(Number(options["sharpness"] ?? 0), 0, SHARPNESS_MAX, DEFAULTS.sharpness);
  const changes = new Emitter();
  let computed: Computed = compute();
  const update = updater(changes, () => {
    computed = compute();
    render();
  });

  const view = new View(root, { center: { x: 0, y: 0 }, span: 18, label: "Turn then go: a unit with a turning radius reaching a target" });
  const handles = new Handles(view);
  const figure = new Figure(root, view, PLANNER_STEPS, state.step, (id) => {
    if (isPlannerStep(id)) update(() => setStep(id));
  });
  const bar = controlBar(root);
  const radiusSlider = slider(bar, {
    label: "turning radius",
    min: 0.2,
    max: 10,
    step: 0.1,
    value: state.radius,
    format: (v) => v.toFixed(1),
    onInput: (v) => update(() => (state.radius = v)),
  });
  const sharpnessSlider = slider(bar, {
    label: "steering rate (sharpness, 0 = instant)",
    min: 0,
    max: SHARPNESS_MAX,
    step: 0.01,
    value: state.sharpness,
    format: (v) => (v === 0 ? "off" : v.toFixed(2)),
    onInput: (v) => update(() => (state.sharpness = v)),
  });
  const arriveBox = checkbox(bar, "arrive with a heading", state.arrive, (v) => update(() => setStep(v ? (state.reverse ? "reverse" : "dubins") : "turn")));
  const reverseBox = checkbox(bar, "reverse allowed", state.reverse, (v) => update(() => setStep(v ? "reverse" : "dubins")));
  const player = new Player(
    bar,
    {
      canPlay: () => !!computed.chosen,
      duration,
      time: () => state.time,
      setTime: (t) => (state.time = t),
      advance: (next) => update(() => (state.time = next)),
    },
    // The time slider's bound only clamps: its input's max follows the path's duration.
    { min: 0, max: 1e6, step: 0.01, onSeek: (v) => update(() => (state.time = v)) },
  );
  const status = textLine(root, "status");
  const plot = new CurvaturePlot(root, "Curvature along the chosen path");

  const clampPoint = (p: Point): Point => readPoint(p, { x: 0, y: 0 }, LIMIT);
  handles.add({ kind: "point", label: "target", get: () => state.target, set: (p) => update(() => (state.target = clampPoint(p))), color: "#c2410c" });
  addPoseHandles(handles, { heading: "unit heading", position: "unit position", get: () => state.unit, set: (p) => update(() => (state.unit = p)), clampPoint });
  const goalHandle: HeadingHandle = {
    kind: "heading",
    label: "goal heading",
    pose: () => ({ ...state.target, heading: state.goalHeading }),
    setHeading: (h) => update(() => (state.goalHeading = wrapAngle(h))),
    color: "#c2410c",
  };

  function setArrive(v: boolean): void {
    state.arrive = v;
    // Reversing is a choice of the arrive-with-heading mode.
    reverseBox.disabled = !v;
    if (v && !handles.has(goalHandle)) handles.add(goalHandle);
    if (!v && handles.has(goalHandle)) handles.remove(goalHandle);
  }
  setArrive(state.arrive);

  /** Shows a figure: the two turn-then-go figures plan without a goal heading, the others with one. */
  function setStep(step: PlannerStep): void {
    state.step = step;
    setArrive(step === "dubins" || step === "reverse");
    state.reverse = step === "reverse";
    arriveBox.checked = state.arrive;
    reverseBox.checked = state.reverse;
    figure.select(step);
  }

  function duration(): number {
    return computed.chosen ? computed.chosen.length / SPEED : 0;
  }

  function compute(): Computed {
    const out: Computed = { sides: null, middles: { right: null, left: null }, candidates: [], chosen: null, forwardOnly: null, sharp: null, cusps: [], unitAt: null, error: null };
    try {
      // With a steering rate (and no goal heading) the core's CC construction comes along.
      const cc = state.sharpness > 0 && !state.arrive;
      out.sides = cc ? api.planTurnSides(state.unit, state.target, state.radius, { sharpness: state.sharpness }) : api.planTurnSides(state.unit, state.target, state.radius);
      for (const s of [out.sides.right, out.sides.left]) {
        const p = s.exit?.path;
        out.middles[s.side] = p ? api.poseAt(p, p.length / 2) : null;
      }
      if (state.arrive && state.reverse) {
        const goal = { ...state.target, heading: state.goalHeading };
        out.chosen = api.planReedsShepp(state.unit, goal, state.radius);
        out.forwardOnly = api.planDubins(state.unit, goal, state.radius);
        const chosen = out.chosen;
        out.cusps = cuspDistances(chosen).map((d) => api.poseAt(chosen, d));
      } else if (state.arrive) {
        const goal = { ...state.target, heading: state.goalHeading };
        const paths = api.dubinsCandidates(state.unit, goal, state.radius);
        out.candidates = paths.map((path) => ({ path, middle: api.poseAt(path, path.length / 2) }));
        out.chosen = api.planDubins(state.unit, goal, state.radius);
        if (state.sharpness > 0) {
          // Continuous curvature: the CC-Dubins path, the six words drawn beside it.
          out.sharp = out.chosen;
          out.chosen = api.planDubins(state.unit, goal, state.radius, { sharpness: state.sharpness });
        }
      } else if (state.sharpness > 0) {
        // The steering wheel turns at a finite rate: clothoid, arc, clothoid, then the line.
        const best = out.sides.best ? out.sides[out.sides.best] : null;
        out.sharp = best?.exit?.path ?? null;
        // The side planTurn with the sharpness takes: the core's CC construction carries its path.
        const ccSides = out.sides.cc;
        out.chosen = ccSides?.best ? ccSides[ccSides.best].path : null;
      } else {
        const best = out.sides.best ? out.sides[out.sides.best] : null;
        out.chosen = best?.exit?.path ?? null;
      }
      if (out.chosen) {
        const end = out.chosen.length / SPEED;
        if (state.time > end) state.time = end;
        out.unitAt = api.poseAtTime(out.chosen, SPEED, state.time);
      } else {
        state.time = 0;
      }
    } catch (e) {
      out.error = errorMessage(e);
    }
    return out;
  }

  function scene(): PlannerScene {
    return {
      radius: state.radius,
      target: state.target,
      sides: computed.sides,
      middles: computed.middles,
      candidates: computed.candidates,
      chosen: computed.chosen,
      forwardOnly: computed.forwardOnly,
      cusps: computed.cusps,
    };
  }

  function render(): void {
    view.requestDraw();
    plot.show(computed.chosen ? api.curvatureProfile(computed.chosen) : [], 1 / state.radius);
    player.sync();
    const { sides, error } = computed;
    if (error || !sides) {
      status.textContent = `No path: ${error ?? "unknown"}.`;
      figure.show([]);
      return;
    }
    const notes: string[] = [];
    if (!sides.best) notes.push("The target is the start itself: no turn-then-go path (the two turning circles touch only there).");
    for (const s of [sides.right, sides.left]) {
      if (!s.exit && sides.best) notes.push(`The ${s.side} turn cannot reach it: ${reasonWords(s)} (h < r).`);
    }
    status.textContent = notes.join(" ");
    const numbers = plannerNumbers(state.step, scene());
    if (!state.reverse && state.sharpness > 0 && computed.chosen) {
      // The continuous-curvature path against the first part's: the first
      // clothoid's length (the core's segment) and both paths' lengths.
      const ramp = computed.chosen.segments.find((s) => s.kind === "clothoid");
      const sharp = computed.sharp;
      const group = "continuous curvature";
      numbers.push({ ...num("ramp", "clothoid (steering) length", ramp?.length ?? null, 2), group });
      numbers.push({ ...num("ccLength", "length, continuous curvature", computed.chosen.length, 2), group });
      numbers.push({ ...num("sharpLength", "length, instant steering", sharp?.length ?? null, 2), group });
    }
    if (computed.chosen && state.step !== "construction") numbers.push({ key: "time", label: "time along the path", value: state.time, text: `${state.time.toFixed(2)} of ${duration().toFixed(2)} s`, symbol: "t", group: "the unit" });
    figure.show(numbers);
  }

  view.onDraw = (ctx) => {
    const accent = cssVar(view.stage, "--accent", "#0b6bcb");
    const accent2 = cssVar(view.stage, "--accent-2", "#d2481c");
    const muted = cssVar(view.stage, "--muted", "#6b6b70");
    const ink = cssVar(view.stage, "--fg", "#1d1d1f");
    const colors = { accent, accent2, muted, ink };
    const sc = scene();
    if (state.step === "turn") drawTurn(ctx, view, sc, colors);
    else if (state.step === "construction") drawConstruction(ctx, view, sc, colors);
    else if (state.step === "dubins") drawDubins(ctx, view, sc, colors);
    else drawReverse(ctx, view, sc, colors);
    // The CC construction draws its own paths (the shorter bold).
    const ccDrawn = state.step === "construction" && !!computed.sides?.cc;
    if (!state.reverse && state.sharpness > 0 && computed.chosen && !ccDrawn) {
      // The continuous-curvature path over the figure's sharp one.
      strokePath(ctx, view, computed.chosen, { color: accent2, widthPx: 3 });
    }
    if (computed.unitAt) poseMarker(ctx, view, computed.unitAt, accent, 18);
    handles.draw(ctx);
  };

  // Framed: the unit, the target, both turning circles and every path drawn.
  view.subject = () => {
    const b = new Bounds().point(state.unit).point(state.target).point(computed.unitAt);
    const sides = computed.sides;
    if (sides) b.circle(sides.left.center, state.radius).circle(sides.right.center, state.radius);
    return b.path(computed.chosen).paths(computed.candidates.map((c) => c.path)).path(computed.forwardOnly).box();
  };

  render();
  if (prefersReducedMotion()) player.pause();
  return {
    kind: "planner",
    getState: () => structuredClone(state),
    readout: () => {
      const sides = computed.sides;
      const side = (s: Side | undefined) =>
        s
          ? {
              reachable: s.exit !== null,
              reason: s.exit ? null : reasonWords(s),
              length: s.exit?.path.length ?? null,
              word: s.exit?.path.word ?? null,
              center: s.center,
              exit: s.exit?.exit ?? null,
              theta: s.exit?.theta ?? null,
              h: s.h,
            }
          : null;
      return {
        best: sides?.best ?? null,
        right: side(sides?.right),
        left: side(sides?.left),
        word: computed.chosen?.word ?? null,
        length: computed.chosen?.length ?? null,
        sharpness: state.sharpness,
        // With a steering rate: the core's CC construction, as drawn.
        cc: sides?.cc ?? null,
        curvature: computed.chosen ? api.curvatureProfile(computed.chosen) : [],
        candidates: computed.candidates.map((c) => ({ word: c.path.word, length: c.path.length })),
        path: computed.chosen,
        gears: computed.chosen?.segments.map((g) => Boolean(g.reverse)) ?? [],
        cusps: computed.cusps,
        forwardOnlyLength: computed.forwardOnly?.length ?? null,
        unitAt: computed.unitAt,
        duration: duration(),
        playing: player.playing,
        status: status.textContent ?? "",
        error: computed.error,
      };
    },
    setState: (s: unknown) => {
      const o = asRecord(s);
      update(() => {
        state.unit = readPose(o["unit"], state.unit, LIMIT);
        state.target = readPoint(o["target"], state.target, LIMIT);
        state.radius = clamp(o["radius"], 0.2, 10, state.radius);
        if (typeof o["arrive"] === "boolean") setArrive(o["arrive"]);
        if (typeof o["reverse"] === "boolean") state.reverse = o["reverse"];
        // A step given wins; without one it follows arrive and reverse.
        const step = o["step"];
        if (isPlannerStep(step)) setStep(step);
        else if (state.arrive) setStep(state.reverse ? "reverse" : "dubins");
        else if (state.step !== "construction") setStep("turn");
        state.goalHeading = clamp(o["goalHeading"], -100, 100, state.goalHeading);
        state.time = clamp(o["time"], 0, 1e6, state.time);
        state.sharpness = clamp(o["sharpness"], 0, SHARPNESS_MAX, state.sharpness);
        sharpnessSlider.set(state.sharpness);
        radiusSlider.set(state.radius);
        arriveBox.checked = state.arrive;
        reverseBox.checked = state.reverse;
      });
    },
    onChange: (l) => changes.on(l),
    figure: () => figure.readout(),
    onFigure: (l) => figure.onNumbers(l),
    destroy: () => {
      player.pause();
      changes.clear();
      figure.clear();
      handles.destroy();
      view.destroy();
      root.replaceChildren();
    },
  };
}
