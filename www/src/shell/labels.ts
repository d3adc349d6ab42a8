// Point labels that do not collide. During a draw, diagrams queue their
// labels (draw.ts's label()) and the drawing helpers record what they stroke
// (paths, lines, circles, dots, handles) as ink; after the draw, one
// placement pass puts each label, in the order queued, at the first good
// spot among candidates around its anchor: the spot the diagram asked for,
// then eight directions at growing distances. A spot that overlaps a label
// already placed is never taken; among the rest the one over the least ink
// wins (inside the canvas, near the anchor, and where the label was last
// frame, so labels do not flicker while the reader drags). A label set
// away from its anchor gets a leader line. Everything here is screen
// layout in CSS pixels: no geometry of the scene is computed.
import type { Path, Point } from "./types.js";

/** A placed label's box, in CSS px relative to the canvas's top left. */
export interface LabelBox {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Placed away from its anchor (a leader line joins them). */
  leader: boolean;
}

export interface LabelOptions {
  color?: string;
  font?: string;
  /** The preferred offset from the anchor, CSS px (x right, y up). */
  dxPx?: number;
  dyPx?: number;
  align?: CanvasTextAlign;
  /** Points where the label's centre may go, tried first (screen points in the layer, world points in draw.ts's label()). */
  candidates?: Point[];
  /** A filled box behind the text (the text in `color` on it). */
  background?: string;
}

interface Queued {
  text: string;
  at: Point; // screen
  color: string;
  font: string;
  dx: number;
  dy: number;
  align: CanvasTextAlign;
  centres: Point[];
  background: string | null;
}

/** A stroke in screen space: a segment (a thin polyline piece) or a disc. */
interface Ink {
  kind: "segment" | "disc";
  ax: number;
  ay: number;
  bx: number;
  by: number;
  r: number;
}

const CELL = 32;
const MAX_INK = 20000;
const GAP = 5;
/** Distances of the rings of candidates beyond the first, in CSS px. */
const RINGS = [0, 16, 34, 56, 82];
const DIRECTIONS: readonly [number, number][] = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
];

/** A map from a view's stage to its layer, for the read-only test hook. */
const layers = new WeakMap<Element, LabelLayer>();

declare global {
  interface Window {
    /** Test hook: the label boxes placed in the last draw of the canvas inside `el` (or of `el`'s stage). */
    __arclineLabels?: (el: Element) => LabelBox[];
  }
}

window.__arclineLabels = (el: Element): LabelBox[] => {
  const stage = el.classList.contains("stage") ? el : el.querySelector(".stage");
  const layer = stage ? layers.get(stage) : undefined;
  return layer ? layer.boxes().map((b) => ({ ...b })) : [];
};

export class LabelLayer {
  private queue: Queued[] = [];
  private ink: Ink[] = [];
  private grid = new Map<number, number[]>();
  private placed: LabelBox[] = [];
  /** Last frame's candidate per label (text and occurrence), for steadiness. */
  private last = new Map<string, number>();
  private width = 1;
  private height = 1;

  constructor(stage: Element) {
    layers.set(stage, this);
  }

  /** Starts a frame: forgets the queued labels and the ink. */
  begin(width: number, height: number): void {
    this.queue = [];
    this.ink = [];
    this.grid.clear();
    this.width = width;
    this.height = height;
  }

  /** Queues a label anchored at the screen point `at`. */
  add(text: string, at: Point, o: LabelOptions = {}): void {
    if (!Number.isFinite(at.x) || !Number.isFinite(at.y) || text === "") return;
    this.queue.push({
      text,
      at,
      color: o.color ?? "#555",
      font: o.font ?? "12px system-ui, sans-serif",
      dx: o.dxPx ?? 8,
      dy: o.dyPx ?? 0,
      align: o.align ?? "left",
      centres: (o.candidates ?? []).filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y)),
      background: o.background ?? null,
    });
  }

  /** Records a stroked segment between two screen points. */
  segment(a: Point, b: Point): void {
    this.push({ kind: "segment", ax: a.x, ay: a.y, bx: b.x, by: b.y, r: 0 });
  }

  /** Records a disc (a dot or a handle) of radius `r` px at a screen point. */
  disc(c: Point, r: number): void {
    this.push({ kind: "disc", ax: c.x, ay: c.y, bx: c.x, by: c.y, r });
  }

  /** Records a circle's rim (screen centre and radius) as short segments. */
  circle(c: Point, r: number, start = 0, sweep = 2 * Math.PI): void {
    if (!(r > 0) || !Number.isFinite(r)) return;
    // Pieces about 8 px long; rims far larger than the canvas are lines here.
    const n = Math.max(1, Math.min(96, Math.ceil((Math.abs(sweep) * r) / 8)));
    let prev = { x: c.x + r * Math.cos(start), y: c.y - r * Math.sin(start) };
    for (let i = 1; i <= n; i++) {
      const t = start + (sweep * i) / n;
      const next = { x: c.x + r * Math.cos(t), y: c.y - r * Math.sin(t) };
      this.segment(prev, next);
      prev = next;
    }
  }

  /** Records a path of lines and arcs, mapped to the screen by `toScreen` (`scale` px per unit). */
  path(path: Path, toScreen: (p: Point) => Point, scale: number): void {
    for (const s of path.segments) {
      if (s.kind === "line") this.segment(toScreen(s.start), toScreen(s.end));
      // A clothoid's ink, as its chord: enough to keep labels off it.
      else if (s.kind === "clothoid") this.segment(toScreen(s.start), toScreen(s.end));
      else this.circle(toScreen(s.center), s.radius * scale, s.startAngle, s.sweep);
    }
  }

  /** The boxes placed in the last frame. */
  boxes(): readonly LabelBox[] {
    return this.placed;
  }

  /** Places every queued label and draws them (ctx in CSS px, y down). */
  place(ctx: CanvasRenderingContext2D, halo: string): void {
    const placed: LabelBox[] = [];
    const seen = new Map<string, number>();
    const next = new Map<string, number>();
    for (const q of this.queue) {
      const n = seen.get(q.text) ?? 0;
      seen.set(q.text, n + 1);
      const key = `${q.text}#${n}`;
      ctx.font = q.font;
      const pad = q.background ? 8 : 2;
      const width = Math.ceil(ctx.measureText(q.text).width) + pad;
      const height = Math.ceil(fontPx(q.font) * 1.3) + (q.background ? 2 : 0);
      const choice = this.choose(q, width, height, placed, this.last.get(key));
      if (!choice) continue;
      next.set(key, choice.index);
      placed.push(choice.box);
      this.draw(ctx, q, choice.box, halo);
    }
    this.last = next;
    this.placed = placed;
  }

  private push(i: Ink): void {
    // Enough to keep labels off what matters; a frame's placement stays cheap.
    if (this.ink.length >= MAX_INK) return;
    if (![i.ax, i.ay, i.bx, i.by, i.r].every(Number.isFinite)) return;
    const minX = Math.min(i.ax, i.bx) - i.r;
    const maxX = Math.max(i.ax, i.bx) + i.r;
    const minY = Math.min(i.ay, i.by) - i.r;
    const maxY = Math.max(i.ay, i.by) + i.r;
    // Off the canvas: no label goes there, so no need to remember it.
    if (maxX < -100 || minX > this.width + 100 || maxY < -100 || minY > this.height + 100) return;
    const id = this.ink.length;
    this.ink.push(i);
    const c0 = Math.floor(Math.max(-100, minX) / CELL);
    const c1 = Math.floor(Math.min(this.width + 100, maxX) / CELL);
    const r0 = Math.floor(Math.max(-100, minY) / CELL);
    const r1 = Math.floor(Math.min(this.height + 100, maxY) / CELL);
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const k = cellKey(c, r);
        const list = this.grid.get(k);
        if (list) list.push(id);
        else this.grid.set(k, [id]);
      }
  }

  /** The candidate spots for a label `w` × `h`: its preferred one first. */
  private candidates(q: Queued, w: number, h: number): { x: number; y: number; ring: number }[] {
    const { x, y } = q.at;
    const left = q.align === "right" || q.align === "end" ? x + q.dx - w : q.align === "center" ? x + q.dx - w / 2 : x + q.dx;
    const out = q.centres.length ? q.centres.map((c) => ({ x: c.x - w / 2, y: c.y - h / 2, ring: 0 })) : [{ x: left, y: y - q.dy - h / 2, ring: 0 }];
    RINGS.forEach((extra, ring) => {
      const g = GAP + extra;
      for (const [dx, dy] of DIRECTIONS) {
        const d = dx !== 0 && dy !== 0 ? g * Math.SQRT1_2 : g;
        const bx = dx > 0 ? x + d : dx < 0 ? x - d - w : x - w / 2;
        const by = dy > 0 ? y - d - h : dy < 0 ? y + d : y - h / 2;
        out.push({ x: bx, y: by, ring });
      }
    });
    return out;
  }

  private choose(q: Queued, w: number, h: number, placed: LabelBox[], previous: number | undefined): { box: LabelBox; index: number } | null {
    let best: { box: LabelBox; index: number } | null = null;
    let bestCost = Infinity;
    this.candidates(q, w, h).forEach((c, index) => {
      const box = { text: q.text, x: c.x, y: c.y, width: w, height: h, leader: c.ring > 0 };
      if (placed.some((p) => overlaps(p, box, -1))) return;
      let cost = this.inkCost(box) * 10 + c.ring * 6 + (index === 0 ? 0 : 1);
      cost += outside(box, this.width, this.height) * 50;
      if (index === previous) cost -= 4;
      if (cost < bestCost) {
        bestCost = cost;
        best = { box, index };
      }
    });
    return best;
  }

  /** How many ink pieces cross the box (a little inflated). */
  private inkCost(b: LabelBox): number {
    const pad = 2;
    const x0 = b.x - pad;
    const y0 = b.y - pad;
    const x1 = b.x + b.width + pad;
    const y1 = b.y + b.height + pad;
    const ids = new Set<number>();
    for (let r = Math.floor(y0 / CELL); r <= Math.floor(y1 / CELL); r++)
      for (let c = Math.floor(x0 / CELL); c <= Math.floor(x1 / CELL); c++) for (const id of this.grid.get(cellKey(c, r)) ?? []) ids.add(id);
    let n = 0;
    for (const id of ids) {
      const i = this.ink[id];
      if (!i) continue;
      if (i.kind === "disc") {
        const cx = Math.max(x0, Math.min(x1, i.ax));
        const cy = Math.max(y0, Math.min(y1, i.ay));
        if (Math.hypot(cx - i.ax, cy - i.ay) <= i.r) n += 2;
      } else if (segmentHitsBox(i.ax, i.ay, i.bx, i.by, x0, y0, x1, y1)) n += 1;
    }
    return n;
  }

  private draw(ctx: CanvasRenderingContext2D, q: Queued, b: LabelBox, halo: string): void {
    ctx.save();
    if (b.leader) {
      // From the anchor to the nearest point of the box.
      const px = Math.max(b.x, Math.min(b.x + b.width, q.at.x));
      const py = Math.max(b.y, Math.min(b.y + b.height, q.at.y));
      ctx.strokeStyle = q.color;
      ctx.globalAlpha = 0.6;
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(q.at.x, q.at.y);
      ctx.lineTo(px, py);
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
    ctx.font = q.font;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    const ty = b.y + b.height / 2;
    if (q.background) {
      ctx.fillStyle = q.background;
      ctx.beginPath();
      ctx.roundRect(b.x, b.y, b.width, b.height, 4);
      ctx.fill();
      ctx.fillStyle = q.color;
      ctx.fillText(q.text, b.x + 4, ty + 0.5);
      ctx.restore();
      return;
    }
    ctx.lineJoin = "round";
    ctx.strokeStyle = halo;
    ctx.lineWidth = 3;
    const tx = b.x + 1;
    ctx.strokeText(q.text, tx, ty);
    ctx.fillStyle = q.color;
    ctx.fillText(q.text, tx, ty);
    ctx.restore();
  }
}

function cellKey(c: number, r: number): number {
  return (r + 1000) * 4096 + (c + 1000);
}

function fontPx(font: string): number {
  const m = /(\d+(?:\.\d+)?)px/.exec(font);
  return m ? Number(m[1]) : 12;
}

/** Whether two boxes overlap (touching within `slack` px does not count). */
export function overlaps(a: LabelBox, b: LabelBox, slack = 0): boolean {
  return a.x + slack < b.x + b.width && b.x + slack < a.x + a.width && a.y + slack < b.y + b.height && b.y + slack < a.y + a.height;
}

/** How far (px, summed over the sides) a box sticks out of the canvas. */
function outside(b: LabelBox, w: number, h: number): number {
  return Math.max(0, -b.x) + Math.max(0, b.x + b.width - w) + Math.max(0, -b.y) + Math.max(0, b.y + b.height - h);
}

/** Whether the segment (ax, ay)–(bx, by) meets the box [x0, x1] × [y0, y1] (Liang–Barsky clipping). */
function segmentHitsBox(ax: number, ay: number, bx: number, by: number, x0: number, y0: number, x1: number, y1: number): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = bx - ax;
  const dy = by - ay;
  const edges: [number, number][] = [
    [-dx, ax - x0],
    [dx, x1 - ax],
    [-dy, ay - y0],
    [dy, y1 - ay],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return false;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return false;
      if (t < t1) t1 = t;
    }
  }
  return true;
}
