// The steering diagram's figures: Reynolds' seek opened up (the desired
// velocity, the current velocity, and the steering vector between them,
// truncated to the force applied), the seek path beside a vehicle that does
// not steer, and the whole family of behaviours. The vectors and their
// lengths come from the core (seekStep: one step of the same rule the
// World runs); the page scales them for display and formats the numbers.
import type { View } from "../shell/view.js";
import { arrow, label } from "../shell/draw.js";
import { num } from "../shell/figure.js";
import type { FigureNumber, FigureStep } from "../shell/figure.js";
import type { SeekStep, VehicleState } from "../../pkg/arcline.js";

export type SteeringStep = "seek" | "path" | "explore";

export const STEERING_STEPS: readonly (FigureStep & { id: SteeringStep })[] = [
  {
    id: "seek",
    title: "Desired, current, steering",
    caption:
      "The desired velocity points at the target at full speed. The steering vector is what turns the current velocity into it: desired − current, cut to the maximum force and divided by the mass. Drag the target.",
  },
  {
    id: "path",
    title: "The seek path",
    caption:
      "Applied a little every step, the steering force bends the path into a smooth curve (orange). The grey vehicle has no steering: its velocity jumps to the desired one at once, so it turns on the spot.",
  },
  {
    id: "explore",
    title: "Every behaviour",
    caption: "The rest of the family (flee, arrive, pursue, evade, wander, flocking, path following) and crowds of up to 100,000.",
  },
];

export function isSteeringStep(v: unknown): v is SteeringStep {
  return STEERING_STEPS.some((s) => s.id === v);
}

/** The seek figure at the vehicle `v`: velocity, desired velocity and the steering vector from the first's tip to the second's, `scale` world units per unit of speed. */
export function drawSeekFigure(
  ctx: CanvasRenderingContext2D,
  view: View,
  v: VehicleState,
  s: SeekStep,
  scale: number,
  colors: { vel: string; desired: string; steering: string },
): void {
  const vel = { x: s.velocity.x * scale, y: s.velocity.y * scale };
  const desired = { x: s.desired.x * scale, y: s.desired.y * scale };
  const tip = { x: v.x + vel.x, y: v.y + vel.y };
  arrow(ctx, view, v, desired, { color: colors.desired, widthPx: 3 });
  arrow(ctx, view, v, vel, { color: colors.vel, widthPx: 3 });
  arrow(ctx, view, tip, { x: s.steering.x * scale, y: s.steering.y * scale }, { color: colors.steering, widthPx: 2.5, dashPx: [6, 4] });
  const font = "600 13px system-ui, sans-serif";
  label(ctx, view, "desired velocity", { x: v.x + desired.x, y: v.y + desired.y }, { color: colors.desired, font });
  label(ctx, view, "current velocity", tip, { color: colors.vel, font });
  label(ctx, view, "steering", { x: tip.x + (s.steering.x * scale) / 2, y: tip.y + (s.steering.y * scale) / 2 }, { color: colors.steering, font });
}

/** The numbers beside the seek figures. */
export function seekNumbers(s: SeekStep, limits: { maxForce: number; mass: number }, steps: number): FigureNumber[] {
  return [
    num("desired", "desired speed (max speed)", s.desiredSpeed, 3),
    num("speed", "current speed", s.speed, 3),
    num("steering", "steering, desired − current", s.steeringLength, 3),
    num("force", `force applied (max ${limits.maxForce.toFixed(3)})`, s.forceLength, 4),
    num("mass", "mass (the force is divided by it)", limits.mass, 2),
    num("steps", "steps", steps, 0),
  ];
}
