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

/// Whether the ORCA half-planes of a vehicle moving at `v` against a
/// neighbour at `rel_p` (squared distance `dist2`, as [`vehicle_line`]
/// computes it) moving at `vj`, for the sum of radii `combined` and any
/// horizon of at most `1 / inv_tau`, allow every velocity within `reach` of
/// `v`, for a share of at least ½ — without building them.
///
/// The velocity obstacle lies in the half-plane of relative velocities `x`
/// with `x · p̂ ≥ (d − combined) / τ` (`p̂ = rel_p / d`: a relative velocity
/// that brings the bodies within `combined` of each other by the time `t ≤
/// τ` covers `d − combined` toward the neighbour by then), so the relative
/// velocity `v − vj` is at least `m = (d − combined) / τ − (v − vj) · p̂`
/// from it; and the half-plane (through `v + share · u`, `|u|` that distance,
/// bounded perpendicular to `u`) allows everything within `share · m` of
/// `v`. A shorter horizon only moves the obstacle away. The test asks for
/// `reach < m / 2` with a margin that covers the rounding of the lines
/// (the callers then skip building them: the answer is the same bits).
/// False for overlapping bodies and for numbers that do not compare.
#[inline]
pub(crate) fn allows_within(
    rel_p: Vec2,
    dist2: f64,
    rel_v: Vec2,
    combined: f64,
    inv_tau: f64,
    reach: f64,
) -> bool {
    let d = dist2.sqrt();
    // m · d, and what it must exceed (2 · reach · d plus the margin).
    let md = (d - combined) * d * inv_tau - rel_v.dot(rel_p);
    let slack = 1e-9 * (d * inv_tau + rel_v.x.abs() + rel_v.y.abs() + reach + combined * inv_tau);
    d > combined * (1.0 + 1e-9) && md > (2.0 * reach + slack) * d
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
    fn allows_within_is_only_true_when_the_half_planes_allow_the_disc() {
        let mut rng = crate::test_rng::Xorshift::new(7);
        let mut next = || rng.unit();
        let (mut yes, mut no) = (0, 0);
        for _ in 0..20_000 {
            let rel_p = Vec2::new(next() * 12.0 - 6.0, next() * 12.0 - 6.0);
            let v = Vec2::new(next() * 4.0 - 2.0, next() * 4.0 - 2.0);
            let vj = Vec2::new(next() * 4.0 - 2.0, next() * 4.0 - 2.0);
            let combined = 0.2 + next() * 1.5;
            let (inv_tau, inv_dt) = (1.0 / (0.25 + next() * 3.0), 4.0);
            let reach = next() * next() * 2.0;
            let dist2 = rel_p.length_squared();
            if !allows_within(rel_p, dist2, v - vj, combined, inv_tau, reach) {
                no += 1;
                continue;
            }
            yes += 1;
            for (it, share) in [(inv_tau, 0.5), (inv_tau, 1.0), (inv_dt, 0.5), (inv_dt, 1.0)] {
                let line = vehicle_line(rel_p, v, vj, combined, it, inv_dt, share, || {
                    Vec2::new(1.0, 0.0)
                })
                .unwrap();
                // The farthest point of the disc into the forbidden side, and a ring.
                let worst = v - Vec2::new(-line.dir.y, line.dir.x) * reach;
                assert!(
                    line.violation(worst) <= 0.0,
                    "{rel_p:?} {v:?} {vj:?} {combined} {reach}"
                );
                for k in 0..16 {
                    let a = core::f64::consts::TAU * f64::from(k) / 16.0;
                    let w = v + Vec2::new(libm::cos(a), libm::sin(a)) * reach;
                    assert!(
                        line.violation(w) <= 0.0,
                        "{rel_p:?} {v:?} {vj:?} {combined} {reach}"
                    );
                }
            }
        }
        // Both answers are common in these scenes.
        assert!(yes > 2_000 && no > 2_000, "{yes} {no}");
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
