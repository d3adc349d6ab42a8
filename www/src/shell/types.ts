// Plain shapes shared by the page; the same as the published API's.
export type Point = { x: number; y: number };
export type Pose = { x: number; y: number; heading: number };
// `reverse: true` on a segment driven backwards (the vehicle faces against the
// direction of travel); forward segments have no `reverse`.
export type LineSegment = { kind: "line"; start: Point; end: Point; length: number; reverse?: boolean };
export type ArcSegment = { kind: "arc"; center: Point; radius: number; startAngle: number; sweep: number; length: number; reverse?: boolean };
export type Segment = LineSegment | ArcSegment;
export type Path = { segments: Segment[]; length: number; word: string };

/** A finite number, or the fallback. */
export function finiteOr(v: unknown, fallback: number): number {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

/** `v` clamped to [lo, hi]; NaN and non-numbers become `fallback`. */
export function clamp(v: unknown, lo: number, hi: number, fallback: number): number {
  const n = finiteOr(v, fallback);
  return Math.min(hi, Math.max(lo, n));
}

/** A point read from unknown data, each coordinate finite and clamped. */
export function readPoint(v: unknown, fallback: Point, limit = 1e4): Point {
  const o = (typeof v === "object" && v !== null ? v : {}) as Record<string, unknown>;
  return { x: clamp(o["x"], -limit, limit, fallback.x), y: clamp(o["y"], -limit, limit, fallback.y) };
}

/** A pose read from unknown data. */
export function readPose(v: unknown, fallback: Pose, limit = 1e4): Pose {
  const o = (typeof v === "object" && v !== null ? v : {}) as Record<string, unknown>;
  return {
    x: clamp(o["x"], -limit, limit, fallback.x),
    y: clamp(o["y"], -limit, limit, fallback.y),
    heading: clamp(o["heading"], -100, 100, fallback.heading),
  };
}

/** The same direction as `h`, in (-π, π] (for headings a handle hands over). */
export function wrapAngle(h: number): number {
  return Math.atan2(Math.sin(h), Math.cos(h));
}

/** The message of anything thrown. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
