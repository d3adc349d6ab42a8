// Roads from profiles: a chain of cross-sections ("profiles") joined
// by pieces made only of lines and circular arcs. Click empty space to add a
// profile, drag a profile's centre, turn it with its heading knob (the
// half-plane rule is applied as you drag), and edit the road's lanes. Every
// lane area, marking, construction point and the Bézier comparison comes from
// the wasm API; the page only draws (arcs with canvas arc()).
import type { Api, Diagram, DiagramOptions } from "../shell/diagram.js";
import { View, cssVar } from "../shell/view.js";
import { Bounds, overlaps } from "../shell/box.js";
import type { Box } from "../shell/box.js";
import { Handles } from "../shell/handles.js";
import type { Handle } from "../shell/handles.js";
import { dot, label, strokeLine } from "../shell/draw.js";
import { LANE_FILL, fillPath, strokeMarkings, strokeWorld } from "../shell/road-draw.js";
import { button, checkbox, controlBar, select, slider, textLine } from "../shell/controls.js";
import { Figure } from "../shell/figure.js";
import type { FigureNumber } from "../shell/figure.js";
import { ROAD_PRESETS, ROAD_STEPS, drawBezierBend, isRoadStep, pieceNumber, roadNumbers } from "./road-figures.js";
import type { RoadStep } from "./road-figures.js";
import { Emitter } from "../shell/emitter.js";
import { downloadText } from "../shell/download.js";
import { asRecord, clamp, errorMessage, readPose, wrapAngle } from "../shell/types.js";
import type { Path, Point, Pose } from "../shell/types.js";
import type { BezierOffsets, CurvaturePoint, Lane, LaneKind, Profile, RoadConstruction, RoadMarkings, RoadPiece } from "../../pkg/arcline.js";
import type { RoadState } from "../../package/arcline-demo.js";
import { CurvaturePlot } from "../shell/curvature-plot.js";

const KINDS = ["driving", "bike", "sidewalk", "median", "shoulder", "parking"] as const satisfies readonly LaneKind[];


const LIMIT = 2000;
/** Profiles a reader can add by clicking; a restored scene may hold more (up to MAX_SCENE_PROFILES). */
const MAX_PROFILES = 12;
const MAX_SCENE_PROFILES = 2001;
const MAX_LANES = 10;
const DEFAULT_LANES: Lane[] = [
  { kind: "sidewalk", width: 2 },
  { kind: "driving", width: 3.5, direction: "backward" },
  { kind: "driving", width: 3.5 },
  { kind: "sidewalk", width: 2 },
];
const DEFAULTS: RoadState = {
  profiles: [
    { x: -40, y: -15, heading: 0 },
    { x: 0, y: 5, heading: Math.PI / 2 },
    { x: 30, y: 20, heading: 0 },
  ],
  lanes: DEFAULT_LANES,
  construction: false,
  bezier: false,
  step: "road",
  transition: 0,
};

/** The transition slider's range. */
const TRANSITION_MAX = 30;

interface PieceResult {
  /** Where the piece can be drawn (null when it was not built). */
  box: Box | null;
  surface: RoadMarkings | null;
  error: string | null;
  construction: RoadConstruction | null;
  bezier: BezierOffsets | null;
  /** In the "why circles jerk" figure, the same piece without transition curves. */
  plain: RoadPiece | null;
}

function readLanes(v: unknown, fallback: Lane[]): Lane[] {
  if (!Array.isArray(v) || v.length === 0) return fallback;
  const out: Lane[] = [];
  for (const item of v.slice(0, MAX_LANES)) {
    const o = asRecord(item);
    const kind = KINDS.find((k) => k === o["kind"]) ?? "driving";
    const lane: Lane = { kind, width: clamp(o["width"], 0.3, 8, 3) };
    if (o["direction"] === "backward") lane.direction = "backward";
    out.push(lane);
  }
  return out;
}

/**
 * Lanes from an attribute such as `sidewalk:2,driving:3.5:backward,driving:3.5,sidewalk:2`
 * (kind, width, optional direction); anything malformed gives the default lanes.
 */
function lanesFromAttribute(text: string | undefined, fallback: Lane[]): Lane[] {
  if (!text) return fallback;
  const items = text.split(",").map((part) => {
    const [kind, width, direction] = part.trim().split(":");
    return { kind, width: Number(width), direction };
  });
  if (items.some((l) => !KINDS.some((k) => k === l.kind) || !Number.isFinite(l.width))) return fallback;
  return readLanes(items, fallback);
}

export function mount(root: HTMLElement, api: Api, options: DiagramOptions = {}): Diagram {
  root.classList.add("diagram");
  const state: RoadState = structuredClone(DEFAULTS);
  state.construction = options["construction"] === "true" || options["construction"] === "1";
  state.bezier = options["bezier"] === "true" || options["bezier"] === "1";
  state.lanes = lanesFromAttribute(options["lanes"], state.lanes);
  state.transition = clamp(Number(options["transition"] ?? 0), 0, TRANSITION_MAX, DEFAULTS.transition);
  const changes = new Emitter();
  let pieces: PieceResult[] = [];
  let edges: Point[][] = [];

  const view = new View(root, { center: { x: -5, y: 3 }, span: 70, label: "A road through profiles, built from lines and arcs" });
  const handles = new Handles(view);
  const figure = new Figure(root, view, ROAD_STEPS, state.step, (id) => {
    if (!isRoadStep(id)) return;
    update(() => setStep(id));
    rebuildHandles();
  });
  /** The reader's road, kept while a construction's pair of profiles is shown. */
  let savedRoad: Pick<RoadState, "profiles" | "construction" | "bezier" | "transition"> | null = null;
  const bar = controlBar(root);
  const constructionBox = checkbox(bar, "construction", state.construction, (v) => update(() => (state.construction = v)));
  const bezierBox = checkbox(bar, "Bézier offsets", state.bezier, (v) => update(() => (state.bezier = v)));
  const transitionSlider = slider(bar, {
    label: "transition curves (clothoid length)",
    min: 0,
    max: TRANSITION_MAX,
    step: 0.5,
    value: state.transition,
    format: (v) => (v === 0 ? "none" : v.toFixed(1)),
    onInput: (v) => update(() => (state.transition = v)),
  });
  button(bar, "remove last profile", () => {
    if (state.profiles.length <= 2) return;
    update(() => state.profiles.pop());
    rebuildHandles();
  });
  button(bar, "download OpenDRIVE (.xodr)", () => downloadText("road.xodr", openDrive(), "application/xml"));
  const laneBox = document.createElement("div");
  laneBox.className = "controls lanes";
  root.append(laneBox);
  const status = textLine(root, "status");
  const readout = textLine(root, "readout");
  const plot = new CurvaturePlot(root, "Curvature along the road's centre line");

  const profileOf = (p: Pose): Profile => ({ x: p.x, y: p.y, heading: p.heading, lanes: state.lanes });

  /** Shows a figure: a construction's own pair of profiles and overlay, or back to the reader's road. */
  function setStep(step: RoadStep): void {
    if (step === state.step) return;
    if (state.step === "road")
      savedRoad = structuredClone({ profiles: state.profiles, construction: state.construction, bezier: state.bezier, transition: state.transition });
    const scene = step === "road" ? (savedRoad ?? { profiles: DEFAULTS.profiles, construction: false, bezier: false, transition: DEFAULTS.transition }) : ROAD_PRESETS[step];
    state.step = step;
    state.profiles = structuredClone(scene.profiles).map((p, i) => constrained(i, p));
    state.construction = scene.construction;
    state.bezier = scene.bezier;
    // A figure that is about transitions starts with some; the others keep the reader's.
    if (scene.transition !== undefined) {
      state.transition = scene.transition;
      transitionSlider.set(state.transition);
    }
    constructionBox.checked = state.construction;
    bezierBox.checked = state.bezier;
    figure.select(step);
  }

  /** The road as OpenDRIVE: a network of the profiles, each joined to the next (pieces that cannot be built are left out). */
  function openDrive(): string {
    const net = new api.RoadNetwork();
    try {
      const ids = state.profiles.map((p) => net.addProfile(profileOf(p)));
      for (let i = 0; i + 1 < ids.length; i++) net.connect(ids[i] ?? 0, ids[i + 1] ?? 0, { transition: state.transition });
      return net.toOpenDrive();
    } finally {
      net.free();
    }
  }

  /** The half-plane rule against the previous profile (the core decides). */
  function constrained(i: number, p: Pose): Pose {
    const prev = state.profiles[i - 1];
    if (i === 0 || !prev) return p;
    try {
      const out = api.constrainProfile(profileOf(prev), profileOf(p));
      return { x: out.x, y: out.y, heading: out.heading };
    } catch {
      return p;
    }
  }

  function setProfile(i: number, p: Pose): void {
    update(() => {
      const clampedPose = readPose(p, state.profiles[i] ?? p, LIMIT);
      state.profiles[i] = constrained(i, clampedPose);
      // The next profile's rule depends on this one.
      const next = state.profiles[i + 1];
      if (next) state.profiles[i + 1] = constrained(i + 1, next);
    });
  }

  let profileHandles: Handle[] = [];
  function rebuildHandles(): void {
    for (const h of profileHandles) handles.remove(h);
    profileHandles = [];
    state.profiles.forEach((_, i) => {
      profileHandles.push(
        handles.add({
          kind: "heading",
          label: `profile ${i} heading`,
          pose: () => state.profiles[i] ?? { x: 0, y: 0, heading: 0 },
          setHeading: (h) => {
            const p = state.profiles[i];
            if (p) setProfile(i, { ...p, heading: wrapAngle(h) });
          },
          ringPx: 30,
        }),
      );
      profileHandles.push(
        handles.add({
          kind: "point",
          label: `profile ${i} centre`,
          get: () => state.profiles[i] ?? { x: 0, y: 0 },
          set: (q) => {
            const p = state.profiles[i];
            if (p) setProfile(i, { x: q.x, y: q.y, heading: p.heading });
          },
        }),
      );
    });
  }

  view.onClick = (p) => {
    if (state.profiles.length >= MAX_PROFILES) {
      status.textContent = `At most ${MAX_PROFILES} profiles.`;
      return;
    }
    const last = state.profiles[state.profiles.length - 1];
    const i = state.profiles.length;
    update(() => {
      const heading = last?.heading ?? 0;
      state.profiles.push(constrained(i, readPose({ ...p, heading }, { ...p, heading }, LIMIT)));
    });
    rebuildHandles();
  };

  // Pieces and edges are memoised by position and inputs: moving one profile
  // rebuilds only the pieces it touches, and the rest are reused as they are
  // after a comparison of numbers (no keys built for the 1,000 pieces of a long road).
  type Built<T> = { a: Pose; b: Pose | null; inputs: string; value: T };
  let builtPieces: Built<PieceResult>[] = [];
  let builtEdges: Built<Point[]>[] = [];
  const samePose = (p: Pose, q: Pose | null | undefined): boolean => !!q && p.x === q.x && p.y === q.y && p.heading === q.heading;
  /** Whether `memo` was built from these inputs. */
  const builtFrom = <T>(memo: Built<T> | undefined, a: Pose, b: Pose | null, inputs: string): memo is Built<T> =>
    !!memo && memo.inputs === inputs && samePose(a, memo.a) && (b === null ? memo.b === null : samePose(b, memo.b));

  function buildPiece(pa: Pose, pb: Pose): PieceResult {
    const a = profileOf(pa);
    const b = profileOf(pb);
    const r: PieceResult = { box: null, surface: null, error: null, construction: null, bezier: null, plain: null };
    try {
      r.surface = api.roadMarkings(a, b, { transition: state.transition });
      r.box = new Bounds().paths(r.surface.lanes.map((l) => l.outline)).paths(r.surface.piece.boundaries).box();
    } catch (e) {
      r.error = errorMessage(e).replace(/^b: /, "");
    }
    if (state.construction) {
      try {
        r.construction = api.roadConstruction(a, b);
      } catch {
        r.construction = null;
      }
    }
    if (state.bezier) {
      try {
        r.bezier = api.bezierOffsets(a, b);
      } catch {
        r.bezier = null;
      }
    }
    if (state.step === "jerk" && state.transition > 0) {
      try {
        r.plain = api.connectProfiles(a, b);
      } catch {
        r.plain = null;
      }
    }
    return r;
  }

  function compute(): void {
    const lanesKey = JSON.stringify(state.lanes);
    const pieceInputs = `${lanesKey}|${state.construction ? 1 : 0}${state.bezier ? 1 : 0}|${state.transition}|${state.step === "jerk" ? 1 : 0}`;
    builtEdges = state.profiles.map((p, i) => {
      const memo = builtEdges[i];
      if (builtFrom(memo, p, null, lanesKey)) return memo;
      let e: Point[];
      try {
        e = api.profileEdges(profileOf(p));
      } catch {
        e = [];
      }
      return { a: { ...p }, b: null, inputs: lanesKey, value: e };
    });
    edges = builtEdges.map((m) => m.value);
    const next: Built<PieceResult>[] = [];
    for (let i = 0; i + 1 < state.profiles.length; i++) {
      const pa = state.profiles[i] as Pose;
      const pb = state.profiles[i + 1] as Pose;
      const memo = builtPieces[i];
      next.push(builtFrom(memo, pa, pb, pieceInputs) ? memo : { a: { ...pa }, b: { ...pb }, inputs: pieceInputs, value: buildPiece(pa, pb) });
    }
    builtPieces = next;
    pieces = next.map((m) => m.value);
  }

  function update(change: () => void): void {
    change();
    compute();
    render();
    changes.emit();
  }

  // Each piece's figure row and readout text, kept with the piece they were
  // written for (a drag rewrites the two pieces it rebuilt, not all of them).
  const rowOf = new WeakMap<PieceResult, { i: number; number: FigureNumber; line: string }>();
  function pieceRow(p: PieceResult, i: number): { number: FigureNumber; line: string } {
    const kept = rowOf.get(p);
    if (kept && kept.i === i) return kept;
    const s = p.surface?.piece ?? null;
    const row = { i, number: pieceNumber(i, s), line: `${i}→${i + 1}: ${s ? `${s.kind} (${s.centerline.word}, ${s.centerline.length.toFixed(1)})` : "—"}` };
    rowOf.set(p, row);
    return row;
  }

  function render(): void {
    view.requestDraw();
    const problems = pieces
      .map((p, i) => (p.error ? `profile ${i} → ${i + 1}: ${p.error}.` : ""))
      .filter(Boolean);
    const pinched = pieces.map((p, i) => (p.bezier?.pinched ? i : -1)).filter((i) => i >= 0);
    const notes: string[] = [];
    if (problems.length) notes.push(`Cannot build: ${problems.join(" ")}`);
    if (state.bezier && pinched.length)
      notes.push(`The Bézier offsets pinch (an edge passes its centre of curvature) on piece${pinched.length > 1 ? "s" : ""} ${pinched.join(", ")}.`);
    status.textContent = notes.join(" ");
    const rows = pieces.map(pieceRow);
    if (state.step === "road") figure.show(rows.map((r) => r.number));
    else {
      const shown = pieces.map((p) => ({ piece: p.surface?.piece ?? null, construction: p.construction, bezier: p.bezier, plain: p.plain ?? (state.transition === 0 ? (p.surface?.piece ?? null) : null) }));
      figure.show(roadNumbers(state.step, { pieces: shown }));
    }
    readout.textContent = rows.map((r) => r.line).join("   ");
    // The centre lines one after another: steps where arcs meet lines, ramps along clothoids.
    plot.show(alongRoad(pieces.map((p) => p.surface?.piece.centerline ?? null)), 0, alongRoad(pieces.map((p) => p.plain?.centerline ?? null)));
  }

  // Each piece's curvature profile, kept with the centre line it was read
  // from (a drag asks the core for the two pieces it rebuilt, not all).
  const curvatureOf = new WeakMap<Path, CurvaturePoint[]>();
  /** The profiles of these centre lines one after another, each shifted by the lengths before it (the pieces that could not be built left out). */
  function alongRoad(lines: (Path | null)[]): CurvaturePoint[] {
    const out: CurvaturePoint[] = [];
    let at = 0;
    for (const line of lines) {
      if (!line) continue;
      let own = curvatureOf.get(line);
      if (!own) {
        own = api.curvatureProfile(line);
        curvatureOf.set(line, own);
      }
      for (const p of own) out.push({ distance: at + p.distance, curvature: p.curvature });
      at += line.length;
    }
    return out;
  }

  function renderLaneEditor(): void {
    laneBox.replaceChildren();
    const title = document.createElement("span");
    title.textContent = "lanes, left to right:";
    laneBox.append(title);
    state.lanes.forEach((lane, i) => {
      const row = document.createElement("span");
      row.className = "lane";
      row.dataset["lane"] = String(i);
      select(
        row,
        `lane ${i}`,
        KINDS.map((k) => ({ value: k, text: k })),
        lane.kind,
        (v) => update(() => (state.lanes = state.lanes.map((l, j) => (j === i ? { ...l, kind: v } : l)))),
      );
      select(
        row,
        "way",
        [
          { value: "forward", text: "→ forward" },
          { value: "backward", text: "← backward" },
        ] as const,
        lane.direction ?? "forward",
        (v) =>
          update(() => {
            state.lanes = state.lanes.map((l, j) => {
              if (j !== i) return l;
              const out: Lane = { kind: l.kind, width: l.width };
              if (v === "backward") out.direction = "backward";
              return out;
            });
          }),
      );
      slider(row, {
        label: "width",
        min: 0.5,
        max: 6,
        step: 0.1,
        value: lane.width,
        format: (v) => v.toFixed(1),
        onInput: (v) => update(() => (state.lanes = state.lanes.map((l, j) => (j === i ? { ...l, width: v } : l)))),
      });
      button(row, "remove", () => {
        if (state.lanes.length <= 1) return;
        update(() => (state.lanes = state.lanes.filter((_, j) => j !== i)));
        renderLaneEditor();
      });
      laneBox.append(row);
    });
    button(laneBox, "add lane", () => {
      if (state.lanes.length >= MAX_LANES) return;
      update(() => (state.lanes = [...state.lanes, { kind: "driving", width: 3 }]));
      renderLaneEditor();
    });
  }

  function polyline(ctx: CanvasRenderingContext2D, pts: Point[], color: string, widthPx: number, dashPx: number[] = []): void {
    const first = pts[0];
    if (!first) return;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = view.px(widthPx);
    ctx.setLineDash(dashPx.map((d) => view.px(d)));
    ctx.beginPath();
    ctx.moveTo(first.x, first.y);
    for (const p of pts) ctx.lineTo(p.x, p.y);
    ctx.stroke();
    ctx.restore();
  }

  function drawConstruction(ctx: CanvasRenderingContext2D, c: RoadConstruction): void {
    const ink = cssVar(view.stage, "--accent-2", "#d2481c");
    const muted = cssVar(view.stage, "--muted", "#6b6b70");
    for (const l of c.continuation) strokeLine(ctx, view, l.start, l.end, { color: muted, widthPx: 1, dashPx: [6, 4] });
    for (const f of c.fillets) {
      label(ctx, view, "A", f.a, { color: ink, font: "600 13px system-ui, sans-serif" });
      label(ctx, view, "B", f.b, { color: ink, font: "600 13px system-ui, sans-serif" });
      strokeLine(ctx, view, f.a, f.c, { color: ink, widthPx: 1, dashPx: [5, 4], alpha: 0.8 });
      strokeLine(ctx, view, f.b, f.c, { color: ink, widthPx: 1, dashPx: [5, 4], alpha: 0.8 });
      strokeLine(ctx, view, f.o, f.m, { color: ink, widthPx: 1, alpha: 0.8 });
      const tangentAtA = f.kind === "arc-line" ? f.a : f.b;
      strokeLine(ctx, view, f.o, tangentAtA, { color: ink, widthPx: 1, alpha: 0.8 });
      dot(ctx, view, f.c, ink);
      label(ctx, view, "C", f.c, { color: ink });
      dot(ctx, view, f.m, ink);
      label(ctx, view, "M", f.m, { color: ink });
      dot(ctx, view, f.o, ink);
      label(ctx, view, `O (r ${f.radius.toFixed(1)})`, f.o, { color: ink });
    }
    if (c.semicircle) {
      dot(ctx, view, c.semicircle.center, ink);
      label(ctx, view, `O (r ${c.semicircle.radius.toFixed(1)})`, c.semicircle.center, { color: ink });
    }
    if (c.hermite.length) polyline(ctx, c.hermite, "#7b3fb5", 1.5, [2, 3]);
    if (c.intermediate) {
      let e: Point[] = [];
      try {
        e = api.profileEdges(c.intermediate);
      } catch {
        e = [];
      }
      const first = e[0];
      const last = e[e.length - 1];
      if (first && last) strokeLine(ctx, view, first, last, { color: "#7b3fb5", widthPx: 3 });
      dot(ctx, view, c.intermediate, "#7b3fb5", 4);
      label(ctx, view, "intermediate (Hermite t = 0.5)", c.intermediate, { color: "#7b3fb5" });
    }
  }

  view.onDraw = (ctx) => {
    const danger = "#c0392b";
    // Only what can be seen is drawn: a long road is mostly off screen.
    const seen = view.bounds();
    const visible = pieces.filter((p) => p.surface && p.box && overlaps(p.box, seen));
    for (const p of visible) {
      if (!p.surface) continue;
      for (const l of p.surface.lanes) fillPath(ctx, l.outline, LANE_FILL[l.kind] ?? "#777");
    }
    for (const p of visible) if (p.surface) strokeMarkings(ctx, p.surface.markings);
    if (state.bezier) {
      for (const p of pieces) {
        if (!p.bezier) continue;
        const color = p.bezier.pinched ? danger : "#e67e22";
        for (const e of p.bezier.edges) polyline(ctx, e, color, 1.5);
        drawBezierBend(ctx, view, p.bezier, color);
      }
    }
    if (state.construction) for (const p of pieces) if (p.construction) drawConstruction(ctx, p.construction);
    // The arc alone, over the road with transitions, where the two part.
    for (const p of pieces) if (p.plain) strokeWorld(ctx, p.plain.centerline, cssVar(view.stage, "--warn", danger), view.px(2.5), [view.px(7), view.px(5)]);
    // The profiles: their cross-section lines (edge points from the core).
    const near = (q: Point): boolean => q.x >= seen.minX - 10 && q.x <= seen.maxX + 10 && q.y >= seen.minY - 10 && q.y <= seen.maxY + 10;
    edges.forEach((e, i) => {
      const first = e[0];
      const last = e[e.length - 1];
      const centre = state.profiles[i];
      if (!centre || !near(centre)) return;
      const bad = pieces[i - 1]?.error || pieces[i]?.error;
      if (first && last) strokeLine(ctx, view, first, last, { color: bad ? danger : "#1f9d55", widthPx: 3 });
      const p = state.profiles[i];
      if (p) label(ctx, view, `${i}`, p, { color: "#1f9d55", dxPx: -16, dyPx: 12 });
    });
    handles.draw(ctx);
  };

  // Framed: every profile, its cross-section, every piece (and the construction's corner points when shown).
  view.subject = () => {
    const b = new Bounds().points(state.profiles);
    for (const e of edges) b.points(e);
    for (const p of pieces) {
      b.add(p.box);
      if (state.construction) b.points(p.construction?.fillets.map((f) => f.c));
    }
    return b.box();
  };

  const firstStep = options["step"];
  if (isRoadStep(firstStep)) setStep(firstStep);
  compute();
  rebuildHandles();
  renderLaneEditor();
  render();

  return {
    kind: "road",
    getState: () => structuredClone(state),
    readout: () => ({
      pieces: pieces.map((p) => ({
        kind: p.surface?.piece.kind ?? null,
        word: p.surface?.piece.centerline.word ?? null,
        boundaries: p.surface?.piece.boundaries.length ?? 0,
        markings: p.surface?.markings.map((m) => m.style) ?? [],
        error: p.error,
        construction: p.construction
          ? {
              fillets: p.construction.fillets.map((f) => ({ c: f.c, m: f.m, o: f.o, radius: f.radius })),
              intermediate: p.construction.intermediate ? { x: p.construction.intermediate.x, y: p.construction.intermediate.y, heading: p.construction.intermediate.heading } : null,
              hermite: p.construction.hermite.length,
            }
          : null,
        bezierPinched: p.bezier ? p.bezier.pinched : null,
      })),
    }),
    setState: (s: unknown) => {
      const o = asRecord(s);
      update(() => {
        if (Array.isArray(o["profiles"]) && o["profiles"].length >= 2) {
          const list = o["profiles"].slice(0, MAX_SCENE_PROFILES) as unknown[];
          state.profiles = list.map((p, i) => readPose(p, state.profiles[i] ?? { x: 0, y: 0, heading: 0 }, LIMIT));
        }
        state.lanes = readLanes(o["lanes"], state.lanes);
        // The half-plane rule holds for restored scenes too.
        for (let i = 1; i < state.profiles.length; i++) {
          const p = state.profiles[i];
          if (p) state.profiles[i] = constrained(i, p);
        }
        if (typeof o["construction"] === "boolean") state.construction = o["construction"];
        if (typeof o["bezier"] === "boolean") state.bezier = o["bezier"];
        state.transition = clamp(o["transition"], 0, TRANSITION_MAX, state.transition);
        transitionSlider.set(state.transition);
        // A figure given without profiles starts from its own pair.
        const step = o["step"];
        if (isRoadStep(step)) {
          if (Array.isArray(o["profiles"])) {
            state.step = step;
            figure.select(step);
          } else setStep(step);
        }
        constructionBox.checked = state.construction;
        bezierBox.checked = state.bezier;
      });
      rebuildHandles();
      renderLaneEditor();
    },
    onChange: (l) => changes.on(l),
    figure: () => figure.readout(),
    onFigure: (l) => figure.onNumbers(l),
    destroy: () => {
      changes.clear();
      figure.clear();
      handles.destroy();
      view.destroy();
      root.replaceChildren();
    },
  };
}
