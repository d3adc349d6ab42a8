// The planner's figures: the steps a reader switches between, what each
// draws over the scene, and the numbers shown beside it. Pinter's figure 5
// (turn left or right, then go straight: the shorter wins) and figure 6 (the
// construction of one turn: the centre P, the distance h to the target, the
// straight part d, the angle θ and the exit Q, on both sides), then the
// paths that also arrive with a heading, and with reverse gear. With the
// steering rate on, the construction step shows the same construction for
// the clothoid–arc–clothoid turn (Fraichard & Scheuer's CC circle about Ω,
// the inner circle every exit line touches, the tangent from the target,
// μ at the exit). Every number and point comes from the core
// (planTurnSides, dubinsCandidates, planReedsShepp); the page only places
// labels and formats.
import type { View } from "../shell/view.js";
import { circle, dot, label, strokeLine, strokePath } from "../shell/draw.js";
import { degrees, num, word } from "../shell/figure.js";
import type { FigureNumber, FigureStep } from "../shell/figure.js";
import type { Path, Point, Pose } from "../shell/types.js";
import type { CcTurnSide, CcTurnSides, TurnSide, TurnSides } from "../../pkg/arcline.js";

export type PlannerStep = "turn" | "construction" | "dubins" | "reverse";

export const PLANNER_STEPS: readonly (FigureStep & { id: PlannerStep })[] = [
  {
    id: "turn",
    title: "Left or right",
    caption:
      "Turn as tightly as the unit can until it faces the target, then drive straight. It can turn either way; the shorter of the two paths wins.",
  },
  {
    id: "construction",
    title: "P, h, d, θ, Q",
    caption:
      "P is the turning circle's centre, r from the unit; the target is h from P. The straight part d leaves the circle at Q, tangent to it, so P, Q and the target make a right triangle: d = √(h² − r²), θ = acos(r / h). With a steering rate, every turn's exit lies on a circle about Ω (the arc's centre), at the angle μ to it, so every exit line touches the inner circle r_Ω cos μ: the same tangent, from the target, finds the exit.",
  },
  {
    id: "dubins",
    title: "Arrive with a heading",
    caption:
      "To arrive facing a given way the path needs a turn at the end too: turn, straight, turn (or three turns). Six words are possible; the shortest wins.",
  },
  {
    id: "reverse",
    title: "Reverse allowed",
    caption:
      "A car can back up. With reverse gear the shortest path may drive parts of the way backwards (dashed); where the gear changes is a cusp.",
  },
];

export function isPlannerStep(v: unknown): v is PlannerStep {
  return PLANNER_STEPS.some((s) => s.id === v);
}

/** What the figures draw from: the core's results for the current scene. */
export interface PlannerScene {
  radius: number;
  target: Point;
  sides: TurnSides | null;
  /** Half-way poses along each side's path (from poseAt), for its label. */
  middles: { right: Pose | null; left: Pose | null };
  candidates: { path: Path; middle: Pose }[];
  chosen: Path | null;
  forwardOnly: Path | null;
  cusps: Pose[];
}

interface Colors {
  accent: string;
  accent2: string;
  muted: string;
  ink: string;
}

const unreachable = (s: TurnSide): string => (s.unreachable === "targetAtStart" ? "the target is the start" : "the target is inside its circle");

/** Why the CC construction does not hold on a side, in words. */
export function ccUnreachable(s: CcTurnSide): string {
  switch (s.unreachable) {
    case "shortTurn":
      return "the turn is two clothoids (δ < δ_min), its exit off the CC circle";
    case "insideInnerCircle":
      return "the target is inside the inner circle";
    case "insideCcCircle":
      return "the target is inside the CC circle";
    case "targetAtStart":
      return "the target is the start";
    default:
      return "";
  }
}

/** Figure 5: both turn-then-go paths, the shorter bold, each named with its length. */
export function drawTurn(ctx: CanvasRenderingContext2D, view: View, sc: PlannerScene, c: Colors): void {
  const sides = sc.sides;
  if (!sides) return;
  for (const s of [sides.right, sides.left]) {
    circle(ctx, view, s.center, sc.radius, { color: c.muted, widthPx: 1, alpha: 0.45, dashPx: [4, 4] });
    const best = sides.best === s.side;
    const e = s.exit;
    if (!e) {
      label(ctx, view, `${s.side}: ${unreachable(s)}`, s.center, { color: c.accent2 });
      continue;
    }
    strokePath(ctx, view, e.path, { color: best ? c.accent : c.accent2, widthPx: best ? 4 : 2, alpha: best ? 1 : 0.55 });
    const m = sc.middles[s.side];
    if (m) label(ctx, view, `${s.side} ${e.path.length.toFixed(1)}`, m, { color: best ? c.accent : c.accent2, font: "600 13px system-ui, sans-serif" });
  }
}

/** Figure 6: on each side the circle, P, Q, and the right triangle P–Q–target with h, r, d and θ. */
export function drawConstruction(ctx: CanvasRenderingContext2D, view: View, sc: PlannerScene, c: Colors): void {
  const sides = sc.sides;
  if (!sides) return;
  if (sides.cc) {
    drawCcConstruction(ctx, view, sc, sides.cc, c);
    return;
  }
  const font = "italic 600 14px system-ui, sans-serif";
  for (const s of [sides.right, sides.left]) {
    const best = sides.best === s.side;
    const tint = best ? c.accent : c.accent2;
    circle(ctx, view, s.center, sc.radius, { color: c.muted, widthPx: 1, alpha: 0.6, dashPx: [4, 4] });
    dot(ctx, view, s.center, c.ink, 4);
    label(ctx, view, `P ${s.side}`, s.center, { color: c.ink, font: "600 13px system-ui, sans-serif", dxPx: -10, align: "right" });
    strokeLine(ctx, view, s.center, sc.target, { color: c.muted, widthPx: 1.5, dashPx: [5, 4] });
    label(ctx, view, "h", midpoint(s.center, sc.target), { color: c.muted, font });
    const e = s.exit;
    if (!e) {
      label(ctx, view, `${s.side}: ${unreachable(s)} (h < r)`, s.center, { color: c.accent2, dyPx: -18 });
      continue;
    }
    strokePath(ctx, view, e.path, { color: tint, widthPx: best ? 3 : 1.5, alpha: best ? 0.9 : 0.5 });
    strokeLine(ctx, view, s.center, e.exit, { color: c.ink, widthPx: 1.5 });
    label(ctx, view, "r", midpoint(s.center, e.exit), { color: c.ink, font });
    strokeLine(ctx, view, e.exit, sc.target, { color: tint, widthPx: 2.5 });
    label(ctx, view, "d", midpoint(e.exit, sc.target), { color: tint, font });
    // θ: the angle at P from the direction to the target (φ) to Q.
    const rr = sc.radius * 0.35;
    ctx.save();
    ctx.strokeStyle = c.ink;
    ctx.lineWidth = view.px(1.5);
    ctx.beginPath();
    ctx.arc(s.center.x, s.center.y, rr, e.phi, e.exitAngle, s.side === "left");
    ctx.stroke();
    ctx.restore();
    // Half-way round that arc: Q is at φ + θ (right) or φ − θ (left).
    const half = e.phi + ((s.side === "right" ? 1 : -1) * e.theta) / 2;
    label(ctx, view, "θ", { x: s.center.x + rr * 1.5 * Math.cos(half), y: s.center.y + rr * 1.5 * Math.sin(half) }, { color: c.ink, font, dxPx: 0, align: "center" });
    dot(ctx, view, e.exit, c.ink, 4);
    label(ctx, view, "Q", e.exit, { color: c.ink, font: "600 13px system-ui, sans-serif" });
  }
}

/**
 * The construction generalised to continuous curvature, on each side: the CC
 * circle (r_Ω about Ω), the inner circle r_Ω cos μ (dashed), the tangent from
 * the target touching it, the exit on the CC circle with μ marked between the
 * circle's tangent and the heading, h; where it does not hold, why.
 */
function drawCcConstruction(ctx: CanvasRenderingContext2D, view: View, sc: PlannerScene, cc: CcTurnSides, c: Colors): void {
  const font = "italic 600 14px system-ui, sans-serif";
  const bold = "600 13px system-ui, sans-serif";
  for (const s of [cc.right, cc.left]) {
    const best = cc.best === s.side;
    const tint = best ? c.accent : c.accent2;
    circle(ctx, view, s.ccCenter, s.ccRadius, { color: c.muted, widthPx: 1.2, alpha: 0.7 });
    circle(ctx, view, s.ccCenter, s.innerRadius, { color: c.muted, widthPx: 1, alpha: 0.7, dashPx: [4, 4] });
    dot(ctx, view, s.ccCenter, c.ink, 4);
    label(ctx, view, `Ω ${s.side}`, s.ccCenter, { color: c.ink, font: bold, dxPx: -10, align: "right" });
    strokeLine(ctx, view, s.ccCenter, sc.target, { color: c.muted, widthPx: 1.5, dashPx: [5, 4] });
    label(ctx, view, "h", midpoint(s.ccCenter, sc.target), { color: c.muted, font });
    if (s.path) strokePath(ctx, view, s.path, { color: tint, widthPx: best ? 3 : 1.5, alpha: best ? 0.9 : 0.5 });
    const e = s.exit;
    if (!e) {
      label(ctx, view, `${s.side}: ${ccUnreachable(s)}`, s.ccCenter, { color: c.accent2, dyPx: -18 });
      continue;
    }
    // The right angle at the tangent point: Ω to it (r_Ω cos μ), it to the target.
    strokeLine(ctx, view, s.ccCenter, e.tangentPoint, { color: c.muted, widthPx: 1.2 });
    label(ctx, view, "r_Ω cos μ", midpoint(s.ccCenter, e.tangentPoint), { color: c.muted, font: "italic 12px system-ui, sans-serif" });
    strokeLine(ctx, view, e.tangentPoint, sc.target, { color: tint, widthPx: 2.5 });
    dot(ctx, view, e.tangentPoint, c.muted, 3.5);
    label(ctx, view, "T", e.tangentPoint, { color: c.muted, font: bold });
    // Ω to the exit: r_Ω.
    strokeLine(ctx, view, s.ccCenter, e.exit, { color: c.ink, widthPx: 1.5 });
    label(ctx, view, "r_Ω", midpoint(s.ccCenter, e.exit), { color: c.ink, font });
    // μ at the exit: from the heading (the exit line) round to the CC circle's tangent.
    const sign = s.side === "left" ? 1 : -1;
    const rr = sc.radius * 0.45;
    const tangent = e.exitHeading + sign * s.mu;
    ctx.save();
    ctx.strokeStyle = c.ink;
    ctx.lineWidth = view.px(1.5);
    ctx.beginPath();
    ctx.arc(e.exit.x, e.exit.y, rr, e.exitHeading, tangent, s.side === "right");
    ctx.stroke();
    // The circle's tangent at the exit, a short stroke.
    ctx.setLineDash([view.px(3), view.px(3)]);
    ctx.beginPath();
    ctx.moveTo(e.exit.x, e.exit.y);
    ctx.lineTo(e.exit.x + 1.4 * rr * Math.cos(tangent), e.exit.y + 1.4 * rr * Math.sin(tangent));
    ctx.stroke();
    ctx.restore();
    const half = e.exitHeading + (sign * s.mu) / 2;
    label(ctx, view, "μ", { x: e.exit.x + rr * 1.4 * Math.cos(half), y: e.exit.y + rr * 1.4 * Math.sin(half) }, { color: c.ink, font, align: "center" });
    dot(ctx, view, e.exit, c.ink, 4);
    label(ctx, view, "exit", e.exit, { color: c.ink, font: bold });
  }
}

/** The six words (arriving with a heading), the shortest bold. */
export function drawDubins(ctx: CanvasRenderingContext2D, view: View, sc: PlannerScene, c: Colors): void {
  for (const k of sc.candidates) {
    const best = sc.chosen?.word === k.path.word;
    strokePath(ctx, view, k.path, { color: best ? c.accent : c.accent2, widthPx: best ? 4 : 1.5, alpha: best ? 1 : 0.4 });
    label(ctx, view, `${k.path.word} ${k.path.length.toFixed(1)}`, k.middle, { color: best ? c.accent : c.accent2 });
  }
}

/** The Reeds–Shepp path: backward segments dashed, the cusps ringed; the forward-only path faint. */
export function drawReverse(ctx: CanvasRenderingContext2D, view: View, sc: PlannerScene, c: Colors): void {
  if (sc.forwardOnly) strokePath(ctx, view, sc.forwardOnly, { color: c.accent2, widthPx: 1.5, alpha: 0.4 });
  const p = sc.chosen;
  if (!p) return;
  for (const seg of p.segments) {
    const one: Path = { segments: [seg], length: seg.length, word: "" };
    strokePath(ctx, view, one, { color: c.accent, widthPx: 4, dashPx: seg.reverse ? [10, 7] : [] });
  }
  for (const k of sc.cusps) {
    circle(ctx, view, k, view.px(7), { color: c.accent2, widthPx: 2.5 });
    label(ctx, view, "cusp", k, { color: c.accent2, dxPx: 10, dyPx: 10 });
  }
}

/** The path's segments with their gears: "L+ S− R+" (read off the data). */
export function gearedWord(p: Path): string {
  return p.segments.map((s, i) => `${p.word[i] ?? "?"}${s.reverse ? "−" : "+"}`).join(" ");
}

const point = (p: Point | null | undefined): string => (p ? `(${p.x.toFixed(2)}, ${p.y.toFixed(2)})` : "—");

/** The numbers beside the figure for `step`. */
export function plannerNumbers(step: PlannerStep, sc: PlannerScene): FigureNumber[] {
  const sides = sc.sides;
  const out: FigureNumber[] = [num("r", "turning radius", sc.radius, 1, "", "r")];
  if (step === "turn" || step === "construction") {
    if (!sides) return out;
    for (const s of [sides.right, sides.left]) {
      const e = s.exit;
      if (step === "turn") {
        out.push(e ? num(`${s.side}Length`, `${s.side} turn (${e.path.word})`, e.path.length, 2) : word(`${s.side}Length`, `${s.side} turn`, `none: ${unreachable(s)}`));
        if (s === sides.left) {
          const best = sides.best ? sides[sides.best].exit : null;
          out.push(word("shorter", "the shorter", sides.best ?? "none"));
          out.push(num("straight", "its straight part", best?.d ?? null, 2));
        }
        continue;
      }
      if (sides.cc) continue;
      const g = `${s.side} turn${sides.best === s.side ? " (the shorter)" : ""}`;
      const row = (n: FigureNumber): FigureNumber => ({ ...n, group: g });
      out.push(row(word(`${s.side}P`, "centre", point(s.center), "P")));
      out.push(row(num(`${s.side}H`, "P to target", s.h, 2, "", "h")));
      out.push(row(e ? num(`${s.side}D`, "straight", e.d, 2, "", "d") : word(`${s.side}D`, "straight", "none (h < r)", "d")));
      out.push(row(num(`${s.side}Theta`, "angle at P", degrees(e?.theta), 1, "°", "θ")));
      out.push(row(word(`${s.side}Q`, "exit", point(e?.exit), "Q")));
      out.push(row(num(`${s.side}Length`, "path length", e?.path.length ?? null, 2)));
    }
    if (step === "construction" && sides.cc) out.push(...ccNumbers(sides.cc));
    return out;
  }
  if (step === "dubins") {
    for (const w of ["LSL", "LSR", "RSL", "RSR", "RLR", "LRL"]) {
      const k = sc.candidates.find((c) => c.path.word === w);
      out.push(k ? num(w, w, k.path.length, 2) : word(w, w, "infeasible"));
    }
    out.push(word("word", "the shortest", sc.chosen?.word ?? "—"));
    out.push(num("length", "its length", sc.chosen?.length ?? null, 2));
    return out;
  }
  const p = sc.chosen;
  out.push(word("word", "the path", p ? gearedWord(p) : "—"));
  out.push(num("length", "its length", p?.length ?? null, 2));
  out.push(num("cusps", "gear changes", p ? sc.cusps.length : null, 0));
  out.push(num("forwardOnly", "forwards only (Dubins)", sc.forwardOnly?.length ?? null, 2));
  return out;
}

/** The CC construction's numbers, a group per side: Ω, r_Ω, μ, the inner radius, h, δ, d, the exit. */
function ccNumbers(cc: CcTurnSides): FigureNumber[] {
  const out: FigureNumber[] = [num("deltaMin", "least turn with an arc", degrees(cc.deltaMin), 1, "°", "δ_min")];
  for (const s of [cc.right, cc.left]) {
    const e = s.exit;
    const g = `${s.side} turn, continuous curvature${cc.best === s.side ? " (the shorter)" : ""}`;
    const row = (n: FigureNumber): FigureNumber => ({ ...n, group: g });
    out.push(row(word(`${s.side}Omega`, "CC circle's centre", point(s.ccCenter), "Ω")));
    out.push(row(num(`${s.side}CcRadius`, "CC circle's radius", s.ccRadius, 3, "", "r_Ω")));
    out.push(row(num(`${s.side}Mu`, "exit angle to the circle", degrees(s.mu), 2, "°", "μ")));
    out.push(row(num(`${s.side}Inner`, "inner circle", s.innerRadius, 3, "", "r_Ω cos μ")));
    out.push(row(num(`${s.side}CcH`, "Ω to target", s.h, 3, "", "h")));
    if (!e) {
      out.push(row(word(`${s.side}Delta`, "turn", `none: ${ccUnreachable(s)}`, "δ")));
      out.push(row(num(`${s.side}CcLength`, "path length", s.path?.length ?? null, 2)));
      continue;
    }
    out.push(row(num(`${s.side}Delta`, "turn", degrees(e.delta), 1, "°", "δ")));
    out.push(row(num(`${s.side}CcD`, "straight", e.d, 3, "", "d")));
    out.push(row(word(`${s.side}Exit`, "exit", point(e.exit))));
    out.push(row(num(`${s.side}CcLength`, "path length", s.path?.length ?? null, 2)));
  }
  return out;
}

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
