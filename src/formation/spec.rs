//! What a new formation is made from ([`FormationSpec`]) and a change of its
//! pattern ([`PatternChange`]), as plain data.

use super::{AssignmentStrategy, FormationManager, FormationParams, FormationPattern, PatternKind};
use crate::error::Error;

/// Everything that makes a formation: its pattern, spacing, assignment
/// strategy, capacity and tuning. As data (the `serde` feature): `{ pattern,
/// spacing, assignment?, capacity?, velocityLead?, maxSpeed?,
/// maxAcceleration?, maxTurnRate?, leash?, slowingRadius? }`, each tuning
/// field defaulting to [`FormationParams::default`]'s.
///
/// # Examples
/// ```
/// use arcline::formation::{FormationSpec, PatternKind};
/// let spec = FormationSpec { leash: 1.0, ..FormationSpec::new(PatternKind::V, 2.0) };
/// let f = spec.manager().unwrap();
/// assert_eq!(f.params().leash, 1.0);
/// let huge = FormationSpec { slowing_radius: 1e200, ..FormationSpec::new(PatternKind::V, 1e200) };
/// assert_eq!(huge.manager().unwrap_err().to_string(), "slowing_radius: is so large that the result would not be finite");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct FormationSpec {
    /// The shape.
    pub pattern: PatternKind,
    /// The distance between neighbouring slots (> 0).
    pub spacing: f64,
    /// How slots are handed out (default: in joining order).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(
        feature = "typescript",
        ts(as = "Option<AssignmentStrategy>", optional)
    )]
    pub assignment: AssignmentStrategy,
    /// How many slots, 1 to 1024 (absent: the pattern's default, 15 to 25).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub capacity: Option<usize>,
    /// How far ahead of the members' centre of mass the anchor is put, along
    /// their mean velocity, in seconds (≥ 0, default 0.25).
    #[cfg_attr(feature = "serde", serde(default = "defaults::velocity_lead"))]
    #[cfg_attr(feature = "typescript", ts(as = "Option<f64>", optional))]
    pub velocity_lead: f64,
    /// The anchor's maximum speed (> 0, default 1000).
    #[cfg_attr(feature = "serde", serde(default = "defaults::max_speed"))]
    #[cfg_attr(feature = "typescript", ts(as = "Option<f64>", optional))]
    pub max_speed: f64,
    /// The anchor's maximum acceleration (> 0, default 10000).
    #[cfg_attr(feature = "serde", serde(default = "defaults::max_acceleration"))]
    #[cfg_attr(feature = "typescript", ts(as = "Option<f64>", optional))]
    pub max_acceleration: f64,
    /// The fastest the formation turns, radians per unit of time (> 0,
    /// default π/2).
    #[cfg_attr(feature = "serde", serde(default = "defaults::max_turn_rate"))]
    #[cfg_attr(feature = "typescript", ts(as = "Option<f64>", optional))]
    pub max_turn_rate: f64,
    /// The furthest the anchor may lead the members' centre of mass, in
    /// spacings (> 0, default 2).
    #[cfg_attr(feature = "serde", serde(default = "defaults::leash"))]
    #[cfg_attr(feature = "typescript", ts(as = "Option<f64>", optional))]
    pub leash: f64,
    /// The slowing radius of the members' arrive at their slots, in spacings
    /// (> 0, default 2).
    #[cfg_attr(feature = "serde", serde(default = "defaults::slowing_radius"))]
    #[cfg_attr(feature = "typescript", ts(as = "Option<f64>", optional))]
    pub slowing_radius: f64,
}

#[cfg(feature = "serde")]
mod defaults {
    use super::FormationParams;
    pub fn velocity_lead() -> f64 {
        FormationParams::default().velocity_lead
    }
    pub fn max_speed() -> f64 {
        FormationParams::default().max_speed
    }
    pub fn max_acceleration() -> f64 {
        FormationParams::default().max_acceleration
    }
    pub fn max_turn_rate() -> f64 {
        FormationParams::default().max_turn_rate
    }
    pub fn leash() -> f64 {
        FormationParams::default().leash
    }
    pub fn slowing_radius() -> f64 {
        FormationParams::default().slowing_radius
    }
}

impl FormationSpec {
    /// A `pattern` with `spacing`, the default strategy, capacity and tuning.
    #[must_use]
    pub fn new(pattern: PatternKind, spacing: f64) -> FormationSpec {
        let p = FormationParams::default();
        FormationSpec {
            pattern,
            spacing,
            assignment: AssignmentStrategy::default(),
            capacity: None,
            velocity_lead: p.velocity_lead,
            max_speed: p.max_speed,
            max_acceleration: p.max_acceleration,
            max_turn_rate: p.max_turn_rate,
            leash: p.leash,
            slowing_radius: p.slowing_radius,
        }
    }

    /// The tuning.
    #[must_use]
    pub fn params(&self) -> FormationParams {
        FormationParams {
            velocity_lead: self.velocity_lead,
            max_speed: self.max_speed,
            max_acceleration: self.max_acceleration,
            max_turn_rate: self.max_turn_rate,
            leash: self.leash,
            slowing_radius: self.slowing_radius,
        }
    }

    /// The pattern, checked.
    ///
    /// # Errors
    /// As [`FormationPattern::with`] (about `spacing` or `capacity`).
    pub fn checked_pattern(&self) -> Result<FormationPattern, Error> {
        let capacity = self
            .capacity
            .unwrap_or_else(|| self.pattern.default_capacity());
        FormationPattern::with(self.pattern, self.spacing, capacity)
    }

    /// An empty formation of this spec.
    ///
    /// # Errors
    /// The first bad field: as [`checked_pattern`](Self::checked_pattern),
    /// then as [`FormationManager::set_params`] (about `velocity_lead`,
    /// `leash`, `slowing_radius`, ...).
    pub fn manager(&self) -> Result<FormationManager, Error> {
        let pattern = self.checked_pattern()?;
        FormationManager::new(pattern, self.assignment).with_params(self.params())
    }
}
