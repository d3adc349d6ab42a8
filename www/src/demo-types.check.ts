// The published declarations of <arcline-demo> (www/package/arcline-demo.d.ts,
// written for readers) are where the diagrams take their state types and the
// figure's numbers from; this checks the element's own class against the
// class they declare, so that `tsc --noEmit -p www` fails when one side
// changes alone. Nothing in this file runs.
import type * as Published from "../package/arcline-demo.js";
import type { ArclineDemo, ArclineNumber } from "./embed.js";

type Assert<T extends true> = T;

export type Checks = [
  Assert<ArclineDemo extends Pick<Published.ArclineDemo, "state" | "readout" | "figure" | "kind"> ? true : false>,
  Assert<ArclineNumber extends Published.ArclineNumber ? true : false>,
];
