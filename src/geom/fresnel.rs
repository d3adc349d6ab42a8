//! Fresnel integrals: the standard pair C(x), S(x) and the generalized
//! integrals X(a, b, c), Y(a, b, c) that give a clothoid's points.
//!
//! ```text
//! C(x) = ∫₀ˣ cos(π t²/2) dt            S(x) = ∫₀ˣ sin(π t²/2) dt
//! X(a, b, c) = ∫₀¹ cos(a t²/2 + b t + c) dt
//! Y(a, b, c) = ∫₀¹ sin(a t²/2 + b t + c) dt
//! ```
//!
//! A clothoid from pose (x₀, y₀, θ₀) with curvature κ₀ and sharpness κ′
//! is at `(x₀, y₀) + s·(X, Y)(κ′s², κ₀s, θ₀)` after a length `s`.
//!
//! Each function picks one of a few numerical branches; the boundaries are
//! constants of the module (`SERIES_LIMIT`, `ASYMPTOTIC_FROM`, `SMALL_A`),
//! and its tests evaluate both sides of each one.
//!
//! - C, S for `|x| < 1.5`: their power series.
//! - C, S for `|x| ≥ 1.5`: `C = ½ + f sin(πx²/2) − g cos(πx²/2)`,
//!   `S = ½ − f cos(πx²/2) − g sin(πx²/2)`, with the auxiliary functions
//!   f and g from a rational approximation below `|x| = 6` and their
//!   asymptotic series from there on; the phase `πx²/2` is taken from
//!   `x² mod 4`, computed exactly, so it is not rounded at large `x`.
//! - X, Y for `a = 0` exactly: the closed form of an arc, `sin b / b`,
//!   `2 sin²(b/2) / b` (a short series for `|b| < 10⁻³`).
//! - X, Y for `0 < |a| < 1`: a series in `a` whose terms are the moments
//!   `∫ tᵏ cos(bt) dt`, `∫ tᵏ sin(bt) dt` (upward recurrence while
//!   `k < 2|b|`; beyond, downward recurrence from the last moment, which
//!   reduced Lommel functions give). No difference of nearly
//!   equal numbers, so a clothoid whose curvature barely changes loses
//!   nothing.
//! - X, Y for `|a| ≥ 1`: completing the square turns the phase into
//!   `π u²/2` and the integral into a difference of C and S at two points.
//!   Where both points lie on one side beyond 1.5, the halves cancel
//!   exactly and the large phases are replaced by the phase at the end
//!   (`b + a/2`), so a long, tightly curved clothoid keeps its accuracy.
//!
//! Ported from Bertolazzi & Frego's Clothoids library (`src/Fresnel.cc`,
//! BSD-2-Clause, © 2017 Enrico Bertolazzi). Changed: the limits (1 and
//! 0.01 there; moved where each branch is the more accurate one), the
//! one-sided difference and the exact phase above, and the moments for
//! negative or large `|b|` (by symmetry, and by the recurrence alone where
//! it covers every `k`: the Lommel series overflows there), the moments
//! beyond the upward recurrence by the downward one (Lommel functions for
//! the last moment only), and C and S below 1.5 by Horner's rule on tabled
//! coefficients.
//!
//! # Examples
//! ```
//! use arcline::geom::fresnel::{fresnel_cs, generalized_fresnel_cs};
//! let (c, s) = fresnel_cs(1.0);
//! assert!((c - 0.779_893_400_376_822_8).abs() < 1e-15);
//! assert!((s - 0.438_259_147_390_354_8).abs() < 1e-15);
//! // a = 0: a circular arc turning by b = 1 radian.
//! let (x, y) = generalized_fresnel_cs(0.0, 1.0, 0.0);
//! assert!((x - libm::sin(1.0)).abs() < 1e-15);
//! assert!((y - (1.0 - libm::cos(1.0))).abs() < 1e-15);
//! ```

use super::math::{self, sin, sqrt};
use core::f64::consts::{FRAC_PI_2, PI};

/// Below this `|x|`, C and S come from their power series; from it on, from
/// the auxiliary functions f and g. The series loses about a digit per unit
/// of `πx²/2` to cancellation; at 1.5 it is still within about 1e-15, where
/// the rational approximation of f and g is a few times worse.
pub(crate) const SERIES_LIMIT: f64 = 1.5;

/// From this `|x|` on, f and g come from their asymptotic series instead of
/// the rational approximation.
pub(crate) const ASYMPTOTIC_FROM: f64 = 6.0;

/// Below this `|a|` (and above zero), X and Y come from the series in `a`;
/// from it on, from C and S. The series converges like `(a²/4)ⁿ/(2n)!`, so
/// ten terms are far beyond double precision here, and the difference of C
/// and S at two points `√(|a|/π) ≥ 0.56` apart loses little.
pub(crate) const SMALL_A: f64 = 1.0;

/// Terms of the series in `a` after the first.
const A_SERIES_TERMS: usize = 10;

/// The weight below which a term of the series in `a` no longer counts
/// (2⁻⁶⁰: a hundredth of the spacing of numbers near 1).
const TINY_TERM: f64 = 8.673_617_379_884_035e-19;

/// Moments needed by the series in `a`: up to `t^(4·terms + 2)`, plus two
/// for the derivatives of the fitting problem.
const MOMENTS: usize = 4 * A_SERIES_TERMS + 5;

/// `1/√π`.
const FRAC_1_SQRT_PI: f64 = 0.564_189_583_547_756_3;

/// The Fresnel integrals `(C(x), S(x))`, with the normalisation `π t²/2`
/// (`C(∞) = S(∞) = ½`). Odd in `x`; NaN gives NaN.
///
/// # Examples
/// ```
/// use arcline::geom::fresnel::fresnel_cs;
/// let (c, s) = fresnel_cs(1e6);
/// assert!((c - 0.5).abs() < 1e-6 && (s - 0.5).abs() < 1e-6);
/// assert_eq!(fresnel_cs(-2.0), (-fresnel_cs(2.0).0, -fresnel_cs(2.0).1));
/// ```
#[must_use]
pub fn fresnel_cs(x: f64) -> (f64, f64) {
    let ax = x.abs();
    let (c, s) = if ax < SERIES_LIMIT {
        series_cs(ax)
    } else {
        let (c, s, _, _) = fresnel_cs_far(ax);
        (c, s)
    };
    if x < 0.0 {
        (-c, -s)
    } else {
        (c, s)
    }
}

/// C and S for `x ≥ `[`SERIES_LIMIT`], and the `(sin, cos)` of `πx²/2`
/// they were made from.
fn fresnel_cs_far(x: f64) -> (f64, f64, f64, f64) {
    let (f, g) = aux_fg(x);
    let (su, cu) = sin_cos_half_pi_square(x);
    (0.5 + f * su - g * cu, 0.5 - f * cu - g * su, su, cu)
}

/// `(sin(πx²/2), cos(πx²/2))` for `x ≥ 0`, with `x²` reduced modulo 4
/// exactly first (one period): rounding `πx²/2` itself would cost
/// `x²·1e-16` radians, 1e-10 at `x = 1000`.
fn sin_cos_half_pi_square(x: f64) -> (f64, f64) {
    // From 2⁵³ on, x is an even integer: x² is a multiple of 4 (and at
    // infinity, where f and g are 0, any finite pair will do).
    if x >= 9_007_199_254_740_992.0 {
        return (0.0, 1.0);
    }
    // x² = hi + lo exactly; hi mod 4 is exact.
    let (hi, lo) = math::exact_square(x);
    let r = math::fmod(hi, 4.0) + lo;
    let u = FRAC_PI_2 * r;
    math::sin_cos(u)
}

/// `1/((2n)! (4n + 1))`, the coefficients of `C(x)/x` in `t = −(πx²/2)²`,
/// correctly rounded; below [`SERIES_LIMIT`] (`|t| < 12.5`) the last one
/// weighs less than 1e-19 of the sum.
const C_SERIES: [f64; 17] = [
    1.0,
    0.1,
    0.004_629_629_629_629_629,
    0.000_106_837_606_837_606_84,
    1.458_916_900_093_370_6e-6,
    1.312_253_296_380_280_6e-8,
    8.350_702_795_147_24e-11,
    3.955_429_516_458_525_7e-13,
    1.448_326_464_359_813_8e-15,
    4.221_407_288_807_088e-18,
    1.002_516_493_490_771_9e-20,
    1.977_064_753_877_905e-23,
    3.289_260_349_175_752e-26,
    4.678_483_515_518_485_6e-29,
    5.754_191_643_982_172e-32,
    6.180_307_588_222_796e-35,
    5.846_755_007_468_836e-38,
];

/// `1/((2n + 1)! (4n + 3))`, the coefficients of `S(x)/((π/2) x³)` in the
/// same `t`, correctly rounded.
const S_SERIES: [f64; 17] = [
    0.333_333_333_333_333_3,
    0.023_809_523_809_523_808,
    0.000_757_575_757_575_757_6,
    1.322_751_322_751_322_8e-5,
    1.450_385_222_315_046_8e-7,
    1.089_222_103_714_857_3e-9,
    5.947_794_013_637_635_4e-12,
    2.466_827_010_264_457e-14,
    8.032_735_012_415_773e-17,
    2.107_855_191_442_136e-19,
    4.551_846_758_928_2e-22,
    8.230_149_299_214_221e-25,
    1.264_107_898_898_916_4e-27,
    1.669_761_793_417_372e-30,
    1.916_942_862_109_782_6e-33,
    1.930_357_208_815_108e-36,
    1.718_856_062_801_783_5e-39,
];

/// C and S by their power series (`0 ≤ x < `[`SERIES_LIMIT`]), each a
/// polynomial in `t = −(πx²/2)²` by Horner's rule (no division).
fn series_cs(x: f64) -> (f64, f64) {
    let s = FRAC_PI_2 * (x * x);
    let t = -s * s;
    let horner = |c: &[f64; 17]| c.iter().rev().fold(0.0, |acc, &k| acc * t + k);
    (
        x * horner(&C_SERIES),
        FRAC_PI_2 * horner(&S_SERIES) * (x * x * x),
    )
}

/// The auxiliary functions `(f(x), g(x))` of the Fresnel integrals, for
/// `x ≥ `[`SERIES_LIMIT`]: `C(x) + i S(x) = (1 + i)/2 − (g + i f) e^{iπx²/2}`.
fn aux_fg(x: f64) -> (f64, f64) {
    if x < ASYMPTOTIC_FROM {
        rational_fg(x)
    } else {
        asymptotic_fg(x)
    }
}

/// f and g by the rational approximation of W. J. Thompson, *Atlas for
/// Computing Mathematical Functions* (Wiley, 1997), as adapted by
/// V. S. Telasula.
fn rational_fg(x: f64) -> (f64, f64) {
    const FN: [f64; 11] = [
        0.49999988085884733,
        1.3511177791210716,
        1.317540783616866,
        1.1861149300293854,
        0.7709627298888346,
        0.4173874338787964,
        0.19044202705272903,
        0.06655998896627698,
        0.022789258616785716,
        0.004011668935850795,
        0.0012192036851249883,
    ];
    const FD: [f64; 12] = [
        1.0,
        2.702230577240026,
        4.205926815143849,
        4.522188284010771,
        3.724035228163036,
        2.458928625467815,
        1.3125491629443704,
        0.5997685720120933,
        0.2090768075037885,
        0.07159621634657902,
        0.012602969513793714,
        0.003830242351293125,
    ];
    const GN: [f64; 11] = [
        0.5000001439270635,
        0.03234643492534913,
        0.17619325157863255,
        0.03860627317070649,
        0.023693692309257726,
        0.007092018516845034,
        0.0012492123212412087,
        0.0004402304089477847,
        -8.802668274761725e-6,
        -1.4033554916580019e-8,
        2.3509221782155474e-10,
    ];
    const GD: [f64; 12] = [
        1.0,
        2.06469874970196,
        2.910931176694803,
        2.6561936751333035,
        2.019556398317727,
        1.1167891129189365,
        0.5726787475597317,
        0.1940848116959307,
        0.07634808341431248,
        0.011573247407207866,
        0.004409927369306731,
        -9.070958410429994e-5,
    ];
    let ratio = |num: &[f64; 11], den: &[f64; 12]| {
        let (mut n, mut d) = (0.0, den[11]);
        for k in (0..11).rev() {
            n = num[k] + x * n;
            d = den[k] + x * d;
        }
        n / d
    };
    (ratio(&FN, &FD), ratio(&GN, &GD))
}

/// f and g by their asymptotic series in `1/(πx²)²` (`x ≥ 6`, where the
/// terms shrink from the first).
fn asymptotic_fg(x: f64) -> (f64, f64) {
    const EPS: f64 = 1e-17;
    let s = PI * x * x;
    let t = -1.0 / (s * s);
    // Each series stops at its smallest term at the latest: an asymptotic
    // series grows again beyond it (from x = 6 on, that is far below EPS).
    let series = |shift: f64| {
        let (mut numterm, mut term, mut sum, mut last) = (-1.0f64, 1.0f64, 1.0f64, 1.0f64);
        for _ in 0..64 {
            numterm += 4.0;
            let next = term * numterm * (numterm + shift) * t;
            if next.abs() > last {
                break;
            }
            term = next;
            sum += term;
            last = term.abs();
            if last <= EPS * sum.abs() {
                break;
            }
        }
        sum
    };
    let f = series(-2.0) / (PI * x);
    let px = PI * x;
    let g = series(2.0) / (px * px * x);
    (f, g)
}

/// `C` and `S` and their first moments: `∫₀ˣ tᵏ cos(πt²/2) dt` and the
/// same with sin, for `k < N` (`N ≤ 3`).
fn fresnel_cs_moments<const N: usize>(t: f64) -> ([f64; N], [f64; N]) {
    let (mut c, mut s) = ([0.0; N], [0.0; N]);
    // C, S and the phase's sine and cosine (one evaluation of each).
    let at = t.abs();
    let (c0, s0, ss, cc) = if at < SERIES_LIMIT {
        let (c0, s0) = series_cs(at);
        let (ss, cc) = sin_cos_half_pi_square(at);
        (c0, s0, ss, cc)
    } else {
        fresnel_cs_far(at)
    };
    let sign = if t < 0.0 { -1.0 } else { 1.0 };
    c[0] = sign * c0;
    s[0] = sign * s0;
    if N > 1 {
        c[1] = ss / PI;
        s[1] = (1.0 - cc) / PI;
        let mut tk1 = 1.0;
        for k in 2..N {
            tk1 *= t;
            let kf = (k - 1) as f64;
            c[k] = (tk1 * ss - kf * s[k - 2]) / PI;
            s[k] = (kf * c[k - 2] - tk1 * cc) / PI;
        }
    }
    (c, s)
}

/// The generalized Fresnel integrals `(X(a, b, c), Y(a, b, c))`: the point
/// reached after a unit length from the origin, starting at heading `c`
/// with curvature `b` and sharpness `a`.
///
/// Accurate to a few units of 1e-16 in absolute terms over the ranges a
/// clothoid meets (see the module docs for the branches). Finite for
/// `|a|`, `|b|` up to 1e300 and any finite `c`; NaN in, NaN out.
///
/// # Examples
/// ```
/// use arcline::geom::fresnel::generalized_fresnel_cs;
/// // A straight line at heading 0.5.
/// let (x, y) = generalized_fresnel_cs(0.0, 0.0, 0.5);
/// assert_eq!((x, y), (libm::cos(0.5), libm::sin(0.5)));
/// // An Euler spiral from zero curvature: X(π, 0, 0) = C(1).
/// let (x, _) = generalized_fresnel_cs(core::f64::consts::PI, 0.0, 0.0);
/// assert!((x - 0.779_893_400_376_822_8).abs() < 1e-15);
/// ```
#[must_use]
pub fn generalized_fresnel_cs(a: f64, b: f64, c: f64) -> (f64, f64) {
    let (x, y) = xy_unrotated(a, b);
    rotate(x, y, c)
}

/// [`generalized_fresnel_cs`] with `(sin c, cos c)` given.
pub(crate) fn generalized_fresnel_cs_turned(a: f64, b: f64, (sc, cc): (f64, f64)) -> (f64, f64) {
    let (x, y) = xy_unrotated(a, b);
    (x * cc - y * sc, x * sc + y * cc)
}

/// X and Y at `c = 0`.
fn xy_unrotated(a: f64, b: f64) -> (f64, f64) {
    if a == 0.0 {
        xy_a_zero(b)
    } else if a.abs() < SMALL_A {
        xy_a_small(a, b)
    } else {
        xy_a_large(a, b)
    }
}

/// `(x, y)` turned by `c`.
fn rotate(x: f64, y: f64, c: f64) -> (f64, f64) {
    if c == 0.0 {
        return (x, y);
    }
    let (sc, cc) = math::sin_cos(c);
    (x * cc - y * sc, x * sc + y * cc)
}

/// The generalized Fresnel integrals and their first two moments:
/// `∫₀¹ tᵏ cos(a t²/2 + b t + c) dt` and the same with sin, for
/// `k = 0, 1, 2` (the derivatives the G1 fit's Newton steps need), with
/// `(sin c, cos c)` given: the fit evaluates many `a`, `b` at one `c`.
pub(crate) fn generalized_fresnel_cs_moments_turned(
    a: f64,
    b: f64,
    (sc, cc): (f64, f64),
) -> ([f64; 3], [f64; 3]) {
    let (mut x, mut y) = moments_unrotated(a, b);
    for k in 0..3 {
        (x[k], y[k]) = (x[k] * cc - y[k] * sc, x[k] * sc + y[k] * cc);
    }
    (x, y)
}

/// The moments `k = 0, 1, 2` at `c = 0`.
fn moments_unrotated(a: f64, b: f64) -> ([f64; 3], [f64; 3]) {
    if a.abs() < SMALL_A {
        xy_a_small_moments(a, b)
    } else {
        xy_a_large_moments(a, b)
    }
}

/// X and Y for `a = 0`: the chord of an arc of unit length turning by `b`.
fn xy_a_zero(b: f64) -> (f64, f64) {
    if b.abs() < 1e-3 {
        let b2 = b * b;
        (
            1.0 - (b2 / 6.0) * (1.0 - (b2 / 20.0) * (1.0 - b2 / 42.0)),
            (b / 2.0) * (1.0 - (b2 / 12.0) * (1.0 - b2 / 30.0)),
        )
    } else {
        let h = sin(b / 2.0);
        (sin(b) / b, 2.0 * h * h / b)
    }
}

/// `∫₀¹ tᵏ cos(bt) dt` and `∫₀¹ tᵏ sin(bt) dt` for `k < n` into `x`, `y`.
///
/// Upward recurrence (`X_k = (sin b − k Y_{k−1})/b`, ...) multiplies errors
/// by `k/|b|` a step, so it runs while `k < m = ⌊2|b|⌋` (or for every `k`
/// when that covers them all: the few steps beyond `|b|` only touch
/// moments whose weights are tiny). The rest run the same recurrence
/// downwards (`X_{k−1} = (cos b + b Y_k)/k`, `Y_{k−1} = (sin b − b X_k)/k`),
/// which multiplies errors by `|b|/k < ½` a step there, from the last
/// moment, which comes from reduced Lommel functions (their series
/// converge fast where `k > 2|b|`): four series in all instead of two for
/// every moment.
fn moments_a_zero(n: usize, b: f64, x: &mut [f64], y: &mut [f64]) {
    let ab = b.abs();
    (x[0], y[0]) = xy_a_zero(ab);
    let (sb, cb) = math::sin_cos(ab);
    let two_b = 2.0 * ab;
    let m = if two_b >= n as f64 {
        n
    } else {
        // two_b < n ≤ MOMENTS: the cast cannot overflow.
        (libm::floor(two_b) as usize).max(1)
    };
    for k in 1..m {
        let kf = k as f64;
        x[k] = (sb - kf * y[k - 1]) / ab;
        y[k] = (kf * x[k - 1] - cb) / ab;
    }
    if m < n {
        // The last moment, k = n − 1, from the Lommel functions.
        let k = n - 1;
        let kf = k as f64;
        let d = sb - ab * cb;
        let rla = lommel_reduced(kf + 0.5, 1.5, ab);
        let rld = lommel_reduced(kf + 0.5, 0.5, ab);
        let rlb = lommel_reduced(kf + 1.5, 0.5, ab);
        let rlc = lommel_reduced(kf + 1.5, 1.5, ab);
        x[k] = (kf * (ab * sb) * rla + (ab * d) * rlb + cb) / (1.0 + kf);
        y[k] = (-ab * ab * sb * rlc + sb) / (2.0 + kf) + d * rld;
        // Downwards to k = m.
        for k in (m + 1..n).rev() {
            let kf = k as f64;
            x[k - 1] = (cb + ab * y[k]) / kf;
            y[k - 1] = (sb - ab * x[k]) / kf;
        }
    }
    if b < 0.0 {
        for v in &mut y[..n] {
            *v = -*v;
        }
    }
}

/// The reduced Lommel function `s_{μ,ν}(b) / b^{μ+1}` by its power series
/// (used where `b² < (μ + 1)²`, where the terms fall from the first).
fn lommel_reduced(mu: f64, nu: f64, b: f64) -> f64 {
    let mut tmp = 1.0 / ((mu + nu + 1.0) * (mu - nu + 1.0));
    let mut res = tmp;
    for n in 1..=100 {
        let n2 = 2.0 * f64::from(n);
        tmp *= (-b / (n2 + mu - nu + 1.0)) * (b / (n2 + mu + nu + 1.0));
        res += tmp;
        if tmp.abs() < res.abs() * 1e-17 {
            break;
        }
    }
    res
}

/// X and Y for `0 < |a| < `[`SMALL_A`]: `cos(at²/2)` and `sin(at²/2)` by
/// their Taylor series, integrated against the `a = 0` moments.
///
/// Only the terms that count are summed: term `n` weighs moments of at
/// most 1 by `(a²/4)ⁿ/(2n)!`, and the series stops before the first below
/// 2⁻⁶⁰ (for `|a| = 0.05`, four terms and 19 moments instead of ten and 43).
fn xy_a_small(a: f64, b: f64) -> (f64, f64) {
    let terms = a_series_terms(a);
    let aa = -a * a / 4.0;
    let (mut x0, mut y0) = ([0.0; MOMENTS], [0.0; MOMENTS]);
    moments_a_zero(4 * terms + 3, b, &mut x0, &mut y0);
    let mut x = x0[0] - (a / 2.0) * y0[2];
    let mut y = y0[0] + (a / 2.0) * x0[2];
    let mut t = 1.0;
    for k in 1..=terms {
        let kf = k as f64;
        t *= aa / (2.0 * kf * (2.0 * kf - 1.0));
        let bf = a / (4.0 * kf + 2.0);
        let j = 4 * k;
        x += t * (x0[j] - bf * y0[j + 2]);
        y += t * (y0[j] + bf * x0[j + 2]);
    }
    (x, y)
}

/// How many terms after the first the series in `a` needs: those whose
/// weight `(a²/4)ⁿ/(2n)!` is at least [`TINY_TERM`] (at most
/// [`A_SERIES_TERMS`]).
fn a_series_terms(a: f64) -> usize {
    let aa = a * a / 4.0;
    let (mut terms, mut weight) = (0, 1.0f64);
    while terms < A_SERIES_TERMS {
        let n = (terms + 1) as f64;
        let next = weight * aa / (2.0 * n * (2.0 * n - 1.0));
        if next < TINY_TERM {
            break;
        }
        weight = next;
        terms += 1;
    }
    terms
}

/// [`xy_a_small`] for the moments `k = 0, 1, 2` (their weights are those
/// of `k = 0`, and the moments themselves smaller, so the same terms).
fn xy_a_small_moments(a: f64, b: f64) -> ([f64; 3], [f64; 3]) {
    let terms = a_series_terms(a);
    let (mut x0, mut y0) = ([0.0; MOMENTS], [0.0; MOMENTS]);
    moments_a_zero(4 * terms + 5, b, &mut x0, &mut y0);
    let (mut x, mut y) = ([0.0; 3], [0.0; 3]);
    for j in 0..3 {
        x[j] = x0[j] - (a / 2.0) * y0[j + 2];
        y[j] = y0[j] + (a / 2.0) * x0[j + 2];
    }
    let mut t = 1.0;
    let aa = -a * a / 4.0;
    for k in 1..=terms {
        let kf = k as f64;
        t *= aa / (2.0 * kf * (2.0 * kf - 1.0));
        let bf = a / (4.0 * kf + 2.0);
        for j in 0..3 {
            let jj = 4 * k + j;
            x[j] += t * (x0[jj] - bf * y0[jj + 2]);
            y[j] += t * (y0[jj] + bf * x0[jj + 2]);
        }
    }
    (x, y)
}

/// X and Y for `|a| ≥ `[`SMALL_A`]. With `σ = sign a`, `z = √(|a|/π)`
/// and `ℓ = σ b / √(π|a|)`, the phase is `σ π u²/2 + γ` for `u = ℓ + z t`
/// and `γ = −σ b²/(2|a|)`, so `X + iY = e^{iγ} (ΔC + iσ ΔS) / z`, where
/// ΔC and ΔS are the changes of C and S from `u = ℓ` to `u = ℓ + z`.
fn xy_a_large(a: f64, b: f64) -> (f64, f64) {
    let sigma = if a > 0.0 { 1.0 } else { -1.0 };
    let abs_a = a.abs();
    let z = FRAC_1_SQRT_PI * sqrt(abs_a);
    let ell = sigma * b * FRAC_1_SQRT_PI / sqrt(abs_a);
    if one_side(z, ell) {
        xy_one_side(a, b, sigma, z, ell)
    } else {
        xy_difference(b, sigma, abs_a, z, ell)
    }
}

/// Whether `ℓ` and `ℓ + z` lie on one side beyond [`SERIES_LIMIT`] (then
/// [`xy_one_side`] is the accurate form).
fn one_side(z: f64, ell: f64) -> bool {
    let end = ell + z;
    ell.abs() >= SERIES_LIMIT
        && end.abs() >= SERIES_LIMIT
        && ell.is_sign_negative() == end.is_sign_negative()
}

/// Whether the moments of [`generalized_fresnel_cs_moments_turned`] give
/// X and Y at `(a, b)` as accurately as [`generalized_fresnel_cs`]: all
/// but where the latter takes the one-sided form.
pub(crate) fn moments_as_accurate(a: f64, b: f64) -> bool {
    let abs_a = a.abs();
    if abs_a < SMALL_A {
        return true;
    }
    let sigma = if a > 0.0 { 1.0 } else { -1.0 };
    !one_side(
        FRAC_1_SQRT_PI * sqrt(abs_a),
        sigma * b * FRAC_1_SQRT_PI / sqrt(abs_a),
    )
}

/// [`xy_a_large`] when `ℓ` and `ℓ + z` lie on one side beyond
/// [`SERIES_LIMIT`]: with `C + iS = ±((1+i)/2 − (g + if) e^{iπu²/2})` the
/// halves cancel, `e^{iγ} e^{iπℓ²/2} = 1` and `e^{iγ} e^{iπ(ℓ+z)²/2}` is
/// `e^{i(b + a/2)}`, the phase at `t = 1`: no large phase is rounded.
fn xy_one_side(a: f64, b: f64, sigma: f64, z: f64, ell: f64) -> (f64, f64) {
    let (f1, g1) = aux_fg(ell.abs());
    let (f2, g2) = aux_fg((ell + z).abs());
    let phi = b + a / 2.0;
    let (sp, cp) = math::sin_cos(phi);
    // (g1 + iσ f1) − (g2 + iσ f2)(cos φ + i sin φ)
    let re = g1 - (g2 * cp - sigma * f2 * sp);
    let im = sigma * f1 - (g2 * sp + sigma * f2 * cp);
    let side = if ell < 0.0 { -1.0 } else { 1.0 };
    (side * re / z, side * im / z)
}

/// [`xy_a_large`] by the difference of C and S at `ℓ` and `ℓ + z`.
fn xy_difference(b: f64, sigma: f64, abs_a: f64, z: f64, ell: f64) -> (f64, f64) {
    let end = ell + z;
    // b²/|a| as (b/|a|)·b: finite whenever the result is.
    let gamma = -0.5 * sigma * (b / abs_a) * b;
    let (sg, cg) = math::sin_cos(gamma);
    let (sg, cg) = (sg / z, cg / z);
    let (cl, sl) = fresnel_cs(ell);
    let (cz, sz) = fresnel_cs(end);
    let (dc, ds) = (cz - cl, sz - sl);
    (cg * dc - sigma * sg * ds, sg * dc + sigma * cg * ds)
}

/// [`xy_a_large`] for the moments `k = 0, 1, 2` (the direct difference of
/// the Fresnel moments: the fit only meets moderate `a` and `b`).
fn xy_a_large_moments(a: f64, b: f64) -> ([f64; 3], [f64; 3]) {
    let sigma = if a > 0.0 { 1.0 } else { -1.0 };
    let abs_a = a.abs();
    let z = FRAC_1_SQRT_PI * sqrt(abs_a);
    let ell = sigma * b * FRAC_1_SQRT_PI / sqrt(abs_a);
    let gamma = -0.5 * sigma * (b / abs_a) * b;
    let (sg, cg) = math::sin_cos(gamma);
    let (mut sg, mut cg) = (sg / z, cg / z);
    let (cl, sl) = fresnel_cs_moments::<3>(ell);
    let (cz, sz) = fresnel_cs_moments::<3>(ell + z);
    let dc = [cz[0] - cl[0], cz[1] - cl[1], cz[2] - cl[2]];
    let ds = [sz[0] - sl[0], sz[1] - sl[1], sz[2] - sl[2]];
    let (mut x, mut y) = ([0.0; 3], [0.0; 3]);
    x[0] = cg * dc[0] - sigma * sg * ds[0];
    y[0] = sg * dc[0] + sigma * cg * ds[0];
    cg /= z;
    sg /= z;
    let (dc1, ds1) = (dc[1] - ell * dc[0], ds[1] - ell * ds[0]);
    x[1] = cg * dc1 - sigma * sg * ds1;
    y[1] = sg * dc1 + sigma * cg * ds1;
    cg /= z;
    sg /= z;
    let dc2 = dc[2] + ell * (ell * dc[0] - 2.0 * dc[1]);
    let ds2 = ds[2] + ell * (ell * ds[0] - 2.0 * ds[1]);
    x[2] = cg * dc2 - sigma * sg * ds2;
    y[2] = sg * dc2 + sigma * cg * ds2;
    (x, y)
}

#[cfg(test)]
// The reference values keep mpmath's 20 digits: the digits beyond f64's are
// what says the rounding of the literal is the only difference.
#[allow(clippy::excessive_precision)]
mod tests {
    use super::math::cos;
    use super::*;

    /// `(x, C(x), S(x))` by mpmath at 60 digits (`scripts/clothoid_oracle.py
    /// fresnel`), at points in every branch and on both sides of each limit.
    const CS: [(f64, f64, f64); 11] = [
        (0.1, 0.099997532627085073601, 0.00052358954761221068668),
        (0.5, 0.49234422587144639288, 0.064732432859999277611),
        (1.0, 0.77989340037682282947, 0.43825914739035476608),
        (
            1.4999999999999998,
            0.44526117603982174021,
            0.69750496008209309805,
        ),
        (1.5, 0.44526117603982153506, 0.69750496008209301308),
        (2.0, 0.4882534060753407545, 0.3434156783636982422),
        (3.7, 0.5419456621544874129, 0.57498034988747290657),
        (
            5.999999999999999,
            0.49953146785550023201,
            0.44696076123693027762,
        ),
        (6.0, 0.49953146785550112019, 0.44696076123693027762),
        (10.0, 0.49989869420551572361, 0.4681699785848822404),
        (1000.0, 0.49999999989867881636, 0.49968169011381630608),
    ];

    /// `(a, b, c, X, Y)` by mpmath at 100 digits (the same script).
    const XY: [(f64, f64, f64, f64, f64); 22] = [
        (0.0, 0.0, 0.0, 1.0, 0.0),
        (
            0.0,
            0.0001,
            0.0,
            0.99999999833333333417,
            0.000049999999958333335743,
        ),
        (0.0, 2.0, 0.0, 0.4546487134128408477, 0.7080734182735711935),
        (
            0.0,
            -30.0,
            0.0,
            -0.032934387469762059666,
            -0.028191618337080531643,
        ),
        (
            0.0,
            10000.0,
            0.0,
            -0.000030561438888825214136,
            0.00019521553682590148512,
        ),
        (
            1e-10,
            1.0,
            0.0,
            0.84147098479673429288,
            0.45969769414381696395,
        ),
        (0.5, 0.3, 0.0, 0.9605676336197107837, 0.22807518658553531962),
        (
            -0.9,
            7.0,
            0.0,
            0.044330066647083866998,
            -0.014110774404975299069,
        ),
        (
            0.999,
            -2.0,
            0.0,
            0.60834772091761215481,
            -0.6743483509757469065,
        ),
        (
            1.0,
            -2.0,
            0.0,
            0.60849816491192495673,
            -0.6742904756777368266,
        ),
        (
            1.5,
            1.0,
            0.0,
            0.64502950734976005891,
            0.59264105667490038678,
        ),
        (
            3.0,
            -5.0,
            0.0,
            -0.27007713538017185839,
            -0.49234841000634902213,
        ),
        (
            -20.0,
            4.0,
            0.0,
            0.42969735414771030869,
            0.0048145109980858108211,
        ),
        (
            100.0,
            3.0,
            0.0,
            0.066462687046167202569,
            0.094322906685306538119,
        ),
        (
            100.0,
            -1000.0,
            0.0,
            0.0010504610708742986422,
            -0.00063821378515353985557,
        ),
        (
            10000.0,
            37.0,
            0.0,
            0.0056670327299611385873,
            0.0084556785164261661146,
        ),
        (
            -10000.0,
            5000.0,
            0.0,
            0.010483907920949830085,
            -0.02236846194405677081,
        ),
        (
            2.0,
            1000.0,
            0.0,
            0.00091815706819369961957,
            0.0013911562843683859388,
        ),
        (
            0.3,
            -10000.0,
            0.0,
            -0.000015989915161250104965,
            -0.00019871637478012982672,
        ),
        (
            -5.0,
            -60.0,
            1.0,
            -0.00091482157710250876206,
            -0.0053620428810929973803,
        ),
        (
            0.01,
            25.0,
            -2.0,
            0.0024305859678229627195,
            0.004489444091249712879,
        ),
        (
            40.0,
            -25.0,
            0.5,
            0.46478215081213414444,
            -0.12738948329391043187,
        ),
    ];

    fn rel(ours: f64, exact: f64) -> f64 {
        if exact == 0.0 {
            ours.abs()
        } else {
            ((ours - exact) / exact).abs()
        }
    }

    #[test]
    fn c_and_s_equal_published_values() {
        // Abramowitz & Stegun 7.3 / DLMF 7.2: C(1), S(1).
        let (c, s) = fresnel_cs(1.0);
        assert!(
            rel(c, 0.779_893_400_376_822_829_474_2) <= 1e-15,
            "C(1) = {c}"
        );
        assert!(
            rel(s, 0.438_259_147_390_354_766_076_8) <= 1e-15,
            "S(1) = {s}"
        );
        let mut worst = 0.0f64;
        for (x, c, s) in CS {
            let (oc, os) = fresnel_cs(x);
            worst = worst.max(rel(oc, c)).max(rel(os, s));
            assert!(
                rel(oc, c) <= 6e-15 && rel(os, s) <= 6e-15,
                "x {x}: ({oc}, {os}) vs ({c}, {s})"
            );
            assert_eq!(fresnel_cs(-x), (-oc, -os));
        }
        assert!(worst > 0.0);
        assert_eq!(fresnel_cs(0.0), (0.0, 0.0));
        assert!(fresnel_cs(f64::NAN).0.is_nan());
    }

    #[test]
    fn c_and_s_tend_to_one_half() {
        // C(x) − ½ = f sin(πx²/2) − g cos(πx²/2) with f ~ 1/(πx), g ~ 1/(π²x³).
        for x in [50.0, 1e3, 1e5, 1e8, 1e150, 1e300] {
            let (c, s) = fresnel_cs(x);
            let bound = 1.0 / (PI * x) + 1e-16;
            assert!(
                (c - 0.5).abs() <= bound && (s - 0.5).abs() <= bound,
                "x {x}: {c} {s}"
            );
        }
        assert_eq!(fresnel_cs(f64::MAX), (0.5, 0.5));
        assert_eq!(fresnel_cs(f64::NEG_INFINITY), (-0.5, -0.5));
    }

    /// Each branch evaluated at its limit agrees with the next one there,
    /// and with the value just below the limit.
    #[test]
    fn c_and_s_are_continuous_across_their_branches() {
        let below = |x: f64| f64::from_bits(x.to_bits() - 1);
        // Series against f and g at SERIES_LIMIT.
        let x = SERIES_LIMIT;
        let (c1, s1) = series_cs(x);
        let (c2, s2) = fresnel_cs(x);
        let (c0, s0) = fresnel_cs(below(x));
        assert_ne!((c1, s1), (c2, s2), "two branches");
        assert!(
            (c1 - c2).abs() < 4e-15 && (s1 - s2).abs() < 4e-15,
            "{c1} {c2} {s1} {s2}"
        );
        assert!((c0 - c2).abs() < 4e-15 && (s0 - s2).abs() < 4e-15);
        // Rational against asymptotic f and g at ASYMPTOTIC_FROM.
        let x = ASYMPTOTIC_FROM;
        let (f1, g1) = rational_fg(x);
        let (f2, g2) = asymptotic_fg(x);
        assert!(
            rel(f1, f2) < 2e-15 && rel(g1, g2) < 2e-14,
            "f {f1} {f2} g {g1} {g2}"
        );
        let (c0, s0) = fresnel_cs(below(x));
        let (c2, s2) = fresnel_cs(x);
        assert!((c0 - c2).abs() < 2e-15 && (s0 - s2).abs() < 2e-15);
    }

    #[test]
    fn generalized_integrals_equal_mpmath() {
        for (a, b, c, x, y) in XY {
            let (ox, oy) = generalized_fresnel_cs(a, b, c);
            // Absolute: the values are points of a curve of unit length.
            assert!(
                (ox - x).abs() <= 2e-15 && (oy - y).abs() <= 2e-15,
                "({a}, {b}, {c}): ({ox:e}, {oy:e}) vs ({x:e}, {y:e}), off by ({:e}, {:e})",
                ox - x,
                oy - y
            );
        }
    }

    #[test]
    fn a_zero_is_the_closed_form_of_an_arc() {
        for b in [
            1e-300, 1e-8, 9.99e-4, 1e-3, 0.5, 1.0, -2.5, 100.0, -1e6, 1e300,
        ] {
            let (x, y) = generalized_fresnel_cs(0.0, b, 0.0);
            // The chord of a unit arc turning by b: length 2 sin(b/2)/b, at b/2.
            let chord = 2.0 * sin(b / 2.0) / b;
            assert!((x - chord * cos(b / 2.0)).abs() <= 2e-16, "b {b}: x {x}");
            assert!((y - chord * sin(b / 2.0)).abs() <= 2e-16, "b {b}: y {y}");
        }
        assert_eq!(generalized_fresnel_cs(0.0, 0.0, 0.0), (1.0, 0.0));
        assert_eq!(generalized_fresnel_cs(0.0, 0.0, 2.0), (cos(2.0), sin(2.0)));
    }

    /// Reflection: `X(−a, −b, −c) = X`, `Y(−a, −b, −c) = −Y`, bit for bit.
    #[test]
    fn negating_the_phase_mirrors_the_curve() {
        for (a, b, c, _, _) in XY {
            let (x, y) = generalized_fresnel_cs(a, b, c);
            let (mx, my) = generalized_fresnel_cs(-a, -b, -c);
            assert_eq!(
                (x.to_bits(), y.to_bits()),
                (mx.to_bits(), (-my).to_bits()),
                "{a} {b} {c}"
            );
        }
    }

    /// Across `a = 0`, `|a| = SMALL_A` and the one-sided difference the
    /// integrals move by no more than the change of `a` explains.
    #[test]
    fn generalized_integrals_are_continuous_across_their_branches() {
        for b in [0.0, 1e-5, 0.3, -1.7, 4.0, 21.0, -22.0, 60.0, 1e3, -1e5] {
            // a = 0 against the series in a.
            let zero = xy_a_zero(b);
            for a in [5e-324, 1e-300, 1e-17] {
                let small = xy_a_small(a, b);
                assert!((small.0 - zero.0).abs() <= 2e-16 && (small.1 - zero.1).abs() <= 2e-16);
            }
            // The series in a against C and S at |a| = SMALL_A: the same
            // argument through both, and the neighbouring value below.
            for a in [SMALL_A, -SMALL_A] {
                let s = xy_a_small(a, b);
                let l = xy_a_large(a, b);
                let below = generalized_fresnel_cs(f64::from_bits(a.to_bits() - 1), b, 0.0);
                assert!(
                    (s.0 - l.0).abs() < 1e-14 && (s.1 - l.1).abs() < 1e-14,
                    "a {a} b {b}: {s:?} {l:?}"
                );
                assert!((below.0 - l.0).abs() < 1e-14 && (below.1 - l.1).abs() < 1e-14);
            }
        }
        // The one-sided form against the plain difference where both hold
        // (ℓ and ℓ + z beyond SERIES_LIMIT, phases small enough for the
        // difference to keep its digits).
        for (a, b) in [
            (2.0f64, 5.0),
            (-3.0, -8.0),
            (10.0, -20.0),
            (1.0, 2.7),
            (30.0, 40.0),
            (-2.0, 9.0),
        ] {
            let sigma = if a > 0.0 { 1.0 } else { -1.0 };
            let z = FRAC_1_SQRT_PI * sqrt(a.abs());
            let ell = sigma * b * FRAC_1_SQRT_PI / sqrt(a.abs());
            assert!(ell.abs() >= SERIES_LIMIT && (ell + z).abs() >= SERIES_LIMIT);
            let one = xy_one_side(a, b, sigma, z, ell);
            let diff = xy_difference(b, sigma, a.abs(), z, ell);
            assert!(
                (one.0 - diff.0).abs() < 2e-14 && (one.1 - diff.1).abs() < 2e-14,
                "{a} {b}: {one:?} {diff:?}"
            );
        }
    }

    /// Recurrence and Lommel functions agree where the split `m = ⌊2|b|⌋`
    /// moves, and the moments equal their closed forms at small `k`.
    #[test]
    fn moments_are_continuous_where_the_recurrence_stops() {
        let moments = |b: f64| {
            let (mut x, mut y) = ([0.0; MOMENTS], [0.0; MOMENTS]);
            moments_a_zero(MOMENTS, b, &mut x, &mut y);
            (x, y)
        };
        for b in [0.5, 1.0, 2.5, 7.0, 11.5, -3.0, 22.5] {
            let (x1, y1) = moments(b);
            let (x0, y0) = moments(f64::from_bits(b.to_bits() - 1));
            // The series in a weighs moment k by at most 4⁻ⁿ/(2n)!, n = ⌊k/4⌋
            // (the recurrence may run past k = |b|, where it amplifies
            // rounding, only where these weights make that harmless).
            let mut weight = 1.0;
            for k in 0..MOMENTS {
                if k % 4 == 0 && k > 0 {
                    let n = (k / 4) as f64;
                    weight /= 4.0 * (2.0 * n) * (2.0 * n - 1.0);
                }
                let tol = 2e-15 / weight;
                assert!(
                    (x1[k] - x0[k]).abs() < tol && (y1[k] - y0[k]).abs() < tol,
                    "b {b} k {k}: {} {} vs {} {}",
                    x1[k],
                    y1[k],
                    x0[k],
                    y0[k]
                );
            }
            // ∫ t cos bt = (cos b + b sin b − 1)/b², ∫ t sin bt = (sin b − b cos b)/b².
            let b2 = b * b;
            assert!((x1[1] - (cos(b) + b * sin(b) - 1.0) / b2).abs() < 1e-15);
            assert!((y1[1] - (sin(b) - b * cos(b)) / b2).abs() < 1e-15);
        }
        // Far beyond every k the recurrence runs to the end without Lommel.
        let (x, y) = moments(1e200);
        assert!(x
            .iter()
            .chain(&y)
            .all(|v| v.is_finite() && v.abs() < 1e-199));
    }

    /// The moments' k = 0 is the plain integral, and k = 1, 2 are its
    /// derivatives: `∂X/∂b = −Y₁`, `∂X/∂a = −Y₂/2`.
    #[test]
    fn moments_match_the_integrals_and_their_derivatives() {
        for (a, b, c) in [
            (0.3, 1.0, 0.2),
            (-0.99, -4.0, 1.0),
            (2.5, 3.0, -1.0),
            (-8.0, 1.5, 0.0),
            (0.0, 0.7, 0.4),
        ] {
            let (mx, my) = generalized_fresnel_cs_moments_turned(a, b, (sin(c), cos(c)));
            let (x, y) = generalized_fresnel_cs(a, b, c);
            assert!((mx[0] - x).abs() < 1e-15 && (my[0] - y).abs() < 1e-15);
            let h = 1e-6;
            let db = |f: fn(f64, f64, f64) -> (f64, f64)| {
                let (p, q) = (f(a, b + h, c), f(a, b - h, c));
                ((p.0 - q.0) / (2.0 * h), (p.1 - q.1) / (2.0 * h))
            };
            let da = |f: fn(f64, f64, f64) -> (f64, f64)| {
                let (p, q) = (f(a + h, b, c), f(a - h, b, c));
                ((p.0 - q.0) / (2.0 * h), (p.1 - q.1) / (2.0 * h))
            };
            let (dxb, dyb) = db(generalized_fresnel_cs);
            assert!(
                (dxb + my[1]).abs() < 1e-8 && (dyb - mx[1]).abs() < 1e-8,
                "{a} {b}"
            );
            let (dxa, dya) = da(generalized_fresnel_cs);
            assert!(
                (dxa + 0.5 * my[2]).abs() < 1e-8 && (dya - 0.5 * mx[2]).abs() < 1e-8,
                "{a} {b}"
            );
        }
    }

    #[test]
    fn hostile_numbers_give_finite_values_or_nan_for_nan() {
        // The range of a clothoid's a = Δκ·s²/L and b = κ₀·s (each factor
        // at most 1e150 in magnitude).
        for a in [0.0, 1e-300, 0.5, 1.0, 1e3, 2e300, -2e300] {
            for b in [0.0, -1e-300, 3.0, 1e150, -1e300, 1e300] {
                let (x, y) = generalized_fresnel_cs(a, b, 1e6);
                assert!(x.is_finite() && y.is_finite(), "{a} {b}: {x} {y}");
                assert!(
                    x.abs() <= 1.0 + 1e-12 && y.abs() <= 1.0 + 1e-12,
                    "{a} {b}: {x} {y}"
                );
            }
        }
        assert!(generalized_fresnel_cs(f64::NAN, 1.0, 0.0).0.is_nan());
        assert!(generalized_fresnel_cs(0.5, f64::NAN, 0.0).0.is_nan());
    }
}
