//! Contain: stay inside a polygon.

use super::polygon;
use super::view::Me;
use crate::geom::{Point, Vec2};

/// Reynolds' containment for a simple polygon: a vehicle outside heads
/// straight back in at full speed (`inward · maxSpeed − velocity`). Inside,
/// two corrections add up, each along the direction into the polygon at
/// the boundary point nearest the position it looks at:
///
/// - *ahead*: when the position predicted `prediction` ahead is outside, or
///   nearer the boundary than the body radius, `inward · (radius −
///   clearance) / prediction`, the velocity change that brings the
///   prediction back to that clearance (over one step when `prediction` is
///   shorter): the vehicle turns away early and gently;
/// - *now*: when the body itself is nearer the boundary than its radius,
///   the velocity change that cancels its outward speed and restores the
///   clearance within one step, `inward · (max(0, −velocity · inward) +
///   (radius − clearance) / dt)`: a stiff wall, so that other behaviours
///   pulling outward (within the force limit) cannot hold the vehicle
///   outside, as they could against the gentle correction alone.
#[must_use]
pub(crate) fn contain(me: &Me, boundary: &[Point], prediction: f64) -> Vec2 {
    if boundary.len() < 3 {
        return Vec2::ZERO;
    }
    let now = polygon::nearest(boundary, me.pos);
    if !now.inside {
        return now.inward * me.max_speed - me.vel;
    }
    let mut steer = Vec2::ZERO;
    if now.distance < me.radius {
        let outward = (-me.vel.dot(now.inward)).max(0.0);
        steer += now.inward * (outward + (me.radius - now.distance) / me.dt);
    }
    let future = predicted(me, prediction);
    let at = polygon::nearest(boundary, future);
    let clearance = if at.inside { at.distance } else { -at.distance };
    if clearance < me.radius {
        steer += at.inward * ((me.radius - clearance) / prediction.max(me.dt));
    }
    steer
}

/// The position predicted `prediction` ahead at the present velocity (the
/// present one if that is not finite).
#[must_use]
pub(crate) fn predicted(me: &Me, prediction: f64) -> Point {
    let future = me.pos + me.vel * prediction;
    if future.is_finite() {
        future
    } else {
        me.pos
    }
}

/// The predicted position, and the boundary point nearest it when the
/// containment corrects it (it is outside, or nearer the boundary than the
/// body radius).
#[must_use]
pub(crate) fn look(me: &Me, boundary: &[Point], prediction: f64) -> (Point, Option<Point>) {
    let future = predicted(me, prediction);
    if boundary.len() < 3 {
        return (future, None);
    }
    let at = polygon::nearest(boundary, future);
    let clearance = if at.inside { at.distance } else { -at.distance };
    (future, (clearance < me.radius).then_some(at.point))
}
