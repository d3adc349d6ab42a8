//! Contain: stay inside a polygon.

use super::polygon;
use super::Me;
use crate::geom::{Point, Vec2};

/// Reynolds' containment for a simple polygon: a vehicle outside heads
/// straight back in at full speed (`inward · maxSpeed − velocity`); inside,
/// the position predicted `prediction` ahead must be inside with at least
/// the body radius of clearance, else the steering is
/// `inward · (radius − clearance) / prediction` (the velocity change that
/// brings the prediction back to that clearance; over one step when
/// `prediction` is shorter), `inward` the direction into the polygon at the
/// boundary point nearest the prediction.
#[must_use]
pub(crate) fn contain(me: &Me, boundary: &[Point], prediction: f64) -> Vec2 {
    if boundary.len() < 3 {
        return Vec2::ZERO;
    }
    let now = polygon::nearest(boundary, me.pos);
    if !now.inside {
        return now.inward * me.max_speed - me.vel;
    }
    let mut future = me.pos + me.vel * prediction;
    if !future.is_finite() {
        future = me.pos;
    }
    let at = polygon::nearest(boundary, future);
    let clearance = if at.inside { at.distance } else { -at.distance };
    if clearance >= me.radius {
        return Vec2::ZERO;
    }
    at.inward * ((me.radius - clearance) / prediction.max(me.dt))
}
