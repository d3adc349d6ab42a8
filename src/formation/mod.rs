//! Formations: Ian Millington's two-level formation steering. A formation
//! moves as one body (its *anchor*, steered toward a target), and each member
//! steers to its *slot* in a pattern laid out around the anchor.
//!
//! - [`FormationPattern`] ([`PatternKind`]: line, column, V, circle, box)
//!   gives the number of slots and each slot's location relative to the
//!   formation; circle and box scale with their members.
//! - [`FormationManager`] holds the members and their slot assignments
//!   ([`AssignmentStrategy`]: in joining order, or the least total travel,
//!   computed by [`min_cost_assignment`], the Hungarian method), the drift
//!   offset (centre of mass of the occupied slots) and the anchor
//!   (`p_c + k_offset · v_c`: the members' centre of mass plus a lead along
//!   their mean velocity, steered toward the [`FormationTarget`] with high
//!   limits but held back by the members, or following a turning-radius
//!   [`Path`](crate::Path)). Each member's slot target is
//!   `anchor + rotate(slot − drift offset, heading)`, so the centroid of the
//!   slot targets is the anchor.
//! - [`Formations`] is a registry of formations and membership for any world;
//!   [`WorldFormations`] drives the vehicles of a steering
//!   [`World`](crate::steering::World) with it (members arrive at their slot
//!   targets; their own behaviours come back when they leave).
//!
//! The manager never touches vehicles: it takes member states and gives slot
//! targets, which the world's steering (an arrive behaviour) then reaches.
//! Bad input is an [`Error`](crate::Error) naming the field; spacings and
//! tuning so large that a slot or a radius would not be finite are refused.
//!
//! # Examples
//! ```
//! use arcline::formation::{FormationSpec, FormationTarget, PatternKind, WorldFormations};
//! use arcline::steering::{VehicleSpec, World};
//! use arcline::Point;
//! let mut world = World::new(0);
//! let mut formations = WorldFormations::new();
//! let v = formations.create_with(&FormationSpec::new(PatternKind::V, 2.0)).unwrap();
//! for i in 0..5 {
//!     let id = world.add_vehicle(VehicleSpec::new(f64::from(i) * 3.0, 0.0, 6.0, 20.0)).unwrap();
//!     assert_eq!(formations.join(&mut world, v, id), Ok(true));
//! }
//! let target = FormationTarget::Point(Point::new(30.0, 20.0));
//! formations.formation_mut(v).unwrap().set_target(target).unwrap();
//! for _ in 0..1800 {
//!     formations.before_step(&mut world, 1.0 / 30.0);
//!     world.step(1.0 / 30.0);
//! }
//! let anchor = formations.formations().get(v).unwrap().anchor();
//! assert!(anchor.position().distance(Point::new(30.0, 20.0)) < 0.1);
//! ```

mod anchor;
mod assignment;
mod manager;
mod params;
mod pattern;
mod registry;
#[cfg(feature = "serde")]
pub mod shape;
mod sorted_map;
mod spec;
mod steer;

pub use anchor::FormationTarget;
pub use assignment::{assignment_cost, min_cost_assignment, AssignmentStrategy};
pub use manager::{FormationManager, MemberState, SlotTarget};
pub use params::FormationParams;
pub use pattern::{FormationPattern, PatternChange, PatternKind, MAX_CAPACITY};
pub use registry::{FormationId, FormationMut, Formations};
pub use spec::FormationSpec;
pub use steer::WorldFormations;
