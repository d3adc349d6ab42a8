// The published declarations of <arcline-demo> (www/package/arcline-demo.d.ts,
// written for readers) against the diagrams' own types: `tsc --noEmit -p www`
// fails here when a state field, a figure number or the element's surface
// changes on one side only. Nothing in this file runs.
import type * as Published from "../package/arcline-demo.js";
import type { ArcState } from "./diagrams/arc.js";
import type { PlannerState } from "./diagrams/planner.js";
import type { PathfindState } from "./diagrams/pathfind.js";
import type { SteeringState } from "./diagrams/steering.js";
import type { FormationState } from "./diagrams/formation.js";
import type { RoadState } from "./diagrams/road.js";
import type { JunctionState } from "./diagrams/junction.js";
import type { FigureReadout } from "./shell/figure.js";
import type { ArclineDemo, ArclineNumber } from "./embed.js";

/** true exactly when A and B are the same type. */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

export type Checks = [
  Assert<Equal<Published.ArcState, ArcState>>,
  Assert<Equal<Published.PlannerState, PlannerState>>,
  Assert<Equal<Published.PathfindState, PathfindState>>,
  Assert<Equal<Published.SteeringState, SteeringState>>,
  Assert<Equal<Published.FormationState, FormationState>>,
  Assert<Equal<Published.RoadState, RoadState>>,
  Assert<Equal<Published.JunctionState, JunctionState>>,
  Assert<Equal<Published.FigureReadout, FigureReadout>>,
  // The element has what the declarations promise.
  Assert<ArclineDemo extends Pick<Published.ArclineDemo, "state" | "readout" | "figure" | "kind"> ? true : false>,
  Assert<ArclineNumber extends Published.ArclineNumber ? true : false>,
];
