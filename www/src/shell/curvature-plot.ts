// The curvature of a path against the distance along it, under a diagram:
// the core's curvatureProfile gives the breakpoints (two per segment,
// linear in between), so arcs show as flat steps that jump where they meet
// lines, and clothoids as ramps. The plot only scales and joins them; the
// dashed lines are ±1/radius, the most the unit can steer. A second profile
// may be shown beside it for comparison (dashed, in the warning colour).
import type { CurvaturePoint } from "../../pkg/arcline.js";
import { cssVar } from "./view.js";

export class CurvaturePlot {
  readonly canvas: HTMLCanvasElement;
  private points: CurvaturePoint[] = [];
  private compare: CurvaturePoint[] = [];
  private limit = 0;
  private note: string;
  /** The canvas's size in CSS pixels, as last observed (read from a ResizeObserver, not from layout: a redraw while the page's text changes must not force one). */
  private size = { w: 300, h: 80 };

  constructor(parent: HTMLElement, label: string) {
    const figure = document.createElement("figure");
    figure.className = "curvature-plot";
    this.canvas = document.createElement("canvas");
    this.canvas.setAttribute("role", "img");
    this.canvas.setAttribute("aria-label", label);
    const caption = document.createElement("figcaption");
    caption.textContent = label;
    figure.append(this.canvas, caption);
    parent.append(figure);
    this.note = label;
    if (typeof ResizeObserver !== "undefined") {
      new ResizeObserver((entries) => {
        const box = entries[entries.length - 1]?.contentRect;
        if (!box || (box.width === this.size.w && box.height === this.size.h) || box.width <= 0) return;
        this.size = { w: box.width, h: box.height || 80 };
        this.draw();
      }).observe(this.canvas);
    }
  }

  /** Shows this profile; `limit` (> 0) draws the ±limit lines; `compare`, another profile drawn dashed behind it. */
  show(points: CurvaturePoint[], limit: number, compare: CurvaturePoint[] = []): void {
    this.points = points;
    this.compare = compare;
    this.limit = Number.isFinite(limit) && limit > 0 ? limit : 0;
    const last = points[points.length - 1];
    // A jump: a segment starting at another curvature than the last one ended
    // at (beyond rounding: an arc's 1/radius and its clothoid's curvature may
    // differ in the last place).
    const jumps = points.filter((p, i) => {
      const prev = points[i - 1];
      return i % 2 === 0 && prev !== undefined && Math.abs(p.curvature - prev.curvature) > 1e-9 * Math.max(1, Math.abs(p.curvature));
    }).length;
    this.canvas.setAttribute(
      "aria-label",
      last ? `${this.note}: ${last.distance.toFixed(1)} long, curvature jumps ${jumps} time${jumps === 1 ? "" : "s"}` : this.note,
    );
    this.draw();
  }

  private draw(): void {
    const c = this.canvas;
    const dpr = window.devicePixelRatio || 1;
    const { w, h } = this.size;
    if (c.width !== Math.round(w * dpr) || c.height !== Math.round(h * dpr)) {
      c.width = Math.round(w * dpr);
      c.height = Math.round(h * dpr);
    }
    const ctx = c.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const ink = cssVar(c, "--fg", "#1d1d1f");
    const muted = cssVar(c, "--muted", "#6b6b70");
    const accent = cssVar(c, "--accent", "#0b6bcb");
    const pts = this.points;
    const end = Math.max(pts.length ? pts[pts.length - 1]!.distance : 0, this.compare.length ? this.compare[this.compare.length - 1]!.distance : 0);
    let top = this.limit;
    for (const p of [...pts, ...this.compare]) top = Math.max(top, Math.abs(p.curvature));
    if (!(end > 0) || !(top > 0)) top = 1;
    const pad = 6;
    const x = (s: number) => pad + ((w - 2 * pad) * s) / (end > 0 ? end : 1);
    const y = (k: number) => h / 2 - ((h / 2 - pad) * k) / (top * 1.1);
    ctx.lineWidth = 1;
    ctx.strokeStyle = muted;
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(pad, y(0));
    ctx.lineTo(w - pad, y(0));
    ctx.stroke();
    if (this.limit > 0) {
      ctx.setLineDash([4, 4]);
      for (const k of [this.limit, -this.limit]) {
        ctx.beginPath();
        ctx.moveTo(pad, y(k));
        ctx.lineTo(w - pad, y(k));
        ctx.stroke();
      }
      ctx.setLineDash([]);
      ctx.fillStyle = muted;
      ctx.font = "11px system-ui, sans-serif";
      ctx.fillText("1/r", w - pad - 18, y(this.limit) + 12);
    }
    if (this.compare.length) {
      ctx.strokeStyle = cssVar(c, "--warn", "#c0392b");
      ctx.lineWidth = 1.5;
      ctx.setLineDash([5, 4]);
      ctx.beginPath();
      this.compare.forEach((p, i) => (i === 0 ? ctx.moveTo(x(p.distance), y(p.curvature)) : ctx.lineTo(x(p.distance), y(p.curvature))));
      ctx.stroke();
      ctx.setLineDash([]);
    }
    if (!pts.length) return;
    ctx.strokeStyle = accent;
    ctx.lineWidth = 2;
    ctx.beginPath();
    pts.forEach((p, i) => (i === 0 ? ctx.moveTo(x(p.distance), y(p.curvature)) : ctx.lineTo(x(p.distance), y(p.curvature))));
    ctx.stroke();
    ctx.fillStyle = ink;
    ctx.font = "11px system-ui, sans-serif";
    ctx.fillText("curvature", pad, 12);
  }
}
