//! Clothoids against independent answers that scripts/clothoid_oracle.py
//! writes (in a virtual environment `make test-clothoids` creates):
//!
//! - end poses of 4,024 clothoids by mpmath at 40 digits, curvatures from 0
//!   to 1e3, curvature differences from 1e-12 to 1e3 and exactly 0, lengths
//!   1e-3 to 1e2: ours within 1e-12 of the length (of the length plus the
//!   start's distance from the origin, for starts away from it);
//! - G1 Hermite fits of 10,000 pose pairs by the Clothoids library
//!   (`pyclothoids`), nearly straight and nearly circular ones among them:
//!   the same start curvature, sharpness and length to 1e-9 relative
//!   (curvature in units of 1/length, sharpness of 1/length²), and our end
//!   is the goal to 1e-12 of the length; for 500 of them mpmath's own
//!   solution of the same equation, which ours equals to 1e-12.
//!
//! Ignored by a plain `cargo test` (it needs the files); `make
//! test-clothoids` writes them and runs it, and there a missing file fails.

use arcline::geom::{fit_clothoid, normalize_angle, Clothoid};
use arcline::Pose;

fn records<const N: usize>(var: &str, default: &str) -> Vec<[f64; N]> {
    let path = std::env::var(var).unwrap_or_else(|_| default.to_string());
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        panic!("{path}: {e} (run `make test-clothoids` to write the oracle's answers)")
    });
    assert_eq!(bytes.len() % (8 * N), 0, "{path}: not whole records");
    bytes
        .chunks_exact(8 * N)
        .map(|c| {
            let mut r = [0.0; N];
            for (v, b) in r.iter_mut().zip(c.chunks_exact(8)) {
                *v = f64::from_le_bytes(b.try_into().unwrap());
            }
            r
        })
        .collect()
}

fn report(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}

#[test]
#[ignore = "needs mpmath's clothoid ends: make test-clothoids"]
fn clothoid_ends_are_mpmaths_to_1e_12_of_the_length() {
    let recs: Vec<[f64; 9]> = records(
        "ARCLINE_CLOTHOID_ENDPOINTS",
        "target/clothoid/endpoints-mpmath-1.4.1.f64",
    );
    assert!(recs.len() >= 4000, "only {} clothoids", recs.len());
    let (mut worst, mut worst_equal, mut worst_heading) = (0.0f64, 0.0f64, 0.0f64);
    let mut worst_case = String::new();
    let (mut equal, mut tiny) = (0, 0);
    let mut failures = Vec::new();
    for (i, r) in recs.iter().enumerate() {
        let [x0, y0, h0, len, k0, k1, x, y, h] = *r;
        let c = Clothoid::new(Pose::new(x0, y0, h0), len, k0, k1).unwrap();
        let e = c.end();
        let scale = len + x0.abs() + y0.abs();
        let err = (e.x - x).abs().max((e.y - y).abs()) / scale;
        let dh = (e.heading - h).abs() / h.abs().max(1.0);
        if k0 == k1 {
            equal += 1;
            worst_equal = worst_equal.max(err);
        } else if (k1 - k0).abs() < 1e-6 {
            tiny += 1;
        }
        if err > worst {
            worst = err;
            worst_case = format!("{c:?}");
        }
        worst_heading = worst_heading.max(dh);
        if err > 1e-12 || dh > 1e-15 {
            failures.push(format!(
                "clothoid {i} {c:?}: end {e:?}, mpmath ({x}, {y}, {h}): error {err:e} of the length, heading {dh:e}"
            ));
        }
    }
    println!(
        "{} clothoid ends ({equal} of constant curvature, {tiny} with 0 < |dk| < 1e-6): \
         worst position error {worst:.2e} of the length ({worst_case}), \
         {worst_equal:.2e} at constant curvature; worst heading error {worst_heading:.2e} (relative)",
        recs.len()
    );
    report(&failures);
}

#[test]
#[ignore = "needs pyclothoids' fits: make test-clothoids"]
fn fits_equal_pyclothoids_g1_hermite_to_1e_9() {
    let recs: Vec<[f64; 15]> = records(
        "ARCLINE_CLOTHOID_FITS",
        "target/clothoid/fits-pyclothoids-0.2.0.f64",
    );
    assert!(recs.len() >= 10_000, "only {} fits", recs.len());
    let (mut worst_k, mut worst_dk, mut worst_len, mut worst_end, mut worst_theirs) =
        (0.0f64, 0.0f64, 0.0f64, 0.0f64, 0.0f64);
    let mut failures = Vec::new();
    let mut worst_end_case = String::new();
    let mut worst_end_chord = 0.0f64;
    let (mut exact_count, mut worst_exact_ours, mut worst_exact_theirs) = (0, 0.0f64, 0.0f64);
    for (i, r) in recs.iter().enumerate() {
        let [x0, y0, h0, x1, y1, h1, tk0, tk1, tdk, tlen, txe, tye, mk0, mk1, mlen] = *r;
        let (s, g) = (Pose::new(x0, y0, h0), Pose::new(x1, y1, h1));
        let c = fit_clothoid(s, g).unwrap();
        let len = c.length;
        // Dimensionless: curvature × length, sharpness × length².
        let ek = ((c.curvature_start - tk0) * len)
            .abs()
            .max(((c.curvature_end - tk1) * len).abs())
            / (tk0 * len).abs().max(1.0);
        let edk = ((c.sharpness() - tdk) * len * len).abs() / (tdk * len * len).abs().max(1.0);
        let elen = ((len - tlen) / tlen).abs();
        let e = c.end();
        let chord = s.position().distance(g.position());
        // Of the length: a fit that nearly closes a loop is far longer than
        // its chord, and its end is as uncertain as its length is long.
        let off = e.position().distance(g.position());
        let end = off / len;
        worst_end_chord = worst_end_chord.max(off / chord);
        let dh = normalize_angle(e.heading - h1).abs();
        let theirs = ((txe - x1).abs().max((tye - y1).abs())) / tlen;
        worst_k = worst_k.max(ek);
        worst_dk = worst_dk.max(edk);
        worst_len = worst_len.max(elen);
        if end.max(dh) > worst_end {
            worst_end = end.max(dh);
            worst_end_case = format!("{s:?} -> {g:?}");
        }
        worst_theirs = worst_theirs.max(theirs);
        if ek > 1e-9 || edk > 1e-9 || elen > 1e-9 {
            failures.push(format!(
                "fit {i} {s:?} -> {g:?}: ours {c:?} (sharpness {}), theirs k0 {tk0} k1 {tk1} dk {tdk} L {tlen}: \
                 errors k {ek:e} dk {edk:e} L {elen:e}",
                c.sharpness()
            ));
        }
        if !mlen.is_nan() {
            // Against mpmath's solution: ours and theirs, dimensionless.
            let off = |k0: f64, k1: f64, l: f64| {
                ((k0 - mk0) * mlen)
                    .abs()
                    .max(((k1 - mk1) * mlen).abs())
                    .max(((l - mlen) / mlen).abs())
            };
            let ours = off(c.curvature_start, c.curvature_end, len);
            exact_count += 1;
            worst_exact_ours = worst_exact_ours.max(ours);
            worst_exact_theirs = worst_exact_theirs.max(off(tk0, tk1, tlen));
            if ours > 1e-12 {
                failures.push(format!(
                    "fit {i}: ours {c:?}, mpmath k0 {mk0} k1 {mk1} L {mlen}: off by {ours:e}"
                ));
            }
        }
        if end > 1e-12 || dh > 1e-12 {
            failures.push(format!("fit {i}: our end {e:?} is not the goal {g:?}"));
        }
    }
    println!(
        "{} fits: worst difference from pyclothoids: curvature {worst_k:.2e}, sharpness {worst_dk:.2e}, \
         length {worst_len:.2e} (relative); worst distance of our end from the goal {worst_end:.2e} \
         of the length ({worst_end_case}; {worst_end_chord:.2e} of the chord), of pyclothoids' end {worst_theirs:.2e}",
        recs.len()
    );
    println!(
        "{exact_count} fits against mpmath's own solution (curvature × length, relative length): \
         ours off by at most {worst_exact_ours:.2e}, pyclothoids' by {worst_exact_theirs:.2e}"
    );
    assert!(exact_count >= 500, "only {exact_count} fits by mpmath");
    report(&failures);
}
