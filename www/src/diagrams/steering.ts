// Steering (Reynolds): a vehicle seeks a target you drag, drawn with its
// velocity, desired velocity in green, the steering force and the trail of
// the seek path; "no steering" adds a twin whose velocity is set to the
// desired velocity directly; a behaviour picker with the rest of the family
// (interpose, offset pursuit, hide, stay on path, contain: steering_family.ts);
// and a crowd mode of up to 100,000 vehicles drawn as pixel sprites from
// zero-copy views, with any behaviour of the picker (each with separation, or
// avoiding each other with avoidVehicles; flocking with alignment and
// cohesion) and the step time shown, and the circle swap and two crossing
// streams as presets (steering_scenes.ts).
// Every number drawn comes from the wasm World (positions, velocities,
// headings, and debug() for desired velocity and force; seekStep() for the
// seek figures of steering-figures.ts); the page only scales vectors for display.
import type { Api, Diagram, DiagramOptions } from "../shell/diagram.js";
import { View, cssVar, frameStats } from "../shell/view.js";
import { Bounds } from "../shell/box.js";
import { Handles } from "../shell/handles.js";
import { arrow, circle, label, strokeLine, strokePath, poseMarker } from "../shell/draw.js";
import { button, checkbox, controlBar, select, slider, textLine } from "../shell/controls.js";
import { Figure, num, withThousands } from "../shell/figure.js";
import { STEERING_STEPS, drawSeekFigure, isSteeringStep, seekNumbers } from "./steering-figures.js";
import type { SteeringStep } from "./steering-figures.js";
import { Emitter } from "../shell/emitter.js";
import { prefersReducedMotion } from "../shell/motion.js";
import { clamp, errorMessage, readPoint } from "../shell/types.js";
import type { Behavior, BehaviorAim, Circle, Path, Point, SeekStep, VehicleDebug, VehicleState } from "../../pkg/arcline.js";
import { FAMILY, applyFamily, drawFamily, familyBehaviors, familyLegend, isFamily, setupFamily, type FamilyName, type FamilyScene } from "./steering_family.js";
import { CrowdWorker, recording, type RecordingWorld } from "./steering_worker.js";
import { wasmUrl } from "../runtime.js";
import { SYSTEM_MODULES } from "../modules.js";
import type { WorldCall } from "../crowd-thread.js";
import { AVOID, CROWD_SCENES, bodiesOf, buildCrowdScene, drawBodies, type CrowdScene } from "./steering_scenes.js";
import type { SteeringState } from "../../package/arcline-demo.js";

type BehaviorName = "seek" | "flee" | "arrive" | "pursue" | "evade" | "wander" | "flock" | "path" | FamilyName;
type Mode = "single" | "crowd";


type World = InstanceType<Api["World"]>;

const BEHAVIORS: readonly { value: BehaviorName; text: string }[] = [
  { value: "seek", text: "seek" },
  { value: "flee", text: "flee" },
  { value: "arrive", text: "arrive" },
  { value: "pursue", text: "pursue" },
  { value: "evade", text: "evade" },
  { value: "wander", text: "wander" },
  { value: "flock", text: "flock" },
  { value: "path", text: "follow a path" },
  ...FAMILY,
];
const LIMIT = 1e4;
/** The crowd's size: one range for the slider, the attribute and setState. */
const COUNT = { min: 100, max: 100_000, step: 100 } as const;
/** Display scale of velocity vectors: a velocity of 1 unit/step is drawn 20 units long. */
const VEC = 20;
/** The seek figure (a still figure) draws its vectors twice as long. */
const FIGURE_VEC = 2 * VEC;
/** The applied force (velocity change per step) is drawn 10× larger again. */
const FORCE = 10;
const TRAIL = 900;
/** Steps a frame of the crowd presets is taken in. */
const PRESET_SUBSTEPS = 4;
const UNBOUNDED_FORCE = 1e9;
/** The shortest time between two steps asked of the crowd's worker: one a 60 Hz frame. */
const MIN_STEP_INTERVAL_MS = 1000 / 60 - 1;
/** The seed of the diagram's World (and of the crowd worker's, built by the same calls). */
const WORLD_SEED = 7;
const START: VehicleState = { x: -40, y: -20, vx: 0, vy: 0.8, heading: Math.PI / 2 };
/** Area per vehicle when a crowd is scattered. */
const CROWD_AREA = 16;
/**
 * The crowd's neighbourhood radius: π·r²/16 ≈ 8 neighbours at the start
 * (Reynolds' boids see about seven).
 */
const CROWD_RADIUS = 6.4;
/** What each behaviour does to a crowd (the diagram's note). */
const CROWD_TEXT: Readonly<Record<BehaviorName, string>> = {
  seek: "each seeks the target",
  flee: "each flees the target and drifts back towards the middle",
  arrive: "each arrives at the target, slowing down within 60",
  pursue: "each pursues the red quarry, aiming where it will be",
  evade: "each evades the red quarry and arrives at the target",
  wander: "each wanders, drawn weakly towards the target",
  flock: "a flock: alignment and cohesion among the same neighbours, and a weak seek of the target",
  path: "each follows the dashed red racetrack around the target",
  interpose: "each gets between the two red vehicles",
  offsetPursuit: "each holds a place 12 behind the red leader",
  hide: "each hides from the red hunter behind the nearest circle",
  stayOnPath: "each wanders and stays within the tube around the dashed racetrack",
  contain: "each wanders and stays inside the red room",
};

const DEFAULTS: SteeringState = {
  mode: "single",
  behavior: "seek",
  target: { x: 30, y: 15 },
  maxSpeed: 1,
  maxForce: 0.04,
  mass: 1,
  noSteering: false,
  count: 5000,
  avoid: false,
  scene: "scatter",
  playing: true,
  step: "seek",
};

interface Ids {
  main: number | null;
  ghost: number | null;
  quarry: number | null;
  flock: number[];
}

export function mount(root: HTMLElement, api: Api, options: DiagramOptions = {}): Diagram {
  root.classList.add("diagram");
  const state: SteeringState = structuredClone(DEFAULTS);
  state.playing = !prefersReducedMotion();
  state.behavior = BEHAVIORS.find((b) => b.value === options["behavior"])?.value ?? DEFAULTS.behavior;
  state.mode = options["mode"] === "crowd" ? "crowd" : "single";
  state.count = Math.round(clamp(Number(options["count"]), COUNT.min, COUNT.max, DEFAULTS.count));
  state.avoid = options["avoid"] === "true" || options["avoid"] === "1";
  state.scene = CROWD_SCENES.find((c) => c.value === options["scene"])?.value ?? DEFAULTS.scene;
  // A behaviour or mode given as an attribute shows the whole family.
  const plainSeek = state.mode === "single" && state.behavior === "seek";
  setStep(isSteeringStep(options["step"]) ? options["step"] : plainSeek ? state.step : "explore");
  const changes = new Emitter();

  let world: World | null = null;
  let ids: Ids = { main: null, ghost: null, quarry: null, flock: [] };
  let trail: Point[] = [];
  let ghostTrail: Point[] = [];
  let path: Path | null = null;
  let family: FamilyScene | null = null;
  /** What the scattered crowd's behaviour reads: other vehicles, circles, a room. */
  let crowd: { others: number[]; obstacles: Circle[]; boundary: Point[] } = { others: [], obstacles: [], boundary: [] };
  // The width of the square a crowd or crowd scene is framed by, centred on the origin.
  let crowdSpan = 110;
  /** The scattered crowd's steps are taken here when a worker could start (null before, or where none can). */
  let crowdWorker: CrowdWorker | null = null;
  let workerRefused = false;
  let steps = 0;
  let stepMs = 0;
  let fps = 0;
  /** Steps taken a second (the worker's steps arrive at their own pace; without it, one a frame). */
  let stepRate = 0;
  let lastStepAt = 0;
  /** When the worker was last asked for a step. */
  let lastStepAsked = 0;
  let lastFrame = 0;
  let raf = 0;
  let error: string | null = null;

  const view = new View(root, { center: { x: 0, y: 0 }, span: 110, label: "A vehicle steering towards a target you drag" });
  const handles = new Handles(view);
  const figure = new Figure(root, view, STEERING_STEPS, state.step, (id) => {
    if (isSteeringStep(id)) update(() => setStep(id), true);
  });
  const bar = controlBar(root);
  const modeSelect = select(bar, "mode", [{ value: "single", text: "one vehicle" }, { value: "crowd", text: "crowd" }] as const, state.mode, (v) =>
    update(() => (state.mode = v), true),
  );
  const behaviorSelect = select(bar, "behaviour", BEHAVIORS, state.behavior, (v) => update(() => (state.behavior = v), true));
  const speedSlider = slider(bar, { label: "max speed", min: 0.1, max: 4, step: 0.1, value: state.maxSpeed, format: (v) => v.toFixed(1), onInput: (v) => update(() => (state.maxSpeed = v)) });
  const forceSlider = slider(bar, { label: "max force", min: 0.005, max: 1, step: 0.005, value: state.maxForce, format: (v) => v.toFixed(3), onInput: (v) => update(() => (state.maxForce = v)) });
  const massSlider = slider(bar, { label: "mass", min: 0.25, max: 10, step: 0.25, value: state.mass, format: (v) => v.toFixed(2), onInput: (v) => update(() => (state.mass = v)) });
  const noSteerBox = checkbox(bar, "no steering (velocity = desired)", state.noSteering, (v) => update(() => (state.noSteering = v), true));
  const countSlider = slider(bar, {
    label: "vehicles",
    min: COUNT.min,
    max: COUNT.max,
    step: COUNT.step,
    value: state.count,
    format: (v) => withThousands(v),
    onInput: (v) => update(() => (state.count = Math.round(v)), true),
  });
  const sceneSelect = select(bar, "scene", CROWD_SCENES, state.scene, (v) => update(() => (state.scene = v), true));
  const avoidBox = checkbox(bar, "avoid each other", state.avoid, (v) => update(() => (state.avoid = v), true));
  const playButton = button(bar, state.playing ? "Pause" : "Play", () => update(() => (state.playing = !state.playing)));
  button(bar, "Step", () => {
    stepOnce();
    render();
    changes.emit();
  });
  button(bar, "Reset", () => update(() => {}, true));
  const status = textLine(root, "status");
  const note = document.createElement("p");
  root.append(note);
  const readout = textLine(root, "readout");

  handles.add({ kind: "point", label: "target", get: () => state.target, set: (p) => update(() => (state.target = readPoint(p, state.target, LIMIT))) });

  /**
   * Shows a figure: the two seek figures set up one seeking vehicle (and its
   * twin without steering); the first is a still figure (Play runs it), the
   * path plays.
   */
  function setStep(step: SteeringStep): void {
    state.step = step;
    if (step !== "explore") {
      state.mode = "single";
      state.behavior = "seek";
      state.noSteering = step === "path";
      state.playing = step === "path" && !prefersReducedMotion();
    }
  }

  /** After the reader picks a behaviour or a mode, the figure that shows it. */
  function syncStep(): void {
    if (state.mode === "crowd" || state.behavior !== "seek") state.step = "explore";
    else if (state.step !== "explore") state.step = state.noSteering ? "path" : "seek";
  }

  /** One seek step of the main vehicle from where it is now (for the seek figures), or null. */
  function seekFigure(v: VehicleState | null): SeekStep | null {
    if (!v || state.mode !== "single" || state.behavior !== "seek") return null;
    try {
      return api.seekStep({ ...v, maxSpeed: state.maxSpeed, maxForce: state.maxForce, mass: state.mass }, state.target, 1);
    } catch {
      return null;
    }
  }

  /** The behaviours of the main vehicle (and its no-steering twin). */
  function behaviors(): Behavior[] {
    const target = state.target;
    switch (state.behavior) {
      case "seek":
        return [{ kind: "seek", target }];
      case "flee":
        // Flee the target, and come back towards the middle when far out.
        return [{ kind: "flee", target }, { kind: "arrive", target: { x: 0, y: 0 }, slowingRadius: 60, weight: 0.4 }];
      case "arrive":
        return [{ kind: "arrive", target, slowingRadius: 25 }];
      case "pursue":
        return ids.quarry === null ? [] : [{ kind: "pursue", quarry: ids.quarry }];
      case "evade":
        return ids.quarry === null ? [] : [{ kind: "evade", quarry: ids.quarry }, { kind: "arrive", target, slowingRadius: 60, weight: 0.5 }];
      case "wander":
        return [{ kind: "wander", distance: 8, radius: 4, jitter: 1 }, { kind: "arrive", target, slowingRadius: 60, weight: 0.15 }];
      case "flock":
        return flockBehaviors();
      case "path":
        return path ? [{ kind: "followPath", path, lookAhead: 6 }] : [];
      default:
        return family ? familyBehaviors(family, target) : [];
    }
  }

  function flockBehaviors(): Behavior[] {
    return [
      { kind: "separation", radius: 4, weight: 2 },
      { kind: "alignment", radius: 10, weight: 0.6 },
      { kind: "cohesion", radius: 12, weight: 0.4 },
      { kind: "seek", target: state.target, weight: 0.3 },
    ];
  }

  /**
   * The crowd's behaviours: the picked one and separation, or avoiding each
   * other (flocking: its own three and a weak seek).
   */
  function crowdBehaviors(): Behavior[] {
    const target = state.target;
    const apart: Behavior = state.avoid ? AVOID : { kind: "separation", radius: CROWD_RADIUS, weight: 1.5 };
    const wander: Behavior = { kind: "wander", distance: 8, radius: 4, jitter: 1 };
    const [a, b] = [crowd.others[0] ?? null, crowd.others[1] ?? null];
    switch (state.behavior) {
      case "seek":
        return [{ kind: "seek", target }, apart];
      case "flee":
        return [{ kind: "flee", target }, { kind: "arrive", target: { x: 0, y: 0 }, slowingRadius: 60, weight: 0.4 }, apart];
      case "arrive":
        return [{ kind: "arrive", target, slowingRadius: 60 }, apart];
      case "pursue":
        return a === null ? [apart] : [{ kind: "pursue", quarry: a }, apart];
      case "evade":
        return a === null ? [apart] : [{ kind: "evade", quarry: a }, { kind: "arrive", target, slowingRadius: 60, weight: 0.5 }, apart];
      case "wander":
        return [wander, { kind: "arrive", target, slowingRadius: 60, weight: 0.15 }, apart];
      case "flock":
        return [
          state.avoid ? AVOID : { kind: "separation", radius: CROWD_RADIUS, weight: 2 },
          { kind: "alignment", radius: CROWD_RADIUS, weight: 0.6 },
          { kind: "cohesion", radius: CROWD_RADIUS, weight: 0.4 },
          { kind: "seek", target, weight: 0.3 },
        ];
      case "path":
        return path ? [{ kind: "followPath", path, lookAhead: 6 }, apart] : [apart];
      case "interpose":
        return a === null || b === null ? [apart] : [{ kind: "interpose", a, b }, apart];
      case "offsetPursuit":
        return a === null ? [apart] : [{ kind: "offsetPursuit", leader: a, offset: { x: -12, y: 0 } }, apart];
      case "hide":
        return a === null ? [apart] : [{ kind: "hide", from: a, obstacles: crowd.obstacles }, apart];
      case "stayOnPath":
        return path ? [wander, { kind: "stayOnPath", path, radius: 0.08 * crowdRadius() }, apart] : [apart];
      case "contain":
        return [wander, { kind: "contain", boundary: crowd.boundary }, apart];
    }
  }

  /** The crowd's other vehicles' own behaviours (the quarry, the two to get between, the leader, the hunter). */
  function othersBehaviors(): Behavior[] {
    if (state.behavior === "hide") return [{ kind: "arrive", target: state.target, slowingRadius: 60 }];
    return [
      { kind: "wander", distance: 8, radius: 4, jitter: 1.2 },
      { kind: "arrive", target: { x: 0, y: 0 }, slowingRadius: 50, weight: 0.2 },
    ];
  }

  /** Radius of the disc a crowd of `state.count` is scattered over. */
  function crowdRadius(): number {
    return Math.sqrt((state.count * CROWD_AREA) / Math.PI);
  }

  /** The crowd's racetrack, sized to the crowd. */
  function crowdPath(): Path {
    const r = crowdRadius();
    return api.racetrack(state.target, 0.5 * r, 0.35 * r);
  }

  /** Adds the vehicles the crowd's behaviour reads, and its shapes, sized to a crowd of radius `r`. */
  function setupCrowd(w: RecordingWorld, r: number): void {
    const other = (x: number, y: number) => w.addVehicle({ x: x * r, y: y * r, vx: -0.5, vy: 0, maxSpeed: 0.9 * state.maxSpeed, maxForce: 0.05 });
    switch (state.behavior) {
      case "pursue":
      case "evade":
      case "offsetPursuit":
      case "hide":
        crowd.others = [other(0.3, -0.2)];
        break;
      case "interpose":
        crowd.others = [other(-0.4, 0.1), other(0.4, -0.1)];
        break;
      default:
        break;
    }
    if (state.behavior === "hide") crowd.obstacles = [0, 1, 2, 3, 4, 5].map((k) => ({ x: 0.55 * r * Math.cos(k), y: 0.55 * r * Math.sin(2 * k), radius: 0.06 * r }));
    // A room with a notch (not convex), scaled to the crowd.
    if (state.behavior === "contain")
      crowd.boundary = [
        { x: -1.05, y: -0.75 },
        { x: 1.05, y: -0.75 },
        { x: 1.05, y: 0.25 },
        { x: 0.2, y: 0.25 },
        { x: 0.2, y: 0.85 },
        { x: -1.05, y: 0.85 },
      ].map((p) => ({ x: p.x * r, y: p.y * r }));
    if (state.behavior === "path" || state.behavior === "stayOnPath") path = crowdPath();
  }

  /** Every vehicle gets the crowd's list, then the ones it reads their own. */
  function applyCrowd(w: RecordingWorld): void {
    if (state.behavior === "path" || state.behavior === "stayOnPath") path = crowdPath();
    w.setAllBehaviors(crowdBehaviors());
    for (const id of crowd.others) w.setBehaviors(id, othersBehaviors());
  }

  /** A small LCG for start positions (data, not geometry). */
  function scatter(n: number, radius: number, seed: number): Float64Array {
    const data = new Float64Array(7 * n);
    let s = seed >>> 0 || 1;
    const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
    for (let i = 0; i < n; i++) {
      const r = radius * Math.sqrt(rnd());
      const a = 2 * Math.PI * rnd();
      data.set([r * Math.cos(a), r * Math.sin(a), 0, 0, state.maxSpeed, state.maxForce, state.mass], 7 * i);
    }
    return data;
  }

  /** Builds the world for the current mode and behaviour, from scratch. */
  function rebuild(): void {
    world?.free();
    world = null;
    ids = { main: null, ghost: null, quarry: null, flock: [] };
    trail = [];
    ghostTrail = [];
    path = null;
    family = null;
    crowd = { others: [], obstacles: [], boundary: [] };
    steps = 0;
    stepRate = 0;
    lastStepAt = 0;
    stepMs = 0;
    error = null;
    try {
      // A crowd that fails to build leaves no steps of the one before on the canvas.
      if (offThread()) crowdWorker?.reset(WORLD_SEED, []);
      else stopWorker();
      const w = new api.World(WORLD_SEED);
      world = w;
      if (state.mode === "crowd" && state.scene !== "scatter") {
        const span = buildCrowdScene(w, state.scene, state.avoid, { maxSpeed: state.maxSpeed, maxForce: state.maxForce, mass: state.mass });
        crowdSpan = span;
        view.fit();
        return;
      }
      if (state.mode === "crowd") {
        const radius = crowdRadius();
        const log: WorldCall[] = [];
        const rw = recording(w, log);
        rw.addVehicles(scatter(state.count, radius, 12345));
        setupCrowd(rw, radius);
        applyCrowd(rw);
        crowdSpan = Math.max(110, 2.4 * radius);
        startWorker()?.reset(WORLD_SEED, log);
        view.fit();
        return;
      }
      view.fit();
      w.setDebug(true);
      const limits = { maxSpeed: state.maxSpeed, maxForce: state.maxForce, mass: state.mass };
      if (state.behavior === "path") path = api.racetrack(state.target, 25, 14);
      if (state.behavior === "pursue" || state.behavior === "evade") {
        ids.quarry = w.addVehicle({ x: 20, y: -25, vx: -0.5, vy: 0, maxSpeed: 0.6, maxForce: 0.05 });
        w.setBehaviors(ids.quarry, [
          { kind: "wander", distance: 8, radius: 4, jitter: 1.2 },
          { kind: "arrive", target: { x: 0, y: 0 }, slowingRadius: 50, weight: 0.2 },
        ]);
      }
      if (state.behavior === "flock") {
        const data = scatter(40, 20, 99);
        for (const id of w.addVehicles(data)) ids.flock.push(id);
        ids.main = ids.flock[0] ?? null;
      } else if (isFamily(state.behavior)) {
        ids.main = w.addVehicle({ ...START, ...limits });
        family = setupFamily(api, w, state.behavior, ids.main, state.target, limits);
      } else {
        ids.main = w.addVehicle({ ...START, ...limits });
        if (state.noSteering) ids.ghost = w.addVehicle({ ...START, ...limits, maxForce: UNBOUNDED_FORCE });
      }
      applyBehaviors();
    } catch (e) {
      error = errorMessage(e);
    }
  }

  /** Re-sends behaviours and limits (after a drag or a slider). */
  function applyBehaviors(): void {
    const w = world;
    if (!w) return;
    try {
      if (state.mode === "crowd") {
        // A preset's agents keep their own goals; the scattered crowd follows the picker.
        if (state.scene === "scatter") {
          const log: WorldCall[] = [];
          applyCrowd(recording(w, log));
          crowdWorker?.calls(log);
        }
        // Crowd limits are set for everyone when the crowd is rebuilt.
        return;
      }
      if (state.behavior === "path") path = api.racetrack(state.target, 25, 14);
      const limits = { maxSpeed: state.maxSpeed, maxForce: state.maxForce, mass: state.mass };
      if (state.behavior === "flock") {
        w.setBehaviorsMany(ids.flock, flockBehaviors());
        for (const id of ids.flock) w.setLimits(id, limits);
      } else if (family && ids.main !== null) {
        applyFamily(api, w, family, ids.main, state.target);
        w.setLimits(ids.main, limits);
        for (const f of family.followers) w.setLimits(f, limits);
      } else if (ids.main !== null) {
        w.setBehaviors(ids.main, behaviors());
        w.setLimits(ids.main, limits);
        if (ids.ghost !== null) {
          w.setBehaviors(ids.ghost, behaviors());
          w.setLimits(ids.ghost, { ...limits, maxForce: UNBOUNDED_FORCE });
        }
      }
      error = null;
    } catch (e) {
      error = errorMessage(e);
    }
  }

  function vehicleOf(id: number | null): VehicleState | null {
    if (!world || id === null) return null;
    try {
      return world.vehicle(id);
    } catch {
      return null;
    }
  }

  function aimsOf(id: number): BehaviorAim[] | null {
    if (!world) return null;
    try {
      return world.aims(id);
    } catch {
      return null;
    }
  }

  function debugOf(id: number | null): VehicleDebug | null {
    if (!world || id === null || state.mode === "crowd") return null;
    try {
      return world.debug(id);
    } catch {
      return null;
    }
  }

  /** Whether this crowd's steps are taken in the worker. */
  function offThread(): boolean {
    return state.mode === "crowd" && state.scene === "scatter" && !workerRefused;
  }

  /** The crowd's worker, started on first use; null where none can start. */
  function startWorker(): CrowdWorker | null {
    if (crowdWorker || workerRefused) return crowdWorker;
    crowdWorker = CrowdWorker.start(
      wasmUrl(SYSTEM_MODULES.crowd).href,
      (f) => {
        steps++;
        stepMs = f.stepMs;
        countStep();
        if (frameStats.enabled && (!frameStats.only || frameStats.only === "steering")) frameStats.step.push(stepMs);
        // Playing, the next animation frame draws it; a single step is drawn now.
        if (!state.playing) {
          view.draw();
          renderText();
        } else if (performance.now() - lastStepAsked >= MIN_STEP_INTERVAL_MS) {
          // A step that took most of a frame: the next is asked for at once, not a frame later
          // (still at most one a frame, so the crowd moves as fast as stepped on the page).
          stepOnce();
        }
      },
      (message) => {
        if (message) {
          error = message;
          renderText();
          return;
        }
        // No worker here: the crowd is built again and stepped on this thread.
        workerRefused = true;
        stopWorker();
        rebuild();
        render();
      },
    );
    if (!crowdWorker) workerRefused = true;
    return crowdWorker;
  }

  function stopWorker(): void {
    crowdWorker?.stop();
    crowdWorker = null;
  }

  function countStep(): void {
    const now = performance.now();
    if (lastStepAt > 0 && state.playing) {
      const dt = now - lastStepAt;
      if (dt > 0) stepRate = stepRate === 0 ? 1000 / dt : stepRate * 0.9 + (1000 / dt) * 0.1;
    }
    lastStepAt = now;
  }

  function stepOnce(): void {
    const w = world;
    if (!w) return;
    if (offThread() && crowdWorker) {
      if (crowdWorker.step(1, crowd.others)) lastStepAsked = performance.now();
      return;
    }
    try {
      const t0 = performance.now();
      // The presets take a frame in quarter steps: ORCA looks ahead from the
      // start of a step, so shorter steps keep close bodies apart better.
      if (state.mode === "crowd" && state.scene !== "scatter") for (let k = 0; k < PRESET_SUBSTEPS; k++) w.step(1 / PRESET_SUBSTEPS);
      else w.step(1);
      stepMs = performance.now() - t0;
      if (frameStats.enabled && (!frameStats.only || frameStats.only === "steering")) frameStats.step.push(stepMs);
      steps++;
      countStep();
    } catch (e) {
      error = errorMessage(e);
      return;
    }
    if (state.mode === "single") {
      const v = vehicleOf(ids.main);
      if (v) trail.push({ x: v.x, y: v.y });
      const g = vehicleOf(ids.ghost);
      if (g) ghostTrail.push({ x: g.x, y: g.y });
      if (trail.length > TRAIL) trail.splice(0, trail.length - TRAIL);
      if (ghostTrail.length > TRAIL) ghostTrail.splice(0, ghostTrail.length - TRAIL);
    }
  }

  function frame(t: number): void {
    raf = 0;
    if (!state.playing) return;
    if (lastFrame > 0) {
      const dt = t - lastFrame;
      if (dt > 0) fps = fps === 0 ? 1000 / dt : fps * 0.9 + (1000 / dt) * 0.1;
    }
    lastFrame = t;
    // Off screen the world waits (nothing is drawn there either).
    if (!view.onScreenNow) {
      raf = requestAnimationFrame(frame);
      return;
    }
    stepOnce();
    view.draw();
    renderText();
    raf = requestAnimationFrame(frame);
  }

  function syncLoop(): void {
    playButton.textContent = state.playing ? "Pause" : "Play";
    if (state.playing && !raf) {
      lastFrame = 0;
      raf = requestAnimationFrame(frame);
    } else if (!state.playing && raf) {
      cancelAnimationFrame(raf);
      raf = 0;
    }
  }

  function update(change: () => void, needsRebuild = false): void {
    const before = { maxSpeed: state.maxSpeed, maxForce: state.maxForce, mass: state.mass };
    change();
    const limitsChanged = before.maxSpeed !== state.maxSpeed || before.maxForce !== state.maxForce || before.mass !== state.mass;
    syncStep();
    figure.select(state.step);
    if (needsRebuild || (state.mode === "crowd" && limitsChanged)) rebuild();
    else applyBehaviors();
    render();
    changes.emit();
  }

  function renderText(): void {
    status.textContent = error ? `The world refused this: ${error}.` : "";
    if (state.mode === "crowd") {
      const how = state.avoid
        ? "avoid each other's bodies (avoidVehicles: reciprocal velocity obstacles; bodies never overlap, except a little in a jam that leaves no room)"
        : "keep apart only by separation, which pushes after they touch, so bodies overlap";
      note.textContent =
        state.scene === "scatter"
          ? `${withThousands(state.count)} vehicles: ${CROWD_TEXT[state.behavior]}; they ${state.avoid ? how : `keep apart by separation within ${CROWD_RADIUS} (about 8 neighbours at the start)`}. ${crowdWorker ? "Stepped in a worker, so the page draws every frame while the next step is taken; drawn" : "Drawn"} as pixels in one image from the vehicles' positions.`
          : `Each vehicle arrives at its own goal (${state.scene === "circleSwap" ? "the opposite point of the ring" : "across the other stream"}) and ${state.avoid ? how : "does not avoid the others: they walk through each other"}. Bodies drawn at their radius.`;
    } else {
      const legend = "Blue: velocity. Green: desired velocity. Dashed red: steering = desired − velocity. Red: the force applied (truncated to max force, ×10). Orange: the seek path.";
      const extra = isFamily(state.behavior)
        ? familyLegend(state.behavior)
        : state.behavior === "path"
          ? " The path is a racetrack of lines and half circles around the target (racetrack(); planDubins is not in this build)."
          : state.noSteering
            ? " Grey: no steering, velocity = desired velocity at once, so it turns abruptly; the blue one turns smoothly."
            : "";
      note.textContent = legend + extra;
    }
    if (state.mode === "crowd") {
      readout.textContent = `step ${stepMs.toFixed(2)} ms in wasm${crowdWorker ? " (in a worker)" : ""} · ${fps.toFixed(0)} frames/s · ${stepRate.toFixed(0)} steps/s · ${steps} steps`;
      figure.show([
        num("count", "vehicles", world?.count ?? 0, 0),
        num("stepMs", "one step in wasm (ms)", stepMs, 2),
        num("fps", "frames a second", fps, 0),
        num("stepRate", "steps a second", stepRate, 0),
      ]);
      return;
    }
    const v = vehicleOf(ids.main);
    const d = debugOf(ids.main);
    const seek = seekFigure(v);
    if (seek) figure.show(seekNumbers(seek, state, steps));
    if (!v || !d) {
      readout.textContent = `${steps} steps`;
      return;
    }
    const speed = Math.hypot(v.vx, v.vy);
    const desired = Math.hypot(d.desired.x, d.desired.y);
    const force = Math.hypot(d.force.x, d.force.y);
    readout.textContent = `speed ${speed.toFixed(3)} / ${state.maxSpeed.toFixed(1)} · desired ${desired.toFixed(3)} · force ${force.toFixed(4)} / ${state.maxForce.toFixed(3)} · ${steps} steps`;
    if (!seek) figure.show([num("speed", "speed", speed, 3), num("desired", "desired speed", desired, 3), num("force", "force applied", force, 4), num("steps", "steps", steps, 0)]);
  }

  function render(): void {
    syncLoop();
    modeSelect.value = state.mode;
    behaviorSelect.value = state.behavior;
    behaviorSelect.disabled = state.mode === "crowd" && state.scene !== "scatter";
    noSteerBox.checked = state.noSteering;
    noSteerBox.disabled = state.mode === "crowd" || isFamily(state.behavior);
    countSlider.input.disabled = state.mode === "single" || state.scene !== "scatter";
    sceneSelect.value = state.scene;
    sceneSelect.disabled = state.mode === "single";
    avoidBox.checked = state.avoid;
    avoidBox.disabled = state.mode === "single";
    renderText();
    view.requestDraw();
  }

  function drawTrail(ctx: CanvasRenderingContext2D, points: Point[], color: string): void {
    const first = points[0];
    if (!first) return;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = view.px(2);
    ctx.globalAlpha = 0.85;
    ctx.beginPath();
    ctx.moveTo(first.x, first.y);
    for (const p of points) ctx.lineTo(p.x, p.y);
    ctx.stroke();
    ctx.restore();
  }

  function drawVehicle(ctx: CanvasRenderingContext2D, v: VehicleState, color: string, sizePx = 18): void {
    poseMarker(ctx, view, v, color, sizePx);
  }

  /** Velocity, desired velocity (green), steering = desired − velocity, applied force. */
  function drawVectors(ctx: CanvasRenderingContext2D, v: VehicleState, d: VehicleDebug, colors: { vel: string; desired: string; force: string }): void {
    const tip = { x: v.x + v.vx * VEC, y: v.y + v.vy * VEC };
    arrow(ctx, view, v, { x: v.vx * VEC, y: v.vy * VEC }, { color: colors.vel, widthPx: 2 });
    arrow(ctx, view, v, { x: d.desired.x * VEC, y: d.desired.y * VEC }, { color: colors.desired, widthPx: 2 });
    const steer = { x: (d.desired.x - v.vx) * VEC, y: (d.desired.y - v.vy) * VEC };
    arrow(ctx, view, tip, steer, { color: colors.force, widthPx: 1.2, dashPx: [4, 4], alpha: 0.8 });
    const k = (VEC * FORCE) / state.mass;
    arrow(ctx, view, tip, { x: d.force.x * k, y: d.force.y * k }, { color: colors.force, widthPx: 2.5 });
  }

  // Crowds are drawn as pixel sprites: every vehicle writes a 3×3 dot and a
  // nose pixel ahead of it into one ImageData, composited with one drawImage.
  // Filling a path of 10,000 triangles costs Chromium's software rasteriser
  // over 100 ms a frame; this costs about a millisecond.
  let sprite: { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D; image: ImageData; pixels: Uint32Array } | null = null;

  function spriteFor(width: number, height: number): NonNullable<typeof sprite> | null {
    if (sprite && sprite.canvas.width === width && sprite.canvas.height === height) return sprite;
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const c = canvas.getContext("2d");
    if (!c) return null;
    const image = c.createImageData(width, height);
    sprite = { canvas, ctx: c, image, pixels: new Uint32Array(image.data.buffer) };
    return sprite;
  }

  /** `#rrggbb` as a little-endian RGBA pixel (opaque); other forms give the default blue. */
  function pixelOf(color: string): number {
    const m = /^#([0-9a-f]{6})$/i.exec(color.trim());
    const rgb = m ? parseInt(m[1] ?? "0b6bcb", 16) : 0x0b6bcb;
    return (0xff << 24) | ((rgb & 0xff) << 16) | (rgb & 0xff00) | ((rgb >> 16) & 0xff);
  }

  function drawCrowd(ctx: CanvasRenderingContext2D, color: string): void {
    const w = world;
    if (!w) return;
    const W = view.canvas.width;
    const H = view.canvas.height;
    const sp = spriteFor(W, H);
    if (!sp) return;
    // The worker's last step, or views into wasm memory: fetched after the step, used at once, no copy.
    const frame = crowdWorker?.latest;
    const pos = frame ? frame.positions : w.positions();
    const head = frame ? frame.headings : w.headings();
    const n = pos.length / 2;
    const { sx, sy, tx, ty } = view.deviceTransform();
    const px = sp.pixels;
    px.fill(0);
    const ink = pixelOf(color) >>> 0;
    const nose = 3;
    // Dense crowds get one pixel each, so their texture stays visible.
    const dense = n > 20000;
    for (let i = 0; i < n; i++) {
      const x = Math.round(sx * (pos[2 * i] ?? 0) + tx);
      const y = Math.round(sy * (pos[2 * i + 1] ?? 0) + ty);
      if (x < 1 || y < 1 || x >= W - 1 || y >= H - 1) continue;
      const o = y * W + x;
      px[o] = ink;
      if (dense) continue;
      px[o - W - 1] = px[o - W] = px[o - W + 1] = ink;
      px[o - 1] = px[o + 1] = ink;
      px[o + W - 1] = px[o + W] = px[o + W + 1] = ink;
      const hx = x + Math.round((head[2 * i] ?? 0) * nose);
      const hy = y - Math.round((head[2 * i + 1] ?? 0) * nose);
      if (hx >= 0 && hy >= 0 && hx < W && hy < H) px[hy * W + hx] = ink;
    }
    sp.ctx.putImageData(sp.image, 0, 0);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(sp.canvas, 0, 0);
    ctx.restore();
  }

  /** The first and last vehicle of the scattered crowd as drawn (from the worker's last step, or the World's views). */
  function drawnCrowd(): { first: Point; last: Point } | null {
    if (!world || !(state.mode === "crowd" && state.scene === "scatter")) return null;
    const pos = crowdWorker?.latest?.positions ?? world.positions();
    const n = pos.length / 2;
    if (n === 0) return null;
    return { first: { x: pos[0] ?? NaN, y: pos[1] ?? NaN }, last: { x: pos[2 * n - 2] ?? NaN, y: pos[2 * n - 1] ?? NaN } };
  }

  /** The scattered crowd's path, circles, room and the vehicles it reads. */
  function drawCrowdShapes(ctx: CanvasRenderingContext2D, color: string): void {
    const style = { color, widthPx: 1.5, dashPx: [6, 5] };
    if (path) strokePath(ctx, view, path, style);
    for (const o of crowd.obstacles) circle(ctx, view, o, o.radius, { color, widthPx: 1.5 });
    crowd.boundary.forEach((p, k, all) => strokeLine(ctx, view, p, all[(k + 1) % all.length] ?? p, { color, widthPx: 1.5 }));
    const names = state.behavior === "hide" ? ["hunter"] : state.behavior === "offsetPursuit" ? ["leader"] : state.behavior === "interpose" ? ["a", "b"] : ["quarry"];
    const watched = crowdWorker?.latest?.watched;
    crowd.others.forEach((id, k) => {
      const v = watched ? (watched[k] ?? null) : vehicleOf(id);
      if (!v) return;
      drawVehicle(ctx, v, color);
      label(ctx, view, names[k] ?? "", v, { color });
    });
  }

  view.onDraw = (ctx) => {
    const accent = cssVar(view.stage, "--accent", "#0b6bcb");
    const accent2 = cssVar(view.stage, "--accent-2", "#d2481c");
    const muted = cssVar(view.stage, "--muted", "#6b6b70");
    const green = "#1f9d55";
    const trailColor = "#e8901c";
    if (state.mode === "crowd") {
      if (state.scene === "scatter") {
        drawCrowd(ctx, accent);
        drawCrowdShapes(ctx, accent2);
      } else if (world) drawBodies(ctx, view, world, state.scene, [accent, accent2]);
      if (state.scene === "scatter") handles.draw(ctx);
      return;
    }
    if (path) strokePath(ctx, view, path, { color: muted, widthPx: 1.5, dashPx: [6, 5] });
    if (family && world && ids.main !== null) drawFamily(ctx, view, world, family, ids.main, state.target, { main: accent, other: accent2, muted, aim: green });
    drawTrail(ctx, ghostTrail, muted);
    drawTrail(ctx, trail, trailColor);
    const q = vehicleOf(ids.quarry);
    if (q) {
      drawVehicle(ctx, q, accent2);
      label(ctx, view, "quarry", q, { color: accent2 });
    }
    for (const id of ids.flock.slice(1)) {
      const f = vehicleOf(id);
      if (f) drawVehicle(ctx, f, muted, 12);
    }
    const g = vehicleOf(ids.ghost);
    const gd = debugOf(ids.ghost);
    if (g && gd) {
      drawVectors(ctx, g, gd, { vel: muted, desired: green, force: accent2 });
      drawVehicle(ctx, g, muted);
    }
    const v = vehicleOf(ids.main);
    const d = debugOf(ids.main);
    const seek = state.step === "explore" ? null : seekFigure(v);
    if (v && seek) {
      drawSeekFigure(ctx, view, v, seek, state.step === "seek" ? FIGURE_VEC : VEC, { vel: accent, desired: green, steering: accent2 });
      drawVehicle(ctx, v, accent);
    } else if (v && d) {
      drawVectors(ctx, v, d, { vel: accent, desired: green, force: accent2 });
      drawVehicle(ctx, v, accent);
    }
    handles.draw(ctx);
  };

  // Framed: the target and every vehicle with the reach of its velocity arrows, the path;
  // a crowd by the square it starts in, and a scene's bodies wherever they walk.
  view.subject = () => {
    const b = new Bounds().point(state.target);
    if (state.mode === "crowd") {
      // A scene's bodies as they move (they walk beyond the square they start in); a scattered crowd by that square.
      if (state.scene !== "scatter" && world) for (const body of bodiesOf(world) ?? []) b.point(body, body.r);
      return b.circle({ x: 0, y: 0 }, crowdSpan / 2).box();
    }
    const reach = (state.step === "seek" ? FIGURE_VEC : VEC) * state.maxSpeed;
    for (const id of [ids.main, ids.ghost, ids.quarry, ...ids.flock]) b.point(vehicleOf(id), reach);
    return b.path(path).box();
  };

  rebuild();
  render();

  return {
    kind: "steering",
    getState: () => structuredClone(state),
    readout: () => {
      const v = vehicleOf(ids.main);
      const g = vehicleOf(ids.ghost);
      return {
        steps,
        stepMs,
        fps,
        stepRate,
        offThread: crowdWorker !== null && offThread(),
        drawn: drawnCrowd(),
        count: world?.count ?? 0,
        vehicle: v,
        debug: debugOf(ids.main),
        ghost: g,
        ghostDebug: debugOf(ids.ghost),
        quarry: vehicleOf(ids.quarry),
        trail: trail.length,
        path: path ? { word: path.word, length: path.length } : null,
        aims: ids.main !== null && state.mode === "single" ? aimsOf(ids.main) : null,
        others: family ? family.others.map((id) => vehicleOf(id)) : [],
        followers: family ? family.followers.map((id) => ({ vehicle: vehicleOf(id), aims: aimsOf(id) })) : [],
        bodies: world && state.mode === "crowd" && state.scene !== "scatter" ? bodiesOf(world) : null,
        error,
      };
    },
    setState: (s: unknown) => {
      const o = (typeof s === "object" && s !== null ? s : {}) as Record<string, unknown>;
      // A seek figure given alone implies its scene (one seeking vehicle, the twin for the path).
      const step = isSteeringStep(o["step"]) ? o["step"] : null;
      const implied = step === "seek" || step === "path";
      const mode: Mode = o["mode"] === "crowd" || o["mode"] === "single" ? o["mode"] : implied ? "single" : state.mode;
      const behavior = BEHAVIORS.find((b) => b.value === o["behavior"])?.value ?? (implied ? "seek" : state.behavior);
      const count = Math.round(clamp(o["count"], COUNT.min, COUNT.max, state.count));
      const noSteering = typeof o["noSteering"] === "boolean" ? o["noSteering"] : implied ? step === "path" : state.noSteering;
      const avoid = typeof o["avoid"] === "boolean" ? o["avoid"] : state.avoid;
      const scene = CROWD_SCENES.find((c) => c.value === o["scene"])?.value ?? state.scene;
      if (step) state.step = step;
      const structural =
        mode !== state.mode || behavior !== state.behavior || count !== state.count || noSteering !== state.noSteering || avoid !== state.avoid || scene !== state.scene;
      update(() => {
        state.mode = mode;
        state.behavior = behavior;
        state.count = count;
        state.noSteering = noSteering;
        state.avoid = avoid;
        state.scene = scene;
        state.target = readPoint(o["target"], state.target, LIMIT);
        state.maxSpeed = clamp(o["maxSpeed"], 0.1, 4, state.maxSpeed);
        state.maxForce = clamp(o["maxForce"], 0.005, 1, state.maxForce);
        state.mass = clamp(o["mass"], 0.25, 10, state.mass);
        if (typeof o["playing"] === "boolean") state.playing = o["playing"];
        speedSlider.set(state.maxSpeed);
        forceSlider.set(state.maxForce);
        massSlider.set(state.mass);
        countSlider.set(state.count);
      }, structural);
    },
    onChange: (l) => changes.on(l),
    figure: () => figure.readout(),
    onFigure: (l) => figure.onNumbers(l),
    destroy: () => {
      figure.clear();
      if (raf) cancelAnimationFrame(raf);
      raf = 0;
      changes.clear();
      handles.destroy();
      view.destroy();
      world?.free();
      world = null;
      stopWorker();
      root.replaceChildren();
    },
  };
}
