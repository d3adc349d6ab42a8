// <arcline-demo> and <arcline-number>: `import "arcline/demo"` defines both.
// The diagrams take their state types from here (www/src/diagrams/*.ts import
// them); www/src/demo-types.check.ts checks the element class against this one.
import type { AssignmentStrategy, Circle, Lane, PatternKind, Point, Pose } from "../pkg/arcline.js";

/** The kinds of diagram (`<arcline-demo kind="...">`); an unknown kind shows the planner. */
export type DemoKind = "arc" | "planner" | "pathfind" | "steering" | "formation" | "road" | "junction";

/** One arc from a pose to a point, its offsets and their crossings with a line. */
export interface ArcState {
  pose: Pose;
  point: Point;
  /** Distance of the parallel curves on each side. */
  width: number;
  line: { a: Point; b: Point };
}

/** The turning-radius planner. */
export interface PlannerState {
  unit: Pose;
  target: Point;
  radius: number;
  /** Arrive with a heading: the six Dubins words instead of turn-then-go. */
  arrive: boolean;
  goalHeading: number;
  /** With a heading: the unit may reverse (the Reeds-Shepp path). */
  reverse: boolean;
  /** Seconds along the chosen path (the scrubber). */
  time: number;
  /** The figure shown (it implies `arrive` and `reverse`). */
  step: "turn" | "construction" | "dubins" | "reverse";
  /**
   * How fast the steering wheel turns: the most the curvature changes per
   * unit length (0 to 2). 0: the first part's arcs, whose curvature jumps;
   * above 0, turn then go and the Dubins path (not the Reeds-Shepp one) ramp
   * it along clothoids (continuous curvature).
   */
  sharpness: number;
}

/** Pathfinding round circles and polygons, or on a tile grid. */
export interface PathfindState {
  mode: "around" | "grid";
  unit: Pose;
  goal: Pose;
  /** Arrive with the goal's heading (else any heading at the goal point). */
  arrive: boolean;
  radius: number;
  clearance: number;
  circles: Circle[];
  polygons: Point[][];
  columns: number;
  rows: number;
  tile: number;
  /** One "0" or "1" per tile, row by row from row 0 (y up). */
  blocked: string;
  showGraph: boolean;
  showExpanded: boolean;
  /** A formation of vehicles follows the path when played. */
  formation: boolean;
  /** Seconds along the path (the scrubber). */
  time: number;
}

/** Steering: one vehicle and its behaviour, or a crowd. */
export interface SteeringState {
  mode: "single" | "crowd";
  behavior:
    | "seek" | "flee" | "arrive" | "pursue" | "evade" | "wander" | "flock" | "path"
    | "interpose" | "offsetPursuit" | "hide" | "stayOnPath" | "contain";
  target: Point;
  maxSpeed: number;
  maxForce: number;
  mass: number;
  /** Adds a twin whose velocity is the desired velocity (no steering). */
  noSteering: boolean;
  /** Vehicles in crowd mode. */
  count: number;
  /** Crowd vehicles avoid each other's bodies (avoidVehicles) instead of separation. */
  avoid: boolean;
  /** The crowd's scene. */
  scene: "scatter" | "circleSwap" | "crossing";
  /** The circle swap's ring radius (a knob on the ring). */
  ringRadius: number;
  /** Where the crossing streams go: the middle of the right-going stream's goals, then the up-going one's. */
  streamGoals: [Point, Point];
  playing: boolean;
  /** The figure shown. */
  step: "seek" | "path" | "explore";
}

/** A formation: pattern, slots, anchor and drift offset. */
export interface FormationState {
  pattern: PatternKind;
  spacing: number;
  assignment: AssignmentStrategy;
  target: Pose;
  /** The anchor follows a turning-radius path (planDubins) to the target. */
  followPath: boolean;
  /** Minimum turning radius of that path. */
  turningRadius: number;
  /** Members avoid each other's bodies (their own avoidVehicles behaviour, kept in the formation). */
  avoid: boolean;
  playing: boolean;
  /** The figure shown. */
  step: "slots" | "removed";
}

/** A road through profiles: fillets, S-curves, U-turns. */
export interface RoadState {
  profiles: Pose[];
  lanes: Lane[];
  construction: boolean;
  bezier: boolean;
  /** The figure shown (the constructions start from a pair of profiles of their own). */
  step: "road" | "fillet" | "s-curve" | "u-turn" | "bezier" | "jerk";
  /**
   * The length of the clothoid between each line and arc (0 to 30; 0: the
   * seed's arcs, curvature jumping where they meet lines).
   */
  transition: number;
}

/** An arm of a junction: its mouth's pose and its lanes, chosen from the presets. */
export interface JunctionArm extends Pose {
  preset: "2 lanes" | "4 lanes" | "6 lanes, median" | "bike lanes" | "one way in" | "one way out";
}

/** A junction of arms, its turn paths and kerbs. */
export interface JunctionState {
  arms: JunctionArm[];
  /** Show every turn path with its radius (else only the last touched arm's paths). */
  allPaths: boolean;
  /** The arm last dragged or turned. */
  selected: number;
}

/** Parking: a car with a body (4.5 × 1.8, its pose the rear axle's centre) and reverse gear. */
export interface ParkingState {
  /** The starting scene (choosing one resets the car, the goal, the obstacles and the radius). */
  scene: "parallel" | "bay" | "dead end";
  car: Pose;
  goal: Pose;
  /** Parked cars, kerbs and walls: simple polygons. */
  obstacles: Point[][];
  /** The turning radius of the rear axle's centre (2 to 8). */
  radius: number;
  /** How far the body keeps from every obstacle (0 to 1). */
  clearance: number;
  /** Reverse gear allowed. */
  reverse: boolean;
  /** What a gear change costs, in units of length (0 to 50). */
  cuspCost: number;
  /** What a unit driven backwards costs (1 to 5). */
  reverseCost: number;
  /** Seconds along the path (play). */
  time: number;
}

/** Each kind's state: what the reader set, nothing computed. */
export interface DemoStates {
  arc: ArcState;
  planner: PlannerState;
  pathfind: PathfindState;
  steering: SteeringState;
  formation: FormationState;
  road: RoadState;
  junction: JunctionState;
  parking: ParkingState;
}

/** One number beside a figure. */
export interface FigureNumber {
  /** Stable name, for <arcline-number name="...">. */
  key: string;
  /** The letter of the figure, if it has one ("h", "θ", "C"). */
  symbol?: string;
  /** What it is, in words. */
  label: string;
  /** The number itself (null: not defined in this scene). */
  value: number | null;
  /** The number as shown, with its unit or a word. */
  text: string;
  /** A heading the row is listed under ("right turn"). */
  group?: string;
}

/** The figure shown and its numbers. */
export interface FigureReadout {
  step: string;
  title: string;
  numbers: FigureNumber[];
}

/** The events an <arcline-demo> fires. */
export interface ArclineDemoEventMap extends HTMLElementEventMap {
  /** After every change the reader makes; `detail` is the new state. */
  change: CustomEvent<DemoStates[DemoKind]>;
  /** After every rewrite of the figure's numbers (drags, animation frames). */
  figure: CustomEvent<FigureReadout | null>;
  /** The diagram could not start (also written to the console); `message` says why. */
  error: ErrorEvent;
}

/** `<arcline-demo kind="planner" ...attributes>`: one live diagram. */
export declare class ArclineDemo extends HTMLElement {
  /** The diagram's state as JSON text: what the reader set, nothing computed. */
  get state(): string;
  /** Restores a state from JSON text or an object; malformed input is ignored, values clamped. */
  set state(value: string | Partial<DemoStates[DemoKind]>);
  /** What the diagram computed from its state (a fresh object), or null before it has started. */
  get readout(): Record<string, unknown> | null;
  /** The figure shown and its numbers (null before the diagram starts, or for a kind without figures). */
  get figure(): FigureReadout | null;
  /** The kind shown; unknown kinds show the planner. */
  get kind(): DemoKind;
  addEventListener<K extends keyof ArclineDemoEventMap>(type: K, listener: (this: ArclineDemo, ev: ArclineDemoEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof ArclineDemoEventMap>(type: K, listener: (this: ArclineDemo, ev: ArclineDemoEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** `<arcline-number for="demo-id" name="key" digits="1">`: one number of a figure, kept up to date in the text. */
export declare class ArclineNumber extends HTMLElement {}

declare global {
  interface HTMLElementTagNameMap {
    "arcline-demo": ArclineDemo;
    "arcline-number": ArclineNumber;
  }
}
