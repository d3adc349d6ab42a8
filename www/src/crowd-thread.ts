// What the crowd diagram and its worker say to each other.
//
// The page sets a crowd up in its own World (the calls are recorded as they
// are made) and sends the same calls to a worker, whose World is built by
// them with the same seed: same calls, same ids, same vehicles. The worker
// then takes the steps, one per request, and sends back copies of the
// positions and headings (their buffers transferred, not copied again) and
// the state of the vehicles the page draws apart.
import type { Behavior, VehicleState, VehicleSpec } from "../pkg/arcline.js";

/** A call on a World, recorded so that another World can be built by it. */
export type WorldCall =
  | { method: "addVehicles"; args: [Float64Array] }
  | { method: "addVehicle"; args: [VehicleSpec] }
  | { method: "setBehaviors"; args: [number, Behavior[]] }
  | { method: "setAllBehaviors"; args: [Behavior[]] };

/** From the page: load the page's module (first), start a fresh World, make calls on it, or step it. */
export type ToWorker =
  | { type: "load"; generation: number; wasm: string }
  | { type: "reset"; generation: number; seed: number; calls: WorldCall[] }
  | { type: "calls"; generation: number; calls: WorldCall[] }
  | { type: "step"; generation: number; dt: number; watch: number[] };

/** From the worker: a step taken, or why the World refused (generation -1: the module did not load). */
export type FromWorker =
  | { type: "frame"; generation: number; positions: Float64Array; headings: Float64Array; watched: (VehicleState | null)[]; stepMs: number }
  | { type: "error"; generation: number; message: string };
