//! Steering behaviours (seed 003, Reynolds): vehicles with a position,
//! velocity, maximum speed, maximum force and mass, steered by weighted
//! behaviours, in a [`World`] built for crowds of 100,000 (struct-of-arrays
//! storage, a uniform-grid spatial hash, a simultaneous update).
//!
//! With `dt = 1` a step is the seed's per-frame rule bit for bit:
//! `steering = truncate(desired − velocity, maxForce)`, `steering /= mass`,
//! `velocity = truncate(velocity + steering, maxSpeed)`, `position += velocity`.

mod behavior;
mod error;
mod forces;
mod grid;
mod path_follow;
mod rng;
mod seek_block;
mod vehicle;
mod world;

pub use behavior::{Behavior, BehaviorKind, BehaviorSet, Combine, Obstacle};
pub use error::SteeringError;
pub use path_follow::{closest_distance_along, racetrack};
pub use rng::Pcg32;
pub use vehicle::{VehicleDebug, VehicleId, VehicleSpec, VehicleState};
pub use world::World;
