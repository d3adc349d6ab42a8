//! `Behavior`: one weighted steering behaviour (seek, flee, arrive, pursue,
//! evade, wander, separation, alignment, cohesion, obstacle avoidance, path
//! following), and `Combine`: how a vehicle adds its behaviours up.

use super::error::{finite, non_negative, positive, SteeringError};
use super::VehicleId;
use crate::{Path, Point};
use std::sync::Arc as Shared;

/// A circular obstacle for [`BehaviorKind::Avoid`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Obstacle {
    pub center: Point,
    pub radius: f64,
}

/// What a behaviour asks for. Every kind returns a *steering* vector in
/// velocity units (`desired velocity − velocity`), as Reynolds' seek does.
#[derive(Debug, Clone, PartialEq)]
pub enum BehaviorKind {
    /// The seed's seek: `normalize(target − position) · maxSpeed − velocity`.
    Seek { target: Point },
    /// Seek's mirror: `normalize(position − target) · maxSpeed − velocity`.
    Flee { target: Point },
    /// Seek that slows down linearly inside `slowing_radius` and never asks
    /// for more speed than would reach the target in one step.
    Arrive { target: Point, slowing_radius: f64 },
    /// Seek the quarry's predicted position `q + v_q · T`, with
    /// `T = distance / (maxSpeed + |v_q|)`. A removed quarry gives no force.
    Pursue { quarry: VehicleId },
    /// Flee the quarry's predicted position (as [`BehaviorKind::Pursue`]).
    Evade { quarry: VehicleId },
    /// Reynolds' wander: a point on a circle of `radius` held `distance`
    /// ahead, jittered each step by up to `jitter · dt` (seeded per vehicle).
    Wander {
        distance: f64,
        radius: f64,
        jitter: f64,
    },
    /// Push away from neighbours closer than `radius`: the sum over them of
    /// `unit(away) · maxSpeed · (1 − d / radius)`.
    Separation { radius: f64 },
    /// Match the mean velocity of neighbours within `radius`.
    Alignment { radius: f64 },
    /// Seek the centre of the neighbours within `radius`.
    Cohesion { radius: f64 },
    /// Steer around the nearest circle ahead within `look_ahead` (default
    /// `10 · maxSpeed`); a vehicle inside a circle is pushed straight out.
    Avoid {
        obstacles: Shared<[Obstacle]>,
        look_ahead: Option<f64>,
    },
    /// Seek the point `look_ahead` further along `path` than the closest
    /// point; arrive at the end (slowing over `look_ahead`).
    FollowPath { path: Shared<Path>, look_ahead: f64 },
}

/// A behaviour and its weight.
#[derive(Debug, Clone, PartialEq)]
pub struct Behavior {
    pub weight: f64,
    pub kind: BehaviorKind,
}

/// How a vehicle's behaviours become one force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Combine {
    /// `truncate(Σ weightᵢ · behaviourᵢ, maxForce)`: the published rule.
    #[default]
    WeightedSum,
    /// Behaviours in order, each added whole while it fits in what is left of
    /// `maxForce`; the first that does not fit is added shortened to the rest,
    /// and the ones after it are not evaluated.
    Priority,
}

impl Behavior {
    /// A behaviour with weight 1.
    pub fn new(kind: BehaviorKind) -> Behavior {
        Behavior { weight: 1.0, kind }
    }

    /// The same behaviour with another weight.
    pub fn weighted(mut self, weight: f64) -> Behavior {
        self.weight = weight;
        self
    }

    /// Seek `target` with weight 1.
    pub fn seek(target: Point) -> Behavior {
        Behavior::new(BehaviorKind::Seek { target })
    }

    /// Separation within `radius` with weight 1.
    pub fn separation(radius: f64) -> Behavior {
        Behavior::new(BehaviorKind::Separation { radius })
    }

    /// The neighbour radius this behaviour needs, or 0 when it needs none.
    pub fn neighbour_radius(&self) -> f64 {
        match self.kind {
            BehaviorKind::Separation { radius }
            | BehaviorKind::Alignment { radius }
            | BehaviorKind::Cohesion { radius } => radius,
            _ => 0.0,
        }
    }

    /// Checks every number (finite; radii and look-aheads > 0; wander jitter
    /// and distance ≥ 0). Quarry ids are checked by the world.
    ///
    /// # Errors
    /// A [`SteeringError`] naming the field, e.g. `slowingRadius`.
    pub fn check(&self) -> Result<(), SteeringError> {
        finite(self.weight, "weight")?;
        match &self.kind {
            BehaviorKind::Seek { target } | BehaviorKind::Flee { target } => {
                finite(target.x, "target.x")?;
                finite(target.y, "target.y")?;
            }
            BehaviorKind::Arrive {
                target,
                slowing_radius,
            } => {
                finite(target.x, "target.x")?;
                finite(target.y, "target.y")?;
                positive(*slowing_radius, "slowingRadius")?;
            }
            BehaviorKind::Pursue { .. } | BehaviorKind::Evade { .. } => {}
            BehaviorKind::Wander {
                distance,
                radius,
                jitter,
            } => {
                non_negative(*distance, "distance")?;
                positive(*radius, "radius")?;
                non_negative(*jitter, "jitter")?;
            }
            BehaviorKind::Separation { radius }
            | BehaviorKind::Alignment { radius }
            | BehaviorKind::Cohesion { radius } => {
                positive(*radius, "radius")?;
            }
            BehaviorKind::Avoid {
                obstacles,
                look_ahead,
            } => {
                for o in obstacles.iter() {
                    finite(o.center.x, "obstacles.x")?;
                    finite(o.center.y, "obstacles.y")?;
                    positive(o.radius, "obstacles.radius")?;
                }
                if let Some(l) = look_ahead {
                    positive(*l, "lookAhead")?;
                }
            }
            BehaviorKind::FollowPath { look_ahead, .. } => {
                positive(*look_ahead, "lookAhead")?;
            }
        }
        Ok(())
    }
}

/// A vehicle's behaviours, checked, with what the world needs to know about
/// them precomputed. Shared between vehicles that were given the same list.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BehaviorSet {
    pub(crate) behaviors: Vec<Behavior>,
    pub(crate) combine: Combine,
    /// The largest separation/alignment/cohesion radius (0: no neighbours needed).
    pub(crate) neighbour_radius: f64,
    /// `(target, weight)` when the set is one weighted-sum seek (a crowd's
    /// commonest case, stepped without the general loop).
    pub(crate) single_seek: Option<(Point, f64)>,
    /// Whether a behaviour reads other vehicles' state (pursue, evade, or a
    /// neighbour radius): then the world must step simultaneously.
    pub(crate) reads_others: bool,
}

impl BehaviorSet {
    /// Checks each behaviour and precomputes the neighbour radius.
    ///
    /// # Errors
    /// The index of the first bad behaviour and why.
    pub fn new(
        behaviors: Vec<Behavior>,
        combine: Combine,
    ) -> Result<BehaviorSet, (usize, SteeringError)> {
        let mut neighbour_radius: f64 = 0.0;
        let mut reads_others = false;
        for (i, b) in behaviors.iter().enumerate() {
            b.check().map_err(|e| (i, e))?;
            neighbour_radius = neighbour_radius.max(b.neighbour_radius());
            reads_others |= b.neighbour_radius() > 0.0
                || matches!(
                    b.kind,
                    BehaviorKind::Pursue { .. } | BehaviorKind::Evade { .. }
                );
        }
        let single_seek = match (behaviors.as_slice(), combine) {
            (
                [Behavior {
                    weight,
                    kind: BehaviorKind::Seek { target },
                }],
                Combine::WeightedSum,
            ) => Some((*target, *weight)),
            _ => None,
        };
        Ok(BehaviorSet {
            behaviors,
            combine,
            neighbour_radius,
            single_seek,
            reads_others,
        })
    }

    pub fn behaviors(&self) -> &[Behavior] {
        &self.behaviors
    }

    pub fn combine(&self) -> Combine {
        self.combine
    }
}
