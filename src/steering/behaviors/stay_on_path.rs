//! Stay on path: keep within a tube around a path.

use super::view::Me;
use crate::geom::{Path, Point, Vec2};
use crate::steering::forces;
use crate::steering::path_follow::closest_distance_along;

/// The position predicted `prediction` ahead at the present velocity (the
/// present one if that is not finite), and its nearest point on the path
/// when it is farther than `radius` from it.
#[must_use]
pub(crate) fn look(me: &Me, path: &Path, radius: f64, prediction: f64) -> (Point, Option<Point>) {
    let mut future = me.pos + me.vel * prediction;
    if !future.is_finite() {
        future = me.pos;
    }
    let on = path
        .pose_at(closest_distance_along(path, future))
        .position();
    let outside = (future - on).length_squared() > radius * radius;
    (future, outside.then_some(on))
}

/// Reynolds' (and OpenSteer's `steerToStayOnPath`): when the position
/// predicted `prediction` ahead is farther than `radius` from the path
/// ([`look`]), seek its nearest point on the path, else no force.
#[must_use]
pub(crate) fn stay_on_path(me: &Me, path: &Path, radius: f64, prediction: f64) -> Vec2 {
    match look(me, path, radius, prediction).1 {
        Some(on) => forces::seek(me.pos, me.vel, me.max_speed, on),
        None => Vec2::ZERO,
    }
}
