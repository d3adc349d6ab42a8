//! The crowd's commonest case, a vehicle with one weighted seek and
//! ordinary numbers, as three short passes over a block of vehicles with the
//! arithmetic of [`World::step`](super::World::step), bit for bit.
//!
//! One vehicle's step is a long chain of dependent square roots and
//! divisions (about a hundred cycles from its position to its next one), too
//! long for the processor to overlap many vehicles. Split in three (the seek
//! force for a block of vehicles; its truncation and the raw velocity; the
//! speed limit, heading and position), each pass is a loop of short
//! independent chains. Any vehicle whose
//! numbers leave the ordinary range (exactly on its target, a force that
//! must shrink below the smallest normal, a speed at rest or beyond 1e150, a
//! result that is not finite) is left to the general code, which gives the
//! same bits as this one in the ordinary range.

use super::behavior::BehaviorSet;
use crate::Point;
use std::sync::Arc as Shared;

/// Vehicles per block: the passes' scratch stays in the L1 cache.
pub(super) const BLOCK: usize = 64;

/// `1 − 2⁻⁵⁰`: below `maxForce² · (1 − 2⁻⁵⁰)` a force is certainly shorter
/// than `maxForce` (see `forces::truncate`).
const SHORTER: f64 = 1.0 - 1.0 / 1_125_899_906_842_624.0;

/// The first pass: `(unit(target − pos) · maxSpeed − vel) · weight`, and
/// whether it is ordinary (as `forces::seek` with `try_unit` succeeding).
#[inline(always)]
fn seek_sum(
    pos: [f64; 2],
    vel: [f64; 2],
    target: Point,
    weight: f64,
    max_speed: f64,
) -> ([f64; 2], bool) {
    let d = [target.x - pos[0], target.y - pos[1]];
    let len = (d[0] * d[0] + d[1] * d[1]).sqrt();
    let u = [d[0] / len, d[1] / len];
    // Beyond 1e-150 nothing underflows, |d| ≤ len and the unit is finite
    // (shorter and infinite or NaN lengths are left to the general code).
    let ok = (len > 1e-150) & (len < f64::INFINITY);
    let sum = [
        (u[0] * max_speed - vel[0]) * weight,
        (u[1] * max_speed - vel[1]) * weight,
    ];
    (sum, ok)
}

/// A block's scratch between the passes.
pub(super) struct SeekBlock {
    /// Pass 1: the seek force; pass 2: the raw velocity.
    v: [[f64; 2]; BLOCK],
    /// Pass 2: `|raw velocity|`.
    len: [f64; BLOCK],
    /// Whether the vehicle is on the ordinary path so far.
    ok: [bool; BLOCK],
}

impl SeekBlock {
    pub(super) fn new() -> SeekBlock {
        SeekBlock {
            v: [[0.0; 2]; BLOCK],
            len: [0.0; BLOCK],
            ok: [false; BLOCK],
        }
    }

    /// Pass 1 over a block (all slices as long, at most [`BLOCK`]): the
    /// seek force of every vehicle with a single seek.
    #[inline(always)]
    pub(super) fn seek(
        &mut self,
        pos: &[[f64; 2]],
        vel: &[[f64; 2]],
        sets: &[Shared<BehaviorSet>],
        max_speed: &[f64],
    ) {
        let it = pos.iter().zip(vel).zip(sets).zip(max_speed);
        for ((((p, v), set), &ms), (sum, ok)) in it.zip(self.v.iter_mut().zip(&mut self.ok)) {
            (*sum, *ok) = match set.single_seek {
                Some((t, w)) => seek_sum(*p, *v, t, w, ms),
                None => ([0.0; 2], false),
            };
        }
    }

    /// Pass 2: `force = truncate(sum, maxForce)`, `raw = vel + force / mass · dt`
    /// and `|raw|`.
    #[inline(always)]
    pub(super) fn raw(
        &mut self,
        vel: &[[f64; 2]],
        max_force: &[f64],
        inv_mass: &[f64],
        mass: &[f64],
        dt: f64,
    ) {
        let it = vel.iter().zip(max_force).zip(inv_mass).zip(mass);
        let out = self.v.iter_mut().zip(&mut self.len).zip(&mut self.ok);
        for ((((v, &mf), &inv), m), ((sum, len), ok)) in it.zip(out) {
            let s = *sum;
            let l2 = s[0] * s[0] + s[1] * s[1];
            let mut force = s;
            if !((l2 <= mf * mf * SHORTER) & l2.is_finite()) {
                let i = mf / l2.sqrt();
                if i < 1.0 {
                    // A ratio below the smallest normal needs truncate_scaled.
                    *ok &= i >= f64::MIN_POSITIVE;
                    force = [s[0] * i, s[1] * i];
                }
            }
            let accel = if inv != 0.0 {
                [force[0] * inv, force[1] * inv]
            } else {
                divide(force, m)
            };
            let raw = [v[0] + accel[0] * dt, v[1] + accel[1] * dt];
            *sum = raw;
            *len = (raw[0] * raw[0] + raw[1] * raw[1]).sqrt();
        }
    }

    /// Pass 3 for the `j`-th vehicle of the block: `vel' = truncate(raw,
    /// maxSpeed)`, `pos' = pos + vel' · dt`, the heading `vel' / |vel'|`
    /// (the product by `1 / maxSpeed` at full speed), or `None` when the
    /// vehicle is not on the ordinary path.
    #[inline(always)]
    pub(super) fn finish(
        &self,
        j: usize,
        pos: [f64; 2],
        ms: f64,
        inv_max_speed: f64,
        dt: f64,
    ) -> Option<Stepped> {
        let (raw, len, ok) = (*self.v.get(j)?, *self.len.get(j)?, *self.ok.get(j)?);
        // The ordinary numbers of `Prev::advance`: there the shrink
        // `ms / len` is below 1 exactly when `ms < len`.
        let mut ok = ok & (ms > 1e-140) & (len < 1e150) & (len > 1e-9 * ms);
        let full = ms < len;
        let q = (if full { ms } else { 1.0 }) / len;
        let v = if full { [raw[0] * q, raw[1] * q] } else { raw };
        let h = if full {
            [v[0] * inv_max_speed, v[1] * inv_max_speed]
        } else {
            [raw[0] * q, raw[1] * q]
        };
        let p = [pos[0] + v[0] * dt, pos[1] + v[1] * dt];
        // In this range v and h are finite (|h| ≈ 1, |v| ≤ len < 1e150); the
        // position may overflow (the sum of its coordinates is infinite or
        // NaN then, and also when only the sum overflows: left to the
        // general code).
        ok &= (p[0] + p[1]).abs() < f64::INFINITY;
        ok.then_some(Stepped {
            pos: p,
            vel: v,
            head: h,
        })
    }
}

/// One vehicle's next state.
#[derive(Clone, Copy)]
pub(super) struct Stepped {
    pub pos: [f64; 2],
    pub vel: [f64; 2],
    pub head: [f64; 2],
}

/// `force / mass` for a mass without an exact inverse (out of line, so the
/// compiler does not divide for every vehicle and then pick the product).
#[inline(never)]
fn divide(force: [f64; 2], mass: &f64) -> [f64; 2] {
    [force[0] / *mass, force[1] / *mass]
}
