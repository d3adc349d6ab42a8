//! Formations: Millington's two-level formation steering (seed 002).
//!
//! - [`FormationPattern`] ([`PatternKind`]: line, column, V, circle, box)
//!   gives the number of slots and each slot's location relative to the
//!   formation; circle and box scale with their members.
//! - [`FormationManager`] holds the members and their slot assignments
//!   ([`AssignmentStrategy`]: the seed's sequential one, or the minimum total
//!   travel one computed by [`min_cost_assignment`], the Hungarian method),
//!   the drift offset (centre of mass of the occupied slots) and the anchor
//!   (`p_c + k_offset · v_c`, steered toward the [`FormationTarget`] with high
//!   limits but held back by the members, or following a turning-radius
//!   [`Path`](crate::Path)). Each member's slot target is
//!   `anchor + rotate(slot − drift offset, heading)`.
//! - [`Formations`] is a registry of formations and membership for any world;
//!   [`WorldFormations`] drives the vehicles of the steering
//!   [`World`](crate::World) with it (members arrive at their slot targets).
//!
//! The manager never touches vehicles: it takes member states and gives slot
//! targets, which the world's steering (an arrive behaviour) then reaches.

mod anchor;
mod assignment;
mod error;
mod manager;
mod params;
mod pattern;
mod registry;
mod sorted_map;
mod steer;

pub use anchor::FormationTarget;
pub use assignment::{assignment_cost, min_cost_assignment, AssignmentStrategy};
pub use error::FormationError;
pub use manager::{FormationManager, MemberId, MemberState, SlotTarget};
pub use params::FormationParams;
pub use pattern::{FormationPattern, PatternKind, MAX_CAPACITY};
pub use registry::{FormationId, FormationMut, Formations};
pub use steer::WorldFormations;
