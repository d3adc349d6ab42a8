//! Interpose: get between two vehicles.

use super::moving_arrive::arrive_moving;
use super::view::{Body, Me};
use crate::geom::{Point, Vec2};

/// The midpoint of `a` and `b` and its velocity `(v_a + v_b) / 2`.
#[must_use]
pub(crate) fn midpoint(a: &Body, b: &Body) -> (Point, Vec2) {
    (a.pos.lerp(b.pos, 0.5), (a.vel + b.vel) * 0.5)
}

/// Arrive at the midpoint of `a` and `b` while matching its velocity.
/// (Buckland and Yuka arrive at the midpoint of the two positions
/// predicted by the time it takes to reach the present midpoint; see the
/// module's notes on moving points.)
#[must_use]
pub(crate) fn interpose(me: &Me, a: &Body, b: &Body) -> Vec2 {
    let (mid, mid_velocity) = midpoint(a, b);
    arrive_moving(me, mid, mid_velocity)
}
