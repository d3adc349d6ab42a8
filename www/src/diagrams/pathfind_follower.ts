// The formation that follows the pathfinding diagram's path, in a World of
// its own that lives across frames and drags. Its picture is a function of
// the path, the unit's start and the time: the World is stepped in fixed
// steps of 1/30 s from the start, and kept; a later time steps it forward
// from where it is, an earlier one (or another path) starts it again. A drag
// that leaves the path as it was steps nothing.
import type { Api } from "../shell/diagram.js";
import type { Path, Pose } from "../shell/types.js";
import { SPEED } from "./pathfind_model.js";

type World = InstanceType<Api["World"]>;

/** The fixed step of the follower's World (seconds). */
const STEP = 1 / 30;

/** What the follower shows: its vehicles and the slots they make for. */
export interface FollowerView {
  vehicles: Pose[];
  slots: Pose[];
}

export class Follower {
  private world: World | null = null;
  private formation = 0;
  private ids: number[] = [];
  /** The path and start the World was built for. */
  private key = "";
  /** Seconds stepped so far (a sum of STEP), and that sum before the last step. */
  private t = 0;
  private before = -Infinity;

  constructor(private readonly api: Api) {}

  /**
   * The World for `path` from `unit`, stepped to `time` (none without a
   * path). Throws what the World refuses.
   */
  sync(path: Path | null, unit: Pose, time: number): void {
    if (!path) {
      this.dispose();
      return;
    }
    const key = JSON.stringify([path, unit]);
    // Stepped from the start, the World would have stopped short of its last step: start again.
    if (key !== this.key || !this.world || time <= this.before) this.start(path, unit, key);
    const w = this.world;
    if (!w) return;
    // The same sum as stepping from the start: t += STEP while t < time.
    while (this.t < time) {
      w.step(STEP);
      this.before = this.t;
      this.t += STEP;
    }
  }

  /** A fresh World whose formation follows `path` from behind `unit`. */
  private start(path: Path, unit: Pose, key: string): void {
    this.dispose();
    const world = new this.api.World(3);
    this.world = world;
    this.key = key;
    const formation = world.createFormation({ pattern: "v", spacing: 2.5 });
    const ids: number[] = [];
    for (let k = 0; k < 5; k++) {
      // Behind the start, side by side: starting places, not path geometry.
      const back = 2 + 2 * Math.floor(k / 2);
      const side = (k % 2 === 0 ? 1 : -1) * (1 + k);
      const id = world.addVehicle({
        x: unit.x - back * Math.cos(unit.heading) - side * Math.sin(unit.heading),
        y: unit.y - back * Math.sin(unit.heading) + side * Math.cos(unit.heading),
        maxSpeed: SPEED * 1.4,
        maxForce: 40,
      });
      if (world.joinFormation(formation, id)) ids.push(id);
    }
    world.followFormationPath(formation, path);
    this.formation = formation;
    this.ids = ids;
  }

  /** The vehicles and their slots now (none without a World). */
  view(): FollowerView {
    const w = this.world;
    if (!w) return { vehicles: [], slots: [] };
    try {
      const f = w.formation(this.formation) as { slots: { target: Pose }[] };
      const vehicles = this.ids.map((id) => w.vehicle(id) as Pose);
      return { vehicles, slots: f.slots.map((s) => s.target) };
    } catch {
      return { vehicles: [], slots: [] };
    }
  }

  dispose(): void {
    this.world?.free();
    this.world = null;
    this.key = "";
    this.t = 0;
    this.before = -Infinity;
  }
}
