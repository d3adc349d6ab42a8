//! A clothoid as lines and arcs within a tolerance of it: what the
//! distances ([`super::distance`]), the intersections and the drawing
//! measure and draw of a clothoid, below them all.

use super::{Line, Segment};

/// The tolerance to which the distances measure a clothoid, as a fraction
/// of its length (plus that fraction of a unit, for a clothoid of length
/// near 0).
pub const CLOTHOID_TOLERANCE: f64 = 1e-9;

/// A clothoid's lines and arcs within [`CLOTHOID_TOLERANCE`] of it: what
/// the distances to a clothoid measure (a clothoid too long or too curved
/// for that many arcs: within the finest tolerance [`Clothoid::to_arcs`](super::Clothoid::to_arcs)
/// can give, tried at ten times coarser steps).
#[must_use]
pub fn as_arcs(c: &super::Clothoid) -> Vec<Segment> {
    let mut tol = CLOTHOID_TOLERANCE * (1.0 + c.length);
    loop {
        match c.to_arcs(tol) {
            Ok(arcs) => return arcs,
            Err(_) if tol < c.length => tol *= 10.0,
            Err(_) => {
                return vec![Segment::Line(Line::new(
                    c.start.position(),
                    c.end().position(),
                ))]
            }
        }
    }
}
