// Draggable handles: points, and headings (a knob on a ring around a pose).
// Pointer drags keep the grab offset; every handle also has a focusable,
// labelled button over it, so Tab reaches it and the arrow keys move it
// (Shift: finer). Handles only call their setter, with positions rounded to
// what the zoom shows (View.snap) and headings to 1e-4 rad: the diagram's
// state setter clamps, updates and redraws.
import type { Drag, Grabbable, View } from "./view.js";
import { cssVar, roundTo } from "./view.js";
import type { Point, Pose } from "./types.js";
import { wrapAngle } from "./types.js";

export interface PointHandle {
  kind: "point";
  /** Accessible name, e.g. "target". */
  label: string;
  get(): Point;
  set(p: Point): void;
  color?: string;
  /** Drawn radius in CSS px (default 7). */
  radiusPx?: number;
}

export interface HeadingHandle {
  kind: "heading";
  label: string;
  /** The pose whose heading the knob shows. */
  pose(): Pose;
  setHeading(heading: number): void;
  color?: string;
  /** Ring radius in CSS px (default 34). */
  ringPx?: number;
}

export type Handle = PointHandle | HeadingHandle;

const KEY_STEP_PX = 10;
const KEY_ANGLE = Math.PI / 36; // 5°
/** Decimals of a heading a handle hands over (radians; a ten-thousandth is far below a pixel on the ring). */
const HEADING_DECIMALS = 4;

/** `h` in (-π, π], rounded: what a heading handle hands over. */
function roundHeading(h: number): number {
  return roundTo(Math.atan2(Math.sin(h), Math.cos(h)), HEADING_DECIMALS);
}

export class Handles implements Grabbable {
  private readonly list: { handle: Handle; button: HTMLButtonElement; at: string }[] = [];
  private active: Handle | null = null;

  constructor(private readonly view: View) {
    view.grabbables.push(this);
  }

  add(handle: Handle): Handle {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "handle-key";
    button.setAttribute("aria-label", `${handle.label}: ${handle.kind === "point" ? "arrow keys move it" : "left and right arrows turn it"}`);
    button.dataset["handle"] = handle.label;
    button.addEventListener("keydown", (e) => this.onKey(handle, e));
    button.addEventListener("focus", () => this.view.requestDraw());
    button.addEventListener("blur", () => this.view.requestDraw());
    // Pointer presses fall through to the canvas below.
    button.style.pointerEvents = "none";
    this.view.stage.append(button);
    this.list.push({ handle, button, at: "" });
    this.view.requestDraw();
    return handle;
  }

  remove(handle: Handle): void {
    const i = this.list.findIndex((h) => h.handle === handle);
    if (i >= 0) {
      this.list[i]?.button.remove();
      this.list.splice(i, 1);
      this.view.requestDraw();
    }
  }

  has(handle: Handle): boolean {
    return this.list.some((h) => h.handle === handle);
  }

  /** The world position of a handle's knob. */
  knob(h: Handle): Point {
    if (h.kind === "point") return h.get();
    const p = h.pose();
    const r = this.view.px(h.ringPx ?? 34);
    return { x: p.x + r * Math.cos(p.heading), y: p.y + r * Math.sin(p.heading) };
  }

  distancePx(view: View, p: Point): number {
    const best = this.closest(p);
    return best ? best.d / view.px(1) : Infinity;
  }

  grab(p: Point): Drag | null {
    const best = this.closest(p);
    if (!best) return null;
    const h = best.handle;
    this.active = h;
    this.view.requestDraw();
    const end = (): void => {
      this.active = null;
      this.view.requestDraw();
    };
    if (h.kind === "point") {
      const at = h.get();
      const offset = { x: at.x - p.x, y: at.y - p.y };
      return { move: (q) => h.set(this.view.snap({ x: q.x + offset.x, y: q.y + offset.y })), end };
    }
    const pose = h.pose();
    const grabAngle = Math.atan2(p.y - pose.y, p.x - pose.x);
    const offset = pose.heading - grabAngle;
    return {
      move: (q) => {
        const c = h.pose();
        if (q.x === c.x && q.y === c.y) return;
        h.setHeading(roundHeading(Math.atan2(q.y - c.y, q.x - c.x) + offset));
      },
      end,
    };
  }

  /** Draws every handle and moves its keyboard button over it. */
  draw(ctx: CanvasRenderingContext2D): void {
    const v = this.view;
    const accent = cssVar(v.stage, "--handle", "#0b6bcb");
    const b = v.bounds();
    const margin = v.px(60);
    for (const entry of this.list) {
      const { handle, button } = entry;
      const k = this.knob(handle);
      // Off-screen handles are not drawn; their buttons wait just outside the
      // stage (still focusable), and positions are written only when changed.
      if (k.x < b.minX - margin || k.x > b.maxX + margin || k.y < b.minY - margin || k.y > b.maxY + margin) {
        if (entry.at !== "away") {
          button.style.left = "-40px";
          button.style.top = "-40px";
          entry.at = "away";
        }
        continue;
      }
      const focused = document.activeElement === button;
      const hot = focused || this.active === handle;
      const color = handle.color ?? accent;
      ctx.save();
      if (handle.kind === "heading") {
        const p = handle.pose();
        ctx.strokeStyle = color;
        ctx.globalAlpha = 0.35;
        ctx.lineWidth = v.px(1.5);
        ctx.beginPath();
        ctx.arc(p.x, p.y, v.px(handle.ringPx ?? 34), 0, 2 * Math.PI);
        ctx.stroke();
        ctx.globalAlpha = 1;
        ctx.beginPath();
        ctx.moveTo(p.x, p.y);
        ctx.lineTo(k.x, k.y);
        ctx.stroke();
      }
      const r = v.px(handle.kind === "point" ? (handle.radiusPx ?? 7) : 6);
      ctx.fillStyle = color;
      ctx.globalAlpha = hot ? 1 : 0.85;
      ctx.beginPath();
      ctx.arc(k.x, k.y, hot ? r * 1.3 : r, 0, 2 * Math.PI);
      ctx.fill();
      if (focused) {
        ctx.strokeStyle = color;
        ctx.lineWidth = v.px(2);
        ctx.beginPath();
        ctx.arc(k.x, k.y, r * 2, 0, 2 * Math.PI);
        ctx.stroke();
      }
      ctx.restore();
      const s = v.toScreen(k);
      // Labels keep clear of the knob and of a heading's ring and spoke.
      v.labels.disc(s, (handle.kind === "point" ? (handle.radiusPx ?? 7) : 6) + 3);
      if (handle.kind === "heading") {
        const c = v.toScreen(handle.pose());
        v.labels.circle(c, handle.ringPx ?? 34);
        v.labels.segment(c, s);
      }
      const at = `${s.x},${s.y}`;
      if (entry.at !== at) {
        button.style.left = `${s.x}px`;
        button.style.top = `${s.y}px`;
        entry.at = at;
      }
    }
  }

  destroy(): void {
    for (const { button } of this.list) button.remove();
    this.list.length = 0;
    const i = this.view.grabbables.indexOf(this);
    if (i >= 0) this.view.grabbables.splice(i, 1);
  }

  private closest(p: Point): { handle: Handle; d: number } | null {
    let best: { handle: Handle; d: number } | null = null;
    // Later handles are drawn on top, so they win ties.
    for (const { handle } of this.list) {
      const k = this.knob(handle);
      const d = Math.hypot(k.x - p.x, k.y - p.y);
      if (!best || d <= best.d) best = { handle, d };
    }
    return best;
  }

  private onKey(h: Handle, e: KeyboardEvent): void {
    const fine = e.shiftKey ? 0.1 : 1;
    const dx = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    const dy = e.key === "ArrowUp" ? 1 : e.key === "ArrowDown" ? -1 : 0;
    if (!dx && !dy) return;
    e.preventDefault();
    if (h.kind === "point") {
      const step = this.view.px(KEY_STEP_PX) * fine;
      const p = h.get();
      h.set(this.view.snap({ x: p.x + dx * step, y: p.y + dy * step }));
    } else {
      // Left/Up turn counter-clockwise, Right/Down clockwise.
      const turn = dx === -1 || dy === 1 ? 1 : -1;
      h.setHeading(roundHeading(h.pose().heading + turn * KEY_ANGLE * fine));
    }
  }
}

/** What `addPoseHandles` needs: the pose, where it goes, and the two handles' names. */
export interface PoseHandlesOptions {
  /** The heading knob's name, e.g. "unit heading". */
  heading: string;
  /** The position handle's name, e.g. "unit". */
  position: string;
  get(): Pose;
  /** Takes the whole pose: the dragged position with the heading kept, or the turned heading (wrapped) at the position kept. */
  set(p: Pose): void;
  /** Clamps the dragged position (default: as dragged). */
  clampPoint?: (p: Point) => Point;
  color?: string;
}

/** A pose's two handles, its heading knob and then its position, added to `handles`. */
export function addPoseHandles(handles: Handles, o: PoseHandlesOptions): [HeadingHandle, PointHandle] {
  const place = o.clampPoint ?? ((p: Point) => p);
  const color = o.color === undefined ? {} : { color: o.color };
  const heading: HeadingHandle = { kind: "heading", label: o.heading, pose: o.get, setHeading: (h) => o.set({ ...o.get(), heading: wrapAngle(h) }), ...color };
  const position: PointHandle = { kind: "point", label: o.position, get: o.get, set: (p) => o.set({ ...place(p), heading: o.get().heading }), ...color };
  handles.add(heading);
  handles.add(position);
  return [heading, position];
}
