//! One step of Reynolds' seek laid bare, for the figure that explains it:
//! the desired velocity, the current velocity, the steering vector between
//! them, the force it is truncated to, and the velocity and position it
//! leads to. The step is a [`World`] step of one vehicle, so the figure's
//! next position is exactly where a world puts the vehicle.

use super::forces;
use super::{Behavior, VehicleSpec, World};
use crate::error::Error;
use crate::geom::{Point, Vec2};

/// What one seek step computes. Components beyond `±f64::MAX` (sums of
/// huge finite numbers) are clamped to it. As data (the `serde` feature):
/// `{ desired, velocity, steering, force, acceleration, nextVelocity,
/// nextPosition, desiredSpeed, speed, steeringLength, forceLength }`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct SeekStep {
    /// `normalize(target − position) · maxSpeed` (zero at the target).
    pub desired: Vec2,
    /// The velocity the step starts from.
    pub velocity: Vec2,
    /// `desired − velocity`, before truncation.
    pub steering: Vec2,
    /// `truncate(steering, maxForce)`.
    pub force: Vec2,
    /// `force / mass`.
    pub acceleration: Vec2,
    /// `truncate(velocity + acceleration · dt, maxSpeed)`.
    pub next_velocity: Vec2,
    /// `position + nextVelocity · dt`.
    pub next_position: Point,
    /// `|desired|` (maxSpeed, or 0 at the target).
    pub desired_speed: f64,
    /// `|velocity|`.
    pub speed: f64,
    /// `|steering|`.
    pub steering_length: f64,
    /// `|force|` (at most maxForce).
    pub force_length: f64,
}

/// The seek step of `vehicle` towards `target` over `dt` (a step longer
/// than [`World::MAX_STEP`] counts as that).
///
/// # Errors
/// A bad vehicle (as [`World::add_vehicle`], about `vehicle.…`), a
/// non-finite target (`target.x`, `target.y`), `dt` not finite or not
/// greater than zero.
///
/// # Examples
/// ```
/// use arcline::steering::{seek_step, VehicleSpec};
/// use arcline::Point;
/// // At rest at the origin, max speed 2, max force 0.5: the target is at
/// // (3, 4), so desired = (1.2, 1.6) and steering is the same; it is
/// // longer than 0.5, so the force is (0.3, 0.4).
/// let s = seek_step(&VehicleSpec::new(0.0, 0.0, 2.0, 0.5), Point::new(3.0, 4.0), 1.0).unwrap();
/// assert!((s.desired.x - 1.2).abs() < 1e-15 && (s.force.y - 0.4).abs() < 1e-15);
/// assert!((s.next_position.x - 0.3).abs() < 1e-15);
/// ```
pub fn seek_step(vehicle: &VehicleSpec, target: Point, dt: f64) -> Result<SeekStep, Error> {
    vehicle.check().map_err(|e| e.within("vehicle"))?;
    crate::error::finite(target.x, "x").map_err(|e| e.within("target"))?;
    crate::error::finite(target.y, "y").map_err(|e| e.within("target"))?;
    crate::error::positive(dt, "dt")?;
    let position = Point::new(vehicle.x, vehicle.y);
    let velocity = vehicle.velocity();
    let limits = vehicle.limits();
    // Reynolds' vectors with the world's own functions (the same bits).
    let steering = forces::seek(position, velocity, limits.max_speed, target);
    let desired = forces::try_unit(target - position).map_or(Vec2::ZERO, |u| u * limits.max_speed);
    let force = forces::truncate(steering, limits.max_force);
    let acceleration = force / limits.mass;
    let mut world = World::new(0);
    let id = world
        .add_vehicle(*vehicle)
        .map_err(|e| e.within("vehicle"))?;
    world.set_behaviors(id, vec![Behavior::seek(target)])?;
    world.set_record_debug(true);
    world.step(dt);
    let next = world.vehicle(id).map(|v| (v.position, v.velocity));
    let (next_position, next_velocity) = next.unwrap_or((position, velocity));
    let (desired, steering, force, acceleration) = (
        clamp(desired),
        clamp(steering),
        clamp(force),
        clamp(acceleration),
    );
    Ok(SeekStep {
        desired,
        velocity,
        steering,
        force,
        acceleration,
        next_velocity,
        next_position,
        desired_speed: length(desired),
        speed: length(velocity),
        steering_length: length(steering),
        force_length: length(force),
    })
}

fn clamp(v: Vec2) -> Vec2 {
    Vec2::new(
        v.x.clamp(-f64::MAX, f64::MAX),
        v.y.clamp(-f64::MAX, f64::MAX),
    )
}

/// `|v|` without overflow, clamped to `f64::MAX`.
fn length(v: Vec2) -> f64 {
    crate::geom::math::hypot(v.x, v.y).min(f64::MAX)
}
