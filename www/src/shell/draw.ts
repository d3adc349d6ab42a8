// Drawing helpers in world units (y up: the view's transform flips y).
// Paths are traced by the module's own drawPath (the canvas's lineTo() and
// arc()), so what is drawn is the exact geometry the core computed. Each
// helper also tells the view's label layer where it put ink, and label()
// queues its text there, to be placed clear of other labels and of that ink
// once the diagram has drawn (labels.ts).
import type { View } from "./view.js";
import type { Path, Point, Pose } from "./types.js";
import type { LabelOptions } from "./labels.js";

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
  // Faint strokes (a search graph's thousands of edges) are no obstacle to a label.
  if ((style.alpha ?? 1) >= 0.5) view.labels.path(path, (p) => view.toScreen(p), 1 / view.px(1));
}

export function strokeLine(ctx: CanvasRenderingContext2D, view: View, a: Point, b: Point, style: StrokeStyle): void {
  ctx.save();
  applyStroke(ctx, view, style);
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.stroke();
  ctx.restore();
  view.labels.segment(view.toScreen(a), view.toScreen(b));
}

/** A circle of world radius `r`. */
export function circle(ctx: CanvasRenderingContext2D, view: View, c: Point, r: number, style: StrokeStyle): void {
  ctx.save();
  applyStroke(ctx, view, style);
  ctx.beginPath();
  ctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.restore();
  view.labels.circle(view.toScreen(c), r / view.px(1));
}

/** A disc of world radius `r`, filled with `color` at `alpha` (a solid body: nothing for the labels). */
export function fillDisc(ctx: CanvasRenderingContext2D, c: Point, r: number, color: string, alpha: number): void {
  ctx.save();
  ctx.fillStyle = color;
  ctx.globalAlpha = alpha;
  ctx.beginPath();
  ctx.arc(c.x, c.y, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.restore();
}

/** A closed polygon filled with `color` at `alpha`. */
export function fillPolygon(ctx: CanvasRenderingContext2D, points: readonly Point[], color: string, alpha: number): void {
  ctx.save();
  ctx.fillStyle = color;
  ctx.globalAlpha = alpha;
  ctx.beginPath();
  points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.closePath();
  ctx.fill();
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
  view.labels.disc(view.toScreen(p), radiusPx);
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
  view.labels.segment(view.toScreen(from), view.toScreen(to));
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
  view.labels.disc(view.toScreen(p), sizePx * 0.5);
}

/**
 * A label for a world point: queued, then placed after the diagram has drawn
 * (first choice: `dxPx`, `dyPx` from the point, x right and y up, `align`
 * as the canvas's, or the world points `candidates` for its centre), clear
 * of the other labels and of the drawn ink (labels.ts).
 */
export function label(
  _ctx: CanvasRenderingContext2D,
  view: View,
  text: string,
  at: Point,
  opts: LabelOptions = {},
): void {
  const candidates = opts.candidates?.map((p) => view.toScreen(p));
  view.labels.add(text, view.toScreen(at), candidates ? { ...opts, candidates } : opts);
}
