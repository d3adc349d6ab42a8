// What the steering diagram keeps across frames: the World (one vehicle and
// its company, a scattered crowd, or a preset scene), the crowd's worker, the
// trails and the step statistics. `rebuild` builds the World for the state
// from scratch, `apply` re-sends behaviours and limits after a drag or a
// slider, `step` takes one step (in the worker when there is one), `dispose`
// lets everything go. The diagram (steering.ts) reads the rest.
import type { Api } from "../shell/diagram.js";
import { frameStats } from "../shell/view.js";
import { errorMessage } from "../shell/types.js";
import type { Behavior, BehaviorAim, Circle, Path, Point, VehicleDebug, VehicleState } from "../../pkg/arcline.js";
import type { SteeringState } from "../../package/arcline-demo.js";
import { applyFamily, familyBehaviors, isFamily, setupFamily, type FamilyScene } from "./steering_family.js";
import { CrowdWorker, recording, type RecordingWorld } from "./steering_worker.js";
import { wasmUrl } from "../runtime.js";
import { SYSTEM_MODULES } from "../modules.js";
import type { WorldCall } from "../crowd-thread.js";
import { AVOID, buildCrowdScene, retargetStreams } from "./steering_scenes.js";

type World = InstanceType<Api["World"]>;

/** Points kept of a trail. */
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
export const CROWD_RADIUS = 6.4;

/** The one-vehicle mode's vehicles. */
export interface Ids {
  main: number | null;
  ghost: number | null;
  quarry: number | null;
  flock: number[];
}

/** What the scattered crowd's behaviour reads: other vehicles, circles, a room. */
export interface CrowdShapes {
  others: number[];
  obstacles: Circle[];
  boundary: Point[];
}

/** What the simulation tells the diagram. */
export interface SimHooks {
  /** The World was built again: frame it. */
  fit(): void;
  /** The worker took a step. */
  stepped(): void;
  /** The worker could not start: the crowd was built again on this thread. */
  lost(): void;
  /** The worker reported an error (in `error`). */
  failed(): void;
}

/** A small LCG for start positions (data, not geometry). */
function scatter(n: number, radius: number, seed: number, limits: { maxSpeed: number; maxForce: number; mass: number }): Float64Array {
  const data = new Float64Array(7 * n);
  let s = seed >>> 0 || 1;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  for (let i = 0; i < n; i++) {
    const r = radius * Math.sqrt(rnd());
    const a = 2 * Math.PI * rnd();
    data.set([r * Math.cos(a), r * Math.sin(a), 0, 0, limits.maxSpeed, limits.maxForce, limits.mass], 7 * i);
  }
  return data;
}

/** Radius of the disc a crowd of `state.count` is scattered over. */
export function crowdRadius(state: SteeringState): number {
  return Math.sqrt((state.count * CROWD_AREA) / Math.PI);
}

function flockBehaviors(state: SteeringState): Behavior[] {
  return [
    { kind: "separation", radius: 4, weight: 2 },
    { kind: "alignment", radius: 10, weight: 0.6 },
    { kind: "cohesion", radius: 12, weight: 0.4 },
    { kind: "seek", target: state.target, weight: 0.3 },
  ];
}

/** The crowd's other vehicles' own behaviours (the quarry, the two to get between, the leader, the hunter). */
function othersBehaviors(state: SteeringState): Behavior[] {
  if (state.behavior === "hide") return [{ kind: "arrive", target: state.target, slowingRadius: 60 }];
  return [
    { kind: "wander", distance: 8, radius: 4, jitter: 1.2 },
    { kind: "arrive", target: { x: 0, y: 0 }, slowingRadius: 50, weight: 0.2 },
  ];
}

export class SteeringSim {
  world: World | null = null;
  ids: Ids = { main: null, ghost: null, quarry: null, flock: [] };
  trail: Point[] = [];
  ghostTrail: Point[] = [];
  path: Path | null = null;
  family: FamilyScene | null = null;
  crowd: CrowdShapes = { others: [], obstacles: [], boundary: [] };
  /** A preset scene's vehicles, in the order added. */
  sceneIds: number[] = [];
  /** The width of the square a crowd or crowd scene is framed by, centred on the origin. */
  crowdSpan = 110;
  /** The scattered crowd's steps are taken here when a worker could start (null before, or where none can). */
  worker: CrowdWorker | null = null;
  private workerRefused = false;
  steps = 0;
  stepMs = 0;
  /** Steps taken a second (the worker's steps arrive at their own pace; without it, one a frame). */
  stepRate = 0;
  private lastStepAt = 0;
  /** When the worker was last asked for a step. */
  private lastStepAsked = 0;
  error: string | null = null;

  constructor(
    private readonly api: Api,
    private readonly state: SteeringState,
    private readonly hooks: SimHooks,
  ) {}

  /** Whether this crowd's steps are taken in the worker. */
  offThread(): boolean {
    return this.state.mode === "crowd" && this.state.scene === "scatter" && !this.workerRefused;
  }

  /** Builds the world for the current mode and behaviour, from scratch. */
  rebuild(): void {
    const state = this.state;
    this.world?.free();
    this.world = null;
    this.ids = { main: null, ghost: null, quarry: null, flock: [] };
    this.trail = [];
    this.ghostTrail = [];
    this.path = null;
    this.family = null;
    this.crowd = { others: [], obstacles: [], boundary: [] };
    this.sceneIds = [];
    this.steps = 0;
    this.stepRate = 0;
    this.lastStepAt = 0;
    this.stepMs = 0;
    this.error = null;
    try {
      // A crowd that fails to build leaves no steps of the one before on the canvas.
      if (this.offThread()) this.worker?.reset(WORLD_SEED, []);
      else this.stopWorker();
      const w = new this.api.World(WORLD_SEED);
      this.world = w;
      const limits = { maxSpeed: state.maxSpeed, maxForce: state.maxForce, mass: state.mass };
      if (state.mode === "crowd" && state.scene !== "scatter") {
        const built = buildCrowdScene(w, state.scene, state.avoid, limits, state);
        this.sceneIds = built.ids;
        this.crowdSpan = built.span;
        this.hooks.fit();
        return;
      }
      if (state.mode === "crowd") {
        const radius = crowdRadius(state);
        const log: WorldCall[] = [];
        const rw = recording(w, log);
        rw.addVehicles(scatter(state.count, radius, 12345, limits));
        this.setupCrowd(rw, radius);
        this.applyCrowd(rw);
        this.crowdSpan = Math.max(110, 2.4 * radius);
        this.startWorker()?.reset(WORLD_SEED, log);
        this.hooks.fit();
        return;
      }
      this.hooks.fit();
      w.setDebug(true);
      if (state.behavior === "path") this.path = this.api.racetrack(state.target, 25, 14);
      if (state.behavior === "pursue" || state.behavior === "evade") {
        this.ids.quarry = w.addVehicle({ x: 20, y: -25, vx: -0.5, vy: 0, maxSpeed: 0.6, maxForce: 0.05 });
        w.setBehaviors(this.ids.quarry, [
          { kind: "wander", distance: 8, radius: 4, jitter: 1.2 },
          { kind: "arrive", target: { x: 0, y: 0 }, slowingRadius: 50, weight: 0.2 },
        ]);
      }
      if (state.behavior === "flock") {
        const data = scatter(40, 20, 99, limits);
        for (const id of w.addVehicles(data)) this.ids.flock.push(id);
        this.ids.main = this.ids.flock[0] ?? null;
      } else if (isFamily(state.behavior)) {
        this.ids.main = w.addVehicle({ ...START, ...limits });
        this.family = setupFamily(this.api, w, state.behavior, this.ids.main, state.target, limits);
      } else {
        this.ids.main = w.addVehicle({ ...START, ...limits });
        if (state.noSteering) this.ids.ghost = w.addVehicle({ ...START, ...limits, maxForce: UNBOUNDED_FORCE });
      }
      this.apply();
    } catch (e) {
      this.error = errorMessage(e);
    }
  }

  /** Re-sends behaviours and limits (after a drag or a slider). */
  apply(): void {
    const w = this.world;
    const state = this.state;
    if (!w) return;
    try {
      if (state.mode === "crowd") {
        // A preset's agents keep their own goals (the crossing's follow its handles); the scattered crowd follows the picker.
        if (state.scene === "scatter") {
          const log: WorldCall[] = [];
          this.applyCrowd(recording(w, log));
          this.worker?.calls(log);
        } else if (state.scene === "crossing") retargetStreams(w, this.sceneIds, state.avoid, state);
        // Crowd limits are set for everyone when the crowd is rebuilt.
        return;
      }
      if (state.behavior === "path") this.path = this.api.racetrack(state.target, 25, 14);
      const limits = { maxSpeed: state.maxSpeed, maxForce: state.maxForce, mass: state.mass };
      const { ids, family } = this;
      if (state.behavior === "flock") {
        w.setBehaviorsMany(ids.flock, flockBehaviors(state));
        for (const id of ids.flock) w.setLimits(id, limits);
      } else if (family && ids.main !== null) {
        applyFamily(this.api, w, family, ids.main, state.target);
        w.setLimits(ids.main, limits);
        for (const f of family.followers) w.setLimits(f, limits);
      } else if (ids.main !== null) {
        w.setBehaviors(ids.main, this.behaviors());
        w.setLimits(ids.main, limits);
        if (ids.ghost !== null) {
          w.setBehaviors(ids.ghost, this.behaviors());
          w.setLimits(ids.ghost, { ...limits, maxForce: UNBOUNDED_FORCE });
        }
      }
      this.error = null;
    } catch (e) {
      this.error = errorMessage(e);
    }
  }

  /** One step: in the worker (its result arrives later), or here. */
  step(): void {
    const w = this.world;
    const state = this.state;
    if (!w) return;
    if (this.offThread() && this.worker) {
      if (this.worker.step(1, this.crowd.others)) this.lastStepAsked = performance.now();
      return;
    }
    try {
      const t0 = performance.now();
      // The presets take a frame in quarter steps: ORCA looks ahead from the
      // start of a step, so shorter steps keep close bodies apart better.
      if (state.mode === "crowd" && state.scene !== "scatter") for (let k = 0; k < PRESET_SUBSTEPS; k++) w.step(1 / PRESET_SUBSTEPS);
      else w.step(1);
      this.stepMs = performance.now() - t0;
      if (frameStats.enabled && (!frameStats.only || frameStats.only === "steering")) frameStats.step.push(this.stepMs);
      this.steps++;
      this.countStep();
    } catch (e) {
      this.error = errorMessage(e);
      return;
    }
    if (state.mode === "single") {
      const v = this.vehicle(this.ids.main);
      if (v) this.trail.push({ x: v.x, y: v.y });
      const g = this.vehicle(this.ids.ghost);
      if (g) this.ghostTrail.push({ x: g.x, y: g.y });
      if (this.trail.length > TRAIL) this.trail.splice(0, this.trail.length - TRAIL);
      if (this.ghostTrail.length > TRAIL) this.ghostTrail.splice(0, this.ghostTrail.length - TRAIL);
    }
  }

  dispose(): void {
    this.world?.free();
    this.world = null;
    this.stopWorker();
  }

  vehicle(id: number | null): VehicleState | null {
    if (!this.world || id === null) return null;
    try {
      return this.world.vehicle(id);
    } catch {
      return null;
    }
  }

  aims(id: number): BehaviorAim[] | null {
    if (!this.world) return null;
    try {
      return this.world.aims(id);
    } catch {
      return null;
    }
  }

  debug(id: number | null): VehicleDebug | null {
    if (!this.world || id === null || this.state.mode === "crowd") return null;
    try {
      return this.world.debug(id);
    } catch {
      return null;
    }
  }

  /** The positions and headings of the scattered crowd as drawn: the worker's last step, or views into wasm memory (used at once, no copy). */
  crowdFrame(): { positions: Float64Array; headings: Float64Array } | null {
    const w = this.world;
    if (!w) return null;
    const frame = this.worker?.latest;
    return frame ? { positions: frame.positions, headings: frame.headings } : { positions: w.positions(), headings: w.headings() };
  }

  /** The first and last vehicle of the scattered crowd as drawn. */
  drawnCrowd(): { first: Point; last: Point } | null {
    if (!(this.state.mode === "crowd" && this.state.scene === "scatter")) return null;
    const pos = this.crowdFrame()?.positions;
    if (!pos) return null;
    const n = pos.length / 2;
    if (n === 0) return null;
    return { first: { x: pos[0] ?? NaN, y: pos[1] ?? NaN }, last: { x: pos[2 * n - 2] ?? NaN, y: pos[2 * n - 1] ?? NaN } };
  }

  /** The behaviours of the main vehicle (and its no-steering twin). */
  private behaviors(): Behavior[] {
    const state = this.state;
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
        return this.ids.quarry === null ? [] : [{ kind: "pursue", quarry: this.ids.quarry }];
      case "evade":
        return this.ids.quarry === null ? [] : [{ kind: "evade", quarry: this.ids.quarry }, { kind: "arrive", target, slowingRadius: 60, weight: 0.5 }];
      case "wander":
        return [{ kind: "wander", distance: 8, radius: 4, jitter: 1 }, { kind: "arrive", target, slowingRadius: 60, weight: 0.15 }];
      case "flock":
        return flockBehaviors(state);
      case "path":
        return this.path ? [{ kind: "followPath", path: this.path, lookAhead: 6 }] : [];
      default:
        return this.family ? familyBehaviors(this.family, target) : [];
    }
  }

  /**
   * The crowd's behaviours: the picked one and separation, or avoiding each
   * other (flocking: its own three and a weak seek).
   */
  private crowdBehaviors(): Behavior[] {
    const state = this.state;
    const { crowd, path } = this;
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
        return path ? [wander, { kind: "stayOnPath", path, radius: 0.08 * crowdRadius(state) }, apart] : [apart];
      case "contain":
        return [wander, { kind: "contain", boundary: crowd.boundary }, apart];
    }
  }

  /** The crowd's racetrack, sized to the crowd. */
  private crowdPath(): Path {
    const r = crowdRadius(this.state);
    return this.api.racetrack(this.state.target, 0.5 * r, 0.35 * r);
  }

  /** Adds the vehicles the crowd's behaviour reads, and its shapes, sized to a crowd of radius `r`. */
  private setupCrowd(w: RecordingWorld, r: number): void {
    const state = this.state;
    const other = (x: number, y: number) => w.addVehicle({ x: x * r, y: y * r, vx: -0.5, vy: 0, maxSpeed: 0.9 * state.maxSpeed, maxForce: 0.05 });
    switch (state.behavior) {
      case "pursue":
      case "evade":
      case "offsetPursuit":
      case "hide":
        this.crowd.others = [other(0.3, -0.2)];
        break;
      case "interpose":
        this.crowd.others = [other(-0.4, 0.1), other(0.4, -0.1)];
        break;
      default:
        break;
    }
    if (state.behavior === "hide") this.crowd.obstacles = [0, 1, 2, 3, 4, 5].map((k) => ({ x: 0.55 * r * Math.cos(k), y: 0.55 * r * Math.sin(2 * k), radius: 0.06 * r }));
    // A room with a notch (not convex), scaled to the crowd.
    if (state.behavior === "contain")
      this.crowd.boundary = [
        { x: -1.05, y: -0.75 },
        { x: 1.05, y: -0.75 },
        { x: 1.05, y: 0.25 },
        { x: 0.2, y: 0.25 },
        { x: 0.2, y: 0.85 },
        { x: -1.05, y: 0.85 },
      ].map((p) => ({ x: p.x * r, y: p.y * r }));
    if (state.behavior === "path" || state.behavior === "stayOnPath") this.path = this.crowdPath();
  }

  /** Every vehicle gets the crowd's list, then the ones it reads their own. */
  private applyCrowd(w: RecordingWorld): void {
    const state = this.state;
    if (state.behavior === "path" || state.behavior === "stayOnPath") this.path = this.crowdPath();
    w.setAllBehaviors(this.crowdBehaviors());
    for (const id of this.crowd.others) w.setBehaviors(id, othersBehaviors(state));
  }

  /** The crowd's worker, started on first use; null where none can start. */
  private startWorker(): CrowdWorker | null {
    if (this.worker || this.workerRefused) return this.worker;
    this.worker = CrowdWorker.start(
      wasmUrl(SYSTEM_MODULES.crowd).href,
      (f) => {
        this.steps++;
        this.stepMs = f.stepMs;
        this.countStep();
        if (frameStats.enabled && (!frameStats.only || frameStats.only === "steering")) frameStats.step.push(this.stepMs);
        this.hooks.stepped();
        // Playing, a step that took most of a frame: the next is asked for at once, not a frame later
        // (still at most one a frame, so the crowd moves as fast as stepped on the page).
        if (this.state.playing && performance.now() - this.lastStepAsked >= MIN_STEP_INTERVAL_MS) this.step();
      },
      (message) => {
        if (message) {
          this.error = message;
          this.hooks.failed();
          return;
        }
        // No worker here: the crowd is built again and stepped on this thread.
        this.workerRefused = true;
        this.stopWorker();
        this.rebuild();
        this.hooks.lost();
      },
    );
    if (!this.worker) this.workerRefused = true;
    return this.worker;
  }

  private stopWorker(): void {
    this.worker?.stop();
    this.worker = null;
  }

  private countStep(): void {
    const now = performance.now();
    if (this.lastStepAt > 0 && this.state.playing) {
      const dt = now - this.lastStepAt;
      if (dt > 0) this.stepRate = this.stepRate === 0 ? 1000 / dt : this.stepRate * 0.9 + (1000 / dt) * 0.1;
    }
    this.lastStepAt = now;
  }
}
