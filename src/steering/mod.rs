//! Steering behaviours after Craig Reynolds: vehicles with a position,
//! velocity, maximum speed, maximum force and mass, each steered by a list of
//! weighted [`Behavior`]s, in a [`World`] built for crowds of 100,000
//! (struct-of-arrays storage, a uniform-grid spatial hash, every vehicle
//! updated from the previous step's state).
//!
//! Each step, for each vehicle:
//!
//! ```text
//! force    = truncate(Σ weightᵢ · behaviourᵢ, maxForce)
//! velocity = truncate(velocity + force / mass · dt, maxSpeed)
//! position = position + velocity · dt
//! ```
//!
//! where every behaviour gives a steering vector `desired velocity −
//! velocity` (seek: `desired = normalize(target − position) · maxSpeed`) and
//! `truncate(v, max)` scales `v` down to length `max` when it is longer. With
//! `dt = 1` this is Reynolds' per-frame rule exactly; the heading follows the
//! velocity, and a vehicle at rest keeps its heading.
//!
//! The behaviours: seek, flee, arrive, pursue and evade another vehicle,
//! wander, separation, alignment and cohesion among neighbours, obstacle
//! avoidance and path following ([`BehaviorKind`]); interpose, offset
//! pursuit, hide, stay on path and containment ([`behaviors`]). They are
//! added as a weighted sum or by priority ([`Combine`]).
//!
//! Vehicles have a body radius (0.5 by default). With
//! [`BehaviorKind::AvoidVehicles`] a vehicle avoids the others' bodies by
//! reciprocal velocity obstacles ([`orca`]): that acts on the velocity the
//! forces give, so no force limit can push a body into another. A vehicle
//! given a [`Facing`] turns to it when it stops (formation members face
//! their slot's orientation).
//!
//! Bad input is an [`Error`](crate::Error) naming the field (`mass: must be
//! greater than zero`, `behaviors[1].radius: must be a finite number`);
//! nothing a step computes is NaN or infinite.
//!
//! # Examples
//! ```
//! use arcline::steering::{Behavior, VehicleSpec, World};
//! use arcline::Point;
//! let mut world = World::new(0);
//! let car = world.add_vehicle(VehicleSpec::new(0.0, 0.0, 2.0, 0.5)).unwrap();
//! world.set_behaviors(car, vec![Behavior::seek(Point::new(10.0, 0.0)), Behavior::separation(1.5)]).unwrap();
//! for _ in 0..20 {
//!     world.step(1.0);
//! }
//! let v = world.vehicle(car).unwrap();
//! assert!(v.position.x > 5.0 && v.velocity.length() <= 2.0);
//! ```

mod aims;
mod behavior;
pub mod behaviors;
mod block;
mod columns;
mod facing;
mod forces;
mod grid;
mod kinds;
mod neighbours;
pub mod orca;
mod path_follow;
mod query;
mod rng;
mod seek_step;
mod sets;
#[cfg(feature = "serde")]
pub mod shape;
mod slot_order;
mod vehicle;
mod world;

pub use aims::BehaviorAim;
pub use behavior::{Behavior, BehaviorKind, BehaviorSet, Combine, Obstacle, MAX_BOUNDARY};
pub use facing::{Facing, REST_SPEED_FRACTION};
pub use path_follow::{closest_distance_along, racetrack};
pub use seek_step::{seek_step, SeekStep};
pub use slot_order::SlotOrder;
pub use vehicle::{VehicleDebug, VehicleId, VehicleLimits, VehicleSpec, VehicleState};
pub use world::World;

pub(crate) use vehicle::unknown_vehicle;
