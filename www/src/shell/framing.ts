//! Framing: which patch of the world a view shows, given the box of what the
//! diagram must keep visible (its subject). A view fits its subject when it
//! first draws and whenever it is resized; while it follows (until the
//! reader pans or zooms, or after "fit"), a subject that comes near an edge
//! is brought back by a smooth glide: re-centred at the same zoom when it
//! fits there, the whole fit when it does not. These are the pure rules; the
//! view (view.ts) holds the state and calls them when it draws.
import type { Box } from "./box.js";
import type { Point } from "./types.js";

/** What a view shows: the world point at the canvas centre and CSS px per world unit. */
export interface Camera {
  center: Point;
  scale: number;
}

/** Clear space kept round the subject, in CSS px (the handles' rings and labels live there). */
export const FRAME_MARGIN_PX = 48;
export const MIN_SCALE = 1e-3;
export const MAX_SCALE = 1e5;
/** Time constant of a glide (s): after it, about 63% of the way is done. */
const GLIDE_TAU = 0.22;

function margin(width: number, height: number, marginPx: number): number {
  // A small canvas keeps most of itself for the subject.
  return Math.max(0, Math.min(marginPx, width / 5, height / 5));
}

/**
 * The camera that shows `box` whole and centred in a `width` × `height`
 * canvas with `marginPx` clear on every side; a box without extent keeps
 * `fallbackScale`.
 */
export function fitCamera(box: Box, width: number, height: number, fallbackScale: number, marginPx = FRAME_MARGIN_PX): Camera {
  const m = margin(width, height, marginPx);
  const bw = box.maxX - box.minX;
  const bh = box.maxY - box.minY;
  const sx = bw > 0 ? Math.max(1, width - 2 * m) / bw : Infinity;
  const sy = bh > 0 ? Math.max(1, height - 2 * m) / bh : Infinity;
  const s = Math.min(sx, sy);
  const scale = Number.isFinite(s) ? s : fallbackScale;
  return {
    center: { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 },
    scale: Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale)),
  };
}

/** `box` on screen under `camera` (CSS px from the canvas's top left). */
export function screenBox(camera: Camera, box: Box, width: number, height: number): { left: number; top: number; right: number; bottom: number } {
  const { center: c, scale: k } = camera;
  return {
    left: (box.minX - c.x) * k + width / 2,
    right: (box.maxX - c.x) * k + width / 2,
    top: height / 2 - (box.maxY - c.y) * k,
    bottom: height / 2 - (box.minY - c.y) * k,
  };
}

/** Whether `box` lies inside the canvas under `camera`, at least `marginPx` / 2 from every edge. */
export function inView(camera: Camera, box: Box, width: number, height: number, marginPx = FRAME_MARGIN_PX): boolean {
  const m = margin(width, height, marginPx) / 2;
  const s = screenBox(camera, box, width, height);
  return s.left >= m && s.top >= m && s.right <= width - m && s.bottom <= height - m;
}

/** Where a glide that keeps `box` in view heads: its centre at this zoom when it fits there, else the fit. */
export function followCamera(camera: Camera, box: Box, width: number, height: number, marginPx = FRAME_MARGIN_PX): Camera {
  const m = margin(width, height, marginPx);
  const fits = (box.maxX - box.minX) * camera.scale <= width - 2 * m && (box.maxY - box.minY) * camera.scale <= height - 2 * m;
  if (!fits) return fitCamera(box, width, height, camera.scale, marginPx);
  return { center: { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 }, scale: camera.scale };
}

/** `from` moved toward `to` for `dt` seconds of a glide (the zoom eased in log space). */
export function ease(from: Camera, to: Camera, dt: number): Camera {
  const f = 1 - Math.exp(-Math.max(0, dt) / GLIDE_TAU);
  return {
    center: { x: from.center.x + (to.center.x - from.center.x) * f, y: from.center.y + (to.center.y - from.center.y) * f },
    scale: from.scale * Math.exp(Math.log(to.scale / from.scale) * f),
  };
}

/** Whether two cameras show the same picture to within half a pixel. */
export function sameView(a: Camera, b: Camera, width: number, height: number): boolean {
  const dx = Math.abs(a.center.x - b.center.x) * a.scale;
  const dy = Math.abs(a.center.y - b.center.y) * a.scale;
  const dz = Math.abs(a.scale / b.scale - 1) * Math.max(width, height);
  return dx < 0.5 && dy < 0.5 && dz < 0.5;
}
