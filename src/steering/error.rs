//! `SteeringError`: why a vehicle or a behaviour was refused.

use core::fmt;

/// An input the steering world refuses. The `Display` text starts with the
/// name of the offending field (`mass: must be greater than zero`), so the
/// bindings can prefix the argument and hand it to JavaScript unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SteeringError {
    /// A number that must be finite is NaN or infinite.
    NonFinite(&'static str),
    /// A number that must be greater than zero is not (mass, radii).
    NonPositive(&'static str),
    /// A number that must be zero or more is negative (max speed, max force).
    Negative(&'static str),
    /// No vehicle has this id (never had, or it was removed).
    UnknownVehicle(u32),
    /// Every `u32` id has been handed out; ids are never reused.
    OutOfIds,
    /// A pursue/evade quarry that is not a live vehicle.
    UnknownQuarry(u32),
    /// Behaviour number `index` of a list is bad.
    Behavior {
        index: usize,
        error: Box<SteeringError>,
    },
}

impl fmt::Display for SteeringError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SteeringError::NonFinite(what) => write!(f, "{what}: must be a finite number"),
            SteeringError::NonPositive(what) => write!(f, "{what}: must be greater than zero"),
            SteeringError::Negative(what) => write!(f, "{what}: must not be negative"),
            SteeringError::UnknownVehicle(id) => write!(f, "id: no vehicle with id {id}"),
            SteeringError::OutOfIds => write!(f, "id: every vehicle id has been used"),
            SteeringError::UnknownQuarry(id) => write!(f, "quarry: no vehicle with id {id}"),
            SteeringError::Behavior { index, error } => write!(f, "behaviors[{index}].{error}"),
        }
    }
}

impl std::error::Error for SteeringError {}

pub(crate) fn finite(v: f64, what: &'static str) -> Result<f64, SteeringError> {
    if v.is_finite() {
        Ok(v)
    } else {
        Err(SteeringError::NonFinite(what))
    }
}

pub(crate) fn positive(v: f64, what: &'static str) -> Result<f64, SteeringError> {
    if finite(v, what)? > 0.0 {
        Ok(v)
    } else {
        Err(SteeringError::NonPositive(what))
    }
}

pub(crate) fn non_negative(v: f64, what: &'static str) -> Result<f64, SteeringError> {
    if finite(v, what)? >= 0.0 {
        Ok(v)
    } else {
        Err(SteeringError::Negative(what))
    }
}
