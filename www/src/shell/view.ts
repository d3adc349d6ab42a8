// A canvas that shows a patch of the y-up world: high-DPI, resizing with its
// container, panned by dragging empty space and zoomed with the wheel.
// Pointer input goes first to the registered grabbables (handles), then pans.
// A diagram that sets `subject` (the box of what must stay visible) is
// framed: fitted on its first draw and on resize, kept in view by smooth
// glides while it moves (framing.ts), until the reader pans or zooms; a
// "Fit" button on the stage frames it again. A view off screen does not
// paint (the simulations behind it go on); it paints, framed, when it
// comes into view (marked data-stale meanwhile).
import type { Point } from "./types.js";
import type { Box } from "./box.js";
import { FRAME_MARGIN_PX, MAX_SCALE, MIN_SCALE, ease, fitCamera, followCamera, inView, sameView, screenBox } from "./framing.js";
import type { Camera } from "./framing.js";
import { LabelLayer } from "./labels.js";

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
/** A finger covers more than a mouse pointer: handles within 24 px (a 48 px target) answer a touch. */
const TOUCH_GRAB_RADIUS_PX = 24;

/**
 * Work timings for the benchmarks (off unless `enabled`): milliseconds spent
 * in each drag update (the state setter and the core calls behind it), in
 * each draw (of the diagram kind `only`, when set) and in each simulation
 * step (diagrams that simulate push to `step`). Exposed as `window.__arclineFrameStats`.
 */
/** How near the page's viewport a stage counts as on screen, in CSS pixels. */
const NEAR_PX = 120;

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
  /** The point labels of the frame being drawn, placed after onDraw (see labels.ts). */
  readonly labels: LabelLayer;

  private center: Point;
  private scale = 1; // CSS px per world unit
  private span: number;
  private width = 1;
  private height = 1;
  private dpr = 1;
  private frame = 0;
  private readonly resizeObserver: ResizeObserver;
  private readonly visibility: IntersectionObserver | null;
  /** Whether the stage is on screen (or near it). */
  private onScreen = true;
  /** A draw was skipped while off screen. */
  private stale = false;
  /** Just came into view: a subject that moved meanwhile is framed at once, not glided to. */
  private justShown = false;
  private readonly abort = new AbortController();
  private hovering = false;
  private dragging = false;
  /** A handle is being dragged: the camera holds still under the pointer. */
  private handleDrag = false;
  private subjectOf: (() => Box | null) | null = null;
  /** Whether the camera follows the subject (until the reader pans or zooms). */
  private following = true;
  /** Whether the subject has been fitted since the last load, resize or fit(). */
  private framed = false;
  private glide: "keep" | "fit" | null = null;
  private glideAt = 0;
  private fitButton: HTMLButtonElement | null = null;
  private shown = { camera: "", subject: "" };

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
    this.labels = new LabelLayer(this.stage);
    const ctx = this.canvas.getContext("2d");
    if (!ctx) throw new Error("canvas 2d context unavailable");
    this.ctx = ctx;
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(this.stage);
    this.visibility =
      typeof IntersectionObserver === "function"
        ? new IntersectionObserver((entries) => this.setOnScreen(entries[entries.length - 1]?.isIntersecting ?? true), { rootMargin: `${NEAR_PX}px` })
        : null;
    this.visibility?.observe(this.stage);
    // The size now; the first frame is drawn at the next animation frame,
    // once the diagram has set up what it draws, and only if the stage is
    // on screen or near it (what the observer will report).
    const rect = this.measure();
    this.onScreen =
      this.visibility === null ||
      (rect.bottom >= -NEAR_PX && rect.top <= window.innerHeight + NEAR_PX && rect.right >= -NEAR_PX && rect.left <= window.innerWidth + NEAR_PX);
    this.requestDraw();
    this.listen();
  }

  /**
   * The box of what must stay visible (handles, paths, vehicles), read at
   * every draw; null: nothing to frame yet. Setting it adds the "Fit" button.
   */
  set subject(fn: (() => Box | null) | null) {
    this.subjectOf = fn;
    this.framed = false;
    if (fn && !this.fitButton) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "fit";
      b.textContent = "Fit";
      b.title = "Fit the view to the diagram (and follow it again)";
      b.setAttribute("aria-label", "Fit the view to the diagram");
      b.addEventListener("click", () => this.fit(true));
      this.stage.append(b);
      this.fitButton = b;
    }
    this.requestDraw();
  }

  get subject(): (() => Box | null) | null {
    return this.subjectOf;
  }

  /**
   * Frames the subject again and follows it: at once on the next draw (after
   * the diagram has updated what the subject holds), or gliding there.
   */
  fit(smooth = false): void {
    this.following = true;
    if (smooth) {
      this.glide = "fit";
      this.glideAt = performance.now();
    } else {
      this.framed = false;
      this.glide = null;
    }
    this.requestDraw();
  }

  /** Whether the camera follows the subject (false once the reader has panned or zoomed). */
  isFollowing(): boolean {
    return this.following;
  }

  /** A length of `n` CSS pixels in world units (for line widths and radii). */
  px(n: number): number {
    return n / this.scale;
  }

  /**
   * `p` rounded to as many decimals as this zoom can show (steps of a
   * quarter pixel at most): what a pointer or a key gives a handle, so that
   * a state, and the link that holds it, carries no meaningless digits.
   */
  snap(p: Point): Point {
    return { x: this.snapLength(p.x), y: this.snapLength(p.y) };
  }

  /** A world length or coordinate rounded as snap() rounds points (a radius read off a handle). */
  snapLength(v: number): number {
    return roundTo(v, Math.min(10, Math.max(0, Math.ceil(-Math.log10(this.px(0.25))))));
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

  /** Whether the canvas is on screen (or near it); a diagram may pause its animation while it is not. */
  get onScreenNow(): boolean {
    return this.onScreen;
  }

  private setOnScreen(on: boolean): void {
    const was = this.onScreen;
    this.onScreen = on;
    if (on && !was && this.stale) {
      this.justShown = true;
      this.draw();
    }
  }

  /** Redraws now (or, off screen, as soon as it comes into view). */
  draw(): void {
    if (!this.onScreen) {
      if (!this.stale) this.stage.toggleAttribute("data-stale", true);
      this.stale = true;
      return;
    }
    if (this.stale) {
      this.stale = false;
      this.stage.toggleAttribute("data-stale", false);
    }
    const timed = frameStats.enabled && (!frameStats.only || this.stage.closest(`[data-diagram="${frameStats.only}"]`) !== null);
    const t0 = timed ? performance.now() : 0;
    this.drawNow();
    if (timed) frameStats.draw.push(performance.now() - t0);
  }

  private drawNow(): void {
    const { ctx } = this;
    const subject = this.subjectOf?.() ?? null;
    if (subject) this.frameSubject(subject);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    this.applyWorldTransform();
    this.drawGrid();
    this.labels.begin(this.width, this.height);
    this.onDraw(ctx, this);
    const halo = cssVar(this.stage, "--panel", "#ffffff");
    this.inScreenSpace((c) => this.labels.place(c, halo));
    this.publish(subject);
  }

  /** Moves the camera for this draw: the first fit, or one step of a glide that keeps `subject` in view. */
  private frameSubject(subject: Box): void {
    const cam: Camera = { center: this.center, scale: this.scale };
    const { width: w, height: h } = this;
    if (!this.framed) {
      this.framed = true;
      this.glide = null;
      this.useCamera(fitCamera(subject, w, h, this.scale, FRAME_MARGIN_PX));
      return;
    }
    if (this.handleDrag) return;
    if (this.justShown) {
      this.justShown = false;
      if (this.following && !this.glide && !inView(cam, subject, w, h, FRAME_MARGIN_PX)) {
        this.useCamera(followCamera(cam, subject, w, h, FRAME_MARGIN_PX));
        return;
      }
    }
    const now = performance.now();
    if (this.following && !this.glide && !inView(cam, subject, w, h, FRAME_MARGIN_PX)) {
      this.glide = "keep";
      this.glideAt = now;
    }
    if (!this.glide) return;
    const target = this.glide === "fit" ? fitCamera(subject, w, h, this.scale, FRAME_MARGIN_PX) : followCamera(cam, subject, w, h, FRAME_MARGIN_PX);
    const dt = Math.min(0.1, (now - this.glideAt) / 1000);
    this.glideAt = now;
    const next = ease(cam, target, dt);
    if (sameView(next, target, w, h)) {
      this.useCamera(target);
      this.glide = null;
    } else {
      this.useCamera(next);
      this.requestDraw();
    }
  }

  private useCamera(c: Camera): void {
    this.center = { ...c.center };
    this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, c.scale));
  }

  /**
   * Writes the camera (`cx,cy,px per unit`) and the subject's box on
   * screen (`left,top,right,bottom` in CSS px) on the stage as
   * data-camera and data-subject, and data-gliding while the camera glides,
   * for tests and tools.
   */
  private publish(subject: Box | null): void {
    const r = (v: number): string => String(Math.round(v * 100) / 100);
    const camera = `${this.center.x},${this.center.y},${this.scale}`;
    if (camera !== this.shown.camera) this.stage.dataset["camera"] = this.shown.camera = camera;
    if (this.stage.hasAttribute("data-gliding") !== (this.glide !== null)) this.stage.toggleAttribute("data-gliding", this.glide !== null);
    if (!subject) return;
    const s = screenBox({ center: this.center, scale: this.scale }, subject, this.width, this.height);
    const text = [s.left, s.top, s.right, s.bottom].map(r).join(",");
    if (text !== this.shown.subject) this.stage.dataset["subject"] = this.shown.subject = text;
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
    this.visibility?.disconnect();
    this.abort.abort();
    this.stage.remove();
  }

  private resize(): void {
    this.measure();
    this.draw();
  }

  /** Sizes the canvas to the stage's padding box (inside its border), which clears it; returns that box. */
  private measure(): DOMRect {
    const rect = this.canvas.getBoundingClientRect();
    const width = Math.max(1, rect.width);
    const height = Math.max(1, rect.height);
    const span = this.width > 1 ? Math.min(this.width, this.height) / this.scale : this.span;
    this.width = width;
    this.height = height;
    this.dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(width * this.dpr);
    this.canvas.height = Math.round(height * this.dpr);
    this.scale = Math.min(width, height) / span;
    // A framed subject is fitted again to the new size (unless the reader has taken the camera).
    if (this.following) this.framed = false;
    return rect;
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

  private nearest(p: Point, radiusPx: number): Grabbable | null {
    let best: Grabbable | null = null;
    let bestD = radiusPx;
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
        const target = this.nearest(start, e.pointerType === "touch" ? TOUCH_GRAB_RADIUS_PX : GRAB_RADIUS_PX);
        const drag = target?.grab(start) ?? null;
        c.setPointerCapture(e.pointerId);
        this.dragging = true;
        this.handleDrag = drag !== null;
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
          } else if (moved) {
            // The reader has taken the camera: stop following until "Fit".
            this.following = false;
            this.glide = null;
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
          this.handleDrag = false;
          c.style.cursor = this.hovering ? "grab" : "";
          if (drag) drag.end();
          else if (!moved && ev.type === "pointerup") this.onClick?.(this.snap(start));
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
        this.hovering = this.nearest(this.toWorld(e.clientX, e.clientY), GRAB_RADIUS_PX) !== null;
        c.style.cursor = this.hovering ? "grab" : "";
      },
      { signal },
    );
    c.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        this.following = false;
        this.glide = null;
        const before = this.toWorld(e.clientX, e.clientY);
        const factor = Math.exp(-Math.max(-100, Math.min(100, e.deltaY)) * 0.002);
        this.scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, this.scale * factor));
        const after = this.toWorld(e.clientX, e.clientY);
        this.center = { x: this.center.x + before.x - after.x, y: this.center.y + before.y - after.y };
        this.requestDraw();
      },
      { passive: false, signal },
    );
  }
}

/** `v` rounded to `decimals` places (a finite number stays finite; -0 becomes 0, as JSON writes it). */
export function roundTo(v: number, decimals: number): number {
  const r = Number(v.toFixed(decimals));
  return !Number.isFinite(r) ? v : r === 0 ? 0 : r;
}

/** A CSS custom property of `el`, or the fallback. */
export function cssVar(el: Element, name: string, fallback: string): string {
  const v = getComputedStyle(el).getPropertyValue(name).trim();
  return v || fallback;
}
