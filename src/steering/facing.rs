//! [`Facing`]: the direction a vehicle turns to when it stops (Millington's
//! *align*: a member of a formation at rest in its slot faces the slot's
//! orientation), within a turning rate. While the vehicle moves its heading
//! follows its velocity, as without a facing.

use crate::error::Error;
use crate::geom::Vec2;

/// Below this fraction of its max speed a vehicle with a [`Facing`] counts
/// as stopped and turns to it (a formation member's arrive slows it this much
/// about a sixteenth of a slowing radius from its slot).
pub const REST_SPEED_FRACTION: f64 = 1.0 / 32.0;

/// Where a vehicle at rest turns to, and how fast.
///
/// A vehicle with a facing whose speed is below
/// [`REST_SPEED_FRACTION`] of its max speed turns its heading toward
/// `heading` by at most `max_turn_rate · dt` a step (the shorter way round);
/// faster, its heading follows its velocity as usual.
///
/// # Examples
/// ```
/// use arcline::steering::{Facing, VehicleSpec, World};
/// let mut w = World::new(0);
/// let id = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 1.0, 1.0)).unwrap();
/// w.set_facing(id, Some(Facing::new(core::f64::consts::FRAC_PI_2, 0.5))).unwrap();
/// w.step(1.0);
/// assert!((w.vehicle(id).unwrap().heading - 0.5).abs() < 1e-12);
/// for _ in 0..3 {
///     w.step(1.0);
/// }
/// assert_eq!(w.vehicle(id).unwrap().heading, core::f64::consts::FRAC_PI_2);
/// assert!(Facing::new(0.0, -1.0).check().is_err());
/// ```
///
/// As data (the `serde` feature): `{ heading, maxTurnRate }`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Facing {
    /// The direction to face, radians counter-clockwise from +x.
    pub heading: f64,
    /// The fastest it turns, radians per unit of time (> 0).
    pub max_turn_rate: f64,
}

impl Facing {
    /// Face `heading`, turning at most `max_turn_rate` radians per unit of time.
    #[must_use]
    pub fn new(heading: f64, max_turn_rate: f64) -> Facing {
        Facing {
            heading,
            max_turn_rate,
        }
    }

    /// Checks the numbers.
    ///
    /// # Errors
    /// `heading` not finite, `max_turn_rate` not a finite number > 0.
    pub fn check(&self) -> Result<(), Error> {
        crate::error::finite(self.heading, "heading")?;
        crate::error::positive(self.max_turn_rate, "max_turn_rate")?;
        Ok(())
    }
}

/// The unit vector `h` turned toward the unit vector `goal` by at most
/// `max_angle` radians (the shorter way; exactly `goal` once within reach).
/// Trigonometry through libm, so native and wasm agree bit for bit.
#[must_use]
pub(crate) fn turn_toward(h: Vec2, goal: Vec2, max_angle: f64) -> Vec2 {
    let angle = crate::geom::math::atan2(h.cross(goal), h.dot(goal));
    if angle.abs() <= max_angle || !max_angle.is_finite() {
        return goal;
    }
    let a = max_angle.copysign(angle);
    let (s, c) = (crate::geom::math::sin(a), crate::geom::math::cos(a));
    let turned = Vec2::new(h.x * c - h.y * s, h.x * s + h.y * c);
    turned.try_normalize().unwrap_or(goal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_the_shorter_way_by_at_most_the_angle() {
        let h = Vec2::new(1.0, 0.0);
        let goal = Vec2::from_angle(-2.0);
        let t = turn_toward(h, goal, 0.5);
        assert!((t.angle() + 0.5).abs() < 1e-12, "{t:?}");
        assert_eq!(turn_toward(h, goal, 2.5), goal);
        // Exactly behind: atan2(0, -1) = π, a left turn.
        let t = turn_toward(h, Vec2::new(-1.0, 0.0), 0.25);
        assert!((t.angle() - 0.25).abs() < 1e-12);
    }
}
