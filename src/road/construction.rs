//! `road_construction`: the construction of a piece laid bare for diagrams
//! (the seed's figures): continuation lines, `C`, `M`, `O` of each fillet,
//! the U-turn's semicircle, the Hermite spline and the intermediate profile.

use super::connect::{build, check_pair, Trace};
use super::{PieceKind, Profile, RoadError};
use crate::{Line, Point};

/// Everything a diagram needs to explain how `a` and `b` were (or could not be) joined.
#[derive(Debug, Clone, PartialEq)]
pub struct Construction {
    /// The kind built, or why nothing was.
    pub result: Result<PieceKind, RoadError>,
    pub trace: Trace,
    /// `a`'s continuation line (forward from `a`) and `b`'s (backward from
    /// `b`): to `C` when they meet usefully, else as long as `|AB|` (or of
    /// length zero when that end would not be a finite point).
    pub continuation: [Line; 2],
    /// The Hermite spline sampled at `samples + 1` points (s-curves only;
    /// a spline is not a path of lines and arcs, so it is only sampled).
    pub hermite_samples: Vec<Point>,
    pub intermediate: Option<Profile>,
}

/// The line from `p` along `v`, or the point `p` itself when its end would
/// leave the finite numbers (profiles near ±1e308).
fn ray(p: Point, v: crate::Vec2) -> Line {
    let end = p + v;
    Line::new(p, if end.is_finite() { end } else { p })
}

/// The construction of the piece from `a` to `b`.
///
/// # Errors
/// Only for bad profiles or different lanes (as [`super::connect_profiles`]);
/// a pair that cannot be joined is reported in [`Construction::result`].
pub fn road_construction(
    a: &Profile,
    b: &Profile,
    samples: usize,
) -> Result<Construction, RoadError> {
    check_pair(a, "a", b, "b")?;
    let (result, trace) = match build(a, b, "b") {
        Ok((piece, trace)) => (Ok(piece.kind), trace),
        Err(e) => {
            let (_, trace) = super::connect::centreline(a.pose(), b.pose(), a.width() / 2.0, "b");
            (Err(e), trace)
        }
    };
    let (pa, pb) = (a.position(), b.position());
    let d = pa.distance(pb).max(1.0);
    let direct = trace
        .fillets
        .first()
        .filter(|f| trace.hermite.is_none() && f.a == a.pose());
    let continuation = match direct {
        Some(f) => [Line::new(pa, f.c), Line::new(pb, f.c)],
        None => [
            ray(pa, a.pose().direction() * d),
            ray(pb, -(b.pose().direction() * d)),
        ],
    };
    let n = samples.max(1);
    let hermite_samples = trace
        .hermite
        .map(|h| (0..=n).map(|i| h.point(i as f64 / n as f64)).collect())
        .unwrap_or_default();
    let intermediate = trace.intermediate.map(|p| a.with_pose(p));
    Ok(Construction {
        result,
        trace,
        continuation,
        hermite_samples,
        intermediate,
    })
}
