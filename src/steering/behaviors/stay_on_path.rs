//! Stay on path: keep within a tube around a path.

use super::Me;
use crate::geom::{Path, Vec2};
use crate::steering::forces;
use crate::steering::path_follow::closest_distance_along;

/// Reynolds' (and OpenSteer's `steerToStayOnPath`): predict the position
/// `prediction` ahead at the present velocity; if it is farther than
/// `radius` from the path, seek its nearest point on the path, else no
/// force.
#[must_use]
pub(crate) fn stay_on_path(me: &Me, path: &Path, radius: f64, prediction: f64) -> Vec2 {
    let mut future = me.pos + me.vel * prediction;
    if !future.is_finite() {
        future = me.pos;
    }
    let on = path
        .pose_at(closest_distance_along(path, future))
        .position();
    if (future - on).length_squared() <= radius * radius {
        Vec2::ZERO
    } else {
        forces::seek(me.pos, me.vel, me.max_speed, on)
    }
}
