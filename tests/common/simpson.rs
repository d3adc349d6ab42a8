//! The end of a clothoid from curvature 0, written out plainly by Simpson's
//! rule on the Fresnel integrands, away from the crate's Fresnel integrals:
//! the tests' independent reference.

/// `(∫₀^L cos(σu²/2) du, ∫₀^L sin(σu²/2) du)` by Simpson's rule on `n`
/// (even) panels: where a clothoid of length `len` and sharpness `sigma`,
/// starting at the origin heading along x with curvature 0, ends (it turns
/// by `σL²/2`).
pub fn clothoid_end_by_simpson(len: f64, sigma: f64, n: usize) -> (f64, f64) {
    let h = len / n as f64;
    let (mut x, mut y) = (0.0, 0.0);
    for i in 0..=n {
        let w = if i == 0 || i == n {
            1.0
        } else if i % 2 == 1 {
            4.0
        } else {
            2.0
        };
        let u = h * i as f64;
        let theta = 0.5 * sigma * u * u;
        x += w * theta.cos();
        y += w * theta.sin();
    }
    (x * h / 3.0, y * h / 3.0)
}
