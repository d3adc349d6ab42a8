//! Simple polygons for containment: the checks of a boundary (corners,
//! magnitude, area, no crossing edges), whether a point is inside, and the
//! point of the boundary nearest a point with the direction into the
//! polygon there. Either winding; edge `k` runs from corner `k` to corner
//! `k + 1` (the last back to the first).

use crate::error::{Error, Field, Reason};
use crate::geom::{Point, Vec2};

/// The most corners a [`BehaviorKind::Contain`](crate::steering::BehaviorKind::Contain) boundary may have (checking
/// that it is simple takes `n²` steps).
pub const MAX_BOUNDARY: usize = 4096;

/// The largest magnitude of a corner's coordinate: products of two
/// differences of coordinates stay finite.
pub const MAX_MAGNITUDE: f64 = 1e150;

/// Checks a boundary: 3 to [`MAX_BOUNDARY`]
/// corners, each coordinate finite and within [`MAX_MAGNITUDE`], a non-zero
/// area, and no two edges that cross or touch (other than neighbours at
/// their shared corner).
///
/// # Errors
/// [`Reason::TooFew`] / [`Reason::TooMany`] about the list; `[k].x`/`[k].y`
/// [`Reason::NotFinite`] or [`Reason::TooLarge`]; [`Reason::NoArea`];
/// [`Reason::NotSimple`] naming the first two edges that meet.
pub fn check(points: &[Point]) -> Result<(), Error> {
    let n = points.len();
    if n < 3 {
        return Err(Error::new(
            Field::default(),
            Reason::TooFew { min: 3, got: n },
        ));
    }
    let max = MAX_BOUNDARY;
    if n > max {
        return Err(Error::new(
            Field::default(),
            Reason::TooMany { max, got: n },
        ));
    }
    for (k, p) in points.iter().enumerate() {
        for (v, part) in [(p.x, "x"), (p.y, "y")] {
            let field = || Field::default().index(k).key(part);
            if !v.is_finite() {
                return Err(Error::new(field(), Reason::NotFinite));
            }
            if v.abs() > MAX_MAGNITUDE {
                let why = Reason::TooLarge {
                    limit: MAX_MAGNITUDE,
                };
                return Err(Error::new(field(), why));
            }
        }
    }
    if let Some((first, second)) = crate::geom::polygon::meeting_edges(points) {
        return Err(Error::new(
            Field::default(),
            Reason::NotSimple { first, second },
        ));
    }
    if twice_area(points) == 0.0 {
        return Err(Error::new(Field::default(), Reason::NoArea));
    }
    Ok(())
}

/// Edge `k`: corner `k` to corner `k + 1`.
#[inline]
pub fn edge(points: &[Point], k: usize) -> (Point, Point) {
    let a = points[k];
    let b = points[if k + 1 == points.len() { 0 } else { k + 1 }];
    (a, b)
}

/// Twice the signed area (positive: counter-clockwise).
#[must_use]
pub fn twice_area(points: &[Point]) -> f64 {
    let o = points[0];
    let mut s = 0.0;
    for k in 1..points.len().saturating_sub(1) {
        s += (points[k] - o).cross(points[k + 1] - o);
    }
    s
}

/// Whether `p` is inside (even-odd rule; points on the boundary may go
/// either way).
#[must_use]
pub fn contains(points: &[Point], p: Point) -> bool {
    let mut inside = false;
    for k in 0..points.len() {
        let (a, b) = edge(points, k);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// The point of segment `ab` nearest `p`.
#[inline]
#[must_use]
pub fn nearest_on_segment(a: Point, b: Point, p: Point) -> Point {
    let ab = b - a;
    let l2 = ab.length_squared();
    if l2.is_nan() || l2 <= 0.0 {
        return a;
    }
    let t = ((p - a).dot(ab) / l2).clamp(0.0, 1.0);
    a + ab * t
}

/// The boundary point nearest `p`, its distance and the unit direction
/// into the polygon there, for a point inside (`inside`) or outside.
#[derive(Debug, Clone, Copy)]
pub struct Nearest {
    /// The nearest point of the boundary.
    pub point: Point,
    /// The distance of the nearest point of the boundary from the point asked about.
    pub distance: f64,
    /// Whether the point asked about is inside.
    pub inside: bool,
    /// The unit direction into the polygon at the nearest point.
    pub inward: Vec2,
}

/// The boundary point nearest `p` (ties: the first edge), and which way is in.
#[must_use]
pub fn nearest(points: &[Point], p: Point) -> Nearest {
    let mut best = (f64::INFINITY, points[0], 0usize);
    for k in 0..points.len() {
        let (a, b) = edge(points, k);
        let q = nearest_on_segment(a, b, p);
        let d2 = (p - q).length_squared();
        if d2 < best.0 {
            best = (d2, q, k);
        }
    }
    let (d2, q, k) = best;
    let inside = contains(points, p);
    let distance = d2.sqrt();
    let away = p - q;
    let inward = match crate::steering::forces::try_unit(away) {
        Some(u) if inside => u,
        Some(u) => -u,
        None => {
            // On the boundary: the edge's own normal, to its inner side.
            let (a, b) = edge(points, k);
            let left = (b - a).perp();
            let u = crate::steering::forces::try_unit(left).unwrap_or(Vec2::new(1.0, 0.0));
            if twice_area(points) > 0.0 {
                u
            } else {
                -u
            }
        }
    };
    Nearest {
        point: q,
        distance,
        inside,
        inward,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Vec<Point> {
        vec![
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 4.0),
            Point::new(0.0, 4.0),
        ]
    }

    #[test]
    fn a_square_is_simple_and_a_bow_tie_is_not() {
        assert!(check(&square()).is_ok());
        let mut cw = square();
        cw.reverse();
        assert!(check(&cw).is_ok());
        let bow = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 4.0),
            Point::new(4.0, 0.0),
            Point::new(0.0, 4.0),
        ];
        assert_eq!(
            check(&bow).unwrap_err().reason(),
            &Reason::NotSimple {
                first: 0,
                second: 2
            }
        );
        // Collinear corners: the edges lie along each other.
        let line = [
            Point::new(0.0, 0.0),
            Point::new(1.0, 1.0),
            Point::new(2.0, 2.0),
        ];
        assert!(matches!(
            check(&line).unwrap_err().reason(),
            Reason::NotSimple { .. }
        ));
        // So small that its area underflows to zero.
        let tiny = [
            Point::new(0.0, 0.0),
            Point::new(1e-170, 0.0),
            Point::new(0.0, 1e-170),
        ];
        assert_eq!(check(&tiny).unwrap_err().reason(), &Reason::NoArea);
        // A spike folding back along its own edge.
        let spike = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(2.0, 0.0),
            Point::new(2.0, 3.0),
        ];
        assert!(matches!(
            check(&spike).unwrap_err().reason(),
            Reason::NotSimple { .. }
        ));
        let big = [
            Point::new(0.0, 0.0),
            Point::new(1e151, 0.0),
            Point::new(0.0, 1.0),
        ];
        assert_eq!(check(&big).unwrap_err().field().to_string(), "[1].x");
    }

    #[test]
    fn nearest_point_and_inward_direction() {
        let s = square();
        let n = nearest(&s, Point::new(1.0, 3.5));
        assert!(n.inside);
        assert_eq!(n.inward, Vec2::new(0.0, -1.0));
        assert_eq!(n.distance, 0.5);
        let n = nearest(&s, Point::new(5.0, 2.0));
        assert!(!n.inside);
        assert_eq!(n.inward, Vec2::new(-1.0, 0.0));
        let n = nearest(&s, Point::new(4.0, 2.0));
        assert_eq!(n.inward, Vec2::new(-1.0, 0.0));
        let mut cw = s.clone();
        cw.reverse();
        assert_eq!(
            nearest(&cw, Point::new(4.0, 2.0)).inward,
            Vec2::new(-1.0, 0.0)
        );
    }
}
