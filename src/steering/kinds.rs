//! The steering sums of a run of vehicles that share one behaviour set added
//! as a weighted sum, behaviour by behaviour over the whole run: two vehicles
//! at a time ([`crate::geom::lanes`]) for the kinds written out here (seek, flee,
//! separation, alignment and cohesion from the gathered neighbour sums), one
//! at a time through the world's per-vehicle code for every other kind. Each
//! vehicle gets the operations of the per-vehicle code in the same order
//! (`Σ wᵢ·bᵢ` from zero in list order), so the same bits.
//!
//! A new kind needs nothing here (it goes through the per-vehicle code); to
//! run it two vehicles at a time, add its arm to [`weighted`].

use super::behavior::BehaviorKind;
use super::neighbours::Flock;
use super::sets::Entry;
use crate::geom::lanes::{Lanes, Two};
use crate::geom::Vec2;

/// A run of vehicles: their previous positions, velocities and max speeds,
/// and their gathered neighbour sums (by index in the run).
pub(super) struct Run<'a, S, F> {
    pub pos: &'a [[f64; 2]],
    pub vel: &'a [[f64; 2]],
    pub max_speed: &'a [f64],
    /// Separation's sum of the `j`-th vehicle.
    pub sep: S,
    /// Alignment's and cohesion's sums of the `j`-th vehicle.
    pub flock: F,
}

/// One vehicle's own numbers, two vehicles to a vector.
#[derive(Clone, Copy)]
struct Own {
    px: Two,
    py: Two,
    vx: Two,
    vy: Two,
    ms: Two,
}

/// `Σ wᵢ·bᵢ` of every vehicle of `run` for the set of `e` (added as a
/// weighted sum) into `acc` (as long as the run); `other(j, kind)`: the
/// steering vector of a kind not written out here, for the `j`-th vehicle.
#[inline(never)]
pub(super) fn weighted<S, F>(
    run: &Run<'_, S, F>,
    e: &Entry,
    acc: &mut [[f64; 2]],
    mut other: impl FnMut(usize, &BehaviorKind) -> Vec2,
) where
    S: Fn(usize) -> [f64; 2],
    F: Fn(usize) -> Flock,
{
    let n = run
        .pos
        .len()
        .min(run.vel.len())
        .min(run.max_speed.len())
        .min(acc.len());
    for a in acc.iter_mut() {
        *a = [0.0; 2];
    }
    // One seek alone is its force times its weight (not added to zero,
    // which would turn a -0 into +0).
    let alone = e.single_seek.is_some();
    let zero = Two::splat(0.0);
    let q = &e.query;
    for b in e.set.behaviors() {
        let w = Two::splat(b.weight);
        match &b.kind {
            BehaviorKind::Seek { target } => {
                let (tx, ty) = (Two::splat(target.x), Two::splat(target.y));
                each(run, acc, n, w, alone, |o, _, _| {
                    seek(o, tx.sub(o.px), ty.sub(o.py))
                });
            }
            BehaviorKind::Flee { target } => {
                let (tx, ty) = (Two::splat(target.x), Two::splat(target.y));
                each(run, acc, n, w, alone, |o, _, _| {
                    seek(o, o.px.sub(tx), o.py.sub(ty))
                });
            }
            BehaviorKind::Separation { radius } if *radius == q.sep => {
                each(run, acc, n, w, alone, |o, j, k| {
                    let (a, b) = ((run.sep)(j), (run.sep)(k));
                    (
                        Two::new(a[0], b[0]).mul(o.ms),
                        Two::new(a[1], b[1]).mul(o.ms),
                    )
                });
            }
            BehaviorKind::Alignment { radius } if *radius == q.ali => {
                each(run, acc, n, w, alone, |o, j, k| {
                    let (a, b) = ((run.flock)(j), (run.flock)(k));
                    let count = Two::new(a.ali_n, b.ali_n);
                    let mx = Two::new(a.ali[0], b.ali[0]).div(count).sub(o.vx);
                    let my = Two::new(a.ali[1], b.ali[1]).div(count).sub(o.vy);
                    let some = count.gt(zero);
                    (mx.and(some), my.and(some))
                });
            }
            BehaviorKind::Cohesion { radius } if *radius == q.coh => {
                each(run, acc, n, w, alone, |o, j, k| {
                    let (a, b) = ((run.flock)(j), (run.flock)(k));
                    let count = Two::new(a.coh_n, b.coh_n);
                    // Seek the centre `pos + Σ offsets / count`.
                    let tx = o.px.add(Two::new(a.coh[0], b.coh[0]).div(count));
                    let ty = o.py.add(Two::new(a.coh[1], b.coh[1]).div(count));
                    let (fx, fy) = seek(o, tx.sub(o.px), ty.sub(o.py));
                    let some = count.gt(zero);
                    (fx.and(some), fy.and(some))
                });
            }
            kind => {
                for (j, a) in acc.iter_mut().enumerate().take(n) {
                    let f = other(j, kind) * b.weight;
                    *a = if alone {
                        [f.x, f.y]
                    } else {
                        [a[0] + f.x, a[1] + f.y]
                    };
                }
            }
        }
    }
    // Infinities keep their direction (truncate handles them); only NaN
    // (opposite infinities) has none.
    for a in acc.iter_mut() {
        if a[0].is_nan() || a[1].is_nan() {
            *a = [0.0; 2];
        }
    }
}

/// Reynolds' seek along `d`: `normalize(d) · maxSpeed − velocity`, a zero
/// desired velocity where `d` has no direction (as `forces::seek`).
#[inline(always)]
fn seek(o: Own, dx: Two, dy: Two) -> (Two, Two) {
    let len = dx.mul(dx).add(dy.mul(dy)).sqrt();
    let (nx, ny) = (dx.div(len), dy.div(len));
    let unit = len
        .finite()
        .and(len.gt(Two::splat(0.0)))
        .and(nx.finite())
        .and(ny.finite());
    (
        nx.mul(o.ms).and(unit).sub(o.vx),
        ny.mul(o.ms).and(unit).sub(o.vy),
    )
}

/// `acc[j] += f(own, j, k) · w` over the run, two vehicles `j`, `k` at a
/// time (an odd last vehicle fills both lanes); `alone`: the sums start at
/// this behaviour (`f · w`, not `0 + f · w`).
#[inline(always)]
fn each<S, F>(
    run: &Run<'_, S, F>,
    acc: &mut [[f64; 2]],
    n: usize,
    w: Two,
    alone: bool,
    f: impl Fn(Own, usize, usize) -> (Two, Two),
) {
    let pair = |a: [f64; 2], b: [f64; 2]| (Two::new(a[0], b[0]), Two::new(a[1], b[1]));
    for j in (0..n).step_by(2) {
        let k = (j + 1).min(n - 1);
        let (px, py) = pair(run.pos[j], run.pos[k]);
        let (vx, vy) = pair(run.vel[j], run.vel[k]);
        let ms = Two::new(run.max_speed[j], run.max_speed[k]);
        let (fx, fy) = f(Own { px, py, vx, vy, ms }, j, k);
        let (fx, fy) = (fx.mul(w), fy.mul(w));
        let (ax, ay) = pair(acc[j], acc[k]);
        let (sx, sy) = if alone {
            (fx, fy)
        } else {
            (ax.add(fx), ay.add(fy))
        };
        let (sx, sy) = (sx.lanes(), sy.lanes());
        acc[j] = [sx[0], sy[0]];
        acc[k] = [sx[1], sy[1]];
    }
}
