//! A kerb corner: the path along one arm's right edge into the junction and
//! out along the next arm's left edge (counter-clockwise), built as a road
//! centreline is (the two-line fillet: an arc tangent at the nearer edge
//! point, then a line; a line when the edges are collinear; an S of two
//! fillets when they are parallel and shifted).

use super::arm::Arm;
use crate::error::{Error, Field, JunctionConflict, Reason};
use crate::geom::{Path, Pose};
use crate::road::connect::centreline;
use crate::road::name::Name;
use core::f64::consts::PI;

/// The corner from edge `from_edge` of arm `from` (on its right) to edge
/// `to_edge` of arm `to` (on its left).
///
/// # Errors
/// [`JunctionConflict::NoCorner`] about `arms[to]` when no straight,
/// fillet or S-curve joins them.
pub(crate) fn corner(
    from: &Arm,
    from_edge: usize,
    to: &Arm,
    to_edge: usize,
) -> Result<Path, Error> {
    let a = Pose::at(from.edge_point(from_edge), from.pose.heading);
    let b = Pose::at(to.edge_point(to_edge), to.pose.heading + PI);
    let name = Name::Item("arms", to.index);
    centreline(a, b, 0.0, name).0.map(|c| c.path).map_err(|_| {
        Error::new(
            Field::named("arms").index(to.index),
            Reason::Junction(JunctionConflict::NoCorner { other: from.index }),
        )
    })
}
