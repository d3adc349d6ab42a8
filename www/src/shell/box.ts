//! Axis-aligned world boxes round what a diagram draws: the subject a view
//! keeps framed (framing.ts), and what is on screen (to draw only that). An
//! arc's box holds its ends and the points of its circle that its sweep
//! passes (the extreme ones), so the box is exact, not a sampled guess.
import type { Path, Point } from "./types.js";

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Whether two boxes share a point. */
export function overlaps(a: Box, b: Box): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/**
 * A box grown one thing at a time; non-finite input is skipped, and an
 * empty builder gives null.
 *
 * ```ts
 * const subject = new Bounds().point(unit).circle(centre, radius).path(path).box();
 * ```
 */
export class Bounds {
  private b: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };

  /** A point, or a disc of radius `r` round it. */
  point(p: Point | null | undefined, r = 0): this {
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y) || !Number.isFinite(r)) return this;
    const b = this.b;
    b.minX = Math.min(b.minX, p.x - r);
    b.minY = Math.min(b.minY, p.y - r);
    b.maxX = Math.max(b.maxX, p.x + r);
    b.maxY = Math.max(b.maxY, p.y + r);
    return this;
  }

  points(ps: readonly (Point | null | undefined)[] | null | undefined, r = 0): this {
    for (const p of ps ?? []) this.point(p, r);
    return this;
  }

  /** A whole circle. */
  circle(c: Point | null | undefined, r: number): this {
    return this.point(c, Math.abs(r));
  }

  /**
   * Every segment of a path: a line's ends; an arc's ends and the extremes
   * its sweep passes; for a clothoid, the squares of half-side `length/2`
   * about its ends (every point of it is within half its length, along
   * it, of one end).
   */
  path(path: Path | null | undefined): this {
    for (const seg of path?.segments ?? []) {
      if (seg.kind === "line") {
        this.point(seg.start).point(seg.end);
        continue;
      }
      if (seg.kind === "clothoid") {
        const m = seg.length / 2;
        for (const p of [seg.start, seg.end]) this.point({ x: p.x - m, y: p.y - m }).point({ x: p.x + m, y: p.y + m });
        continue;
      }
      const { center: c, radius: r, startAngle: a0, sweep } = seg;
      const at = (a: number): Point => ({ x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) });
      this.point(at(a0)).point(at(a0 + sweep));
      const lo = Math.min(a0, a0 + sweep);
      const hi = Math.max(a0, a0 + sweep);
      const quarter = Math.PI / 2;
      // At most the four extremes of the circle (a sweep past a full turn adds nothing new).
      for (let k = Math.ceil(lo / quarter), n = 0; k * quarter <= hi && n < 4; k++, n++) this.point(at(k * quarter));
    }
    return this;
  }

  paths(paths: readonly (Path | null | undefined)[] | null | undefined): this {
    for (const p of paths ?? []) this.path(p);
    return this;
  }

  /** Another box. */
  add(box: Box | null | undefined): this {
    if (!box) return this;
    return this.point({ x: box.minX, y: box.minY }).point({ x: box.maxX, y: box.maxY });
  }

  /** The box so far, or null when nothing was added. */
  box(): Box | null {
    const b = this.b;
    return b.minX <= b.maxX && b.minY <= b.maxY ? { ...b } : null;
  }
}
