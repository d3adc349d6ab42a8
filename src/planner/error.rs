//! The planner's input checks, shared by its functions (errors are the
//! crate's one [`Error`](crate::Error)).

use crate::error::{Error, Field, Reason};
use crate::{Point, Pose};

/// The largest coordinate or radius the planner takes: the square of a
/// distance must stay finite (`(2e150)² = 4e300 < f64::MAX`), so every
/// length it returns is finite.
pub const MAX_MAGNITUDE: f64 = 1e150;

/// The reason for a coordinate or radius beyond [`MAX_MAGNITUDE`].
pub(crate) const TOO_LARGE: Reason = Reason::TooLarge {
    limit: MAX_MAGNITUDE,
};

/// `radius` when finite, positive and at most [`MAX_MAGNITUDE`].
pub(crate) fn check_radius(radius: f64) -> Result<f64, Error> {
    let r = crate::error::positive(radius, "radius")?;
    if r > MAX_MAGNITUDE {
        Err(Error::at("radius", TOO_LARGE))
    } else {
        Ok(r)
    }
}

/// `p` when both coordinates are finite and at most [`MAX_MAGNITUDE`].
pub(crate) fn check_point(p: Point, what: &'static str) -> Result<Point, Error> {
    p.check(what)?;
    for (v, k) in [(p.x, "x"), (p.y, "y")] {
        if v.abs() > MAX_MAGNITUDE {
            return Err(Error::new(Field::named(what).key(k), TOO_LARGE));
        }
    }
    Ok(p)
}

/// `p` when its coordinates pass [`check_point`] and its heading is finite.
pub(crate) fn check_pose(p: Pose, what: &'static str) -> Result<Pose, Error> {
    p.check(what)?;
    check_point(p.position(), what)?;
    Ok(p)
}
