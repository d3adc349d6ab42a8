// The steering diagram's picture, drawn from the state and what the
// simulation holds (steering_sim.ts): one vehicle with its vectors, trails
// and company; a scattered crowd as pixel sprites; a preset scene's bodies.
// Nothing here changes the simulation.
import type { View } from "../shell/view.js";
import { arrow, circle, label, strokeLine, strokePath, poseMarker } from "../shell/draw.js";
import type { Point, SeekStep, VehicleDebug, VehicleState } from "../../pkg/arcline.js";
import type { SteeringState } from "../../package/arcline-demo.js";
import { drawFamily } from "./steering_family.js";
import { drawSeekFigure } from "./steering-figures.js";
import { drawBodies } from "./steering_scenes.js";
import type { SteeringSim } from "./steering_sim.js";

/** Display scale of velocity vectors: a velocity of 1 unit/step is drawn 20 units long. */
export const VEC = 20;
/** The seek figure (a still figure) draws its vectors twice as long. */
export const FIGURE_VEC = 2 * VEC;
/** The applied force (velocity change per step) is drawn 10× larger again. */
const FORCE = 10;

export interface Colors {
  accent: string;
  accent2: string;
  muted: string;
  green: string;
  trail: string;
}

function drawTrail(ctx: CanvasRenderingContext2D, view: View, points: Point[], color: string): void {
  const first = points[0];
  if (!first) return;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = view.px(2);
  ctx.globalAlpha = 0.85;
  ctx.beginPath();
  ctx.moveTo(first.x, first.y);
  for (const p of points) ctx.lineTo(p.x, p.y);
  ctx.stroke();
  ctx.restore();
}

/** Velocity, desired velocity (green), steering = desired − velocity, applied force. */
function drawVectors(ctx: CanvasRenderingContext2D, view: View, mass: number, v: VehicleState, d: VehicleDebug, colors: { vel: string; desired: string; force: string }): void {
  const tip = { x: v.x + v.vx * VEC, y: v.y + v.vy * VEC };
  arrow(ctx, view, v, { x: v.vx * VEC, y: v.vy * VEC }, { color: colors.vel, widthPx: 2 });
  arrow(ctx, view, v, { x: d.desired.x * VEC, y: d.desired.y * VEC }, { color: colors.desired, widthPx: 2 });
  const steer = { x: (d.desired.x - v.vx) * VEC, y: (d.desired.y - v.vy) * VEC };
  arrow(ctx, view, tip, steer, { color: colors.force, widthPx: 1.2, dashPx: [4, 4], alpha: 0.8 });
  const k = (VEC * FORCE) / mass;
  arrow(ctx, view, tip, { x: d.force.x * k, y: d.force.y * k }, { color: colors.force, widthPx: 2.5 });
}

// Crowds are drawn as pixel sprites: every vehicle writes a 3×3 dot and a
// nose pixel ahead of it into one ImageData, composited with one drawImage.
// Filling a path of 10,000 triangles costs Chromium's software rasteriser
// over 100 ms a frame; this costs about a millisecond.
interface Sprite {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  image: ImageData;
  pixels: Uint32Array;
}

/** The crowd's sprite canvas, kept while the view's size is. */
export class Sprites {
  private sprite: Sprite | null = null;

  for(width: number, height: number): Sprite | null {
    const s = this.sprite;
    if (s && s.canvas.width === width && s.canvas.height === height) return s;
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const c = canvas.getContext("2d");
    if (!c) return null;
    const image = c.createImageData(width, height);
    this.sprite = { canvas, ctx: c, image, pixels: new Uint32Array(image.data.buffer) };
    return this.sprite;
  }
}

/** `#rrggbb` as a little-endian RGBA pixel (opaque); other forms give the default blue. */
function pixelOf(color: string): number {
  const m = /^#([0-9a-f]{6})$/i.exec(color.trim());
  const rgb = m ? parseInt(m[1] ?? "0b6bcb", 16) : 0x0b6bcb;
  return (0xff << 24) | ((rgb & 0xff) << 16) | (rgb & 0xff00) | ((rgb >> 16) & 0xff);
}

function drawCrowd(ctx: CanvasRenderingContext2D, view: View, sim: SteeringSim, sprites: Sprites, color: string): void {
  const frame = sim.crowdFrame();
  if (!frame) return;
  const W = view.canvas.width;
  const H = view.canvas.height;
  const sp = sprites.for(W, H);
  if (!sp) return;
  const pos = frame.positions;
  const head = frame.headings;
  const n = pos.length / 2;
  const { sx, sy, tx, ty } = view.deviceTransform();
  const px = sp.pixels;
  px.fill(0);
  const ink = pixelOf(color) >>> 0;
  const nose = 3;
  // Dense crowds get one pixel each, so their texture stays visible.
  const dense = n > 20000;
  for (let i = 0; i < n; i++) {
    const x = Math.round(sx * (pos[2 * i] ?? 0) + tx);
    const y = Math.round(sy * (pos[2 * i + 1] ?? 0) + ty);
    if (x < 1 || y < 1 || x >= W - 1 || y >= H - 1) continue;
    const o = y * W + x;
    px[o] = ink;
    if (dense) continue;
    px[o - W - 1] = px[o - W] = px[o - W + 1] = ink;
    px[o - 1] = px[o + 1] = ink;
    px[o + W - 1] = px[o + W] = px[o + W + 1] = ink;
    const hx = x + Math.round((head[2 * i] ?? 0) * nose);
    const hy = y - Math.round((head[2 * i + 1] ?? 0) * nose);
    if (hx >= 0 && hy >= 0 && hx < W && hy < H) px[hy * W + hx] = ink;
  }
  sp.ctx.putImageData(sp.image, 0, 0);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(sp.canvas, 0, 0);
  ctx.restore();
}

/** The scattered crowd's path, circles, room and the vehicles it reads. */
function drawCrowdShapes(ctx: CanvasRenderingContext2D, view: View, state: SteeringState, sim: SteeringSim, color: string): void {
  const style = { color, widthPx: 1.5, dashPx: [6, 5] };
  if (sim.path) strokePath(ctx, view, sim.path, style);
  for (const o of sim.crowd.obstacles) circle(ctx, view, o, o.radius, { color, widthPx: 1.5 });
  sim.crowd.boundary.forEach((p, k, all) => strokeLine(ctx, view, p, all[(k + 1) % all.length] ?? p, { color, widthPx: 1.5 }));
  const names = state.behavior === "hide" ? ["hunter"] : state.behavior === "offsetPursuit" ? ["leader"] : state.behavior === "interpose" ? ["a", "b"] : ["quarry"];
  const watched = sim.worker?.latest?.watched;
  sim.crowd.others.forEach((id, k) => {
    const v = watched ? (watched[k] ?? null) : sim.vehicle(id);
    if (!v) return;
    poseMarker(ctx, view, v, color, 18);
    label(ctx, view, names[k] ?? "", v, { color });
  });
}

/** A preset scene's goals: the ring, or where each stream is going (under their handles). */
function drawSceneGoals(ctx: CanvasRenderingContext2D, view: View, state: SteeringState, colors: readonly [string, string]): void {
  if (state.scene === "circleSwap") circle(ctx, view, { x: 0, y: 0 }, state.ringRadius, { color: colors[0], widthPx: 1, alpha: 0.5, dashPx: [4, 5] });
  if (state.scene === "crossing") state.streamGoals.forEach((g, k) => circle(ctx, view, g, 6, { color: colors[k] ?? colors[0], widthPx: 1, alpha: 0.6, dashPx: [4, 4] }));
}

/**
 * The picture (the handles are drawn after it): `seek` is the seek figure's
 * step of the main vehicle, when shown.
 */
export function draw(ctx: CanvasRenderingContext2D, view: View, state: SteeringState, sim: SteeringSim, sprites: Sprites, seek: SeekStep | null, c: Colors): void {
  const world = sim.world;
  if (state.mode === "crowd") {
    if (state.scene === "scatter") {
      drawCrowd(ctx, view, sim, sprites, c.accent);
      drawCrowdShapes(ctx, view, state, sim, c.accent2);
    } else if (world) {
      drawSceneGoals(ctx, view, state, [c.accent, c.accent2]);
      drawBodies(ctx, view, world, state.scene, [c.accent, c.accent2]);
    }
    return;
  }
  const { ids, family } = sim;
  if (sim.path) strokePath(ctx, view, sim.path, { color: c.muted, widthPx: 1.5, dashPx: [6, 5] });
  if (family && world && ids.main !== null) drawFamily(ctx, view, world, family, ids.main, state.target, { main: c.accent, other: c.accent2, muted: c.muted, aim: c.green });
  drawTrail(ctx, view, sim.ghostTrail, c.muted);
  drawTrail(ctx, view, sim.trail, c.trail);
  const q = sim.vehicle(ids.quarry);
  if (q) {
    poseMarker(ctx, view, q, c.accent2, 18);
    label(ctx, view, "quarry", q, { color: c.accent2 });
  }
  for (const id of ids.flock.slice(1)) {
    const f = sim.vehicle(id);
    if (f) poseMarker(ctx, view, f, c.muted, 12);
  }
  const g = sim.vehicle(ids.ghost);
  const gd = sim.debug(ids.ghost);
  if (g && gd) {
    drawVectors(ctx, view, state.mass, g, gd, { vel: c.muted, desired: c.green, force: c.accent2 });
    poseMarker(ctx, view, g, c.muted, 18);
  }
  const v = sim.vehicle(ids.main);
  const d = sim.debug(ids.main);
  if (v && seek) {
    drawSeekFigure(ctx, view, v, seek, state.step === "seek" ? FIGURE_VEC : VEC, { vel: c.accent, desired: c.green, steering: c.accent2 });
    poseMarker(ctx, view, v, c.accent, 18);
  } else if (v && d) {
    drawVectors(ctx, view, state.mass, v, d, { vel: c.accent, desired: c.green, force: c.accent2 });
    poseMarker(ctx, view, v, c.accent, 18);
  }
}
