//! The Reeds–Shepp planner against OMPL's `ReedsSheppStateSpace` (its
//! Python package, in a virtual environment `make test-ompl` creates) on
//! 16,000 fixed queries at four radii (scripts/ompl_reeds_shepp.py writes
//! them with OMPL's distances): never longer than OMPL's by more than 1e-9
//! relative, and each path's own end pose is the goal.
//!
//! Ignored by a plain `cargo test` (it needs OMPL's file); `make test-ompl`
//! (part of `make test`) writes the file and runs it, and there a missing
//! file fails.

use arcline::planner::{reeds_shepp_lengths, reeds_shepp_shortest};
use arcline::Pose;

fn records() -> Vec<[f64; 8]> {
    let path = std::env::var("ARCLINE_OMPL_REEDS_SHEPP")
        .unwrap_or_else(|_| "target/ompl/reeds_shepp-2.0.1.f64".to_string());
    let bytes = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{path}: {e} (run `make test-ompl` to write OMPL's distances)"));
    assert_eq!(bytes.len() % 64, 0, "{path}: not whole records");
    bytes
        .chunks_exact(64)
        .map(|c| {
            let mut r = [0.0; 8];
            for (v, b) in r.iter_mut().zip(c.chunks_exact(8)) {
                *v = f64::from_le_bytes(b.try_into().unwrap());
            }
            r
        })
        .collect()
}

#[test]
#[ignore = "needs OMPL's distances: make test-ompl"]
fn never_longer_than_ompl_and_every_path_ends_at_its_goal() {
    let recs = records();
    assert!(recs.len() >= 10_000, "only {} queries", recs.len());
    let mut radii: Vec<f64> = recs.iter().map(|r| r[0]).collect();
    radii.sort_by(f64::total_cmp);
    radii.dedup();
    assert!(radii.len() >= 3, "radii {radii:?}");
    let (mut shorter, mut equal, mut worst_rel, mut worst_end) = (0, 0, f64::MIN, 0.0f64);
    let mut failures = Vec::new();
    for (i, rec) in recs.iter().enumerate() {
        let [r, x0, y0, h0, x1, y1, h1, theirs] = *rec;
        let (s, g) = (Pose::new(x0, y0, h0), Pose::new(x1, y1, h1));
        let mut ours = [0.0];
        reeds_shepp_lengths(&[x0, y0, h0, x1, y1, h1], r, &mut ours).unwrap();
        let ours = ours[0];
        let rel = (ours - theirs) / theirs.max(r);
        worst_rel = worst_rel.max(rel);
        if rel > 1e-9 {
            failures.push(format!(
                "query {i}: r {r} {s:?} -> {g:?}: ours {ours}, OMPL {theirs}"
            ));
        } else if rel < -1e-9 {
            shorter += 1;
        } else {
            equal += 1;
        }
        let path = reeds_shepp_shortest(s, g, r).unwrap();
        let scale = r + x0.abs().max(y0.abs()).max(x1.abs()).max(y1.abs());
        let e = path.end_pose();
        let off = e.position().distance(g.position()) / scale;
        let dh = arcline::geom::normalize_angle(e.heading - h1).abs();
        worst_end = worst_end.max(off).max(dh);
        if off > 1e-12 || dh > 1e-12 {
            failures.push(format!("query {i}: end {e:?} is not the goal {g:?}"));
        }
        if (path.length() - ours).abs() > 1e-9 * ours.max(r) {
            failures.push(format!(
                "query {i}: path length {} vs {ours}",
                path.length()
            ));
        }
    }
    println!(
        "{} queries at radii {radii:?}: {equal} as long as OMPL's, {shorter} shorter; \
         worst (ours - OMPL) / OMPL = {worst_rel:.2e}; worst end-pose error {worst_end:.2e} (relative)",
        recs.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
