#![cfg(not(target_arch = "wasm32"))]
//! The six Dubins words: the traps other libraries fall into, each a named
//! test, hand-computed cases, and properties.

use arcline::planner::{
    dubins_candidates, dubins_length, dubins_lengths, dubins_shortest, DubinsWord,
};
use arcline::{Error, Field, Pose, Reason, Segment};
use core::f64::consts::{FRAC_PI_2, PI, TAU};
use dubins_paths::f64::{DubinsPath, PosRot};
use proptest::prelude::*;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

fn arc_sweeps(p: &arcline::Path) -> Vec<f64> {
    p.segments()
        .iter()
        .filter_map(|s| match s {
            Segment::Arc(a) => Some(a.sweep),
            _ => None,
        })
        .collect()
}

#[test]
fn rlr_is_not_returned_where_lrl_is_shorter() {
    // (0,0,π/2) → (4,0,−π/2), r = 3. LRL: outer centres (−3,0) and (7,0),
    // 10 apart, β = acos(10/12); sweeps β, π + 2β, β. RLR: centres (3,0) and
    // (1,0), 2 apart, β' = acos(2/12); sweeps β', π + 2β', β'.
    let (s, g, r) = (
        Pose::new(0.0, 0.0, FRAC_PI_2),
        Pose::new(4.0, 0.0, -FRAC_PI_2),
        3.0,
    );
    let beta = (10.0f64 / 12.0).acos();
    let beta_rlr = (2.0f64 / 12.0).acos();
    let lrl = r * (PI + 4.0 * beta);
    let rlr = r * (PI + 4.0 * beta_rlr);
    let p = dubins_shortest(s, g, r).unwrap();
    assert_eq!(p.word(), "LRL");
    assert!(close(p.length(), lrl, 1e-12), "{} vs {lrl}", p.length());
    let cands = dubins_candidates(s, g, r).unwrap();
    let rlr_path = &cands.iter().find(|(w, _)| *w == DubinsWord::Rlr).unwrap().1;
    assert!(close(rlr_path.length(), rlr, 1e-12));
    assert!(rlr > lrl + 1.0);
    // LSR and RSL are infeasible here (centres 4 < 2r = 6 apart).
    let words: Vec<_> = cands.iter().map(|(w, _)| *w).collect();
    assert_eq!(
        words,
        vec![
            DubinsWord::Lsl,
            DubinsWord::Rsr,
            DubinsWord::Rlr,
            DubinsWord::Lrl
        ]
    );
    assert!(p.end_pose().approx_eq(g, 1e-12));
}

#[test]
fn goal_on_the_turning_circle_gives_a_pure_arc_not_a_loop() {
    let s = Pose::new(0.0, 0.0, 0.0);
    for (g, want, word) in [
        (Pose::new(1.0, 1.0, FRAC_PI_2), FRAC_PI_2, "LSL"),
        (Pose::new(0.0, 2.0, PI), PI, "LSL"),
        (Pose::new(0.0, 2.0, -PI), PI, "LSL"),
        (Pose::new(1.0, -1.0, -FRAC_PI_2), FRAC_PI_2, "RSR"),
        // Three quarters round the right circle; LSR (a zero arc, a zero
        // line, then the same arc) ties with RSR and comes first.
        (Pose::new(-1.0, -1.0, -1.5 * PI), 1.5 * PI, "LSR"),
    ] {
        let p = dubins_shortest(s, g, 1.0).unwrap();
        assert!(
            close(p.length(), want, 1e-12),
            "{g:?}: {} ({})",
            p.length(),
            p.word()
        );
        assert_eq!(p.word(), word);
        // One arc does all the turning; the others (and the line) are empty.
        let sweeps = arc_sweeps(&p);
        let total: f64 = sweeps.iter().map(|s| s.abs()).sum();
        assert!(close(total, want, 1e-12), "{sweeps:?}");
        assert!(
            sweeps.iter().all(|s| s.abs() <= want + 1e-12),
            "a loop: {sweeps:?}"
        );
        assert!(p.segments()[1].length() <= 1e-12);
        assert!(p.end_pose().approx_eq(g, 1e-12));
    }
}

#[test]
fn coincident_start_and_goal_is_one_zero_length_segment() {
    for h in [0.0, 1.0, PI, -PI, 7.0] {
        let s = Pose::new(2.0, -3.0, h);
        let p = dubins_shortest(s, s, 1.5).unwrap();
        assert_eq!(p.length(), 0.0);
        assert_eq!(p.segments().len(), 1);
        assert_eq!(p.word(), "L"); // a zero-length arc keeps the heading
        assert!(p.pose_at(0.0).approx_eq(s, 1e-15));
        assert_eq!(dubins_length(s, s, 1.5).unwrap(), (0.0, None));
        // The same heading a whole turn away is the same pose.
        let g = Pose::new(2.0, -3.0, h + TAU);
        assert_eq!(dubins_length(s, g, 1.5).unwrap().0, 0.0);
    }
    let mut out = [9.0];
    dubins_lengths(&[1.0, 1.0, 0.5, 1.0, 1.0, 0.5], 2.0, &mut out).unwrap();
    assert_eq!(out, [0.0]);
}

#[test]
fn same_position_other_heading_is_a_real_path() {
    // Turning round on the spot is impossible: the shortest is a CCC of
    // length 7π/3·r for a half turn (known value for (0,0,0) → (0,0,π)).
    let p = dubins_shortest(Pose::new(0.0, 0.0, 0.0), Pose::new(0.0, 0.0, PI), 1.0).unwrap();
    let peer = DubinsPath::shortest_from(
        PosRot::from_floats(0.0, 0.0, 0.0),
        PosRot::from_floats(0.0, 0.0, PI),
        1.0,
    )
    .unwrap();
    assert!(
        close(p.length(), peer.length(), 1e-12),
        "{} vs {}",
        p.length(),
        peer.length()
    );
    assert!(close(p.length(), 7.0 * PI / 3.0, 1e-12));
}

#[test]
fn headings_near_plus_minus_pi_agree() {
    // Straight west: every way of writing the heading gives length 5, no loops.
    let eps = 1e-15;
    for h0 in [PI, -PI, 3.0 * PI, PI - eps, -PI + eps] {
        for h1 in [PI, -PI, -3.0 * PI, PI - eps, -PI + eps] {
            let s = Pose::new(0.0, 0.0, h0);
            let g = Pose::new(-5.0, 0.0, h1);
            let p = dubins_shortest(s, g, 1.0).unwrap();
            assert!(
                close(p.length(), 5.0, 1e-9),
                "{h0} → {h1}: {} {}",
                p.length(),
                p.word()
            );
        }
    }
    // A quarter turn across the ±π seam: the same length from either side.
    let a = dubins_length(
        Pose::new(0.0, 0.0, PI),
        Pose::new(-1.0, -1.0, -FRAC_PI_2),
        1.0,
    );
    let b = dubins_length(
        Pose::new(0.0, 0.0, -PI),
        Pose::new(-1.0, -1.0, 1.5 * PI),
        1.0,
    );
    let (a, b) = (a.unwrap().0, b.unwrap().0);
    assert!(
        close(a, FRAC_PI_2, 1e-12) && close(b, FRAC_PI_2, 1e-12),
        "{a} {b}"
    );
}

#[test]
fn end_of_a_sampled_path_does_not_drift_from_the_goal() {
    // Walk the path in many small steps (as a game would) and check the last
    // sample is the goal, for long paths far from the origin too.
    for (s, g, r) in [
        (
            Pose::new(1e4, -2e4, 0.3),
            Pose::new(1e4 + 300.0, -2e4 - 170.0, 2.9),
            12.0,
        ),
        (Pose::new(0.0, 0.0, 0.0), Pose::new(0.5, 0.2, -2.5), 1.0),
        (Pose::new(5.0, 5.0, 1.0), Pose::new(-40.0, 33.0, -1.0), 0.25),
    ] {
        let p = dubins_shortest(s, g, r).unwrap();
        let n = 10_000;
        let step = p.length() / n as f64;
        let mut last = p.pose_at(0.0);
        let mut t = 0.0;
        for _ in 0..n {
            t += step;
            last = p.pose_at(t);
        }
        assert!(
            last.approx_eq(g, 1e-9 * (1.0 + g.x.abs() + g.y.abs())),
            "{last:?} vs {g:?}"
        );
        assert!(p
            .pose_at(p.length() + 1.0)
            .approx_eq(g, 1e-9 * (1.0 + g.x.abs() + g.y.abs())));
        assert!(p
            .pose_at(0.0)
            .approx_eq(s, 1e-12 * (1.0 + s.x.abs() + s.y.abs())));
    }
}

#[test]
fn negative_zero_headings_keep_the_word_consistent() {
    // −0.0 − 0.0 = −0.0: a zero sweep must not come out as −0.0 on a left arc
    // (its sign is the turn direction, so "LSL" would read "LSR").
    for (h0, h1) in [(-0.0, -0.0), (0.0, -0.0), (-0.0, 0.0)] {
        let p = dubins_shortest(Pose::new(0.0, 0.0, h0), Pose::new(10.0, 0.0, h1), 1.0).unwrap();
        assert!(close(p.length(), 10.0, 1e-12));
        assert!(
            DubinsWord::ALL.iter().any(|w| w.as_str() == p.word()),
            "{}",
            p.word()
        );
        for (w, c) in
            dubins_candidates(Pose::new(0.0, 0.0, h0), Pose::new(10.0, 0.0, h1), 1.0).unwrap()
        {
            assert_eq!(c.word(), w.as_str());
        }
    }
}

#[test]
fn hand_cases_from_the_circle_construction() {
    // Straight ahead: a line of 10, zero arcs.
    let p = dubins_shortest(Pose::new(0.0, 0.0, 0.0), Pose::new(10.0, 0.0, 0.0), 1.0).unwrap();
    assert!(close(p.length(), 10.0, 1e-12));
    // A U-turn 2r to the left: half the left circle, length π·r.
    let p = dubins_shortest(Pose::new(0.0, 0.0, 0.0), Pose::new(0.0, 2.0, PI), 1.0).unwrap();
    assert!(close(p.length(), PI, 1e-12));
    // (0,0,0) → (4,4,π/2), r = 2: left centres (0,2) and (2,4); the outer
    // tangent heads π/4, so arcs of π/4 each and a line of |(2,2)| = 2√2.
    let p = dubins_shortest(
        Pose::new(0.0, 0.0, 0.0),
        Pose::new(4.0, 4.0, FRAC_PI_2),
        2.0,
    )
    .unwrap();
    assert_eq!(p.word(), "LSL");
    assert!(close(p.length(), 2.0 * FRAC_PI_2 + 8f64.sqrt(), 1e-12));
    match p.segments()[1] {
        Segment::Line(l) => {
            let want_start = (
                2.0 * core::f64::consts::FRAC_1_SQRT_2,
                2.0 - 2.0 * core::f64::consts::FRAC_1_SQRT_2,
            );
            assert!(close(l.start.x, want_start.0, 1e-12) && close(l.start.y, want_start.1, 1e-12));
        }
        _ => panic!("a line in the middle"),
    }
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let s = Pose::new(0.0, 0.0, 0.0);
    assert_eq!(
        dubins_shortest(s, s, 0.0),
        Err(Error::at("radius", Reason::NotPositive))
    );
    assert_eq!(
        dubins_shortest(s, s, f64::NAN),
        Err(Error::at("radius", Reason::NotFinite))
    );
    assert_eq!(
        dubins_shortest(Pose::new(0.0, 0.0, f64::NAN), s, 1.0),
        Err(Error::new(
            Field::named("start").key("heading"),
            Reason::NotFinite
        ))
    );
    assert_eq!(
        dubins_candidates(s, Pose::new(f64::INFINITY, 0.0, 0.0), 1.0),
        Err(Error::new(Field::named("goal").key("x"), Reason::NotFinite))
    );
    let mut out = [0.0; 1];
    assert_eq!(
        dubins_lengths(&[0.0; 7], 1.0, &mut out),
        Err(Error::at("queries", Reason::NotAMultiple { of: 6, got: 7 }))
    );
    assert_eq!(
        dubins_lengths(&[0.0; 12], 1.0, &mut out),
        Err(Error::at(
            "out",
            Reason::OutputLength {
                expected: 2,
                got: 1
            }
        ))
    );
    assert_eq!(
        dubins_lengths(&[0.0, 0.0, f64::NAN, 1.0, 1.0, 1.0], 1.0, &mut out),
        Err(Error::new(
            Field::named("queries").index(2),
            Reason::NotFinite
        ))
    );
    assert_eq!(
        dubins_lengths(&[], -1.0, &mut []),
        Err(Error::at("radius", Reason::NotPositive))
    );
    assert_eq!(dubins_lengths(&[], 1.0, &mut []), Ok(()));
    // Numbers whose squares would overflow are refused, not turned into ∞.
    assert_eq!(
        dubins_shortest(s, s, 1e308),
        Err(Error::at("radius", Reason::TooLarge { limit: 1e150 }))
    );
    assert_eq!(
        dubins_shortest(Pose::new(1e300, 0.0, 0.0), s, 1.0),
        Err(Error::new(
            Field::named("start").key("x"),
            Reason::TooLarge { limit: 1e150 }
        ))
    );
    assert_eq!(
        dubins_lengths(&[0.0, 0.0, 0.0, -1e200, 1.0, 1.0], 1.0, &mut out),
        Err(Error::new(
            Field::named("queries").index(3),
            Reason::TooLarge { limit: 1e150 }
        ))
    );
    // Huge headings are fine (normalised), and so is the largest allowed scale.
    let (len, _) = dubins_length(
        Pose::new(0.0, 0.0, 1e300),
        Pose::new(10.0, 0.0, -1e300),
        1.0,
    )
    .unwrap();
    assert!(len.is_finite());
    let far = dubins_shortest(
        Pose::new(-1e150, 1e150, 0.0),
        Pose::new(1e150, -1e150, 2.0),
        1e150,
    )
    .unwrap();
    assert!(far.length().is_finite() && far.length() > 0.0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn dubins_properties(
        x in -100.0..100.0f64, y in -100.0..100.0f64, h in -10.0..10.0f64,
        dx in -20.0..20.0f64, dy in -20.0..20.0f64, hg in -10.0..10.0f64,
        r in 0.05..10.0f64,
    ) {
        let s = Pose::new(x, y, h);
        let g = Pose::new(x + dx, y + dy, hg);
        let p = dubins_shortest(s, g, r).unwrap();
        let scale = 1e-9 * (1.0 + x.abs() + y.abs() + r);
        // Exactly at the goal pose, from the start pose, tangent joins.
        prop_assert!(p.end_pose().approx_eq(g, scale), "{:?} vs {:?}", p.end_pose(), g);
        prop_assert!(p.start_pose().approx_eq(s, scale));
        prop_assert!(p.is_g1(scale));
        // One of the six words, three segments, arcs of radius r.
        prop_assert_eq!(p.segments().len(), 3);
        prop_assert!(DubinsWord::ALL.iter().any(|w| w.as_str() == p.word()));
        for seg in p.segments() {
            if let Segment::Arc(a) = seg {
                prop_assert_eq!(a.radius, r);
                prop_assert!(a.sweep.abs() < TAU);
            }
        }
        // No shorter than the straight distance; no longer than any candidate.
        prop_assert!(p.length() >= s.position().distance(g.position()) - scale);
        let cands = dubins_candidates(s, g, r).unwrap();
        for (w, c) in &cands {
            prop_assert!(p.length() <= c.length() + 1e-9 * c.length().max(1.0), "{}", w);
            prop_assert!(c.end_pose().approx_eq(g, scale), "{} ends off the goal", w);
            prop_assert!(c.is_g1(scale), "{}", w);
        }
        // The length-only query agrees with the built path.
        let (len, _) = dubins_length(s, g, r).unwrap();
        prop_assert!((len - p.length()).abs() <= 1e-9 * len.max(1.0));
    }
}
