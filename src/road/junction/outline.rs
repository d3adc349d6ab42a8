//! The closed outline of a junction area, counter-clockwise: across each
//! arm's mouth from its left edge to its right edge (facing into the
//! junction), then along the kerb to the next arm's left edge. And the two
//! checks it must pass: it does not cross itself, and it encloses the area
//! counter-clockwise.

use crate::geom::{segment_segment, Point, Segment};

/// An outline's segments, each with the index (among the arms as given) of
/// the arm whose mouth or incoming kerb it belongs to.
#[derive(Debug, Clone, Default)]
pub(crate) struct Outline {
    pub(crate) segments: Vec<Segment>,
    pub(crate) owners: Vec<usize>,
}

impl Outline {
    /// Appends segments belonging to arm `owner`.
    pub(crate) fn extend(&mut self, owner: usize, segs: impl IntoIterator<Item = Segment>) {
        for s in segs {
            self.segments.push(s);
            self.owners.push(owner);
        }
    }

    /// The first pair of arms whose parts of the outline cross or touch,
    /// `(earlier, later)` along the outline, or `None` when it is simple.
    /// Segments next to each other share an end point: only a meeting
    /// farther than `near` from that point counts (tangent joins meet
    /// twice within about `1e-7·scale` of it in floating point).
    pub(crate) fn first_crossing(&self, near: f64) -> Option<(usize, usize)> {
        let segs = &self.segments;
        let n = segs.len();
        for i in 0..n {
            for j in i + 1..n {
                let hits = segment_segment(&segs[i], &segs[j]);
                if hits.is_empty() {
                    continue;
                }
                let joint: Option<Point> = if j == i + 1 {
                    Some(segs[i].end())
                } else if i == 0 && j == n - 1 {
                    Some(segs[j].end())
                } else {
                    None
                };
                let counts = |p: &Point| joint.map_or(true, |q| p.distance(q) > near);
                if hits.iter().any(counts) {
                    return Some((self.owners[i], self.owners[j]));
                }
            }
        }
        None
    }

    /// Twice the signed area enclosed (positive: counter-clockwise), by
    /// Green's theorem: `∮ x dy − y dx` is `p × q` along a line from `p`
    /// to `q`, and `c × (end − start) + r²·sweep` along an arc about `c`,
    /// all relative to the first point (so large coordinates cancel).
    pub(crate) fn twice_area(&self) -> f64 {
        let Some(first) = self.segments.first() else {
            return 0.0;
        };
        let o = first.start();
        self.segments.iter().map(|s| twice_area_along(s, o)).sum()
    }
}

/// `∮ x dy − y dx` along one segment relative to `o` (a clothoid through
/// its arcs).
fn twice_area_along(s: &Segment, o: Point) -> f64 {
    match s {
        Segment::Line(l) => (l.start - o).cross(l.end - o),
        Segment::Arc(a) => {
            (a.center - o).cross(a.end() - a.start()) + a.radius * a.radius * a.sweep
        }
        Segment::Clothoid(c) => crate::geom::distance::as_arcs(c)
            .iter()
            .map(|piece| twice_area_along(piece, o))
            .sum(),
    }
}
