// A junction of 3 to 6 roads, made only of lines and arcs. Drag an arm's
// mouth around the centre and turn it by its knob: the kerbs, the outline
// and every lane-centre path follow, and the arm stops where the junction
// would no longer build (the core's constrainArm); lanes that would leave
// no junction are refused the same way. Each arm is a straight
// road ending at the junction's mouth; the whole scene is a RoadNetwork
// (profiles, pieces, one junction), so a drag rebuilds only the moved arm's
// road and the junction, and "download OpenDRIVE" saves it as a .xodr file.
// The page draws what the core returns; it computes no geometry.
import type { Api, Diagram, DiagramOptions } from "../shell/diagram.js";
import { View } from "../shell/view.js";
import { Bounds } from "../shell/box.js";
import { Handles } from "../shell/handles.js";
import type { Handle } from "../shell/handles.js";
import { dot, label } from "../shell/draw.js";
import { button, checkbox, controlBar, select, textLine } from "../shell/controls.js";
import { Emitter } from "../shell/emitter.js";
import { asRecord, clamp, errorMessage, readPose, wrapAngle } from "../shell/types.js";
import type { Pose } from "../shell/types.js";
import { KERB, LANE_FILL, fillPath, strokeMarkings, strokeWorld } from "../shell/road-draw.js";
import { downloadText } from "../shell/download.js";
import type { Connection, Junction, Lane, MovementKind, Point, Profile, RoadMarkings, RoadNetwork, Segment } from "../../pkg/arcline.js";
import type { JunctionState } from "../../package/arcline-demo.js";

const PRESETS = ["2 lanes", "4 lanes", "6 lanes, median", "bike lanes", "one way in", "one way out"] as const;
type Preset = (typeof PRESETS)[number];

interface Arm extends Pose {
  preset: Preset;
}


const walk: Lane = { kind: "sidewalk", width: 2 };
const fwd: Lane = { kind: "driving", width: 3.5 };
const back: Lane = { kind: "driving", width: 3.5, direction: "backward" };
const LANES: Readonly<Record<Preset, Lane[]>> = {
  "2 lanes": [walk, back, fwd, walk],
  "4 lanes": [walk, back, back, fwd, fwd, walk],
  "6 lanes, median": [walk, ...Array<Lane>(3).fill({ ...back, width: 3.25 }), { kind: "median", width: 2 }, ...Array<Lane>(3).fill({ ...fwd, width: 3.25 }), walk],
  "bike lanes": [walk, { kind: "bike", width: 1.5, direction: "backward" }, back, fwd, { kind: "bike", width: 1.5 }, walk],
  "one way in": [walk, fwd, fwd, walk],
  "one way out": [walk, back, back, walk],
};

/** The length of each arm's road, from its far end to the junction's mouth. */
const APPROACH = 30;
const LIMIT = 500;
const MIN_ARMS = 3;
const MAX_ARMS = 6;

/** An arm coming from direction `out` (radians), its mouth `d` from the centre, heading in. */
const armAt = (out: number, d: number, preset: Preset): Arm => ({ x: d * Math.cos(out), y: d * Math.sin(out), heading: wrapAngle(out + Math.PI), preset });

/** Starting layouts: arms evenly round the centre, far enough out for their turns. */
function layout(n: number): Arm[] {
  const presets: Record<number, Preset[]> = {
    3: ["4 lanes", "2 lanes", "4 lanes"],
    4: ["4 lanes", "2 lanes", "4 lanes", "bike lanes"],
    5: ["2 lanes", "2 lanes", "4 lanes", "2 lanes", "bike lanes"],
    6: ["2 lanes", "2 lanes", "2 lanes", "2 lanes", "2 lanes", "2 lanes"],
  };
  const distance: Record<number, number> = { 3: 18, 4: 20, 5: 26, 6: 30 };
  const list = presets[n] ?? presets[4] ?? [];
  return list.map((p, k) => armAt((k * 2 * Math.PI) / list.length, distance[n] ?? 20, p));
}

/** Where a segment starts and ends (an arc's ends from its centre, radius and angles), for drawing and the state. */
function ends(seg: Segment): [Point, Point] {
  if (seg.kind === "line") return [seg.start, seg.end];
  if (seg.kind === "clothoid") return [seg.start, seg.end];
  const at = (t: number): Point => ({ x: seg.center.x + seg.radius * Math.cos(t), y: seg.center.y + seg.radius * Math.sin(t) });
  return [at(seg.startAngle), at(seg.startAngle + seg.sweep)];
}

const KIND_COLOR: Readonly<Record<MovementKind, string>> = { right: "#1f6fd1", straight: "#1a8f3c", left: "#d2481c", "u-turn": "#7b3fb5" };

/**
 * Labels in filled boxes, each at the first of its candidate points where it
 * overlaps no other label (the view's placement pass, labels.ts).
 */
class Labels {
  constructor(
    private readonly ctx: CanvasRenderingContext2D,
    private readonly view: View,
  ) {}

  add(text: string, candidates: readonly Point[], background: string, color: string, font: string): void {
    const first = candidates[0];
    if (first) label(this.ctx, this.view, text, first, { candidates: [...candidates], background, color, font });
  }
}

/** Points along an arc at fractions of its sweep, the middle first (where a radius label may go). */
function alongArc(a: Extract<Segment, { kind: "arc" }>): Point[] {
  return [0.5, 0.35, 0.65, 0.2, 0.8, 0.1, 0.9].map((t) => {
    const angle = a.startAngle + t * a.sweep;
    return { x: a.center.x + a.radius * Math.cos(angle), y: a.center.y + a.radius * Math.sin(angle) };
  });
}

/** The tightest arc of a path (the one its radius label names), if it has one. */
function tightestArc(c: Connection): Extract<Segment, { kind: "arc" }> | null {
  let best: Extract<Segment, { kind: "arc" }> | null = null;
  for (const s of c.path.segments) if (s.kind === "arc" && (!best || s.radius < best.radius)) best = s;
  return best;
}

function readArm(v: unknown, fallback: Arm): Arm {
  const o = asRecord(v);
  const pose = readPose(o, fallback, LIMIT);
  const preset = PRESETS.find((p) => p === o["preset"]) ?? fallback.preset;
  return { x: pose.x, y: pose.y, heading: wrapAngle(pose.heading), preset };
}

export function mount(root: HTMLElement, api: Api, options: DiagramOptions = {}): Diagram {
  root.classList.add("diagram");
  const count = Math.round(clamp(Number(options["arms"] ?? 4), MIN_ARMS, MAX_ARMS, 4));
  const state: JunctionState = { arms: layout(count), allPaths: options["paths"] === "true" || options["paths"] === "1", selected: 0 };
  const changes = new Emitter();

  // The model: for arm i, profiles mouth[i] and start[i] joined by road
  // piece[i], and one junction of the mouths.
  let net: RoadNetwork = new api.RoadNetwork();
  let mouths: number[] = [];
  let starts: number[] = [];
  let pieces: number[] = [];
  let junctionId = -1;
  let junction: Junction | null = null;
  let error: string | null = null;
  let note = "";
  let surfaces: (RoadMarkings | null)[] = [];

  const view = new View(root, { center: { x: 0, y: 0 }, span: 80, label: "A junction of roads built from lines and arcs" });
  const handles = new Handles(view);
  const bar = controlBar(root);
  const armsSelect = select(
    bar,
    "arms",
    [3, 4, 5, 6].map((n) => ({ value: String(n) as "3" | "4" | "5" | "6", text: String(n) })),
    String(state.arms.length) as "3" | "4" | "5" | "6",
    (v) => {
      update(() => {
        state.arms = layout(Number(v));
        state.selected = 0;
        rebuildNetwork();
      });
      rebuildControls();
    },
  );
  const pathsBox = checkbox(bar, "every turn path with its radius", state.allPaths, (v) => update(() => (state.allPaths = v)));
  button(bar, "download OpenDRIVE (.xodr)", () => downloadText("junction.xodr", net.toOpenDrive(), "application/xml"));
  const armBox = document.createElement("div");
  armBox.className = "controls arms";
  root.append(armBox);
  const status = textLine(root, "status");
  const readout = textLine(root, "readout");

  const profileOf = (a: Arm): Profile => ({ x: a.x, y: a.y, heading: a.heading, lanes: LANES[a.preset] });
  const startOf = (a: Arm): Profile => api.advanceProfile(profileOf(a), -APPROACH);

  /** A fresh network for the current arms. */
  function rebuildNetwork(): void {
    net.free();
    net = new api.RoadNetwork();
    mouths = state.arms.map((a) => net.addProfile(profileOf(a)));
    starts = state.arms.map((a) => net.addProfile(startOf(a)));
    pieces = starts.map((s, i) => net.connect(s, mouths[i] ?? 0));
    junctionId = net.addJunction(mouths);
    surfaces = pieces.map(markingsOf);
    readJunction();
  }

  function markingsOf(piece: number): RoadMarkings | null {
    try {
      return net.markings(piece);
    } catch {
      return null;
    }
  }

  function readJunction(): void {
    try {
      junction = net.junction(junctionId);
      error = null;
    } catch (e) {
      junction = null;
      error = errorMessage(e).replace(/^id: junction \d+ has no layout \((.*)\)$/, "$1");
    }
  }

  /** Moves arm `i` to `pose`, or as near as the junction allows (the core decides). */
  function setArm(i: number, pose: Pose): void {
    const arm = state.arms[i];
    if (!arm) return;
    update(() => {
      const wanted = readArm({ ...pose, preset: arm.preset }, arm);
      let placed: Profile;
      try {
        placed = api.constrainArm(state.arms.map(profileOf), i, profileOf(wanted));
      } catch (e) {
        note = `Arm ${i} cannot go there: ${errorMessage(e)}.`;
        return;
      }
      note = placed.x === wanted.x && placed.y === wanted.y && placed.heading === wanted.heading ? "" : `Arm ${i} stops here. Beyond: ${reasonAt(i, wanted) ?? "the junction could not be built"}.`;
      const moved: Arm = { x: placed.x, y: placed.y, heading: placed.heading, preset: arm.preset };
      state.arms[i] = moved;
      state.selected = i;
      net.setProfile(mouths[i] ?? 0, profileOf(moved));
      net.setProfile(starts[i] ?? 0, startOf(moved));
      surfaces[i] = markingsOf(pieces[i] ?? 0);
      readJunction();
    });
  }

  /** Why the junction cannot be built with arm `i` as `wanted`, in words; null when it can. */
  function reasonAt(i: number, wanted: Arm): string | null {
    try {
      api.connectJunction(state.arms.map((a, k) => profileOf(k === i ? wanted : a)));
      return null;
    } catch (e) {
      return errorMessage(e);
    }
  }

  let armHandles: Handle[] = [];
  function rebuildControls(): void {
    for (const h of armHandles) handles.remove(h);
    armHandles = [];
    armBox.replaceChildren();
    state.arms.forEach((_, i) => {
      // The knob sits outwards along the arm's road (heading + π), clear of the junction.
      armHandles.push(
        handles.add({
          kind: "heading",
          label: `arm ${i} heading`,
          pose: () => {
            const a = state.arms[i] ?? { x: 0, y: 0, heading: 0 };
            return { x: a.x, y: a.y, heading: a.heading + Math.PI };
          },
          setHeading: (h) => {
            const a = state.arms[i];
            if (a) setArm(i, { x: a.x, y: a.y, heading: wrapAngle(h - Math.PI) });
          },
          ringPx: 36,
        }),
      );
      armHandles.push(
        handles.add({
          kind: "point",
          label: `arm ${i} mouth`,
          get: () => state.arms[i] ?? { x: 0, y: 0 },
          set: (q) => {
            const a = state.arms[i];
            if (a) setArm(i, { x: q.x, y: q.y, heading: a.heading });
          },
        }),
      );
      const arm = state.arms[i];
      if (!arm) return;
      const row = document.createElement("span");
      row.dataset["arm"] = String(i);
      const lanesSelect = select(
        row,
        `arm ${i}`,
        PRESETS.map((p) => ({ value: p, text: p })),
        arm.preset,
        (v) =>
          update(() => {
            const a = state.arms[i];
            if (!a) return;
            // Lanes that would leave no junction are refused, as a drag is stopped.
            const wider: Arm = { ...a, preset: v };
            const why = reasonAt(i, wider);
            if (why !== null) {
              note = `Arm ${i} cannot have ${v} here: ${why}.`;
              lanesSelect.value = a.preset;
              return;
            }
            note = "";
            state.arms[i] = wider;
            rebuildNetwork();
          }),
      );
      armBox.append(row);
    });
    armsSelect.value = String(state.arms.length);
  }

  function update(change: () => void): void {
    change();
    render();
    changes.emit();
  }

  const arcsOf = (c: Connection) => c.path.segments.filter((s) => s.kind === "arc");
  const shownConnections = (): Connection[] => (junction ? junction.connections.filter((c) => state.allPaths || c.from === state.selected) : []);

  function render(): void {
    view.requestDraw();
    const notes = [error ? `Cannot build the junction: ${error}.` : "", note].filter(Boolean);
    status.textContent = notes.join(" ");
    // A stopped drag is information; a junction that cannot be built, a warning.
    status.classList.toggle("info", !error);
    if (!junction) {
      readout.textContent = "";
      return;
    }
    const count = (k: MovementKind) => junction?.connections.filter((c) => c.kind === k).length ?? 0;
    const radii = junction.connections.flatMap((c) => arcsOf(c).map((a) => a.radius));
    const tightest = radii.length ? Math.min(...radii).toFixed(2) : "—";
    readout.textContent = `${junction.arms.length} arms · ${junction.connections.length} paths (${count("right")} right, ${count("straight")} straight, ${count("left")} left) · tightest turn r ${tightest}`;
  }

  view.onDraw = (ctx) => {
    for (const s of surfaces) if (s) for (const l of s.lanes) fillPath(ctx, l.outline, LANE_FILL[l.kind]);
    if (junction) {
      fillPath(ctx, junction.boundary, LANE_FILL.sidewalk);
      fillPath(ctx, junction.carriageway, LANE_FILL.driving);
    }
    for (const s of surfaces) if (s) strokeMarkings(ctx, s.markings);
    if (junction) {
      for (const k of junction.kerbs) strokeWorld(ctx, k, KERB, 0.3);
      for (const c of shownConnections()) {
        strokeWorld(ctx, c.path, KIND_COLOR[c.kind], view.px(2), [view.px(7), view.px(4)]);
        const last = c.path.segments[c.path.segments.length - 1];
        if (last) dot(ctx, view, ends(last)[1], KIND_COLOR[c.kind], 3);
      }
    }
    handles.draw(ctx);
    // Each arm's name outwards along its road, past its heading knob; then,
    // with the toggle, each turn path's radius (its tightest arc) on that
    // arc, in the path's colour.
    const labels = new Labels(ctx, view);
    state.arms.forEach((a, i) => {
      const out = { x: Math.cos(a.heading + Math.PI), y: Math.sin(a.heading + Math.PI) };
      const at = (px: number): Point => ({ x: a.x + view.px(px) * out.x, y: a.y + view.px(px) * out.y });
      labels.add(`arm ${i}`, [at(62), at(80)], "rgba(255, 255, 255, 0.9)", "#1d1f23", "bold 12px system-ui, sans-serif");
    });
    if (junction && state.allPaths) {
      for (const c of shownConnections()) {
        const arc = tightestArc(c);
        if (arc) labels.add(`r ${arc.radius.toFixed(1)}`, alongArc(arc), KIND_COLOR[c.kind], "#ffffff", "bold 11px system-ui, sans-serif");
      }
    }
  };

  // Framed: the junction's outline and every arm's mouth with room for its knob and name.
  view.subject = () => new Bounds().points(state.arms, 6).path(junction?.boundary).box();

  rebuildNetwork();
  rebuildControls();
  render();

  return {
    kind: "junction",
    getState: () => structuredClone(state),
    readout: () => ({
        error,
        note,
        order: junction?.order ?? null,
        connections: (junction?.connections ?? []).map((c) => ({
          from: c.from,
          fromLane: c.fromLane,
          to: c.to,
          toLane: c.toLane,
          kind: c.kind,
          word: c.path.word,
          start: c.path.segments[0] ? ends(c.path.segments[0])[0] : null,
          radii: arcsOf(c).map((a) => a.radius),
        })),
        corners: junction?.corners.length ?? 0,
        shown: shownConnections().length,
        labels: state.allPaths ? shownConnections().filter((c) => tightestArc(c) !== null).length : 0,
    }),
    setState: (s: unknown) => {
      const o = asRecord(s);
      update(() => {
        const list = o["arms"];
        if (Array.isArray(list) && list.length >= MIN_ARMS && list.length <= MAX_ARMS) {
          const base = layout(list.length);
          state.arms = list.map((a, i) => readArm(a, base[i] ?? armAt(0, 20, "2 lanes")));
        }
        if (typeof o["allPaths"] === "boolean") state.allPaths = o["allPaths"];
        state.selected = Math.round(clamp(o["selected"], 0, state.arms.length - 1, 0));
        pathsBox.checked = state.allPaths;
        note = "";
        rebuildNetwork();
      });
      rebuildControls();
    },
    onChange: (l) => changes.on(l),
    destroy: () => {
      changes.clear();
      handles.destroy();
      view.destroy();
      net.free();
      root.replaceChildren();
    },
  };
}
