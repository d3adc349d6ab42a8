//! Roads with transition curves: on random pairs of profiles, each piece
//! with clothoids is G2 (curvature continuous, 0 at both ends), starts and
//! ends at its profiles, keeps its least radius at least its half width,
//! and its lane edges are the centre line's offsets within the tolerance
//! (measured both ways at dense stations, against the clothoids' own
//! points); a transition too long says the longest that fits, and that one
//! builds.

use crate::simpson::clothoid_end_by_simpson;
use crate::xorshift::Rng;
use arcline::geom::distance::segment_point;
use arcline::road::*;
use arcline::{Path, Point, Reason, Segment};
use core::f64::consts::{FRAC_PI_2, PI};

fn lanes() -> Vec<Lane> {
    vec![
        Lane::new(LaneKind::Driving, 3.5).with_direction(Direction::Backward),
        Lane::new(LaneKind::Driving, 3.5),
    ]
}

fn at(x: f64, y: f64, heading: f64) -> Profile {
    Profile {
        x,
        y,
        heading,
        lanes: lanes(),
    }
}

fn curvature(seg: &Segment, s: f64) -> f64 {
    match seg {
        Segment::Line(_) => 0.0,
        Segment::Arc(a) => a.turn() / a.radius,
        Segment::Clothoid(c) => c.curvature_at(s),
    }
}

/// The distance from `p` to the path.
fn to_path(path: &Path, p: Point) -> f64 {
    path.segments()
        .iter()
        .map(|s| segment_point(s, p))
        .fold(f64::INFINITY, f64::min)
}

/// Every check of the module docs on one piece.
fn check(a: &Profile, b: &Profile, piece: &RoadPiece, options: &ConnectOptions) {
    check_at(a, b, piece, options, 600);
}

/// [`check`] with the edges measured at `n + 1` stations.
fn check_at(a: &Profile, b: &Profile, piece: &RoadPiece, options: &ConnectOptions, n: usize) {
    let c = &piece.centerline;
    assert!(c.start_pose().position().distance(a.position()) < 1e-9);
    assert!(
        c.end_pose().position().distance(b.position())
            < 1e-9 * (1.0 + a.position().distance(b.position()))
    );
    assert!(c.is_g1(1e-9), "{c:?}");
    let mut k = 0.0;
    for seg in c.segments() {
        assert!(
            (curvature(seg, 0.0) - k).abs() <= 1e-9,
            "a curvature jump in {:?}",
            c.word()
        );
        k = curvature(seg, seg.length());
        if let Segment::Clothoid(t) = seg {
            assert!((t.length - options.transition).abs() < 1e-12);
        }
    }
    assert_eq!(k, 0.0);
    assert!(c.word().contains('T'), "{}", c.word());
    // The edges: at n stations of the centre line, the exact offset point
    // (position ± d along the left normal) is within the tolerance of its
    // edge; and n points of each edge are at |d| from the centre line
    // within it too.
    let offsets = a.edge_offsets();
    for (e, &d) in piece.boundaries.iter().zip(offsets.iter()) {
        for i in 0..=n {
            let pose = c.pose_at(c.length() * i as f64 / n as f64);
            let q = pose.position() + pose.left() * d;
            let miss = to_path(e, q);
            assert!(
                miss <= options.tolerance * 1.001 + 1e-9,
                "edge {d}: {miss:e} at {i}"
            );
            let on_edge = e.pose_at(e.length() * i as f64 / n as f64).position();
            let gap = (to_path(c, on_edge) - d.abs()).abs();
            assert!(
                gap <= options.tolerance * 1.001 + 1e-9,
                "edge {d}: {gap:e} from |d|"
            );
        }
    }
}

#[test]
fn fillets_s_curves_and_u_turns_with_transitions_are_g2_with_parallel_edges() {
    let mut rng = Rng(0x05EE_DC10);
    let mut built = [0usize; 3];
    for _ in 0..80 {
        let a = at(0.0, 0.0, 0.0);
        let b = at(
            rng.range(-120.0, 120.0),
            rng.range(-120.0, 120.0),
            rng.range(-PI, PI),
        );
        let transition = rng.range(0.5, 12.0);
        let options = ConnectOptions {
            transition,
            tolerance: 1e-3,
        };
        let Ok(seed) = connect_profiles(&a, &b) else {
            continue;
        };
        match connect_profiles_with(&a, &b, &options) {
            Ok(piece) => {
                assert_eq!(piece.kind, seed.kind);
                check(&a, &b, &piece, &options);
                built[match piece.kind {
                    PieceKind::SCurve => 1,
                    PieceKind::UTurn => 2,
                    _ => 0,
                }] += 1;
            }
            Err(e) => assert!(
                matches!(
                    e.reason(),
                    Reason::TransitionTooLong { .. } | Reason::LanesWiderThanTurn { .. }
                ),
                "{e}"
            ),
        }
    }
    // U-turns are rare at random: one on purpose, both ways round.
    for (b, forward) in [(at(-10.0, 30.0, PI), -10.0), (at(25.0, -30.0, PI), 25.0)] {
        let options = ConnectOptions {
            transition: 8.0,
            tolerance: 1e-3,
        };
        let piece = connect_profiles_with(&at(0.0, 0.0, 0.0), &b, &options).unwrap();
        assert_eq!(piece.kind, PieceKind::UTurn, "forward {forward}");
        check(&at(0.0, 0.0, 0.0), &b, &piece, &options);
        built[2] += 1;
    }
    assert!(built[0] >= 15 && built[1] >= 15, "{built:?}");
}

#[test]
fn lane_edges_hold_at_ten_thousand_stations() {
    // A fillet, an s-curve and a U-turn with clothoids, each edge measured
    // at 10,001 stations both ways (the random pieces above use 601).
    let options = ConnectOptions {
        transition: 7.0,
        tolerance: 1e-3,
    };
    let a = at(0.0, 0.0, 0.0);
    let mut kinds = Vec::new();
    for b in [
        at(40.0, 30.0, FRAC_PI_2),
        at(60.0, 14.0, 0.0),
        at(-10.0, 30.0, PI),
    ] {
        let piece = connect_profiles_with(&a, &b, &options).unwrap();
        check_at(&a, &b, &piece, &options, 10_000);
        kinds.push(piece.kind);
    }
    assert_eq!(
        kinds,
        [PieceKind::LineArc, PieceKind::SCurve, PieceKind::UTurn]
    );
}

#[test]
fn a_transition_too_long_names_the_longest_that_fits_and_that_one_builds() {
    let (a, b) = (at(0.0, 0.0, 0.0), at(30.0, 30.0, FRAC_PI_2));
    let e = connect_profiles_with(
        &a,
        &b,
        &ConnectOptions {
            transition: 200.0,
            tolerance: 1e-3,
        },
    )
    .unwrap_err();
    let Reason::TransitionTooLong { max } = *e.reason() else {
        panic!("{e}")
    };
    assert_eq!(e.field().to_string(), "transition");
    // A quarter turn whose legs are 30: two clothoids with no arc between
    // them turn by L/R each half... their reach is below 30, about 0.9 of it
    // (by hand, the spiral of deflection π/4 reaches x ≈ 0.975 L).
    assert!(max > 25.0 && max < 60.0, "{max}");
    let fits = ConnectOptions {
        transition: max * (1.0 - 1e-9),
        tolerance: 1e-3,
    };
    let piece = connect_profiles_with(&a, &b, &fits).unwrap();
    check(&a, &b, &piece, &fits);
    let over = ConnectOptions {
        transition: max * (1.0 + 1e-6),
        tolerance: 1e-3,
    };
    assert!(connect_profiles_with(&a, &b, &over).is_err());
}

#[test]
fn as_the_transition_shrinks_the_piece_tends_to_the_seeds() {
    let (a, b) = (at(0.0, 0.0, 0.0), at(40.0, 25.0, 1.0));
    let seed = connect_profiles(&a, &b).unwrap();
    let mut prev = f64::INFINITY;
    for e in 1..=5 {
        let transition = 10f64.powi(-e) * 10.0;
        let piece = connect_profiles_with(
            &a,
            &b,
            &ConnectOptions {
                transition,
                tolerance: 1e-3,
            },
        )
        .unwrap();
        let diff = (piece.centerline.length() - seed.centerline.length()).abs();
        assert!(diff < prev, "{transition}: {diff}");
        prev = diff;
    }
    assert!(prev < 1e-4);
}

#[test]
fn bad_options_are_named() {
    let (a, b) = (at(0.0, 0.0, 0.0), at(30.0, 30.0, FRAC_PI_2));
    let e = |o: ConnectOptions| connect_profiles_with(&a, &b, &o).unwrap_err().to_string();
    assert_eq!(
        e(ConnectOptions {
            transition: -1.0,
            tolerance: 1e-3
        }),
        "transition: must not be negative"
    );
    assert_eq!(
        e(ConnectOptions {
            transition: f64::NAN,
            tolerance: 1e-3
        }),
        "transition: must be a finite number"
    );
    assert_eq!(
        e(ConnectOptions {
            transition: 1.0,
            tolerance: 0.0
        }),
        "tolerance: must be greater than zero"
    );
}

/// `(∫₀¹ cos(δs²/2) ds, ∫₀¹ sin(δs²/2) ds)` by Simpson's rule on 4,000
/// panels: the end of a clothoid of length 1 whose curvature goes from 0
/// to δ (it turns by δ/2), written out plainly, away from the crate's
/// Fresnel integrals.
fn unit_spiral_end(delta: f64) -> (f64, f64) {
    clothoid_end_by_simpson(1.0, delta, 4000)
}

/// The longest transition a turn by `delta` can take between legs whose
/// shorter is `leg`, by the textbook geometry of the symmetric turn: with
/// no arc left (radius `L/δ`) the turn is two clothoids of length `L`, the
/// first ending at `L·(X, Y)` heading `δ/2`; by symmetry the lines meet at
/// `L·(X + Y·tan(δ/2))` from its start, and that must not exceed the leg.
fn longest_fillet_transition(delta: f64, leg: f64) -> f64 {
    let (x, y) = unit_spiral_end(delta);
    leg / (x + y * (delta / 2.0).tan())
}

/// The longest transition of a U-turn between lines `gap` apart: the half
/// turn with no arc is two clothoids turning by π/2 each, and by symmetry
/// it ends `2·L·Y` across.
fn longest_u_turn_transition(gap: f64) -> f64 {
    gap / (2.0 * unit_spiral_end(PI).1)
}

#[test]
fn a_transition_is_refused_exactly_when_the_turns_geometry_has_no_room_for_it() {
    // On random fillets, S-curves and U-turns: below the longest
    // transition the textbook geometry allows (less a millionth) the piece
    // builds or its lanes are wider than its tighter arc; above it (plus a
    // millionth) it is refused as too long, naming that longest.
    let mut rng = Rng(0x7A11_0C0D);
    let mut seen = [0usize; 3];
    let (mut built, mut refused) = (0, 0);
    for case in 0..600 {
        let a = at(0.0, 0.0, 0.0);
        let b = if case % 10 == 9 {
            // U-turns: b side by side with a, facing back.
            at(
                rng.range(-40.0, 40.0),
                rng.range(8.0, 60.0) * if rng.next() < 0.5 { -1.0 } else { 1.0 },
                PI,
            )
        } else {
            at(
                rng.range(-120.0, 120.0),
                rng.range(-120.0, 120.0),
                rng.range(-PI, PI),
            )
        };
        let Ok(seed) = road_construction(&a, &b, 4) else {
            continue;
        };
        let Ok(kind) = seed.result else {
            continue;
        };
        let max = match kind {
            PieceKind::ArcLine | PieceKind::LineArc | PieceKind::SCurve => seed
                .fillets
                .iter()
                .map(|f| {
                    let delta = arcline::geom::normalize_angle(f.b.heading - f.a.heading).abs();
                    longest_fillet_transition(delta, f.leg_a.min(f.leg_b))
                })
                .fold(f64::INFINITY, f64::min),
            PieceKind::UTurn => longest_u_turn_transition(2.0 * seed.semicircle.unwrap().radius),
            _ => continue,
        };
        seen[match kind {
            PieceKind::SCurve => 1,
            PieceKind::UTurn => 2,
            _ => 0,
        }] += 1;
        let transition = max * rng.range(0.05, 2.0);
        if (transition / max - 1.0).abs() < 1e-6 {
            continue;
        }
        let options = ConnectOptions {
            transition,
            tolerance: 1e-3,
        };
        let got = connect_profiles_with(&a, &b, &options);
        if transition < max {
            match got {
                Ok(piece) => {
                    built += 1;
                    assert_eq!(piece.kind, kind);
                }
                Err(e) => match *e.reason() {
                    Reason::LanesWiderThanTurn {
                        centre_radius,
                        half_width,
                    } => assert!(centre_radius < half_width, "{e}"),
                    _ => panic!("{kind:?} with {transition} (longest {max}): {e}"),
                },
            }
        } else {
            let e = got.expect_err("longer than the turn has room for");
            let Reason::TransitionTooLong { max: named } = *e.reason() else {
                panic!("{kind:?} with {transition} (longest {max}): {e}")
            };
            assert!(
                (named - max).abs() <= 1e-9 * max,
                "{kind:?}: named {named}, the geometry's {max}"
            );
            refused += 1;
        }
    }
    assert!(seen.iter().all(|&n| n >= 20), "{seen:?}");
    assert!(
        built >= 100 && refused >= 100,
        "{built} built, {refused} refused"
    );
}
