//! A block of vehicles stepped in short passes with the arithmetic of
//! [`World::step`](super::World::step), bit for bit: the world puts in each
//! vehicle's steering sum, then one pass truncates it to the maximum force
//! and gives the raw velocity, and another the speed limit, heading and
//! position.
//!
//! One vehicle's step is a long chain of dependent square roots and
//! divisions (about a hundred cycles from its position to its next one), too
//! long for the processor to overlap many vehicles. Split in passes, each
//! pass is a loop of short independent chains, two vehicles at a time
//! ([`crate::geom::lanes`]). Any vehicle whose numbers leave the ordinary range (a
//! force that must shrink below the smallest normal, a speed at rest or
//! beyond 1e150, a result that is not finite) is left to the general code,
//! which gives the same bits as this one in the ordinary range.

use crate::geom::lanes::{Lanes, Two};
use crate::Vec2;
use core::ops::Range;

/// Vehicles per block: the passes' scratch stays in the L1 cache.
pub(super) const BLOCK: usize = 64;

/// `1 − 2⁻⁵⁰`: below `maxForce² · (1 − 2⁻⁵⁰)` a force is certainly shorter
/// than `maxForce` (see `forces::truncate`).
const SHORTER: f64 = 1.0 - 1.0 / 1_125_899_906_842_624.0;

/// A block's scratch between the passes.
pub(super) struct Block {
    /// The steering sums; after [`Block::raw`], the raw velocities.
    v: [[f64; 2]; BLOCK],
    /// The steering sums (kept for the vehicles left to the general code).
    sum: [[f64; 2]; BLOCK],
    /// `|raw velocity|`.
    len: [f64; BLOCK],
    /// Whether the vehicle is on the ordinary path so far.
    ok: [bool; BLOCK],
}

impl Block {
    pub(super) fn new() -> Block {
        Block {
            v: [[0.0; 2]; BLOCK],
            sum: [[0.0; 2]; BLOCK],
            len: [0.0; BLOCK],
            ok: [false; BLOCK],
        }
    }

    /// Gives the `j`-th vehicle its steering sum.
    #[inline(always)]
    pub(super) fn put(&mut self, j: usize, sum: [f64; 2]) {
        if let (Some(v), Some(s), Some(ok)) =
            (self.v.get_mut(j), self.sum.get_mut(j), self.ok.get_mut(j))
        {
            (*v, *s, *ok) = (sum, sum, true);
        }
    }

    /// The steering sums of vehicles `r`, to be written in place (for
    /// example by [`super::kinds::weighted`]) and then given to them by
    /// [`Block::accept`].
    #[inline(always)]
    pub(super) fn sums(&mut self, r: Range<usize>) -> &mut [[f64; 2]] {
        let r = r.start.min(BLOCK)..r.end.min(BLOCK);
        &mut self.v[r]
    }

    /// Gives vehicles `r` the steering sums written into [`Block::sums`].
    #[inline(always)]
    pub(super) fn accept(&mut self, r: Range<usize>) {
        for j in r {
            if let (Some(v), Some(s), Some(ok)) =
                (self.v.get(j), self.sum.get_mut(j), self.ok.get_mut(j))
            {
                (*s, *ok) = (*v, true);
            }
        }
    }

    /// The sum put in for the `j`-th vehicle.
    #[inline(always)]
    pub(super) fn sum(&self, j: usize) -> Vec2 {
        let s = self.sum.get(j).copied().unwrap_or_default();
        Vec2::new(s[0], s[1])
    }

    /// Over the block's first `vel.len()` vehicles (all slices as long, at
    /// most [`BLOCK`]): `force = truncate(sum, maxForce)`,
    /// `raw = vel + force / mass · dt` and `|raw|`.
    #[inline(never)]
    pub(super) fn raw(
        &mut self,
        vel: &[[f64; 2]],
        max_force: &[f64],
        inv_mass: &[f64],
        mass: &[f64],
        dt: f64,
    ) {
        let n = vel
            .len()
            .min(max_force.len())
            .min(inv_mass.len())
            .min(mass.len())
            .min(BLOCK);
        let (shorter, inf) = (Two::splat(SHORTER), Two::splat(f64::INFINITY));
        let (one, min) = (Two::splat(1.0), Two::splat(f64::MIN_POSITIVE));
        let (zero, dt) = (Two::splat(0.0), Two::splat(dt));
        let mask = |b: bool| f64::from_bits(u64::from(b).wrapping_neg());
        let pair = |a: &[f64], j: usize, k: usize| Two::new(a[j], a[k]);
        for j in (0..n).step_by(2) {
            // An odd last vehicle fills both lanes.
            let k = (j + 1).min(n - 1);
            let (sx, sy) = (
                Two::new(self.v[j][0], self.v[k][0]),
                Two::new(self.v[j][1], self.v[k][1]),
            );
            let mut ok = Two::new(mask(self.ok[j]), mask(self.ok[k]));
            let l2 = sx.mul(sx).add(sy.mul(sy));
            let mf = pair(max_force, j, k);
            let short = l2.le(mf.mul(mf).mul(shorter)).and(l2.lt(inf));
            let (mut fx, mut fy) = (sx, sy);
            if !short.all() {
                let i = mf.div(l2.sqrt());
                let shrink = i.lt(one).and_not(short);
                // A ratio below the smallest normal needs truncate_scaled.
                ok = ok.and_not(shrink.and_not(i.ge(min)));
                fx = sx.mul(i).select(sx, shrink);
                fy = sy.mul(i).select(sy, shrink);
            }
            let inv = pair(inv_mass, j, k);
            let (mut ax, mut ay) = (fx.mul(inv), fy.mul(inv));
            let divide = inv.eq(zero);
            if divide.any() {
                let m = pair(mass, j, k);
                ax = fx.div(m).select(ax, divide);
                ay = fy.div(m).select(ay, divide);
            }
            let (vx, vy) = (
                Two::new(vel[j][0], vel[k][0]),
                Two::new(vel[j][1], vel[k][1]),
            );
            let rx = vx.add(ax.mul(dt));
            let ry = vy.add(ay.mul(dt));
            let len = rx.mul(rx).add(ry.mul(ry)).sqrt();
            let (rx, ry, len, ok) = (rx.lanes(), ry.lanes(), len.lanes(), ok.lanes());
            for (lane, at) in [j, k].into_iter().enumerate() {
                self.v[at] = [rx[lane], ry[lane]];
                self.len[at] = len[lane];
                self.ok[at] = ok[lane].to_bits() != 0;
            }
        }
    }

    /// For the `j`-th vehicle: `vel' = truncate(raw, maxSpeed)`,
    /// `pos' = pos + vel' · dt`, the heading `vel' / |vel'|` (the product by
    /// `1 / maxSpeed` at full speed), or `None` when the vehicle is not on
    /// the ordinary path.
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
        // The ordinary numbers of `Prev::integrate`: there the shrink
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
#[derive(Clone, Copy, Default)]
pub(super) struct Stepped {
    pub pos: [f64; 2],
    pub vel: [f64; 2],
    pub head: [f64; 2],
}
