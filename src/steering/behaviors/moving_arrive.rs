//! Arrive at a point that moves: the desired velocity is the point's
//! velocity plus Reynolds' arrive toward it, truncated to max speed.

use super::Me;
use crate::geom::{Point, Vec2};
use crate::steering::forces;

/// `truncate(target_velocity + toward, maxSpeed) − velocity`, where
/// `toward` points at `target` with the arrive's speed
/// `min(maxSpeed · min(d / slowing, 1), d / dt)` (the relative motion never
/// carries the vehicle past the point in one step), `slowing` the vehicle's
/// braking distance ([`Me::slowing_radius`]).
#[must_use]
pub(crate) fn arrive_moving(me: &Me, target: Point, target_velocity: Vec2) -> Vec2 {
    let to = target - me.pos;
    let d = forces::length(to);
    let toward = if d > 0.0 && d.is_finite() {
        let speed = (me.max_speed * (d / me.slowing_radius()).min(1.0)).min(d / me.dt);
        to * (speed / d)
    } else {
        Vec2::ZERO
    };
    forces::truncate(target_velocity + toward, me.max_speed) - me.vel
}
