#![cfg(not(target_arch = "wasm32"))]
//! Adversarial property tests of road construction (the stable-toolchain
//! stand-in for `cargo fuzz`) and a long editing run of a `RoadNetwork`.
//!
//! Pairs: nearly parallel continuation lines (|θ| from 1e-12 to 1e-3, and
//! right at the parallel tolerance 1e-9), nearly antiparallel (U-turns and
//! head-on), nearly collinear, nearly coincident, headings at ±π and far
//! outside (−π, π], coordinates around 1e6, lane widths from 1e-6 to 1e3.
//!
//! Invariants, computed here: every number finite; `lanes + 1` edges, each
//! starting at `a`'s edge point with `a`'s heading and ending at `b`'s with
//! `b`'s; G1; neighbouring edges concentric (same centre, radii differing by
//! the lane width, same sweep) or parallel lines the lane width apart; the
//! centreline from A to B; errors only the documented ones, naming `b`, and
//! `LanesWiderThanTurn` only with a centre radius ≤ half the width.
//!
//! Position tolerance: 1e-12 of the largest coordinate, width or distance,
//! plus 4e-15 of the largest arc radius (the module's documented precision,
//! "about 1e-15": a pair just off straight gets arcs of enormous radius,
//! whose points are only as precise as a few ulps of their angles, 8.9e-16
//! rad each, times the radius).
//!
//! `ROBUST_CASES=200000 cargo test --release --test robust_road` runs more cases;
//! `cargo test --release --test robust_road -- --ignored` the 100,000-edit run.

use arcline::geom::*;
use arcline::road::*;
use arcline::{Error, Reason};

use crate::xorshift::Rng;

/// The module docs' tolerances: parallel headings, zero lengths.
const PARALLEL_TOL: f64 = 1e-9;
const LENGTH_TOL: f64 = 1e-9;
use core::f64::consts::{PI, TAU};
use proptest::prelude::*;

fn cases(default: u32) -> u32 {
    std::env::var("ROBUST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn lanes_of(widths: &[f64]) -> Vec<Lane> {
    let kinds = [
        LaneKind::Driving,
        LaneKind::Sidewalk,
        LaneKind::Bike,
        LaneKind::Median,
        LaneKind::Parking,
        LaneKind::Shoulder,
    ];
    widths
        .iter()
        .enumerate()
        .map(|(i, &w)| Lane::new(kinds[i % kinds.len()], w))
        .collect()
}

fn heading(kind: u8, u: f64) -> f64 {
    match kind {
        0 => PI,
        1 => -PI,
        2 => PI - u.abs() * 1e-13,
        3 => u * 1e4,
        _ => u * PI,
    }
}

/// An adversarial pair: (a, b) with the same lanes.
#[allow(clippy::type_complexity)]
fn pair() -> impl Strategy<Value = (Profile, Profile)> {
    (
        (0u8..3, -1.0..1.0f64, -1.0..1.0f64),
        (
            -6.0..3.0f64,
            1usize..5,
            prop::collection::vec(0.2..1.0f64, 4),
        ),
        (0u8..5, -1.0..1.0f64),
        (
            0u8..9,
            -1.0..1.0f64,
            -1.0..1.0f64,
            0.0..1.0f64,
            -6.0..6.0f64,
        ),
    )
        .prop_map(
            |((base, bu, bv), (w_exp, n, ws), (hk, hu), (kind, u, v, w, l_exp))| {
                let scale_w = 10f64.powf(w_exp);
                let widths: Vec<f64> = ws[..n].iter().map(|k| k * scale_w).collect();
                let lanes = lanes_of(&widths);
                let (bx, by) = match base {
                    0 => (0.0, 0.0),
                    1 => (1e6 * bu, -1e6 * bv),
                    _ => (50.0 * bu, 50.0 * bv),
                };
                let h = heading(hk, hu);
                let (c, s) = (h.cos(), h.sin());
                // b in a's frame: forward f, left l, heading turn t; lengths in units of L.
                let big_l = 10f64.powf(l_exp);
                let tiny = 10f64.powf(-12.0 + 9.0 * w);
                let (f, l, t) = match kind {
                    0 => (u, v, w * TAU - PI),
                    // Nearly parallel, same way.
                    1 => (u, v, tiny * v.signum()),
                    // At the parallel tolerance.
                    2 => (u, v, (1e-9 * (1.0 + v * 1e-3)).asin() * u.signum()),
                    // Nearly antiparallel (U-turns).
                    3 => (u, v, PI + tiny * u.signum()),
                    // Nearly collinear, same heading, ahead or behind.
                    4 => (u, v * tiny, tiny * (w - 0.5)),
                    // Nearly head-on.
                    5 => (u.abs() + 0.1, v * tiny, PI + (w - 0.5) * tiny),
                    // Nearly coincident.
                    6 => (u * tiny, v * tiny, (w - 0.5) * tiny),
                    // Exactly opposite headings, any offset.
                    7 => (u, v, PI),
                    // A clean fillet: C ahead of a and behind b.
                    _ => {
                        let theta = (0.05 + 0.9 * w) * PI * v.signum();
                        let (ta, tb) = (u.abs() + 0.01, v.abs() + 0.01);
                        // b = a + ta·da + tb·db
                        (ta + tb * theta.cos(), tb * theta.sin(), theta)
                    }
                };
                let a = Profile {
                    x: bx,
                    y: by,
                    heading: h,
                    lanes: lanes.clone(),
                };
                let (f, l) = (f * big_l, l * big_l);
                let b = Profile {
                    x: bx + f * c - l * s,
                    y: by + f * s + l * c,
                    heading: h + t,
                    lanes,
                };
                (a, b)
            },
        )
}

fn ang(a: f64, b: f64) -> f64 {
    normalize_angle(normalize_angle(a) - normalize_angle(b)).abs()
}

/// The position tolerance of a piece (see the module docs).
fn tol(a: &Profile, b: &Profile, piece: Option<&RoadPiece>) -> f64 {
    let mut scale =
        a.x.abs()
            .max(a.y.abs())
            .max(b.x.abs())
            .max(b.y.abs())
            .max(a.width())
            .max(a.position().distance(b.position()));
    let mut radius: f64 = 0.0;
    if let Some(p) = piece {
        for path in std::iter::once(&p.centerline).chain(&p.boundaries) {
            for s in path.segments() {
                if let Segment::Arc(arc) = s {
                    radius = radius.max(arc.radius);
                }
            }
        }
    }
    scale = scale.max(1e-300);
    1e-12 * scale + 4e-15 * radius
}

/// Segments valid and finite; joints within `tol` with equal headings (a
/// line's heading is only as good as its end points: `4·tol / length`).
fn check_path(p: &Path, tol: f64) -> Result<(), TestCaseError> {
    for s in p.segments() {
        prop_assert!(s.is_valid(), "invalid segment {:?}", s);
        prop_assert!(s.length().is_finite());
    }
    for w in p.segments().windows(2) {
        let gap_tol = tol;
        prop_assert!(
            w[0].end().distance(w[1].start()) <= gap_tol,
            "gap {} (tol {})",
            w[0].end().distance(w[1].start()),
            gap_tol
        );
        if let (Some(h1), Some(h2)) = (w[0].end_heading(), w[1].start_heading()) {
            let mut slack = 1e-9;
            for seg in [&w[0], &w[1]] {
                if let Segment::Line(l) = seg {
                    slack += 4.0 * tol / l.length().max(1e-300);
                }
            }
            if slack < 1.0 {
                prop_assert!(
                    ang(h1, h2) <= slack,
                    "heading jump {} (slack {})",
                    ang(h1, h2),
                    slack
                );
            }
        }
    }
    Ok(())
}

/// The pose `end`-side heading of a path, tolerant of a last line too short
/// for its direction to mean anything.
fn heading_ok(p: &Path, at_end: bool, want: f64, tol: f64) -> bool {
    let segs = p.segments();
    let seg = if at_end { segs.last() } else { segs.first() };
    let slack = match seg {
        Some(Segment::Line(l)) => 1e-9 + 4.0 * tol / l.length().max(1e-300),
        _ => 1e-9,
    };
    let h = if at_end {
        p.end_pose().heading
    } else {
        p.start_pose().heading
    };
    slack >= 1.0 || ang(h, want) <= slack
}

/// Where an edge may end, beyond `tol`: the module's own tolerances. A pair
/// with `|sin θ| ≤ 1e-9` is built as exactly parallel (straight, u-turn), so
/// its edges end up to `1e-9 · W/2` (and 1e-9 rad) off `b`'s; a line shorter
/// than `1e-9 · |AB|` is left out.
fn end_slack(a: &Profile, b: &Profile) -> f64 {
    let sin = (b.heading - a.heading).sin().abs();
    let parallel = if sin <= 2.0 * PARALLEL_TOL {
        2.0 * PARALLEL_TOL * a.width()
    } else {
        0.0
    };
    parallel + LENGTH_TOL * a.position().distance(b.position())
}

fn check_piece(a: &Profile, b: &Profile, piece: &RoadPiece) -> Result<(), TestCaseError> {
    let t = tol(a, b, Some(piece));
    let te = t + end_slack(a, b);
    let mut th = if (b.heading - a.heading).sin().abs() <= 2.0 * PARALLEL_TOL {
        3e-9
    } else {
        0.0
    };
    if piece.kind == PieceKind::Straight {
        // Straight when the sideways offset is ≤ 1e-9·|AB| (the module's
        // tolerance): the line may then turn by 1e-9 rad.
        th += 2.0 * LENGTH_TOL;
    }
    let n = a.lanes.len();
    check_path(&piece.centerline, t)?;
    prop_assert!(
        piece
            .centerline
            .start_pose()
            .position()
            .distance(a.position())
            <= t
    );
    prop_assert!(
        piece
            .centerline
            .end_pose()
            .position()
            .distance(b.position())
            <= te,
        "centreline ends {} off (tol {})",
        piece
            .centerline
            .end_pose()
            .position()
            .distance(b.position()),
        t
    );
    prop_assert_eq!(piece.boundaries.len(), n + 1);
    let (ea, eb) = (a.edge_points(), b.edge_points());
    for (i, edge) in piece.boundaries.iter().enumerate() {
        check_path(edge, t)?;
        prop_assert_eq!(edge.segments().len(), piece.centerline.segments().len());
        let (s, e) = (edge.start_pose(), edge.end_pose());
        prop_assert!(
            s.position().distance(ea[i]) <= t,
            "edge {} starts {} off (tol {})",
            i,
            s.position().distance(ea[i]),
            t
        );
        prop_assert!(
            e.position().distance(eb[i]) <= te,
            "edge {} ends {} off (tol {})",
            i,
            e.position().distance(eb[i]),
            te
        );
        prop_assert!(
            heading_ok(edge, false, a.heading, t) || ang(s.heading, a.heading) <= th,
            "edge {} start heading {} vs {}",
            i,
            s.heading,
            a.heading
        );
        prop_assert!(
            heading_ok(edge, true, b.heading, t) || ang(e.heading, b.heading) <= th,
            "edge {} end heading {} vs {}",
            i,
            e.heading,
            b.heading
        );
    }
    for i in 0..n {
        let w = a.lanes[i].width;
        for (p, q) in piece.boundaries[i]
            .segments()
            .iter()
            .zip(piece.boundaries[i + 1].segments())
        {
            match (p, q) {
                (Segment::Arc(p), Segment::Arc(q)) => {
                    prop_assert!(
                        p.center.distance(q.center) <= t,
                        "not concentric: {}",
                        p.center.distance(q.center)
                    );
                    prop_assert!(
                        ((p.radius - q.radius).abs() - w).abs() <= t,
                        "radii {} {} width {}",
                        p.radius,
                        q.radius,
                        w
                    );
                    prop_assert_eq!(p.sweep.to_bits(), q.sweep.to_bits());
                }
                (Segment::Line(p), Segment::Line(q)) => {
                    let d = p.end - p.start;
                    let len = d.length();
                    if len > 1e3 * t {
                        for pt in [q.start, q.end] {
                            let dist = d.cross(pt - p.start) / len;
                            prop_assert!(
                                (dist.abs() - w).abs()
                                    <= 4.0 * t * (1.0 + (pt - p.start).length() / len),
                                "lines {} apart, width {}",
                                dist,
                                w
                            );
                        }
                    }
                }
                _ => prop_assert!(false, "edges {} and {} differ in segment kinds", i, i + 1),
            }
        }
    }
    prop_assert_eq!(
        piece.intermediate.len(),
        usize::from(piece.kind == PieceKind::SCurve)
    );
    Ok(())
}

fn check_error(a: &Profile, e: &Error, bname: &str) -> Result<(), TestCaseError> {
    match e.reason() {
        Reason::LanesWiderThanTurn {
            centre_radius,
            half_width,
            ..
        } => {
            prop_assert!(
                centre_radius.is_nan() || *centre_radius <= *half_width * (1.0 + 1e-12),
                "{}",
                e
            );
            prop_assert!((half_width - a.width() / 2.0).abs() <= 1e-12 * a.width());
        }
        Reason::Unsolvable(_) => {}
        _ => prop_assert!(false, "unexpected error {}", e),
    }
    prop_assert!(e.to_string().starts_with(bname), "{}", e);
    Ok(())
}

fn check_pair(a: &Profile, b: &Profile) -> Result<(), TestCaseError> {
    match connect_profiles(a, b) {
        Ok(piece) => check_piece(a, b, &piece),
        Err(e) => check_error(a, &e, "b: "),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(100_000), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn adversarial_pairs_give_valid_pieces_or_named_errors((a, b) in pair()) {
        check_pair(&a, &b)?;
    }

    #[test]
    fn constrained_pairs_give_valid_pieces_or_named_errors((a, b) in pair()) {
        let c = constrain_profile(&a, &b).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(c.x.is_finite() && c.y.is_finite() && c.heading.is_finite());
        check_pair(&a, &c)?;
    }
}

/// The network of the long run: a chain 0 → 1 → … → 7 and two branches
/// (2 → 8, 5 → 9). `prev[i]` is the profile a drag of `i` is constrained by.
fn edits(count: usize, seed: u64) -> Result<(usize, usize), TestCaseError> {
    let lanes = lanes_of(&[3.5, 3.5, 2.0, 1.5]);
    let mut net = RoadNetwork::new();
    let mut ids = Vec::new();
    for i in 0..10 {
        let (x, y) = if i < 8 {
            (40.0 * i as f64, 0.0)
        } else {
            (40.0 * (i - 6) as f64, 60.0)
        };
        let h = if i < 8 { 0.0 } else { 1.2 };
        ids.push(
            net.add_profile(Profile {
                x,
                y,
                heading: h,
                lanes: lanes.clone(),
            })
            .unwrap(),
        );
    }
    let links: Vec<(usize, usize)> = (0..7).map(|i| (i, i + 1)).chain([(2, 8), (5, 9)]).collect();
    let mut prev = [None; 10];
    for &(a, b) in &links {
        net.connect(ids[a], ids[b]).unwrap();
        prev[b] = Some(a);
    }
    let mut rng = Rng(seed);
    let (mut built, mut failed) = (0, 0);
    for step in 0..count {
        let i = rng.below(10);
        let mut p = net.profile(ids[i]).unwrap().clone();
        // A drag: mostly small moves and turns, sometimes a jump, a snap to
        // another profile's pose (degenerate pairs), or ±π exactly.
        match rng.below(10) {
            0 => {
                p.x = rng.range(-100.0, 400.0);
                p.y = rng.range(-200.0, 200.0);
                p.heading = rng.range(-PI, PI);
            }
            1 => {
                let j = rng.below(10);
                let q = net.profile(ids[j]).unwrap();
                (p.x, p.y, p.heading) = (
                    q.x,
                    q.y,
                    q.heading + if rng.next() < 0.5 { 0.0 } else { PI },
                );
                p.x += rng.range(-1e-9, 1e-9);
            }
            2 => p.heading = if rng.next() < 0.5 { PI } else { -PI },
            3 => p.heading += rng.range(-1e-9, 1e-9),
            _ => {
                p.x += rng.range(-5.0, 5.0);
                p.y += rng.range(-5.0, 5.0);
                p.heading += rng.range(-0.2, 0.2);
            }
        }
        // The diagram's rule: a profile dragged behind its source turns round.
        if let Some(src) = prev[i] {
            if rng.next() < 0.8 {
                p = constrain_profile(net.profile(ids[src]).unwrap(), &p)
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            }
        }
        let touched = net
            .set_profile(ids[i], p)
            .map_err(|e| TestCaseError::fail(e.to_string()))?
            .pieces;
        prop_assert_eq!(touched.len(), net.pieces_of(ids[i]).len());
        for k in touched {
            let piece = net.piece(k).unwrap();
            let (a, b) = (net.profile(piece.a).unwrap(), net.profile(piece.b).unwrap());
            match &piece.built {
                Ok(built_piece) => {
                    check_piece(a, b, built_piece).map_err(|e| TestCaseError::fail(format!("step {step}, piece {k}: {e}\n a = {a:?}\n b = {b:?}\n kind {:?} centre {:?}", built_piece.kind, built_piece.centerline)))?;
                    built += 1;
                }
                Err(e) => {
                    // A network piece names its ends `a` and `b`.
                    check_error(a, e, "b: ")?;
                    // The same pair built directly fails the same way.
                    prop_assert!(connect_profiles(a, b).is_err());
                    failed += 1;
                }
            }
        }
        #[cfg(feature = "serde")]
        if step % 2500 == 2499 {
            let back = RoadNetwork::from_snapshot(
                serde_json::from_str(&serde_json::to_string(&net.snapshot()).unwrap()).unwrap(),
            )
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(back.piece_ids(), net.piece_ids());
            for k in net.piece_ids() {
                let (x, y) = (back.piece(k).unwrap(), net.piece(k).unwrap());
                prop_assert_eq!(x.built.is_ok(), y.built.is_ok());
            }
        }
    }
    Ok((built, failed))
}

#[test]
fn network_edited_ten_thousand_times_stays_valid() {
    let (built, failed) = edits(10_000, 0x9E37_79B9_7F4A_7C15).unwrap();
    // Both outcomes happen (the run explores), and most drags build.
    assert!(
        built > 5_000 && failed > 100,
        "built {built}, failed {failed}"
    );
}

#[test]
#[ignore = "heavy: 100,000 edits on each of 4 seeds (run with --release -- --ignored)"]
fn network_edited_a_hundred_thousand_times_stays_valid() {
    for seed in [1, 2, 3, 0xDEAD_BEEF] {
        edits(100_000, seed).unwrap();
    }
}

/// An S-curve whose first half would open with a line of 1.7e-10 (under
/// 1e-9 of the half's length, so left out): its arc starts at `a` itself,
/// not 1.7e-10 along the heading (found by the constrained pairs above).
#[test]
fn an_s_curve_without_its_first_line_starts_at_its_profile() {
    let lanes = lanes_of(&[0.2]);
    let a = Profile {
        x: 0.0,
        y: 0.0,
        heading: PI,
        lanes: lanes.clone(),
    };
    let b = Profile {
        x: -0.519_883_408_931_591_1,
        y: -0.000_479_957_775_932_560_2,
        heading: 3.141_592_656_741_881_5,
        lanes,
    };
    let piece = connect_profiles(&a, &b).unwrap();
    assert_eq!(piece.kind, PieceKind::SCurve);
    let start = piece.centerline.start_pose().position();
    assert!(start.distance(a.position()) <= 1e-13, "{start:?}");
    check_pair(&a, &b).unwrap();
}
