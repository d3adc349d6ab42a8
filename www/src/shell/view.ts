// A canvas that shows a patch of the y-up world: high-DPI, resizing with its
// container, panned by dragging empty space and zoomed with the wheel.
// Pointer input goes first to the registered grabbables (handles), then pans.
import type { Point } from "./types.js";

/** Something under the pointer that can be dragged. */
export interface Grabbable {
  /** Distance in CSS px from `p` to this thing (Infinity when not grabbable). */
  distancePx(view: View, p: Point): number;
  /** Starts a drag at world point `p`; returns the drag, or null to decline. */
  grab(p: Point): Drag | null;
}

export interface Drag {
  move(p: Point): void;
  end(): void;
}

export interface ViewOptions {
  /** World point at the centre of the canvas. */
  center?: Point;
  /** Extent of world that fits across the canvas's shorter side initially. */
  span?: number;
  /** Accessible description of the canvas. */
  label?: string;
}

const GRAB_RADIUS_PX = 14;

/**
 * Work timings for the benchmarks (off unless `enabled`): milliseconds spent
 * in each drag update (the state setter and the core calls behind it), in
 * each draw (of the diagram kind `only`, when set) and in each simulation
 * step (diagrams that simulate push to `step`). Exposed as `window.__arclineFrameStats`.
 */
export const frameStats = { enabled: false, move: [] as number[], draw: [] as number[], step: [] as number[], only: "" };
(window as unknown as { __arclineFrameStats: typeof frameStats }).__arclineFrameStats = frameStats;

export class View {
  readonly stage: HTMLDivElement;
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  /** Called with the world transform applied (y up, units = world units). */
  onDraw: (ctx: CanvasRenderingContext2D, view: View) => void = () => {};
  /** Called for a click (press and release without moving) on empty space. */
  onClick: ((p: Point) => void) | null = null;
  /** Called once per frame after the draw, for diagrams that animate. */
  readonly grabbables: Grabbable[] = [];

  private center: Point;
  private scale = 1; // CSS px per world unit
  private span: number;
  private width = 1;
  private height = 1;
  private dpr = 1;
  private frame = 0;
  private readonly resizeObserver: ResizeObserver;
  private readonly abort = new AbortController();
  private hovering = false;
  private dragging = false;

  constructor(parent: HTMLElement, options: ViewOptions = {}) {
    this.center = options.center ?? { x: 0, y: 0 };
    this.span = options.span ?? 20;
    this.stage = document.createElement("div");
    this.stage.className = "stage";
    this.canvas = document.createElement("canvas");
    this.canvas.setAttribute("role", "img");
    this.canvas.setAttribute("aria-label", options.label ?? "diagram");
    this.stage.append(this.canvas);
    parent.append(this.stage);
    const ctx = this.canvas.getContext("2d");
    if (!ctx) throw new Error("canvas 2d context unavailable");
    this.ctx = ctx;
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.stage);
    this.resize();
    this.listen();
  }

  /** A length of `n` CSS pixels in world units (for line widths and radii). */
  px(n: number): number {
    return n / this.scale;
  }

  /** World point under a client (page) coordinate. */
  toWorld(clientX: number, clientY: number): Point {
    const r = this.canvas.getBoundingClientRect();
    return {
      x: this.center.x + (clientX - r.left - this.width / 2) / this.scale,
      y: this.center.y - (clientY - r.top - this.height / 2) / this.scale,
    };
  }

  /** CSS pixel position (relative to the stage) of a world point. */
  toScreen(p: Point): Point {
    return {
      x: (p.x - this.center.x) * this.scale + this.width / 2,
      y: this.height / 2 - (p.y - this.center.y) * this.scale,
    };
  }

  /** The visible world rectangle. */
  bounds(): { minX: number; minY: number; maxX: number; maxY: number } {
    const hw = this.width / 2 / this.scale;
    const hh = this.height / 2 / this.scale;
    return { minX: this.center.x - hw, maxX: this.center.x + hw, minY: this.center.y - hh, maxY: this.center.y + hh };
  }

  /** Shows the patch of world centred at `center`, `span` wide. */
  setCamera(center: Point, span: number): void {
    this.center = center;
    this.span = span;
    this.scale = Math.min(this.width, this.height) / span;
    this.requestDraw();
  }

  camera(): { center: Point; span: number } {
    return { center: { ...this.center }, span: Math.min(this.width, this.height) / this.scale };
  }

  /** Schedules one redraw on the next animation frame (calls coalesce). */
  requestDraw(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Redraws now. */
  draw(): void {
    const timed = frameStats.enabled && (!frameStats.only || this.stage.closest(`[data-diagram="${frameStats.only}"]`) !== null);
    const t0 = timed ? performance.now() : 0;
    this.drawNow();
    if (timed) frameStats.draw.push(performance.now() - t0);
  }

  private drawNow(): void {
    const { ctx } = this;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.applyWorldTransform();
    this.drawGrid();
    this.onDraw(ctx, this);
  }

  /** The world → device-pixel map `x' = sx·x + tx`, `y' = sy·y + ty` (for pixel-level drawing). */
  deviceTransform(): { sx: number; sy: number; tx: number; ty: number } {
    const k = this.dpr * this.scale;
    return { sx: k, sy: -k, tx: this.dpr * (this.width / 2 - this.center.x * this.scale), ty: this.dpr * (this.height / 2 + this.center.y * this.scale) };
  }

  /** Sets the context's transform to world units, y up. */
  applyWorldTransform(): void {
    const t = this.deviceTransform();
    this.ctx.setTransform(t.sx, 0, 0, t.sy, t.tx, t.ty);
  }

  /** Runs `fn` with the transform set to CSS pixels (y down), then restores world units. */
  inScreenSpace(fn: (ctx: CanvasRenderingContext2D) => void): void {
    this.ctx.save();
    this.ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    fn(this.ctx);
    this.ctx.restore();
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
    this.abort.abort();
    this.stage.remove();
  }

  private resize(): void {
    const rect = this.stage.getBoundingClientRect();
    const width = Math.max(1, rect.width);
    const height = Math.max(1, rect.height);
    const span = this.width > 1 ? Math.min(this.width, this.height) / this.scale : this.span;
    this.width = width;
    this.height = height;
    this.dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(width * this.dpr);
    this.canvas.height = Math.round(height * this.dpr);
    this.scale = Math.min(width, height) / span;
    this.draw();
  }

  private drawGrid(): void {
    const { ctx } = this;
    const b = this.bounds();
    // A grid step of 1, 2 or 5 × 10^k world units, about 40 px apart.
    const raw = this.px(40);
    const pow = 10 ** Math.floor(Math.log10(raw));
    const step = [1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? raw;
    ctx.save();
    ctx.strokeStyle = cssVar(this.stage, "--grid", "#e9e6df");
    ctx.lineWidth = this.px(1);
    ctx.beginPath();
    for (let x = Math.ceil(b.minX / step) * step; x <= b.maxX; x += step) {
      ctx.moveTo(x, b.minY);
      ctx.lineTo(x, b.maxY);
    }
    for (let y = Math.ceil(b.minY / step) * step; y <= b.maxY; y += step) {
      ctx.moveTo(b.minX, y);
      ctx.lineTo(b.maxX, y);
    }
    ctx.stroke();
    ctx.restore();
  }

  private nearest(p: Point): Grabbable | null {
    let best: Grabbable | null = null;
    let bestD = GRAB_RADIUS_PX;
    for (const g of this.grabbables) {
      const d = g.distancePx(this, p);
      if (d <= bestD) {
        best = g;
        bestD = d;
      }
    }
    return best;
  }

  private listen(): void {
    const c = this.canvas;
    const signal = this.abort.signal;
    // Touch must not scroll or zoom the page while dragging in the diagram.
    c.addEventListener("touchstart", (e) => e.preventDefault(), { passive: false, signal });
    c.addEventListener(
      "pointerdown",
      (e) => {
        if (e.button !== 0) return;
        const start = this.toWorld(e.clientX, e.clientY);
        const target = this.nearest(start);
        const drag = target?.grab(start) ?? null;
        c.setPointerCapture(e.pointerId);
        this.dragging = true;
        c.style.cursor = "grabbing";
        const origin = { x: e.clientX, y: e.clientY };
        const camera = { ...this.center };
        let moved = false;
        const move = (ev: PointerEvent): void => {
          if (ev.pointerId !== e.pointerId) return;
          if (Math.hypot(ev.clientX - origin.x, ev.clientY - origin.y) > 3) moved = true;
          if (drag) {
            const t0 = frameStats.enabled ? performance.now() : 0;
            drag.move(this.toWorld(ev.clientX, ev.clientY));
            if (frameStats.enabled) frameStats.move.push(performance.now() - t0);
          } else {
            this.center = { x: camera.x - (ev.clientX - origin.x) / this.scale, y: camera.y + (ev.clientY - origin.y) / this.scale };
            this.requestDraw();
          }
        };
        const up = (ev: PointerEvent): void => {
          if (ev.pointerId !== e.pointerId) return;
          c.removeEventListener("pointermove", move);
          c.removeEventListener("pointerup", up);
          c.removeEventListener("pointercancel", up);
          this.dragging = false;
          c.style.cursor = this.hovering ? "grab" : "";
          if (drag) drag.end();
          else if (!moved && ev.type === "pointerup") this.onClick?.(start);
        };
        c.addEventListener("pointermove", move, { signal });
        c.addEventListener("pointerup", up, { signal });
        c.addEventListener("pointercancel", up, { signal });
        e.preventDefault();
      },
      { signal },
    );
    c.addEventListener(
      "pointermove",
      (e) => {
        if (this.dragging) return;
        this.hovering = this.nearest(this.toWorld(e.clientX, e.clientY)) !== null;
        c.style.cursor = this.hovering ? "grab" : "";
      },
      { signal },
    );
    c.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        const before = this.toWorld(e.clientX, e.clientY);
        const factor = Math.exp(-Math.max(-100, Math.min(100, e.deltaY)) * 0.002);
        this.scale = Math.min(1e5, Math.max(1e-3, this.scale * factor));
        const after = this.toWorld(e.clientX, e.clientY);
        this.center = { x: this.center.x + before.x - after.x, y: this.center.y + before.y - after.y };
        this.requestDraw();
      },
      { passive: false, signal },
    );
  }
}

/** A CSS custom property of `el`, or the fallback. */
export function cssVar(el: Element, name: string, fallback: string): string {
  const v = getComputedStyle(el).getPropertyValue(name).trim();
  return v || fallback;
}
