//! The tuning of a formation: the limits of its anchor's (high-level)
//! steering and how its members arrive at their slots.

use crate::error::{Error, Reason};
use core::f64::consts::PI;

/// Limits and gains of a formation. Distances given "in spacings" scale with
/// the pattern's spacing, so a formation keeps its behaviour when it is spread
/// out or packed in.
///
/// The anchor's steering has deliberately high limits (Millington: "it is
/// also necessary to set a very high maximum acceleration and maximum velocity
/// for the formation's steering"): what holds the formation back is its members,
/// through the anchor being reset to their centre of mass every update and kept
/// within [`leash`](FormationParams::leash) of it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FormationParams {
    /// `k_offset` in `p_anchor = p_c + k_offset · v_c`, in seconds: how far
    /// ahead of the members' centre of mass, along their mean velocity, the
    /// anchor is placed. ≥ 0; 0 disables the lead.
    pub velocity_lead: f64,
    /// The anchor's maximum speed (units per second).
    pub max_speed: f64,
    /// The anchor's maximum acceleration (units per second²).
    pub max_acceleration: f64,
    /// The fastest the formation's heading turns, radians per second.
    pub max_turn_rate: f64,
    /// The furthest the anchor may be from the members' centre of mass, in
    /// spacings: how the members hold the formation back.
    pub leash: f64,
    /// The slowing radius members use when they arrive at their slot
    /// targets, in spacings (used by the world that steers the members).
    pub slowing_radius: f64,
}

impl Default for FormationParams {
    fn default() -> FormationParams {
        FormationParams {
            velocity_lead: 0.25,
            max_speed: 1.0e3,
            max_acceleration: 1.0e4,
            max_turn_rate: PI / 2.0,
            leash: 2.0,
            slowing_radius: 2.0,
        }
    }
}

impl FormationParams {
    /// These parameters if every one is finite and in range.
    ///
    /// # Errors
    /// [`Reason::NotFinite`] about the first non-finite field,
    /// [`Reason::Negative`] about a negative `velocity_lead`,
    /// [`Reason::NotPositive`] about another field ≤ 0.
    pub fn validated(self) -> Result<FormationParams, Error> {
        crate::error::non_negative(self.velocity_lead, "velocity_lead")?;
        for (name, v) in [
            ("max_speed", self.max_speed),
            ("max_acceleration", self.max_acceleration),
            ("max_turn_rate", self.max_turn_rate),
            ("leash", self.leash),
            ("slowing_radius", self.slowing_radius),
        ] {
            crate::error::positive(v, name)?;
        }
        Ok(self)
    }

    /// Checks that the distances given in spacings stay finite at `spacing`.
    ///
    /// # Errors
    /// [`Reason::Overflow`] about `leash` or `slowing_radius` when its
    /// product with `spacing` is not finite.
    pub(crate) fn check_scaled(&self, spacing: f64) -> Result<(), Error> {
        for (name, v) in [
            ("leash", self.leash),
            ("slowing_radius", self.slowing_radius),
        ] {
            if !(v * spacing).is_finite() {
                return Err(Error::at(name, Reason::Overflow));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_bad_values_are_named() {
        assert!(FormationParams::default().validated().is_ok());
        let p = FormationParams {
            leash: 0.0,
            ..Default::default()
        };
        assert_eq!(p.validated(), Err(Error::at("leash", Reason::NotPositive)));
        let p = FormationParams {
            max_speed: f64::INFINITY,
            ..Default::default()
        };
        assert_eq!(
            p.validated(),
            Err(Error::at("max_speed", Reason::NotFinite))
        );
        let p = FormationParams {
            velocity_lead: 0.0,
            ..Default::default()
        };
        assert!(p.validated().is_ok());
        let p = FormationParams {
            slowing_radius: 1e200,
            ..Default::default()
        };
        assert_eq!(
            p.check_scaled(1e200),
            Err(Error::at("slowing_radius", Reason::Overflow))
        );
        assert!(p.check_scaled(1e100).is_ok());
    }
}
