// Heavy scenes for the drag-frame benchmark. Each `setup` runs in the page and
// returns false when the diagram cannot build the scene.
export const SCENES = [
  {
    name: "arc diagram (baseline)",
    kind: "arc",
    handle: "point to reach",
    setup: () => Boolean(window.__arcline.diagrams.arc),
  },
];
