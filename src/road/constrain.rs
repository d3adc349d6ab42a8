//! The half-plane rule (`constrain_profile`): the source profile's
//! cross-section line splits the plane; a next profile placed behind it is
//! turned to the source's heading + π (its cross-section parallel to the
//! source's), which leaves only the U-turn to build.

use super::name::Name;
use super::Profile;
use crate::error::Error;
use core::f64::consts::PI;

/// `next` itself when it is on or in front of `source`'s cross-section line;
/// otherwise `next` with `heading = source.heading + π` (so
/// `connect_profiles(source, result)` is a U-turn, or an error when `next`
/// is too close beside the source for the lanes, or exactly on its line).
///
/// # Errors
/// The profile errors of [`Profile::validate`] about `source` or `next`.
///
/// # Examples
/// ```
/// use arcline::road::{constrain_profile, Lane, LaneKind, Profile};
/// let lanes = vec![Lane::new(LaneKind::Driving, 3.0)];
/// let source = Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: lanes.clone() };
/// let behind = Profile { x: -5.0, y: 20.0, heading: 1.0, lanes };
/// let turned = constrain_profile(&source, &behind).unwrap();
/// assert_eq!(turned.heading, core::f64::consts::PI);
/// ```
pub fn constrain_profile(source: &Profile, next: &Profile) -> Result<Profile, Error> {
    source.validate().map_err(|e| Name::Arg("source").wrap(e))?;
    next.validate().map_err(|e| Name::Arg("next").wrap(e))?;
    let forward = source
        .pose()
        .direction()
        .dot(next.position() - source.position());
    if forward < 0.0 {
        Ok(Profile {
            heading: source.heading + PI,
            ..next.clone()
        })
    } else {
        Ok(next.clone())
    }
}
