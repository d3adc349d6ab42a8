//! Whether a closed polygon is simple: the first two of its edges that meet
//! other than where neighbours share a corner, the one test that a contain
//! boundary (steering) and a polygon obstacle (pathfinding) both make.
//! Edge `k` runs from corner `k` to corner `k + 1` (the last back to the
//! first); either winding.

use crate::geom::Point;

/// The first two edges `(i, j)`, `i < j`, in the order `i` then `j`, that
/// cross or touch, or, for neighbours (`j = i + 1`, and the last edge with
/// the first), that fold back along each other from their shared corner;
/// `None` for a simple polygon. Exact signs of orientation products (see
/// [`crate::geom::distance::lines_meet`]); a polygon with a repeated corner
/// has an edge of no length, which its neighbours' neighbours touch.
#[must_use]
pub(crate) fn meeting_edges(points: &[Point]) -> Option<(usize, usize)> {
    let n = points.len();
    let edge = |k: usize| (points[k], points[if k + 1 == n { 0 } else { k + 1 }]);
    for i in 0..n {
        let (a, b) = edge(i);
        for j in i + 1..n {
            let (c, d) = edge(j);
            let meet = if j == i + 1 || (i == 0 && j == n - 1) {
                // Sharing a corner is allowed; folding back along each other is not.
                let (shared, p, q) = if j == i + 1 { (b, a, d) } else { (a, b, c) };
                let (u, v) = (p - shared, q - shared);
                u.cross(v) == 0.0 && u.dot(v) > 0.0
            } else {
                crate::geom::distance::lines_meet(a, b, c, d)
            };
            if meet {
                return Some((i, j));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn poly(c: &[(f64, f64)]) -> Vec<Point> {
        c.iter().map(|&(x, y)| Point::new(x, y)).collect()
    }

    #[test]
    fn simple_polygons_have_no_meeting_edges_and_others_name_the_first_pair() {
        let square = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)];
        assert_eq!(meeting_edges(&poly(&square)), None);
        let mut cw = square;
        cw.reverse();
        assert_eq!(meeting_edges(&poly(&cw)), None);
        // A bow tie: edges 0 and 2 cross.
        let bow = [(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0)];
        assert_eq!(meeting_edges(&poly(&bow)), Some((0, 2)));
        // A spike: edge 1 folds back along edge 2 from their shared corner.
        let spike = [(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (4.0, 1.0), (0.0, 3.0)];
        assert_eq!(meeting_edges(&poly(&spike)), Some((1, 2)));
        // The last edge running back along the first from their shared corner.
        let wrap = [(0.0, 0.0), (4.0, 0.0), (4.0, 3.0), (6.0, 3.0), (6.0, 0.0)];
        assert_eq!(meeting_edges(&poly(&wrap)), Some((0, 4)));
        // A corner touching an edge that is not its own.
        let touch = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (2.0, 0.0), (0.0, 4.0)];
        assert_eq!(meeting_edges(&poly(&touch)), Some((0, 2)));
        // Neighbours meeting at a right angle or straight on are fine.
        let straight = [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)];
        assert_eq!(meeting_edges(&poly(&straight)), None);
    }
}
