//! `JunctionOptions`: the minimum turning radius of a junction's paths and
//! whether it has U-turns.

use crate::error::{Error, Field, Reason};
use crate::road::MAX_MAGNITUDE;

/// The minimum turning radius of the paths through a junction when none is
/// given: 5, in the coordinates' units (metres for lanes about 3.5 wide):
/// about a car's (its outer front wheel turns on about 5.5 m, its middle
/// on about 5).
pub const DEFAULT_MIN_TURN_RADIUS: f64 = 5.0;

/// How [`connect_junction_with`](super::connect_junction_with) builds a
/// junction. As data: `{ minTurnRadius?, uTurns? }` (5 and false when left out).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct JunctionOptions {
    /// Every arc of every path through the junction has at least this
    /// radius ([`DEFAULT_MIN_TURN_RADIUS`] by default); a movement that
    /// cannot is an error.
    #[cfg_attr(
        feature = "serde",
        serde(default = "default_radius", skip_serializing_if = "is_default_radius")
    )]
    pub min_turn_radius: f64,
    /// Also the movements that turn back by more than 135°: back into the
    /// same arm, and to an arm less than 45° beside it (false by default).
    /// They are made only where they fit; the others are left out.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "is_false"))]
    pub u_turns: bool,
}

#[cfg(feature = "serde")]
fn default_radius() -> f64 {
    DEFAULT_MIN_TURN_RADIUS
}

#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_default_radius(r: &f64) -> bool {
    *r == DEFAULT_MIN_TURN_RADIUS
}

#[cfg(feature = "serde")]
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_false(b: &bool) -> bool {
    !*b
}

impl Default for JunctionOptions {
    fn default() -> JunctionOptions {
        JunctionOptions {
            min_turn_radius: DEFAULT_MIN_TURN_RADIUS,
            u_turns: false,
        }
    }
}

impl JunctionOptions {
    /// Checks the options (fields in errors are the options' own: `min_turn_radius`).
    ///
    /// # Errors
    /// [`Reason::NotFinite`], [`Reason::NotPositive`] or [`Reason::TooLarge`]
    /// (beyond [`MAX_MAGNITUDE`]) about `min_turn_radius`.
    pub fn validate(&self) -> Result<(), Error> {
        let r = crate::error::positive(self.min_turn_radius, "min_turn_radius")?;
        if r > MAX_MAGNITUDE {
            return Err(Error::new(
                Field::named("min_turn_radius"),
                Reason::TooLarge {
                    limit: MAX_MAGNITUDE,
                },
            ));
        }
        Ok(())
    }
}
