//! The linear programs of ORCA (RVO2's `linearProgram1/2/3`, in `f64`):
//! the velocity nearest a preferred one inside a disc of max speed and a set
//! of half-planes, added one at a time (Seidel's incremental method, each
//! violated constraint solved on its line in one dimension); and, when the
//! half-planes leave nothing inside the disc, the velocity that violates the
//! vehicle constraints least (the largest distance into a forbidden side
//! as small as it can be), with the static (wall) constraints kept hard.
//!
//! Every operation is an IEEE `+ − × ÷ √`: the same bits natively and in
//! wasm. The order of the lines is the caller's (sorted by neighbour), so
//! the result does not depend on storage.

use crate::geom::Vec2;

/// Two directions whose cross product is within this are parallel (both
/// are unit vectors).
const PARALLEL: f64 = 1e-9;

/// A half-plane of allowed velocities: those on the left of the directed
/// line through `point` along the unit vector `dir`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Line {
    pub point: Vec2,
    pub dir: Vec2,
}

impl Line {
    /// How far `v` is on the forbidden (right) side; ≤ 0 when allowed.
    #[inline]
    pub fn violation(&self, v: Vec2) -> f64 {
        self.dir.cross(self.point - v)
    }
}

/// The best point on line `n` within the disc of `radius` and the lines
/// before it: nearest `opt`, or (with `direction`) farthest along the unit
/// vector `opt`. `None` when nothing on the line is allowed.
fn on_line(lines: &[Line], n: usize, radius: f64, opt: Vec2, direction: bool) -> Option<Vec2> {
    let line = lines[n];
    let dot = line.point.dot(line.dir);
    let disc = dot * dot + radius * radius - line.point.length_squared();
    if disc.is_nan() || disc < 0.0 {
        // The disc is entirely on the forbidden side.
        return None;
    }
    let root = disc.sqrt();
    let (mut t_left, mut t_right) = (-dot - root, -dot + root);
    for other in &lines[..n] {
        let denominator = line.dir.cross(other.dir);
        let numerator = other.dir.cross(line.point - other.point);
        if denominator.abs() <= PARALLEL {
            // Parallel: either this line is all forbidden by the other, or
            // the other adds nothing.
            if numerator < 0.0 {
                return None;
            }
            continue;
        }
        let t = numerator / denominator;
        if denominator >= 0.0 {
            t_right = t_right.min(t);
        } else {
            t_left = t_left.max(t);
        }
        if t_left > t_right {
            return None;
        }
    }
    let t = if direction {
        if opt.dot(line.dir) > 0.0 {
            t_right
        } else {
            t_left
        }
    } else {
        // (Not f64::clamp: its panic path would format floats into the module.)
        crate::geom::math::clamp(line.dir.dot(opt - line.point), t_left, t_right)
    };
    Some(line.point + line.dir * t)
}

/// The velocity nearest `opt` (or with `direction`, farthest along the unit
/// vector `opt`) within the disc and every line, and `lines.len()`; or, when
/// line `k` leaves nothing, the best velocity for the lines before it and `k`.
pub(crate) fn solve(lines: &[Line], radius: f64, opt: Vec2, direction: bool) -> (Vec2, usize) {
    let mut result = if direction {
        opt * radius
    } else {
        start(opt, radius)
    };
    for i in 0..lines.len() {
        if lines[i].violation(result) > 0.0 {
            match on_line(lines, i, radius, opt, direction) {
                Some(v) => result = v,
                None => return (result, i),
            }
        }
    }
    (result, lines.len())
}

/// Where [`solve`] starts for the velocity nearest `opt`: `opt`, or its
/// direction at `radius` when it is outside the disc (what it returns when
/// no line forbids that).
#[inline]
pub(crate) fn start(opt: Vec2, radius: f64) -> Vec2 {
    if opt.length_squared() > radius * radius {
        crate::steering::forces::try_unit(opt).map_or(Vec2::ZERO, |u| u * radius)
    } else {
        opt
    }
}

/// RVO2's third program: from the failure at line `begin`, the velocity
/// that minimises the largest violation of the vehicle lines (those from
/// `statics` on), keeping the first `statics` lines (walls) hard. `scratch`
/// holds the projected lines (kept for its capacity).
pub(crate) fn least_violation(
    lines: &[Line],
    statics: usize,
    begin: usize,
    radius: f64,
    mut result: Vec2,
    scratch: &mut Vec<Line>,
) -> Vec2 {
    let mut distance = 0.0;
    for i in begin..lines.len() {
        if lines[i].violation(result) > distance {
            scratch.clear();
            scratch.extend_from_slice(&lines[..statics]);
            for j in statics..i {
                let determinant = lines[i].dir.cross(lines[j].dir);
                let point = if determinant.abs() <= PARALLEL {
                    if lines[i].dir.dot(lines[j].dir) > 0.0 {
                        // Same direction: j is no further constraint.
                        continue;
                    }
                    (lines[i].point + lines[j].point) * 0.5
                } else {
                    let along = lines[j].dir.cross(lines[i].point - lines[j].point) / determinant;
                    lines[i].point + lines[i].dir * along
                };
                let Some(dir) = crate::steering::forces::try_unit(lines[j].dir - lines[i].dir)
                else {
                    continue;
                };
                scratch.push(Line { point, dir });
            }
            let before = result;
            let away = Vec2::new(-lines[i].dir.y, lines[i].dir.x);
            let (v, failed) = solve(scratch, radius, away, true);
            // Failing here is only rounding (the previous result is
            // feasible by construction): keep it then.
            result = if failed < scratch.len() { before } else { v };
            distance = lines[i].violation(result);
        }
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The half-plane `v.x <= c` (the left of an upward line through x = c).
    fn x_at_most(c: f64) -> Line {
        Line {
            point: Vec2::new(c, 0.0),
            dir: Vec2::new(0.0, 1.0),
        }
    }

    #[test]
    fn nearest_allowed_velocity_inside_the_disc() {
        // Allowed: x <= 0.5 (left of an upward line through x = 0.5).
        let lines = [x_at_most(0.5)];
        assert!(lines[0].violation(Vec2::new(0.0, 0.0)) < 0.0);
        let (v, k) = solve(&lines, 2.0, Vec2::new(1.5, 1.0), false);
        assert_eq!(k, 1);
        assert_eq!(v, Vec2::new(0.5, 1.0));
        // Preferred velocity beyond the disc: its direction at max speed, then the line.
        let (v, _) = solve(&[], 2.0, Vec2::new(0.0, 10.0), false);
        assert_eq!(v, Vec2::new(0.0, 2.0));
        // x <= 0.5 and x >= 1 (a line going down through x = 1): infeasible.
        let lines = [
            x_at_most(0.5),
            Line {
                point: Vec2::new(1.0, 0.0),
                dir: Vec2::new(0.0, -1.0),
            },
        ];
        let (_, k) = solve(&lines, 2.0, Vec2::new(0.0, 0.0), false);
        assert!(k == 1 || k == 0);
        let (v, k) = solve(&lines, 2.0, Vec2::new(3.0, 0.0), false);
        assert_eq!(k, 1);
        // The least violation of two opposite half-planes is their middle.
        let mut scratch = Vec::new();
        let w = least_violation(&lines, 0, k, 2.0, v, &mut scratch);
        assert!((w.x - 0.75).abs() < 1e-12, "{w:?}");
    }
}
