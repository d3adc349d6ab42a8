//! The behaviours as pure functions of one vehicle's previous state. Each
//! returns a steering vector (desired velocity − velocity) and never NaN:
//! zero-length directions give a zero desired velocity.

use super::path_follow::{closest_distance_along, end_of, point_along};
use crate::geom::{Path, Point, Vec2};

/// A circular obstacle for [`BehaviorKind::Avoid`](super::BehaviorKind::Avoid): centre `(x, y)` and
/// radius. As data (the `serde` feature): `{ x, y, radius }`. The same disk
/// as the planner's [`Circle`](crate::planner::Circle), with `From` both ways.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Obstacle {
    /// The centre, x.
    pub x: f64,
    /// The centre, y.
    pub y: f64,
    /// The radius (> 0).
    pub radius: f64,
}

impl Obstacle {
    /// The circle of `radius` around `center`.
    #[must_use]
    pub fn new(center: Point, radius: f64) -> Obstacle {
        Obstacle {
            x: center.x,
            y: center.y,
            radius,
        }
    }

    /// The centre.
    #[inline]
    #[must_use]
    pub fn center(&self) -> Point {
        Point::new(self.x, self.y)
    }
}

/// The planner's disk as a steering obstacle (the same centre and radius).
impl From<crate::planner::Circle> for Obstacle {
    fn from(c: crate::planner::Circle) -> Obstacle {
        Obstacle {
            x: c.x,
            y: c.y,
            radius: c.radius,
        }
    }
}

/// A steering obstacle as the planner's disk (the same centre and radius).
impl From<Obstacle> for crate::planner::Circle {
    fn from(o: Obstacle) -> crate::planner::Circle {
        crate::planner::Circle::new(o.x, o.y, o.radius)
    }
}

/// `|v|` with the hardware square root. `libm::sqrt` is a software routine
/// on stable wasm32; `f64::sqrt` is IEEE-exact everywhere, so this is
/// bit-identical to [`Vec2::length`] and much faster in wasm.
#[inline]
pub fn length(v: Vec2) -> f64 {
    v.length_squared().sqrt()
}

/// `v / |v|`, or `None` for a zero or non-finite vector (as
/// [`Vec2::try_normalize`], bit for bit).
#[inline]
pub fn try_unit(v: Vec2) -> Option<Vec2> {
    let len = length(v);
    if len.is_finite() && len > 0.0 {
        let n = v / len;
        n.is_finite().then_some(n)
    } else {
        None
    }
}

/// Reynolds' `truncate`: scale by `max / |v|` when that is below 1
/// (a zero vector, or `max = 0` with a zero vector, comes back unchanged).
///
/// Vectors clearly shorter than `max` (by a relative margin of 2⁻⁵⁰, far
/// above the rounding of `|v|²` and `max²`) skip the square root: for them
/// Reynolds' `max / |v|` is certainly ≥ 1, so the result is the same bits.
#[inline]
pub fn truncate(v: Vec2, max: f64) -> Vec2 {
    let l2 = v.length_squared();
    if l2 <= max * max * (1.0 - 1.0 / 1_125_899_906_842_624.0) && l2.is_finite() {
        return v;
    }
    let i = max / l2.sqrt();
    if i < 1.0 {
        if i >= f64::MIN_POSITIVE {
            v * i
        } else {
            // |v|² overflowed (i = 0; v · 0 is NaN for an infinite v), the
            // ratio is subnormal, or max is 0: Reynolds' arithmetic has lost
            // the answer (a test only on this path, so ordinary numbers pay
            // one predictable comparison).
            truncate_scaled(v, max)
        }
    } else {
        v
    }
}

/// [`truncate`] where Reynolds' arithmetic loses the answer: `|v|²`
/// overflows (`max / |v|` is 0 and `v · 0` is NaN for an infinite
/// component: a vehicle seeking with weight 1e300 froze), underflows, or
/// `max / |v|` is subnormal (1e-300 / 1.8e17: a max speed of 1e-300 was
/// exceeded). The length comes from `hypot` after an exact power-of-two
/// scaling; infinite components give their direction; NaN gives zero.
/// [`truncate`] calls it only when its ratio is below the smallest normal
/// (so ordinary numbers pay one predictable comparison); the world calls it
/// for velocities whose length over- or underflowed. A force whose square
/// underflows against a max force below 1e-154 is left as Reynolds' arithmetic leaves it.
#[cold]
#[inline(never)]
pub(crate) fn truncate_scaled(v: Vec2, max: f64) -> Vec2 {
    if v.x.is_nan() || v.y.is_nan() {
        return Vec2::ZERO;
    }
    let max = max.max(0.0);
    if !v.is_finite() {
        let sign = |c: f64| if c.is_infinite() { c.signum() } else { 0.0 };
        let dir = Vec2::new(sign(v.x), sign(v.y));
        return try_unit(dir).map_or(Vec2::ZERO, |d| d * max);
    }
    // Exact power-of-two scaling into a range where neither hypot nor the
    // unit vector over- or underflows; max scaled the same way (its own
    // over- or underflow keeps the comparison right).
    let s = if v.x.abs().max(v.y.abs()) > 1.0 {
        f64::from_bits(0x1A70_0000_0000_0000) // 2^-600
    } else {
        f64::from_bits(0x6570_0000_0000_0000) // 2^600
    };
    let u = v * s;
    let len = crate::geom::math::hypot(u.x, u.y);
    if len > max * s {
        (u / len) * max
    } else {
        v
    }
}

/// Reynolds' seek: `normalize(target − position) · maxSpeed − velocity`.
#[inline]
pub fn seek(pos: Point, vel: Vec2, max_speed: f64, target: Point) -> Vec2 {
    let desired = match try_unit(target - pos) {
        Some(d) => d * max_speed,
        None => Vec2::ZERO,
    };
    desired - vel
}

/// `normalize(position − target) · maxSpeed − velocity`.
#[inline]
pub fn flee(pos: Point, vel: Vec2, max_speed: f64, target: Point) -> Vec2 {
    let desired = match try_unit(pos - target) {
        Some(d) => d * max_speed,
        None => Vec2::ZERO,
    };
    desired - vel
}

/// Seek with the desired speed `maxSpeed · min(d / slowing, 1)`, capped at
/// `d / dt` so one step never carries the vehicle past the target.
#[inline]
pub fn arrive(pos: Point, vel: Vec2, max_speed: f64, target: Point, slowing: f64, dt: f64) -> Vec2 {
    let to = target - pos;
    let d = length(to);
    if d.is_nan() || d <= 0.0 {
        return -vel;
    }
    let speed = (max_speed * (d / slowing).min(1.0)).min(d / dt);
    to * (speed / d) - vel
}

/// Where a quarry at `q` moving at `vq` will be when a vehicle at `pos` with
/// `max_speed` could reach it: `q + vq · d / (maxSpeed + |vq|)`.
#[inline]
pub fn predict(pos: Point, max_speed: f64, q: Point, vq: Vec2) -> Point {
    let closing = max_speed + length(vq);
    if closing > 0.0 {
        let t = length(q - pos) / closing;
        if t.is_finite() {
            return q + vq * t;
        }
    }
    q
}

/// Reynolds' wander. `state` is the wander point in the vehicle's frame
/// (x forward, y left), kept on the circle of `radius`; `r1`, `r2` in `[-1, 1)`.
#[allow(clippy::too_many_arguments)]
#[inline]
pub fn wander(
    vel: Vec2,
    heading: Vec2,
    max_speed: f64,
    state: &mut [f64; 2],
    distance: f64,
    radius: f64,
    jitter: f64,
    r1: f64,
    r2: f64,
) -> Vec2 {
    let w = Vec2::new(state[0] + r1 * jitter, state[1] + r2 * jitter);
    let w = try_unit(w).unwrap_or(Vec2::new(1.0, 0.0)) * radius;
    *state = [w.x, w.y];
    let local = Vec2::new(w.x + distance, w.y);
    let dir = Vec2::new(
        local.x * heading.x - local.y * heading.y,
        local.x * heading.y + local.y * heading.x,
    );
    try_unit(dir).unwrap_or(Vec2::ZERO) * max_speed - vel
}

/// Steer around the nearest obstacle in the vehicle's corridor: circles
/// (grown by a margin of one step at full speed) that overlap the strip
/// from just behind the vehicle to `look_ahead` in front. The push is
/// sideways, away from the side the centre is on (dead ahead: to the
/// right), stronger the deeper the overlap and the nearer the obstacle, with
/// a little braking. A vehicle inside a circle heads straight out of it.
pub fn avoid(
    pos: Point,
    vel: Vec2,
    heading: Vec2,
    max_speed: f64,
    obstacles: &[Obstacle],
    look_ahead: f64,
) -> Vec2 {
    let margin = max_speed;
    let mut nearest: Option<(f64, f64, f64)> = None; // (ahead, lateral, grown radius)
    for o in obstacles {
        let d = o.center() - pos;
        if d.length_squared() < o.radius * o.radius {
            let out = try_unit(-d).unwrap_or(-heading);
            return out * max_speed - vel;
        }
        let r = o.radius + margin;
        let ahead = d.dot(heading);
        let lateral = heading.cross(d); // + : obstacle on the left
        if ahead > -r && ahead < look_ahead + r && lateral.abs() < r {
            let closer = match nearest {
                Some((a, _, _)) => ahead < a,
                None => true,
            };
            if closer {
                nearest = Some((ahead, lateral, r));
            }
        }
    }
    let Some((ahead, lateral, r)) = nearest else {
        return Vec2::ZERO;
    };
    let side = if lateral >= 0.0 { -1.0 } else { 1.0 };
    let urgency = 1.0 + ((look_ahead - ahead.max(0.0)) / look_ahead).max(0.0);
    let push = max_speed * (r - lateral.abs()) / r * urgency;
    let brake = max_speed * 0.2 * (1.0 - ahead.max(0.0) / (look_ahead + r)).max(0.0);
    heading.perp() * (side * push) - heading * brake
}

/// Seek the point `look_ahead` past the closest point of `path`; arrive at
/// its end.
pub fn follow_path(
    pos: Point,
    vel: Vec2,
    max_speed: f64,
    path: &Path,
    look_ahead: f64,
    dt: f64,
) -> Vec2 {
    let s = closest_distance_along(path, pos) + look_ahead;
    if s >= path.length() {
        arrive(pos, vel, max_speed, end_of(path), look_ahead, dt)
    } else {
        seek(pos, vel, max_speed, point_along(path, s))
    }
}

/// A direction for two vehicles at exactly the same point, from their ids
/// only (so it does not depend on storage order): the vehicle with the
/// smaller id gets `-u`, the other `u`.
#[inline]
pub fn tie_break(me: u32, other: u32) -> Vec2 {
    let (lo, hi) = if me < other { (me, other) } else { (other, me) };
    let h = super::rng::splitmix64((u64::from(lo) << 32) | u64::from(hi));
    let a = (h >> 40) as f64 / (1u64 << 24) as f64 - 0.5;
    let b = ((h >> 16) & 0xFF_FFFF) as f64 / (1u64 << 24) as f64 - 0.5;
    let u = Vec2::new(a, b)
        .try_normalize()
        .unwrap_or(Vec2::new(1.0, 0.0));
    if me < other {
        -u
    } else {
        u
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reynolds' truncate, written out: `i = max / |v|; if i < 1 { v *= i }`.
    fn seed_truncate(v: Vec2, max: f64) -> Vec2 {
        let i = max / (v.x * v.x + v.y * v.y).sqrt();
        if i < 1.0 {
            v * i
        } else {
            v
        }
    }

    #[test]
    fn truncate_is_the_seeds_bit_for_bit_even_at_the_boundary() {
        let mut rng = crate::test_rng::Xorshift::new(0x2545_F491_4F6C_DD1D);
        let mut next = || rng.unit();
        for _ in 0..200_000 {
            let max = next() * 10.0;
            let angle = next() * core::f64::consts::TAU;
            // Lengths within a few ulps of max, and some far from it.
            let len = if next() < 0.8 {
                max * (1.0 + (next() - 0.5) * 1e-14)
            } else {
                next() * 20.0
            };
            let v = Vec2::new(len * libm::cos(angle), len * libm::sin(angle));
            let (a, b) = (truncate(v, max), seed_truncate(v, max));
            assert_eq!(
                (a.x.to_bits(), a.y.to_bits()),
                (b.x.to_bits(), b.y.to_bits()),
                "{v:?} {max}"
            );
        }
        for (v, max) in [
            (Vec2::ZERO, 0.0),
            (Vec2::ZERO, 1.0),
            (Vec2::new(3.0, 4.0), 1e300),
        ] {
            let (a, b) = (truncate(v, max), seed_truncate(v, max));
            assert_eq!(
                (a.x.to_bits(), a.y.to_bits()),
                (b.x.to_bits(), b.y.to_bits()),
                "{v:?} {max}"
            );
        }
        // Where |v|² overflows Reynolds' max / |v| is 0 (and v · 0 is NaN
        // for an infinite v): here the direction survives at length max.
        let h = core::f64::consts::FRAC_1_SQRT_2;
        for v in [
            Vec2::new(1e300, 1e300),
            Vec2::new(f64::INFINITY, f64::INFINITY),
        ] {
            let a = truncate(v, 1.0);
            assert!(
                (a.x - h).abs() < 1e-15 && (a.y - h).abs() < 1e-15,
                "{v:?}: {a:?}"
            );
        }
        // A max of 0 gives 0; the scaled path also handles underflow and NaN
        // (which the world calls directly for velocities).
        assert_eq!(truncate(Vec2::new(3.0, -4.0), 0.0), Vec2::ZERO);
        let t = truncate_scaled(Vec2::new(3e-300, 4e-300), 1e-300);
        assert!((t.x - 0.6e-300).abs() < 1e-315 && (t.y - 0.8e-300).abs() < 1e-315);
        assert_eq!(truncate_scaled(Vec2::new(f64::NAN, 0.0), 1.0), Vec2::ZERO);
    }

    #[test]
    fn zero_directions_give_zero_not_nan() {
        let p = Point::new(1.0, 1.0);
        assert_eq!(seek(p, Vec2::ZERO, 2.0, p), Vec2::ZERO);
        assert_eq!(flee(p, Vec2::ZERO, 2.0, p), Vec2::ZERO);
        assert_eq!(
            arrive(p, Vec2::new(1.0, 0.0), 2.0, p, 3.0, 1.0),
            Vec2::new(-1.0, 0.0)
        );
        let mut w = [0.0, 0.0];
        let f = wander(
            Vec2::ZERO,
            Vec2::new(1.0, 0.0),
            1.0,
            &mut w,
            0.0,
            1.0,
            0.0,
            0.0,
            0.0,
        );
        assert!(f.is_finite());
        assert!(tie_break(3, 4).is_finite() && (tie_break(3, 4) + tie_break(4, 3)).length() == 0.0);
    }
}
