//! Lower bounds on the length of each base word for `l`, with no inverse
//! trigonometry: the line (or, for the arc-only words, what the middle arcs
//! must turn) and the arcs' turns, whose sums are known modulo 2π, and the
//! first arc's angle bounded from its cosine. Each is below the word's
//! length when the word is feasible; an infeasible word may get any value
//! (its formula then refuses it), and one whose first or last arc certainly
//! has the wrong sign (its sine from the directions, by more than a margin
//! of 1e-9 relative, far wider than the formulas' tolerance) gets +∞.
//!
//! Used to solve the variants best first (`search::shortest`) and to skip
//! those that cannot win.

use super::formulas::{left_left, left_right, max, min, Local};
use super::lanes::F2;
use core::f64::consts::{FRAC_PI_2, PI, TAU};

/// `a` in `[0, 2π)`, with values within a tolerance below 2π taken as 0
/// (a lower bound on a sum of arcs that is `a` modulo 2π).
#[inline(always)]
fn turn_at_least(a: F2) -> F2 {
    let w = F2::select(a.lt(0.0), a + TAU, a);
    F2::select(w.ge(TAU - 1e-9), 0.0, w)
}

/// A lower bound on an angle `t` that must lie in `[0, π]`, from `m·cos t`
/// and `m·sin t` and `inv = 1/m` (`m > 0`), with no inverse trigonometry:
/// up to π/2, `t = asin(sin t) ≥ y + y³/6` (asin's series has no negative
/// term) and `acos` lies above its chord `π/2·(1 − cos t)`; beyond,
/// `t = π/2 + asin(−cos t)`. For `sin t < 0` (no angle in the range, unless
/// rounding) 0.
#[inline(always)]
fn arc_at_least(c: F2, s: F2, inv: f64) -> F2 {
    // clamp(c·inv, −1, 1) as `formulas::clamp`: min(1, max(−1, c·inv)).
    let z = F2::splat(1.0).min(F2::splat(-1.0).max(c * inv));
    let y = (s * inv).min(1.0);
    let up_to_half = (y + y * y * y * (1.0 / 6.0)).max(FRAC_PI_2 * (1.0 - z));
    let x = -z;
    let beyond = FRAC_PI_2 + x + x * x * x * (1.0 / 6.0);
    F2::select(s.lt(0.0), 0.0, F2::select(z.ge(0.0), up_to_half, beyond))
}

/// The least `a + |mod2pi(target − a)|` over `a` in `[lo, π]` (`lo ≥ 0`):
/// a turn of at least `lo` one way followed by whatever reaches `target`.
#[inline(always)]
fn turns_at_least(lo: f64, target: F2) -> F2 {
    F2::select(target.ge(lo), target, lo + mod2pi(target - lo).abs())
}

/// [`mod2pi`](super::formulas::mod2pi) per lane: `x` in `(−π, π]` for `x` within two and
/// a half turns of 0.
#[inline(always)]
fn mod2pi(x: F2) -> F2 {
    const THREE_PI: f64 = 3.0 * PI;
    let k = F2::one_if(x.gt(PI)) + F2::one_if(x.gt(THREE_PI))
        - F2::one_if(x.le(-PI))
        - F2::one_if(x.le(-THREE_PI));
    x - TAU * k
}

/// Margin of the sign tests, relative to the vectors' length.
const SIGN: f64 = 1e-9;

/// What `1 − ρ` may be off by where the formulas compute `ρ` their own
/// way (its square root would carry the difference as √ε).
const ACOS_SLACK: f64 = 1e-12;

/// Slack, in radians, on angles bounded from a direction built with a
/// square root of a difference (rounding of about √ε near its zero).
const ROOT_SLACK: f64 = 1e-7;

/// `bound`, or +∞ when `sin t` or `sin v` (times `m`) is certainly
/// below 0: by more than `SIGN·m` and `slack` (the rounding of the
/// coordinates, carried into the products).
#[inline(always)]
fn unless_negative(bound: F2, sin_t: impl Into<F2>, sin_v: F2, m: f64, slack: f64) -> F2 {
    let margin = SIGN * m + slack;
    let wrong = sin_t.into().lt(-margin) | sin_v.lt(-margin);
    F2::select(wrong, f64::INFINITY, bound)
}

/// Where [`pair`] sends each variant's bound (a variant's number as the
/// search's: `8·transform + formula`); the variants it gives no bound are
/// certainly infeasible.
pub trait Sink {
    fn put(&mut self, variant: usize, bound: f64);

    /// Lane 0 of `bound` as variant `v`, lane 1 (the time-flip's) as
    /// `v + 16`.
    #[inline(always)]
    fn put_pair(&mut self, v: usize, bound: F2) {
        let [a, b] = bound.lanes();
        self.put(v, a);
        self.put(v + 16, b);
    }
}

/// Bounds by transform and formula, +∞ where none was given.
pub struct Table(pub [[f64; 8]; 8]);

impl Sink for Table {
    #[inline(always)]
    fn put(&mut self, variant: usize, bound: f64) {
        self.0[variant / 8][variant % 8] = bound;
    }
}

/// The bounds of the eight base formulas for `l`, in the order of
/// the search's formulas (8.1, 8.2, 8.3/8.4, 8.7, 8.8, 8.9,
/// 8.10, 8.11); with `backwards` only 8.3/8.4, 8.9 and 8.10 (the others
/// +∞). The first half of [`pair`].
#[inline(always)]
pub fn all(l: &Local, backwards: bool) -> [f64; 8] {
    let mut t = Table([[f64::INFINITY; 8]; 8]);
    let ([same, _], [crossed, _]) = Distance::of(l, l);
    pair(l, if backwards { 4 } else { 0 }, &same, &crossed, &mut t);
    t.0[if backwards { 4 } else { 0 }]
}

/// What the bounds of a problem and its time-flip share: the centres
/// (as given) and their distances.
struct Shared<'a> {
    xl: f64,
    yl: f64,
    xr: f64,
    yr: f64,
    same: &'a Distance,
    crossed: &'a Distance,
    /// Whether the right circle is at least `2r` away (within the margin).
    apart: bool,
}

/// What the bounds take from the distance between two circle centres
/// alone: the start's left circle and the goal's left one (`same`) or
/// right one (`crossed`). Of the eight transforms of a problem only four
/// such distances differ (as given: left–left and left–right; reflected:
/// right–right and right–left; backwards, the same two pairs swapped), and
/// a problem and its time-flip have the same bits (time-flipping negates
/// the centres' x exactly), so each is computed once per query.
pub struct Distance {
    d2: f64,
    d: f64,
    /// `1/d` (0 for `d = 0`).
    inv: f64,
    /// `√(d² − 4r²)` (0 when below).
    w: f64,
    /// Left–left: 8.3/8.4's `z = d/4r` (at most 1) and `q = √(1 − z²)`;
    /// left–right: 8.8's and 8.7's bounds on their middle arcs, when in
    /// range (else 0).
    e1: f64,
    e2: f64,
    /// Left–right, in range: 8.7's and 8.8's first arcs' directions are
    /// `(x·a + y·b, y·a − x·b)` for the centre `(x, y)` (the formulas'
    /// own `a` and `b`, bit for bit, 8.7's negated where its formula adds
    /// π), of length at most `d·(|a| + |b|)`; 8.7's last arc's direction
    /// is its first's turned by `−(2u + φ)`, `(cos 2u, sin 2u)` from
    /// `cos u = ρ`.
    ab7: (f64, f64),
    rot7: (f64, f64),
    ab8: (f64, f64),
    /// `1/√(a² + b²)` of 8.8's (a, b).
    inv8: f64,
}

impl Distance {
    /// From the start's left circle to the goal's left circle (`same`)
    /// and to its right one (`crossed`), for two problems `a` and `b` of
    /// one query (the same radius) side by side, the lanes of [`F2`]:
    /// `([same of a, same of b], [crossed of a, crossed of b])`.
    #[inline(always)]
    pub fn of(a: &Local, b: &Local) -> ([Distance; 2], [Distance; 2]) {
        let r = a.r;
        let (x, y) = (F2::new(a.x, b.x), F2::new(a.y, b.y));
        let (sp, cp) = (F2::new(a.sp, b.sp), F2::new(a.cp, b.cp));
        // As `left_left` and `left_right`.
        let (xl, yl) = (x - r * sp, (y - r) + r * cp);
        let (xr, yr) = (x + r * sp, (y - r) - r * cp);
        (Self::same(xl, yl, a), Self::crossed(xr, yr, a))
    }

    /// From the start's left circle to the goal's left circle `(x, y)`.
    #[inline(always)]
    fn same(x: F2, y: F2, l: &Local) -> [Distance; 2] {
        let (d2, d, inv, w) = Self::common(x, y, l);
        let z = (0.25 * d * l.inv_r).min(1.0);
        let q = sqrt0(1.0 - z * z);
        let zero = F2::splat(0.0);
        Self::lanes(
            [d2, d, inv, w, z, q],
            [zero, zero, F2::splat(1.0), zero, zero, zero, zero],
        )
    }

    /// From the start's left circle to the goal's right circle `(x, y)`.
    #[inline(always)]
    fn crossed(x: F2, y: F2, l: &Local) -> [Distance; 2] {
        let (d2, d, inv, w) = Self::common(x, y, l);
        let r2 = l.r * l.r;
        let (lo, hi) = (1.0 - SIGN, 1.0 + SIGN);
        let zero = F2::splat(0.0);
        // 8.8: the middle arcs (2|u|, |u| = acos ρ ≥ √(2(1 − ρ))); 8.7:
        // the middle arcs (2u, u = acos ρ ≥ √(2(1 − ρ))).
        // The formulas' ρ, sin u and (a, b), the same operations; each
        // lane's values 0 (and the rotation's (1, 0)) out of range.
        let in8 = d2.ge(4.0 * r2 * lo) & d2.le(20.0 * r2 * hi);
        let rho8 = clamp((20.0 - d2 * l.inv_r * l.inv_r) * (1.0 / 16.0), 0.0, 1.0);
        let rho = clamp((20.0 - d2 / r2) / 16.0, 0.0, 1.0);
        let su = -sqrt0(1.0 - rho * rho);
        let (a, b) = (su - 0.0, rho - 1.0 - 1.0);
        let a8 = 2.0 * sqrt0(2.0 * (1.0 - rho8) - ACOS_SLACK);
        // b ≤ −1.
        let inv8 = 1.0 / (a * a + b * b).sqrt();
        let (a8, ab8, inv8) = (
            F2::select(in8, a8, zero),
            (F2::select(in8, a, zero), F2::select(in8, b, zero)),
            F2::select(in8, inv8, zero),
        );
        let in7 = d2.le(4.0 * r2 * hi);
        let rho7 = (0.25 * (2.0 + d * l.inv_r)).min(1.0);
        let rho = (0.25 * (2.0 + d / l.r)).min(1.0);
        let su = sqrt0(1.0 - rho * rho);
        let (sd, cd) = (2.0 * su * rho, rho * rho - su * su);
        let (a, b) = (su - sd, rho - cd - 1.0);
        // Where the formula's t2 < 0 it adds π: the opposite direction.
        let s = F2::select((2.0 * (cd - rho - rho) + 3.0).lt(0.0), -1.0, 1.0);
        let a7 = 2.0 * sqrt0(2.0 * (1.0 - rho7) - ACOS_SLACK);
        let (a7, ab7, rot7) = (
            F2::select(in7, a7, zero),
            (F2::select(in7, s * a, zero), F2::select(in7, s * b, zero)),
            (
                F2::select(in7, 2.0 * rho * rho - 1.0, 1.0),
                F2::select(in7, 2.0 * rho * su, zero),
            ),
        );
        Self::lanes(
            [d2, d, inv, w, a8, a7],
            [ab7.0, ab7.1, rot7.0, rot7.1, ab8.0, ab8.1, inv8],
        )
    }

    /// The distance `d`, its square and reciprocal (0 for `d = 0`) and
    /// `√(d² − 4r²)` (0 when below).
    #[inline(always)]
    fn common(x: F2, y: F2, l: &Local) -> (F2, F2, F2, F2) {
        let d2 = x * x + y * y;
        let d = d2.sqrt();
        let inv = F2::select(d.gt(0.0), 1.0 / d, 0.0);
        (d2, d, inv, sqrt0(d2 - 4.0 * l.r * l.r))
    }

    /// The two lanes' distances from their fields: `d2, d, inv, w, e1,
    /// e2` and `ab7, rot7, ab8, inv8`.
    #[inline(always)]
    fn lanes(f: [F2; 6], g: [F2; 7]) -> [Distance; 2] {
        [Self::lane::<0>(&f, &g), Self::lane::<1>(&f, &g)]
    }

    /// Lane `I` of [`Distance::lanes`].
    #[inline(always)]
    fn lane<const I: usize>(f: &[F2; 6], g: &[F2; 7]) -> Distance {
        Distance {
            d2: f[0].lanes()[I],
            d: f[1].lanes()[I],
            inv: f[2].lanes()[I],
            w: f[3].lanes()[I],
            e1: f[4].lanes()[I],
            e2: f[5].lanes()[I],
            ab7: (g[0].lanes()[I], g[1].lanes()[I]),
            rot7: (g[2].lanes()[I], g[3].lanes()[I]),
            ab8: (g[4].lanes()[I], g[5].lanes()[I]),
            inv8: g[6].lanes()[I],
        }
    }
}

/// [`sqrt0`](super::formulas::sqrt0) per lane: `sqrt(max(0, a))`.
#[inline(always)]
fn sqrt0(a: F2) -> F2 {
    F2::select(a.gt(0.0), a.sqrt(), 0.0)
}

/// [`clamp`](super::formulas::clamp) per lane: `min(hi, max(lo, x))`.
#[inline(always)]
fn clamp(x: F2, lo: f64, hi: f64) -> F2 {
    F2::splat(hi).min(F2::splat(lo).max(x))
}

/// The four distances of a query's transforms `ls` (as [`search`](mod@super::search)'s):
/// left–left and left–right as given and reflected.
#[inline(always)]
pub fn distances(ls: &[Local; 8]) -> [Distance; 4] {
    let ([a, c], [b, e]) = Distance::of(&ls[0], &ls[1]);
    [a, b, c, e]
}

/// The bounds of [`all`] for `l`, transform `k` of the problem (0, 1, 4
/// or 5: as given, reflected, backwards, both), and for `l.time_flip()`
/// (transform `k + 2`), the same bits as two calls, from its left–left and
/// left–right distances `same` and `crossed` (those of transform
/// `k mod 4`, and, backwards, `crossed` those of the other reflection:
/// see [`Distance`]); each sent to `out`. The two problems are computed
/// side by side, as the two lanes of [`F2`] (they differ only in the sign
/// of x, φ and sin φ, and take the same branches on the distances).
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub fn pair<S: Sink>(l: &Local, k: usize, same: &Distance, crossed: &Distance, out: &mut S) {
    // The goal's left circle from the start's left circle (8.1, 8.3/8.4,
    // 8.9) and its right circle (the others).
    let (xl, yl) = left_left(l);
    let (xr, yr) = left_right(l);
    let d = Shared {
        xl,
        yl,
        xr,
        yr,
        same,
        crossed,
        apart: crossed.d2 >= 4.0 * l.r * l.r * (1.0 - SIGN),
    };
    half(out, 8 * k, &d, l, k >= 4);
}

/// What differs between a problem (lane 0) and its time-flip (lane 1):
/// the sign of the centres' x, of φ and of sin φ.
struct Flipped {
    xl: F2,
    xr: F2,
    phi: F2,
    sp: F2,
}

/// The bounds of `l` and of its time-flip, from the shared distances, sent
/// to `out` as variants `v + formula` and `v + 16 + formula`.
#[inline(always)]
fn half<S: Sink>(out: &mut S, v: usize, d: &Shared, l: &Local, backwards: bool) {
    let r = l.r;
    let two_r = 2.0 * r;
    let r2 = r * r;
    let (lo, hi) = (1.0 - SIGN, 1.0 + SIGN);
    let (dl2, dl, inv_dl) = (d.same.d2, d.same.d, d.same.inv);
    let f = Flipped {
        xl: F2::new(d.xl, -d.xl),
        xr: F2::new(d.xr, -d.xr),
        phi: F2::new(l.phi, -l.phi),
        sp: F2::new(l.sp, -l.sp),
    };
    let (xl, yl, sp, cp, phi) = (f.xl, d.yl, f.sp, l.cp, f.phi);
    let quarter = mod2pi(phi - FRAC_PI_2);
    if dl2 <= 16.0 * r2 * hi {
        // 8.3/8.4: r·(t + |u| + |v|) with |u| = 2·asin(z) ≥ 2z + z³/3
        // (z = d/4r); t's direction −(xi, eta)·(q − iz) (q = √(1 − z²),
        // the cosine of |u|/2; length d) and v = φ − t − |u|'s from it,
        // both without trigonometry (cos |u| = 1 − 2z², sin |u| = 2zq).
        let (z, q) = (d.same.e1, d.same.e2);
        let a = 2.0 * z + z * z * z * (1.0 / 3.0);
        let (ca, sa) = (1.0 - 2.0 * z * z, 2.0 * z * q);
        let (ct, st) = (-(xl * q + yl * z), xl * z - yl * q);
        let (w1c, w1s) = (cp * ct + sp * st, sp * ct - cp * st);
        let (cv, sv) = (w1c * ca + w1s * sa, w1s * ca - w1c * sa);
        let t3 = arc_at_least(ct, st, inv_dl);
        let v3 = arc_at_least(cv, sv.abs(), inv_dl);
        // Near z = 1, q (a square root of a difference) and the
        // directions from it carry rounding of about √ε: 1e-7 of slack.
        let turns = (t3 + a + v3 - ROOT_SLACK).max(turns_at_least(min(a, PI), phi).max(a));
        put(
            out,
            v + 2,
            unless_negative(r * turns, st, F2::splat(0.0), dl, l.near),
        );
    }
    if dl2 >= 8.0 * r2 * lo {
        // 8.9: |u| + r·(π/2 + t − v), t + v ≡ φ − π/2, t ≥ 0 ≥ v; t's
        // direction (xi, eta)·(−2r + i·rr), of length d²; v ≤ 0 needs
        // cos(φ − t) ≥ 0; u = 2r − rr ≤ 0 needs d ≥ √8·r.
        let wl = d.same.w;
        let (c9, s9) = (-two_r * xl - wl * yl, wl * xl - two_r * yl);
        // t and |v| from their directions (v = φ − π/2 − t: cos v =
        // sin(φ − t), −sin v = cos(φ − t)).
        let inv9 = inv_dl * inv_dl;
        let (cv9, sv9) = (sp * c9 - cp * s9, cp * c9 + sp * s9);
        let turns9 = (arc_at_least(c9, s9, inv9) + arc_at_least(cv9, sv9, inv9)).max(quarter.abs());
        put(
            out,
            v + 5,
            unless_negative(
                max(wl - two_r, 0.0) + r * (FRAC_PI_2 + turns9),
                s9,
                sv9,
                dl2,
                l.near * dl,
            ),
        );
    }
    directional(out, v, d, l, &f, quarter, backwards);
}

/// Sends lane 0 of `bound` as variant `v`, lane 1 (the time-flip's) as
/// `v + 16`.
#[inline(always)]
fn put<S: Sink>(out: &mut S, v: usize, bound: F2) {
    out.put_pair(v, bound);
}

/// The bounds other than 8.3/8.4 and 8.9 of `l` and of its time-flip, from
/// the shared distances, sent to `out` as variants `v + formula` and
/// `v + 16 + formula`.
#[inline(always)]
fn directional<S: Sink>(
    out: &mut S,
    v: usize,
    d: &Shared,
    l: &Local,
    f: &Flipped,
    quarter: F2,
    backwards: bool,
) {
    let r = l.r;
    let two_r = 2.0 * r;
    let r2 = r * r;
    let (lo, hi) = (1.0 - SIGN, 1.0 + SIGN);
    let (xl, yl, dl) = (f.xl, d.yl, d.same.d);
    let (xr, yr) = (f.xr, d.yr);
    let (dr2, dr, inv_dr) = (d.crossed.d2, d.crossed.d, d.crossed.inv);
    let (phi, sp, cp) = (f.phi, f.sp, l.cp);
    let apart = d.apart;
    if apart {
        // 8.10: |u| + r·(π/2 + t − v), t − v ≡ φ − π/2 in [0, 2π); t =
        // arg(−eta, xi) in [0, π]; v ≤ 0 needs −cos(t − φ) ≥ 0.
        put(
            out,
            v + 6,
            unless_negative(
                max(dr - two_r, 0.0) + r * (FRAC_PI_2 + turn_at_least(quarter)),
                xr,
                yr * cp - xr * sp,
                dr,
                l.near,
            ),
        );
    }
    if backwards {
        return;
    }
    // 8.1: u + r·(t + v), t + v ≡ φ, both in [0, π]: t = arg(xi, eta),
    // v = φ − t. Two circles closer than `near` are one: any t (a pure
    // arc), which the slack allows.
    // (Formula 0: variant v itself.)
    put(
        out,
        v,
        unless_negative(
            dl + r * turn_at_least(phi),
            yl,
            sp * xl - cp * yl,
            dl,
            l.near,
        ),
    );
    if apart {
        let wr = d.crossed.w;
        let inv_dr2 = inv_dr * inv_dr;
        // 8.2: u + r·(2t − φ), v = t − φ ≥ 0; t's direction
        // (xi, eta)·(u + 2ri), of length d².
        let (c2, s2) = (xr * wr - two_r * yr, yr * wr + two_r * xr);
        let t2 = arc_at_least(c2, s2, inv_dr2).max(phi);
        put(
            out,
            v + 1,
            unless_negative(
                wr + r * (2.0 * t2 - phi).max(phi.abs()),
                s2,
                s2 * cp - c2 * sp,
                dr2,
                l.near * dr,
            ),
        );
        if dr2 <= 20.0 * r2 * hi {
            // 8.8: the middle arcs and the outer ones' sum modulo 2π
            // (t − v ≡ φ), or the outer ones bounded from their
            // directions: t's the formula's own, v = t − φ's it turned by
            // −φ, both in [0, π] (+∞ when a sine is certainly negative).
            let c = d.crossed;
            let (a, b) = c.ab8;
            let (ct, st) = (xr * a + yr * b, yr * a - xr * b);
            let (cv, sv) = (ct * cp + st * sp, st * cp - ct * sp);
            let inv = inv_dr * c.inv8;
            let outer = arc_at_least(ct, st, inv) + arc_at_least(cv, sv, inv);
            put(
                out,
                v + 4,
                unless_negative(
                    r * (c.e1 + phi.abs().max(outer)),
                    st,
                    sv,
                    dr * (a.abs() + b.abs()),
                    l.near * (a.abs() + b.abs()),
                ),
            );
        }
        if dr2 >= 20.0 * r2 * lo {
            // 8.11: |u| + r·(π + 2t − φ), v = t − φ ≥ 0; t's direction
            // (xi, eta)·(−2r + i·w), of length d²; u = 4r − w ≤ 0 needs
            // d ≥ √20·r.
            let (c11, s11) = (-two_r * xr - wr * yr, wr * xr - two_r * yr);
            let t11 = arc_at_least(c11, s11, inv_dr2).max(phi);
            put(
                out,
                v + 7,
                unless_negative(
                    max(wr - 2.0 * two_r, 0.0) + r * (PI + (2.0 * t11 - phi).max(phi.abs())),
                    s11,
                    s11 * cp - c11 * sp,
                    dr2,
                    l.near * dr,
                ),
            );
        }
    }
    if dr2 <= 4.0 * r2 * hi {
        // 8.7: the middle arcs and the outer ones' sum modulo 2π
        // (t − v ≡ φ + 2u, t ≥ 0 ≥ v).
        let c = d.crossed;
        let a7 = c.e2;
        // Infeasible where t (its direction the formula's own) or v
        // (t − 2u − φ: t's direction turned by −(2u + φ), (cos 2u,
        // sin 2u) from cos u = ρ, carrying the rounding of sin u, about
        // √ε near u = 0: a wider margin) certainly has the wrong sign.
        let (a, b) = c.ab7;
        let (ct, st) = (xr * a + yr * b, yr * a - xr * b);
        let (c2, s2) = c.rot7;
        let (cw, sw) = (c2 * cp - s2 * sp, s2 * cp + c2 * sp);
        let sv = st * cw - ct * sw;
        let m = dr * (a.abs() + b.abs());
        put(
            out,
            v + 3,
            unless_negative(
                r * turns_at_least(min(a7, PI), -phi).max(a7),
                st,
                ROOT_SLACK * m - sv,
                m,
                l.near * (a.abs() + b.abs()),
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pair's second half is the time-flipped problem's bounds, bit for
    /// bit: the shared distances are those of the flip.
    #[test]
    fn the_pair_second_half_is_the_time_flip() {
        let mut seed: u64 = 0x0BAD_5EED_0000_0002;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for i in 0..20_000 {
            let r = 0.1 + 3.0 * next();
            let span = [1.0, 3.0, 6.0, 30.0][i % 4] * r;
            let phi = if i % 5 == 0 {
                0.0
            } else {
                (2.0 * next() - 1.0) * PI
            };
            let (x, y) = (span * (next() - 0.5), span * (next() - 0.5));
            let l = Local {
                x,
                y,
                phi,
                sp: phi.sin(),
                cp: phi.cos(),
                r,
                inv_r: 1.0 / r,
                near: 1e-12 * (r + x.abs() + y.abs()),
            };
            for k in [0, 4] {
                let dist = |l: &Local| {
                    let ([s, _], [c, _]) = Distance::of(l, l);
                    (s, c)
                };
                let (s, c) = dist(&l);
                let mut b = Table([[f64::INFINITY; 8]; 8]);
                pair(&l, k, &s, &c, &mut b);
                let (s, c) = dist(&l.time_flip());
                let mut c2 = Table([[f64::INFINITY; 8]; 8]);
                pair(&l.time_flip(), k, &s, &c, &mut c2);
                let c = c2;
                assert_eq!(
                    b.0[k + 2].map(f64::to_bits),
                    c.0[k].map(f64::to_bits),
                    "{l:?}"
                );
            }
        }
    }
}
