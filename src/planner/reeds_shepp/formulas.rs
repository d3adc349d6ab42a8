//! The 12 base words solved in the start's frame (Reeds & Shepp 1990,
//! section 8, with the corrections of later work: the typos of formulas
//! 8.3/8.4 and 8.11 fixed as in OMPL's `ReedsSheppStateSpace`).
//!
//! Everything is in world units (the radius `r` is a parameter, not 1), so
//! no coordinate is divided by a small radius: the squares of the largest
//! coordinates the planner takes stay finite. Each solution is the signed
//! amount of each segment: an arc's heading change in radians (+ forwards,
//! − in reverse), a line's length. Each check against a boundary (a sign, a
//! tangency, an `acos` argument) has a tolerance, and a value a tolerance
//! past the boundary is clamped onto it, so that a goal exactly on a turning
//! circle or at a tangency keeps its word whatever the rounding.

use super::super::trig;
use core::f64::consts::{FRAC_PI_2, PI, TAU};

/// Angles within this many radians of a boundary are on it.
pub(super) const ANGLE_TOL: f64 = 1e-12;

/// The goal in the start's frame: position (x ahead, y left), heading
/// change `phi` in `(−π, π]` with its sine and cosine; the radius; and the
/// length below which a line or a distance between centres is nothing.
#[derive(Debug, Clone, Copy)]
pub(super) struct Local {
    pub x: f64,
    pub y: f64,
    pub phi: f64,
    pub sp: f64,
    pub cp: f64,
    pub r: f64,
    /// `1 / r`.
    pub inv_r: f64,
    pub near: f64,
}

impl Local {
    /// The time-flipped problem: driven the other way, `(−x, y, −φ)`.
    #[inline(always)]
    pub fn time_flip(self) -> Local {
        Local {
            x: -self.x,
            phi: -self.phi,
            sp: -self.sp,
            ..self
        }
    }

    /// The reflected problem: left and right swapped, `(x, −y, −φ)`.
    #[inline(always)]
    pub fn reflect(self) -> Local {
        Local {
            y: -self.y,
            phi: -self.phi,
            sp: -self.sp,
            ..self
        }
    }

    /// The backwards problem: the path from the goal to the start walked
    /// in the other order, `(x cos φ + y sin φ, x sin φ − y cos φ, φ)`.
    #[inline(always)]
    pub fn backwards(self) -> Local {
        Local {
            x: self.x * self.cp + self.y * self.sp,
            y: self.x * self.sp - self.y * self.cp,
            ..self
        }
    }
}

/// `x` in `(−π, π]`, for `x` within two and a half turns of 0 (every
/// argument here is a sum of at most four angles in `[−π, π]`): a sum of
/// integer comparisons picks the multiple of 2π, no branch, no `ceil` call.
#[inline(always)]
pub(super) fn mod2pi(x: f64) -> f64 {
    const THREE_PI: f64 = 3.0 * PI;
    let k = i32::from(x > PI) + i32::from(x > THREE_PI)
        - i32::from(x <= -PI)
        - i32::from(x <= -THREE_PI);
    x - TAU * f64::from(k)
}

/// `atan2`, with `(0, 0)` (a direction that does not matter) taken as 0.
#[inline(always)]
fn angle(y: f64, x: f64) -> f64 {
    let a = trig::atan2(y, x);
    if a.is_nan() {
        0.0
    } else {
        a
    }
}

/// An angle that must be ≥ 0: itself; 0 when within the tolerance below;
/// `t + 2π` when within the tolerance above −π (the same turn as π).
#[inline(always)]
fn plus(t: f64) -> Option<f64> {
    if t >= 0.0 {
        Some(t)
    } else if t >= -ANGLE_TOL {
        Some(0.0)
    } else if t <= -PI + ANGLE_TOL {
        Some(t + TAU)
    } else {
        None
    }
}

/// An angle that must be ≤ 0 (the mirror of [`plus`]).
#[inline(always)]
fn minus(t: f64) -> Option<f64> {
    plus(-t).map(|v| -v)
}

/// A line length that must be ≤ 0: itself, or −0 within `near` above.
#[inline(always)]
fn minus_len(u: f64, near: f64) -> Option<f64> {
    if u <= 0.0 {
        Some(u)
    } else if u <= near {
        Some(-0.0)
    } else {
        None
    }
}

/// The larger of `a` and `b` (neither NaN here): a comparison, where
/// `f64::max` is a call to `fmax` in wasm.
#[inline(always)]
fn max(a: f64, b: f64) -> f64 {
    if a > b {
        a
    } else {
        b
    }
}

/// The smaller of `a` and `b` (as [`max`]).
#[inline(always)]
fn min(a: f64, b: f64) -> f64 {
    if a < b {
        a
    } else {
        b
    }
}

/// `x` clamped to `[lo, hi]` (as [`max`]).
#[inline(always)]
fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// `sqrt(max(0, a))`.
#[inline(always)]
fn sqrt0(a: f64) -> f64 {
    if a > 0.0 {
        a.sqrt()
    } else {
        0.0
    }
}

/// The arccosine of `x` clamped to `[0, 1]`.
#[inline(always)]
fn acos01(x: f64) -> f64 {
    trig::acos_0_1(clamp(x, 0.0, 1.0))
}

/// The centre of the goal's left circle, seen from the start's left
/// circle's centre: `(x − r sin φ, y − r + r cos φ)`.
#[inline(always)]
fn left_left(l: &Local) -> (f64, f64) {
    (l.x - l.r * l.sp, (l.y - l.r) + l.r * l.cp)
}

/// The centre of the goal's right circle, seen from the start's left
/// circle's centre: `(x + r sin φ, y − r − r cos φ)`.
#[inline(always)]
fn left_right(l: &Local) -> (f64, f64) {
    (l.x + l.r * l.sp, (l.y - l.r) - l.r * l.cp)
}

/// Formula 8.1, `L+S+L+`: `(t, u, v)`, `t, v` in `[0, π]`. When the two
/// left circles are the same (closer than `near`), a pure arc: `t = 0`,
/// `u = 0`, `v = φ`.
// In wasm out of line: V8 optimizes a search that calls them, not one
// with all 44 inlined.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(super) fn lsl(l: &Local) -> Option<[f64; 3]> {
    let (xi, eta) = left_left(l);
    let u = (xi * xi + eta * eta).sqrt();
    if u <= l.near {
        let v = plus(mod2pi(l.phi))?;
        return Some([0.0, 0.0, v]);
    }
    let t = plus(angle(eta, xi))?;
    let v = plus(mod2pi(l.phi - t))?;
    Some([t, u, v])
}

/// Formula 8.2, `L+S+R+`: the inner tangent of the start's left circle and
/// the goal's right circle (centres at least `2r` apart, within `near`).
// In wasm out of line: V8 optimizes a search that calls them, not one
// with all 44 inlined.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(super) fn lsr(l: &Local) -> Option<[f64; 3]> {
    let (xi, eta) = left_right(l);
    let d2 = xi * xi + eta * eta;
    let two_r = 2.0 * l.r;
    if d2 < two_r * two_r - 2.0 * two_r * l.near {
        return None;
    }
    let u = sqrt0(d2 - two_r * two_r);
    // The angle of (xi, eta) plus that of (u, 2r): one atan2 of the product.
    let t = plus(mod2pi(angle(eta * u + two_r * xi, xi * u - two_r * eta)))?;
    let v = plus(mod2pi(t - l.phi))?;
    Some([t, u, v])
}

/// Formulas 8.3 and 8.4, `L+R-L±` (C|C|C and C|CC): the middle circle
/// touches both left circles (centres at most `4r` apart); `u` in `[−π, 0]`,
/// `v` of either sign.
// In wasm out of line: V8 optimizes a search that calls them, not one
// with all 44 inlined.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(super) fn lrl(l: &Local) -> Option<[f64; 3]> {
    let (xi, eta) = left_left(l);
    let d2 = xi * xi + eta * eta;
    let four_r = 4.0 * l.r;
    if d2 > four_r * four_r + 2.0 * four_r * l.near {
        return None;
    }
    let d = d2.sqrt();
    // u = −2·asin(d / 4r) = 2·acos(d / 4r) − π.
    let u = 2.0 * acos01(d / four_r) - PI;
    let t = plus(mod2pi(angle(eta, xi) + 0.5 * u + PI))?;
    let v = mod2pi(l.phi - t + u);
    Some([t, u, v])
}

/// `tau` and `omega` of formulas 8.7 and 8.8: the first and last arcs of
/// the four-arc words given the middle ones `u` and `v`, from the sines and
/// cosines of `u`, `v` and `δ = u − v` (known without trigonometry: `u` is
/// an arccosine, `v = ±u`).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn tau_omega(
    u: f64,
    v: f64,
    (su, cu): (f64, f64),
    cv: f64,
    (sd, cd): (f64, f64),
    xi: f64,
    eta: f64,
    phi: f64,
) -> (f64, f64) {
    let a = su - sd;
    let b = cu - cd - 1.0;
    let t1 = angle(eta * a - xi * b, xi * a + eta * b);
    let t2 = 2.0 * (cd - cv - cu) + 3.0;
    let tau = if t2 < 0.0 {
        mod2pi(t1 + PI)
    } else {
        mod2pi(t1)
    };
    (tau, mod2pi(tau - u + v - phi))
}

/// Formula 8.7, `L+R+L-R-` (CCu|CuC): `(t, u, −u, v)`, the goal's right
/// circle's centre within `2r` of the start's left circle's.
// In wasm out of line: V8 optimizes a search that calls them, not one
// with all 44 inlined.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(super) fn lrlr_middle_cusp(l: &Local) -> Option<[f64; 4]> {
    let (xi, eta) = left_right(l);
    let d2 = xi * xi + eta * eta;
    let two_r = 2.0 * l.r;
    if d2 > two_r * two_r + 2.0 * two_r * l.near {
        return None;
    }
    let rho = min(0.25 * (2.0 + d2.sqrt() / l.r), 1.0);
    let u = acos01(rho);
    // cos u = ρ; δ = 2u.
    let su = sqrt0(1.0 - rho * rho);
    let (sd, cd) = (2.0 * su * rho, rho * rho - su * su);
    let (t, v) = tau_omega(u, -u, (su, rho), rho, (sd, cd), xi, eta, l.phi);
    let t = plus(t)?;
    let v = minus(v)?;
    Some([t, u, -u, v])
}

/// Formula 8.8, `L+R-L-R+` (C|CuCu|C): `(t, u, u, v)` with `u` in
/// `[−π/2, 0]`, the centres from `2r` to `√20·r` apart.
// In wasm out of line: V8 optimizes a search that calls them, not one
// with all 44 inlined.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(super) fn lrlr_two_cusps(l: &Local) -> Option<[f64; 4]> {
    let (xi, eta) = left_right(l);
    let d2 = xi * xi + eta * eta;
    let r2 = l.r * l.r;
    let slack = 2.0 * l.r * l.near;
    if d2 > 20.0 * r2 + 5.0 * slack || d2 < 4.0 * r2 - 2.0 * slack {
        return None;
    }
    let rho = clamp((20.0 - d2 / r2) / 16.0, 0.0, 1.0);
    let u = -acos01(rho);
    // cos u = ρ, sin u ≤ 0; δ = 0.
    let su = -sqrt0(1.0 - rho * rho);
    let (t, v) = tau_omega(u, u, (su, rho), rho, (0.0, 1.0), xi, eta, l.phi);
    let t = plus(t)?;
    let v = plus(v)?;
    Some([t, u, u, v])
}

/// Formula 8.9, `L+R-S-L-` (C|C½πSC): `(t, −π/2, u, v)`, `u ≤ 0`, `v ≤ 0`;
/// the left circles' centres at least `2r` apart.
// In wasm out of line: V8 optimizes a search that calls them, not one
// with all 44 inlined.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(super) fn lrsl(l: &Local) -> Option<[f64; 4]> {
    let (xi, eta) = left_left(l);
    let d2 = xi * xi + eta * eta;
    let two_r = 2.0 * l.r;
    if d2 < two_r * two_r - 2.0 * two_r * l.near {
        return None;
    }
    let rr = sqrt0(d2 - two_r * two_r);
    let u = minus_len(two_r - rr, l.near)?;
    // The angle of (xi, eta) plus that of (−2r, rr): one atan2 of the product.
    let t = plus(mod2pi(angle(rr * xi - two_r * eta, -two_r * xi - rr * eta)))?;
    let v = minus(mod2pi(l.phi - FRAC_PI_2 - t))?;
    Some([t, -FRAC_PI_2, u, v])
}

/// Formula 8.10, `L+R-S-R-`: `(t, −π/2, u, v)`, `u ≤ 0`, `v ≤ 0`; the
/// start's left and the goal's right circles' centres at least `2r` apart.
// In wasm out of line: V8 optimizes a search that calls them, not one
// with all 44 inlined.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(super) fn lrsr(l: &Local) -> Option<[f64; 4]> {
    let (xi, eta) = left_right(l);
    let d2 = xi * xi + eta * eta;
    let two_r = 2.0 * l.r;
    if d2 < two_r * two_r - 2.0 * two_r * l.near {
        return None;
    }
    let rho = d2.sqrt();
    let t = plus(angle(xi, -eta))?;
    let u = minus_len(two_r - rho, l.near)?;
    let v = minus(mod2pi(t + FRAC_PI_2 - l.phi))?;
    Some([t, -FRAC_PI_2, u, v])
}

/// Formula 8.11, `L+R-S-L-R+` (C|C½πSC½π|C): `(t, −π/2, u, −π/2, v)`,
/// `u ≤ 0`; the start's left and the goal's right circles' centres at least
/// `2r` apart.
// In wasm out of line: V8 optimizes a search that calls them, not one
// with all 44 inlined.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(super) fn lrslr(l: &Local) -> Option<[f64; 5]> {
    let (xi, eta) = left_right(l);
    let d2 = xi * xi + eta * eta;
    let two_r = 2.0 * l.r;
    if d2 < two_r * two_r - 2.0 * two_r * l.near {
        return None;
    }
    let four_r = 2.0 * two_r;
    let u = minus_len(four_r - sqrt0(d2 - two_r * two_r), l.near)?;
    let t = plus(mod2pi(angle(
        (four_r - u) * xi - two_r * eta,
        -two_r * xi + (u - four_r) * eta,
    )))?;
    let v = plus(mod2pi(t - l.phi))?;
    Some([t, -FRAC_PI_2, u, -FRAC_PI_2, v])
}

/// `a` in `[0, 2π)`, with values within a tolerance below 2π taken as 0
/// (a lower bound on a sum of arcs that is `a` modulo 2π).
#[inline(always)]
fn turn_at_least(a: f64) -> f64 {
    let w = if a < 0.0 { a + TAU } else { a };
    if w >= TAU - 1e-9 {
        0.0
    } else {
        w
    }
}

/// A lower bound on an angle `t` that must lie in `[0, π]`, from `m·cos t`
/// and `m·sin t` and `inv = 1/m` (`m > 0`), with no inverse trigonometry:
/// up to π/2, `t = asin(sin t) ≥ y + y³/6` (asin's series has no negative
/// term) and `acos` lies above its chord `π/2·(1 − cos t)`; beyond,
/// `t = π/2 + asin(−cos t)`. For `sin t < 0` (no angle in the range, unless
/// rounding) 0.
#[inline(always)]
fn arc_at_least(c: f64, s: f64, inv: f64) -> f64 {
    if s < 0.0 {
        return 0.0;
    }
    let z = clamp(c * inv, -1.0, 1.0);
    if z >= 0.0 {
        let y = min(s * inv, 1.0);
        max(y + y * y * y * (1.0 / 6.0), FRAC_PI_2 * (1.0 - z))
    } else {
        let x = -z;
        FRAC_PI_2 + x + x * x * x * (1.0 / 6.0)
    }
}

/// The least `a + |mod2pi(target − a)|` over `a` in `[lo, π]` (`lo ≥ 0`):
/// a turn of at least `lo` one way followed by whatever reaches `target`.
#[inline(always)]
fn turns_at_least(lo: f64, target: f64) -> f64 {
    if target >= lo {
        target
    } else {
        lo + mod2pi(target - lo).abs()
    }
}

/// Lower bounds on the length of each base word for `l`, with no inverse
/// trigonometry: the line (or, for the arc-only words, what the middle arcs
/// must turn) and the arcs' turns, whose sums are known modulo 2π, and the
/// first arc's angle bounded from its cosine. Each is below the word's
/// length when the word is feasible; an infeasible word may get any value
/// (its formula then refuses it), and one whose first or last arc certainly
/// has the wrong sign (its sine from the directions, by more than a margin
/// of 1e-9 relative, far wider than the formulas' tolerance) gets +∞.
pub(super) mod bound {
    use super::*;

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
    fn unless_negative(bound: f64, sin_t: f64, sin_v: f64, m: f64, slack: f64) -> f64 {
        let margin = SIGN * m + slack;
        if sin_t < -margin || sin_v < -margin {
            f64::INFINITY
        } else {
            bound
        }
    }

    /// The bounds of the eight base formulas for `l`, in the order of
    /// [`Formula`](super::super::search) (8.1, 8.2, 8.3/8.4, 8.7, 8.8, 8.9,
    /// 8.10, 8.11), sharing the two centre distances; with `backwards` only
    /// 8.3/8.4, 8.9 and 8.10 (the others +∞).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    pub fn all(l: &Local, backwards: bool) -> [f64; 8] {
        let r = l.r;
        let two_r = 2.0 * r;
        let r2 = r * r;
        let inf = f64::INFINITY;
        let (lo, hi) = (1.0 - SIGN, 1.0 + SIGN);
        let (phi, sp, cp) = (l.phi, l.sp, l.cp);
        let quarter = mod2pi(phi - FRAC_PI_2);
        let mut out = [inf; 8];
        // The goal's left circle from the start's left circle (8.1, 8.3/8.4,
        // 8.9); reciprocals once, for the angle bounds.
        let (xl, yl) = left_left(l);
        let dl2 = xl * xl + yl * yl;
        let dl = dl2.sqrt();
        let inv_dl = if dl > 0.0 { 1.0 / dl } else { 0.0 };
        if dl2 <= 16.0 * r2 * hi {
            // 8.3/8.4: r·(t + |u| + |v|) with |u| = 2·asin(z) ≥ 2z + z³/3
            // (z = d/4r); t's direction −(xi, eta)·(q − iz) (q = √(1 − z²),
            // the cosine of |u|/2; length d) and v = φ − t − |u|'s from it,
            // both without trigonometry (cos |u| = 1 − 2z², sin |u| = 2zq).
            let z = min(0.25 * dl * l.inv_r, 1.0);
            let a = 2.0 * z + z * z * z * (1.0 / 3.0);
            let q = sqrt0(1.0 - z * z);
            let (ct, st) = (-(xl * q + yl * z), xl * z - yl * q);
            let (w1c, w1s) = (cp * ct + sp * st, sp * ct - cp * st);
            let (ca, sa) = (1.0 - 2.0 * z * z, 2.0 * z * q);
            let (cv, sv) = (w1c * ca + w1s * sa, w1s * ca - w1c * sa);
            let t3 = arc_at_least(ct, st, inv_dl);
            let v3 = arc_at_least(cv, sv.abs(), inv_dl);
            // Near z = 1, q (a square root of a difference) and the
            // directions from it carry rounding of about √ε: 1e-7 of slack.
            let turns = max(
                t3 + a + v3 - ROOT_SLACK,
                max(turns_at_least(min(a, PI), phi), a),
            );
            out[2] = unless_negative(r * turns, st, 0.0, dl, l.near);
        }
        if dl2 >= 8.0 * r2 * lo {
            // 8.9: |u| + r·(π/2 + t − v), t + v ≡ φ − π/2, t ≥ 0 ≥ v; t's
            // direction (xi, eta)·(−2r + i·rr), of length d²; v ≤ 0 needs
            // cos(φ − t) ≥ 0; u = 2r − rr ≤ 0 needs d ≥ √8·r.
            let wl = sqrt0(dl2 - 4.0 * r2);
            let (c9, s9) = (-two_r * xl - wl * yl, wl * xl - two_r * yl);
            let turns9 = max(arc_at_least(c9, s9, inv_dl * inv_dl), quarter.abs());
            out[5] = unless_negative(
                max(wl - two_r, 0.0) + r * (FRAC_PI_2 + turns9),
                s9,
                cp * c9 + sp * s9,
                dl2,
                l.near * dl,
            );
        }
        // The goal's right circle from the start's left circle (the others).
        let (xr, yr) = left_right(l);
        let dr2 = xr * xr + yr * yr;
        let dr = dr2.sqrt();
        let inv_dr = if dr > 0.0 { 1.0 / dr } else { 0.0 };
        let apart = dr2 >= 4.0 * r2 * lo;
        if apart {
            // 8.10: |u| + r·(π/2 + t − v), t − v ≡ φ − π/2 in [0, 2π); t =
            // arg(−eta, xi) in [0, π]; v ≤ 0 needs −cos(t − φ) ≥ 0.
            out[6] = unless_negative(
                max(dr - two_r, 0.0) + r * (FRAC_PI_2 + turn_at_least(quarter)),
                xr,
                yr * cp - xr * sp,
                dr,
                l.near,
            );
        }
        if backwards {
            return out;
        }
        // 8.1: u + r·(t + v), t + v ≡ φ, both in [0, π]: t = arg(xi, eta),
        // v = φ − t. Two circles closer than `near` are one: any t (a pure
        // arc), which the slack allows.
        out[0] = unless_negative(
            dl + r * turn_at_least(phi),
            yl,
            sp * xl - cp * yl,
            dl,
            l.near,
        );
        if apart {
            let wr = sqrt0(dr2 - 4.0 * r2);
            let inv_dr2 = inv_dr * inv_dr;
            // 8.2: u + r·(2t − φ), v = t − φ ≥ 0; t's direction
            // (xi, eta)·(u + 2ri), of length d².
            let (c2, s2) = (xr * wr - two_r * yr, yr * wr + two_r * xr);
            let t2 = max(arc_at_least(c2, s2, inv_dr2), phi);
            out[1] = unless_negative(
                wr + r * max(2.0 * t2 - phi, phi.abs()),
                s2,
                s2 * cp - c2 * sp,
                dr2,
                l.near * dr,
            );
            if dr2 <= 20.0 * r2 * hi {
                // 8.8: the middle arcs (2|u|, |u| = acos ρ ≥ √(2(1 − ρ)))
                // and the outer ones' sum modulo 2π (t − v ≡ φ).
                let rho8 = clamp((20.0 - dr2 * l.inv_r * l.inv_r) * (1.0 / 16.0), 0.0, 1.0);
                let a8 = 2.0 * sqrt0(2.0 * (1.0 - rho8) - ACOS_SLACK);
                out[4] = r * (a8 + phi.abs());
            }
            if dr2 >= 20.0 * r2 * lo {
                // 8.11: |u| + r·(π + 2t − φ), v = t − φ ≥ 0; t's direction
                // (xi, eta)·(−2r + i·w), of length d²; u = 4r − w ≤ 0 needs
                // d ≥ √20·r.
                let (c11, s11) = (-two_r * xr - wr * yr, wr * xr - two_r * yr);
                let t11 = max(arc_at_least(c11, s11, inv_dr2), phi);
                out[7] = unless_negative(
                    max(wr - 2.0 * two_r, 0.0) + r * (PI + max(2.0 * t11 - phi, phi.abs())),
                    s11,
                    s11 * cp - c11 * sp,
                    dr2,
                    l.near * dr,
                );
            }
        }
        if dr2 <= 4.0 * r2 * hi {
            // 8.7: the middle arcs (2u, u = acos ρ ≥ √(2(1 − ρ))) and the
            // outer ones' sum modulo 2π (t − v ≡ φ + 2u, t ≥ 0 ≥ v).
            let rho7 = min(0.25 * (2.0 + dr * l.inv_r), 1.0);
            let a7 = 2.0 * sqrt0(2.0 * (1.0 - rho7) - ACOS_SLACK);
            out[3] = r * max(turns_at_least(min(a7, PI), -phi), a7);
        }
        out
    }
}
