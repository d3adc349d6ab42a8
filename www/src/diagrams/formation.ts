// Formations (Millington's two-level formation steering): a group of
// vehicles in a steering World, held in a pattern by a formation manager in
// the core. Drag the target (position and heading); pick the pattern, the
// spacing and the slot-assignment strategy; click a vehicle to remove it (the
// others close ranks), add one with the button; optionally the formation's
// anchor follows a turning-radius path to the target so the whole group turns
// like a vehicle; with "avoid each other" the members avoid each other's
// bodies (avoidVehicles) while they take their slots. A member at rest turns
// to its slot's orientation (a circle faces outward, a line its front).
// Drawn: the slots, the anchor, the members' centre of mass, the pattern
// origin and the drift offset, each member's body and heading. Its figures
// (formation-figures.ts): the slots around the anchor, and a member removed
// (the centre of mass and the drift offset move), with their numbers beside
// the canvas. The page does no geometry: every slot, anchor, path and
// vehicle comes from the wasm API.
import type { Api, Diagram, DiagramOptions } from "../shell/diagram.js";
import { View, cssVar } from "../shell/view.js";
import { Bounds } from "../shell/box.js";
import { Handles } from "../shell/handles.js";
import { arrow, circle, dot, label, poseMarker, strokeLine, strokePath } from "../shell/draw.js";
import { button, checkbox, controlBar, select, slider, textLine } from "../shell/controls.js";
import { Figure } from "../shell/figure.js";
import { FORMATION_STEPS, formationNumbers, isFormationStep } from "./formation-figures.js";
import type { FormationStep } from "./formation-figures.js";
import { Emitter } from "../shell/emitter.js";
import { prefersReducedMotion } from "../shell/motion.js";
import { asRecord, clamp, errorMessage, readPose, wrapAngle } from "../shell/types.js";
import type {
  AssignmentStrategy,
  Behavior,
  FormationState as Snapshot,
  Path,
  PatternKind,
  Point,
  Pose,
  VehicleState,
} from "../../pkg/arcline.js";
import type { FormationState } from "../../package/arcline-demo.js";

const PATTERNS: readonly PatternKind[] = ["line", "column", "v", "circle", "box"];
type PatternName = PatternKind;
const STRATEGIES: readonly AssignmentStrategy[] = ["sequential", "cost"];
type Strategy = AssignmentStrategy;


/** A vehicle's state and its id. */
type VehicleView = VehicleState & { id: number };

const LIMIT = 500;
const START_COUNT = 7;
const DT = 1 / 60;
const SUBSTEPS = 2; // simulated time runs at twice real time
const DEFAULTS: FormationState = {
  pattern: "v",
  spacing: 4,
  assignment: "cost",
  target: { x: 12, y: 5, heading: 0.6 },
  followPath: false,
  turningRadius: 8,
  avoid: true,
  playing: true,
  step: "slots",
};
/** The members' body radius. */
const BODY = 0.5;
const AVOID: Behavior[] = [{ kind: "avoidVehicles", timeHorizon: 1 }];

type PlanDubins = (start: Pose, goal: Pose, radius: number) => Path;

/** A small fixed pseudo-random sequence for starting places (not geometry). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

export function mount(root: HTMLElement, api: Api, options: DiagramOptions = {}): Diagram {
  root.classList.add("diagram");
  const state: FormationState = structuredClone(DEFAULTS);
  const optPattern = options["pattern"];
  if (optPattern && (PATTERNS as readonly string[]).includes(optPattern)) state.pattern = optPattern as PatternName;
  const optAssign = options["assignment"];
  if (optAssign && (STRATEGIES as readonly string[]).includes(optAssign)) state.assignment = optAssign as Strategy;
  state.spacing = clamp(Number(options["spacing"] ?? NaN), 1, 8, DEFAULTS.spacing);
  if (options["avoid"] === "false" || options["avoid"] === "0") state.avoid = false;
  state.playing = !prefersReducedMotion();
  if (isFormationStep(options["step"])) state.step = options["step"];
  // The crowd module (what <arcline-demo> loads) has no planner.
  const planDubins: PlanDubins | undefined = "planDubins" in api ? api.planDubins : undefined;
  const changes = new Emitter();
  const random = lcg(20240601);

  const world = new api.World(1);
  const formation = world.createFormation({ pattern: state.pattern, spacing: state.spacing, assignment: state.assignment });
  let ids: number[] = [];
  let snapshot: Snapshot | null = null;
  let vehicles: VehicleView[] = [];
  let error: string | null = null;
  let note = "";
  /** The drift offset before the last removal (from the core's snapshot then). */
  let driftBefore: Point | null = null;
  let frame = 0;
  let lastTime = 0;
  /** Simulated seconds since the diagram started. */
  let simulated = 0;

  const view = new View(root, { center: { x: 0, y: -2 }, span: 30, label: "A formation of vehicles: slots, anchor, centre of mass and drift offset" });
  const handles = new Handles(view);
  const figure = new Figure(root, view, FORMATION_STEPS, state.step, (id) => {
    if (isFormationStep(id)) update(() => setStep(id));
  });
  const bar = controlBar(root);
  const patternSelect = select(
    bar,
    "pattern",
    PATTERNS.map((p) => ({ value: p, text: p === "v" ? "V (wedge)" : p })),
    state.pattern,
    (v) => update(() => (state.pattern = v)),
  );
  const spacingSlider = slider(bar, {
    label: "spacing",
    min: 1,
    max: 8,
    step: 0.5,
    value: state.spacing,
    format: (v) => v.toFixed(1),
    onInput: (v) => update(() => (state.spacing = v)),
  });
  const assignSelect = select(
    bar,
    "assignment",
    [
      { value: "sequential", text: "sequential (joining order)" },
      { value: "cost", text: "least travel (Hungarian)" },
    ],
    state.assignment,
    (v) => update(() => (state.assignment = v)),
  );
  const pathBox = checkbox(bar, "follow a turning path", state.followPath, (v) => update(() => (state.followPath = v)));
  if (!planDubins) {
    pathBox.disabled = true;
    pathBox.title = "needs planDubins from the planner";
  }
  const avoidBox = checkbox(bar, "avoid each other", state.avoid, (v) => update(() => (state.avoid = v)));
  button(bar, "add a vehicle", () => update(addVehicle));
  const playButton = button(bar, state.playing ? "pause" : "play", () => update(() => (state.playing = !state.playing)));
  const status = textLine(root, "status");

  handles.add({
    kind: "point",
    label: "formation target",
    get: () => state.target,
    set: (p) => update(() => (state.target = { ...readPose({ ...p, heading: state.target.heading }, state.target, LIMIT) })),
  });
  handles.add({
    kind: "heading",
    label: "target heading",
    pose: () => state.target,
    setHeading: (h) => update(() => (state.target = { ...state.target, heading: wrapAngle(h) })),
  });

  function addVehicle(): void {
    // Somewhere around the current anchor (or the origin at first).
    const c = snapshot?.anchor ?? { x: 0, y: 0 };
    const a = random() * 2 * Math.PI;
    const r = 10 + random() * 12;
    const id = world.addVehicle({ x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a), maxSpeed: 9, maxForce: 30, radius: BODY });
    if (state.avoid) world.setBehaviors(id, AVOID);
    if (world.joinFormation(formation, id)) {
      ids.push(id);
      note = "";
    } else {
      world.removeVehicle(id);
      note = `The ${state.pattern} pattern is full (${snapshot?.capacity ?? "?"} slots).`;
    }
  }

  function removeVehicle(id: number): void {
    driftBefore = snapshot ? { ...snapshot.driftOffset } : null;
    world.removeVehicle(id);
    ids = ids.filter((v) => v !== id);
    note = `Vehicle ${id} removed: the others close ranks.`;
  }

  /** Shows a figure; "a member removed" removes one (the member in the last slot) when none is missing yet. */
  function setStep(step: FormationStep): void {
    state.step = step;
    figure.select(step);
    if (step !== "removed" || !snapshot || snapshot.slots.length < START_COUNT) return;
    const last = snapshot.slots.reduce((a, b) => (b.slot > a.slot ? b : a));
    removeVehicle(last.vehicle);
    note = `The member in slot ${last.slot} was removed: the centre of mass moved, and the drift offset with it.`;
  }

  /** Sends the reader's settings to the core (pattern, strategy, target or path). */
  function apply(): void {
    error = null;
    try {
      // A member's own behaviours: the formation keeps their avoidance.
      for (const id of ids) world.setBehaviors(id, state.avoid ? AVOID : []);
      world.setFormationPattern(formation, { pattern: state.pattern, spacing: state.spacing, assignment: state.assignment });
    } catch (e) {
      error = errorMessage(e);
    }
    try {
      if (state.followPath && planDubins && snapshot) {
        const path = planDubins(snapshot.anchor, state.target, state.turningRadius);
        world.followFormationPath(formation, path);
      } else {
        world.setFormationTarget(formation, state.target);
      }
    } catch (e) {
      error = errorMessage(e);
    }
    read();
  }

  /** Reads the formation and the vehicles back from the core. */
  function read(): void {
    try {
      snapshot = world.formation(formation);
      vehicles = ids.map((id) => ({ id, ...world.vehicle(id) }));
    } catch (e) {
      error = errorMessage(e);
    }
  }

  function update(change: () => void): void {
    change();
    apply();
    render();
    changes.emit();
  }

  function render(): void {
    view.requestDraw();
    playButton.textContent = state.playing ? "pause" : "play";
    const s = snapshot;
    if (error) status.textContent = `Refused: ${error}.`;
    else if (!s || s.slots.length === 0) status.textContent = "The formation is empty: add a vehicle.";
    else if (!state.playing) status.textContent = "Paused.";
    else status.textContent = note || (state.followPath && s.path ? "The anchor follows a turning path to the target." : "");
    // Refusals and an empty formation are warnings; the rest is information.
    status.classList.toggle("info", !error && !!s && s.slots.length > 0);
    figure.show(formationNumbers(state.step, s, maxSlotError(), driftBefore));
  }

  function maxSlotError(): number {
    let far = 0;
    for (const t of snapshot?.slots ?? []) {
      const v = vehicles.find((u) => u.id === t.vehicle);
      if (v) far = Math.max(far, Math.hypot(v.x - t.target.x, v.y - t.target.y));
    }
    return far;
  }

  function tick(time: number): void {
    frame = requestAnimationFrame(tick);
    if (!state.playing) {
      lastTime = time;
      return;
    }
    // At most 4 frames of catch-up after a stall (a hidden tab).
    const frames = lastTime ? Math.min(4, Math.max(1, Math.round((time - lastTime) / (1000 / 60)))) : 1;
    lastTime = time;
    try {
      for (let i = 0; i < frames * SUBSTEPS; i++) world.step(DT);
      simulated += frames * SUBSTEPS * DT;
    } catch (e) {
      error = errorMessage(e);
    }
    read();
    render();
  }

  view.onClick = (p: Point) => {
    // Screen-space hit test: the vehicle drawn nearest the click, within 14 px.
    const at = view.toScreen(p);
    let best: VehicleView | null = null;
    let bestD = 14;
    for (const v of vehicles) {
      const s = view.toScreen(v);
      const d = Math.hypot(s.x - at.x, s.y - at.y);
      if (d <= bestD) {
        best = v;
        bestD = d;
      }
    }
    if (best) {
      const id = best.id;
      update(() => removeVehicle(id));
    }
  };

  view.onDraw = (ctx) => {
    const accent = cssVar(view.stage, "--accent", "#0b6bcb");
    const accent2 = cssVar(view.stage, "--accent-2", "#d2481c");
    const muted = cssVar(view.stage, "--muted", "#6b6b70");
    const ink = cssVar(view.stage, "--ink", "#222");
    const s = snapshot;
    if (s?.path) strokePath(ctx, view, s.path, { color: accent2, widthPx: 1.5, alpha: 0.7, dashPx: [8, 5] });
    if (s) {
      // Slots: numbered rings; each member's line to its slot.
      s.slotPoses.forEach((p, i) => {
        circle(ctx, view, p, view.px(10), { color: accent, widthPx: 1.5, alpha: 0.9 });
        label(ctx, view, `slot ${i}`, p, { color: accent, dxPx: 11, dyPx: 11, font: "10px system-ui, sans-serif" });
      });
      for (const t of s.slots) {
        const v = vehicles.find((u) => u.id === t.vehicle);
        if (v) strokeLine(ctx, view, v, t.target, { color: muted, widthPx: 1, alpha: 0.6, dashPx: [2, 4] });
      }
      // Drift offset: from the pattern's origin to the anchor (the centre of the slots).
      const anchor = s.anchor;
      const drift = { x: anchor.x - s.origin.x, y: anchor.y - s.origin.y };
      const driftShown = Math.hypot(drift.x, drift.y) > view.px(30);
      dot(ctx, view, s.origin, muted, 3);
      arrow(ctx, view, s.origin, drift, { color: accent2, widthPx: 2 });
      if (driftShown) {
        label(ctx, view, "pattern origin", s.origin, { color: muted, dyPx: -12 });
        label(ctx, view, "drift offset", { x: (s.origin.x + anchor.x) / 2, y: (s.origin.y + anchor.y) / 2 }, { color: accent2, dyPx: 12 });
      }
      if (s.centerOfMass) {
        dot(ctx, view, s.centerOfMass, ink, 3);
        label(ctx, view, "centre of mass", s.centerOfMass, { color: ink, dyPx: -16, dxPx: 10 });
      }
      arrow(ctx, view, anchor, { x: view.px(26) * Math.cos(anchor.heading), y: view.px(26) * Math.sin(anchor.heading) }, { color: ink, widthPx: 2 });
      dot(ctx, view, anchor, ink, 4.5);
      label(ctx, view, driftShown ? "anchor" : "anchor = pattern origin (no drift)", anchor, { color: ink, dyPx: 14, dxPx: 10 });
    }
    for (const v of vehicles) {
      circle(ctx, view, v, BODY, { color: ink, widthPx: 1, alpha: 0.45 });
      poseMarker(ctx, view, v, ink, 13);
    }
    label(ctx, view, "target", state.target, { color: muted, dxPx: -10, dyPx: 0, align: "right" });
    handles.draw(ctx);
  };

  // Framed: the target, every vehicle and slot, the anchor, the pattern's origin and the path.
  view.subject = () => {
    const s = snapshot;
    // The target with room for its heading knob (34 px out), so the knob stays clear of the canvas's corners.
    const b = new Bounds().point(state.target, view.px(46)).points(vehicles);
    if (s) b.points(s.slotPoses).point(s.anchor).point(s.origin).path(s.path ?? null);
    return b.box();
  };

  for (let i = 0; i < START_COUNT; i++) {
    const id = world.addVehicle({ x: -18 + random() * 16, y: -12 + random() * 14, maxSpeed: 9, maxForce: 30, radius: BODY });
    world.joinFormation(formation, id);
    ids.push(id);
  }
  read();
  apply();
  if (state.step === "removed") {
    setStep("removed");
    apply();
  }
  render();
  frame = requestAnimationFrame(tick);

  return {
    kind: "formation",
    getState: () => structuredClone(state),
    readout: () => ({
      pattern: snapshot?.pattern ?? null,
      spacing: snapshot?.spacing ?? null,
      assignment: snapshot?.assignment ?? null,
      members: snapshot?.slots.length ?? 0,
      capacity: snapshot?.capacity ?? 0,
      anchor: snapshot?.anchor ?? null,
      driftOffset: snapshot?.driftOffset ?? null,
      centerOfMass: snapshot?.centerOfMass ?? null,
      slots: snapshot?.slots ?? [],
      pathWord: snapshot?.path?.word ?? null,
      vehicles: vehicles.map((v) => ({ id: v.id, x: v.x, y: v.y, vx: v.vx, vy: v.vy, heading: v.heading, radius: BODY, screen: view.toScreen(v) })),
      maxSlotError: maxSlotError(),
      simulated,
      error,
    }),
    setState: (raw: unknown) => {
      const o = asRecord(raw);
      update(() => {
        const p = o["pattern"];
        if (typeof p === "string" && (PATTERNS as readonly string[]).includes(p)) state.pattern = p as PatternName;
        const a = o["assignment"];
        if (typeof a === "string" && (STRATEGIES as readonly string[]).includes(a)) state.assignment = a as Strategy;
        state.spacing = clamp(o["spacing"], 1, 8, state.spacing);
        state.target = readPose(o["target"], state.target, LIMIT);
        state.turningRadius = clamp(o["turningRadius"], 1, 50, state.turningRadius);
        if (typeof o["followPath"] === "boolean") state.followPath = o["followPath"] && !!planDubins;
        if (typeof o["avoid"] === "boolean") state.avoid = o["avoid"];
        if (typeof o["playing"] === "boolean") state.playing = o["playing"];
        if (isFormationStep(o["step"])) setStep(o["step"]);
        patternSelect.value = state.pattern;
        assignSelect.value = state.assignment;
        spacingSlider.set(state.spacing);
        pathBox.checked = state.followPath;
        avoidBox.checked = state.avoid;
      });
    },
    onChange: (l) => changes.on(l),
    figure: () => figure.readout(),
    onFigure: (l) => figure.onNumbers(l),
    destroy: () => {
      cancelAnimationFrame(frame);
      changes.clear();
      figure.clear();
      handles.destroy();
      view.destroy();
      world.free();
      root.replaceChildren();
    },
  };
}
