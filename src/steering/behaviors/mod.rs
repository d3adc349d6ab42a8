//! The rest of the steering family: interpose, offset pursuit, hide, stay
//! on path and containment, each a pure function of one vehicle (`Me`)
//! and the previous step's state of the others (`Others`) that returns a
//! steering vector (desired velocity − velocity), as seek does, so they add
//! up with the others in the weighted and priority modes.
//!
//! They follow Reynolds ("Steering Behaviors for Autonomous Characters"),
//! Buckland ("Programming Game AI by Example") and the Yuka and OpenSteer
//! code, with these differences:
//!
//! - **Arriving.** Buckland's and Yuka's arrive slows as `distance /
//!   deceleration` with a tuning constant; here hide's arrive slows over
//!   the vehicle's own *braking distance* `maxSpeed² · mass /
//!   maxForce` (the distance over which the force limit can take it from
//!   full speed to rest along a linear ramp), so a vehicle with a small
//!   force limit starts braking early enough not to overshoot, whatever the
//!   units.
//! - **Interpose and offset pursuit** arrive at a *moving* point: the desired
//!   velocity is the point's own velocity (the midpoint's, the leader's) plus
//!   an approach toward it at the fastest speed the force limit can still
//!   brake to rest at the point (`√(2 · distance · maxForce / mass)`, capped by
//!   max speed). Buckland and Yuka arrive at the point predicted `distance /
//!   speed` ahead, with a linear slowing, which holds it only as closely as
//!   the slowing allows: a follower trails by its speed times the slowing
//!   time, several body lengths with a small force limit, and drifts outward
//!   in turns. Matching the velocity holds a steadily moving slot without lag,
//!   the braking curve corrects what a turn adds within a fraction of a body
//!   radius, and from afar the approach is at full speed.
//! - **Hide** puts the hiding spot one body diameter (two body radii) beyond
//!   the obstacle's edge, on the line from the hunter through its centre;
//!   Buckland uses a fixed 30 units, Yuka a parameter (default 2). With no
//!   obstacle it evades the hunter, as both do.
//! - **Stay on path** is Reynolds' and OpenSteer's `steerToStayOnPath`:
//!   predict the position `predictionTime` ahead (Yuka's `predictionFactor`,
//!   default 1), and when it is farther than the radius from the path, seek
//!   its nearest point on the path.
//! - **Contain** is Reynolds' containment for a polygon (OpenSteer contains
//!   in a sphere): when the predicted position is outside, or nearer the
//!   boundary than the body radius, the steering is the velocity change that
//!   would bring it back to that clearance over the prediction time, along
//!   the boundary's inward direction at its nearest point; when the body
//!   itself is nearer than its radius, the velocity change that cancels its
//!   outward speed and restores the clearance within one step is added (a
//!   stiff wall: the gentle correction alone loses to a steady outward pull
//!   of other behaviours); a vehicle that is outside heads straight back in
//!   at full speed.

pub(crate) mod polygon;

mod contain;
mod hide;
mod interpose;
mod moving_arrive;
mod offset_pursuit;
mod stay_on_path;
mod view;

use super::behavior::BehaviorKind;
use super::VehicleId;
use crate::geom::{Point, Vec2};
pub(crate) use view::{Body, Me, Others};

/// The steering vector of one of the family's kinds (zero for any other).
/// A vehicle it reads that is removed, or is the vehicle itself, gives no
/// force.
#[inline(never)]
pub(crate) fn steer(kind: &BehaviorKind, me: &Me, others: &Others<'_>) -> Vec2 {
    let others = |id: &VehicleId| {
        if *id == me.id {
            None
        } else {
            others.get(*id)
        }
    };
    let v = match kind {
        BehaviorKind::Interpose { a, b } => match (others(a), others(b)) {
            (Some(a), Some(b)) => interpose::interpose(me, &a, &b),
            _ => Vec2::ZERO,
        },
        BehaviorKind::OffsetPursuit { leader, offset } => match others(leader) {
            Some(l) => offset_pursuit::offset_pursuit(me, &l, *offset),
            None => Vec2::ZERO,
        },
        BehaviorKind::Hide { from, obstacles } => match others(from) {
            Some(h) => hide::hide(me, &h, obstacles),
            None => Vec2::ZERO,
        },
        BehaviorKind::StayOnPath {
            path,
            radius,
            prediction_time,
        } => stay_on_path::stay_on_path(me, path, *radius, prediction_time.unwrap_or(1.0)),
        BehaviorKind::Contain {
            boundary,
            prediction_time,
        } => contain::contain(me, boundary, prediction_time.unwrap_or(1.0)),
        _ => Vec2::ZERO,
    };
    // Never NaN (infinities keep their direction for the truncation).
    if v.x.is_nan() || v.y.is_nan() {
        Vec2::ZERO
    } else {
        v
    }
}

/// What one of the family's kinds looks at (for drawing): the point it
/// steers toward (the midpoint, the place in the leader's frame, the hiding
/// spot, the path or boundary point that corrects the prediction) and the
/// position it predicts (stay on path, contain). `(None, None)` for the
/// other kinds, and where a vehicle it reads is removed or is the vehicle
/// itself.
#[must_use]
pub(crate) fn look(
    kind: &BehaviorKind,
    me: &Me,
    get: &dyn Fn(VehicleId) -> Option<Body>,
) -> (Option<Point>, Option<Point>) {
    let other = |id: &VehicleId| if *id == me.id { None } else { get(*id) };
    match kind {
        BehaviorKind::Interpose { a, b } => match (other(a), other(b)) {
            (Some(a), Some(b)) => (Some(interpose::midpoint(&a, &b).0), None),
            _ => (None, None),
        },
        BehaviorKind::OffsetPursuit { leader, offset } => (
            other(leader).map(|l| offset_pursuit::place(&l, *offset)),
            None,
        ),
        BehaviorKind::Hide { from, obstacles } => (
            other(from).and_then(|h| hide::nearest_spot(me, h.pos, obstacles)),
            None,
        ),
        BehaviorKind::StayOnPath {
            path,
            radius,
            prediction_time,
        } => {
            let (future, on) =
                stay_on_path::look(me, path, *radius, prediction_time.unwrap_or(1.0));
            (on, Some(future))
        }
        BehaviorKind::Contain {
            boundary,
            prediction_time,
        } => {
            let (future, at) = contain::look(me, boundary, prediction_time.unwrap_or(1.0));
            (at, Some(future))
        }
        _ => (None, None),
    }
}
