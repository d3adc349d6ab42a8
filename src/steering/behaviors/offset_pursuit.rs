//! Offset pursuit: hold a place in a leader's frame.

use super::moving_arrive::arrive_moving;
use super::view::{Body, Me};
use crate::geom::{Point, Vec2};

/// `leader + offset.x · heading + offset.y · left`: the offset in the
/// leader's frame (x ahead, y to its left), turned by its heading.
#[must_use]
pub(crate) fn place(leader: &Body, offset: Vec2) -> Point {
    let h = leader.heading;
    leader.pos + h * offset.x + h.perp() * offset.y
}

/// Arrive at the leader's [`place`] for `offset` while matching the
/// leader's velocity. (Buckland and Yuka arrive at that point predicted
/// `distance / (maxSpeed + leader speed)` ahead; see the module's notes on
/// moving points.)
#[must_use]
pub(crate) fn offset_pursuit(me: &Me, leader: &Body, offset: Vec2) -> Vec2 {
    arrive_moving(me, place(leader, offset), leader.vel)
}
