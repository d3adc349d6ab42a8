// Heavy scenes for the drag-frame benchmark. Each `setup` runs in the page and
// returns false when the diagram cannot build the scene; `zoomIn` wheel steps
// over the handle follow it.
export const SCENES = [
  {
    name: "arc diagram (baseline)",
    kind: "arc",
    handle: "point to reach",
    setup: () => Boolean(window.__arcline.diagrams.arc),
  },
  {
    // 1,001 profiles round a circle of radius 900 starting at the origin
    // heading east: 1,000 pieces; the drag moves profile 1 (2 pieces rebuilt).
    name: "road of 1,000 pieces (4 lanes)",
    kind: "road",
    handle: "profile 1 centre",
    // The view fits the whole road (1,800 units across); a reader zooms in on
    // the part they drag (20 wheel steps: about 50 units across).
    zoomIn: 20,
    setup: () => {
      const d = window.__arcline.diagrams.road;
      if (!d) return false;
      const n = 1001;
      const r = 900;
      const profiles = Array.from({ length: n }, (_, i) => {
        const a = -Math.PI / 2 + (i * 2 * Math.PI * 0.98) / (n - 1);
        return { x: r * Math.cos(a), y: r + r * Math.sin(a), heading: a + Math.PI / 2 };
      });
      d.setState({ profiles });
      return d.readout().pieces.length === n - 1;
    },
  },
  {
    // Four arms 30 out, 3 driving lanes each way and sidewalks: 20 paths; the
    // drag moves arm 0 (its road and the junction rebuilt).
    name: "junction of 4 arms, 3 lanes a direction",
    kind: "junction",
    handle: "arm 0 mouth",
    setup: () => {
      const d = window.__arcline.diagrams.junction;
      if (!d) return false;
      const arms = [0, 1, 2, 3].map((k) => {
        const out = (k * Math.PI) / 2;
        return { x: 30 * Math.cos(out), y: 30 * Math.sin(out), heading: out + Math.PI, preset: "6 lanes, median" };
      });
      d.setState({ arms });
      return d.readout().connections.length === 20;
    },
  },
  {
    // The road diagram's default profiles and one more, every turn with
    // clothoids 6 long: the drag moves profile 1 (2 pieces rebuilt, their
    // lane edges as arcs within 1e-3).
    name: "road of 4 profiles with transition curves 6 long",
    kind: "road",
    handle: "profile 1 centre",
    setup: () => {
      const d = window.__arcline.diagrams.road;
      if (!d) return false;
      d.setState({
        profiles: [
          { x: -40, y: -15, heading: 0 },
          { x: 0, y: 5, heading: Math.PI / 2 },
          { x: 30, y: 20, heading: 0 },
          { x: 60, y: 24, heading: 0.2 },
        ],
        transition: 6,
      });
      return d.readout().pieces.every((p) => p.word !== null && p.word.includes("T"));
    },
  },
  {
    // Dubins with a finite steering rate: the six continuous-curvature words.
    name: "planner, continuous-curvature Dubins (sharpness 0.1)",
    kind: "planner",
    handle: "target",
    setup: () => {
      const d = window.__arcline.diagrams.planner;
      if (!d) return false;
      d.setState({ step: "dubins", sharpness: 0.1, playing: false });
      return d.getState().sharpness === 0.1;
    },
  },
  {
    // The bay scene: reverse gear and the car's body; the drag moves a
    // parked car, and every frame re-plans.
    name: "parking, bay scene, a parked car dragged",
    kind: "parking",
    handle: "obstacle 0",
    setup: () => {
      const d = window.__arcline.diagrams.parking;
      if (!d) return false;
      d.setState({ scene: "bay", time: 0 });
      return d.getState().scene === "bay";
    },
  },
  {
    name: "crowd of 10,000 vehicles (seek + separation)",
    kind: "steering",
    handle: "target",
    setup: () => {
      const d = window.__arcline.diagrams.steering;
      if (!d) return false;
      d.setState({ mode: "crowd", count: 10000, playing: true });
      return d.getState().count === 10000;
    },
  },
];
