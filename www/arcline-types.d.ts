// The data shapes of the published JS API (../shared/DESIGN.md), for
// TypeScript users: `import type { Path, Pose } from "arcline/types"`.
// The functions themselves are declared in pkg/arcline.d.ts (generated).

export type Point = { x: number; y: number };
export type Pose = { x: number; y: number; heading: number };
export type Segment =
  | { kind: "line"; start: Point; end: Point; length: number }
  | { kind: "arc"; center: Point; radius: number; startAngle: number; sweep: number; length: number };
/** `word`: one of L, S, R per segment, e.g. "LS", "RSL". */
export type Path = { segments: Segment[]; length: number; word: string };

/** `weight` defaults to 1. */
export type Behavior = { weight?: number } & (
  | { kind: "seek" | "flee"; target: Point }
  | { kind: "arrive"; target: Point; slowingRadius: number }
  | { kind: "pursue" | "evade"; quarry: number }
  | { kind: "wander"; distance: number; radius: number; jitter: number }
  | { kind: "separation" | "alignment" | "cohesion"; radius: number }
  | { kind: "avoid"; obstacles: { x: number; y: number; radius: number }[] }
  | { kind: "followPath"; path: Path; lookAhead: number }
);
export type VehicleSpec = { x: number; y: number; vx?: number; vy?: number; maxSpeed: number; maxForce: number; mass?: number };
export type VehicleState = { x: number; y: number; vx: number; vy: number; heading: number };

export type FormationPattern = "line" | "column" | "v" | "circle" | "box";
export type FormationState = {
  anchor: Pose;
  driftOffset: Point;
  slots: { vehicle: number; slot: number; target: Pose }[];
};

export type LaneKind = "driving" | "bike" | "sidewalk" | "median" | "shoulder" | "parking";
/** `direction` (an Arcline extension) defaults to "forward". */
export type Lane = { kind: LaneKind; width: number; direction?: "forward" | "backward" };
/** (x, y) is the middle of the cross-section; lanes left to right facing `heading`. */
export type Profile = { x: number; y: number; heading: number; lanes: Lane[] };
export type RoadPiece = {
  kind: "straight" | "arc-line" | "line-arc" | "s-curve" | "u-turn";
  centerline: Path;
  /** lanes.length + 1 lane edges, left to right, each from a's edge point to b's. */
  boundaries: Path[];
  /** The profile inserted for an s-curve, else empty. */
  intermediate: Profile[];
};
