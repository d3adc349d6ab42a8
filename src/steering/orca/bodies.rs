//! What the avoidance reads of the vehicles: their previous state
//! ([`Bodies`]), what an avoiding vehicle reads of itself ([`Own`]), and the
//! walls of its own behaviours ([`for_each_wall`]); below the avoidance's
//! step (`mod.rs`) and the contacts it resolves (`contact.rs`).

use crate::geom::{Point, Vec2};
use crate::steering::behavior::{BehaviorKind, BehaviorSet};
use crate::steering::behaviors::polygon;
use crate::steering::forces;
use crate::steering::sets::BySlot;
use crate::steering::VehicleId;

/// The vehicles as of the previous step, in slot order.
pub(crate) struct Bodies<'a> {
    pub ids: &'a [VehicleId],
    pub pos: &'a [[f64; 2]],
    pub vel: &'a [[f64; 2]],
    pub head: &'a [[f64; 2]],
    pub radius: &'a [f64],
    pub max_speed: &'a [f64],
    pub sets: BySlot<'a>,
}

/// What one avoiding vehicle reads of itself, in the grid's order.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Own {
    pub(super) pref: [f64; 2],
    pub(super) max_speed: f64,
    /// `1 / max(time horizon, dt)`.
    pub(super) inv_tau: f64,
    /// The reach of its neighbours: the sum of radii plus what both can
    /// cover within the horizon, squared.
    pub(super) range2: f64,
    pub(super) walls: bool,
}

/// A wall near a body: the unit direction from the wall's nearest point to
/// the body, and the distance (negative inside a circle).
#[derive(Debug, Clone, Copy)]
pub(super) struct Wall {
    pub(super) away: Vec2,
    pub(super) distance: f64,
}

/// Calls `f` with each wall of `set` (the edges of its `contain` boundaries
/// that `p` is inside, its `avoid` circles).
pub(super) fn for_each_wall(set: &BehaviorSet, p: Point, mut f: impl FnMut(Wall)) {
    for b in set.behaviors() {
        match &b.kind {
            BehaviorKind::Contain { boundary, .. } => {
                if boundary.len() < 3 || !polygon::contains(boundary, p) {
                    continue;
                }
                let inward = || {
                    let n = polygon::nearest(boundary, p);
                    n.inward
                };
                for k in 0..boundary.len() {
                    let (a, b) = polygon::edge(boundary, k);
                    let q = polygon::nearest_on_segment(a, b, p);
                    let d = forces::length(p - q);
                    let away = if d > 0.0 { (p - q) / d } else { inward() };
                    f(Wall { away, distance: d });
                }
            }
            BehaviorKind::Avoid { obstacles, .. } => {
                for o in obstacles {
                    let to = p - o.center();
                    let l = forces::length(to);
                    let away = if l > 0.0 { to / l } else { Vec2::new(1.0, 0.0) };
                    f(Wall {
                        away,
                        distance: l - o.radius,
                    });
                }
            }
            _ => {}
        }
    }
}
