//! The Dubins words' mirror pairs (LSL/RSR, LSR/RSL) in the two lanes of
//! [`Two`] (wasm's `f64x2`): the same arithmetic on the other pair of
//! circles, so one instruction serves both words. The same operations in
//! the same order as the scalar [`same_side_length`](super::same_side_length)
//! and [`cross_exceeds`](super::cross_exceeds), lane by lane (IEEE, no fused
//! multiply-add), so the same bits; selects are bit masks, not branches
//! (V8 turns every scalar `f64` select into a branch).

use super::super::trig::simd::{acos_0_1_x2, atan2_x2};
use super::frame::{wrap, Frame, FULL_TURN_SNAP, NEAR, PSEUDO_MARGIN};
use crate::geom::lanes::{Lanes, Two};
use core::f64::consts::{FRAC_PI_2, PI, TAU};

// Short names for the lane-wise operations ([`Lanes`]), so that the
// arithmetic reads as the scalar code's.
#[inline(always)]
fn k(c: f64) -> Two {
    Two::splat(c)
}
#[inline(always)]
fn add(a: Two, b: Two) -> Two {
    a.add(b)
}
#[inline(always)]
fn sub(a: Two, b: Two) -> Two {
    a.sub(b)
}
#[inline(always)]
fn mul(a: Two, b: Two) -> Two {
    a.mul(b)
}
#[inline(always)]
fn gt(a: Two, b: Two) -> Two {
    a.gt(b)
}
#[inline(always)]
fn ge(a: Two, b: Two) -> Two {
    a.ge(b)
}
#[inline(always)]
fn lt(a: Two, b: Two) -> Two {
    a.lt(b)
}
#[inline(always)]
fn le(a: Two, b: Two) -> Two {
    a.le(b)
}
/// `a` where `mask` is set, `+0.0` elsewhere.
#[inline(always)]
fn and(a: Two, mask: Two) -> Two {
    a.and(mask)
}
/// `a` where `mask` is clear, `+0.0` elsewhere.
#[inline(always)]
fn and_not(a: Two, mask: Two) -> Two {
    a.and_not(mask)
}
/// `a` where `mask` is set, `b` elsewhere.
#[inline(always)]
fn select(a: Two, b: Two, mask: Two) -> Two {
    a.select(b, mask)
}
#[inline(always)]
fn lane0(v: Two) -> f64 {
    v.lanes()[0]
}
#[inline(always)]
fn lane1(v: Two) -> f64 {
    v.lanes()[1]
}

/// The trigonometric kernel's `atan2`, lane by lane.
#[inline(always)]
fn atan2(y: Two, x: Two) -> Two {
    Two::from_v128(atan2_x2(y.v128(), x.v128()))
}

/// The trigonometric kernel's `acos` of `[0, 1]`, lane by lane.
#[inline(always)]
fn acos_0_1(x: Two) -> Two {
    Two::from_v128(acos_0_1_x2(x.v128()))
}

#[inline(always)]
fn abs(a: Two) -> Two {
    a.abs()
}
#[inline(always)]
fn neg(a: Two) -> Two {
    a.neg()
}
/// Whether some lane of `mask` is set.
#[inline(always)]
fn any(mask: Two) -> bool {
    mask.any()
}
/// Whether every lane of `mask` is set.
#[inline(always)]
fn all(mask: Two) -> bool {
    mask.all()
}
/// Lane 1 negated (its sign bit flipped): the right-hand word's.
#[inline(always)]
fn negate_second(a: Two) -> Two {
    a.negate_second()
}

/// The circle centres as vectors, `(left, right)` lanes: the start's and
/// the goal's, and the offsets from one to the other of LSL and RSR with
/// their squared length and length (RLR and LRL use the same circles,
/// lanes swapped).
#[derive(Clone, Copy)]
pub(super) struct Centres {
    sx: Two,
    sy: Two,
    gx: Two,
    gy: Two,
    dx: Two,
    dy: Two,
    d2: Two,
    d: Two,
}

impl Centres {
    #[inline(always)]
    pub(super) fn new(f: &Frame) -> Centres {
        let sx = Two::new(f.ls.x, f.rs.x);
        let sy = Two::new(f.ls.y, f.rs.y);
        let gx = Two::new(f.lg.x, f.rg.x);
        let gy = Two::new(f.lg.y, f.rg.y);
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
            d: d2.sqrt(),
        }
    }
}

/// The lanes swapped.
#[inline(always)]
fn swap(v: Two) -> Two {
    v.swap()
}

/// Two headings [`wrap`](super::wrap)ped at once.
#[inline(always)]
pub(super) fn wrap_pair(a: f64, b: f64) -> (f64, f64) {
    let w = wrap_x2(Two::new(a, b));
    (lane0(w), lane1(w))
}

/// The frame's total turns left and right (`wrap(hg − h0)`,
/// `wrap(h0 − hg)`) and their [`pseudo_angle`](super::pseudo_angle)s from
/// the headings' cosines and sines.
#[inline(always)]
pub(super) fn turns(h0: f64, hg: f64, c0: f64, s0: f64, cg: f64, sg: f64) -> (f64, f64, f64, f64) {
    let delta = wrap_x2(sub(Two::new(hg, h0), Two::new(h0, hg)));
    // cos and sin of hg − h0 (left), its sine negated the other way round.
    let c = k(c0 * cg + s0 * sg);
    let s = sub(Two::new(c0 * sg, s0 * cg), Two::new(s0 * cg, c0 * sg));
    let pd = select(sub(k(1.0), c), add(k(3.0), c), ge(s, k(0.0)));
    (lane0(delta), lane1(delta), lane0(pd), lane1(pd))
}

/// `(LSL, RSR)` lengths: [`same_side_length`](super::same_side_length) of
/// both in one pass; `None` for a lane outside its shortcut's safe zone,
/// which the caller hands to the exact `same_side`.
#[inline(always)]
pub(super) fn same_side_lengths(f: &Frame, c: &Centres) -> (Option<f64>, Option<f64>) {
    let r = f.r;
    let (dx, dy, d2, d) = (c.dx, c.dy, c.d2, c.d);
    let tol = NEAR * r;
    let far = gt(d2, k(tol * tol));
    let (c0, s0) = (k(f.c0), k(f.s0));
    let dc = add(mul(c0, dx), mul(s0, dy));
    let ds = negate_second(sub(mul(c0, dy), mul(s0, dx)));
    let dp1 = select(sub(d, dc), add(mul(k(3.0), d), dc), ge(ds, k(0.0)));
    let pd = Two::new(f.pseudo_delta_left, f.pseudo_delta_right);
    let delta = Two::new(f.delta_left, f.delta_right);
    let m = mul(k(PSEUDO_MARGIN), d);
    let dpd = mul(pd, d);
    let ok = and(
        and(and(far, gt(dp1, m)), lt(dp1, sub(mul(k(4.0), d), m))),
        and(
            and(gt(pd, k(PSEUDO_MARGIN)), lt(pd, k(4.0 - PSEUDO_MARGIN))),
            gt(abs(sub(dp1, dpd)), m),
        ),
    );
    let turns = add(delta, and(gt(dp1, dpd), k(TAU)));
    let len = add(mul(k(r), turns), d);
    if all(ok) {
        return (Some(lane0(len)), Some(lane1(len)));
    }
    (
        ok.set()[0].then(|| lane0(len)),
        ok.set()[1].then(|| lane1(len)),
    )
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
    let feasible = ge(p2, k(0.0));
    if !any(feasible) {
        return (None, None);
    }
    let p = p2.sqrt();
    let b = k(bound);
    // cross_direction: LSR (p·vx − 2r·vy, p·vy + 2r·vx), RSL with −2r.
    let tr = Two::new(two_r, -two_r);
    let ux = sub(mul(p, vx), mul(tr, vy));
    let uy = add(mul(p, vy), mul(tr, vx));
    let rel = |c: f64, s: f64| {
        let (c, s) = (k(c), k(s));
        (
            add(mul(ux, c), mul(uy, s)),
            negate_second(sub(mul(uy, c), mul(ux, s))),
        )
    };
    let (c1, s1) = rel(f.c0, f.s0);
    let (c3, s3) = rel(f.cg, f.sg);
    let (k1, m1) = angle_lower_bound(c1, s1, d2);
    let (k3, m3) = angle_lower_bound(c3, s3, d2);
    let r = k(f.r);
    let exceeds = gt(
        mul(r, add(m1, m3)),
        mul(sub(sub(b, p), mul(mul(r, add(k1, k3)), k(FRAC_PI_2))), d2),
    );
    let need = and_not(and_not(feasible, gt(p, b)), exceeds);
    if !any(need) {
        return (None, None);
    }
    // LSR turns ψ − h0 then ψ − hg, RSL h0 − ψ then hg − ψ.
    let psi = atan2(uy, ux);
    let first = Two::mask_where(true, false);
    let (h0, hg) = (k(f.h0), k(f.hg));
    let a1 = sweep_x2(sub(select(psi, h0, first), select(h0, psi, first)));
    let a3 = sweep_x2(sub(select(psi, hg, first), select(hg, psi, first)));
    let len = add(mul(r, add(a1, a3)), p);
    (
        need.set()[0].then(|| lane0(len)),
        need.set()[1].then(|| lane1(len)),
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
    let feasible = le(d2, k(four_r * four_r));
    if !any(feasible) {
        return (None, None);
    }
    let d = swap(c.d);
    let b = k(bound);
    let rv = k(r);
    let delta = Two::new(f.delta_left, f.delta_right);
    // ccc_turns_lower_bound_from(2πr − πd/4, r·Δ).
    let mid_min = sub(k(TAU * r), mul(mul(k(PI), d), k(0.25)));
    let rdelta = mul(rv, delta);
    let lb1 = select(
        rdelta,
        sub(mul(k(2.0), mid_min), rdelta),
        gt(rdelta, mid_min),
    );
    let pass = and_not(feasible, gt(lb1, b));
    if !any(pass) {
        return (None, None);
    }
    let beta = acos_0_1(d.div(k(four_r)));
    let mid = add(k(PI), mul(k(2.0), beta));
    // ccc_turns_lower_bound(mid, Δ).
    let w = wrap_x2(sub(mid, delta));
    let lb2 = add(mid, and(w, lt(w, k(TAU - 1e-6))));
    let need = and_not(pass, gt(mul(rv, lb2), b));
    if !any(need) {
        return (None, None);
    }
    // three_arcs_with: RLR θ1 = φ − β, θ2 = φ + π + β; LRL with −β.
    let phi = and_not(atan2(dy, dx), le(d, k(NEAR * r)));
    let sbeta = negate_second(beta);
    let theta1 = sub(phi, sbeta);
    let theta2 = add(add(phi, k(PI)), sbeta);
    let first = Two::mask_where(true, false);
    // RLR: a1 = (h0 + π/2) − θ1, a3 = θ2 − (hg + π/2); LRL:
    // a1 = θ1 − (h0 − π/2), a3 = (hg − π/2) − θ2.
    let (h0l, h0r) = (k(f.h0 + FRAC_PI_2), k(f.h0 - FRAC_PI_2));
    let (hgl, hgr) = (k(f.hg + FRAC_PI_2), k(f.hg - FRAC_PI_2));
    let a1 = sweep_x2(sub(select(h0l, theta1, first), select(theta1, h0r, first)));
    let a3 = sweep_x2(sub(select(theta2, hgr, first), select(hgl, theta2, first)));
    let len = mul(rv, add(add(a1, mid), a3));
    (
        need.set()[0].then(|| lane0(len)),
        need.set()[1].then(|| lane1(len)),
    )
}

/// [`wrap`](super::wrap) lane by lane: one subtraction of `k·2π`, each lane
/// it leaves out of range handed to the scalar `wrap`.
#[inline(always)]
fn wrap_x2(x: Two) -> Two {
    let one = k(1.0);
    let kk = sub(
        sub(and(ge(x, k(TAU)), one), and(lt(x, k(0.0)), one)),
        and(lt(x, k(-TAU)), one),
    );
    let w = sub(x, mul(kk, k(TAU)));
    let ok = and(ge(w, k(0.0)), lt(w, k(TAU)));
    if all(ok) {
        return w;
    }
    Two::new(
        if ok.set()[0] {
            lane0(w)
        } else {
            wrap(lane0(x))
        },
        if ok.set()[1] {
            lane1(w)
        } else {
            wrap(lane1(x))
        },
    )
}

/// [`sweep`](super::sweep) lane by lane, on [`wrap_x2`].
#[inline(always)]
fn sweep_x2(x: Two) -> Two {
    let a = wrap_x2(x);
    add(and(a, lt(a, k(TAU - FULL_TURN_SNAP))), k(0.0))
}

/// [`angle_lower_bound`](super::angle_lower_bound) lane by lane, with bit
/// masks for its branches.
#[inline(always)]
fn angle_lower_bound(c: Two, s: Two, m: Two) -> (Two, Two) {
    let zero = k(0.0);
    let s_ge = ge(s, zero);
    let c_ge = ge(c, zero);
    let c_lt = lt(c, zero);
    let tiny = gt(s, mul(k(-1e-6), m));
    // s < 0: (2, −s) when c < 0, else (0, 0) when s is tiny, else (3, c).
    let neg_k = select(k(2.0), and_not(k(3.0), tiny), c_lt);
    let neg_m = select(neg(s), and_not(c, tiny), c_lt);
    // s ≥ 0: (0, s) when c ≥ 0, else (1, −c).
    let pos_k = and_not(k(1.0), c_ge);
    let pos_m = select(s, neg(c), c_ge);
    (select(pos_k, neg_k, s_ge), select(pos_m, neg_m, s_ge))
}
