// The crowd diagram's worker: a World built by the page's recorded calls,
// stepped on request, off the page's thread, so that the page draws every
// frame while the next step is taken. It carries the crowd module's glue and
// loads its wasm from the URL the page sends (the same core code as the
// page's module, whole or crowd).
import * as crowd from "../pkg/arcline_crowd.js";
import type { FromWorker, ToWorker, WorldCall } from "./crowd-thread.js";
import type { World } from "../pkg/arcline_crowd.js";

type Api = typeof crowd;

/** The parts of a dedicated worker's global scope used here (the page's lib is DOM's). */
interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

let api: Promise<Api> | null = null;

async function load(wasm: string): Promise<Api> {
  await crowd.default({ module_or_path: wasm });
  return crowd;
}

let world: World | null = null;
let generation = -1;
// Messages are handled one after another, in order, after the module has loaded.
let queue: Promise<void> = Promise.resolve();

function apply(w: World, calls: WorldCall[]): void {
  for (const c of calls) {
    switch (c.method) {
      case "addVehicles":
        w.addVehicles(...c.args);
        break;
      case "addVehicle":
        w.addVehicle(...c.args);
        break;
      case "setBehaviors":
        w.setBehaviors(...c.args);
        break;
      case "setAllBehaviors":
        w.setAllBehaviors(...c.args);
        break;
    }
  }
}

function handle(a: Api, m: Exclude<ToWorker, { type: "load" }>): void {
  if (m.type === "reset") {
    world?.free();
    world = new a.World(m.seed);
    generation = m.generation;
    apply(world, m.calls);
    return;
  }
  if (m.generation !== generation || !world) return;
  if (m.type === "calls") {
    apply(world, m.calls);
    return;
  }
  const t0 = performance.now();
  world.step(m.dt);
  const stepMs = performance.now() - t0;
  const positions = world.positions().slice();
  const headings = world.headings().slice();
  const w = world;
  const watched = m.watch.map((id) => {
    try {
      return w.vehicle(id);
    } catch {
      return null;
    }
  });
  scope.postMessage({ type: "frame", generation, positions, headings, watched, stepMs }, [positions.buffer, headings.buffer]);
}

scope.onmessage = (e) => {
  const m = e.data;
  queue = queue.then(async () => {
    try {
      if (m.type === "load") {
        api = load(m.wasm);
        await api;
        return;
      }
      if (!api) throw new Error("the crowd worker was asked to step before it loaded a module");
      handle(await api, m);
    } catch (err) {
      // A refused call leaves this World unlike the page's: it says why and waits for a reset.
      // A module that did not load is said with generation -1: the page steps on its own thread.
      generation = -1;
      const message = err instanceof Error ? err.message : String(err);
      scope.postMessage({ type: "error", generation: m.type === "load" || !api ? -1 : m.generation, message });
    }
  });
};
