// The first diagram, end to end: drag a pose (position and heading) and a
// point; the core gives the single arc tangent to the pose that reaches the
// point, its parallel offsets at a chosen distance (concentric arcs), and where
// those cross a draggable line. The page only draws what the core returns.
import type { Api, Diagram, DiagramOptions } from "../shell/diagram.js";
import { View, cssVar } from "../shell/view.js";
import { Bounds } from "../shell/box.js";
import { Handles, addPoseHandles } from "../shell/handles.js";
import { dot, label, strokeLine, strokePath } from "../shell/draw.js";
import { controlBar, slider, textLine } from "../shell/controls.js";
import { Emitter, updater } from "../shell/emitter.js";
import { asRecord, clamp, errorMessage, readPoint, readPose } from "../shell/types.js";
import type { Path, Point } from "../shell/types.js";
import type { ArcState } from "../../package/arcline-demo.js";


const LIMIT = 1000;
const DEFAULTS: ArcState = {
  pose: { x: -6, y: -3, heading: 0.2 },
  point: { x: 4, y: 4 },
  width: 1.5,
  line: { a: { x: -1, y: 6 }, b: { x: 7, y: -6 } },
};

/** What the diagram computed from the state (read by tests through readout). */
interface Computed {
  path: Path | null;
  offsets: { distance: number; path: Path | null; error: string | null }[];
  crossings: Point[];
  error: string | null;
}

export function mount(root: HTMLElement, api: Api, options: DiagramOptions = {}): Diagram {
  root.classList.add("diagram");
  const state: ArcState = structuredClone(DEFAULTS);
  state.width = clamp(Number(options["width"]), 0.1, 10, DEFAULTS.width);
  const changes = new Emitter();
  let computed: Computed = compute();
  const update = updater(changes, () => {
    computed = compute();
    render();
  });

  const view = new View(root, { center: { x: 0, y: 0 }, span: 16, label: "An arc from a pose to a point, with parallel offsets" });
  const handles = new Handles(view);
  const bar = controlBar(root);
  const widthSlider = slider(bar, {
    label: "offset",
    min: 0.1,
    max: 10,
    step: 0.1,
    value: state.width,
    format: (v) => v.toFixed(1),
    onInput: (v) => update(() => (state.width = v)),
  });
  const status = textLine(root, "status");
  const readout = textLine(root, "readout");

  const clampPoint = (p: Point): Point => readPoint(p, { x: 0, y: 0 }, LIMIT);
  handles.add({ kind: "point", label: "line end A", get: () => state.line.a, set: (p) => update(() => (state.line.a = clampPoint(p))), color: "#888" });
  handles.add({ kind: "point", label: "line end B", get: () => state.line.b, set: (p) => update(() => (state.line.b = clampPoint(p))), color: "#888" });
  handles.add({ kind: "point", label: "point to reach", get: () => state.point, set: (p) => update(() => (state.point = clampPoint(p))) });
  addPoseHandles(handles, { heading: "start heading", position: "start position", get: () => state.pose, set: (p) => update(() => (state.pose = p)), clampPoint });

  function compute(): Computed {
    const out: Computed = { path: null, offsets: [], crossings: [], error: null };
    try {
      out.path = api.arcToPoint(state.pose, state.point);
    } catch (e) {
      out.error = errorMessage(e);
      return out;
    }
    const line: Path = {
      segments: [{ kind: "line", start: state.line.a, end: state.line.b, length: 0 }],
      length: 0,
      word: "S",
    };
    for (const distance of [state.width, -state.width]) {
      try {
        const path = api.offsetPath(out.path, distance);
        out.offsets.push({ distance, path, error: null });
        out.crossings.push(...api.intersectPaths(path, line));
      } catch (e) {
        out.offsets.push({ distance, path: null, error: errorMessage(e) });
      }
    }
    out.crossings.push(...api.intersectPaths(out.path, line));
    return out;
  }

  function render(): void {
    view.requestDraw();
    const { path, offsets, error } = computed;
    if (error || !path) {
      status.textContent = `No single arc: ${error ?? "unknown"}.`;
      readout.textContent = "";
      return;
    }
    const seg = path.segments[0];
    const collapsed = offsets.filter((o) => o.error).map((o) => `the offset ${o.distance > 0 ? "left" : "right"} by ${Math.abs(o.distance).toFixed(1)} collapses the arc (radius would be ≤ 0)`);
    status.textContent = collapsed.length ? `Note: ${collapsed.join("; ")}.` : "";
    readout.textContent =
      seg?.kind === "arc"
        ? `arc: radius ${seg.radius.toFixed(3)}, sweep ${((seg.sweep * 180) / Math.PI).toFixed(1)}°, length ${path.length.toFixed(3)}; ${computed.crossings.length} crossing(s)`
        : `straight ahead: length ${path.length.toFixed(3)}; ${computed.crossings.length} crossing(s)`;
  }

  view.onDraw = (ctx) => {
    const accent = cssVar(view.stage, "--accent", "#0b6bcb");
    const accent2 = cssVar(view.stage, "--accent-2", "#d2481c");
    const muted = cssVar(view.stage, "--muted", "#6b6b70");
    strokeLine(ctx, view, state.line.a, state.line.b, { color: muted, widthPx: 1.5, dashPx: [6, 5] });
    const seg = computed.path?.segments[0];
    if (seg?.kind === "arc") {
      strokeLine(ctx, view, state.pose, seg.center, { color: muted, widthPx: 1, alpha: 0.6, dashPx: [2, 4] });
      dot(ctx, view, seg.center, muted);
      label(ctx, view, "centre", seg.center, { color: muted });
    }
    for (const o of computed.offsets) if (o.path) strokePath(ctx, view, o.path, { color: accent2, widthPx: 1.5, alpha: 0.8 });
    if (computed.path) strokePath(ctx, view, computed.path, { color: accent, widthPx: 3 });
    for (const c of computed.crossings) dot(ctx, view, c, accent2, 5);
    handles.draw(ctx);
  };

  // Framed: the handles, the arc and its offsets (not the arc's far-off centre).
  view.subject = () =>
    new Bounds().point(state.pose).point(state.point).point(state.line.a).point(state.line.b).path(computed.path).paths(computed.offsets.map((o) => o.path)).box();

  render();
  return {
    kind: "arc",
    getState: () => structuredClone(state),
    readout: () => ({
      word: computed.path?.word ?? null,
      length: computed.path?.length ?? null,
      radius: computed.path?.segments[0]?.kind === "arc" ? computed.path.segments[0].radius : null,
      crossings: computed.crossings,
      error: computed.error,
    }),
    setState: (s: unknown) => {
      const o = asRecord(s);
      update(() => {
        state.pose = readPose(o["pose"], state.pose, LIMIT);
        state.point = readPoint(o["point"], state.point, LIMIT);
        state.width = clamp(o["width"], 0.1, 10, state.width);
        const line = (typeof o["line"] === "object" && o["line"] !== null ? o["line"] : {}) as Record<string, unknown>;
        state.line = { a: readPoint(line["a"], state.line.a, LIMIT), b: readPoint(line["b"], state.line.b, LIMIT) };
        widthSlider.set(state.width);
      });
    },
    onChange: (l) => changes.on(l),
    destroy: () => {
      changes.clear();
      handles.destroy();
      view.destroy();
      root.replaceChildren();
    },
  };
}
