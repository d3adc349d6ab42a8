//! The formation's own (high-level) steering: where its anchor goes.
//!
//! Every update the anchor is first reset to Millington's
//! `p_anchor = p_c + k_offset · v_c` (centre of mass of the members plus a
//! lead along their mean velocity) and kept within the leash of `p_c`; then it
//! is steered toward the formation target with high limits, and clamped to the
//! leash again. The formation therefore cannot run away from its members: it
//! is "held back by the actual movement of its characters". With no members
//! (or none whose position is known yet) the anchor moves freely.
//!
//! Alternatively the anchor follows a [`Path`] (for example a turning-radius
//! path from the planner): it advances along the path by arc length, never
//! further than the leash from the members, and takes the path's heading, so
//! the whole formation turns like a vehicle.

use super::FormationParams;
use crate::error::{Error, Field, Reason};
use crate::geom::{normalize_angle, Path, Point, Pose, Vec2};

/// Where the formation should go: a point (keep the current heading when
/// there) or a pose (its heading turns the formation when it arrives). As
/// data (the `serde` feature): `{ x, y }` or `{ x, y, heading }`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(untagged))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum FormationTarget {
    /// Go there and keep the heading.
    Point(Point),
    /// Go there and turn to its heading.
    Pose(Pose),
}

/// A point or a pose, read as one object: a `heading` makes it a pose.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct TargetFields {
    x: f64,
    y: f64,
    heading: Option<f64>,
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for FormationTarget {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<FormationTarget, D::Error> {
        let t = TargetFields::deserialize(d)?;
        Ok(match t.heading {
            Some(heading) => FormationTarget::Pose(Pose::new(t.x, t.y, heading)),
            None => FormationTarget::Point(Point::new(t.x, t.y)),
        })
    }
}

impl From<Point> for FormationTarget {
    fn from(p: Point) -> FormationTarget {
        FormationTarget::Point(p)
    }
}

impl From<Pose> for FormationTarget {
    fn from(p: Pose) -> FormationTarget {
        FormationTarget::Pose(p)
    }
}

impl FormationTarget {
    /// Where to go.
    #[inline]
    #[must_use]
    pub fn position(self) -> Point {
        match self {
            FormationTarget::Point(p) => p,
            FormationTarget::Pose(p) => p.position(),
        }
    }

    /// The heading to take at the target, if it is a pose.
    #[inline]
    #[must_use]
    pub fn heading(self) -> Option<f64> {
        match self {
            FormationTarget::Point(_) => None,
            FormationTarget::Pose(p) => Some(p.heading),
        }
    }

    /// Whether every number is finite.
    #[inline]
    #[must_use]
    pub fn is_finite(self) -> bool {
        match self {
            FormationTarget::Point(p) => p.is_finite(),
            FormationTarget::Pose(p) => p.is_finite(),
        }
    }

    /// Checks every number.
    ///
    /// # Errors
    /// [`Reason::NotFinite`] about `target.x`, `target.y` or
    /// `target.heading`.
    pub fn check(self) -> Result<(), Error> {
        let p = self.position();
        let parts = [
            (p.x, "x"),
            (p.y, "y"),
            (self.heading().unwrap_or(0.0), "heading"),
        ];
        for (v, part) in parts {
            if !v.is_finite() {
                return Err(Error::new(
                    Field::named("target").key(part),
                    Reason::NotFinite,
                ));
            }
        }
        Ok(())
    }
}

/// A path being followed and how far along it the anchor is.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Followed {
    pub path: Path,
    pub travelled: f64,
}

/// The anchor's kinematic state.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Anchor {
    pub pose: Pose,
    pub velocity: Vec2,
}

/// What the anchor steering needs to know about one update.
pub(crate) struct AnchorInput<'a> {
    pub params: &'a FormationParams,
    pub spacing: f64,
    /// Centre of mass and mean velocity of the members, if any is known.
    pub members: Option<(Point, Vec2)>,
    pub target: Option<FormationTarget>,
    pub dt: f64,
}

/// `p` moved toward `centre` until it is at most `radius` from it.
fn leash(p: Point, centre: Point, radius: f64) -> Point {
    let d = p - centre;
    let len = d.length();
    if len > radius && len > 0.0 {
        centre + d * (radius / len)
    } else {
        p
    }
}

/// `from` turned toward `to` by at most `max` radians, in `(-π, π]`.
pub(crate) fn turn_toward(from: f64, to: f64, max: f64) -> f64 {
    let diff = normalize_angle(to - from);
    let h = from + crate::geom::math::clamp(diff, -max, max);
    // Only wrap when needed: wrapping an in-range angle can round it.
    if h > core::f64::consts::PI || h <= -core::f64::consts::PI {
        normalize_angle(h)
    } else {
        h
    }
}

impl Anchor {
    /// One update toward a point or pose target (or none: stay with the
    /// members). `dt` must be finite and ≥ 0 (the manager clamps it).
    pub(crate) fn step(&mut self, input: &AnchorInput<'_>) {
        let p = input.params;
        let leash_radius = p.leash * input.spacing;
        let dt = input.dt;
        // Reset to the anchor point `p_c + k_offset · v_c`.
        let base = match input.members {
            Some((pc, vc)) => leash(pc + vc * p.velocity_lead, pc, leash_radius),
            None => self.pose.position(),
        };
        let reference = input.members.map_or(base, |(pc, _)| pc);
        let Some(target) = input.target else {
            self.pose = Pose::at(base, self.pose.heading);
            self.velocity = Vec2::ZERO;
            return;
        };
        let goal = target.position();
        let to = goal - base;
        let dist = to.length();
        // Kinematic arrive with high limits: ask for the speed that reaches
        // the goal in this step (capped), and never step past it. Only the
        // leash below holds the anchor back, so once the goal is within the
        // leash of the members the anchor sits exactly on it.
        let want = if dt > 0.0 { dist / dt } else { 0.0 };
        let desired = to.normalize_or_zero() * want.min(p.max_speed);
        self.velocity += (desired - self.velocity).truncate(p.max_acceleration * dt);
        self.velocity = self.velocity.truncate(p.max_speed);
        let mut pos = base + (self.velocity * dt).truncate(dist);
        if let Some((pc, _)) = input.members {
            pos = leash(pos, pc, leash_radius);
        }
        // Face the way the formation travels; at the goal, a pose's heading.
        let travel = goal - reference;
        let desired_heading = if travel.length() > input.spacing {
            Some(travel.angle())
        } else {
            target.heading()
        };
        let heading = match desired_heading {
            Some(h) => turn_toward(self.pose.heading, h, p.max_turn_rate * dt),
            None => self.pose.heading,
        };
        self.pose = Pose::at(pos, heading);
    }

    /// One update along a followed path. Returns `true` when the anchor has
    /// reached the path's end.
    pub(crate) fn follow(&mut self, followed: &mut Followed, input: &AnchorInput<'_>) -> bool {
        let p = input.params;
        let length = followed.path.length();
        let here = followed.path.pose_at(followed.travelled);
        let mut advance = p.max_speed * input.dt;
        if let Some((pc, _)) = input.members {
            // Moving s along the path moves the point at most s, so this keeps
            // the anchor within the leash of the members (or lets them catch up).
            let slack = p.leash * input.spacing - here.position().distance(pc);
            advance = advance.min(slack.max(0.0));
        }
        followed.travelled = (followed.travelled + advance).min(length);
        let pose = followed.path.pose_at(followed.travelled);
        self.velocity = if input.dt > 0.0 {
            (pose.position() - self.pose.position()) / input.dt
        } else {
            Vec2::ZERO
        };
        if !self.velocity.is_finite() {
            self.velocity = Vec2::ZERO;
        }
        self.pose = Pose::at(pose.position(), normalize_angle(pose.heading));
        followed.travelled >= length
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_toward_takes_the_short_way_and_stops_at_the_goal() {
        // From 3 rad to -3 rad the short way is up through π (0.28 rad).
        assert!((turn_toward(3.0, -3.0, 0.1) - 3.1).abs() < 1e-12);
        assert_eq!(turn_toward(0.0, 0.05, 0.1), 0.05);
        assert_eq!(turn_toward(0.0, -1.0, 0.1), -0.1);
    }

    #[test]
    fn leash_pulls_back_to_the_radius() {
        let p = leash(Point::new(10.0, 0.0), Point::ORIGIN, 2.0);
        assert_eq!(p, Point::new(2.0, 0.0));
        assert_eq!(
            leash(Point::new(1.0, 0.0), Point::ORIGIN, 2.0),
            Point::new(1.0, 0.0)
        );
    }

    #[test]
    fn a_lone_anchor_arrives_without_overshoot() {
        let params = FormationParams::default();
        let mut a = Anchor::default();
        let target = Some(FormationTarget::Point(Point::new(3.0, 4.0)));
        let mut last = 5.0;
        for _ in 0..100 {
            a.step(&AnchorInput {
                params: &params,
                spacing: 1.0,
                members: None,
                target,
                dt: 0.1,
            });
            let d = a.pose.position().distance(Point::new(3.0, 4.0));
            assert!(d <= last + 1e-12);
            last = d;
        }
        assert!(last < 1e-6);
    }
}
