//! `connect_profiles`: the road piece between two profiles, and the trace of
//! its construction (for diagrams).

use super::construct::{self, Case, Centreline, Fillet, Hermite, Semicircle};
use super::name::Name;
use super::transition;
use super::{PieceKind, Profile, RoadPiece};
use crate::error::{Error, Reason, Unsolvable};
use crate::geom::{Line, Path, Point, Pose, Segment, Vec2};

/// What a construction went through, kept even when it fails, so a diagram
/// can show the continuation lines, `C`, `M`, `O`, the intermediate profile
/// and the Hermite spline.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Trace {
    /// The fillets tried (one, or two for an s-curve), width check or not.
    pub(crate) fillets: Vec<Fillet>,
    /// For an s-curve: the spline and the intermediate pose on it.
    pub(crate) hermite: Option<Hermite>,
    pub(crate) intermediate: Option<Pose>,
    /// For a U-turn: the semicircle.
    pub(crate) semicircle: Option<Semicircle>,
}

fn unsolvable(name: Name, case: Unsolvable) -> Error {
    name.error(Reason::Unsolvable(case))
}

/// A piece whose numbers would not be finite (never for profiles within
/// [`MAX_MAGNITUDE`](super::MAX_MAGNITUDE); kept as an error, not a panic).
fn overflow(name: Name) -> Error {
    name.error(Reason::Overflow)
}

fn check_width(c: Centreline, half: f64, name: Name) -> Result<Centreline, Error> {
    if c.min_radius - half > 0.0 {
        Ok(c)
    } else {
        Err(name.error(Reason::LanesWiderThanTurn {
            centre_radius: c.min_radius,
            half_width: half,
        }))
    }
}

/// A half of an s-curve: a straight or a fillet, nothing else.
fn half(
    a: Pose,
    b: Pose,
    half_width: f64,
    name: Name,
    trace: &mut Trace,
    which: Unsolvable,
    transition: f64,
) -> Result<Centreline, Error> {
    match construct::classify(a, b) {
        Case::Straight => construct::straight(a, b).ok_or_else(|| overflow(name)),
        Case::Fillet { c, ta, tb, theta } => {
            let f = construct::fillet(a, b, c, ta, tb, theta)
                .ok_or_else(|| unsolvable(name, Unsolvable::DegenerateTurn))?;
            trace.fillets.extend(f.fillets.iter().copied());
            let f = with_transition(f, transition, |f| transition::fillet(f, transition))?;
            check_width(f, half_width, name)
        }
        _ => Err(unsolvable(name, which)),
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
/// trace of its construction. Errors are about `name` (the profile `b`).
///
/// # Errors
/// [`Reason::LanesWiderThanTurn`], [`Reason::Unsolvable`] naming the case,
/// or [`Reason::Overflow`].
pub(crate) fn centreline(
    a: Pose,
    b: Pose,
    half_width: f64,
    name: Name,
) -> (Result<Centreline, Error>, Trace) {
    centreline_with(a, b, half_width, name, 0.0)
}

/// [`centreline`] with transition curves of length `transition` in every
/// turn (none for 0). A transition too long for a turn is an error about
/// `transition`.
pub(crate) fn centreline_with(
    a: Pose,
    b: Pose,
    half_width: f64,
    name: Name,
    transition: f64,
) -> (Result<Centreline, Error>, Trace) {
    let (a, b) = (reduced(a), reduced(b));
    let mut trace = Trace::default();
    let result = match construct::classify(a, b) {
        Case::Coincident => Err(unsolvable(name, Unsolvable::SamePose)),
        Case::HeadOn => Err(unsolvable(name, Unsolvable::HeadOn)),
        Case::Straight => construct::straight(a, b).ok_or_else(|| overflow(name)),
        Case::Fillet { c, ta, tb, theta } => match construct::fillet(a, b, c, ta, tb, theta) {
            Some(f) => {
                trace.fillets.extend(f.fillets.iter().copied());
                with_transition(f, transition, |f| transition::fillet(f, transition))
                    .and_then(|f| check_width(f, half_width, name))
            }
            None => Err(unsolvable(name, Unsolvable::DegenerateTurn)),
        },
        Case::UTurn { lateral, forward } => match construct::u_turn(a, b, lateral, forward) {
            Some(u) => {
                trace.semicircle = u.semicircle;
                with_transition(u, transition, |u| {
                    transition::u_turn(u, a, b, forward, transition)
                })
                .and_then(|u| check_width(u, half_width, name))
            }
            None => Err(unsolvable(name, Unsolvable::DegenerateTurn)),
        },
        Case::Intermediate => s_curve(a, b, half_width, name, &mut trace, transition),
    };
    (result, trace)
}

/// The seed's centreline, or (for a positive `transition`) what `build`
/// makes of it; its error is about `transition`.
fn with_transition(
    seed: Centreline,
    transition: f64,
    build: impl FnOnce(&Centreline) -> Result<Centreline, Reason>,
) -> Result<Centreline, Error> {
    if transition > 0.0 {
        build(&seed).map_err(|r| Error::at("transition", r))
    } else {
        Ok(seed)
    }
}

/// Of two errors about an s-curve's halves, the one to report: when both
/// say the transition is too long, the one naming the shorter longest (the
/// one that builds both halves); else the first half's.
fn tighter_transition(first: Error, second: Error) -> Error {
    match (first.reason(), second.reason()) {
        (Reason::TransitionTooLong { max: m1 }, Reason::TransitionTooLong { max: m2 })
            if m2 < m1 =>
        {
            second
        }
        _ => first,
    }
}

pub(crate) fn s_curve(
    a: Pose,
    b: Pose,
    half_width: f64,
    name: Name,
    trace: &mut Trace,
    transition: f64,
) -> Result<Centreline, Error> {
    let h = Hermite::between(a, b);
    trace.hermite = Some(h);
    let mid = h
        .middle()
        .ok_or_else(|| unsolvable(name, Unsolvable::HermiteNoTangent))?;
    trace.intermediate = Some(mid);
    let first = half(
        a,
        mid,
        half_width,
        name,
        trace,
        Unsolvable::SCurveFirstHalf,
        transition,
    );
    // The second half starts where the first ends: at `mid`, unless the
    // first left out a line too short to keep at its start (its arc then
    // starts at `a` and ends short of `mid` by less than that line).
    let joint = match &first {
        Ok(f) if f.kind == PieceKind::LineArc && f.path.segments().len() == 1 => {
            Pose::at(f.path.end_pose().position(), mid.heading)
        }
        _ => mid,
    };
    let second = half(
        joint,
        b,
        half_width,
        name,
        trace,
        Unsolvable::SCurveSecondHalf,
        transition,
    );
    let (first, second) = match (first, second) {
        (Ok(f), Ok(s)) => (f, s),
        // Both halves too short for the transition: the longest that fits
        // the whole s-curve is the smaller of their longest.
        (Err(e), Err(other)) => return Err(tighter_transition(e, other)),
        (Err(e), _) | (_, Err(e)) => return Err(e),
    };
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
    let path = Path::new(segs).map_err(|_| overflow(name))?;
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
/// [`Reason::OffsetCollapsesArc`] when an arc's radius would be ≤ 0.
fn edge_offset(path: &Path, o: f64, tolerance: f64) -> Result<Path, Error> {
    let segs = path.segments();
    let mut out = Vec::with_capacity(segs.len());
    for (i, seg) in segs.iter().enumerate() {
        out.push(match seg {
            Segment::Arc(a) => Segment::Arc(a.offset(o)?),
            Segment::Clothoid(c) => {
                // Arcs within `tolerance` of the exact offset.
                out.extend(c.offset_arcs(o, tolerance)?);
                continue;
            }
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
                        let left = Vec2::from_angle(h).perp() * o;
                        Segment::Line(Line::new(l.start + left, l.end + left))
                    }
                    None => Segment::Line(l.offset(o, l.heading())),
                }
            }
        });
    }
    Path::new(out)
}

/// Checks both profiles and that they have the same lanes; errors name them `an`/`bn`.
///
/// # Errors
/// Any of the errors of [`Profile::validate`] under the profile's name, or
/// [`Reason::LanesDiffer`] about `bn.lanes`.
pub(crate) fn check_pair(a: &Profile, an: Name, b: &Profile, bn: Name) -> Result<(), Error> {
    a.validate().map_err(|e| an.wrap(e))?;
    b.validate().map_err(|e| bn.wrap(e))?;
    match a.lane_difference(b) {
        None => Ok(()),
        Some(difference) => Err(Error::new(
            bn.field().key("lanes"),
            Reason::LanesDiffer {
                other: an.field().key("lanes"),
                difference,
            },
        )),
    }
}

/// The road piece from profile `a` to profile `b` (see the case table in the
/// [module docs](super)). Every boundary starts at `a`'s edge point and ends
/// at `b`'s.
///
/// # Errors
/// Errors name `a` or `b` (`b.lanes[1].width: must be greater than zero`):
/// a bad profile (as [`Profile::validate`]); [`Reason::LanesDiffer`] about
/// `b.lanes`; [`Reason::LanesWiderThanTurn`] about `b` for a turn too tight
/// for the lanes; [`Reason::Unsolvable`] about `b` for a pair no
/// construction joins ([`Unsolvable::SamePose`], [`Unsolvable::HeadOn`],
/// [`Unsolvable::SCurveFirstHalf`], ...).
///
/// # Examples
/// ```
/// use arcline::road::{connect_profiles, Lane, LaneKind, PieceKind, Profile};
/// use arcline::{Reason, Unsolvable};
/// let lanes = vec![Lane::new(LaneKind::Driving, 3.0); 2];
/// let a = Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: lanes.clone() };
/// let b = Profile { x: 10.0, y: 10.0, heading: core::f64::consts::FRAC_PI_2, lanes: lanes.clone() };
/// let piece = connect_profiles(&a, &b).unwrap();
/// assert_eq!(piece.kind, PieceKind::ArcLine);
/// assert_eq!(piece.centerline.word(), "L"); // one quarter circle of radius 10
/// assert_eq!(piece.boundaries.len(), 3);
///
/// let head_on = Profile { x: 10.0, y: 0.0, heading: core::f64::consts::PI, lanes };
/// let e = connect_profiles(&a, &head_on).unwrap_err();
/// assert_eq!(e.reason(), &Reason::Unsolvable(Unsolvable::HeadOn));
/// assert_eq!(e.field().to_string(), "b");
/// ```
pub fn connect_profiles(a: &Profile, b: &Profile) -> Result<RoadPiece, Error> {
    connect_profiles_with(a, b, &ConnectOptions::default())
}

/// How [`connect_profiles_with`] builds a piece.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct ConnectOptions {
    /// The length of the clothoid between each line and arc (0, the
    /// default: the seed's arcs, curvature jumping where they meet lines).
    /// With it every turn is clothoid–arc–clothoid and the centre line G2.
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<f64>"))]
    pub transition: f64,
    /// How far the lane edges given as lines and arcs may be from the exact
    /// offsets of a centre line with clothoids (default 1e-3): an offset of
    /// a clothoid is not a clothoid, so those edges are arcs within this.
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<f64>"))]
    pub tolerance: f64,
}

impl Default for ConnectOptions {
    fn default() -> ConnectOptions {
        ConnectOptions {
            transition: 0.0,
            tolerance: 1e-3,
        }
    }
}

impl ConnectOptions {
    /// `Ok` when `transition` is a finite number ≥ 0 (at most 1e150) and
    /// `tolerance` a finite number > 0.
    ///
    /// # Errors
    /// [`Reason::NotFinite`], [`Reason::Negative`] or [`Reason::TooLarge`]
    /// about `transition`; [`Reason::NotFinite`] or [`Reason::NotPositive`]
    /// about `tolerance`.
    pub fn check(&self) -> Result<(), Error> {
        crate::error::non_negative(self.transition, "transition")?;
        let limit = super::MAX_MAGNITUDE;
        if self.transition > limit {
            return Err(Error::at("transition", Reason::TooLarge { limit }));
        }
        crate::error::positive(self.tolerance, "tolerance")?;
        Ok(())
    }
}

/// [`connect_profiles`] with transition curves: every turn (the fillet,
/// both halves of an S-curve, the U-turn) becomes clothoid–arc–clothoid
/// with clothoids `options.transition` long, symmetric, in place of the
/// seed's arc: its radius is solved so that it meets the same lines (the
/// seed's radius is its upper bound, `transition/angle` its lower), and
/// the lane edges are the centre line's exact offsets given as lines
/// and arcs within `options.tolerance` (an offset of a clothoid is not a
/// clothoid).
///
/// # Errors
/// As [`connect_profiles`]; as [`ConnectOptions::check`];
/// [`Reason::TransitionTooLong`] about `transition` when a turn cannot
/// take two clothoids that long (it says the longest it takes).
pub fn connect_profiles_with(
    a: &Profile,
    b: &Profile,
    options: &ConnectOptions,
) -> Result<RoadPiece, Error> {
    options.check()?;
    let (an, bn) = (Name::Arg("a"), Name::Arg("b"));
    check_pair(a, an, b, bn)?;
    build_with(a, b, bn, options).map(|(piece, _)| piece)
}

/// Builds a piece from checked profiles, with its trace; errors name `bn`.
pub(crate) fn build(a: &Profile, b: &Profile, bn: Name) -> Result<(RoadPiece, Trace), Error> {
    build_with(a, b, bn, &ConnectOptions::default())
}

/// [`build`] with these (checked) options.
pub(crate) fn build_with(
    a: &Profile,
    b: &Profile,
    bn: Name,
    options: &ConnectOptions,
) -> Result<(RoadPiece, Trace), Error> {
    let half = a.width() / 2.0;
    let (centre, trace) = centreline_with(a.pose(), b.pose(), half, bn, options.transition);
    let centre = centre?;
    let offsets = a.edge_offsets();
    let (ea, eb) = (a.edge_points(), b.edge_points());
    let mut boundaries = Vec::with_capacity(offsets.len());
    for (&o, (&pa, &pb)) in offsets.iter().zip(ea.iter().zip(&eb)) {
        let edge = if centre.kind == PieceKind::Straight {
            // Parallel to the centreline from a's edge point: b's heading may
            // differ by up to the parallel tolerance (1e-9 rad), and joining
            // edge point to edge point turned that into a sideways step of
            // W/2 · 1e-9, which on a road 400 wide and 5.7e-8 long made the
            // outer edges run backwards. The end is then within W/2 · 1e-9 of
            // b's edge point, as for the other parallel case (the U-turn).
            let along = b.position() - a.position();
            Path::single(Line::new(pa, pa + along)).map_err(|_| overflow(bn))?
        } else {
            let off = edge_offset(&centre.path, o, options.tolerance).map_err(|_| {
                bn.error(Reason::LanesWiderThanTurn {
                    centre_radius: centre.min_radius,
                    half_width: half,
                })
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
