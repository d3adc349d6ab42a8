//! The Dubins words' mirror pairs (LSL/RSR, LSR/RSL) in the two lanes of
//! wasm's `f64x2`: the same arithmetic on the other pair of circles, so one
//! instruction serves both words. The same operations in the same order as
//! the scalar [`same_side_length`](super::same_side_length) and
//! [`cross_exceeds`](super::cross_exceeds), lane by lane (IEEE, no fused
//! multiply-add), so the same bits; selects are bit masks, not branches
//! (V8 turns every scalar `f64` select into a branch).

use super::super::trig::simd::{acos_0_1_x2, add, atan2_x2, k, mul, sub};
use super::{same_side, wrap, Frame, FRAC_PI_2, FULL_TURN_SNAP, NEAR, PI, PSEUDO_MARGIN, TAU};
use core::arch::wasm32::*;

#[inline(always)]
fn lane0(v: v128) -> f64 {
    f64x2_extract_lane::<0>(v)
}
#[inline(always)]
fn lane1(v: v128) -> f64 {
    f64x2_extract_lane::<1>(v)
}

/// The sign bit in lane 1 only: `xor` negates the right-hand word's lane.
#[inline(always)]
fn negate_lane1() -> v128 {
    i64x2(0, i64::MIN)
}

/// The circle centres as vectors, `(left, right)` lanes: the start's and
/// the goal's, and the offsets from one to the other of LSL and RSR with
/// their squared length and length (RLR and LRL use the same circles,
/// lanes swapped).
#[derive(Clone, Copy)]
pub(super) struct Centres {
    sx: v128,
    sy: v128,
    gx: v128,
    gy: v128,
    dx: v128,
    dy: v128,
    d2: v128,
    d: v128,
}

impl Centres {
    #[inline(always)]
    pub(super) fn new(f: &Frame) -> Centres {
        let sx = f64x2(f.ls.x, f.rs.x);
        let sy = f64x2(f.ls.y, f.rs.y);
        let gx = f64x2(f.lg.x, f.rg.x);
        let gy = f64x2(f.lg.y, f.rg.y);
        let dx = sub(gx, sx);
        let dy = sub(gy, sy);
        let d2 = add(mul(dx, dx), mul(dy, dy));
        Centres {
            sx,
            sy,
            gx,
            gy,
            dx,
            dy,
            d2,
            d: f64x2_sqrt(d2),
        }
    }
}

/// The lanes swapped.
#[inline(always)]
fn swap(v: v128) -> v128 {
    i64x2_shuffle::<1, 0>(v, v)
}

/// Two headings [`wrap`](super::wrap)ped at once.
#[inline(always)]
pub(super) fn wrap_pair(a: f64, b: f64) -> (f64, f64) {
    let w = wrap_x2(f64x2(a, b));
    (lane0(w), lane1(w))
}

/// The frame's total turns left and right (`wrap(hg − h0)`,
/// `wrap(h0 − hg)`) and their [`pseudo_angle`](super::pseudo_angle)s from
/// the headings' cosines and sines.
#[inline(always)]
pub(super) fn turns(h0: f64, hg: f64, c0: f64, s0: f64, cg: f64, sg: f64) -> (f64, f64, f64, f64) {
    let delta = wrap_x2(sub(f64x2(hg, h0), f64x2(h0, hg)));
    // cos and sin of hg − h0 (left), its sine negated the other way round.
    let c = k(c0 * cg + s0 * sg);
    let s = sub(f64x2(c0 * sg, s0 * cg), f64x2(s0 * cg, c0 * sg));
    let pd = v128_bitselect(sub(k(1.0), c), add(k(3.0), c), f64x2_ge(s, k(0.0)));
    (lane0(delta), lane1(delta), lane0(pd), lane1(pd))
}

/// `(LSL, RSR)` lengths: [`same_side_length`](super::same_side_length) of
/// both in one pass, each lane outside its shortcut's safe zone handed to
/// the exact [`same_side`].
#[inline(always)]
pub(super) fn same_side_lengths(f: &Frame, c: &Centres) -> (f64, f64) {
    let r = f.r;
    let (dx, dy, d2, d) = (c.dx, c.dy, c.d2, c.d);
    let tol = NEAR * r;
    let far = f64x2_gt(d2, k(tol * tol));
    let (c0, s0) = (k(f.c0), k(f.s0));
    let dc = add(mul(c0, dx), mul(s0, dy));
    let ds = v128_xor(sub(mul(c0, dy), mul(s0, dx)), negate_lane1());
    let dp1 = v128_bitselect(sub(d, dc), add(mul(k(3.0), d), dc), f64x2_ge(ds, k(0.0)));
    let pd = f64x2(f.pseudo_delta_left, f.pseudo_delta_right);
    let delta = f64x2(f.delta_left, f.delta_right);
    let m = mul(k(PSEUDO_MARGIN), d);
    let dpd = mul(pd, d);
    let ok = v128_and(
        v128_and(
            v128_and(far, f64x2_gt(dp1, m)),
            f64x2_lt(dp1, sub(mul(k(4.0), d), m)),
        ),
        v128_and(
            v128_and(
                f64x2_gt(pd, k(PSEUDO_MARGIN)),
                f64x2_lt(pd, k(4.0 - PSEUDO_MARGIN)),
            ),
            f64x2_gt(f64x2_abs(sub(dp1, dpd)), m),
        ),
    );
    let turns = add(delta, v128_and(f64x2_gt(dp1, dpd), k(TAU)));
    let len = add(mul(k(r), turns), d);
    if i64x2_all_true(ok) {
        return (lane0(len), lane1(len));
    }
    let lsl = if i64x2_extract_lane::<0>(ok) != 0 {
        lane0(len)
    } else {
        same_side(f, true).length(r)
    };
    let rsr = if i64x2_extract_lane::<1>(ok) != 0 {
        lane1(len)
    } else {
        same_side(f, false).length(r)
    };
    (lsl, rsr)
}

/// The lengths of LSR and RSL (as [`cross_solution`](super::cross_solution)),
/// each `Some` only when the word is feasible and neither `p > bound` nor
/// [`cross_exceeds`](super::cross_exceeds) rules it out; the two `atan2`s in
/// one pass.
#[inline(always)]
pub(super) fn cross_lengths(f: &Frame, c: &Centres, bound: f64) -> (Option<f64>, Option<f64>) {
    // LSR from ls to rg, RSL from rs to lg.
    let vx = sub(swap(c.gx), c.sx);
    let vy = sub(swap(c.gy), c.sy);
    let two_r = 2.0 * f.r;
    let d2 = add(mul(vx, vx), mul(vy, vy));
    let p2 = sub(d2, k(two_r * two_r));
    let feasible = f64x2_ge(p2, k(0.0));
    if !v128_any_true(feasible) {
        return (None, None);
    }
    let p = f64x2_sqrt(p2);
    let b = k(bound);
    // cross_direction: LSR (p·vx − 2r·vy, p·vy + 2r·vx), RSL with −2r.
    let tr = f64x2(two_r, -two_r);
    let ux = sub(mul(p, vx), mul(tr, vy));
    let uy = add(mul(p, vy), mul(tr, vx));
    let rel = |c: f64, s: f64| {
        let (c, s) = (k(c), k(s));
        (
            add(mul(ux, c), mul(uy, s)),
            v128_xor(sub(mul(uy, c), mul(ux, s)), negate_lane1()),
        )
    };
    let (c1, s1) = rel(f.c0, f.s0);
    let (c3, s3) = rel(f.cg, f.sg);
    let (k1, m1) = angle_lower_bound(c1, s1, d2);
    let (k3, m3) = angle_lower_bound(c3, s3, d2);
    let r = k(f.r);
    let exceeds = f64x2_gt(
        mul(r, add(m1, m3)),
        mul(sub(sub(b, p), mul(mul(r, add(k1, k3)), k(FRAC_PI_2))), d2),
    );
    let need = v128_andnot(v128_andnot(feasible, f64x2_gt(p, b)), exceeds);
    if !v128_any_true(need) {
        return (None, None);
    }
    // LSR turns ψ − h0 then ψ − hg, RSL h0 − ψ then hg − ψ.
    let psi = atan2_x2(uy, ux);
    let first = i64x2(-1, 0);
    let (h0, hg) = (k(f.h0), k(f.hg));
    let a1 = sweep_x2(sub(
        v128_bitselect(psi, h0, first),
        v128_bitselect(h0, psi, first),
    ));
    let a3 = sweep_x2(sub(
        v128_bitselect(psi, hg, first),
        v128_bitselect(hg, psi, first),
    ));
    let len = add(mul(r, add(a1, a3)), p);
    (
        (i64x2_extract_lane::<0>(need) != 0).then(|| lane0(len)),
        (i64x2_extract_lane::<1>(need) != 0).then(|| lane1(len)),
    )
}

/// The lengths of RLR and LRL (as [`shortest`](super::shortest) finds them):
/// each `Some` only when the word is feasible and neither lower bound on its
/// turns is above `bound`; the `acos`s and `atan2`s in one pass each.
#[inline(always)]
pub(super) fn ccc_lengths(f: &Frame, c: &Centres, bound: f64) -> (Option<f64>, Option<f64>) {
    let r = f.r;
    // RLR on the right circles (RSR's), LRL on the left ones (LSL's).
    let (dx, dy, d2) = (swap(c.dx), swap(c.dy), swap(c.d2));
    let four_r = 4.0 * r;
    let feasible = f64x2_le(d2, k(four_r * four_r));
    if !v128_any_true(feasible) {
        return (None, None);
    }
    let d = swap(c.d);
    let b = k(bound);
    let rv = k(r);
    let delta = f64x2(f.delta_left, f.delta_right);
    // ccc_turns_lower_bound_from(2πr − πd/4, r·Δ).
    let mid_min = sub(k(TAU * r), mul(mul(k(PI), d), k(0.25)));
    let rdelta = mul(rv, delta);
    let lb1 = v128_bitselect(
        rdelta,
        sub(mul(k(2.0), mid_min), rdelta),
        f64x2_gt(rdelta, mid_min),
    );
    let pass = v128_andnot(feasible, f64x2_gt(lb1, b));
    if !v128_any_true(pass) {
        return (None, None);
    }
    let beta = acos_0_1_x2(f64x2_div(d, k(four_r)));
    let mid = add(k(PI), mul(k(2.0), beta));
    // ccc_turns_lower_bound(mid, Δ).
    let w = wrap_x2(sub(mid, delta));
    let lb2 = add(mid, v128_and(w, f64x2_lt(w, k(TAU - 1e-6))));
    let need = v128_andnot(pass, f64x2_gt(mul(rv, lb2), b));
    if !v128_any_true(need) {
        return (None, None);
    }
    // three_arcs_with: RLR θ1 = φ − β, θ2 = φ + π + β; LRL with −β.
    let phi = v128_andnot(atan2_x2(dy, dx), f64x2_le(d, k(NEAR * r)));
    let sbeta = v128_xor(beta, negate_lane1());
    let theta1 = sub(phi, sbeta);
    let theta2 = add(add(phi, k(PI)), sbeta);
    let first = i64x2(-1, 0);
    // RLR: a1 = (h0 + π/2) − θ1, a3 = θ2 − (hg + π/2); LRL:
    // a1 = θ1 − (h0 − π/2), a3 = (hg − π/2) − θ2.
    let (h0l, h0r) = (k(f.h0 + FRAC_PI_2), k(f.h0 - FRAC_PI_2));
    let (hgl, hgr) = (k(f.hg + FRAC_PI_2), k(f.hg - FRAC_PI_2));
    let a1 = sweep_x2(sub(
        v128_bitselect(h0l, theta1, first),
        v128_bitselect(theta1, h0r, first),
    ));
    let a3 = sweep_x2(sub(
        v128_bitselect(theta2, hgr, first),
        v128_bitselect(hgl, theta2, first),
    ));
    let len = mul(rv, add(add(a1, mid), a3));
    (
        (i64x2_extract_lane::<0>(need) != 0).then(|| lane0(len)),
        (i64x2_extract_lane::<1>(need) != 0).then(|| lane1(len)),
    )
}

/// [`wrap`](super::wrap) lane by lane: one subtraction of `k·2π`, each lane
/// it leaves out of range handed to the scalar `wrap`.
#[inline(always)]
fn wrap_x2(x: v128) -> v128 {
    let one = k(1.0);
    let kk = sub(
        sub(
            v128_and(f64x2_ge(x, k(TAU)), one),
            v128_and(f64x2_lt(x, k(0.0)), one),
        ),
        v128_and(f64x2_lt(x, k(-TAU)), one),
    );
    let w = sub(x, mul(kk, k(TAU)));
    let ok = v128_and(f64x2_ge(w, k(0.0)), f64x2_lt(w, k(TAU)));
    if i64x2_all_true(ok) {
        return w;
    }
    f64x2(
        if i64x2_extract_lane::<0>(ok) != 0 {
            lane0(w)
        } else {
            wrap(lane0(x))
        },
        if i64x2_extract_lane::<1>(ok) != 0 {
            lane1(w)
        } else {
            wrap(lane1(x))
        },
    )
}

/// [`sweep`](super::sweep) lane by lane, on [`wrap_x2`].
#[inline(always)]
fn sweep_x2(x: v128) -> v128 {
    let a = wrap_x2(x);
    add(v128_and(a, f64x2_lt(a, k(TAU - FULL_TURN_SNAP))), k(0.0))
}

/// [`angle_lower_bound`](super::angle_lower_bound) lane by lane, with bit
/// masks for its branches.
#[inline(always)]
fn angle_lower_bound(c: v128, s: v128, m: v128) -> (v128, v128) {
    let zero = k(0.0);
    let s_ge = f64x2_ge(s, zero);
    let c_ge = f64x2_ge(c, zero);
    let c_lt = f64x2_lt(c, zero);
    let tiny = f64x2_gt(s, mul(k(-1e-6), m));
    // s < 0: (2, −s) when c < 0, else (0, 0) when s is tiny, else (3, c).
    let neg_k = v128_bitselect(k(2.0), v128_andnot(k(3.0), tiny), c_lt);
    let neg_m = v128_bitselect(f64x2_neg(s), v128_andnot(c, tiny), c_lt);
    // s ≥ 0: (0, s) when c ≥ 0, else (1, −c).
    let pos_k = v128_andnot(k(1.0), c_ge);
    let pos_m = v128_bitselect(s, f64x2_neg(c), c_ge);
    (
        v128_bitselect(pos_k, neg_k, s_ge),
        v128_bitselect(pos_m, neg_m, s_ge),
    )
}
