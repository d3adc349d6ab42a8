//! The search's pieces made into a path: zero-length pieces dropped, and
//! consecutive pieces of the same kind, gear and curve merged into one (the
//! lattice's short arcs along one turning circle become one arc, its short
//! lines along one direction one line).
//!
//! # Examples
//! ```
//! use arcline::planner::parking::merge;
//! use arcline::{Arc, Pose, Segment};
//! let a = Arc::from_pose(Pose::new(0.0, 0.0, 0.0), 2.0, 1.0, 0.5);
//! let b = Arc::from_pose(a.pose_at(a.length()), 2.0, 1.0, 0.25);
//! let merged = merge(vec![Segment::Arc(a), Segment::Arc(b)], 1e-9);
//! assert_eq!(merged.len(), 1);
//! assert!((merged[0].length() - 1.5).abs() < 1e-12);
//! ```

use crate::{Arc, Line, Segment};

/// `segments` with the zero-length ones (no longer than `tol`) dropped and
/// each run of pieces along one line or one circle, in one gear, merged;
/// a path of nothing but zero-length pieces keeps its first.
#[must_use]
pub fn merge(segments: Vec<Segment>, tol: f64) -> Vec<Segment> {
    let first = segments.first().copied();
    let mut out: Vec<Segment> = Vec::with_capacity(segments.len());
    for s in segments {
        if s.length() <= tol {
            continue;
        }
        if let Some(last) = out.last_mut() {
            if let Some(m) = join(last, &s, tol) {
                *last = m;
                continue;
            }
        }
        out.push(s);
    }
    if out.is_empty() {
        out.extend(first);
    }
    out
}

/// `a` then `b` as one segment, when they are the same line or circle in
/// the same gear and direction.
fn join(a: &Segment, b: &Segment, tol: f64) -> Option<Segment> {
    if a.is_reverse() != b.is_reverse() || a.end().distance(b.start()) > tol {
        return None;
    }
    match (a, b) {
        (Segment::Line(p), Segment::Line(q)) => {
            let (u, v) = (p.direction()?, q.direction()?);
            (u.cross(v).abs() <= 1e-9 && u.dot(v) > 0.0).then_some(Segment::Line(Line {
                start: p.start,
                end: q.end,
                reverse: p.reverse,
            }))
        }
        (Segment::Arc(p), Segment::Arc(q)) => {
            let same = p.center.distance(q.center) <= tol
                && (p.radius - q.radius).abs() <= tol
                && p.sweep.is_sign_negative() == q.sweep.is_sign_negative();
            same.then_some(Segment::Arc(Arc {
                sweep: p.sweep + q.sweep,
                ..*p
            }))
        }
        _ => None,
    }
}
