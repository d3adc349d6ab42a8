//! The U-turn back into the same arm: from an entering lane's centre to a
//! leaving lane's centre beside it on the same mouth, facing the other way.
//!
//! With the lanes `s` apart (sideways, `σ = sign(s)`: +1 when the leaving
//! lane is on the left) and the minimum turning radius `R`:
//! - `|s| ≥ 2R`: one semicircle of radius `|s|/2` turning `σ`;
//! - `|s| < 2R`: a "light bulb" of three arcs of radius `R`: away from the
//!   turn about `C1 = A − σR·left`, round about `C2`, and back about
//!   `C3 = B + σR·left`, where `C2` lies ahead, `2R` from both (`|C1C3| =
//!   |s| + 2R ≤ 4R`); each pair of circles touches at their midpoint.

use crate::geom::{wrap_two_pi, Arc, Path, Point, Pose};
use core::f64::consts::PI;

/// The U-turn from `a` to `b` (`b` on `a`'s cross-section line, heading
/// the other way), every arc at least `min_radius`; `None` when `b` is
/// not beside `a` or the numbers fail.
pub(crate) fn u_turn(a: Pose, b: Pose, min_radius: f64) -> Option<Path> {
    let (dir, left) = (a.direction(), a.left());
    let s = left.dot(b.position() - a.position());
    if !(s.is_finite() && s != 0.0 && min_radius > 0.0) {
        return None;
    }
    let sigma = if s > 0.0 { 1.0 } else { -1.0 };
    if s.abs() >= 2.0 * min_radius {
        let arc = Arc::from_pose(a, s.abs() / 2.0, sigma, PI);
        return Path::single(arc).ok();
    }
    let r = min_radius;
    let c1 = a.position() - left * (sigma * r);
    let c3 = b.position() + left * (sigma * r);
    let half = (s.abs() + 2.0 * r) / 2.0;
    let h = (4.0 * r * r - half * half).max(0.0).sqrt();
    let mid = c1 + (c3 - c1) * 0.5;
    let c2 = mid + dir * h;
    let angle = |from: Point, to: Point| (to - from).angle();
    // Arc 1 about c1, turning -σ, from a to the point facing c2.
    let a1 = Arc::from_pose(a, r, -sigma, 0.0);
    let sweep1 = wrap_two_pi(-sigma * (angle(c1, c2) - a1.start_angle));
    let arc1 = Arc {
        sweep: -sigma * sweep1,
        ..a1
    };
    // Arc 2 about c2, turning σ, from the point facing c1 to the one facing c3.
    let start2 = angle(c2, c1);
    let sweep2 = wrap_two_pi(sigma * (angle(c2, c3) - start2));
    let arc2 = Arc {
        center: c2,
        radius: r,
        start_angle: start2,
        sweep: sigma * sweep2,
        reverse: false,
    };
    // Arc 3 about c3, turning -σ, from the point facing c2 to b.
    let start3 = angle(c3, c2);
    let sweep3 = wrap_two_pi(-sigma * (angle(c3, b.position()) - start3));
    let arc3 = Arc {
        center: c3,
        radius: r,
        start_angle: start3,
        sweep: -sigma * sweep3,
        reverse: false,
    };
    Path::new(vec![arc1.into(), arc2.into(), arc3.into()]).ok()
}
