//! [`BehaviorAim`]: what each of a vehicle's behaviours aims at, from the
//! current state, for drawing the behaviours the way a diagram draws seek's
//! target (the point between two vehicles that interpose heads for, the
//! hiding spot, the place in a leader's frame, the predicted position that
//! stay on path and containment check).

use super::behavior::BehaviorKind;
use super::behaviors::{self, Body, Me};
use super::{forces, path_follow, VehicleId, World};
use crate::geom::{Point, Vec2};

/// What one behaviour aims at. As data (the `serde` feature): `{ target,
/// predicted }`, each a point or `null`.
///
/// - `target`: the point it steers toward, or away from — seek's, flee's
///   and arrive's target; the quarry's predicted position (pursue, evade);
///   the look-ahead point on the path (follow path); the midpoint of the two
///   vehicles (interpose); the place in the leader's frame (offset pursuit);
///   the hiding spot (hide; `null` when it evades for want of obstacles);
///   the path or boundary point it steers back to when the prediction is
///   out of bounds (stay on path, contain; else `null`). `null` for wander,
///   separation, alignment, cohesion, obstacle and vehicle avoidance.
/// - `predicted`: the position stay on path and containment predict and
///   check; `null` for the others.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct BehaviorAim {
    /// The point the behaviour steers toward (or away from), if any.
    pub target: Option<Point>,
    /// The position it predicts, if it predicts one.
    pub predicted: Option<Point>,
}

impl World {
    /// What each of the vehicle's behaviours aims at, in order, computed
    /// from the current state (what the next step reads). For a member of a
    /// formation, its formation's arrive (as its behaviours are then).
    /// `None` for an unknown id.
    ///
    /// # Examples
    /// ```
    /// use arcline::steering::{Behavior, BehaviorKind, VehicleSpec, World};
    /// use arcline::Point;
    /// let mut w = World::new(0);
    /// let a = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 1.0, 1.0)).unwrap();
    /// let b = w.add_vehicle(VehicleSpec::new(4.0, 2.0, 1.0, 1.0)).unwrap();
    /// let me = w.add_vehicle(VehicleSpec::new(0.0, 9.0, 1.0, 1.0)).unwrap();
    /// w.set_behaviors(me, vec![Behavior::new(BehaviorKind::Interpose { a, b })]).unwrap();
    /// assert_eq!(w.aims(me).unwrap()[0].target, Some(Point::new(2.0, 1.0)));
    /// ```
    #[must_use]
    pub fn aims(&self, id: VehicleId) -> Option<Vec<BehaviorAim>> {
        let v = self.vehicle(id)?;
        let set = self.behaviors(id)?;
        let me = Me {
            id,
            pos: v.position,
            vel: v.velocity,
            max_speed: v.limits.max_speed,
            max_force: v.limits.max_force,
            mass: v.limits.mass,
            radius: v.radius,
            // Not read by what the behaviours look at.
            dt: 1.0,
        };
        let get = |other: VehicleId| -> Option<Body> {
            let s = self.slot(other)?;
            let at = |xs: &[f64]| Vec2::new(xs[2 * s], xs[2 * s + 1]);
            let p = at(self.positions().as_slice());
            Some(Body {
                pos: Point::new(p.x, p.y),
                vel: at(self.velocities().as_slice()),
                heading: at(self.heading_vectors().as_slice()),
            })
        };
        let aims = set
            .behaviors()
            .iter()
            .map(|b| {
                let (target, predicted) = match &b.kind {
                    BehaviorKind::Seek { target }
                    | BehaviorKind::Flee { target }
                    | BehaviorKind::Arrive { target, .. } => (Some(*target), None),
                    BehaviorKind::Pursue { quarry } | BehaviorKind::Evade { quarry } => (
                        get(*quarry).map(|q| forces::predict(me.pos, me.max_speed, q.pos, q.vel)),
                        None,
                    ),
                    BehaviorKind::FollowPath { path, look_ahead } => {
                        let s = path_follow::closest_distance_along(path, me.pos) + look_ahead;
                        (Some(path.pose_at(s).position()), None)
                    }
                    kind => behaviors::look(kind, &me, &get),
                };
                BehaviorAim {
                    target: target.filter(|p| p.is_finite()),
                    predicted: predicted.filter(|p| p.is_finite()),
                }
            })
            .collect();
        Some(aims)
    }
}
