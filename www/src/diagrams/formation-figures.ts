// The formation's figures: the slots held around the anchor, and what
// happens when a member is removed (Millington: the slots are measured from
// the centre of mass of the occupied slots, so when one empties the centre
// moves and the pattern is shifted by the drift offset to keep the members
// centred on the anchor). The numbers are the core's formation snapshot,
// only formatted here.
import { num, word } from "../shell/figure.js";
import type { FigureNumber, FigureStep } from "../shell/figure.js";
import type { FormationState as Snapshot, Point } from "../../pkg/arcline.js";

export type FormationStep = "slots" | "removed";

export const FORMATION_STEPS: readonly (FigureStep & { id: FormationStep })[] = [
  {
    id: "slots",
    title: "Slots around the anchor",
    caption:
      "Each member steers to its slot of the pattern. The slots are placed around the anchor, which leads the group to the target; drag the target or turn it.",
  },
  {
    id: "removed",
    title: "A member removed",
    caption:
      "The anchor is the centre of mass of the occupied slots. With a member gone that centre moves, so the pattern is shifted by the drift offset (from the pattern's origin to the anchor) and the rest stay centred. Click a vehicle to remove another.",
  },
];

export function isFormationStep(v: unknown): v is FormationStep {
  return FORMATION_STEPS.some((s) => s.id === v);
}

const point = (p: Point | null | undefined): string => (p ? `(${p.x.toFixed(2)}, ${p.y.toFixed(2)})` : "—");

/**
 * The numbers beside the figure. `before` is the drift offset the reader saw
 * before the last removal (a snapshot the core gave then), or null.
 */
export function formationNumbers(step: FormationStep, s: Snapshot | null, farthest: number, before: Point | null): FigureNumber[] {
  if (!s) return [];
  const out: FigureNumber[] = [num("members", `members of ${s.capacity} slots`, s.slots.length, 0)];
  out.push(word("anchor", "anchor", point(s.anchor)));
  out.push(num("heading", "heading", (s.anchor.heading * 180) / Math.PI, 0, "°"));
  if (step === "slots") {
    out.push(num("spacing", "spacing", s.spacing, 1));
    out.push(num("farthest", "farthest member from its slot", farthest, 2));
    return out;
  }
  out.push(word("centerOfMass", "centre of mass", point(s.centerOfMass)));
  const g = "drift offset (pattern's frame)";
  out.push({ ...num("driftX", "ahead", s.driftOffset.x, 2, "", "x"), group: g });
  out.push({ ...num("driftY", "to the left", s.driftOffset.y, 2, "", "y"), group: g });
  if (before) {
    out.push({ ...num("driftBeforeX", "ahead, before", before.x, 2, "", "x"), group: g });
    out.push({ ...num("driftBeforeY", "left, before", before.y, 2, "", "y"), group: g });
  }
  out.push({ ...word("origin", "pattern origin", point(s.origin)), group: g });
  return out;
}
