#![cfg(not(target_arch = "wasm32"))]
//! Reeds–Shepp paths: the traps other implementations fall into, each a
//! named test with its length worked out by hand, the 48 words checked
//! against paths built independently, and properties on random queries.

use arcline::geom::normalize_angle;
use arcline::planner::{
    dubins_length, reeds_shepp_candidates, reeds_shepp_length, reeds_shepp_lengths,
    reeds_shepp_shortest, ReedsSheppWord,
};
use arcline::{Arc, Error, Field, Line, Path, Point, Pose, Reason, Segment};
use core::f64::consts::{FRAC_PI_2, PI, TAU};
use proptest::prelude::*;

use crate::xorshift::Rng;

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

/// The direction of travel at the start and end of a segment (the vehicle's
/// heading, turned round in reverse); `None` for a zero-length line.
fn travel(s: &Segment) -> (Option<f64>, Option<f64>) {
    let flip = |h: Option<f64>| h.map(|h| if s.is_reverse() { h + PI } else { h });
    (flip(s.start_heading()), flip(s.end_heading()))
}

/// Every invariant of a planned path from `s` to `g`: it ends at the goal,
/// the vehicle's pose is continuous everywhere (G1 with the vehicle's
/// heading), the direction of travel is continuous except at cusps, where
/// it turns round, every arc has radius `r`, and the letters and gears are
/// those of a word of `ALL`.
fn check_path(p: &Path, s: Pose, g: Pose, r: f64) {
    let scale = r + s.x.abs().max(s.y.abs()).max(g.x.abs()).max(g.y.abs());
    let tol = 1e-12 * scale;
    assert!(p.start_pose().position().distance(s.position()) <= tol);
    let e = p.end_pose();
    assert!(
        e.position().distance(g.position()) <= tol
            && normalize_angle(e.heading - g.heading).abs() <= 1e-12,
        "end {e:?}, goal {g:?}"
    );
    assert!(p.is_g1(1e-10 * scale / r.min(1.0)), "not G1: {p:?}");
    let segs = p.segments();
    for (i, w) in segs.windows(2).enumerate() {
        assert!(
            w[0].end().distance(w[1].start()) <= 1e-10 * scale,
            "gap after {i}: {p:?}"
        );
        if let ((_, Some(a)), (Some(b), _)) = (travel(&w[0]), travel(&w[1])) {
            let turn = normalize_angle(a - b).abs();
            if w[0].is_reverse() == w[1].is_reverse() {
                assert!(turn <= 1e-9 * scale / r.min(1.0), "a kink at {i}: {p:?}");
            } else {
                assert!(
                    close(turn, PI, 1e-9 * scale / r.min(1.0)),
                    "a cusp at {i} does not turn round: {p:?}"
                );
            }
        }
    }
    for seg in segs {
        if let Segment::Arc(a) = seg {
            assert_eq!(a.radius, r);
        }
    }
    let word = ReedsSheppWord::ALL.iter().find(|w| {
        w.len() == segs.len()
            && (0..w.len()).all(|i| {
                let (letter, reverse) = w.segment(i);
                letter == segs[i].letter() && (reverse == segs[i].is_reverse())
            })
    });
    assert!(
        word.is_some(),
        "no word reads {:?}",
        segs.iter()
            .map(|s| (s.letter(), s.is_reverse()))
            .collect::<Vec<_>>()
    );
}

#[test]
fn identical_poses_give_one_zero_length_arc_keeping_the_heading() {
    for h in [0.0, 1.0, PI, -PI, 7.0] {
        let s = Pose::new(2.0, -3.0, h);
        let p = reeds_shepp_shortest(s, s, 1.5).unwrap();
        assert_eq!(p.length(), 0.0);
        assert_eq!(p.segments().len(), 1);
        assert_eq!(p.word(), "L");
        assert!(!p.segments()[0].is_reverse());
        assert!(p.pose_at(0.0).approx_eq(s, 1e-15));
        assert_eq!(reeds_shepp_length(s, s, 1.5).unwrap(), (0.0, None));
        assert!(reeds_shepp_candidates(s, s, 1.5).unwrap().is_empty());
    }
    let mut out = [9.0];
    reeds_shepp_lengths(&[1.0, 1.0, 0.5, 1.0, 1.0, 0.5], 2.0, &mut out).unwrap();
    assert_eq!(out, [0.0]);
    // A whole turn more is the same heading: a path of (nearly) nothing.
    let (l, _) = reeds_shepp_length(
        Pose::new(0.0, 0.0, 0.5),
        Pose::new(0.0, 0.0, 0.5 + TAU),
        1.0,
    )
    .unwrap();
    assert!(l <= 1e-14, "{l}");
}

#[test]
fn goal_straight_behind_is_one_pure_reverse_line_facing_forwards() {
    for (r, d, h) in [
        (1.0, 3.0, 0.0),
        (0.25, 40.0, 2.5),
        (5.0, 0.1, -1.0),
        (1e-3, 1e3, PI),
    ] {
        let s = Pose::new(1.0, 2.0, h);
        let g = Pose::new(s.x - d * h.cos(), s.y - d * h.sin(), h);
        let p = reeds_shepp_shortest(s, g, r).unwrap();
        assert!(
            close(p.length(), d, 1e-12 * d),
            "r {r}, d {d}: {}",
            p.length()
        );
        check_path(&p, s, g, r);
        // One line of length d driven backwards; the arcs have no length.
        let lines: Vec<&Segment> = p
            .segments()
            .iter()
            .filter(|s| s.length() > 1e-12 * d)
            .collect();
        assert_eq!(lines.len(), 1);
        let Segment::Line(l) = lines[0] else {
            panic!("{p:?}")
        };
        assert!(l.reverse);
        assert!(
            p.segments().iter().all(Segment::is_reverse),
            "no gear change on the way"
        );
        // Half way back the vehicle still faces `h`, not the way it travels.
        let mid = p.pose_at(d / 2.0);
        assert!(normalize_angle(mid.heading - h).abs() <= 1e-12, "{mid:?}");
        assert!(close(mid.x, s.x - 0.5 * d * h.cos(), 1e-12 * (d + 2.0)));
        assert_eq!(p.cusps().count(), 0);
    }
    // Straight ahead, the same line driven forwards.
    let p = reeds_shepp_shortest(Pose::new(0.0, 0.0, 0.0), Pose::new(3.0, 0.0, 0.0), 1.0).unwrap();
    assert_eq!(p.length(), 3.0);
    assert!(p.segments().iter().all(|s| !s.is_reverse()));
}

#[test]
fn goal_on_a_turning_circle_is_the_shorter_pure_arc_forwards_or_backwards() {
    // The heading changes by the arc's angle, and no path changes it by
    // more than length / r: the pure arc is shortest. Past a half turn the
    // same goal is nearer backwards round the circle.
    let s = Pose::new(0.0, 0.0, 0.0);
    let r = 2.0;
    for (side, angle, want, reverse) in [
        (1.0, FRAC_PI_2, FRAC_PI_2, false),
        (-1.0, 1.0, 1.0, false),
        (1.0, 1.5 * PI, FRAC_PI_2, true),
        (-1.0, 1.9 * PI, 0.1 * PI, true),
        (1.0, -0.7, 0.7, true),
    ] {
        let arc = Arc::from_pose(s, r, side, angle.abs());
        let arc = if angle < 0.0 {
            Arc::reversing_from_pose(s, r, side, -angle)
        } else {
            arc
        };
        let g = arc.pose_at(arc.length());
        let p = reeds_shepp_shortest(s, g, r).unwrap();
        assert!(
            close(p.length(), r * want, 1e-12),
            "{side} {angle}: {} {}",
            p.length(),
            p.word()
        );
        check_path(&p, s, g, r);
        let turning: Vec<&Segment> = p.segments().iter().filter(|s| s.length() > 1e-12).collect();
        assert_eq!(turning.len(), 1, "{p:?}");
        let Segment::Arc(a) = turning[0] else {
            panic!("{p:?}")
        };
        assert_eq!(a.reverse, reverse);
        assert_eq!(
            a.side(),
            side,
            "the centre stays on the same side of the vehicle"
        );
        // A reversing L travels clockwise: a negative sweep.
        assert_eq!(a.sweep < 0.0, (side > 0.0) == reverse);
    }
}

#[test]
fn half_turn_ties_forwards_and_backwards_and_forwards_wins() {
    // (0, 2r) facing back: half way round the left circle, forwards (L+)
    // or backwards (L-): both πr, the least a half turn of heading allows.
    for r in [1.0, 0.3, 7.0] {
        let s = Pose::new(0.0, 0.0, 0.0);
        for (g, letter) in [
            (Pose::new(0.0, 2.0 * r, PI), 'L'),
            (Pose::new(0.0, -2.0 * r, PI), 'R'),
        ] {
            let cands = reeds_shepp_candidates(s, g, r).unwrap();
            let ties: Vec<ReedsSheppWord> = cands
                .iter()
                .filter(|(_, p)| close(p.length(), PI * r, 1e-12 * r))
                .map(|(w, _)| *w)
                .collect();
            assert!(ties.len() >= 2, "{ties:?}");
            let p = reeds_shepp_shortest(s, g, r).unwrap();
            assert!(close(p.length(), PI * r, 1e-12 * r));
            check_path(&p, s, g, r);
            let (_, word) = reeds_shepp_length(s, g, r).unwrap();
            assert_eq!(word, Some(ties[0]), "the first of the tied words wins");
            let arc = p.segments().iter().find(|s| s.length() > 0.0).unwrap();
            assert_eq!(arc.letter(), letter);
            assert!(!arc.is_reverse(), "forwards wins the tie");
        }
    }
}

#[test]
fn turning_round_on_the_spot_costs_a_half_turn_and_its_mirror_ties() {
    // (0,0,0) → (0,0,π): no path turns the heading by π in less than πr,
    // and one word (with its mirror image) does it in exactly that.
    let s = Pose::new(0.0, 0.0, 0.0);
    let r = 1.5;
    let g = Pose::new(0.0, 0.0, PI);
    let p = reeds_shepp_shortest(s, g, r).unwrap();
    assert!(
        close(p.length(), PI * r, 1e-12),
        "{} {}",
        p.length(),
        p.word()
    );
    check_path(&p, s, g, r);
    assert!(p.cusps().count() >= 1, "it has to back up: {p:?}");
    let mirror = reeds_shepp_shortest(s, Pose::new(0.0, 0.0, -PI), r).unwrap();
    assert!(close(mirror.length(), p.length(), 1e-12));
    let tied: Vec<_> = reeds_shepp_candidates(s, g, r)
        .unwrap()
        .into_iter()
        .filter(|(_, q)| close(q.length(), PI * r, 1e-12))
        .collect();
    assert!(
        tied.len() >= 2,
        "a word and its reflection: {:?}",
        tied.iter().map(|t| t.0).collect::<Vec<_>>()
    );
}

#[test]
fn bad_input_is_an_error_naming_the_argument() {
    let ok = Pose::new(0.0, 0.0, 0.0);
    assert_eq!(
        reeds_shepp_shortest(Pose::new(f64::NAN, 0.0, 0.0), ok, 1.0),
        Err(Error::new(
            Field::named("start").key("x"),
            Reason::NotFinite
        ))
    );
    assert_eq!(
        reeds_shepp_shortest(ok, Pose::new(0.0, 0.0, f64::INFINITY), 1.0),
        Err(Error::new(
            Field::named("goal").key("heading"),
            Reason::NotFinite
        ))
    );
    assert_eq!(
        reeds_shepp_length(ok, ok, 0.0),
        Err(Error::at("radius", Reason::NotPositive))
    );
    assert!(reeds_shepp_shortest(ok, Pose::new(2e150, 0.0, 0.0), 1.0).is_err());
    let mut out = [0.0; 1];
    assert_eq!(
        reeds_shepp_lengths(&[0.0; 5], 1.0, &mut out),
        Err(Error::at("queries", Reason::NotAMultiple { of: 6, got: 5 }))
    );
    assert_eq!(
        reeds_shepp_lengths(&[0.0; 12], 1.0, &mut out),
        Err(Error::at(
            "out",
            Reason::OutputLength {
                expected: 2,
                got: 1
            }
        ))
    );
    let e = reeds_shepp_lengths(&[0.0, 0.0, 0.0, 1.0, f64::NAN, 0.0], 1.0, &mut out).unwrap_err();
    assert_eq!(e.to_string(), "queries[4]: must be a finite number");
}

#[test]
fn extreme_finite_inputs_give_finite_exact_paths() {
    let m = arcline::planner::MAX_MAGNITUDE;
    for (s, g, r) in [
        (Pose::new(-m, m, 1.0), Pose::new(m, -m, -2.0), 1.0),
        (Pose::new(0.0, 0.0, 1e300), Pose::new(1.0, 1.0, -1e300), 1.0),
        (Pose::new(0.0, 0.0, 0.0), Pose::new(1.0, 1.0, 1.0), 5e-324),
        (Pose::new(0.0, 0.0, 0.0), Pose::new(1.0, 1.0, 1.0), m),
        (
            Pose::new(1e-300, 0.0, 0.0),
            Pose::new(0.0, 1e-300, 1.0),
            1e-300,
        ),
    ] {
        let p = reeds_shepp_shortest(s, g, r).unwrap();
        assert!(p.length().is_finite(), "{s:?} {g:?} {r}");
        for seg in p.segments() {
            assert!(seg.is_valid());
        }
        let (l, _) = reeds_shepp_length(s, g, r).unwrap();
        assert!(l.is_finite());
        let e = p.end_pose();
        let scale = r + s.x.abs().max(g.x.abs()).max(s.y.abs()).max(g.y.abs());
        assert!(
            e.position().distance(g.position()) <= 1e-12 * scale,
            "{e:?} {g:?}"
        );
    }
}

/// A path of `word` with these amounts (arcs: heading change magnitude;
/// lines: length), laid forwards from `s` with the core's `Arc` and `Line`.
fn lay(word: ReedsSheppWord, amounts: &[f64], s: Pose, r: f64) -> Path {
    let mut pose = s;
    let mut segs = Vec::new();
    for (i, &a) in amounts.iter().enumerate() {
        let (letter, reverse) = word.segment(i);
        let seg: Segment = if letter == 'S' {
            let d = if reverse { -a } else { a };
            let end = Point::new(
                pose.x + d * pose.heading.cos(),
                pose.y + d * pose.heading.sin(),
            );
            Line::new(pose.position(), end).with_reverse(reverse).into()
        } else {
            let side = if letter == 'L' { 1.0 } else { -1.0 };
            if reverse {
                Arc::reversing_from_pose(pose, r, side, a).into()
            } else {
                Arc::from_pose(pose, r, side, a).into()
            }
        };
        pose = seg.pose_at(seg.length(), pose.heading);
        segs.push(seg);
    }
    Path::new(segs).unwrap()
}

#[test]
fn never_longer_than_a_path_of_any_of_the_48_words_laid_by_hand() {
    // Brute force from the other side: lay random paths of each word with
    // the core's Arc and Line (the word's fixed quarter turns and equal
    // middle arcs kept) and plan to where each ends.
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let mut next = move || rng.next();
    let mut beaten = 0;
    for w in ReedsSheppWord::ALL {
        let name = w.as_str();
        for _ in 0..300 {
            let r = 0.2 + 3.0 * next();
            let s = Pose::new(10.0 * next() - 5.0, 10.0 * next() - 5.0, TAU * next() - PI);
            let n = w.len();
            let mut amounts: Vec<f64> = (0..n)
                .map(|i| {
                    if w.segment(i).0 == 'S' {
                        4.0 * r * next()
                    } else {
                        PI * next()
                    }
                })
                .collect();
            let letters = w.letters();
            if letters.contains('S') && n >= 4 {
                // The arcs next to the line beside a cusp are quarter turns.
                for (i, amount) in amounts.iter_mut().enumerate() {
                    let by_line = (i + 1 < n && w.segment(i + 1).0 == 'S')
                        || (i > 0 && w.segment(i - 1).0 == 'S');
                    let at_end = i == 0 || i == n - 1;
                    if by_line && !at_end {
                        *amount = FRAC_PI_2;
                    }
                }
            } else if n == 4 {
                // The two middle arcs of a four-arc word are equal.
                amounts[2] = amounts[1];
            }
            let laid = lay(w, &amounts, s, r);
            let g = laid.end_pose();
            let (ours, _) = reeds_shepp_length(s, g, r).unwrap();
            assert!(
                ours <= laid.length() * (1.0 + 1e-9) + 1e-12,
                "{name}: {ours} > {}",
                laid.length()
            );
            if ours < laid.length() * (1.0 - 1e-9) {
                beaten += 1;
            }
            check_path(&reeds_shepp_shortest(s, g, r).unwrap(), s, g, r);
        }
    }
    // Random amounts are rarely optimal, but not always beaten either.
    assert!(beaten < 48 * 300, "{beaten}");
}

#[test]
fn every_candidate_word_ends_at_the_goal_with_its_own_letters_and_gears() {
    let mut rng = Rng(0x0DDB_A11C_AFE0_0001);
    let mut next = move || rng.next();
    let mut seen = std::collections::BTreeSet::new();
    for i in 0..4000 {
        let r = 0.5 + next();
        let span = [1.0, 3.0, 6.0, 20.0][i % 4] * r;
        let s = Pose::new(next() * 4.0, next() * 4.0, TAU * next() - PI);
        let g = Pose::new(
            s.x + span * (next() - 0.5),
            s.y + span * (next() - 0.5),
            TAU * next() - PI,
        );
        for (w, p) in reeds_shepp_candidates(s, g, r).unwrap() {
            seen.insert(w);
            check_path(&p, s, g, r);
            assert_eq!(p.word(), w.letters());
            for (k, seg) in p.segments().iter().enumerate() {
                assert_eq!(seg.is_reverse(), w.segment(k).1, "{w}: segment {k}");
            }
        }
    }
    assert_eq!(
        seen.len(),
        48,
        "words never solved: {:?}",
        ReedsSheppWord::ALL
            .iter()
            .filter(|w| !seen.contains(w))
            .collect::<Vec<_>>()
    );
}

fn pose_strategy() -> impl Strategy<Value = Pose> {
    (-30.0..30.0f64, -30.0..30.0f64, -10.0..10.0f64).prop_map(|(x, y, h)| Pose::new(x, y, h))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn random_queries_keep_every_invariant(s in pose_strategy(), g in pose_strategy(), r in 0.05..8.0f64, near in any::<bool>()) {
        // Half the goals within a few radii of the start (the 4- and
        // 5-segment words' ground).
        let g = if near { Pose::new(s.x + (g.x / 30.0) * 3.0 * r, s.y + (g.y / 30.0) * 3.0 * r, g.heading) } else { g };
        let p = reeds_shepp_shortest(s, g, r).unwrap();
        check_path(&p, s, g, r);
        let (len, word) = reeds_shepp_length(s, g, r).unwrap();
        prop_assert!(close(p.length(), len, 1e-9 * len.max(r)), "{} vs {len}", p.length());
        prop_assert_eq!(word.map(|w| w.letters()), Some(p.word()));
        let mut out = [0.0];
        reeds_shepp_lengths(&[s.x, s.y, s.heading, g.x, g.y, g.heading], r, &mut out).unwrap();
        prop_assert_eq!(out[0], len);
        // Reversing allowed is never worse than forwards only.
        let (dubins, _) = dubins_length(s, g, r).unwrap();
        prop_assert!(len <= dubins * (1.0 + 1e-9) + 1e-12, "{len} > Dubins {dubins}");
        // Driving the path the other way round (goal to start) costs the
        // same, and so does the mirror image.
        let (back, _) = reeds_shepp_length(g, s, r).unwrap();
        prop_assert!(close(back, len, 1e-9 * len.max(r)), "{back} vs {len}");
        let m = |p: Pose| Pose::new(p.x, -p.y, -p.heading);
        let (mirror, _) = reeds_shepp_length(m(s), m(g), r).unwrap();
        prop_assert!(close(mirror, len, 1e-9 * len.max(r)), "{mirror} vs {len}");
        // The vehicle's pose along the path moves no faster than the path.
        let n = 64;
        let mut prev = p.pose_at(0.0);
        for k in 1..=n {
            let q = p.pose_at(p.length() * k as f64 / n as f64);
            let step = p.length() / n as f64;
            prop_assert!(q.position().distance(prev.position()) <= step * (1.0 + 1e-9) + 1e-9);
            prop_assert!(normalize_angle(q.heading - prev.heading).abs() <= step / r * (1.0 + 1e-9) + 1e-9);
            prev = q;
        }
    }
}
