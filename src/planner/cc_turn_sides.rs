//! The seed's construction, generalised to continuous-curvature turns
//! (Fraichard & Scheuer, "From Reeds and Shepp's to continuous-curvature
//! paths", IEEE T-RO 2004): where a CC turn of [`plan_turn_cc`] leaves its
//! circle, found with a tangent as the seed finds `Q`.
//!
//! With `κ = 1/radius`, `σ` the sharpness and `δ_min = κ²/σ`, a CC turn
//! through `δ ≥ δ_min` is a clothoid of length `κ/σ` (0 to `κ`), an arc of
//! radius `1/κ`, and the mirrored clothoid. In the start's frame (x ahead,
//! y to the turn's side) the first clothoid ends at
//! `E = √(π/σ) · (C(κ/√(πσ)), S(κ/√(πσ)))` (Fresnel integrals) with the
//! heading `δ_min/2`, and the arc's centre is the *CC circle's* centre
//!
//! * `Ω = E + (−sin(δ_min/2), cos(δ_min/2)) / κ = (x_Ω, y_Ω)`;
//! * `r_Ω = |Ω|`, the CC circle's radius (Ω to the start);
//! * `tan μ = x_Ω / y_Ω`, `μ` the angle between the start's heading and the
//!   circle's tangent there.
//!
//! Turning the arc turns the whole end of the turn about `Ω`, so the exit
//! of every CC turn with `δ ≥ δ_min` lies on the CC circle, its heading at
//! `μ` outward from the circle's tangent. The exit line therefore passes
//! at `r_Ω cos μ = y_Ω` from `Ω`: it is tangent to the *inner circle* of
//! that radius, touching it `r_Ω sin μ = x_Ω` before the exit. The seed's
//! construction is the case `μ = 0`, `r_Ω = r`: with `h = |target − Ω|`,
//! `φ` the angle from `Ω` to the target and `β = acos(r_Ω cos μ / h)`,
//! the tangent point is at the angle `φ − β` (left) or `φ + β` (right)
//! about `Ω`, the exit `μ` further on, and the line from the exit to the
//! target has the length `√(h² − r_Ω² cos² μ) − r_Ω sin μ`. As `σ → ∞`,
//! `r_Ω → r`, `μ → 0`, and the construction tends to
//! [`turn_then_go_sides`](super::turn_then_go_sides)'s `P`, `θ`, `Q`.
//!
//! Where it does not hold, a side says why ([`CcUnreachable`]):
//!
//! * the turn [`plan_turn_cc`] takes is two clothoids (`δ < δ_min`, the
//!   `T T` turn): its exit is not on the CC circle
//!   ([`CcUnreachable::ShortTurn`]; the side's path is still given);
//! * the target is inside the inner circle (`h < r_Ω cos μ`): no tangent
//!   ([`CcUnreachable::InsideInnerCircle`]);
//! * the target is inside the CC circle (`h < r_Ω`): the tangent's exit
//!   lies past the target, which no turn with an arc faces
//!   ([`CcUnreachable::InsideCcCircle`]);
//! * the target is the start ([`CcUnreachable::TargetAtStart`]).
//!
//! # Examples
//! ```
//! use arcline::planner::{plan_turn_cc, turn_then_go_cc_sides};
//! use arcline::{Point, Pose};
//! let start = Pose::new(0.0, 0.0, 0.0);
//! let target = Point::new(20.0, 30.0);
//! let sides = turn_then_go_cc_sides(start, target, 10.0, 0.01).unwrap();
//! let left = sides.left.exit.as_ref().unwrap();
//! // The exit is on the CC circle, and the path is the planner's.
//! let on = left.exit.distance(sides.left.cc_center);
//! assert!((on - sides.left.cc_radius).abs() < 1e-9);
//! let planned = plan_turn_cc(start, target, 10.0, 0.01).unwrap().unwrap();
//! let best = sides.best().unwrap().path.as_ref().unwrap();
//! assert!((best.length() - planned.length()).abs() < 1e-9);
//! ```
//!
//! # Errors
//! As [`plan_turn_cc`] (the first bad argument named: `start`, `target`,
//! `radius`, `sharpness`), and [`Reason::OutOfRange`](crate::Reason) about
//! a `sharpness` so small that the clothoid would turn more than 10⁶
//! radians (as [`plan_dubins_cc`](super::plan_dubins_cc)).

use super::cc_turn::{
    cc_center_in_frame, check_sharpness, deflection, least_sharpness, sharpness_out_of_range,
    side_path_at, Limits,
};
use super::dubins::NEAR;
use super::error::{check_point, check_pose, check_radius};
#[cfg(doc)]
use super::plan_turn_cc;
use super::trig::acos_0_1;
use super::turn::{shorter, Side};
use crate::error::Error;
use crate::geom::{math, wrap_two_pi};
use crate::{Path, Point, Pose};
use core::f64::consts::{FRAC_PI_2, TAU};

/// A deflection past `δ_min` within this of a full turn is `δ_min` itself
/// (the exit at the end of the first clothoid's mirror, not a loop).
const FULL_TURN: f64 = 1e-12;

/// Why a side has no CC construction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum CcUnreachable {
    /// The turn that faces the target is two clothoids (`δ < δ_min`): its
    /// exit is not on the CC circle.
    ShortTurn,
    /// `h < r_Ω cos μ`: no tangent from the target to the inner circle.
    InsideInnerCircle,
    /// `r_Ω cos μ ≤ h < r_Ω`: the tangent's exit lies past the target.
    InsideCcCircle,
    /// The target is the start.
    TargetAtStart,
}

impl CcUnreachable {
    /// Words for the reader.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            CcUnreachable::ShortTurn => {
                "the turn is two clothoids (δ < δ_min): its exit is off the CC circle"
            }
            CcUnreachable::InsideInnerCircle => "target inside the inner circle",
            CcUnreachable::InsideCcCircle => "target inside the CC circle",
            CcUnreachable::TargetAtStart => "target is the start itself",
        }
    }
}

/// The exit of a side the construction holds for.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CcTurnExit {
    /// Where the exit line touches the inner circle.
    pub tangent_point: Point,
    /// The angle of the tangent point seen from `Ω`: `φ − β` (left) or
    /// `φ + β` (right).
    pub tangent_angle: f64,
    /// Where the turn ends and the line starts, on the CC circle.
    pub exit: Point,
    /// The angle of the exit seen from `Ω`: the tangent angle `± μ`.
    pub exit_angle: f64,
    /// The heading at the exit (the line's).
    pub exit_heading: f64,
    /// `φ`, the angle from `Ω` to the target.
    pub phi: f64,
    /// `β = acos(r_Ω cos μ / h)`, the angle at `Ω` between the target and
    /// the tangent point.
    pub beta: f64,
    /// `δ ≥ δ_min`, the turn's deflection.
    pub delta: f64,
    /// The line's length, `√(h² − r_Ω² cos² μ) − r_Ω sin μ`.
    pub d: f64,
}

/// One side's CC construction. As data (the `serde` feature):
/// `{ side, ccCenter, ccRadius, mu, innerRadius, h, exit, unreachable,
/// path }`, `exit` or `unreachable` null.
#[derive(Debug, Clone, PartialEq)]
pub struct CcTurnSide {
    /// Which way this side turns.
    pub side: Side,
    /// `Ω`, the centre of the turn's arc and of the CC circle.
    pub cc_center: Point,
    /// `r_Ω`, the distance from `Ω` to the start.
    pub cc_radius: f64,
    /// `μ`, between a turn's heading and the CC circle's tangent at its
    /// start and at its exit.
    pub mu: f64,
    /// `r_Ω cos μ`, the radius of the circle every exit line touches.
    pub inner_radius: f64,
    /// `h = |target − Ω|`.
    pub h: f64,
    /// The exit, or why the construction does not hold on this side.
    pub exit: Result<CcTurnExit, CcUnreachable>,
    /// The side's path as [`plan_turn_cc`] builds it (a `T T` turn for
    /// [`CcUnreachable::ShortTurn`]), `None` when no turn faces the target.
    pub path: Option<Path>,
}

/// Both sides' CC constructions.
#[derive(Debug, Clone, PartialEq)]
pub struct CcTurnSides {
    /// `δ_min = κ²/σ`, the least deflection of a turn with an arc.
    pub delta_min: f64,
    /// The clockwise turn.
    pub right: CcTurnSide,
    /// The counter-clockwise turn.
    pub left: CcTurnSide,
}

impl CcTurnSides {
    /// The side [`plan_turn_cc`] takes: the shorter path (the right one on
    /// a tie), `None` when neither side has one.
    #[must_use]
    pub fn best(&self) -> Option<&CcTurnSide> {
        shorter(&self.right, &self.left, |s| {
            s.path.as_ref().map(Path::length)
        })
    }
}

/// The CC circle's shape, the same for both sides: `Ω` in the start's
/// frame, `r_Ω`, `μ`.
#[derive(Debug, Clone, Copy)]
struct Shape {
    x: f64,
    y: f64,
    radius: f64,
    mu: f64,
}

fn one_side(
    start: Pose,
    target: Point,
    side: Side,
    lim: Limits,
    k: Shape,
) -> Result<CcTurnSide, Error> {
    let s = side.sign();
    let (sh, ch) = math::sin_cos(start.heading);
    let (x, y) = (k.x, s * k.y);
    let cc_center = Point::new(start.x + x * ch - y * sh, start.y + x * sh + y * ch);
    let (dx, dy) = (target.x - cc_center.x, target.y - cc_center.y);
    let h = math::hypot(dx, dy);
    let inner = k.y;
    let mut out = CcTurnSide {
        side,
        cc_center,
        cc_radius: k.radius,
        mu: k.mu,
        inner_radius: inner,
        h,
        exit: Err(CcUnreachable::TargetAtStart),
        path: None,
    };
    if start.position().distance(target) <= NEAR / lim.kappa {
        return Ok(out);
    }
    // The turn the planner takes; a T T turn is not this construction.
    let planned = deflection(start, s, lim, target);
    if let Some(delta) = planned {
        out.path = Some(side_path_at(start, s, delta, lim, target)?);
        if delta < lim.delta_min() {
            out.exit = Err(CcUnreachable::ShortTurn);
            return Ok(out);
        }
    }
    if h < inner {
        out.exit = Err(CcUnreachable::InsideInnerCircle);
        return Ok(out);
    }
    // From the tangent point the line runs √(h² − ρ²) to the target and
    // x_Ω to the exit.
    let along = math::sqrt((h - inner) * (h + inner));
    if along < k.x {
        out.exit = Err(CcUnreachable::InsideCcCircle);
        return Ok(out);
    }
    let phi = math::atan2(dy, dx);
    let beta = acos_0_1(math::clamp(inner / h, 0.0, 1.0));
    let tangent_angle = phi - s * beta;
    let exit_angle = tangent_angle + s * k.mu;
    let exit_heading = tangent_angle + s * FRAC_PI_2;
    let mut past = wrap_two_pi(s * (exit_heading - start.heading) - lim.delta_min());
    if past >= TAU - FULL_TURN {
        past = 0.0;
    }
    let delta = lim.delta_min() + past;
    out.exit = Ok(CcTurnExit {
        tangent_point: cc_center.polar(inner, tangent_angle),
        tangent_angle,
        exit: cc_center.polar(k.radius, exit_angle),
        exit_angle,
        exit_heading,
        phi,
        beta,
        delta,
        d: along - k.x,
    });
    Ok(out)
}

/// Both sides' CC constructions for drawing: `Ω`, `r_Ω`, `μ`, the inner
/// circle, and where the construction holds the tangent point, the exit,
/// `δ`, `d`; the side's path beside them (see the module's description).
///
/// # Errors
/// See the module's description.
pub fn turn_then_go_cc_sides(
    start: Pose,
    target: Point,
    radius: f64,
    sharpness: f64,
) -> Result<CcTurnSides, Error> {
    let start = check_pose(start, "start")?;
    let target = check_point(target, "target")?;
    let r = check_radius(radius)?;
    let sigma = check_sharpness(sharpness)?;
    let kappa = 1.0 / r;
    if sigma < least_sharpness(kappa) {
        return Err(sharpness_out_of_range(kappa));
    }
    let lim = Limits { kappa, sigma };
    let (x, y) = cc_center_in_frame(kappa, sigma);
    let shape = Shape {
        x,
        y,
        radius: math::hypot(x, y),
        mu: math::atan2(x, y),
    };
    Ok(CcTurnSides {
        delta_min: lim.delta_min(),
        right: one_side(start, target, Side::Right, lim, shape)?,
        left: one_side(start, target, Side::Left, lim, shape)?,
    })
}
