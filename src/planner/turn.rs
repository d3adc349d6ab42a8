//! Turn then go (Pinter, "Toward More Realistic Pathfinding"): turn on the tightest circle until
//! facing the target, then drive straight; the shorter of the right and left
//! turns wins.
//!
//! For the right turn the circle's centre `P` lies at
//! `heading − 90°` from the origin, `r` away; `h = |target − P|`; the target
//! is unreachable on that side when `h < r`; `d = sqrt(h² − r²)`,
//! `θ = acos(r / h)`, `φ` = the angle from `P` to the target (full quadrant),
//! and the exit point `Q = P + r·(cos(φ + θ), sin(φ + θ))`. The left turn
//! mirrors it (`heading + 90°`, `φ − θ`).
//!
//! Edges, each named: a target straight ahead gives a zero-length arc; a
//! target on a circle (`h = r`, within [`ON_CIRCLE`]`·r`) gives a pure arc and a
//! zero-length line, never a loop; a target inside one circle is
//! [`Unreachable::InsideCircle`] on that side only (the other side works); the
//! two circles touch only at the start, so "inside both" happens only for a
//! target at the start itself: no path (`None`).

use super::dubins::{FULL_TURN_SNAP, NEAR};
use super::error::{check_point, check_pose, check_radius};
use super::trig::acos_0_1;
use crate::error::Error;
use crate::geom::{math, normalize_angle, wrap_two_pi};
use crate::{Arc, Line, Path, Point, Pose, Segment};
use core::f64::consts::{FRAC_PI_2, TAU};

/// A target whose distance `h` from a circle's centre is within
/// `ON_CIRCLE · r` of `r` is on that circle (rounding of `h`, no more: the
/// end point moves by at most this much). Far from the origin the centre
/// itself is only as precise as the coordinates, so the band is at least
/// four units in the last place of the largest coordinate.
pub const ON_CIRCLE: f64 = 1e-12;

/// How many units in the last place of the largest coordinate (of the start
/// and the target) the circle's band also spans: the centre `start + r·n`
/// and `h` each round once per coordinate.
const COORDINATE_ULPS: f64 = 4.0;

/// IEEE square root (exact, the same bits everywhere): the `sqrtsd` /
/// `f64.sqrt` instruction, where `libm::sqrt` on wasm32 is a slow software loop.
#[inline(always)]
fn sqrt(x: f64) -> f64 {
    x.sqrt()
}

/// Which way the unit turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum Side {
    /// Clockwise (the side computed first, `heading − 90°`).
    Right,
    /// Counter-clockwise.
    Left,
}

impl Side {
    /// `"right"` or `"left"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Side::Right => "right",
            Side::Left => "left",
        }
    }

    /// The sign of its turn's sweep: `−1` right (clockwise), `1` left.
    #[must_use]
    pub fn sign(self) -> f64 {
        match self {
            Side::Right => -1.0,
            Side::Left => 1.0,
        }
    }
}

/// Why one side has no path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum Unreachable {
    /// `h < r`: the target is inside this turning circle.
    InsideCircle,
    /// The target is the start itself (on both circles, where they touch).
    TargetAtStart,
}

impl Unreachable {
    /// Words for the reader.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Unreachable::InsideCircle => "target inside this turning circle",
            Unreachable::TargetAtStart => "target is the start itself",
        }
    }
}

/// The exit of a reachable side: `Q`, `θ`, `φ`, `d`, and the path.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct TurnExit {
    /// `Q`, where the arc ends and the line starts.
    pub exit: Point,
    /// The angle of `Q` seen from `P`: `φ + θ` (right) or `φ − θ` (left).
    pub exit_angle: f64,
    /// `θ = acos(r / h)`, the angle at `P` between the target and `Q`.
    pub theta: f64,
    /// `φ`, the angle from `P` to the target.
    pub phi: f64,
    /// `d = sqrt(h² − r²)`, the line's length.
    pub d: f64,
    /// The arc then the line (word `"RS"` or `"LS"`).
    pub path: Path,
}

/// One side's construction: the circle and, when reachable, the exit. As
/// data (the `serde` feature): `{ side, center, h, exit, unreachable }`,
/// `exit` or `unreachable` null.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnSide {
    /// Which way this side turns.
    pub side: Side,
    /// `P`, the turning circle's centre.
    pub center: Point,
    /// `h = |target − P|`.
    pub h: f64,
    /// The exit, or why this side cannot reach the target.
    pub exit: Result<TurnExit, Unreachable>,
}

impl TurnSide {
    /// The path's length, or `None` when unreachable.
    #[must_use]
    pub fn length(&self) -> Option<f64> {
        self.exit.as_ref().ok().map(|e| e.path.length())
    }
}

/// Both sides of the turn-then-go, for drawing the construction. As data
/// (the `serde` feature): `{ right, left, best }`, `best` the side of
/// [`TurnSides::best`] or null.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnSides {
    /// The clockwise turn.
    pub right: TurnSide,
    /// The counter-clockwise turn.
    pub left: TurnSide,
}

impl TurnSides {
    /// The shorter reachable side (the right one on a tie, as it is
    /// computed first), or `None` when neither reaches.
    #[must_use]
    pub fn best(&self) -> Option<&TurnSide> {
        shorter(&self.right, &self.left, TurnSide::length)
    }
}

/// The shorter of two sides by `length` (`None`: that side has no path),
/// the right one on a tie, `None` when neither has one.
pub(super) fn shorter<'a, S>(
    right: &'a S,
    left: &'a S,
    length: impl Fn(&S) -> Option<f64>,
) -> Option<&'a S> {
    match (length(right), length(left)) {
        (Some(a), Some(b)) => Some(if b < a { left } else { right }),
        (Some(_), None) => Some(right),
        (None, Some(_)) => Some(left),
        (None, None) => None,
    }
}

fn one_side(start: Pose, target: Point, r: f64, side: Side, at_start: bool) -> TurnSide {
    let s = side.sign();
    // angleToP = heading ∓ 90°; the start point seen from P is the opposite.
    let angle_to_p = start.heading + s * FRAC_PI_2;
    let center = start.position().polar(r, angle_to_p);
    let dx = target.x - center.x;
    let dy = target.y - center.y;
    let h = sqrt(dx * dx + dy * dy);
    let scale = start
        .x
        .abs()
        .max(start.y.abs())
        .max(target.x.abs())
        .max(target.y.abs());
    let band = (ON_CIRCLE * r).max(COORDINATE_ULPS * f64::EPSILON * scale);
    let exit = if at_start {
        Err(Unreachable::TargetAtStart)
    } else if h < r - band {
        Err(Unreachable::InsideCircle)
    } else {
        // On the circle (h = r up to rounding): d = 0, θ = 0, a pure arc and
        // a zero-length line at the target (sqrt(h² − r²) would turn the
        // rounding of h into a line of length ~1e-8·r leaving at an angle).
        let on_circle = h <= r + band;
        let (d, theta) = if on_circle {
            (0.0, 0.0)
        } else {
            // r / h is in (0, 1) here, where `acos_0_1` is `libm::acos`
            // bit for bit with the hardware square root (on wasm32
            // `libm::acos` calls `libm::sqrt`, a software loop).
            (sqrt((h - r) * (h + r)), acos_0_1(r / h))
        };
        let phi = math::atan2(dy, dx);
        let q_angle = phi - s * theta;
        let exit = center.polar(r, q_angle);
        let start_angle = angle_to_p + core::f64::consts::PI;
        // Turn magnitude from the start angle to Q's angle, in the turn's sense.
        let mut a = wrap_two_pi(s * (q_angle - start_angle));
        if a >= TAU - FULL_TURN_SNAP || a == 0.0 {
            // A target straight ahead: no turn, not a loop; and +0.0, since
            // a zero sweep's sign is its turn direction (set below).
            a = 0.0;
        }
        let arc = Arc {
            center,
            radius: r,
            start_angle,
            sweep: if s > 0.0 { a } else { -a },
            reverse: false,
        };
        let line = if on_circle {
            Line::new(target, target)
        } else {
            Line::new(arc.end(), target)
        };
        match Path::new(vec![Segment::Arc(arc), Segment::Line(line)]) {
            Ok(path) => Ok(TurnExit {
                exit,
                exit_angle: q_angle,
                theta,
                phi,
                d,
                path,
            }),
            // Only for numbers too large to square; report as unreachable.
            Err(_) => Err(Unreachable::InsideCircle),
        }
    };
    TurnSide {
        side,
        center,
        h,
        exit,
    }
}

/// Both sides of turn-then-go, with their constructions (`P`, `h`,
/// `Q`, `θ`, `φ`, `d`) for drawing.
///
/// # Errors
/// [`Reason::NotFinite`](crate::Reason::NotFinite) about `start.*`,
/// `target.*` or `radius`; [`Reason::NotPositive`](crate::Reason::NotPositive)
/// about `radius`; [`Reason::TooLarge`](crate::Reason::TooLarge) beyond
/// [`MAX_MAGNITUDE`](super::MAX_MAGNITUDE). A target at the start is not an
/// error here: both sides say [`Unreachable::TargetAtStart`].
pub fn turn_then_go_sides(start: Pose, target: Point, radius: f64) -> Result<TurnSides, Error> {
    check_pose(start, "start")?;
    check_point(target, "target")?;
    let r = check_radius(radius)?;
    // Headings far outside (−π, π] are reduced first: the construction adds
    // ±π/2 and π to the heading, and an angle of 1e4 rad carries only about
    // 2e-12 rad of precision, which moved the arc's end off the line's start
    // by ~1e-12·r per 1e4 rad (G1 broken for 1e10 rad). Within a few turns
    // the heading is used as given (the rounding is below 4e-15 rad there,
    // and the published results keep their bits).
    let start = if start.heading.abs() <= 4.0 * TAU {
        start
    } else {
        Pose {
            heading: normalize_angle(start.heading),
            ..start
        }
    };
    let at_start = start.position().distance(target) <= NEAR * r;
    Ok(TurnSides {
        right: one_side(start, target, r, Side::Right, at_start),
        left: one_side(start, target, r, Side::Left, at_start),
    })
}

/// Turn then go: an arc on the tightest circle, then a straight
/// line to `target`; the shorter of the right and left turns (right on a tie).
///
/// `None` when the target is the start itself: the two turning circles touch
/// only there, so it is the only target neither side reaches.
///
/// # Errors
/// As [`turn_then_go_sides`].
///
/// # Examples
/// ```
/// use arcline::{Point, Pose};
/// use arcline::planner::{plan_turn};
/// // Straight ahead: a zero-length arc, then the line.
/// let p = plan_turn(Pose::new(0.0, 0.0, 0.0), Point::new(5.0, 0.0), 1.0).unwrap().unwrap();
/// assert!((p.length() - 5.0).abs() < 1e-12);
/// assert_eq!(p.segments().len(), 2);
/// ```
pub fn plan_turn(start: Pose, target: Point, radius: f64) -> Result<Option<Path>, Error> {
    let sides = turn_then_go_sides(start, target, radius)?;
    Ok(match sides.best() {
        Some(TurnSide { exit: Ok(e), .. }) => Some(e.path.clone()),
        _ => None,
    })
}
