//! The tuning of a formation: the limits of its anchor's (high-level)
//! steering and how its members arrive at their slots.

use super::FormationError;
use core::f64::consts::PI;

/// Limits and gains of a formation. Distances given "in spacings" scale with
/// the pattern's spacing, so a formation keeps its behaviour when it is spread
/// out or packed in.
///
/// The anchor's steering has deliberately high limits (the seed: "it is also
/// necessary to set a very high maximum acceleration and maximum velocity for
/// the formation's steering"): what holds the formation back is its members,
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
    /// [`FormationError::NonFinite`] naming the first non-finite field,
    /// [`FormationError::InvalidParameter`] naming the first negative
    /// `velocity_lead` or non-positive other field.
    pub fn validated(self) -> Result<FormationParams, FormationError> {
        let fields = [
            ("velocityLead", self.velocity_lead, true),
            ("maxSpeed", self.max_speed, false),
            ("maxAcceleration", self.max_acceleration, false),
            ("maxTurnRate", self.max_turn_rate, false),
            ("leash", self.leash, false),
            ("slowingRadius", self.slowing_radius, false),
        ];
        for (name, v, zero_ok) in fields {
            if !v.is_finite() {
                return Err(FormationError::NonFinite(name));
            }
            if v < 0.0 || (v == 0.0 && !zero_ok) {
                return Err(FormationError::InvalidParameter(name));
            }
        }
        Ok(self)
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
        assert_eq!(
            p.validated(),
            Err(FormationError::InvalidParameter("leash"))
        );
        let p = FormationParams {
            max_speed: f64::INFINITY,
            ..Default::default()
        };
        assert_eq!(p.validated(), Err(FormationError::NonFinite("maxSpeed")));
        let p = FormationParams {
            velocity_lead: 0.0,
            ..Default::default()
        };
        assert!(p.validated().is_ok());
    }
}
