// The API's shapes (generated from the Rust types into pkg/arcline.d.ts) and
// small readers of untrusted values (URL state, embed attributes).
export type { Path, Point, Pose, Segment } from "../../pkg/arcline.js";
import type { Point, Pose } from "../../pkg/arcline.js";

/** A finite number, or the fallback. */
export function finiteOr(v: unknown, fallback: number): number {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

/** `v` clamped to [lo, hi]; NaN and non-numbers become `fallback`. */
export function clamp(v: unknown, lo: number, hi: number, fallback: number): number {
  const n = finiteOr(v, fallback);
  return Math.min(hi, Math.max(lo, n));
}

/** Unknown data as a record to read fields from (anything but an object: an empty one). */
export function asRecord(v: unknown): Record<string, unknown> {
  return (typeof v === "object" && v !== null ? v : {}) as Record<string, unknown>;
}

/** A point read from unknown data, each coordinate finite and clamped. */
export function readPoint(v: unknown, fallback: Point, limit = 1e4): Point {
  const o = asRecord(v);
  return { x: clamp(o["x"], -limit, limit, fallback.x), y: clamp(o["y"], -limit, limit, fallback.y) };
}

/** A pose read from unknown data. */
export function readPose(v: unknown, fallback: Pose, limit = 1e4): Pose {
  const o = asRecord(v);
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

/** The range of a number a diagram's state holds: its slider's, its attribute's and its setState's. */
export interface NumberRange {
  readonly min: number;
  readonly max: number;
  /** The slider's step. */
  readonly step: number;
  /** Whole numbers only. */
  readonly integer?: boolean;
}

/** `v` in `range` (rounded when the range is of whole numbers); non-numbers become `fallback`. */
export function inRange(range: NumberRange, v: unknown, fallback: number): number {
  const n = clamp(v, range.min, range.max, fallback);
  return range.integer ? Math.round(n) : n;
}

/** An attribute's text as a number (NaN when absent, so `inRange` falls back). */
export function attrNumber(v: string | undefined): number {
  return v === undefined || v.trim() === "" ? NaN : Number(v);
}

/** An attribute's text as a boolean ("1" or "true"), or undefined when absent. */
export function attrBool(v: string | undefined): boolean | undefined {
  return v === undefined ? undefined : v === "1" || v === "true";
}
