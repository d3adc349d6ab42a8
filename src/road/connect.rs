//! `connect_profiles`: the road piece between two profiles, and the trace of
//! its construction (for diagrams).

use super::construct::{self, Case, Centreline, FilletPoints, Hermite};
use super::{PieceKind, Profile, RoadError, RoadPiece};
use crate::{Line, Path, Point, Pose, Segment};

/// What a construction went through, kept even when it fails, so a diagram
/// can show the continuation lines, `C`, `M`, `O`, the intermediate profile
/// and the Hermite spline.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Trace {
    /// The fillets tried (one, or two for an s-curve), width check or not.
    pub fillets: Vec<FilletPoints>,
    /// For an s-curve: the spline and the intermediate pose on it.
    pub hermite: Option<Hermite>,
    pub intermediate: Option<Pose>,
    /// For a U-turn: the semicircle's centre and radius.
    pub semicircle: Option<(Point, f64)>,
}

fn no_solution(name: &str, case: &'static str) -> RoadError {
    RoadError::NoSolution {
        profile: name.to_string(),
        case,
    }
}

fn check_width(
    c: Centreline,
    half: f64,
    name: &str,
    case: &'static str,
) -> Result<Centreline, RoadError> {
    if c.min_radius - half > 0.0 {
        Ok(c)
    } else {
        Err(RoadError::LanesWiderThanTurn {
            profile: name.to_string(),
            case,
            centre_radius: c.min_radius,
            half_width: half,
        })
    }
}

fn fillet_case(kind: PieceKind) -> &'static str {
    if kind == PieceKind::ArcLine {
        "arc-line fillet"
    } else {
        "line-arc fillet"
    }
}

/// A half of an s-curve: a straight or a fillet, nothing else.
fn half(
    a: Pose,
    b: Pose,
    half_width: f64,
    name: &str,
    trace: &mut Trace,
    which: &'static str,
) -> Result<Centreline, RoadError> {
    match construct::classify(a, b) {
        Case::Straight => construct::straight(a, b).ok_or_else(|| no_solution(name, which)),
        Case::Fillet { c, ta, tb, theta } => {
            let f = construct::fillet(a, b, c, ta, tb, theta)
                .ok_or_else(|| no_solution(name, which))?;
            trace.fillets.extend(f.fillets.iter().copied());
            check_width(f, half_width, name, "s-curve")
        }
        _ => Err(no_solution(name, which)),
    }
}

/// The centreline from `a` to `b` for a road `2·half_width` wide, and the
/// trace of its construction. `name` names `b` in errors.
///
/// # Errors
/// [`RoadError::LanesWiderThanTurn`] or [`RoadError::NoSolution`].
pub fn centreline(
    a: Pose,
    b: Pose,
    half_width: f64,
    name: &str,
) -> (Result<Centreline, RoadError>, Trace) {
    let mut trace = Trace::default();
    let result = match construct::classify(a, b) {
        Case::Coincident => Err(no_solution(
            name,
            "b is at a with a's heading: there is nothing to join",
        )),
        Case::HeadOn => Err(no_solution(
            name,
            "b is on a's line facing back at it (head-on): a U-turn needs b beside a's line",
        )),
        Case::Straight => construct::straight(a, b).ok_or_else(|| no_solution(name, "straight")),
        Case::Fillet { c, ta, tb, theta } => match construct::fillet(a, b, c, ta, tb, theta) {
            Some(f) => {
                trace.fillets.extend(f.fillets.iter().copied());
                let case = fillet_case(f.kind);
                check_width(f, half_width, name, case)
            }
            None => Err(no_solution(
                name,
                "the fillet's radius is not a finite positive number",
            )),
        },
        Case::UTurn { lateral, forward } => match construct::u_turn(a, b, lateral, forward) {
            Some(u) => {
                trace.semicircle = u.semicircle;
                check_width(u, half_width, name, "u-turn semicircle")
            }
            None => Err(no_solution(name, "u-turn")),
        },
        Case::Intermediate => s_curve(a, b, half_width, name, &mut trace),
    };
    (result, trace)
}

fn s_curve(
    a: Pose,
    b: Pose,
    half_width: f64,
    name: &str,
    trace: &mut Trace,
) -> Result<Centreline, RoadError> {
    let h = Hermite::between(a, b);
    trace.hermite = Some(h);
    let mid = h.middle().ok_or_else(|| {
        no_solution(
            name,
            "s-curve: the Hermite spline has no tangent at t = 0.5",
        )
    })?;
    trace.intermediate = Some(mid);
    let first = half(
        a,
        mid,
        half_width,
        name,
        trace,
        "s-curve: the continuation lines of a and of the intermediate profile do not meet ahead of a and behind the intermediate profile",
    );
    let second = half(
        mid,
        b,
        half_width,
        name,
        trace,
        "s-curve: the continuation lines of the intermediate profile and of b do not meet ahead of the intermediate profile and behind b",
    );
    let (first, second) = (first?, second?);
    let min_radius = first.min_radius.min(second.min_radius);
    let mut segs: Vec<Segment> = first.path.into_segments();
    let mut rest = second.path.into_segments().into_iter();
    // Two halves meeting on straight lines at the intermediate profile: one line.
    if let (Some(Segment::Line(l)), Some(Segment::Line(n))) =
        (segs.last_mut(), rest.as_slice().first())
    {
        l.end = n.end;
        rest.next();
    }
    segs.extend(rest);
    let path = Path::new(segs).map_err(|_| no_solution(name, "s-curve"))?;
    let mut fillets = first.fillets;
    fillets.extend(second.fillets);
    Ok(Centreline {
        kind: PieceKind::SCurve,
        path,
        min_radius,
        fillets,
        semicircle: None,
    })
}

/// Replaces a line's end (or start) that sits at the path's end (or start)
/// with the exact edge point, so the edge ends where the profile says.
fn snap(path: Path, start: Point, end: Point) -> Path {
    let mut segs = path.segments().to_vec();
    if let Some(Segment::Line(l)) = segs.first_mut() {
        l.start = start;
    }
    if let Some(Segment::Line(l)) = segs.last_mut() {
        l.end = end;
    }
    Path::new(segs).unwrap_or(path)
}

/// Checks both profiles and that they have the same lanes; names them `an`/`bn`.
///
/// # Errors
/// Any of the profile errors of [`Profile::validate`], or [`RoadError::LanesDiffer`].
pub fn check_pair(a: &Profile, an: &str, b: &Profile, bn: &str) -> Result<(), RoadError> {
    a.validate(an)?;
    b.validate(bn)?;
    a.check_same_lanes(an, b, bn)
}

/// The road piece from profile `a` to profile `b` (see the case table in the
/// module docs). Every boundary starts at `a`'s edge point and ends at `b`'s.
///
/// # Errors
/// Bad profiles ([`RoadError::NonFinite`], [`RoadError::EmptyLanes`],
/// [`RoadError::BadLaneWidth`]), different lanes ([`RoadError::LanesDiffer`]),
/// a turn too tight for the lanes ([`RoadError::LanesWiderThanTurn`]) or a
/// pair no construction joins ([`RoadError::NoSolution`]); errors name `b`
/// unless they are about `a` itself.
///
/// # Examples
/// ```
/// use arcline::{connect_profiles, Lane, LaneKind, PieceKind, Profile};
/// let lanes = vec![Lane::new(LaneKind::Driving, 3.0); 2];
/// let a = Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: lanes.clone() };
/// let b = Profile { x: 10.0, y: 10.0, heading: core::f64::consts::FRAC_PI_2, lanes };
/// let piece = connect_profiles(&a, &b).unwrap();
/// assert_eq!(piece.kind, PieceKind::ArcLine);
/// assert_eq!(piece.centerline.word(), "L"); // one quarter circle of radius 10
/// ```
pub fn connect_profiles(a: &Profile, b: &Profile) -> Result<RoadPiece, RoadError> {
    connect_named(a, "a", b, "b")
}

/// [`connect_profiles`] with the names used in error messages.
///
/// # Errors
/// As [`connect_profiles`].
pub fn connect_named(a: &Profile, an: &str, b: &Profile, bn: &str) -> Result<RoadPiece, RoadError> {
    check_pair(a, an, b, bn)?;
    build(a, b, bn).map(|(piece, _)| piece)
}

/// Builds a piece from checked profiles, with its trace.
pub(crate) fn build(a: &Profile, b: &Profile, bn: &str) -> Result<(RoadPiece, Trace), RoadError> {
    let half = a.width() / 2.0;
    let (centre, trace) = centreline(a.pose(), b.pose(), half, bn);
    let centre = centre?;
    let offsets = a.edge_offsets();
    let (ea, eb) = (a.edge_points(), b.edge_points());
    let mut boundaries = Vec::with_capacity(offsets.len());
    for (i, &o) in offsets.iter().enumerate() {
        let (Some(&pa), Some(&pb)) = (ea.get(i), eb.get(i)) else {
            return Err(no_solution(bn, "lane edges"));
        };
        let edge = if centre.kind == PieceKind::Straight {
            Path::single(Line::new(pa, pb)).map_err(|_| no_solution(bn, "straight"))?
        } else {
            let off = centre
                .path
                .offset(o)
                .map_err(|_| RoadError::LanesWiderThanTurn {
                    profile: bn.to_string(),
                    case: "offset",
                    centre_radius: centre.min_radius,
                    half_width: half,
                })?;
            snap(off, pa, pb)
        };
        boundaries.push(edge);
    }
    let intermediate = trace
        .intermediate
        .filter(|_| centre.kind == PieceKind::SCurve)
        .map(|p| vec![a.with_pose(p)])
        .unwrap_or_default();
    Ok((
        RoadPiece {
            kind: centre.kind,
            centerline: centre.path,
            boundaries,
            intermediate,
        },
        trace,
    ))
}
