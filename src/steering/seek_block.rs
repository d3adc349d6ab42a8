//! The crowd's commonest case, a vehicle with one weighted seek and
//! ordinary numbers, as short passes over a block of vehicles with the
//! arithmetic of [`World::step`](super::World::step), bit for bit.
//!
//! One vehicle's step is a long chain of dependent square roots and
//! divisions (about a hundred cycles from its position to its next one), too
//! long for the processor to overlap many vehicles. Split in passes (the
//! distance to the target; the seek force; its truncation and the raw
//! velocity; the speed limit, heading and position), each pass is a loop of
//! short independent chains. Any vehicle whose
//! numbers leave the ordinary range (exactly on its target, a force that
//! must shrink below the smallest normal, a speed at rest or beyond 1e150, a
//! result that is not finite) is left to the general code, which gives the
//! same bits as this one in the ordinary range.

use super::behavior::BehaviorSet;
use crate::Point;

/// Vehicles per block: the passes' scratch stays in the L1 cache.
pub(super) const BLOCK: usize = 64;

/// `1 − 2⁻⁵⁰`: below `maxForce² · (1 − 2⁻⁵⁰)` a force is certainly shorter
/// than `maxForce` (see `forces::truncate`).
const SHORTER: f64 = 1.0 - 1.0 / 1_125_899_906_842_624.0;

/// A block's scratch between the passes.
pub(super) struct SeekBlock {
    /// Pass 1: `target − pos`; pass 2: the seek force; pass 3: the raw velocity.
    v: [[f64; 2]; BLOCK],
    /// Pass 1: `|target − pos|`; pass 3: `|raw velocity|`.
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

    /// Passes 1 to 3 over a block (all slices as long, at most [`BLOCK`]):
    /// [`SeekBlock::seek`] then [`SeekBlock::raw`]; `false` when no vehicle
    /// of the block has a single seek (nothing to finish then).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn prepare(
        &mut self,
        pos: &[[f64; 2]],
        vel: &[[f64; 2]],
        sets: &[BehaviorSet],
        max_speed: &[f64],
        max_force: &[f64],
        inv_mass: &[f64],
        mass: &[f64],
        dt: f64,
    ) -> bool {
        if !self.seek(pos, vel, sets, max_speed) {
            return false;
        }
        self.raw(vel, max_force, inv_mass, mass, dt);
        true
    }

    /// Passes 1 and 2 over a block (all slices as long, at most [`BLOCK`]):
    /// the seek force `(unit(target − pos) · maxSpeed − vel) · weight` of
    /// every vehicle with a single seek (as `forces::seek`), and whether its
    /// direction is ordinary. `false` (and nothing done) when no vehicle of
    /// the block has a single seek: the other passes are not needed then.
    #[inline(always)]
    pub(super) fn seek(
        &mut self,
        pos: &[[f64; 2]],
        vel: &[[f64; 2]],
        sets: &[BehaviorSet],
        max_speed: &[f64],
    ) -> bool {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        if simd::seek(self, pos, vel, sets, max_speed) {
            return true;
        }
        if sets.iter().all(|s| s.inner().single_seek.is_none()) {
            return false;
        }
        // Pass 1: `d = target − pos` and `|d|`.
        let scratch = self.v.iter_mut().zip(&mut self.len).zip(&mut self.ok);
        for ((p, set), ((d, len), ok)) in pos.iter().zip(sets).zip(scratch) {
            let t = set.inner().single_seek.map_or(Point::ORIGIN, |(t, _)| t);
            *ok = set.inner().single_seek.is_some();
            *d = [t.x - p[0], t.y - p[1]];
            *len = (d[0] * d[0] + d[1] * d[1]).sqrt();
        }
        // Pass 2: the unit `d / |d|` and the force.
        let scratch = self.v.iter_mut().zip(&self.len).zip(&mut self.ok);
        for (((v, set), &ms), ((d, &len), ok)) in vel.iter().zip(sets).zip(max_speed).zip(scratch) {
            let w = set.inner().single_seek.map_or(0.0, |(_, w)| w);
            let u = [d[0] / len, d[1] / len];
            // Beyond 1e-150 nothing underflows, |d| ≤ len and the unit is
            // finite (shorter and infinite or NaN lengths are left to the
            // general code).
            *ok &= (len > 1e-150) & (len < f64::INFINITY);
            *d = [(u[0] * ms - v[0]) * w, (u[1] * ms - v[1]) * w];
        }
        true
    }

    /// Pass 3: `force = truncate(sum, maxForce)`, `raw = vel + force / mass · dt`
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
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        if simd::raw(self, vel, max_force, inv_mass, mass, dt) {
            return;
        }
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

    /// Pass 4 for the `j`-th vehicle of the block: `vel' = truncate(raw,
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

/// Passes 1 to 3 with wasm's 128-bit vectors, two vehicles per vector
/// (compiled only when the build enables `simd128`). The same operations in
/// the same order as the scalar passes, lane by lane, so the same bits.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd {
    use super::{BehaviorSet, SeekBlock, BLOCK, SHORTER};
    use core::arch::wasm32::*;

    fn lanes(a: [f64; 2], b: [f64; 2]) -> (v128, v128) {
        (f64x2(a[0], b[0]), f64x2(a[1], b[1]))
    }

    fn mask(a: bool, b: bool) -> v128 {
        i64x2(-i64::from(a), -i64::from(b))
    }

    /// Passes 1 and 2 for whole blocks of single-seek vehicles; `false` (nothing
    /// done) for a block with any other vehicle or an odd length.
    pub(super) fn seek(
        b: &mut SeekBlock,
        pos: &[[f64; 2]],
        vel: &[[f64; 2]],
        sets: &[BehaviorSet],
        max_speed: &[f64],
    ) -> bool {
        let n = pos.len();
        if n % 2 != 0
            || n > BLOCK
            || vel.len() != n
            || sets.len() != n
            || max_speed.len() != n
            || sets.iter().any(|s| s.inner().single_seek.is_none())
        {
            return false;
        }
        let tiny = f64x2_splat(1e-150);
        let inf = f64x2_splat(f64::INFINITY);
        for j in (0..n).step_by(2) {
            let (Some((t0, w0)), Some((t1, w1))) =
                (sets[j].inner().single_seek, sets[j + 1].inner().single_seek)
            else {
                return false;
            };
            let (px, py) = lanes(pos[j], pos[j + 1]);
            let (vx, vy) = lanes(vel[j], vel[j + 1]);
            let ms = f64x2(max_speed[j], max_speed[j + 1]);
            let dx = f64x2_sub(f64x2(t0.x, t1.x), px);
            let dy = f64x2_sub(f64x2(t0.y, t1.y), py);
            let len = f64x2_sqrt(f64x2_add(f64x2_mul(dx, dx), f64x2_mul(dy, dy)));
            let (ux, uy) = (f64x2_div(dx, len), f64x2_div(dy, len));
            let ok = v128_and(f64x2_gt(len, tiny), f64x2_lt(len, inf));
            let w = f64x2(w0, w1);
            let sx = f64x2_mul(f64x2_sub(f64x2_mul(ux, ms), vx), w);
            let sy = f64x2_mul(f64x2_sub(f64x2_mul(uy, ms), vy), w);
            b.v[j] = [f64x2_extract_lane::<0>(sx), f64x2_extract_lane::<0>(sy)];
            b.v[j + 1] = [f64x2_extract_lane::<1>(sx), f64x2_extract_lane::<1>(sy)];
            b.ok[j] = i64x2_extract_lane::<0>(ok) != 0;
            b.ok[j + 1] = i64x2_extract_lane::<1>(ok) != 0;
        }
        true
    }

    /// Pass 3 for a block of even length (else `false`, nothing done).
    pub(super) fn raw(
        b: &mut SeekBlock,
        vel: &[[f64; 2]],
        max_force: &[f64],
        inv_mass: &[f64],
        mass: &[f64],
        dt: f64,
    ) -> bool {
        let n = vel.len();
        if n % 2 != 0 || n > BLOCK || max_force.len() != n || inv_mass.len() != n || mass.len() != n
        {
            return false;
        }
        let (shorter, inf) = (f64x2_splat(SHORTER), f64x2_splat(f64::INFINITY));
        let (one, min) = (f64x2_splat(1.0), f64x2_splat(f64::MIN_POSITIVE));
        let (zero, dt) = (f64x2_splat(0.0), f64x2_splat(dt));
        for j in (0..n).step_by(2) {
            let (sx, sy) = lanes(b.v[j], b.v[j + 1]);
            let mut ok = mask(b.ok[j], b.ok[j + 1]);
            let l2 = f64x2_add(f64x2_mul(sx, sx), f64x2_mul(sy, sy));
            let mf = f64x2(max_force[j], max_force[j + 1]);
            let short = v128_and(
                f64x2_le(l2, f64x2_mul(f64x2_mul(mf, mf), shorter)),
                f64x2_lt(l2, inf),
            );
            let (mut fx, mut fy) = (sx, sy);
            if !i64x2_all_true(short) {
                let i = f64x2_div(mf, f64x2_sqrt(l2));
                let shrink = v128_andnot(f64x2_lt(i, one), short);
                // A ratio below the smallest normal needs truncate_scaled.
                ok = v128_and(ok, v128_or(v128_not(shrink), f64x2_ge(i, min)));
                fx = v128_bitselect(f64x2_mul(sx, i), sx, shrink);
                fy = v128_bitselect(f64x2_mul(sy, i), sy, shrink);
            }
            let inv = f64x2(inv_mass[j], inv_mass[j + 1]);
            let (mut ax, mut ay) = (f64x2_mul(fx, inv), f64x2_mul(fy, inv));
            let divide = f64x2_eq(inv, zero);
            if v128_any_true(divide) {
                let m = f64x2(mass[j], mass[j + 1]);
                ax = v128_bitselect(f64x2_div(fx, m), ax, divide);
                ay = v128_bitselect(f64x2_div(fy, m), ay, divide);
            }
            let (vx, vy) = lanes(vel[j], vel[j + 1]);
            let rx = f64x2_add(vx, f64x2_mul(ax, dt));
            let ry = f64x2_add(vy, f64x2_mul(ay, dt));
            let len = f64x2_sqrt(f64x2_add(f64x2_mul(rx, rx), f64x2_mul(ry, ry)));
            b.v[j] = [f64x2_extract_lane::<0>(rx), f64x2_extract_lane::<0>(ry)];
            b.v[j + 1] = [f64x2_extract_lane::<1>(rx), f64x2_extract_lane::<1>(ry)];
            b.len[j] = f64x2_extract_lane::<0>(len);
            b.len[j + 1] = f64x2_extract_lane::<1>(len);
            b.ok[j] = i64x2_extract_lane::<0>(ok) != 0;
            b.ok[j + 1] = i64x2_extract_lane::<1>(ok) != 0;
        }
        true
    }
}
