//! A vehicle as the world's users see it: the id that names it, the spec it
//! is created from, its limits, and the state read back.

use crate::error::{Error, Field, Reason};
use crate::geom::{Point, Vec2};
use core::fmt;

/// A vehicle's id: handed out in increasing order by
/// [`World::add_vehicle`](super::World::add_vehicle), never reused, refused
/// once the vehicle is removed. As data (the `serde` feature) a plain number.
///
/// # Examples
/// ```
/// use arcline::steering::{VehicleId, VehicleSpec, World};
/// let mut w = World::new(0);
/// let a = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 1.0, 1.0)).unwrap();
/// assert_eq!(a, VehicleId(0));
/// assert_eq!(a.to_string(), "0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(as = "u32"))]
pub struct VehicleId(pub u32);

impl fmt::Display for VehicleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl From<u32> for VehicleId {
    fn from(id: u32) -> VehicleId {
        VehicleId(id)
    }
}

impl From<VehicleId> for u32 {
    fn from(id: VehicleId) -> u32 {
        id.0
    }
}

/// What a new vehicle starts with. As data (the `serde` feature):
/// `{ x, y, vx?, vy?, maxSpeed, maxForce, mass?, heading?, radius? }`
/// (velocity 0, mass 1, the velocity's heading and a body radius of 0.5 by
/// default).
///
/// # Examples
/// ```
/// use arcline::steering::VehicleSpec;
/// use arcline::{Point, Vec2};
/// let v = VehicleSpec::new(1.0, 2.0, 3.0, 0.5).with_velocity(Vec2::new(0.0, 1.0)).with_mass(2.0);
/// assert_eq!(v.position(), Point::new(1.0, 2.0));
/// assert!(v.check().is_ok());
/// assert_eq!(v.with_mass(0.0).check().unwrap_err().to_string(), "mass: must be greater than zero");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct VehicleSpec {
    /// Where it starts, x.
    pub x: f64,
    /// Where it starts, y.
    pub y: f64,
    /// Its starting velocity, x (default 0).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "typescript", ts(as = "Option<f64>", optional))]
    pub vx: f64,
    /// Its starting velocity, y (default 0).
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "typescript", ts(as = "Option<f64>", optional))]
    pub vy: f64,
    /// Largest speed (≥ 0), in distance per unit of time.
    pub max_speed: f64,
    /// Largest steering force (≥ 0).
    pub max_force: f64,
    /// Mass (> 0, default 1); the force is divided by it.
    #[cfg_attr(feature = "serde", serde(default = "one"))]
    #[cfg_attr(feature = "typescript", ts(as = "Option<f64>", optional))]
    pub mass: f64,
    /// Starting heading in radians (absent: the velocity's direction, or +x
    /// at rest).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub heading: Option<f64>,
    /// The radius of its body (> 0, default [`VehicleSpec::DEFAULT_RADIUS`]):
    /// what [`BehaviorKind::AvoidVehicles`](super::BehaviorKind::AvoidVehicles)
    /// keeps apart, and what hiding and containment keep clear.
    #[cfg_attr(feature = "serde", serde(default = "default_radius"))]
    #[cfg_attr(feature = "typescript", ts(as = "Option<f64>", optional))]
    pub radius: f64,
}

#[cfg(feature = "serde")]
fn one() -> f64 {
    1.0
}

#[cfg(feature = "serde")]
fn default_radius() -> f64 {
    VehicleSpec::DEFAULT_RADIUS
}

impl VehicleSpec {
    /// The body radius of a vehicle whose spec does not give one.
    pub const DEFAULT_RADIUS: f64 = 0.5;

    /// A vehicle at rest at `(x, y)` with mass 1 and a body radius of 0.5.
    #[must_use]
    pub fn new(x: f64, y: f64, max_speed: f64, max_force: f64) -> VehicleSpec {
        VehicleSpec {
            x,
            y,
            vx: 0.0,
            vy: 0.0,
            max_speed,
            max_force,
            mass: 1.0,
            heading: None,
            radius: VehicleSpec::DEFAULT_RADIUS,
        }
    }

    /// The same vehicle with another body radius.
    #[must_use]
    pub fn with_radius(mut self, radius: f64) -> VehicleSpec {
        self.radius = radius;
        self
    }

    /// The same vehicle moving at `velocity`.
    #[must_use]
    pub fn with_velocity(mut self, velocity: Vec2) -> VehicleSpec {
        self.vx = velocity.x;
        self.vy = velocity.y;
        self
    }

    /// The same vehicle with another mass.
    #[must_use]
    pub fn with_mass(mut self, mass: f64) -> VehicleSpec {
        self.mass = mass;
        self
    }

    /// The same vehicle facing `heading` (radians) at the start.
    #[must_use]
    pub fn with_heading(mut self, heading: f64) -> VehicleSpec {
        self.heading = Some(heading);
        self
    }

    /// Where it starts.
    #[must_use]
    pub fn position(&self) -> Point {
        Point::new(self.x, self.y)
    }

    /// Its starting velocity.
    #[must_use]
    pub fn velocity(&self) -> Vec2 {
        Vec2::new(self.vx, self.vy)
    }

    /// Its limits.
    #[must_use]
    pub fn limits(&self) -> VehicleLimits {
        VehicleLimits {
            max_speed: self.max_speed,
            max_force: self.max_force,
            mass: self.mass,
        }
    }

    /// Checks the numbers.
    ///
    /// # Errors
    /// The first bad field, by name: `x`, `y`, `vx`, `vy` or `heading` not
    /// finite, a bad limit (see [`VehicleLimits::check`]), or a `radius`
    /// that is not a finite number > 0.
    pub fn check(&self) -> Result<(), Error> {
        for (v, name) in [
            (self.x, "x"),
            (self.y, "y"),
            (self.vx, "vx"),
            (self.vy, "vy"),
        ] {
            crate::error::finite(v, name)?;
        }
        self.limits().check()?;
        if let Some(h) = self.heading {
            crate::error::finite(h, "heading")?;
        }
        crate::error::positive(self.radius, "radius")?;
        Ok(())
    }
}

/// A vehicle's limits: what [`World::set_limits`](super::World::set_limits)
/// changes. As data (the `serde` feature): `{ maxSpeed, maxForce, mass? }`
/// (mass 1 by default).
///
/// # Examples
/// ```
/// use arcline::steering::VehicleLimits;
/// let l = VehicleLimits::new(2.0, -1.0);
/// assert_eq!(l.check().unwrap_err().to_string(), "max_force: must not be negative");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct VehicleLimits {
    /// Largest speed (≥ 0), in distance per unit of time.
    pub max_speed: f64,
    /// Largest steering force (≥ 0).
    pub max_force: f64,
    /// Mass (> 0, default 1); the force is divided by it.
    #[cfg_attr(feature = "serde", serde(default = "one"))]
    #[cfg_attr(feature = "typescript", ts(as = "Option<f64>", optional))]
    pub mass: f64,
}

impl VehicleLimits {
    /// These speed and force limits with mass 1.
    #[must_use]
    pub fn new(max_speed: f64, max_force: f64) -> VehicleLimits {
        VehicleLimits {
            max_speed,
            max_force,
            mass: 1.0,
        }
    }

    /// Checks the numbers.
    ///
    /// # Errors
    /// `max_speed` or `max_force` negative or not finite, `mass` ≤ 0 or not
    /// finite.
    pub fn check(&self) -> Result<(), Error> {
        crate::error::non_negative(self.max_speed, "max_speed")?;
        crate::error::non_negative(self.max_force, "max_force")?;
        crate::error::positive(self.mass, "mass")?;
        Ok(())
    }
}

/// A vehicle's state after the last step. As data (the `serde` feature) the
/// JS API's `{ x, y, vx, vy, heading }` (`steering::shape::VehicleStateShape`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VehicleState {
    /// Which vehicle.
    pub id: VehicleId,
    /// Where it is.
    pub position: Point,
    /// Its velocity.
    pub velocity: Vec2,
    /// Radians in `(-π, π]`: the direction of the last non-zero velocity
    /// (or, for a vehicle at rest with a [`Facing`](super::Facing), the
    /// direction it has turned to).
    pub heading: f64,
    /// Its limits.
    pub limits: VehicleLimits,
    /// The radius of its body.
    pub radius: f64,
}

/// What the last step computed for a vehicle, for drawing: the velocity its
/// behaviours asked for (`velocity + Σ wᵢ·behaviourᵢ`; for seek alone,
/// Reynolds' desired velocity) and the steering force actually applied
/// (after truncation, before division by mass). Components beyond
/// `±f64::MAX` are clamped to it. As data (the `serde` feature):
/// `{ desired: {x, y}, force: {x, y} }`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct VehicleDebug {
    /// The velocity the behaviours asked for.
    pub desired: Vec2,
    /// The steering force applied.
    pub force: Vec2,
}

/// "no vehicle with id …" about `field`.
#[cold]
#[inline(never)]
pub(crate) fn unknown_vehicle(field: Field, id: VehicleId) -> Error {
    Error::new(
        field,
        Reason::UnknownId {
            what: "vehicle",
            id: u64::from(id.0),
        },
    )
}
