//! The serialized form of a formation's state (the `serde` feature): what
//! the JS API's `formation(id)` returns, for drawing it.

use super::{AssignmentStrategy, FormationManager, FormationTarget, PatternKind, SlotTarget};
use crate::geom::{Path, Point, Pose};
use serde::Serialize;

/// A [`FormationManager`]'s state as data: `{ anchor, driftOffset, slots }`
/// and, for drawing, `pattern, spacing, assignment, capacity, centerOfMass,
/// origin, slotPoses, target, path, travelled, slowingRadius`.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(rename = "FormationState")
)]
pub struct FormationStateShape<'a> {
    /// The point the slots are measured from and the formation's heading.
    pub anchor: Pose,
    /// The centre of mass of the occupied slots, in the pattern's frame.
    pub drift_offset: Point,
    /// Each member's slot and slot target, in joining order.
    pub slots: &'a [SlotTarget],
    /// The shape.
    pub pattern: PatternKind,
    /// The distance between neighbouring slots.
    pub spacing: f64,
    /// How slots are handed out.
    pub assignment: AssignmentStrategy,
    /// How many slots the pattern has.
    pub capacity: usize,
    /// The members' centre of mass (null before any member is known).
    pub center_of_mass: Option<Point>,
    /// Where the pattern's own origin is: `anchor − rotate(driftOffset,
    /// heading)`.
    pub origin: Point,
    /// Every occupied slot, by slot number.
    pub slot_poses: Vec<Pose>,
    /// Where the formation is going (null: nowhere).
    pub target: Option<FormationTarget>,
    /// The path the anchor follows (null: none).
    #[cfg_attr(
        feature = "typescript",
        ts(as = "Option<crate::geom::shape::PathShape>")
    )]
    pub path: Option<&'a Path>,
    /// How far along the path the anchor is (0 without a path).
    pub travelled: f64,
    /// The slowing radius the members arrive at their slots with (the
    /// tuning's, in spacings, times the spacing).
    pub slowing_radius: f64,
}

impl<'a> From<&'a FormationManager> for FormationStateShape<'a> {
    fn from(f: &'a FormationManager) -> FormationStateShape<'a> {
        let (path, travelled) = match f.followed_path() {
            Some((p, s)) => (Some(p), s),
            None => (None, 0.0),
        };
        let pattern = f.pattern();
        FormationStateShape {
            anchor: f.anchor(),
            drift_offset: f.drift_offset(),
            slots: f.slot_targets(),
            pattern: pattern.kind(),
            spacing: pattern.spacing(),
            assignment: f.strategy(),
            capacity: pattern.capacity(),
            center_of_mass: f.center_of_mass().map(|c| c.0),
            origin: f.pattern_origin(),
            slot_poses: f.slot_poses(),
            target: f.target(),
            path,
            travelled,
            slowing_radius: f.slowing_radius(),
        }
    }
}
