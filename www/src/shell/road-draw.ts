// Road surfaces, drawn alike by the road and junction diagrams: lane areas
// filled by kind, and lane-edge markings as the core chose them (solid,
// dashed, double yellow, kerbs), every path traced exactly (tracePath).
// Widths are in world units (metres), as the core gives them.
import type { LaneKind, Marking, Path } from "../../pkg/arcline.js";
import { tracePath } from "./draw.js";

export const LANE_FILL: Readonly<Record<LaneKind, string>> = {
  driving: "#5d6168",
  bike: "#3f8a63",
  sidewalk: "#d8d1c4",
  median: "#93b77f",
  shoulder: "#868a90",
  parking: "#6f6b7a",
};

/** The colour of a kerb line. */
export const KERB = "#8f887c";

/** Fills the closed `path`. */
export function fillPath(ctx: CanvasRenderingContext2D, path: Path, color: string): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  tracePath(ctx, path);
  ctx.closePath();
  ctx.fill();
}

/** Strokes `path` `width` world units wide, dashed in world units when `dash` is given. */
export function strokeWorld(ctx: CanvasRenderingContext2D, path: Path, color: string, width: number, dash: readonly number[] = []): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.setLineDash([...dash]);
  ctx.beginPath();
  tracePath(ctx, path);
  ctx.stroke();
  ctx.restore();
}

/** Strokes lane-edge markings: white lines (dashed where the core says), double lines yellow, kerbs grey. */
export function strokeMarkings(ctx: CanvasRenderingContext2D, markings: readonly Marking[]): void {
  for (const m of markings) {
    const color = m.style === "double" ? "#f2c94c" : m.style === "kerb" ? KERB : "#ffffff";
    for (const path of m.paths) strokeWorld(ctx, path, color, m.width, m.dash ?? []);
  }
}
