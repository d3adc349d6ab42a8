//! Arrive at a point that moves: the desired velocity is the point's
//! velocity plus an arrive toward it, truncated to max speed.

use super::view::Me;
use crate::geom::{Point, Vec2};
use crate::steering::forces;

/// `truncate(target_velocity + toward, maxSpeed) − velocity`, where
/// `toward` points at `target` with the speed
/// `min(maxSpeed, √(2 · d · maxForce / mass), d / dt)`: the fastest
/// approach the force limit can still brake to rest at the point (the
/// braking curve, not a linear ramp, so a small offset is corrected briskly
/// and the point is held closely while it turns), never so fast that the
/// relative motion carries the vehicle past the point in one step.
#[must_use]
pub(crate) fn arrive_moving(me: &Me, target: Point, target_velocity: Vec2) -> Vec2 {
    let to = target - me.pos;
    let d = forces::length(to);
    let toward = if d > 0.0 && d.is_finite() {
        let brake = (2.0 * d * me.max_force / me.mass).sqrt();
        let speed = me.max_speed.min(brake).min(d / me.dt);
        to * (speed / d)
    } else {
        Vec2::ZERO
    };
    forces::truncate(target_velocity + toward, me.max_speed) - me.vel
}
