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

/// The larger of `a` and `b` (neither NaN here): `b` unless `a > b`. In
/// wasm a lane of `f64x2.pmax` (one instruction, where V8 turns a scalar
/// `select` or `f64.max` into a branch, mispredicted half the time on
/// random queries); the same bits either way.
#[inline(always)]
pub(super) fn max(a: f64, b: f64) -> f64 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::{f64x2_extract_lane, f64x2_pmax, f64x2_splat};
        f64x2_extract_lane::<0>(f64x2_pmax(f64x2_splat(b), f64x2_splat(a)))
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        if a > b {
            a
        } else {
            b
        }
    }
}

/// The smaller of `a` and `b`: `b` unless `a < b` (as [`max`], with
/// `f64x2.pmin`).
#[inline(always)]
pub(super) fn min(a: f64, b: f64) -> f64 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    {
        use core::arch::wasm32::{f64x2_extract_lane, f64x2_pmin, f64x2_splat};
        f64x2_extract_lane::<0>(f64x2_pmin(f64x2_splat(b), f64x2_splat(a)))
    }
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    {
        if a < b {
            a
        } else {
            b
        }
    }
}

/// `x` clamped to `[lo, hi]` (`lo ≤ hi`): `lo` if `x < lo`, else `hi` if
/// `x > hi`, else `x` (as [`max`]).
#[inline(always)]
pub(super) fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    min(hi, max(lo, x))
}

/// `sqrt(max(0, a))`.
#[inline(always)]
pub(super) fn sqrt0(a: f64) -> f64 {
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
pub(super) fn left_left(l: &Local) -> (f64, f64) {
    (l.x - l.r * l.sp, (l.y - l.r) + l.r * l.cp)
}

/// The centre of the goal's right circle, seen from the start's left
/// circle's centre: `(x + r sin φ, y − r − r cos φ)`.
#[inline(always)]
pub(super) fn left_right(l: &Local) -> (f64, f64) {
    (l.x + l.r * l.sp, (l.y - l.r) - l.r * l.cp)
}

/// Formula 8.1, `L+S+L+`: `(t, u, v)`, `t, v` in `[0, π]`. When the two
/// left circles are the same (closer than `near`), a pure arc: `t = 0`,
/// `u = 0`, `v = φ`.
// Inlined into the search's one solve (`search::solve_raw`).
#[inline(always)]
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
// Inlined into the search's one solve (`search::solve_raw`).
#[inline(always)]
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
// Inlined into the search's one solve (`search::solve_raw`).
#[inline(always)]
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
// Inlined into the search's one solve (`search::solve_raw`).
#[inline(always)]
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
// Inlined into the search's one solve (`search::solve_raw`).
#[inline(always)]
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
// Inlined into the search's one solve (`search::solve_raw`).
#[inline(always)]
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
// Inlined into the search's one solve (`search::solve_raw`).
#[inline(always)]
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
// Inlined into the search's one solve (`search::solve_raw`).
#[inline(always)]
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
