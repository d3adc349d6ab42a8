#![cfg(not(target_arch = "wasm32"))]
//! Adversarial property tests of the geometry core: intersections of nearly
//! parallel lines, nearly tangent and nearly concentric circles, radii from
//! 1e-6 to 1e6, coordinates around 1e6; offsets of paths by amounts near the
//! arcs' radii; the tangent arc to a point nearly on the heading line.
//!
//! Invariants, computed here: every point an intersection reports lies on
//! both inputs (within the documented `EPSILON` acceptance plus 1e-12 of the
//! scale); offsets keep arcs concentric (same centre and sweep, radius
//! `r ∓ d`) and lines parallel at distance `|d|`, and fail exactly when an
//! arc would collapse; `arc_to_point` starts at the pose with its heading and
//! ends at the point, or says why not.
//!
//! `ROBUST_CASES=200000 cargo test --release --test robust_geom` runs more.

use arcline::geom::*;
use arcline::*;
use core::f64::consts::{PI, TAU};
use proptest::prelude::*;

fn cases(default: u32) -> u32 {
    std::env::var("ROBUST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// A magnitude from 1e-6 to 1e6.
fn mag() -> impl Strategy<Value = f64> {
    (-6.0..6.0f64).prop_map(|e| 10f64.powf(e))
}

/// An origin: here, or around 1e6.
fn base() -> impl Strategy<Value = Point> {
    prop_oneof![
        Just(Point::ORIGIN),
        (-1.0..1.0f64, -1.0..1.0f64).prop_map(|(x, y)| Point::new(1e6 * x, 1e6 * y)),
        Just(Point::new(1e6, -1e6)),
    ]
}

/// A tiny angle, either sign, from 1e-16 to 1e-2.
fn tiny() -> impl Strategy<Value = f64> {
    (-16.0..-2.0f64, any::<bool>())
        .prop_map(|(e, neg)| if neg { -10f64.powf(e) } else { 10f64.powf(e) })
}

fn dist_to_segment(l: &Line, p: Point) -> f64 {
    let d = l.end - l.start;
    let len2 = d.length_squared();
    if len2 == 0.0 {
        return p.distance(l.start);
    }
    let t = ((p - l.start).dot(d) / len2).clamp(0.0, 1.0);
    p.distance(l.start + d * t)
}

fn scale_of(pts: &[Point], extra: f64) -> f64 {
    pts.iter()
        .fold(extra.abs(), |m, p| m.max(p.x.abs()).max(p.y.abs()))
}

/// Whether `p` is within `tol` of the arc (distance to the circle, and its
/// direction inside the sweep, checked here with cos/sin).
fn near_arc(a: &Arc, p: Point, tol: f64) -> bool {
    let on_circle = (p.distance(a.center) - a.radius).abs() <= tol;
    // Distance to the nearest point of the arc, sampled finely near the
    // point's own angle: inside the sweep when that angle is.
    let ang = (p.y - a.center.y).atan2(p.x - a.center.x);
    let (lo, span) = if a.sweep >= 0.0 {
        (a.start_angle, a.sweep)
    } else {
        (a.start_angle + a.sweep, -a.sweep)
    };
    let rel = (ang - lo).rem_euclid(TAU);
    let inside = span >= TAU || rel <= span || rel >= TAU - 1e-9;
    let to_end = p.distance(a.start()).min(p.distance(a.end()));
    on_circle && (inside || to_end <= tol)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(50_000), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn nearly_parallel_line_crossings_lie_on_both(o in base(), l1 in mag(), l2 in mag(), h in -PI..PI, dh in tiny(),
                                                 t0 in -0.5..1.5f64, u0 in -1.0..1.0f64, side in -1.0..1.0f64) {
        // a: from o along h; b: through a point near a, turned by dh.
        let a = Line::new(o, o + Vec2::from_angle(h) * l1);
        let mid = o + Vec2::from_angle(h) * (l1 * t0) + Vec2::from_angle(h).perp() * (side * l1 * 1e-9);
        let db = Vec2::from_angle(h + dh) * l2;
        let b = Line::new(mid - db * (0.5 + u0 * 0.5), mid + db * (0.5 - u0 * 0.5));
        let tol = EPSILON + 1e-12 * scale_of(&[a.start, a.end, b.start, b.end], l1.max(l2));
        for p in line_line(&a, &b).iter() {
            prop_assert!(p.is_finite());
            prop_assert!(dist_to_segment(&a, *p) <= tol, "{:?} off a by {}", p, dist_to_segment(&a, *p));
            prop_assert!(dist_to_segment(&b, *p) <= tol, "{:?} off b by {}", p, dist_to_segment(&b, *p));
        }
    }

    #[test]
    fn line_arc_hits_near_tangency_lie_on_both(o in base(), r in mag(), start in -PI..PI, sweep in -7.0..7.0f64,
                                              phi in -PI..PI, k in prop_oneof![Just(1.0), (0.0..2.0f64), tiny().prop_map(|t| 1.0 + t)],
                                              len in mag(), along in -1.0..1.0f64) {
        // A line whose distance from the centre is k·r (k = 1: tangent).
        let arc = Arc::new(o, r, start, sweep).unwrap();
        let n = Vec2::from_angle(phi);
        let foot = o + n * (k * r);
        let d = n.perp() * len;
        let line = Line::new(foot - d * (0.5 + along * 0.5), foot + d * (0.5 - along * 0.5));
        let s = scale_of(&[line.start, line.end, o], r.max(len));
        let tol = EPSILON + 1e-12 * s;
        for p in line_arc(&line, &arc).iter() {
            prop_assert!(p.is_finite());
            prop_assert!(dist_to_segment(&line, *p) <= tol, "off the line by {}", dist_to_segment(&line, *p));
            prop_assert!(near_arc(&arc, *p, tol + 1e-6 * r), "{:?} off the arc ({} from the circle)", p, (p.distance(o) - r).abs());
        }
        for p in line_circle(&line, o, r).iter() {
            prop_assert!(((p.distance(o)) - r).abs() <= tol + 1e-6 * r * (k - 1.0).abs().max(1e-6));
        }
    }

    #[test]
    fn circle_and_arc_meetings_lie_on_both(o in base(), r0 in mag(), kr in prop_oneof![Just(1.0), (0.01..100.0f64), tiny().prop_map(|t| 1.0 + t)],
                                          kind in 0u8..4, phi in -PI..PI, t in tiny(), s0 in -PI..PI, w0 in -7.0..7.0f64, s1 in -PI..PI, w1 in -7.0..7.0f64) {
        let r1 = r0 * kr;
        // Centre distance: generic, externally tangent, internally tangent, nearly concentric.
        let d = match kind {
            0 => (r0 + r1) * (0.5 + t.abs().min(1.0)),
            1 => (r0 + r1) * (1.0 + t),
            2 => (r0 - r1).abs() * (1.0 + t),
            _ => r0 * t.abs() * 1e-3,
        };
        let c1 = o + Vec2::from_angle(phi) * d;
        let tol = EPSILON + 1e-12 * scale_of(&[o, c1], r0.max(r1));
        for p in circle_circle(o, r0, c1, r1).iter() {
            prop_assert!(p.is_finite());
            prop_assert!((p.distance(o) - r0).abs() <= tol, "{:?}: {} from circle 0 (r {})", p, (p.distance(o) - r0).abs(), r0);
            prop_assert!((p.distance(c1) - r1).abs() <= tol, "{:?}: {} from circle 1 (r {})", p, (p.distance(c1) - r1).abs(), r1);
        }
        let (a, b) = (Arc::new(o, r0, s0, w0).unwrap(), Arc::new(c1, r1, s1, w1).unwrap());
        for p in arc_arc(&a, &b).iter() {
            prop_assert!(near_arc(&a, *p, tol + 1e-6 * r0) && near_arc(&b, *p, tol + 1e-6 * r1), "{:?}", p);
        }
    }

    #[test]
    fn offsets_keep_arcs_concentric_and_lines_parallel(o in base(), h in -PI..PI,
            steps in prop::collection::vec((any::<bool>(), mag(), -1.0..1.0f64, 0.0..7.0f64), 1..6), dk in -2.0..2.0f64) {
        // A G1 chain of lines and arcs of any scale; offset near the smallest radius.
        let mut pose = Pose::new(o.x, o.y, h);
        let mut segs: Vec<Segment> = Vec::new();
        let mut rmin = f64::INFINITY;
        for &(is_arc, m, turn, sweep) in &steps {
            let seg: Segment = if is_arc {
                rmin = rmin.min(m);
                Arc::from_pose(pose, m, turn, sweep).into()
            } else {
                Line::new(pose.position(), pose.position() + pose.direction() * m).into()
            };
            pose = seg.pose_at(seg.length(), pose.heading);
            segs.push(seg);
        }
        let path = Path::new(segs).unwrap();
        let d = if rmin.is_finite() { rmin * dk } else { dk };
        match path.offset(d) {
            Ok(off) => {
                prop_assert_eq!(off.segments().len(), path.segments().len());
                for (p, q) in path.segments().iter().zip(off.segments()) {
                    match (p, q) {
                        (Segment::Arc(p), Segment::Arc(q)) => {
                            prop_assert_eq!(p.center, q.center);
                            prop_assert_eq!(p.sweep.to_bits(), q.sweep.to_bits());
                            prop_assert_eq!(p.start_angle, q.start_angle);
                            prop_assert!(q.radius > 0.0 && q.radius.is_finite());
                            prop_assert!((q.radius - (p.radius - p.turn() * d)).abs() <= 1e-15 * p.radius.max(d.abs()));
                        }
                        (Segment::Line(p), Segment::Line(q)) => {
                            let dir = (p.end - p.start).try_normalize().unwrap();
                            for (a, b) in [(p.start, q.start), (p.end, q.end)] {
                                let v = b - a;
                                let s = scale_of(&[a], d);
                                prop_assert!((dir.cross(v) - d).abs() <= 1e-12 * s, "sideways {} vs {}", dir.cross(v), d);
                                prop_assert!(dir.dot(v).abs() <= 1e-12 * s);
                            }
                        }
                        _ => prop_assert!(false, "segment kinds differ"),
                    }
                }
            }
            Err(e) if matches!(e.reason(), Reason::OffsetCollapsesArc { .. }) => {
                let Reason::OffsetCollapsesArc { segment, radius } = *e.reason() else { unreachable!() };
                prop_assert!(radius <= 0.0);
                match path.segments()[segment] {
                    Segment::Arc(a) => prop_assert!(a.radius - a.turn() * d <= 0.0),
                    _ => prop_assert!(false, "a line cannot collapse"),
                }
                // Every arc before it survives.
                for s in &path.segments()[..segment] {
                    if let Segment::Arc(a) = s {
                        prop_assert!(a.radius - a.turn() * d > 0.0);
                    }
                }
            }
            Err(e) => prop_assert!(false, "unexpected error {}", e),
        }
    }

    #[test]
    fn tangent_arc_to_a_point_nearly_on_the_heading_line(o in base(), h in prop_oneof![Just(PI), Just(-PI), -PI..PI],
                                                         dist in mag(), fwd in prop_oneof![Just(1.0), Just(-1.0), -1.0..1.0f64], side in tiny()) {
        let pose = Pose::new(o.x, o.y, h);
        let p = o + pose.direction() * (dist * fwd) + pose.left() * (dist * side);
        let s = scale_of(&[o, p], dist);
        match arc_to_point(pose, p) {
            Ok(seg) => {
                prop_assert!(seg.is_valid());
                let start = seg.pose_at(0.0, h);
                let end = seg.pose_at(seg.length(), h);
                // An arc's points are as precise as 1e-16 of its radius (a
                // point 3.8e-12 off the heading line gets a radius of 1e11).
                let r = match seg { Segment::Arc(a) => a.radius, Segment::Line(_) | Segment::Clothoid(_) => 0.0 };
                prop_assert!(start.position().distance(o) <= 1e-12 * s + 1e-14 * r, "starts {} off (radius {})", start.position().distance(o), r);
                prop_assert!((normalize_angle(start.heading - h)).abs() <= 1e-9);
                prop_assert!(end.position().distance(p) <= 1e-12 * s + 1e-14 * r, "ends {} off (radius {})", end.position().distance(p), r);
            }
            Err(e) if e.reason() == &Reason::Unsolvable(Unsolvable::PointIsStart) => prop_assert_eq!(p, o),
            Err(e) if e.reason() == &Reason::Unsolvable(Unsolvable::PointStraightBehind) => {
                let v = p - o;
                prop_assert!(pose.direction().dot(v) < 0.0);
                prop_assert!(pose.left().dot(v).abs() <= 1e-11 * v.length());
            }
            Err(e) => prop_assert!(false, "unexpected error {}", e),
        }
    }
}
