// Every diagram kind, for the playground page and the <arcline-demo> element.
import type { MountDiagram } from "./shell/diagram.js";
import type { System } from "./modules.js";
import { mount as arc } from "./diagrams/arc.js";
import { mount as planner } from "./diagrams/planner.js";
import { mount as steering } from "./diagrams/steering.js";
import { mount as formation } from "./diagrams/formation.js";
import { mount as road } from "./diagrams/road.js";
import { mount as pathfind } from "./diagrams/pathfind.js";
import { mount as junction } from "./diagrams/junction.js";
import { mount as parking } from "./diagrams/parking.js";

export const DIAGRAMS: Readonly<Record<string, MountDiagram>> = { arc, planner, pathfind, parking, steering, formation, road, junction };

export const KINDS = Object.keys(DIAGRAMS);

/** The wasm module each kind needs on its own (see runtime.ts). */
export const SYSTEM_OF: Readonly<Record<string, System>> = {
  arc: "paths",
  planner: "paths",
  pathfind: "pathfind",
  parking: "pathfind",
  steering: "crowd",
  formation: "crowd",
  road: "roads",
  junction: "roads",
};

export function isKind(kind: string): boolean {
  return Object.prototype.hasOwnProperty.call(DIAGRAMS, kind);
}
