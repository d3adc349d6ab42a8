//! Property tests of the geometry core on random inputs.
#![cfg(not(target_arch = "wasm32"))]

use arcline::geom::{arc_arc, line_arc, line_line};
use arcline::{Arc, Line, Path, Point, Pose, Segment};
use core::f64::consts::{PI, TAU};
use proptest::prelude::*;

/// A G1 path built by chaining segments from `start`: each step is a line of
/// length `len`, or an arc turning `turn` (±) by `sweep` on radius `r`.
fn chain(start: Pose, steps: &[(bool, f64, f64, f64)]) -> Path {
    let mut pose = start;
    let mut segs: Vec<Segment> = Vec::new();
    for &(is_arc, a, b, c) in steps {
        let seg: Segment = if is_arc {
            Arc::from_pose(pose, a, if b < 0.0 { -1.0 } else { 1.0 }, c).into()
        } else {
            let d = pose.direction();
            Line::new(pose.position(), pose.position() + d * a).into()
        };
        pose = seg.pose_at(seg.length(), pose.heading);
        segs.push(seg);
    }
    Path::new(segs).unwrap()
}

fn step() -> impl Strategy<Value = (bool, f64, f64, f64)> {
    (any::<bool>(), 0.5..20.0f64, -1.0..1.0f64, 0.0..(1.9 * PI))
}

fn pose() -> impl Strategy<Value = Pose> {
    (-100.0..100.0f64, -100.0..100.0f64, -PI..PI).prop_map(|(x, y, h)| Pose::new(x, y, h))
}

fn angle_diff(a: f64, b: f64) -> f64 {
    arcline::geom::normalize_angle(a - b).abs()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn pose_at_zero_and_length_are_the_ends(start in pose(), steps in prop::collection::vec(step(), 1..6)) {
        let p = chain(start, &steps);
        prop_assert!(p.is_g1(1e-9));
        let a = p.pose_at(0.0);
        prop_assert!(a.approx_eq(start, 1e-9));
        prop_assert!(a.approx_eq(p.start_pose(), 1e-12));
        let b = p.pose_at(p.length());
        prop_assert!(b.approx_eq(p.end_pose(), 1e-9), "{:?} vs {:?}", b, p.end_pose());
        // Walking the segments' own ends agrees with the path's end.
        let last = p.segments().last().unwrap();
        prop_assert!(last.end().distance(b.position()) < 1e-9);
    }

    #[test]
    fn pose_at_moves_at_unit_speed(start in pose(), steps in prop::collection::vec(step(), 1..5), t in 0.0..1.0f64) {
        let p = chain(start, &steps);
        let d = t * p.length();
        let h = 1e-4;
        let (a, b) = (p.pose_at(d), p.pose_at((d + h).min(p.length())));
        prop_assert!(a.position().distance(b.position()) <= h + 1e-9);
    }

    #[test]
    fn offset_of_offset_is_the_summed_offset(start in pose(), steps in prop::collection::vec(step(), 1..5), d1 in -3.0..3.0f64, d2 in -3.0..3.0f64) {
        let p = chain(start, &steps);
        if let (Ok(a), Ok(both)) = (p.offset(d1), p.offset(d1 + d2)) {
            if let Ok(ab) = a.offset(d2) {
                prop_assert!(ab.is_g1(1e-9));
                for (x, y) in ab.segments().iter().zip(both.segments()) {
                    prop_assert!(x.start().distance(y.start()) < 1e-9);
                    prop_assert!(x.end().distance(y.end()) < 1e-9);
                    prop_assert!((x.length() - y.length()).abs() < 1e-9);
                }
            }
        }
    }

    #[test]
    fn offset_points_stay_at_the_offset_distance(start in pose(), steps in prop::collection::vec(step(), 1..5), d in -3.0..3.0f64, t in 0.0..1.0f64) {
        let p = chain(start, &steps);
        if let Ok(o) = p.offset(d) {
            // Same parameter on each segment: the offset point is d to the left.
            for (s, q) in p.segments().iter().zip(o.segments()) {
                let u = t * s.length();
                let base = s.pose_at(u, 0.0);
                let v = q.pose_at(t * q.length(), 0.0);
                let expect = base.position() + base.left() * d;
                if s.length() > 1e-9 {
                    prop_assert!(expect.distance(v.position()) < 1e-9);
                    prop_assert!(angle_diff(base.heading, v.heading) < 1e-9);
                }
            }
        }
    }

    #[test]
    fn line_line_points_lie_on_both(a in (-50.0..50.0f64, -50.0..50.0f64, -50.0..50.0f64, -50.0..50.0f64),
                                    b in (-50.0..50.0f64, -50.0..50.0f64, -50.0..50.0f64, -50.0..50.0f64)) {
        let l = Line::new(Point::new(a.0, a.1), Point::new(a.2, a.3));
        let m = Line::new(Point::new(b.0, b.1), Point::new(b.2, b.3));
        for p in line_line(&l, &m).iter() {
            prop_assert!(dist_to_line(&l, *p) < 1e-9);
            prop_assert!(dist_to_line(&m, *p) < 1e-9);
        }
    }

    #[test]
    fn line_arc_points_lie_on_both(l in (-20.0..20.0f64, -20.0..20.0f64, -20.0..20.0f64, -20.0..20.0f64),
                                   c in (-10.0..10.0f64, -10.0..10.0f64, 0.5..15.0f64, -PI..PI, -TAU..TAU)) {
        let line = Line::new(Point::new(l.0, l.1), Point::new(l.2, l.3));
        let arc = Arc::new(Point::new(c.0, c.1), c.2, c.3, c.4).unwrap();
        for p in line_arc(&line, &arc).iter() {
            prop_assert!(dist_to_line(&line, *p) < 1e-9);
            prop_assert!(on_arc(&arc, *p));
        }
    }

    #[test]
    fn arc_arc_points_lie_on_both(a in (-10.0..10.0f64, -10.0..10.0f64, 0.5..15.0f64, -PI..PI, -TAU..TAU),
                                  b in (-10.0..10.0f64, -10.0..10.0f64, 0.5..15.0f64, -PI..PI, -TAU..TAU)) {
        let a = Arc::new(Point::new(a.0, a.1), a.2, a.3, a.4).unwrap();
        let b = Arc::new(Point::new(b.0, b.1), b.2, b.3, b.4).unwrap();
        for p in arc_arc(&a, &b).iter() {
            prop_assert!(on_arc(&a, *p));
            prop_assert!(on_arc(&b, *p));
        }
    }

    #[test]
    fn crossing_chords_are_found(c in (-10.0..10.0f64, -10.0..10.0f64, 0.5..15.0f64), t in (-PI..PI, 0.1..3.0f64)) {
        // A chord from inside the circle to far outside crosses a full circle once.
        let arc = Arc::new(Point::new(c.0, c.1), c.2, 0.0, TAU).unwrap();
        let dir = arcline::Vec2::from_angle(t.0);
        let from = arc.center + dir * (c.2 * 0.5);
        let line = Line::new(from, arc.center + dir * (c.2 * t.1 + c.2));
        let hits = line_arc(&line, &arc);
        prop_assert_eq!(hits.len(), 1);
        let expect = arc.center + dir * c.2;
        prop_assert!(hits.as_slice()[0].distance(expect) < 1e-9);
    }
}

fn dist_to_line(l: &Line, p: Point) -> f64 {
    let d = l.end - l.start;
    let t = ((p - l.start).dot(d) / d.length_squared()).clamp(0.0, 1.0);
    (l.start + d * t).distance(p)
}

fn on_arc(a: &Arc, p: Point) -> bool {
    // Independent check: radius from the centre, and the angle from the start
    // walked in the arc's direction is within the sweep.
    let r_ok = (p.distance(a.center) - a.radius).abs() < 1e-9 * a.radius.max(1.0);
    let ang = (p - a.center).angle();
    let rel = if a.sweep >= 0.0 {
        (ang - a.start_angle).rem_euclid(TAU)
    } else {
        (a.start_angle - ang).rem_euclid(TAU)
    };
    let within = a.sweep.abs() >= TAU || rel <= a.sweep.abs() + 1e-9 || rel >= TAU - 1e-9;
    r_ok && within
}
