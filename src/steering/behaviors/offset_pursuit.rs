//! Offset pursuit: hold a place in a leader's frame.

use super::moving_arrive::arrive_moving;
use super::{Body, Me};
use crate::geom::Vec2;

/// Arrive at `leader + offset.x · heading + offset.y · left` (the offset in
/// the leader's frame, x ahead and y to its left, turned by its heading)
/// while matching the leader's velocity. (Buckland and Yuka arrive at that
/// point predicted `distance / (maxSpeed + leader speed)` ahead; see the
/// module's notes on moving points.)
#[must_use]
pub(crate) fn offset_pursuit(me: &Me, leader: &Body, offset: Vec2) -> Vec2 {
    let h = leader.heading;
    let place = leader.pos + h * offset.x + h.perp() * offset.y;
    arrive_moving(me, place, leader.vel)
}
