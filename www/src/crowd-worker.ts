// The crowd diagram's worker: a World built by the page's recorded calls,
// stepped on request, off the page's thread, so that the page draws every
// frame while the next step is taken. It loads the crowd module (the
// steering bindings only).
import type { Api } from "./shell/diagram.js";
import type { FromWorker, ToWorker, WorldCall } from "./crowd-thread.js";
import type { World } from "../pkg/arcline.js";

/** The parts of a dedicated worker's global scope used here (the page's lib is DOM's). */
interface WorkerScope {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

const api: Promise<Api> = import(/* @vite-ignore */ new URL("../pkg/arcline_crowd.js", import.meta.url).href).then(
  async (m: Api & { default: (o?: unknown) => Promise<unknown> }) => {
    await m.default({ module_or_path: new URL("../pkg/arcline_crowd_bg.wasm", import.meta.url) });
    return m;
  },
);

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

function handle(a: Api, m: ToWorker): void {
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
      handle(await api, m);
    } catch (err) {
      // A refused call leaves this World unlike the page's: it says why and waits for a reset.
      generation = -1;
      scope.postMessage({ type: "error", generation: m.generation, message: err instanceof Error ? err.message : String(err) });
    }
  });
};
