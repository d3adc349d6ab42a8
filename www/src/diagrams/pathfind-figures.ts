// The pathfinding diagram's figures: around circles and polygons (the
// shortest path of lines and arcs that keeps its clearance), and Pinter's
// directional A* on a tile grid. The numbers are the core's (the path, the
// nodes the search expanded), only formatted here.
import { num, word } from "../shell/figure.js";
import type { FigureNumber, FigureStep } from "../shell/figure.js";
import type { Path } from "../shell/types.js";

export const PATHFIND_STEPS: readonly (FigureStep & { id: "around" | "grid" })[] = [
  {
    id: "around",
    title: "Around obstacles",
    caption:
      "The shortest path for a unit that cannot turn tighter than its radius, made of lines and arcs, every point at least the clearance from every obstacle. Drag the unit, the goal, a circle or a corner.",
  },
  {
    id: "grid",
    title: "On a tile grid",
    caption:
      "Pinter's directional A*: each tile in eight headings, joined by the exact turning curves; a curve is allowed when no wall lies under it. Drag across the tiles to paint walls.",
  },
];

/** The numbers beside the figure (`expanded` null: the search was not asked for its record). */
export function pathfindNumbers(path: Path | null, expanded: number | null, radius: number, clearance: number | null): FigureNumber[] {
  const out = [num("radius", "turning radius", radius, 1, "", "r")];
  if (clearance !== null) out.push(num("clearance", "clearance", clearance, 2));
  out.push(word("word", "the path", path ? path.word : "none"));
  out.push(num("length", "its length", path?.length ?? null, 2));
  out.push(num("expanded", "nodes the search expanded", expanded, 0));
  return out;
}
