// The formation diagram; filled in by its own change.
import type { Api, Diagram, DiagramOptions } from "../shell/diagram.js";

export function mount(root: HTMLElement, _api: Api, _options: DiagramOptions = {}): Diagram {
  const note = document.createElement("p");
  note.textContent = "This diagram is not built yet.";
  root.append(note);
  return { kind: "formation", getState: () => ({}), setState: () => {}, onChange: () => {}, destroy: () => note.remove() };
}
