// The turning-radius planner (seed 000): drag the unit (position, and heading
// with its ring) and the target; the core gives both turn-then-go
// constructions (the circles' centres P, the exits Q, θ, h), the shorter path
// bold and the other faint. "Arrive with a heading" adds a goal heading and
// shows all six Dubins words; "reverse allowed" then draws the Reeds-Shepp
// path instead (backward segments dashed, the cusps marked), which the unit
// drives backing up where the core says so. Play / pause / the time scrubber
// move a unit along the chosen path (listing 2). The page only draws what the
// core returns.
import type { Api, Diagram, DiagramOptions } from "../shell/diagram.js";
import { View, cssVar } from "../shell/view.js";
import { Handles } from "../shell/handles.js";
import type { HeadingHandle } from "../shell/handles.js";
import { circle, dot, label, poseMarker, strokeLine, strokePath } from "../shell/draw.js";
import { button, checkbox, controlBar, slider, textLine } from "../shell/controls.js";
import { Emitter } from "../shell/emitter.js";
import { prefersReducedMotion } from "../shell/motion.js";
import { clamp, errorMessage, readPoint, readPose, wrapAngle } from "../shell/types.js";
import type { Path, Point, Pose } from "../shell/types.js";
import type { TurnSide, TurnSides } from "../../pkg/arcline.js";

interface PlannerState {
  unit: Pose;
  target: Point;
  radius: number;
  /** Arrive with a heading: the six Dubins words instead of turn-then-go. */
  arrive: boolean;
  goalHeading: number;
  /** With a heading: the unit may reverse (the Reeds-Shepp path). */
  reverse: boolean;
  /** Seconds along the chosen path (the scrubber). */
  time: number;
}

type Sides = TurnSides;
type Side = TurnSide;

/** Why a side cannot reach the target, in words. */
function reasonWords(s: Side): string {
  return s.unreachable === "targetAtStart" ? "target is the start itself" : "target inside this turning circle";
}

interface Candidate {
  path: Path;
  /** Where its word label goes: half-way along (from the core). */
  middle: Pose;
}

interface Computed {
  sides: Sides | null;
  candidates: Candidate[];
  chosen: Path | null;
  /** Reverse allowed: the forward-only (Dubins) path, drawn faint beside it. */
  forwardOnly: Path | null;
  /** Where the gear changes along the chosen path (from the core's poseAt). */
  cusps: Pose[];
  unitAt: Pose | null;
  error: string | null;
}

/** Units per second along the path. */
const SPEED = 4;
const LIMIT = 1000;
const DEFAULTS: PlannerState = {
  unit: { x: -4, y: 0.5, heading: 1.4 },
  target: { x: 5, y: -2.5 },
  radius: 3,
  arrive: false,
  goalHeading: 1.2,
  reverse: false,
  time: 0,
};

/** The path's segments with their gears: "L+ S− R+" (from the data, no geometry). */
function gearedWord(p: Path): string {
  return p.segments.map((s, i) => `${p.word[i] ?? "?"}${s.reverse ? "−" : "+"}`).join(" ");
}

/** The distances along `p` at which the gear changes (sums of the core's segment lengths). */
function cuspDistances(p: Path): number[] {
  const out: number[] = [];
  let at = 0;
  p.segments.forEach((s, i) => {
    const prev = p.segments[i - 1];
    if (prev && Boolean(prev.reverse) !== Boolean(s.reverse)) out.push(at);
    at += s.length;
  });
  return out;
}


export function mount(root: HTMLElement, api: Api, options: DiagramOptions = {}): Diagram {
  root.classList.add("diagram");
  const state: PlannerState = structuredClone(DEFAULTS);
  state.radius = clamp(Number(options["radius"]), 0.2, 10, DEFAULTS.radius);
  state.arrive = options["arrive"] === "1" || options["arrive"] === "true";
  state.reverse = options["reverse"] === "1" || options["reverse"] === "true";
  const changes = new Emitter();
  let playing = false;
  let frame = 0;
  let lastTick = 0;
  let computed: Computed = compute();

  const view = new View(root, { center: { x: 0, y: 0 }, span: 18, label: "Turn then go: a unit with a turning radius reaching a target" });
  const handles = new Handles(view);
  const bar = controlBar(root);
  const radiusSlider = slider(bar, {
    label: "turning radius",
    min: 0.2,
    max: 10,
    step: 0.1,
    value: state.radius,
    format: (v) => v.toFixed(1),
    onInput: (v) => update(() => (state.radius = v)),
  });
  const arriveBox = checkbox(bar, "arrive with a heading", state.arrive, (v) => update(() => setArrive(v)));
  const reverseBox = checkbox(bar, "reverse allowed", state.reverse, (v) => update(() => (state.reverse = v)));
  const playButton = button(bar, "Play", () => (playing ? pause() : play()));
  const timeSlider = slider(bar, {
    label: "time (s)",
    min: 0,
    // The input's own max follows the path's duration (set in render); this
    // bound only clamps.
    max: 1e6,
    step: 0.01,
    value: 0,
    format: (v) => v.toFixed(2),
    onInput: (v) => {
      pause();
      update(() => (state.time = v));
    },
  });
  const status = textLine(root, "status");
  const readout = textLine(root, "readout");

  const clampPoint = (p: Point): Point => readPoint(p, { x: 0, y: 0 }, LIMIT);
  handles.add({ kind: "point", label: "target", get: () => state.target, set: (p) => update(() => (state.target = clampPoint(p))), color: "#c2410c" });
  handles.add({
    kind: "heading",
    label: "unit heading",
    pose: () => state.unit,
    setHeading: (h) => update(() => (state.unit = { ...state.unit, heading: wrapAngle(h) })),
  });
  handles.add({
    kind: "point",
    label: "unit position",
    get: () => state.unit,
    set: (p) => update(() => (state.unit = { ...clampPoint(p), heading: state.unit.heading })),
  });
  const goalHandle: HeadingHandle = {
    kind: "heading",
    label: "goal heading",
    pose: () => ({ ...state.target, heading: state.goalHeading }),
    setHeading: (h) => update(() => (state.goalHeading = wrapAngle(h))),
    color: "#c2410c",
  };

  function setArrive(v: boolean): void {
    state.arrive = v;
    // Reversing is a choice of the arrive-with-heading mode.
    reverseBox.disabled = !v;
    if (v && !handles.has(goalHandle)) handles.add(goalHandle);
    if (!v && handles.has(goalHandle)) handles.remove(goalHandle);
  }
  setArrive(state.arrive);

  function duration(): number {
    return computed.chosen ? computed.chosen.length / SPEED : 0;
  }

  function compute(): Computed {
    const out: Computed = { sides: null, candidates: [], chosen: null, forwardOnly: null, cusps: [], unitAt: null, error: null };
    try {
      out.sides = api.planTurnSides(state.unit, state.target, state.radius);
      if (state.arrive && state.reverse) {
        const goal = { ...state.target, heading: state.goalHeading };
        out.chosen = api.planReedsShepp(state.unit, goal, state.radius);
        out.forwardOnly = api.planDubins(state.unit, goal, state.radius);
        const chosen = out.chosen;
        out.cusps = cuspDistances(chosen).map((d) => api.poseAt(chosen, d));
      } else if (state.arrive) {
        const goal = { ...state.target, heading: state.goalHeading };
        const paths = api.dubinsCandidates(state.unit, goal, state.radius);
        out.candidates = paths.map((path) => ({ path, middle: api.poseAt(path, path.length / 2) }));
        out.chosen = api.planDubins(state.unit, goal, state.radius);
      } else {
        const best = out.sides.best ? out.sides[out.sides.best] : null;
        out.chosen = best?.exit?.path ?? null;
      }
      if (out.chosen) {
        const end = out.chosen.length / SPEED;
        if (state.time > end) state.time = end;
        out.unitAt = api.poseAtTime(out.chosen, SPEED, state.time);
      } else {
        state.time = 0;
      }
    } catch (e) {
      out.error = errorMessage(e);
    }
    return out;
  }

  function update(change: () => void): void {
    change();
    computed = compute();
    render();
    changes.emit();
  }

  function tick(now: number): void {
    if (!playing) return;
    const dt = lastTick ? Math.min(0.1, (now - lastTick) / 1000) : 0;
    lastTick = now;
    const end = duration();
    const next = state.time + dt;
    update(() => (state.time = Math.min(end, next)));
    if (next >= end) {
      pause();
      return;
    }
    frame = requestAnimationFrame(tick);
  }

  function play(): void {
    if (!computed.chosen) return;
    if (state.time >= duration()) state.time = 0;
    playing = true;
    lastTick = 0;
    playButton.textContent = "Pause";
    frame = requestAnimationFrame(tick);
  }

  function pause(): void {
    playing = false;
    cancelAnimationFrame(frame);
    playButton.textContent = "Play";
  }

  const fmt = (v: number | null): string => (v === null ? "—" : v.toFixed(3));

  function sideWords(s: Side): string {
    return s.exit ? `${s.side} ${s.exit.path.word} ${fmt(s.exit.path.length)}` : `${s.side}: ${reasonWords(s)}`;
  }

  function render(): void {
    view.requestDraw();
    timeSlider.input.max = String(Math.max(duration(), 0.01));
    timeSlider.set(state.time);
    const { sides, chosen, error } = computed;
    if (error || !sides) {
      status.textContent = `No path: ${error ?? "unknown"}.`;
      readout.textContent = "";
      return;
    }
    const notes: string[] = [];
    if (!sides.best) notes.push("The target is the start itself: no turn-then-go path (the two turning circles touch only there).");
    for (const s of [sides.right, sides.left]) {
      if (!s.exit && sides.best) notes.push(`The ${s.side} turn cannot reach it: ${reasonWords(s)} (h < r).`);
    }
    status.textContent = notes.join(" ");
    const lines = [`turn then go — ${sideWords(sides.right)} · ${sideWords(sides.left)} · shorter: ${sides.best ?? "none"}`];
    if (state.arrive && state.reverse && chosen) {
      const cusps = computed.cusps.length;
      lines.push(
        `Reeds–Shepp (reverse allowed) — ${gearedWord(chosen)} · length ${fmt(chosen.length)} · ${cusps} ${cusps === 1 ? "cusp" : "cusps"} · forwards only (Dubins) ${fmt(computed.forwardOnly?.length ?? null)}`,
      );
    } else if (state.arrive) {
      const all = ["LSL", "LSR", "RSL", "RSR", "RLR", "LRL"].map((w) => {
        const c = computed.candidates.find((k) => k.path.word === w);
        return `${w} ${c ? c.path.length.toFixed(3) : "infeasible"}`;
      });
      lines.push(`Dubins — ${all.join(" · ")} · shortest: ${chosen?.word ?? "—"} ${fmt(chosen?.length ?? null)}`);
    }
    if (chosen) lines.push(`t = ${state.time.toFixed(2)} s of ${duration().toFixed(2)} s at ${SPEED} units/s`);
    readout.textContent = lines.join("\n");
  }

  view.onDraw = (ctx) => {
    const accent = cssVar(view.stage, "--accent", "#0b6bcb");
    const accent2 = cssVar(view.stage, "--accent-2", "#d2481c");
    const muted = cssVar(view.stage, "--muted", "#6b6b70");
    const { sides } = computed;
    if (sides) {
      for (const s of [sides.right, sides.left]) {
        const best = sides.best === s.side && !state.arrive;
        circle(ctx, view, s.center, state.radius, { color: muted, widthPx: 1, alpha: 0.5, dashPx: [4, 4] });
        dot(ctx, view, s.center, muted);
        label(ctx, view, `P ${s.side}`, s.center, { color: muted });
        strokeLine(ctx, view, s.center, state.target, { color: muted, widthPx: 1, alpha: 0.45, dashPx: [2, 4] });
        const e = s.exit;
        if (!e) {
          label(ctx, view, `${s.side}: ${reasonWords(s)}`, s.center, { color: accent2, dyPx: -16 });
          continue;
        }
        {
          // θ at P, between the direction to the target (φ) and to Q.
          ctx.save();
          ctx.strokeStyle = muted;
          ctx.lineWidth = view.px(1);
          ctx.beginPath();
          ctx.arc(s.center.x, s.center.y, state.radius * 0.3, e.phi, e.exitAngle, s.side === "left");
          ctx.stroke();
          ctx.restore();
          strokeLine(ctx, view, s.center, e.exit, { color: muted, widthPx: 1, alpha: 0.6 });
          dot(ctx, view, e.exit, muted, 4);
          label(ctx, view, "Q", e.exit, { color: muted });
          label(ctx, view, "θ", { x: s.center.x, y: s.center.y }, { color: muted, dxPx: 10, dyPx: 12 });
        }
        if (!state.arrive) strokePath(ctx, view, e.path, { color: accent, widthPx: best ? 4 : 1.5, alpha: best ? 1 : 0.35 });
      }
    }
    if (state.arrive && state.reverse) {
      if (computed.forwardOnly) strokePath(ctx, view, computed.forwardOnly, { color: accent2, widthPx: 1.5, alpha: 0.4 });
      const p = computed.chosen;
      if (p) {
        // Segment by segment: driven backwards dashed.
        for (const seg of p.segments) {
          const one: Path = { segments: [seg], length: seg.length, word: "" };
          strokePath(ctx, view, one, { color: accent, widthPx: 4, dashPx: seg.reverse ? [10, 7] : [] });
        }
        for (const c of computed.cusps) {
          circle(ctx, view, c, view.px(7), { color: accent2, widthPx: 2.5 });
          label(ctx, view, "cusp", c, { color: accent2, dxPx: 10, dyPx: 10 });
        }
      }
    } else if (state.arrive) {
      for (const c of computed.candidates) {
        const best = computed.chosen?.word === c.path.word;
        strokePath(ctx, view, c.path, { color: best ? accent : accent2, widthPx: best ? 4 : 1.5, alpha: best ? 1 : 0.4 });
        label(ctx, view, `${c.path.word} ${c.path.length.toFixed(2)}`, c.middle, { color: best ? accent : accent2 });
      }
    }
    if (computed.unitAt) poseMarker(ctx, view, computed.unitAt, accent, 18);
    handles.draw(ctx);
  };

  render();
  if (prefersReducedMotion()) pause();
  return {
    kind: "planner",
    getState: () => {
      const sides = computed.sides;
      const side = (s: Side | undefined) =>
        s
          ? {
              reachable: s.exit !== null,
              reason: s.exit ? null : reasonWords(s),
              length: s.exit?.path.length ?? null,
              word: s.exit?.path.word ?? null,
              center: s.center,
              exit: s.exit?.exit ?? null,
              theta: s.exit?.theta ?? null,
              h: s.h,
            }
          : null;
      return {
        ...structuredClone(state),
        computed: {
          best: sides?.best ?? null,
          right: side(sides?.right),
          left: side(sides?.left),
          word: computed.chosen?.word ?? null,
          length: computed.chosen?.length ?? null,
          candidates: computed.candidates.map((c) => ({ word: c.path.word, length: c.path.length })),
          path: computed.chosen,
          gears: computed.chosen?.segments.map((g) => Boolean(g.reverse)) ?? [],
          cusps: computed.cusps,
          forwardOnlyLength: computed.forwardOnly?.length ?? null,
          unitAt: computed.unitAt,
          duration: duration(),
          playing,
          status: status.textContent ?? "",
          error: computed.error,
        },
      };
    },
    setState: (s: unknown) => {
      const o = (typeof s === "object" && s !== null ? s : {}) as Record<string, unknown>;
      update(() => {
        state.unit = readPose(o["unit"], state.unit, LIMIT);
        state.target = readPoint(o["target"], state.target, LIMIT);
        state.radius = clamp(o["radius"], 0.2, 10, state.radius);
        if (typeof o["arrive"] === "boolean") setArrive(o["arrive"]);
        if (typeof o["reverse"] === "boolean") state.reverse = o["reverse"];
        state.goalHeading = clamp(o["goalHeading"], -100, 100, state.goalHeading);
        state.time = clamp(o["time"], 0, 1e6, state.time);
        radiusSlider.set(state.radius);
        arriveBox.checked = state.arrive;
        reverseBox.checked = state.reverse;
      });
    },
    onChange: (l) => changes.on(l),
    destroy: () => {
      pause();
      changes.clear();
      handles.destroy();
      view.destroy();
      root.replaceChildren();
    },
  };
}
