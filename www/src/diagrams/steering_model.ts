// The steering diagram's model: its state (SteeringState, declared once in
// package/arcline-demo.d.ts), the defaults, one table of the numbers' ranges
// (read by the sliders, the element's attributes and setState), and the one
// setter, `readState`, that reads any partial state clamped (setState, the
// attributes, the controls and the handles all go through it).
import type { SteeringState } from "../../package/arcline-demo.js";
import type { DiagramOptions } from "../shell/diagram.js";
import { asRecord, attrBool, attrNumber, inRange, readPoint, type NumberRange } from "../shell/types.js";
import { FAMILY } from "./steering_family.js";
import { isSteeringStep } from "./steering-figures.js";
import type { SteeringStep } from "./steering-figures.js";
import { CROWD_SCENES, STREAM_GOALS, SWAP_RADIUS } from "./steering_scenes.js";

export type BehaviorName = SteeringState["behavior"];
export type Mode = SteeringState["mode"];

export const BEHAVIORS: readonly { value: BehaviorName; text: string }[] = [
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

/** The largest coordinate of a point of the state. */
export const LIMIT = 1e4;

/** Every number of the state: its range, and its slider's step. */
export const RANGES = {
  maxSpeed: { min: 0.1, max: 4, step: 0.1 },
  maxForce: { min: 0.005, max: 1, step: 0.005 },
  mass: { min: 0.25, max: 10, step: 0.25 },
  /** The crowd's size. */
  count: { min: 100, max: 100_000, step: 100, integer: true },
  /** The circle swap's ring. */
  ringRadius: { min: 15, max: 200, step: 1 },
} as const satisfies Record<string, NumberRange>;

export const DEFAULTS: SteeringState = {
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
  ringRadius: SWAP_RADIUS,
  streamGoals: [{ ...STREAM_GOALS[0] }, { ...STREAM_GOALS[1] }],
  playing: true,
  step: "seek",
};

/**
 * Shows a figure: the two seek figures set up one seeking vehicle (and its
 * twin without steering); the first is a still figure (Play runs it), the
 * path plays.
 */
export function setStep(state: SteeringState, step: SteeringStep, reducedMotion: boolean): void {
  state.step = step;
  if (step !== "explore") {
    state.mode = "single";
    state.behavior = "seek";
    state.noSteering = step === "path";
    state.playing = step === "path" && !reducedMotion;
  }
}

/** After the reader picks a behaviour or a mode, the figure that shows it. */
export function syncStep(state: SteeringState): void {
  if (state.mode === "crowd" || state.behavior !== "seek") state.step = "explore";
  else if (state.step !== "explore") state.step = state.noSteering ? "path" : "seek";
}

/**
 * The one setter: every field of `v` (unknown data) that reads as a field of
 * the state, clamped to its range; the rest is kept. A seek figure given
 * alone (`step`) implies its scene: one seeking vehicle, its twin for the
 * path.
 */
export function readState(state: SteeringState, v: unknown): void {
  const o = asRecord(v);
  const step = isSteeringStep(o["step"]) ? o["step"] : null;
  const implied = step === "seek" || step === "path";
  if (step) state.step = step;
  state.mode = o["mode"] === "crowd" || o["mode"] === "single" ? o["mode"] : implied ? "single" : state.mode;
  state.behavior = BEHAVIORS.find((b) => b.value === o["behavior"])?.value ?? (implied ? "seek" : state.behavior);
  state.count = inRange(RANGES.count, o["count"], state.count);
  state.noSteering = typeof o["noSteering"] === "boolean" ? o["noSteering"] : implied ? step === "path" : state.noSteering;
  if (typeof o["avoid"] === "boolean") state.avoid = o["avoid"];
  state.scene = CROWD_SCENES.find((c) => c.value === o["scene"])?.value ?? state.scene;
  state.target = readPoint(o["target"], state.target, LIMIT);
  state.maxSpeed = inRange(RANGES.maxSpeed, o["maxSpeed"], state.maxSpeed);
  state.maxForce = inRange(RANGES.maxForce, o["maxForce"], state.maxForce);
  state.mass = inRange(RANGES.mass, o["mass"], state.mass);
  state.ringRadius = inRange(RANGES.ringRadius, o["ringRadius"], state.ringRadius);
  const goals = o["streamGoals"];
  if (Array.isArray(goals)) state.streamGoals = [readPoint(goals[0], state.streamGoals[0], LIMIT), readPoint(goals[1], state.streamGoals[1], LIMIT)];
  if (typeof o["playing"] === "boolean") state.playing = o["playing"];
}

/** The fields whose change builds the World again. */
export function structure(s: SteeringState): string {
  return JSON.stringify([s.mode, s.behavior, s.count, s.noSteering, s.avoid, s.scene, s.ringRadius]);
}

/**
 * The state an element starts in: its attributes (`behavior`, `mode`,
 * `count`, `avoid`, `scene`, `step`) read by the one setter. A behaviour or
 * mode given as an attribute shows the whole family (the "explore" figure).
 */
export function initialState(options: DiagramOptions, reducedMotion: boolean): SteeringState {
  const state: SteeringState = structuredClone(DEFAULTS);
  state.playing = !reducedMotion;
  readState(state, {
    behavior: options["behavior"],
    mode: options["mode"] === "crowd" ? "crowd" : "single",
    count: attrNumber(options["count"]),
    avoid: attrBool(options["avoid"]) ?? false,
    scene: options["scene"],
  });
  const plainSeek = state.mode === "single" && state.behavior === "seek";
  setStep(state, isSteeringStep(options["step"]) ? options["step"] : plainSeek ? state.step : "explore", reducedMotion);
  return state;
}
