// The crowd diagram's steps taken in a worker (crowd-worker.ts), so that a
// crowd of 100,000 is drawn every frame while its next step is taken on
// another thread. The page keeps its own World for what it reads between
// steps (ids, the count) and records the calls that set it up; the worker's
// World is built by the same calls. Where no worker can start (a host page
// whose policy forbids it, a script from another origin), `start` returns
// null and the diagram steps on its own thread as before.
import type { FromWorker, ToWorker, WorldCall } from "../crowd-thread.js";
import type { Behavior, VehicleSpec, VehicleState, World } from "../../pkg/arcline.js";
import { assetBase } from "../runtime.js";

/** The World calls the crowd's set-up makes, each recorded as it is made. */
export type RecordingWorld = Pick<World, "addVehicles" | "addVehicle" | "setBehaviors" | "setAllBehaviors">;

/** `w`, with every set-up call it takes also written to `log` (a call it refuses is not). */
export function recording(w: World, log: WorldCall[]): RecordingWorld {
  return {
    addVehicles: (data: Float64Array) => {
      const ids = w.addVehicles(data);
      log.push({ method: "addVehicles", args: [data.slice()] });
      return ids;
    },
    addVehicle: (v: VehicleSpec) => {
      const id = w.addVehicle(v);
      log.push({ method: "addVehicle", args: [structuredClone(v)] });
      return id;
    },
    setBehaviors: (id: number, list: Behavior[]) => {
      w.setBehaviors(id, list);
      log.push({ method: "setBehaviors", args: [id, structuredClone(list)] });
    },
    setAllBehaviors: (list: Behavior[]) => {
      w.setAllBehaviors(list);
      log.push({ method: "setAllBehaviors", args: [structuredClone(list)] });
    },
  };
}

/** The last step the worker took. */
export interface CrowdFrame {
  positions: Float64Array;
  headings: Float64Array;
  /** The vehicles asked for with the step, in order (null for an id the World did not know). */
  watched: (VehicleState | null)[];
  stepMs: number;
}

export class CrowdWorker {
  private generation = 0;
  private inFlight = false;
  /** The newest step of the current World, or null before its first. */
  latest: CrowdFrame | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly onFrame: (f: CrowdFrame) => void,
    private readonly onError: (message: string) => void,
  ) {
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      // The module did not load in the worker: as if no worker could start.
      if (m.type === "error" && m.generation === -1) {
        onError("");
        return;
      }
      if (m.generation !== this.generation) return;
      this.inFlight = false;
      if (m.type === "error") {
        onError(m.message);
        return;
      }
      this.latest = { positions: m.positions, headings: m.headings, watched: m.watched, stepMs: m.stepMs };
      this.onFrame(this.latest);
    };
    // The script did not load or threw on start: the page steps on its own thread from now on.
    worker.onerror = (e) => {
      e.preventDefault();
      this.onError("");
    };
  }

  /**
   * A worker for the crowd, which loads the crowd module from `wasm` (the
   * same core code as the page's module, so both step alike); null where
   * none can start. The worker's script is named by a literal URL, which
   * bundlers follow, or found under the page's asset base.
   */
  static start(wasm: string, onFrame: (f: CrowdFrame) => void, onError: (message: string) => void): CrowdWorker | null {
    if (typeof Worker === "undefined") return null;
    try {
      const base = assetBase();
      const worker = base
        ? new Worker(new URL("build/crowd-worker.js", base), { type: "module" })
        : new Worker(new URL("./crowd-worker.js", import.meta.url), { type: "module" });
      const w = new CrowdWorker(worker, onFrame, onError);
      w.post({ type: "load", generation: w.generation, wasm });
      return w;
    } catch {
      return null;
    }
  }

  /** A fresh World in the worker, built by `calls` (steps of the World before are dropped). */
  reset(seed: number, calls: WorldCall[]): void {
    this.generation += 1;
    this.inFlight = false;
    this.latest = null;
    this.post({ type: "reset", generation: this.generation, seed, calls });
  }

  /** More calls on the worker's World (behaviours changed by a drag or the menu). */
  calls(calls: WorldCall[]): void {
    if (calls.length > 0) this.post({ type: "calls", generation: this.generation, calls });
  }

  /** Asks for one step of `dt`, unless one is being taken; whether it was asked. */
  step(dt: number, watch: number[]): boolean {
    if (this.inFlight) return false;
    this.inFlight = true;
    this.post({ type: "step", generation: this.generation, dt, watch });
    return true;
  }

  stop(): void {
    this.generation += 1;
    this.worker.terminate();
  }

  private post(m: ToWorker): void {
    this.worker.postMessage(m);
  }
}
