// The road diagram's figures: a road through profiles, then the
// constructions that build it one at a time, each from a pair of profiles
// placed to show it: the two-line fillet (the points C, M, O), the S-curve
// through an intermediate profile placed by a Hermite spline at t = 0.5,
// the U-turn's semicircle, the Bézier offsets that pinch at a sharp turn, and
// why circles jerk: the same fillet with and without transition curves, and
// what a car driving it at a set speed feels sideways. The numbers are the
// core's (roadConstruction, bezierOffsets, roadMarkings), only formatted
// here; the sideways acceleration v²κ and its rate v³·dκ/ds are those
// curvatures and sharpnesses times powers of the speed.
import type { View } from "../shell/view.js";
import { circle, dot, label, strokeLine } from "../shell/draw.js";
import { degrees, num, word } from "../shell/figure.js";
import type { FigureNumber, FigureStep } from "../shell/figure.js";
import type { Pose } from "../shell/types.js";
import type { BezierOffsets, RoadConstruction, RoadPiece } from "../../pkg/arcline.js";

export type RoadStep = "road" | "fillet" | "s-curve" | "u-turn" | "bezier" | "jerk";

export const ROAD_STEPS: readonly (FigureStep & { id: RoadStep })[] = [
  {
    id: "road",
    title: "A road through profiles",
    caption:
      "The road is stored as profiles, cross-sections that hold the lanes (green). Between two profiles the piece is made of lines and arcs only, and every lane edge is the same construction moved sideways, so the lanes keep their width. Click to add a profile.",
  },
  {
    id: "fillet",
    title: "C, M, O",
    caption:
      "From A and B the continuation lines meet at C. On the longer leg take M as far from C as the shorter leg is long; the perpendiculars at the shorter leg's end and at M meet at O, the centre of an arc tangent to both lines (the two right triangles on OC are equal). The arc, and a line for the rest of the longer leg.",
  },
  {
    id: "s-curve",
    title: "S-curve",
    caption:
      "When the continuation lines do not meet ahead, an intermediate profile splits the shift in two: it sits on the Hermite spline between the middles at t = 0.5, heading along it, and each half is a fillet.",
  },
  {
    id: "u-turn",
    title: "Semicircle",
    caption: "When the continuation lines are parallel and run the same way (the profiles side by side, facing opposite ways), a semicircle and a line join them; its radius is half the gap.",
  },
  {
    id: "bezier",
    title: "Bézier pinch",
    caption:
      "A Bézier centreline with its edges offset: where the curve turns tighter than half the road is wide, the inner edge passes the centre of curvature (dashed: the circle of curvature where it is tightest) and folds back on itself (red). Arcs offset to arcs, so the road of arcs under it never does.",
  },
  {
    id: "jerk",
    title: "Why circles jerk",
    caption:
      "The fillet as an arc alone (red, dashed) and with transition curves (the road drawn). Where the arc meets the line its curvature jumps from 0 to 1/r, so a car at a steady speed v is thrown sideways by v²/r at once: a step in the plot. A clothoid ramps the curvature over its length L, and the sideways acceleration grows at a finite rate, the jerk v³/(rL). Move the transition slider.",
  },
];

/** The speed of the car in the "why circles jerk" figure, in units (metres) a second. */
export const JERK_SPEED = 10;
/** The transition length the "why circles jerk" figure starts with. */
export const JERK_TRANSITION = 12;

export function isRoadStep(v: unknown): v is RoadStep {
  return ROAD_STEPS.some((s) => s.id === v);
}

/** The pair of profiles each construction starts from, and which overlay it turns on. */
export const ROAD_PRESETS: Readonly<Record<Exclude<RoadStep, "road">, { profiles: Pose[]; construction: boolean; bezier: boolean; transition?: number }>> = {
  fillet: { profiles: [{ x: -30, y: -12, heading: 0 }, { x: 10, y: 14, heading: Math.PI / 2 }], construction: true, bezier: false },
  "s-curve": { profiles: [{ x: -30, y: -8, heading: 0 }, { x: 30, y: 8, heading: 0 }], construction: true, bezier: false },
  "u-turn": { profiles: [{ x: -10, y: -14, heading: 0 }, { x: -20, y: 14, heading: Math.PI }], construction: true, bezier: false },
  bezier: { profiles: [{ x: -20, y: -8, heading: 0 }, { x: 2, y: 10, heading: 2.7 }], construction: false, bezier: true },
  jerk: { profiles: [{ x: -30, y: -12, heading: 0 }, { x: 10, y: 14, heading: Math.PI / 2 }], construction: false, bezier: false, transition: JERK_TRANSITION },
};

/** What the numbers are read from: the first piece's results. */
export interface RoadFigureInput {
  pieces: { piece: RoadPiece | null; construction: RoadConstruction | null; bezier: BezierOffsets | null; plain: RoadPiece | null }[];
}

const point = (p: { x: number; y: number } | null | undefined): string => (p ? `(${p.x.toFixed(1)}, ${p.y.toFixed(1)})` : "—");

/** The line's length and the arcs' radii of a piece's centreline (read off its segments). */
function parts(piece: RoadPiece | null): { lines: number[]; radii: number[] } {
  const lines: number[] = [];
  const radii: number[] = [];
  for (const s of piece?.centerline.segments ?? []) {
    if (s.kind === "line") lines.push(s.length);
    else if (s.kind === "arc") radii.push(s.radius);
  }
  return { lines, radii };
}

/** The first clothoid of a piece's centre line: its length and its sharpness (curvature change per unit length). */
function firstClothoid(piece: RoadPiece | null): { length: number; sharpness: number } | null {
  for (const s of piece?.centerline.segments ?? []) {
    if (s.kind === "clothoid" && s.length > 0) return { length: s.length, sharpness: Math.abs(s.curvatureEnd - s.curvatureStart) / s.length };
  }
  return null;
}

/** The "why circles jerk" rows: the arc alone, then with its transitions, at JERK_SPEED. */
function jerkNumbers(piece: RoadPiece | null, plain: RoadPiece | null): FigureNumber[] {
  const v = JERK_SPEED;
  const out: FigureNumber[] = [num("speed", "the car's speed", v, 0, " m/s", "v")];
  const r0 = parts(plain).radii[0] ?? null;
  out.push(num("arcRadius", "the arc alone: radius", r0, 2, "", "r"));
  out.push(num("arcAccel", "sideways, v²/r", r0 === null ? null : (v * v) / r0, 2, " m/s²"));
  out.push(word("arcRise", "reached", r0 === null ? "—" : "at once (a jump)"));
  const spiral = firstClothoid(piece);
  if (!spiral) {
    out.push(word("transition", "transition curves", piece ? "none: move the slider" : "cannot be built"));
    return out;
  }
  const r1 = parts(piece).radii[0] ?? null;
  out.push(num("transition", "with clothoids", spiral.length, 2, "", "L"));
  out.push(num("ccRadius", "their arc's radius", r1, 2, "", "r"));
  out.push(num("ccAccel", "sideways, v²/r", r1 === null ? null : (v * v) / r1, 2, " m/s²"));
  out.push(num("rise", "reached in L/v", spiral.length / v, 2, " s"));
  out.push(num("jerk", "the jerk, v³/(rL)", v * v * v * spiral.sharpness, 2, " m/s³"));
  return out;
}

/** The road step's row for piece `i` (from profile `i` to `i + 1`): its kind, word and length. */
export function pieceNumber(i: number, piece: RoadPiece | null): FigureNumber {
  return piece
    ? num(`piece${i}`, `${i} → ${i + 1}: ${piece.kind} (${piece.centerline.word})`, piece.centerline.length, 1)
    : word(`piece${i}`, `${i} → ${i + 1}`, "cannot be built");
}

export function roadNumbers(step: RoadStep, f: RoadFigureInput): FigureNumber[] {
  const first = f.pieces[0];
  const piece = first?.piece ?? null;
  if (step === "road") return f.pieces.map((p, i) => pieceNumber(i, p.piece));
  const out: FigureNumber[] = [word("kind", "the piece", piece ? `${piece.kind} (${piece.centerline.word})` : "cannot be built")];
  if (step === "jerk") return [...out, ...jerkNumbers(piece, first?.plain ?? null)];
  const c = first?.construction ?? null;
  if (step === "fillet") {
    const fl = c?.fillets[0];
    if (!fl || !c || c.intermediate) return out;
    out.push(num("ca", "from A to C", fl.legA, 2, "", "CA"));
    out.push(num("cb", "from C to B", fl.legB, 2, "", "CB"));
    out.push(num("cm", "= the shorter leg", Math.min(fl.legA, fl.legB), 2, "", "CM"));
    out.push(num("radius", "the arc's radius, OA = OM", fl.radius, 2, "", "r"));
    out.push(num("straight", "the line, the longer leg − CM", fl.straight, 2));
    out.push(num("length", "the whole centre line", piece?.centerline.length ?? null, 2));
    return out;
  }
  if (step === "s-curve") {
    const m = c?.intermediate ?? null;
    out.push(word("intermediate", "intermediate profile", point(m)));
    out.push(num("heading", "its heading", degrees(m?.heading), 1, "°"));
    out.push(num("t", "on the Hermite spline at", m ? 0.5 : null, 1, "", "t"));
    out.push(num("tangentScale", "tangents, × |AB|", c?.tangentScale ?? null, 1));
    c?.fillets.forEach((fl, i) => out.push(num(`radius${i}`, `half ${i + 1}: arc radius`, fl.radius, 2, "", "r")));
    return out;
  }
  if (step === "u-turn") {
    const s = c?.semicircle ?? null;
    const { lines } = parts(piece);
    out.push(word("center", "semicircle's centre", point(s?.center)));
    out.push(num("radius", "its radius, half the gap", s?.radius ?? null, 2, "", "r"));
    out.push(num("line", "then the line", s ? (lines[0] ?? 0) : null, 2));
    return out;
  }
  const b = first?.bezier ?? null;
  const t = b?.tightest ?? null;
  const { radii } = parts(piece);
  out.push(num("bezierRadius", "Bézier's tightest radius", t?.radius ?? null, 2, "", "r"));
  out.push(num("inner", "inner edge from the middle", t?.inner ?? null, 2));
  out.push(num("at", "there, at", t?.t ?? null, 2, "", "t"));
  out.push(word("pinched", "the inner edge folds back", b ? (b.pinched ? "yes" : "no") : "—"));
  out.push(num("arcRadius", "the arcs' tightest radius", radii.length ? Math.min(...radii) : null, 2));
  return out;
}

/** Marks where the Bézier turns tightest: its circle of curvature there, and the centre the inner edge passes when it pinches. */
export function drawBezierBend(ctx: CanvasRenderingContext2D, view: View, b: BezierOffsets, color: string): void {
  const t = b.tightest;
  if (!t) return;
  circle(ctx, view, t.center, t.radius, { color, widthPx: 1.5, dashPx: [5, 4], alpha: 0.9 });
  strokeLine(ctx, view, t.center, t.point, { color, widthPx: 1.5 });
  dot(ctx, view, t.point, color, 4);
  dot(ctx, view, t.center, color, 3.5);
  label(ctx, view, `r ${t.radius.toFixed(1)}`, { x: (t.center.x + t.point.x) / 2, y: (t.center.y + t.point.y) / 2 }, { color, font: "600 12px system-ui, sans-serif" });
  label(ctx, view, "centre of curvature", t.center, { color, font: "600 12px system-ui, sans-serif" });
}
