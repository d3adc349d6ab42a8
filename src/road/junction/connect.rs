//! `connect_junction`: the junction whose arms are the given profiles:
//! the arms in counter-clockwise order, the kerb corners and the outlines,
//! and one lane-centre path per allowed movement.

use super::arm::Arm;
use super::corner::corner;
use super::movement::lane_pairs;
use super::outline::Outline;
use super::u_turn::u_turn;
use super::{Connection, Junction, JunctionOptions, MovementKind};
use crate::error::{Error, Field, JunctionConflict, Reason};
use crate::geom::{normalize_angle, wrap_two_pi, Line, Path, Pose, Segment};
use crate::road::connect::{centreline, s_curve, Trace};
use crate::road::construct::{LENGTH_TOL, PARALLEL_TOL};
use crate::road::name::Name;
use crate::road::Profile;
use core::f64::consts::{PI, TAU};

/// The fewest arms of a junction.
pub const MIN_ARMS: usize = 3;
/// The most arms of a junction.
pub const MAX_ARMS: usize = 6;

fn arm_error(arm: usize, conflict: JunctionConflict) -> Error {
    Error::new(Field::named("arms").index(arm), Reason::Junction(conflict))
}

fn lane_error(arm: usize, lane: usize, conflict: JunctionConflict) -> Error {
    Error::new(
        Field::named("arms").index(arm).key("lanes").index(lane),
        Reason::Junction(conflict),
    )
}

/// The junction of `arms` with the default options (see
/// [`connect_junction_with`]).
///
/// # Errors
/// As [`connect_junction_with`].
///
/// # Examples
/// ```
/// use arcline::road::{connect_junction, Direction, Lane, LaneKind, MovementKind, Profile};
/// use core::f64::consts::{FRAC_PI_2, PI};
/// // Four two-lane roads (one lane each way), mouths 12 from the centre.
/// let lanes = vec![
///     Lane::new(LaneKind::Driving, 3.5).with_direction(Direction::Backward),
///     Lane::new(LaneKind::Driving, 3.5),
/// ];
/// let arm = |k: f64| {
///     let out = k * FRAC_PI_2; // the direction the arm comes from
///     Profile { x: 12.0 * out.cos(), y: 12.0 * out.sin(), heading: out + PI, lanes: lanes.clone() }
/// };
/// let j = connect_junction(&[arm(0.0), arm(1.0), arm(2.0), arm(3.0)]).unwrap();
/// // From each arm: right, straight, left (one lane each way): 12 paths.
/// assert_eq!(j.connections.len(), 12);
/// let right = &j.connections[0];
/// assert_eq!((right.from, right.to, right.kind), (0, 1, MovementKind::Right));
/// // The kerb between two arms: a quarter circle of radius 12 - 3.5.
/// assert!((j.corners[0].length() - 8.5 * FRAC_PI_2).abs() < 1e-9);
/// ```
pub fn connect_junction(arms: &[Profile]) -> Result<Junction, Error> {
    connect_junction_with(arms, &JunctionOptions::default())
}

/// The junction of `arms` (see the [module docs](super) for the
/// construction, the movements and the lanes they join).
///
/// # Errors
/// About `options.min_turn_radius` for a radius that is not a positive
/// finite number up to [`MAX_MAGNITUDE`](crate::road::MAX_MAGNITUDE);
/// [`Reason::TooFew`] or [`Reason::TooMany`] about `arms` for fewer than
/// [`MIN_ARMS`] or more than [`MAX_ARMS`]; a profile error about
/// `arms[i]` (as [`Profile::validate`]); then a [`Reason::Junction`] about
/// the arm (`arms[2]`) or the lane (`arms[2].lanes[1]`) in conflict:
/// [`JunctionConflict::SameHeading`], [`JunctionConflict::BehindMouth`],
/// [`JunctionConflict::NoCorner`], [`JunctionConflict::OutlineCrosses`],
/// [`JunctionConflict::OutlineClockwise`], [`JunctionConflict::NoPath`],
/// [`JunctionConflict::TooTight`].
pub fn connect_junction_with(
    arms: &[Profile],
    options: &JunctionOptions,
) -> Result<Junction, Error> {
    options.validate().map_err(|e| e.within("options"))?;
    let n = arms.len();
    if n < MIN_ARMS {
        return Err(Error::at(
            "arms",
            Reason::TooFew {
                min: MIN_ARMS,
                got: n,
            },
        ));
    }
    if n > MAX_ARMS {
        return Err(Error::at(
            "arms",
            Reason::TooMany {
                max: MAX_ARMS,
                got: n,
            },
        ));
    }
    for (i, p) in arms.iter().enumerate() {
        p.validate().map_err(|e| Name::Item("arms", i).wrap(e))?;
    }
    let list: Vec<Arm> = arms
        .iter()
        .enumerate()
        .map(|(i, p)| Arm::new(i, p))
        .collect();
    let order = ccw_order(&list)?;
    let origin = list[0].pose.position();
    let scale = list
        .iter()
        .map(|a| {
            a.pose.position().distance(origin) + (a.offsets[0] - a.offsets[a.offsets.len() - 1])
        })
        .fold(0.0, f64::max);
    in_front_of_each_other(&list, LENGTH_TOL * scale)?;
    let (corners, boundary) = outline(&list, &order, false, scale)?;
    let same_kerbs = list.iter().all(|a| a.sides(true) == a.sides(false));
    let (kerbs, carriageway) = if same_kerbs {
        (corners.clone(), boundary.clone())
    } else {
        outline(&list, &order, true, scale)?
    };
    let connections = movements(&list, &order, options)?;
    Ok(Junction {
        arms: arms.to_vec(),
        order,
        connections,
        corners,
        boundary,
        kerbs,
        carriageway,
    })
}

/// The arms' indices counter-clockwise by the direction each comes from
/// (its heading + π), starting at arm 0.
///
/// # Errors
/// [`JunctionConflict::SameHeading`] for two arms whose headings agree to
/// within the parallel tolerance (1e-9 rad).
fn ccw_order(arms: &[Arm]) -> Result<Vec<usize>, Error> {
    let h0 = arms[0].pose.heading;
    let rel: Vec<f64> = arms
        .iter()
        .map(|a| wrap_two_pi(a.pose.heading - h0))
        .collect();
    // Insertion sort: at most six arms, and no sorting code in the module.
    let mut order: Vec<usize> = Vec::with_capacity(arms.len());
    for i in 0..arms.len() {
        let at = order
            .iter()
            .position(|&k| rel[i] < rel[k])
            .unwrap_or(order.len());
        order.insert(at, i);
    }
    for k in 0..order.len() {
        let (i, j) = (order[k], order[(k + 1) % order.len()]);
        let gap = if k + 1 == order.len() {
            rel[i] - TAU
        } else {
            rel[j] - rel[i]
        };
        if gap.abs() <= PARALLEL_TOL {
            let (first, second) = (i.min(j), i.max(j));
            return Err(arm_error(
                second,
                JunctionConflict::SameHeading { other: first },
            ));
        }
    }
    Ok(order)
}

/// The half-plane rule of a junction: both outer edge points of every arm
/// lie strictly in front of every other arm's cross-section line.
///
/// # Errors
/// [`JunctionConflict::BehindMouth`] about the arm that reaches behind.
fn in_front_of_each_other(arms: &[Arm], tol: f64) -> Result<(), Error> {
    for a in arms {
        for b in arms.iter().filter(|b| b.index != a.index) {
            let last = b.offsets.len() - 1;
            for edge in [0, last] {
                if a.dir.dot(b.edge_point(edge) - a.pose.position()) <= tol {
                    return Err(arm_error(
                        b.index,
                        JunctionConflict::BehindMouth { other: a.index },
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The corners between consecutive arms and the closed outline through
/// them (of the whole profiles, or of the carriageways when `kerb`).
///
/// # Errors
/// [`JunctionConflict::NoCorner`], [`JunctionConflict::OutlineCrosses`] or
/// [`JunctionConflict::OutlineClockwise`].
fn outline(
    arms: &[Arm],
    order: &[usize],
    kerb: bool,
    scale: f64,
) -> Result<(Vec<Path>, Path), Error> {
    let n = order.len();
    let mut corners = Vec::with_capacity(n);
    let mut line = Outline::default();
    for k in 0..n {
        let (a, b) = (&arms[order[k]], &arms[order[(k + 1) % n]]);
        let (left, right) = a.sides(kerb);
        line.extend(
            a.index,
            [Segment::Line(Line::new(
                a.edge_point(left),
                a.edge_point(right),
            ))],
        );
        let c = corner(a, right, b, b.sides(kerb).0)?;
        line.extend(b.index, c.segments().iter().copied());
        corners.push(c);
    }
    if let Some((first, second)) = line.first_crossing(1e-6 * scale) {
        let (arm, other) = if first == second {
            // Within one arm's mouth and kerb: name the arm before it.
            let k = order.iter().position(|&i| i == first).unwrap_or(0);
            (first, order[(k + n - 1) % n])
        } else {
            (second, first)
        };
        return Err(arm_error(arm, JunctionConflict::OutlineCrosses { other }));
    }
    if line.twice_area() <= 0.0 {
        return Err(arm_error(order[0], JunctionConflict::OutlineClockwise));
    }
    let path = Path::new(line.segments).map_err(|_| Error::at("arms", Reason::Overflow))?;
    Ok((corners, path))
}

/// The path from pose `a` to pose `b` and its tightest radius: the road
/// construction between them (a line, a fillet, or an S-curve where the
/// continuation lines do not meet usefully), or, where that turns tighter
/// than `min_r` (a fillet whose lines meet near one end: a nearly straight
/// movement into a slightly turned arm), the S-curve through the Hermite
/// intermediate pose when its arcs are wider; `None` when neither exists.
fn lane_path(a: Pose, b: Pose, min_r: f64, name: Name) -> Option<(Path, f64)> {
    let direct = centreline(a, b, 0.0, name)
        .0
        .ok()
        .map(|c| (c.path, c.min_radius));
    if direct.as_ref().is_some_and(|(_, r)| *r >= min_r) {
        return direct;
    }
    let s = s_curve(a, b, 0.0, name, &mut Trace::default(), 0.0)
        .ok()
        .map(|c| (c.path, c.min_radius));
    match (direct, s) {
        (Some(d), Some(s)) => Some(if s.1 > d.1 { s } else { d }),
        (d, s) => d.or(s),
    }
}

/// One connection per movement and lane pair, by arm as given, then
/// counter-clockwise from the arm on its right, then the lane pairs from
/// the kerb.
///
/// # Errors
/// [`JunctionConflict::NoPath`] or [`JunctionConflict::TooTight`] about the
/// entering lane (`arms[i].lanes[k]`) of a right turn, straight or left turn.
fn movements(
    arms: &[Arm],
    order: &[usize],
    options: &JunctionOptions,
) -> Result<Vec<Connection>, Error> {
    let n = arms.len();
    let min_r = options.min_turn_radius;
    let mut out = Vec::new();
    for from in arms {
        if from.entering.is_empty() {
            continue;
        }
        let at = order.iter().position(|&i| i == from.index).unwrap_or(0);
        let others = (1..n).map(|k| order[(at + k) % n]);
        let back = options.u_turns.then_some(from.index);
        for to in others.chain(back).map(|i| &arms[i]) {
            let same = to.index == from.index;
            let tau = if same {
                PI
            } else {
                normalize_angle(to.pose.heading + PI - from.pose.heading)
            };
            let kind = if same {
                MovementKind::UTurn
            } else {
                MovementKind::of_turn(tau)
            };
            if kind == MovementKind::UTurn && !options.u_turns {
                continue;
            }
            for (e, x) in lane_pairs(from, to, kind, tau) {
                let (a, b) = (from.entering_pose(e), to.leaving_pose(x));
                let built = if same {
                    u_turn(a, b, min_r).map(|p| (p, min_r))
                } else {
                    lane_path(a, b, min_r, Name::Item("arms", from.index))
                };
                let conflict = match &built {
                    None => Some(JunctionConflict::NoPath {
                        to: to.index,
                        to_lane: x,
                    }),
                    Some((_, r)) if *r < min_r => Some(JunctionConflict::TooTight {
                        to: to.index,
                        to_lane: x,
                        radius: *r,
                        min_radius: min_r,
                    }),
                    Some(_) => None,
                };
                match (conflict, built) {
                    (Some(_), _) if kind == MovementKind::UTurn => {}
                    (Some(c), _) => return Err(lane_error(from.index, e, c)),
                    (None, Some((path, _))) => out.push(Connection {
                        from: from.index,
                        from_lane: e,
                        to: to.index,
                        to_lane: x,
                        kind,
                        path,
                    }),
                    (None, None) => {}
                }
            }
        }
    }
    Ok(out)
}
