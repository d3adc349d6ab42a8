//! Hide: get behind an obstacle, out of a hunter's sight.

use super::view::{Body, Me};
use crate::geom::{Point, Vec2};
use crate::steering::behavior::Obstacle;
use crate::steering::forces;

/// The hiding spot behind `o` from a hunter at `hunter`: on the line from
/// the hunter through the centre, two body radii beyond the edge. `None`
/// when the hunter is at the centre (no side is behind).
#[must_use]
pub(crate) fn hiding_spot(o: &Obstacle, hunter: Point, body_radius: f64) -> Option<Point> {
    let away = forces::try_unit(o.center() - hunter)?;
    let spot = o.center() + away * (o.radius + 2.0 * body_radius);
    spot.is_finite().then_some(spot)
}

/// The hiding spot nearest the vehicle at `me` (ties: the first obstacle),
/// behind an obstacle as seen from a hunter at `hunter`.
#[must_use]
pub(crate) fn nearest_spot(me: &Me, hunter: Point, obstacles: &[Obstacle]) -> Option<Point> {
    let mut best: Option<(f64, Point)> = None;
    for o in obstacles {
        if let Some(spot) = hiding_spot(o, hunter, me.radius) {
            let d2 = (spot - me.pos).length_squared();
            if best.map_or(true, |(b, _)| d2 < b) {
                best = Some((d2, spot));
            }
        }
    }
    best.map(|(_, spot)| spot)
}

/// Buckland's hide: arrive (over the braking distance) at the hiding spot
/// nearest the vehicle ([`nearest_spot`]); with no spot, evade the hunter
/// (flee its predicted position).
#[must_use]
pub(crate) fn hide(me: &Me, hunter: &Body, obstacles: &[Obstacle]) -> Vec2 {
    match nearest_spot(me, hunter.pos, obstacles) {
        Some(spot) => forces::arrive(
            me.pos,
            me.vel,
            me.max_speed,
            spot,
            me.slowing_radius(),
            me.dt,
        ),
        None => {
            let at = forces::predict(me.pos, me.max_speed, hunter.pos, hunter.vel);
            forces::flee(me.pos, me.vel, me.max_speed, at)
        }
    }
}
