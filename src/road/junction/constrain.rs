//! `constrain_arm`: the junction's half-plane rule for a dragged arm. A
//! placement where the junction can be built is kept; one where it cannot
//! is pulled back towards where the arm was, to the last placement on the
//! way that still builds, so a drag stops at the edge of what is solvable.

use super::{connect_junction_with, JunctionOptions};
use crate::error::{Error, Reason};
use crate::geom::normalize_angle;
use crate::road::name::Name;
use crate::road::Profile;

/// The most halvings of the way from the arm's placement to the proposed one.
const STEPS: usize = 40;

/// Bisection stops once the arm would move less than this fraction of its
/// width (and turn less than this many radians) across what is left.
const PRECISION: f64 = 1e-6;

/// `arm` itself when [`connect_junction_with`] builds `arms` with it in
/// place of `arms[index]`; otherwise the placement nearest to it on the way
/// from `arms[index]` (position along the straight line, heading along the
/// shorter turn, `arm`'s lanes) that still builds, found by bisection to
/// a millionth of the arm's width (and of a radian).
///
/// # Errors
/// A profile error about `arms[i]` (every arm, `arms[index]` too, though
/// `arm` takes its place); [`Reason::OutOfRange`] about `index` past the
/// last arm; a profile error about `arm`; the errors of
/// [`connect_junction_with`] about the number of `arms` or `options`; and,
/// when not even the arm's own placement (with `arm`'s lanes) builds, the
/// error of the proposed junction.
///
/// # Examples
/// ```
/// use arcline::road::{constrain_arm, Direction, JunctionOptions, Lane, LaneKind, Profile};
/// use core::f64::consts::{FRAC_PI_2, PI};
/// let lanes = vec![
///     Lane::new(LaneKind::Driving, 3.5).with_direction(Direction::Backward),
///     Lane::new(LaneKind::Driving, 3.5),
/// ];
/// let arm = |out: f64, d: f64| Profile { x: d * out.cos(), y: d * out.sin(), heading: out + PI, lanes: lanes.clone() };
/// let arms = [arm(0.0, 12.0), arm(FRAC_PI_2, 12.0), arm(PI, 12.0)];
/// let opts = JunctionOptions::default();
/// // Farther out is fine and kept.
/// assert_eq!(constrain_arm(&arms, 0, &arm(0.0, 20.0), &opts).unwrap(), arm(0.0, 20.0));
/// // Dragged into the middle, the arm stops where the junction still builds.
/// let stopped = constrain_arm(&arms, 0, &arm(0.0, 1.0), &opts).unwrap();
/// assert!(stopped.x > 1.0 && stopped.x < 12.0);
/// ```
pub fn constrain_arm(
    arms: &[Profile],
    index: usize,
    arm: &Profile,
    options: &JunctionOptions,
) -> Result<Profile, Error> {
    for (i, p) in arms.iter().enumerate() {
        p.validate().map_err(|e| Name::Item("arms", i).wrap(e))?;
    }
    let Some(current) = arms.get(index) else {
        return Err(Error::at(
            "index",
            Reason::OutOfRange {
                min: 0.0,
                max: arms.len() as f64 - 1.0,
            },
        ));
    };
    arm.validate().map_err(|e| Name::Arg("arm").wrap(e))?;
    let mut list = arms.to_vec();
    let mut builds = |p: &Profile| {
        list[index] = p.clone();
        connect_junction_with(&list, options)
    };
    let proposed = match builds(arm) {
        Ok(_) => return Ok(arm.clone()),
        Err(e) => e,
    };
    let turn = normalize_angle(arm.heading - current.heading);
    let at = |t: f64| Profile {
        x: current.x + (arm.x - current.x) * t,
        y: current.y + (arm.y - current.y) * t,
        heading: current.heading + turn * t,
        lanes: arm.lanes.clone(),
    };
    let mut good = at(0.0);
    if builds(&good).is_err() {
        return Err(proposed);
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    let moves = (arm.position() - current.position()).length() / arm.width();
    for _ in 0..STEPS {
        if (hi - lo) * moves <= PRECISION && (hi - lo) * turn.abs() <= PRECISION {
            break;
        }
        let mid = (lo + hi) / 2.0;
        let p = at(mid);
        if builds(&p).is_ok() {
            lo = mid;
            good = p;
        } else {
            hi = mid;
        }
    }
    Ok(good)
}
