//! `road_construction`: how a piece is built, laid bare for diagrams: the
//! continuation lines, `C`, `M`, `O` of each fillet, the U-turn's
//! semicircle, the Hermite spline and the intermediate profile.

use super::connect::{build, centreline, check_pair};
pub use super::construct::{Fillet, Semicircle};
use super::name::Name;
use super::{PieceKind, Profile};
use crate::error::Error;
use crate::geom::{Line, Point};

/// The most samples of the Hermite spline [`road_construction`] gives.
pub const MAX_SAMPLES: usize = 4096;

/// Everything a diagram needs to explain how `a` and `b` were (or could not
/// be) joined. As data: `{ kind, error, continuation, fillets, semicircle,
/// intermediate, hermite, tangentScale }` (`kind` or `error` null).
#[derive(Debug, Clone, PartialEq)]
pub struct Construction {
    /// The kind built, or why nothing was.
    pub result: Result<PieceKind, Error>,
    /// `a`'s continuation line (forward from `a`) and `b`'s (backward from
    /// `b`): to `C` when they meet usefully, else as long as `|AB|` (at
    /// least 1).
    pub continuation: [Line; 2],
    /// The fillets tried (one, or two for an s-curve).
    pub fillets: Vec<Fillet>,
    /// A U-turn's semicircle.
    pub semicircle: Option<Semicircle>,
    /// The Hermite spline sampled at `samples + 1` points (s-curves only;
    /// a spline is not a path of lines and arcs, so it is only sampled).
    pub hermite: Vec<Point>,
    /// The intermediate profile of an s-curve (also when the s-curve failed).
    pub intermediate: Option<Profile>,
}

/// The construction of the piece from `a` to `b`, the Hermite spline
/// sampled at `samples + 1` points (`samples` from 1 to [`MAX_SAMPLES`],
/// clamped).
///
/// # Errors
/// Only for bad profiles or different lanes (as
/// [`connect_profiles`](super::connect_profiles)); a pair that cannot be
/// joined is reported in [`Construction::result`].
///
/// # Examples
/// ```
/// use arcline::road::{road_construction, Lane, LaneKind, PieceKind, Profile};
/// let lanes = vec![Lane::new(LaneKind::Driving, 3.0); 2];
/// let a = Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: lanes.clone() };
/// let b = Profile { x: 20.0, y: 10.0, heading: core::f64::consts::FRAC_PI_2, lanes };
/// let c = road_construction(&a, &b, 8).unwrap();
/// assert_eq!(c.result, Ok(PieceKind::LineArc));
/// // The continuation lines meet at C = (20, 0); M is 10 back from C on a's line.
/// let f = c.fillets[0];
/// assert!((f.c.x - 20.0).abs() < 1e-9 && f.c.y.abs() < 1e-9);
/// assert!((f.m.x - 10.0).abs() < 1e-9 && (f.radius - 10.0).abs() < 1e-9);
/// ```
pub fn road_construction(a: &Profile, b: &Profile, samples: usize) -> Result<Construction, Error> {
    let (an, bn) = (Name::Arg("a"), Name::Arg("b"));
    check_pair(a, an, b, bn)?;
    let (result, trace) = match build(a, b, bn) {
        Ok((piece, trace)) => (Ok(piece.kind), trace),
        Err(e) => {
            let (_, trace) = centreline(a.pose(), b.pose(), a.width() / 2.0, bn);
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
            Line::new(pa, pa + a.pose().direction() * d),
            Line::new(pb, pb - b.pose().direction() * d),
        ],
    };
    let n = samples.clamp(1, MAX_SAMPLES);
    let hermite = trace
        .hermite
        .map(|h| (0..=n).map(|i| h.point(i as f64 / n as f64)).collect())
        .unwrap_or_default();
    let intermediate = trace.intermediate.map(|p| a.with_pose(p));
    Ok(Construction {
        result,
        continuation,
        fillets: trace.fillets,
        semicircle: trace.semicircle,
        hermite,
        intermediate,
    })
}
