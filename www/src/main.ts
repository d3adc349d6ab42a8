// The playground page: loads the wasm module once, mounts one diagram per
// section, and exposes the mounted diagrams to tests as `window.__arcline`.
import init, * as arcline from "../pkg/arcline.js";
import type { Diagram, MountDiagram } from "./shell/diagram.js";
import { mount as mountArc } from "./diagrams/arc.js";
import { mount as mountPlanner } from "./diagrams/planner.js";
import { mount as mountSteering } from "./diagrams/steering.js";
import { mount as mountFormation } from "./diagrams/formation.js";
import { mount as mountRoad } from "./diagrams/road.js";

const DIAGRAMS: Record<string, MountDiagram> = {
  arc: mountArc,
  planner: mountPlanner,
  steering: mountSteering,
  formation: mountFormation,
  road: mountRoad,
};

declare global {
  interface Window {
    __arcline?: { ready: boolean; diagrams: Record<string, Diagram> };
  }
}

async function main(): Promise<void> {
  await init();
  const diagrams: Record<string, Diagram> = {};
  for (const section of document.querySelectorAll<HTMLElement>("[data-diagram]")) {
    const kind = section.dataset["diagram"] ?? "";
    const mount = DIAGRAMS[kind];
    const root = section.querySelector<HTMLElement>(".mount");
    if (!mount || !root) continue;
    diagrams[kind] = mount(root, arcline);
  }
  window.__arcline = { ready: true, diagrams };
  performance.mark("arcline:interactive");
}

main().catch((err: unknown) => {
  const box = document.getElementById("load-error");
  if (box) {
    box.hidden = false;
    box.textContent = `Arcline could not start: ${err instanceof Error ? err.message : String(err)}`;
  }
  throw err;
});
