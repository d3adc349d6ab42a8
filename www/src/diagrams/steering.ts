// Steering (Reynolds): a vehicle seeks a target you drag, drawn with its
// velocity, desired velocity in green, the steering force and the trail of
// the seek path; "no steering" adds a twin whose velocity is set to the
// desired velocity directly; a behaviour picker with the rest of the family
// (interpose, offset pursuit, hide, stay on path, contain: steering_family.ts);
// and a crowd mode of up to 100,000 vehicles drawn as pixel sprites from
// zero-copy views, with any behaviour of the picker (each with separation, or
// avoiding each other with avoidVehicles; flocking with alignment and
// cohesion) and the step time shown, and the circle swap and two crossing
// streams as presets (steering_scenes.ts).
// Every number drawn comes from the wasm World (positions, velocities,
// headings, and debug() for desired velocity and force; seekStep() for the
// seek figures of steering-figures.ts); the page only scales vectors for display.
// The model (state, ranges, the one setter) is steering_model.ts, what
// lives across frames (the World, the worker, trails, stats)
// steering_sim.ts, the picture steering_draw.ts; here `mount` wires the
// controls and handles to them, and `describe` words what is shown.
import { figureDiagramMembers, type Api, type Diagram, type DiagramOptions } from "../shell/diagram.js";
import { View, cssVar } from "../shell/view.js";
import { Bounds } from "../shell/box.js";
import { Handles, type Handle } from "../shell/handles.js";
import { button, checkbox, controlBar, select, slider, textLine } from "../shell/controls.js";
import { Figure, num, withThousands, type FigureNumber } from "../shell/figure.js";
import { STEERING_STEPS, isSteeringStep, seekNumbers } from "./steering-figures.js";
import { Emitter } from "../shell/emitter.js";
import { prefersReducedMotion } from "../shell/motion.js";
import type { SeekStep, VehicleState } from "../../pkg/arcline.js";
import type { SteeringState } from "../../package/arcline-demo.js";
import { familyLegend, isFamily } from "./steering_family.js";
import { CROWD_SCENES, bodiesOf } from "./steering_scenes.js";
import { BEHAVIORS, RANGES, initialState, readState, setStep, structure, syncStep, type BehaviorName } from "./steering_model.js";
import { CROWD_RADIUS, SteeringSim } from "./steering_sim.js";
import { FIGURE_VEC, Sprites, VEC, draw } from "./steering_draw.js";

/** What each behaviour does to a crowd (the diagram's note). */
const CROWD_TEXT: Readonly<Record<BehaviorName, string>> = {
  seek: "each seeks the target",
  flee: "each flees the target and drifts back towards the middle",
  arrive: "each arrives at the target, slowing down within 60",
  pursue: "each pursues the red quarry, aiming where it will be",
  evade: "each evades the red quarry and arrives at the target",
  wander: "each wanders, drawn weakly towards the target",
  flock: "a flock: alignment and cohesion among the same neighbours, and a weak seek of the target",
  path: "each follows the dashed red racetrack around the target",
  interpose: "each gets between the two red vehicles",
  offsetPursuit: "each holds a place 12 behind the red leader",
  hide: "each hides from the red hunter behind the nearest circle",
  stayOnPath: "each wanders and stays within the tube around the dashed racetrack",
  contain: "each wanders and stays inside the red room",
};

/** One seek step of the main vehicle from where it is now (for the seek figures), or null. */
function seekFigure(api: Api, state: SteeringState, v: VehicleState | null): SeekStep | null {
  if (!v || state.mode !== "single" || state.behavior !== "seek") return null;
  try {
    return api.seekStep({ ...v, maxSpeed: state.maxSpeed, maxForce: state.maxForce, mass: state.mass }, state.target, 1);
  } catch {
    return null;
  }
}

/** The words and numbers beside the picture. */
interface Words {
  status: string;
  note: string;
  readout: string;
  numbers: FigureNumber[] | null;
}

/** Words what is shown: the state, the simulation's numbers, the frame rate. */
function describe(api: Api, state: SteeringState, sim: SteeringSim, fps: number): Words {
  const status = sim.error ? `The world refused this: ${sim.error}.` : "";
  if (state.mode === "crowd") {
    const how = state.avoid
      ? "avoid each other's bodies (avoidVehicles: reciprocal velocity obstacles; bodies never overlap, except a little in a jam that leaves no room)"
      : "keep apart only by separation, which pushes after they touch, so bodies overlap";
    const goals = state.scene === "circleSwap" ? "the opposite point of the ring; drag the knob on the ring to resize it" : "across the other stream; drag either stream's goal";
    const note =
      state.scene === "scatter"
        ? `${withThousands(state.count)} vehicles: ${CROWD_TEXT[state.behavior]}; they ${state.avoid ? how : `keep apart by separation within ${CROWD_RADIUS} (about 8 neighbours at the start)`}. ${sim.worker ? "Stepped in a worker, so the page draws every frame while the next step is taken; drawn" : "Drawn"} as pixels in one image from the vehicles' positions.`
        : `Each vehicle arrives at its own goal (${goals}) and ${state.avoid ? how : "does not avoid the others: they walk through each other"}. Bodies drawn at their radius.`;
    return {
      status,
      note,
      readout: `step ${sim.stepMs.toFixed(2)} ms in wasm${sim.worker ? " (in a worker)" : ""} · ${fps.toFixed(0)} frames/s · ${sim.stepRate.toFixed(0)} steps/s · ${sim.steps} steps`,
      numbers: [
        num("count", "vehicles", sim.world?.count ?? 0, 0),
        num("stepMs", "one step in wasm (ms)", sim.stepMs, 2),
        num("fps", "frames a second", fps, 0),
        num("stepRate", "steps a second", sim.stepRate, 0),
      ],
    };
  }
  const legend = "Blue: velocity. Green: desired velocity. Dashed red: steering = desired − velocity. Red: the force applied (truncated to max force, ×10). Orange: the seek path.";
  const extra = isFamily(state.behavior)
    ? familyLegend(state.behavior)
    : state.behavior === "path"
      ? " The path is a racetrack of lines and half circles around the target (racetrack(); planDubins is not in this build)."
      : state.noSteering
        ? " Grey: no steering, velocity = desired velocity at once, so it turns abruptly; the blue one turns smoothly."
        : "";
  const v = sim.vehicle(sim.ids.main);
  const d = sim.debug(sim.ids.main);
  const seek = seekFigure(api, state, v);
  const seekShown = seek ? seekNumbers(seek, state, sim.steps) : null;
  if (!v || !d) return { status, note: legend + extra, readout: `${sim.steps} steps`, numbers: seekShown };
  const speed = Math.hypot(v.vx, v.vy);
  const desired = Math.hypot(d.desired.x, d.desired.y);
  const force = Math.hypot(d.force.x, d.force.y);
  return {
    status,
    note: legend + extra,
    // The world records each step's desired velocity and force as it takes
    // it: before the first step there is none to show (the seek figure
    // beside the canvas shows the step to come).
    readout: `speed ${speed.toFixed(3)} / ${state.maxSpeed.toFixed(1)} · ${
      sim.steps === 0
        ? "no step taken yet"
        : `last step: desired ${desired.toFixed(3)} · force ${force.toFixed(4)} / ${state.maxForce.toFixed(3)} · ${sim.steps} steps`
    }`,
    numbers: seekShown ?? [num("speed", "speed", speed, 3), num("desired", "desired speed", desired, 3), num("force", "force applied", force, 4), num("steps", "steps", sim.steps, 0)],
  };
}

export function mount(root: HTMLElement, api: Api, options: DiagramOptions = {}): Diagram {
  root.classList.add("diagram");
  const reduced = prefersReducedMotion();
  const state: SteeringState = initialState(options, reduced);
  const changes = new Emitter();
  let fps = 0;
  let lastFrame = 0;
  let raf = 0;

  const view = new View(root, { center: { x: 0, y: 0 }, span: 110, label: "A vehicle steering towards a target you drag" });
  const handles = new Handles(view);
  const sprites = new Sprites();
  const sim = new SteeringSim(api, state, {
    fit: () => view.fit(),
    stepped: () => {
      // Playing, the next animation frame draws it; a single step is drawn now.
      if (!state.playing) {
        view.draw();
        renderText();
      }
    },
    lost: () => render(),
    failed: () => renderText(),
  });
  const figure = new Figure(root, view, STEERING_STEPS, state.step, (id) => {
    if (isSteeringStep(id)) update(() => setStep(state, id, reduced), true);
  });
  const bar = controlBar(root);
  const modeSelect = select(bar, "mode", [{ value: "single", text: "one vehicle" }, { value: "crowd", text: "crowd" }] as const, state.mode, (v) => set({ mode: v }));
  const behaviorSelect = select(bar, "behaviour", BEHAVIORS, state.behavior, (v) => set({ behavior: v }));
  const speedSlider = slider(bar, { label: "max speed", ...RANGES.maxSpeed, value: state.maxSpeed, format: (v) => v.toFixed(1), onInput: (v) => set({ maxSpeed: v }) });
  const forceSlider = slider(bar, { label: "max force", ...RANGES.maxForce, value: state.maxForce, format: (v) => v.toFixed(3), onInput: (v) => set({ maxForce: v }) });
  const massSlider = slider(bar, { label: "mass", ...RANGES.mass, value: state.mass, format: (v) => v.toFixed(2), onInput: (v) => set({ mass: v }) });
  const noSteerBox = checkbox(bar, "no steering (velocity = desired)", state.noSteering, (v) => set({ noSteering: v }));
  const countSlider = slider(bar, { label: "vehicles", ...RANGES.count, value: state.count, format: (v) => withThousands(v), onInput: (v) => set({ count: v }) });
  const sceneSelect = select(bar, "scene", CROWD_SCENES, state.scene, (v) => set({ scene: v }));
  const avoidBox = checkbox(bar, "avoid each other", state.avoid, (v) => set({ avoid: v }));
  const playButton = button(bar, state.playing ? "Pause" : "Play", () => set({ playing: !state.playing }));
  button(bar, "Step", () => {
    sim.step();
    render();
    changes.emit();
  });
  button(bar, "Reset", () => update(() => {}, true));
  const status = textLine(root, "status");
  const note = document.createElement("p");
  root.append(note);
  const readout = textLine(root, "readout");

  // --- handles: each hands its value to the one setter; which are shown depends on the scene ---
  const targetHandle: Handle = { kind: "point", label: "target", get: () => state.target, set: (p) => set({ target: p }) };
  const ringHandle: Handle = {
    kind: "point",
    label: "ring radius",
    get: () => ({ x: state.ringRadius, y: 0 }),
    // The knob's distance from the middle is the radius (a handle's reading, not geometry).
    set: (p) => set({ ringRadius: view.snapLength(Math.hypot(p.x, p.y)) }),
    color: "#57534e",
  };
  const streamHandles: Handle[] = [0, 1].map((k) => ({
    kind: "point",
    label: k === 0 ? "right-going stream's goal" : "up-going stream's goal",
    // Each in its stream's colour (the second the accent-2 of the light theme, as the pathfinding goal's).
    ...(k === 1 ? { color: "#c2410c" } : {}),
    get: () => state.streamGoals[k as 0 | 1],
    set: (p) => set({ streamGoals: state.streamGoals.map((g, j) => (j === k ? p : g)) }),
  }));

  /** The handles of what is shown: the target (one vehicle, a scattered crowd), the ring, or the streams' goals. */
  function syncHandles(): void {
    const crowdScene = state.mode === "crowd" ? state.scene : "scatter";
    const want = new Set<Handle>(crowdScene === "scatter" ? [targetHandle] : crowdScene === "circleSwap" ? [ringHandle] : streamHandles);
    for (const h of [targetHandle, ringHandle, ...streamHandles]) {
      if (want.has(h) && !handles.has(h)) handles.add(h);
      if (!want.has(h) && handles.has(h)) handles.remove(h);
    }
  }

  // --- state changes ---------------------------------------------------------------
  /** Any partial state, through the one setter. */
  function set(v: Record<string, unknown>): void {
    update(() => readState(state, v));
  }

  function update(change: () => void, needsRebuild = false): void {
    const before = structure(state);
    const limits = [state.maxSpeed, state.maxForce, state.mass].join();
    change();
    const limitsChanged = limits !== [state.maxSpeed, state.maxForce, state.mass].join();
    syncStep(state);
    figure.select(state.step);
    if (needsRebuild || before !== structure(state) || (state.mode === "crowd" && limitsChanged)) sim.rebuild();
    else sim.apply();
    render();
    changes.emit();
  }

  function frame(t: number): void {
    raf = 0;
    if (!state.playing) return;
    if (lastFrame > 0) {
      const dt = t - lastFrame;
      if (dt > 0) fps = fps === 0 ? 1000 / dt : fps * 0.9 + (1000 / dt) * 0.1;
    }
    lastFrame = t;
    // Off screen the world waits (nothing is drawn there either).
    if (!view.onScreenNow) {
      raf = requestAnimationFrame(frame);
      return;
    }
    sim.step();
    view.draw();
    renderText();
    raf = requestAnimationFrame(frame);
  }

  function syncLoop(): void {
    playButton.textContent = state.playing ? "Pause" : "Play";
    if (state.playing && !raf) {
      lastFrame = 0;
      raf = requestAnimationFrame(frame);
    } else if (!state.playing && raf) {
      cancelAnimationFrame(raf);
      raf = 0;
    }
  }

  function renderText(): void {
    const w = describe(api, state, sim, fps);
    status.textContent = w.status;
    note.textContent = w.note;
    readout.textContent = w.readout;
    if (w.numbers) figure.show(w.numbers);
  }

  function render(): void {
    syncLoop();
    syncHandles();
    modeSelect.value = state.mode;
    behaviorSelect.value = state.behavior;
    behaviorSelect.disabled = state.mode === "crowd" && state.scene !== "scatter";
    speedSlider.set(state.maxSpeed);
    forceSlider.set(state.maxForce);
    massSlider.set(state.mass);
    countSlider.set(state.count);
    noSteerBox.checked = state.noSteering;
    noSteerBox.disabled = state.mode === "crowd" || isFamily(state.behavior);
    countSlider.input.disabled = state.mode === "single" || state.scene !== "scatter";
    sceneSelect.value = state.scene;
    sceneSelect.disabled = state.mode === "single";
    avoidBox.checked = state.avoid;
    avoidBox.disabled = state.mode === "single";
    renderText();
    view.requestDraw();
  }

  view.onDraw = (ctx) => {
    const colors = {
      accent: cssVar(view.stage, "--accent", "#0b6bcb"),
      accent2: cssVar(view.stage, "--accent-2", "#d2481c"),
      muted: cssVar(view.stage, "--muted", "#6b6b70"),
      green: "#1f9d55",
      trail: "#e8901c",
    };
    const seek = state.mode === "single" && state.step !== "explore" ? seekFigure(api, state, sim.vehicle(sim.ids.main)) : null;
    draw(ctx, view, state, sim, sprites, seek, colors);
    handles.draw(ctx);
  };

  // Framed: the target and every vehicle with the reach of its velocity arrows, the path;
  // a crowd by the square it starts in, and a scene's bodies wherever they walk (and its handles).
  view.subject = () => {
    const b = new Bounds().point(state.target);
    if (state.mode === "crowd") {
      if (state.scene !== "scatter" && sim.world) for (const body of bodiesOf(sim.world) ?? []) b.point(body, body.r);
      if (state.scene === "crossing") b.points(state.streamGoals);
      return b.circle({ x: 0, y: 0 }, sim.crowdSpan / 2).box();
    }
    const reach = (state.step === "seek" ? FIGURE_VEC : VEC) * state.maxSpeed;
    const { ids } = sim;
    for (const id of [ids.main, ids.ghost, ids.quarry, ...ids.flock]) b.point(sim.vehicle(id), reach);
    return b.path(sim.path).box();
  };

  sim.rebuild();
  render();

  return {
    kind: "steering",
    getState: () => structuredClone(state),
    readout: () => {
      const { ids, family, world } = sim;
      return {
        steps: sim.steps,
        stepMs: sim.stepMs,
        fps,
        stepRate: sim.stepRate,
        offThread: sim.worker !== null && sim.offThread(),
        drawn: sim.drawnCrowd(),
        count: world?.count ?? 0,
        vehicle: sim.vehicle(ids.main),
        debug: sim.debug(ids.main),
        ghost: sim.vehicle(ids.ghost),
        ghostDebug: sim.debug(ids.ghost),
        quarry: sim.vehicle(ids.quarry),
        trail: sim.trail.length,
        path: sim.path ? { word: sim.path.word, length: sim.path.length } : null,
        aims: ids.main !== null && state.mode === "single" ? sim.aims(ids.main) : null,
        others: family ? family.others.map((id) => sim.vehicle(id)) : [],
        followers: family ? family.followers.map((id) => ({ vehicle: sim.vehicle(id), aims: sim.aims(id) })) : [],
        bodies: world && state.mode === "crowd" && state.scene !== "scatter" ? bodiesOf(world) : null,
        error: sim.error,
      };
    },
    ...figureDiagramMembers({
      root, view, handles, figure, changes, set,
      stop: () => {
        if (raf) cancelAnimationFrame(raf);
        raf = 0;
        sim.dispose();
      },
    }),
  };
}
