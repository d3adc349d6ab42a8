// Drawing helpers in world units (y up: the view's transform flips y).
// Paths are traced by the module's own drawPath (the canvas's lineTo() and
// arc()), so what is drawn is the exact geometry the core computed.
import type { View } from "./view.js";
import type { Path, Point, Pose } from "./types.js";

type DrawPath = (ctx: CanvasRenderingContext2D, path: Path, style?: undefined) => void;
let drawPath: DrawPath | null = null;

/** The loaded module's `drawPath` (runtime.ts hands it over on load). */
export function useDrawPath(fn: DrawPath): void {
  drawPath = fn;
}

/** Adds `path` to the current canvas path (no beginPath, no stroke). */
export function tracePath(ctx: CanvasRenderingContext2D, path: Path): void {
  drawPath?.(ctx, path);
}

export interface StrokeStyle {
  color: string;
  widthPx?: number;
  alpha?: number;
  dashPx?: number[];
}

function applyStroke(ctx: CanvasRenderingContext2D, view: View, s: StrokeStyle): void {
  ctx.strokeStyle = s.color;
  ctx.lineWidth = view.px(s.widthPx ?? 2);
  ctx.globalAlpha = s.alpha ?? 1;
  ctx.setLineDash((s.dashPx ?? []).map((d) => view.px(d)));
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
}

export function strokePath(ctx: CanvasRenderingContext2D, view: View, path: Path, style: StrokeStyle): void {
  ctx.save();
  applyStroke(ctx, view, style);
  ctx.beginPath();
  tracePath(ctx, path);
  ctx.stroke();
  ctx.restore();
}

export function strokeLine(ctx: CanvasRenderingContext2D, view: View, a: Point, b: Point, style: StrokeStyle): void {
  ctx.save();
  applyStroke(ctx, view, style);
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.stroke();
  ctx.restore();
}

/** A circle of world radius `r`. */
export function circle(ctx: CanvasRenderingContext2D, view: View, c: Point, r: number, style: StrokeStyle): void {
  ctx.save();
  applyStroke(ctx, view, style);
  ctx.beginPath();
  ctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.restore();
}

/** A filled dot `radiusPx` CSS px across. */
export function dot(ctx: CanvasRenderingContext2D, view: View, p: Point, color: string, radiusPx = 3.5): void {
  ctx.save();
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(p.x, p.y, view.px(radiusPx), 0, 2 * Math.PI);
  ctx.fill();
  ctx.restore();
}

/** An arrow from `from` along the vector `v` (world units), head in CSS px. */
export function arrow(ctx: CanvasRenderingContext2D, view: View, from: Point, v: Point, style: StrokeStyle): void {
  const len = Math.hypot(v.x, v.y);
  if (!(len > 0)) return;
  const to = { x: from.x + v.x, y: from.y + v.y };
  const head = Math.min(view.px(9), len * 0.5);
  const ang = Math.atan2(v.y, v.x);
  ctx.save();
  applyStroke(ctx, view, style);
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x, to.y);
  ctx.moveTo(to.x - head * Math.cos(ang - 0.45), to.y - head * Math.sin(ang - 0.45));
  ctx.lineTo(to.x, to.y);
  ctx.lineTo(to.x - head * Math.cos(ang + 0.45), to.y - head * Math.sin(ang + 0.45));
  ctx.stroke();
  ctx.restore();
}

/** A small triangle marking a pose (a unit), `sizePx` long. */
export function poseMarker(ctx: CanvasRenderingContext2D, view: View, p: Pose, color: string, sizePx = 16): void {
  const s = view.px(sizePx);
  const c = Math.cos(p.heading);
  const n = Math.sin(p.heading);
  ctx.save();
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.moveTo(p.x + c * s * 0.6, p.y + n * s * 0.6);
  ctx.lineTo(p.x - c * s * 0.4 - n * s * 0.35, p.y - n * s * 0.4 + c * s * 0.35);
  ctx.lineTo(p.x - c * s * 0.4 + n * s * 0.35, p.y - n * s * 0.4 - c * s * 0.35);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** Upright text at a world point, offset in CSS px. */
export function label(
  ctx: CanvasRenderingContext2D,
  view: View,
  text: string,
  at: Point,
  opts: { color?: string; dxPx?: number; dyPx?: number; align?: CanvasTextAlign; font?: string } = {},
): void {
  const s = view.toScreen(at);
  view.inScreenSpace((c) => {
    c.fillStyle = opts.color ?? "#555";
    c.font = opts.font ?? "12px system-ui, sans-serif";
    c.textAlign = opts.align ?? "left";
    c.textBaseline = "middle";
    c.fillText(text, s.x + (opts.dxPx ?? 8), s.y - (opts.dyPx ?? 0));
  });
}
