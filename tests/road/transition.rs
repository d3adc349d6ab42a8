//! Roads with transition curves: on random pairs of profiles, each piece
//! with clothoids is G2 (curvature continuous, 0 at both ends), starts and
//! ends at its profiles, keeps its least radius at least its half width,
//! and its lane edges are the centre line's offsets within the tolerance
//! (measured both ways at dense stations, against the clothoids' own
//! points); a transition too long says the longest that fits, and that one
//! builds.

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
    // The edges: at 600 stations of the centre line, the exact offset
    // point (position ± d along the left normal) is within the tolerance of
    // its edge; and 600 points of each edge are at |d| from the centre
    // line within it too.
    let offsets = a.edge_offsets();
    let n = 600;
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
