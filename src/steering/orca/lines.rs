//! The half-planes of allowed velocities: one per neighbouring vehicle (the
//! ORCA construction of van den Berg et al., as RVO2's `computeNewVelocity`
//! builds it) and one per nearby wall.

use super::program::Line;
use crate::geom::Vec2;

/// The ORCA half-plane of a vehicle moving at `v` against a neighbour at
/// `rel_p` (its position minus the vehicle's) moving at `vj`, for the sum of
/// their radii `combined`, time horizon `1 / inv_tau` and step `1 / inv_dt`,
/// the vehicle taking `share` of the avoidance (½ when the neighbour avoids
/// too, 1 when it does not). `apart` gives the way out (a unit vector, for
/// the vehicle's velocity relative to the neighbour's) when the overlap
/// gives none: they are at the same point with the same velocity, or the
/// relative velocity would take the vehicle exactly onto the neighbour's
/// place in one step (from their ids, so the two get opposite ones). `None`
/// for numbers too
/// large to give a finite line.
///
/// Let `u` be the smallest change of the relative velocity `v − vj` that
/// takes it out of the velocity obstacle (the velocities that bring the two
/// within `combined` of each other before the horizon; when they already
/// overlap, within one step): the half-plane is bounded by the line through
/// `v + share · u` perpendicular to `u`.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn vehicle_line(
    rel_p: Vec2,
    v: Vec2,
    vj: Vec2,
    combined: f64,
    inv_tau: f64,
    inv_dt: f64,
    share: f64,
    apart: impl FnOnce() -> Vec2,
) -> Option<Line> {
    let rel_v = v - vj;
    let dist2 = rel_p.length_squared();
    let r2 = combined * combined;
    let (dir, u);
    if dist2 > r2 {
        // Not touching: w runs from the centre of the cut-off circle (the
        // obstacle scaled down to the horizon) to the relative velocity.
        let w = rel_v - rel_p * inv_tau;
        let w2 = w.length_squared();
        let dot = w.dot(rel_p);
        if dot < 0.0 && dot * dot > r2 * w2 {
            // Nearest the cut-off circle.
            let wl = w2.sqrt();
            let unit = w / wl;
            dir = Vec2::new(unit.y, -unit.x);
            u = unit * (combined * inv_tau - wl);
        } else {
            // Nearest one of the two legs of the cone.
            let leg = (dist2 - r2).sqrt();
            dir = if rel_p.cross(w) > 0.0 {
                Vec2::new(
                    rel_p.x * leg - rel_p.y * combined,
                    rel_p.x * combined + rel_p.y * leg,
                ) / dist2
            } else {
                -Vec2::new(
                    rel_p.x * leg + rel_p.y * combined,
                    -rel_p.x * combined + rel_p.y * leg,
                ) / dist2
            };
            u = dir * rel_v.dot(dir) - rel_v;
        }
    } else {
        // Overlapping: get apart within one step (the cut-off circle of
        // the step).
        let w = rel_v - rel_p * inv_dt;
        let wl = w.length_squared().sqrt();
        let unit = if wl > 0.0 { w / wl } else { apart() };
        dir = Vec2::new(unit.y, -unit.x);
        u = unit * (combined * inv_dt - wl);
    }
    let line = Line {
        point: v + u * share,
        dir,
    };
    (line.point.is_finite() && line.dir.is_finite()).then_some(line)
}

/// The half-plane that keeps a body of `radius` at distance `d` from a
/// wall (a polygon edge or a circle; `n` the unit direction from the wall's
/// nearest point to the body) clear of it for the horizon: `v · n ≥ (radius −
/// d) / τ`. The distance to a convex shape is convex along any straight
/// motion, so this is enough to stay clear until the horizon. A body already
/// touching must get out within a step (no faster than its max speed).
#[inline]
pub(crate) fn wall_line(
    n: Vec2,
    d: f64,
    radius: f64,
    inv_tau: f64,
    inv_dt: f64,
    max_speed: f64,
) -> Line {
    let gap = radius - d;
    let c = if gap < 0.0 {
        gap * inv_tau
    } else {
        (gap * inv_dt).min(max_speed)
    };
    at_least(n, c)
}

/// The half-plane `v · n ≥ c` (`n` a unit vector).
#[inline]
pub(crate) fn at_least(n: Vec2, c: f64) -> Line {
    Line {
        point: n * c,
        dir: Vec2::new(n.y, -n.x),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn head_on_vehicles_each_take_half_of_the_way_out() {
        // Two bodies of radius 0.5, 4 apart, closing at 2 (1 each); horizon 4.
        let a = vehicle_line(
            Vec2::new(4.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(-1.0, 0.0),
            1.0,
            0.25,
            1.0,
            0.5,
            || Vec2::new(1.0, 0.0),
        )
        .unwrap();
        let b = vehicle_line(
            Vec2::new(-4.0, 0.0),
            Vec2::new(-1.0, 0.0),
            Vec2::new(1.0, 0.0),
            1.0,
            0.25,
            1.0,
            0.5,
            || Vec2::new(-1.0, 0.0),
        )
        .unwrap();
        // Each forbids its own present velocity, and the two lines are
        // mirror images of each other.
        assert!(a.violation(Vec2::new(1.0, 0.0)) > 0.0);
        assert!(b.violation(Vec2::new(-1.0, 0.0)) > 0.0);
        assert!((a.point.x + b.point.x).abs() < 1e-15 && (a.point.y + b.point.y).abs() < 1e-15);
        // Head-on, each line passes through the origin (the leg of the cone
        // does): stopping is just allowed.
        assert!(a.violation(Vec2::ZERO).abs() < 1e-12 && b.violation(Vec2::ZERO).abs() < 1e-12);
        // Both pass on their right: the allowed side is to the right (-y) of travel.
        assert!(a.violation(Vec2::new(1.0, -1.0)) < 0.0 && a.violation(Vec2::new(1.0, 1.0)) > 0.0);
    }

    #[test]
    fn a_wall_line_allows_what_keeps_clear_until_the_horizon() {
        // Wall below (n up), body 0.5 from touching, horizon 2: closing at
        // most 0.25 toward it.
        let l = wall_line(Vec2::new(0.0, 1.0), 1.0, 0.5, 0.5, 1.0, 3.0);
        assert!(l.violation(Vec2::new(7.0, -0.25)) <= 1e-15);
        assert!(l.violation(Vec2::new(0.0, -0.3)) > 0.0);
        // Touching (0.25 deep): out at 0.25 a step at least.
        let l = wall_line(Vec2::new(0.0, 1.0), 0.25, 0.5, 0.5, 1.0, 3.0);
        assert!(l.violation(Vec2::new(0.0, 0.25)) <= 0.0 && l.violation(Vec2::new(0.0, 0.2)) > 0.0);
    }
}
