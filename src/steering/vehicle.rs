//! A vehicle as the world's users see it: the id that names it, the spec it
//! is created from, and the state read back.

use super::error::{finite, non_negative, positive, SteeringError};
use crate::{Point, Vec2};

/// A vehicle's id: handed out in increasing order by
/// [`World::add_vehicle`](super::World::add_vehicle), never reused, refused
/// once the vehicle is removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct VehicleId(pub u32);

/// What a new vehicle starts with.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VehicleSpec {
    pub position: Point,
    pub velocity: Vec2,
    /// Largest speed (≥ 0), in distance per unit of time.
    pub max_speed: f64,
    /// Largest steering force (≥ 0).
    pub max_force: f64,
    /// Mass (> 0); the force is divided by it.
    pub mass: f64,
    /// Starting heading in radians; `None`: the velocity's direction, or +x at rest.
    pub heading: Option<f64>,
}

impl VehicleSpec {
    /// A vehicle at rest at `(x, y)` with mass 1.
    pub fn new(x: f64, y: f64, max_speed: f64, max_force: f64) -> VehicleSpec {
        VehicleSpec {
            position: Point::new(x, y),
            velocity: Vec2::ZERO,
            max_speed,
            max_force,
            mass: 1.0,
            heading: None,
        }
    }

    /// The same vehicle moving at `velocity`.
    pub fn with_velocity(mut self, velocity: Vec2) -> VehicleSpec {
        self.velocity = velocity;
        self
    }

    /// The same vehicle with another mass.
    pub fn with_mass(mut self, mass: f64) -> VehicleSpec {
        self.mass = mass;
        self
    }

    /// Checks the numbers.
    ///
    /// # Errors
    /// `x`, `y`, `vx`, `vy`, `heading` non-finite; `maxSpeed` or `maxForce`
    /// negative or non-finite; `mass` ≤ 0.
    pub fn check(&self) -> Result<(), SteeringError> {
        finite(self.position.x, "x")?;
        finite(self.position.y, "y")?;
        finite(self.velocity.x, "vx")?;
        finite(self.velocity.y, "vy")?;
        non_negative(self.max_speed, "maxSpeed")?;
        non_negative(self.max_force, "maxForce")?;
        positive(self.mass, "mass")?;
        if let Some(h) = self.heading {
            finite(h, "heading")?;
        }
        Ok(())
    }
}

/// A vehicle's state after the last step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VehicleState {
    pub id: VehicleId,
    pub position: Point,
    pub velocity: Vec2,
    /// Radians in `(-π, π]`: the direction of the last non-zero velocity.
    pub heading: f64,
    pub max_speed: f64,
    pub max_force: f64,
    pub mass: f64,
}

/// What the last step computed for a vehicle, for drawing: the velocity its
/// behaviours asked for (`velocity + Σ wᵢ·behaviourᵢ`; for seek alone, the
/// seed's desired velocity) and the steering force actually applied (after
/// truncation, before division by mass).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct VehicleDebug {
    pub desired: Vec2,
    pub force: Vec2,
}
