//! What a behaviour of the family sees: the vehicle it steers ([`Me`]) and
//! the others ([`Others`], each a [`Body`]), as of the previous step; below
//! the behaviours and their dispatch, which all read them.

use crate::geom::{Point, Vec2};
use crate::steering::VehicleId;

/// The vehicle a behaviour steers, as of the previous step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Me {
    pub id: VehicleId,
    pub pos: Point,
    pub vel: Vec2,
    pub max_speed: f64,
    pub max_force: f64,
    pub mass: f64,
    /// The radius of its body.
    pub radius: f64,
    pub dt: f64,
}

impl Me {
    /// The braking distance `maxSpeed² · mass / maxForce` the family's
    /// arrives slow over (infinite for no force; 0 when the speed is 0).
    #[inline]
    pub fn slowing_radius(&self) -> f64 {
        let r = self.max_speed * self.max_speed * self.mass / self.max_force;
        if r.is_nan() {
            0.0
        } else {
            r
        }
    }
}

/// Another vehicle as of the previous step: position, velocity, unit heading.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Body {
    pub pos: Point,
    pub vel: Vec2,
    pub heading: Vec2,
}

/// Every vehicle's previous state, found by id.
pub(crate) struct Others<'a> {
    pub pos: &'a [[f64; 2]],
    pub vel: &'a [[f64; 2]],
    pub head: &'a [[f64; 2]],
    pub slot_of: &'a [u32],
}

impl Others<'_> {
    /// The vehicle `id`, if it is live.
    #[inline]
    pub fn get(&self, id: VehicleId) -> Option<Body> {
        let s = *self.slot_of.get(id.0 as usize)? as usize;
        let (p, v, h) = (self.pos.get(s)?, self.vel.get(s)?, self.head.get(s)?);
        Some(Body {
            pos: Point::new(p[0], p[1]),
            vel: Vec2::new(v[0], v[1]),
            heading: Vec2::new(h[0], h[1]),
        })
    }
}
