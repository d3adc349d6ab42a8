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

/// The pose with its heading reduced to `(-π, π]` when it is beyond ±8:
/// the constructions add ±π/2 to headings and multiply the angles by radii,
/// so a heading of 2597 rad (4.5e-13 rad of precision) put a nearly straight
/// fillet's arc (radius 4e7) 6e-6 away from the profile, and one of −24.8
/// (3.6e-15) opened joints of 1.6e-15 of the radius. Up to 8 a heading is as
/// precise as the arc angles the construction makes anyway (8.9e-16 rad up
/// to 2π) and is used as given (published results keep their bits).
fn reduced(p: Pose) -> Pose {
    if p.heading.abs() <= 8.0 {
        p
    } else {
        Pose {
            heading: crate::geom::normalize_angle(p.heading),
            ..p
        }
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
    let (a, b) = (reduced(a), reduced(b));
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

/// The centreline's parallel `o` to its left: arcs concentric
/// ([`Arc::offset`]); a line moved along the left of the arc tangent it
/// joins (its exact direction by construction) rather than of its own end
/// points, which are only as precise as the arcs' ends: a centreline line
/// 1.7e-7 long beside arcs of radius 108, offset by 14.5, came out 1.2e-6
/// sideways, more than its length (the edge ran backwards there).
///
/// # Errors
/// [`crate::GeomError::OffsetCollapsesArc`] when an arc's radius would be ≤ 0.
fn edge_offset(path: &Path, o: f64) -> Result<Path, crate::Error> {
    let segs = path.segments();
    let mut out = Vec::with_capacity(segs.len());
    for (i, seg) in segs.iter().enumerate() {
        out.push(match seg {
            Segment::Arc(a) => Segment::Arc(a.offset(o)?),
            Segment::Line(l) => {
                let before = match i.checked_sub(1).and_then(|j| segs.get(j)) {
                    Some(Segment::Arc(a)) => Some(a.pose_at(a.length()).heading),
                    _ => None,
                };
                let after = || match segs.get(i + 1) {
                    Some(Segment::Arc(a)) => Some(a.pose_at(0.0).heading),
                    _ => None,
                };
                match before.or_else(after) {
                    Some(h) => {
                        let left = crate::Vec2::from_angle(h).perp() * o;
                        Segment::Line(Line::new(l.start + left, l.end + left))
                    }
                    None => Segment::Line(l.offset(o, l.heading())),
                }
            }
        });
    }
    Path::new(out)
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
            // Parallel to the centreline from a's edge point: b's heading may
            // differ by up to the parallel tolerance (1e-9 rad), and joining
            // edge point to edge point turned that into a sideways step of
            // W/2 · 1e-9, which on a road 400 wide and 5.7e-8 long made the
            // outer edges run backwards. The end is then within W/2 · 1e-9 of
            // b's edge point, as for the other parallel case (the U-turn).
            let along = b.position() - a.position();
            Path::single(Line::new(pa, pa + along)).map_err(|_| no_solution(bn, "straight"))?
        } else {
            let off = edge_offset(&centre.path, o).map_err(|_| RoadError::LanesWiderThanTurn {
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
