//! `fit_clothoid`: the one clothoid from a start pose to a goal pose (G1
//! Hermite interpolation: positions and headings match, curvature is free).
//!
//! Bertolazzi & Frego, *G1 fitting with clothoids*, Mathematical Methods in
//! the Applied Sciences 38 (2015): in the frame of the chord, with `φ₀` and
//! `φ₁` the headings relative to it and `δ = φ₁ − φ₀`, the clothoid of phase
//! `A t² + (δ − A) t + φ₀` over `t ∈ [0, 1]` ends on the chord exactly when
//! `g(A) = Y(2A, δ − A, φ₀) = 0`. Newton's method on that one equation,
//! from the paper's fitted first guess, takes a few steps; then the length
//! is `r / X(2A, δ − A, φ₀)` for a chord of length `r`. Near the line and
//! arc cases (`A ≈ 0`) the generalized Fresnel integrals use their series
//! in `a`, so those fits lose nothing. Ported from the Clothoids library
//! (`ClothoidData::build_G1`, BSD-2-Clause, © 2017 Enrico Bertolazzi).

use super::fresnel::{
    generalized_fresnel_cs, generalized_fresnel_cs_moments_turned, generalized_fresnel_cs_turned,
    moments_as_accurate,
};
use super::{math, normalize_angle, Clothoid, Pose};
use crate::error::{Error, Field, Reason, Unsolvable};
use core::f64::consts::PI;

/// Newton steps at most (a handful suffice from the first guess).
const MAX_STEPS: usize = 30;

/// The Newton step on `A` after which no other is taken: the error left
/// is about `|g″/2g′|` times its square, 1e-16, where `|g″| ≤ 1/30` (the
/// oracle tests, against pyclothoids and for the end at the goal, hold it
/// to their bounds on fits nearly straight, nearly circular and looping).
const LAST_STEP: f64 = 1e-8;

/// The clothoid from `start` to `goal`: it starts at `start` with its
/// heading and ends at `goal`'s position with `goal`'s heading (modulo
/// 2π), turning through `δ = φ₁ − φ₀` where `φ₀` and `φ₁` are the
/// headings relative to the chord from start to goal, taken in `(−π, π]`.
///
/// # Errors
/// [`Reason::NotFinite`] or [`Reason::TooLarge`] (1e150) about
/// `start.x`, `start.y`, `start.heading` (finite only), and the same of
/// `goal`; [`Unsolvable::PointIsStart`] about `goal` when its position is
/// the start's, or so near it (within about 1e-149) that the curvature
/// would exceed 1e150; [`Reason::Overflow`] about `goal` when the clothoid
/// would be longer than 1e150.
///
/// # Examples
/// ```
/// use arcline::geom::fit_clothoid;
/// use arcline::Pose;
/// use core::f64::consts::FRAC_PI_2;
/// let start = Pose::new(0.0, 0.0, 0.0);
/// let goal = Pose::new(10.0, 5.0, FRAC_PI_2);
/// let c = fit_clothoid(start, goal).unwrap();
/// assert!(c.end().approx_eq(goal, 1e-12));
/// // A straight line is a clothoid of zero curvature.
/// let line = fit_clothoid(start, Pose::new(3.0, 0.0, 0.0)).unwrap();
/// assert_eq!((line.length, line.curvature_start, line.curvature_end), (3.0, 0.0, 0.0));
/// ```
pub fn fit_clothoid(start: Pose, goal: Pose) -> Result<Clothoid, Error> {
    let limit = crate::planner::MAX_MAGNITUDE;
    for (p, name) in [(start, "start"), (goal, "goal")] {
        p.check(name)?;
        for (v, k) in [(p.x, "x"), (p.y, "y")] {
            if v.abs() > limit {
                return Err(Error::new(
                    Field::named(name).key(k),
                    Reason::TooLarge { limit },
                ));
            }
        }
    }
    let (dx, dy) = (goal.x - start.x, goal.y - start.y);
    if dx == 0.0 && dy == 0.0 {
        return Err(Error::at(
            "goal",
            Reason::Unsolvable(Unsolvable::PointIsStart),
        ));
    }
    let r = math::hypot(dx, dy);
    let phi = math::atan2(dy, dx);
    let phi0 = within_pi(start.heading - phi);
    let phi1 = within_pi(goal.heading - phi);
    let delta = phi1 - phi0;

    let (mut a, mut x) = solve_a(phi0, phi1);
    if !a.is_finite() {
        // Not reached for headings in (−π, π] (the paper's theorem); kept so
        // that no input can give a clothoid of NaN.
        a = 0.0;
        x = generalized_fresnel_cs(0.0, delta, phi0).0;
    }
    let length = r / x;
    if !(length > 0.0 && length <= limit) {
        return Err(Error::at("goal", Reason::Overflow));
    }
    let c = Clothoid {
        start,
        length,
        curvature_start: (delta - a) / length,
        curvature_end: (delta + a) / length,
        reverse: false,
    };
    if c.curvature_start.abs() > limit || c.curvature_end.abs() > limit {
        return Err(Error::at(
            "goal",
            Reason::Unsolvable(Unsolvable::PointIsStart),
        ));
    }
    Ok(c)
}

/// Batch fits for sampling planners and benchmarks: `queries` holds
/// `x0, y0, h0, x1, y1, h1` per query, and `out` receives
/// `length, curvatureStart, curvatureEnd` per query, each as
/// [`fit_clothoid`] gives it. Nothing is allocated.
///
/// # Errors
/// [`Reason::NotAMultiple`] of 6 about `queries`; [`Reason::OutputLength`]
/// about `out` (3 numbers per query); for the first query that
/// [`fit_clothoid`] refuses, its error about that query's number:
/// `queries[6k + j]` for a bad number `j`, `queries[6k + 3]` (the goal's
/// `x`) when the goal cannot be reached (the output is then unspecified).
///
/// # Examples
/// ```
/// use arcline::geom::fit_clothoids;
/// let queries = [0.0, 0.0, 0.0, 3.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0];
/// let mut out = [0.0; 6];
/// fit_clothoids(&queries, &mut out).unwrap();
/// assert_eq!(&out[..3], &[3.0, 0.0, 0.0]);
/// assert!(out[3] > 1.4);
/// ```
pub fn fit_clothoids(queries: &[f64], out: &mut [f64]) -> Result<(), Error> {
    super::pose_queries::count(queries, out.len(), 3)?;
    let limit = crate::planner::MAX_MAGNITUDE;
    for (k, (q, o)) in queries
        .chunks_exact(6)
        .zip(out.chunks_exact_mut(3))
        .enumerate()
    {
        let at =
            |j: usize, reason: Reason| Error::new(Field::named("queries").index(6 * k + j), reason);
        super::pose_queries::check_query(q, k, limit)?;
        let c = fit_clothoid(Pose::new(q[0], q[1], q[2]), Pose::new(q[3], q[4], q[5]))
            .map_err(|e| at(3, e.reason().clone()))?;
        o.copy_from_slice(&[c.length, c.curvature_start, c.curvature_end]);
    }
    Ok(())
}

/// `angle` in `(−π, π]`, unchanged when it is there already (wrapping
/// through `[0, 2π)` would round a small negative angle to the spacing of
/// numbers near 2π).
fn within_pi(angle: f64) -> f64 {
    if angle > -PI && angle <= PI {
        angle
    } else {
        normalize_angle(angle)
    }
}

/// The root `A` of `g(A) = Y(2A, δ − A, φ₀)` by Newton's method from
/// Bertolazzi & Frego's guess, a polynomial fitted to the roots over
/// `φ₀, φ₁ ∈ [−π, π]`; `g′(A) = X₂ − X₁` (the moments `∫ tᵏ cos`), and
/// `X(2A, δ − A, φ₀)` there (the chord over the length).
///
/// That `X` comes from the last step's moments, to first order
/// (`X′(A) = Y₁ − Y₂`; `|X″| ≤ 1/30`, so it is off by at most `step²/60`,
/// below 1e-17), except where the moments are a difference of Fresnel
/// integrals that loses digits [`generalized_fresnel_cs`] keeps (its
/// one-sided form): there `X` is evaluated anew, as it is small for a
/// clothoid much longer than its chord.
fn solve_a(phi0: f64, phi1: f64) -> (f64, f64) {
    const CF: [f64; 6] = [
        2.989_696_028_701_907,
        0.716_228_953_608_281,
        -0.458_969_738_821_509,
        -0.502_821_153_340_377,
        0.261_062_141_752_652,
        -0.045_854_475_238_709,
    ];
    let delta = phi1 - phi0;
    let (x, y) = (phi0 / PI, phi1 / PI);
    let xy = x * y;
    let (x2, y2) = (x * x, y * y);
    let mut a = (phi0 + phi1)
        * (CF[0]
            + xy * (CF[1] + xy * CF[2])
            + (CF[3] + xy * CF[4]) * (x2 + y2)
            + CF[5] * (x2 * x2 + y2 * y2));
    // Newton until the step is below LAST_STEP: from the guess, two or
    // three steps. The count is bounded for inputs that never converge.
    let turn = math::sin_cos(phi0);
    for _ in 0..MAX_STEPS {
        let (c, s) = generalized_fresnel_cs_moments_turned(2.0 * a, delta - a, turn);
        let step = s[0] / (c[2] - c[1]);
        if !step.is_finite() {
            return (a, c[0]);
        }
        let accurate = moments_as_accurate(2.0 * a, delta - a);
        a -= step;
        if step.abs() <= LAST_STEP {
            let x = if accurate && moments_as_accurate(2.0 * a, delta - a) {
                c[0] - step * (s[1] - s[2])
            } else {
                generalized_fresnel_cs_turned(2.0 * a, delta - a, turn).0
            };
            return (a, x);
        }
    }
    (a, generalized_fresnel_cs_turned(2.0 * a, delta - a, turn).0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::f64::consts::{FRAC_PI_2, TAU};

    fn assert_reaches(start: Pose, goal: Pose) -> Clothoid {
        let c = fit_clothoid(start, goal).unwrap();
        let scale = 1.0 + start.position().distance(goal.position());
        let e = c.end();
        assert!(
            e.position().distance(goal.position()) <= 1e-12 * scale
                && normalize_angle(e.heading - goal.heading).abs() <= 1e-12,
            "{start:?} -> {goal:?}: {c:?} ends at {e:?}"
        );
        assert_eq!(c.start, start);
        c
    }

    #[test]
    fn the_end_is_the_goal_over_a_grid_of_headings() {
        let start = Pose::new(1.0, -2.0, 0.0);
        for i in 0..=24 {
            for j in 0..=24 {
                let h0 = -PI + TAU * f64::from(i) / 24.0;
                let h1 = -PI + TAU * f64::from(j) / 24.0;
                for (gx, gy) in [(5.0, 0.0), (-3.0, 4.0), (1e-3, 2e-3), (1e4, -3e4)] {
                    assert_reaches(
                        Pose::new(start.x, start.y, h0),
                        Pose::new(start.x + gx, start.y + gy, h1),
                    );
                }
            }
        }
    }

    #[test]
    fn straight_and_circular_cases_are_exact() {
        // Along the chord: a line.
        let c = assert_reaches(Pose::new(0.0, 0.0, 0.0), Pose::new(7.0, 0.0, 0.0));
        assert_eq!(
            (c.length, c.curvature_start, c.curvature_end),
            (7.0, 0.0, 0.0)
        );
        // Symmetric headings: an arc (a quarter of a circle of radius 1).
        let c = assert_reaches(Pose::new(0.0, 0.0, 0.0), Pose::new(1.0, 1.0, FRAC_PI_2));
        assert!((c.length - FRAC_PI_2).abs() < 1e-15, "{c:?}");
        assert!((c.curvature_start - 1.0).abs() < 1e-15, "{c:?}");
        assert!((c.curvature_end - 1.0).abs() < 1e-15, "{c:?}");
        // Half a circle of radius 2, turning right.
        let c = assert_reaches(Pose::new(0.0, 0.0, 0.0), Pose::new(0.0, -4.0, PI));
        assert!((c.length - 2.0 * PI).abs() < 1e-14, "{c:?}");
        assert!((c.curvature_start + 0.5).abs() < 1e-15 && (c.curvature_end + 0.5).abs() < 1e-15);
    }

    #[test]
    fn nearly_straight_and_nearly_circular_fits_are_smooth() {
        // Headings a tiny angle off the line and off the arc: the curvatures
        // are linear in the angle, without noise from the evaluation.
        for e in 1..=15 {
            let eps = 10f64.powi(-e);
            let c = assert_reaches(Pose::new(0.0, 0.0, eps), Pose::new(1.0, 0.0, -eps));
            // φ₀ = ε, φ₁ = −ε: the arc through both, κ = −2 sin ε (chord 1).
            // The headings relative to the chord carry rounding of ~1e-16
            // radians, which is all the curvature may be off by.
            let kappa = -2.0 * libm::sin(eps);
            assert!(
                (c.curvature_start - kappa).abs() <= 1e-15 * eps + 4e-16,
                "{c:?}"
            );
            assert!(
                (c.curvature_end - kappa).abs() <= 1e-15 * eps + 4e-16,
                "{c:?}"
            );
            assert!((c.length - eps / libm::sin(eps)).abs() <= 1e-15);
            let c = assert_reaches(Pose::new(0.0, 0.0, eps), Pose::new(1.0, 0.0, eps));
            // Antisymmetric: κ₀ = −κ₁, the inflection at the middle, κ ≈ 6ε.
            assert!(
                (c.curvature_start + c.curvature_end).abs() <= 1e-15 * eps,
                "{c:?}"
            );
            assert!(
                (c.curvature_end - 6.0 * eps).abs() <= eps * eps * eps + 1e-15,
                "{c:?}"
            );
        }
    }

    #[test]
    fn coincident_points_and_bad_numbers_name_the_field() {
        let p = Pose::new(1.0, 2.0, 0.0);
        let e = fit_clothoid(p, Pose::new(1.0, 2.0, 1.0)).unwrap_err();
        assert_eq!(e.field().to_string(), "goal");
        assert_eq!(e.reason(), &Reason::Unsolvable(Unsolvable::PointIsStart));
        let e = fit_clothoid(Pose::new(f64::NAN, 0.0, 0.0), p).unwrap_err();
        assert_eq!(e.to_string(), "start.x: must be a finite number");
        let e = fit_clothoid(p, Pose::new(0.0, 0.0, f64::INFINITY)).unwrap_err();
        assert_eq!(e.to_string(), "goal.heading: must be a finite number");
        let e = fit_clothoid(p, Pose::new(0.0, -2e150, 0.0)).unwrap_err();
        assert_eq!(e.to_string(), "goal.y: must be at most 1e150 in magnitude");
    }

    #[test]
    fn extreme_positions_fit_or_name_the_goal() {
        let far = fit_clothoid(Pose::new(-1e150, -1e150, 0.0), Pose::new(1e150, 1e150, 3.0));
        match far {
            Ok(c) => assert!(c.check().is_ok()),
            Err(e) => assert_eq!(e.field().to_string(), "goal"),
        }
        let tiny = assert_reaches(Pose::new(0.0, 0.0, 1.0), Pose::new(1e-140, 0.0, -2.0));
        assert!(tiny.length > 0.0 && tiny.length < 1e-139);
        let e = fit_clothoid(Pose::new(0.0, 0.0, 1.0), Pose::new(1e-300, 0.0, -2.0)).unwrap_err();
        assert_eq!(e.field().to_string(), "goal");
    }
}
