//! [`Behavior`]: one weighted steering behaviour (seek, flee, arrive, pursue,
//! evade, wander, separation, alignment, cohesion, obstacle avoidance, path
//! following, interpose, offset pursuit, hide, stay on path, containment,
//! and reciprocal collision avoidance among vehicles); [`Combine`]: how a
//! vehicle adds its behaviours up;
//! [`BehaviorSet`]: a checked list of them that many vehicles can share.

pub use super::behaviors::polygon::MAX_BOUNDARY;
pub use super::forces::Obstacle;
use super::VehicleId;
use crate::error::Error;
use crate::geom::{Path, Point, Vec2};
use std::sync::Arc as Shared;

/// The kinds of behaviour, listed once. Each entry is a variant of
/// [`BehaviorKind`] with its docs and fields; each field gives its type, its
/// type as data and the name data gives it (with the data's own attributes
/// after it: see `shape.rs`), and the rule [`Behavior::check`] applies to it
/// (a function of `rule`, below). `$then` receives the list: here it makes
/// [`BehaviorKind`], its checks and its fingerprint; with the `serde` feature
/// `shape.rs` makes the kinds as data from the same list. A new kind is one
/// entry here and its steering vector (its arm in the world's step, or
/// [`behaviors`](super::behaviors) for the family that reads other vehicles).
macro_rules! with_behavior_kinds {
    ($then:ident) => {
        $then! {
            /// Reynolds' seek: `normalize(target − position) · maxSpeed − velocity`.
            Seek {
                /// The point to go to.
                target: Point => Point = "target", point;
            }
            /// Seek's mirror: `normalize(position − target) · maxSpeed − velocity`.
            Flee {
                /// The point to get away from.
                target: Point => Point = "target", point;
            }
            /// Seek that slows down linearly inside `slowing_radius` and never asks
            /// for more speed than would reach the target in one step.
            Arrive {
                /// The point to stop at.
                target: Point => Point = "target", point;
                /// The distance (> 0) from the target at which slowing starts.
                slowing_radius: f64 => f64 = "slowingRadius", positive;
            }
            /// Seek the quarry's predicted position `q + v_q · T`, with
            /// `T = distance / (maxSpeed + |v_q|)`. A removed quarry gives no force.
            Pursue {
                /// The vehicle to catch.
                quarry: VehicleId => VehicleId = "quarry", unchecked;
            }
            /// Flee the quarry's predicted position (as [`BehaviorKind::Pursue`]).
            Evade {
                /// The vehicle to escape.
                quarry: VehicleId => VehicleId = "quarry", unchecked;
            }
            /// Reynolds' wander: a point on a circle of `radius` held `distance`
            /// ahead, jittered each step by up to `jitter · dt` (seeded per vehicle).
            Wander {
                /// How far ahead the circle is (≥ 0).
                distance: f64 => f64 = "distance", non_negative;
                /// Its radius (> 0).
                radius: f64 => f64 = "radius", positive;
                /// How far the point may move per unit of time (≥ 0).
                jitter: f64 => f64 = "jitter", non_negative;
            }
            /// Push away from neighbours closer than `radius`: the sum over them of
            /// `unit(away) · maxSpeed · (1 − d / radius)`.
            Separation {
                /// The neighbourhood radius (> 0).
                radius: f64 => f64 = "radius", positive;
            }
            /// Match the mean velocity of neighbours within `radius`.
            Alignment {
                /// The neighbourhood radius (> 0).
                radius: f64 => f64 = "radius", positive;
            }
            /// Seek the centre of the neighbours within `radius`.
            Cohesion {
                /// The neighbourhood radius (> 0).
                radius: f64 => f64 = "radius", positive;
            }
            /// Steer around the nearest circle ahead within `look_ahead` (default
            /// `10 · maxSpeed`); a vehicle inside a circle is pushed straight out.
            Avoid {
                /// The circles to keep out of.
                obstacles: Vec<Obstacle> => Vec<Obstacle> = "obstacles", obstacles;
                /// How far ahead to look (> 0; absent: ten times the max speed).
                look_ahead: Option<f64> => Option<f64> = "lookAhead", positive
                    #[serde(skip_serializing_if = "Option::is_none")]
                    #[cfg_attr(feature = "typescript", ts(optional))];
            }
            /// Seek the point `look_ahead` further along `path` than the closest
            /// point; arrive at the end (slowing over `look_ahead`).
            FollowPath {
                /// The path to follow.
                path: Path => PathShape = "path", unchecked
                    #[cfg_attr(feature = "typescript", ts(type = "PathInput"))];
                /// How far ahead along the path to aim (> 0).
                look_ahead: f64 => f64 = "lookAhead", positive;
            }
            /// Get between vehicles `a` and `b`: arrive at their midpoint while
            /// matching its velocity (see [`behaviors`](super::behaviors) for how
            /// this differs from Buckland's). A removed vehicle gives no force.
            Interpose {
                /// One vehicle.
                a: VehicleId => VehicleId = "a", unchecked;
                /// The other.
                b: VehicleId => VehicleId = "b", unchecked;
            }
            /// Hold `offset` in the leader's frame (x ahead, y to its left): arrive
            /// at that point while matching the leader's velocity. A removed leader
            /// gives no force.
            OffsetPursuit {
                /// The vehicle to follow.
                leader: VehicleId => VehicleId = "leader", unchecked;
                /// Where to be, in the leader's frame.
                offset: Vec2 => Point = "offset", vector;
            }
            /// Buckland's hide: arrive at the hiding spot nearest the vehicle, one
            /// body diameter behind an obstacle as seen from `from`; with no
            /// obstacles, evade `from`. A removed `from` gives no force.
            Hide {
                /// The vehicle to hide from.
                from: VehicleId => VehicleId = "from", unchecked;
                /// The circles to hide behind.
                obstacles: Vec<Obstacle> => Vec<Obstacle> = "obstacles", obstacles;
            }
            /// Reynolds' path following as containment in a tube: predict the
            /// position `prediction_time` ahead; when it is farther than `radius`
            /// from the path, seek its closest point on the path; else no force.
            StayOnPath {
                /// The path's centre line.
                path: Path => PathShape = "path", unchecked
                    #[cfg_attr(feature = "typescript", ts(type = "PathInput"))];
                /// The tube's radius (> 0).
                radius: f64 => f64 = "radius", positive;
                /// How far ahead the position is predicted, in units of time (≥ 0;
                /// absent: 1).
                prediction_time: Option<f64> => Option<f64> = "predictionTime", non_negative
                    #[serde(skip_serializing_if = "Option::is_none")]
                    #[cfg_attr(feature = "typescript", ts(optional))];
            }
            /// Stay inside a simple polygon (either winding): when the position
            /// predicted `prediction_time` ahead is outside, or nearer the
            /// boundary than the body radius, steer back by the velocity that
            /// brings it back to that clearance; a body nearer the boundary than
            /// its radius is also pushed back in by a stiff correction; a vehicle
            /// outside heads straight back in. With [`AvoidVehicles`](BehaviorKind::AvoidVehicles) the
            /// boundary's edges are also walls the avoidance never crosses.
            Contain {
                /// The polygon's corners in order (3 to [`MAX_BOUNDARY`]).
                boundary: Vec<Point> => Vec<Point> = "boundary", boundary;
                /// How far ahead the position is predicted, in units of time (≥ 0;
                /// absent: 1).
                prediction_time: Option<f64> => Option<f64> = "predictionTime", non_negative
                    #[serde(skip_serializing_if = "Option::is_none")]
                    #[cfg_attr(feature = "typescript", ts(optional))];
            }
            /// Reciprocal collision avoidance among vehicles (ORCA, van den Berg et
            /// al.; see [`orca`](super::orca)). It acts on the velocity, not as a
            /// force: the other behaviours give the preferred velocity
            /// (`truncate(velocity + force / mass · dt, maxSpeed)`), and the new
            /// velocity is the one nearest it that collides with no neighbour
            /// within `time_horizon` (and, for the vehicle's own `contain`
            /// boundaries and `avoid` circles, no wall). Its weight and place in the
            /// list do not matter.
            AvoidVehicles {
                /// How far ahead collisions are avoided, in units of time (> 0; a
                /// horizon shorter than the step counts as the step).
                time_horizon: f64 => f64 = "timeHorizon", positive;
                /// After the step, push apart bodies that still overlap (which only
                /// happens in jams where no velocity avoids every neighbour). Default
                /// `true`.
                push_apart: bool => Option<bool> = "pushApart", unchecked
                    #[serde(skip_serializing_if = "Option::is_none")]
                    #[cfg_attr(feature = "typescript", ts(optional))];
            }
        }
    };
}
// `shape.rs` (the `serde` feature) reads the list too.
#[cfg(feature = "serde")]
pub(crate) use with_behavior_kinds;

/// [`BehaviorKind`] from the list of kinds, its checks by each field's rule,
/// and its tag and numbers for the fingerprint of sets.
macro_rules! behavior_kind {
    ($(
        $(#[$doc:meta])*
        $kind:ident {
            $(
                $(#[$field_doc:meta])*
                $field:ident: $ty:ty => $shape:ty = $name:literal, $rule:ident
                $(#[$shape_attr:meta])*;
            )*
        }
    )*) => {
        /// What a behaviour asks for. Every kind returns a *steering* vector in
        /// velocity units (`desired velocity − velocity`), as Reynolds' seek does.
        #[derive(Debug, Clone, PartialEq)]
        pub enum BehaviorKind {
            $( $(#[$doc])* $kind { $( $(#[$field_doc])* $field: $ty, )* }, )*
        }

        /// The kinds in the list's order (the fingerprint's tags).
        #[derive(Clone, Copy)]
        enum Tag {
            $( $kind, )*
        }

        impl BehaviorKind {
            /// Every field checked by its rule, in the list's order.
            fn check_fields(&self) -> Result<(), Error> {
                match self {
                    $( BehaviorKind::$kind { $( $field, )* } => {
                        $( rule::$rule($field, stringify!($field))?; )*
                    } )*
                }
                Ok(())
            }

            /// The vehicles the kind's fields name, with the fields' names,
            /// in the list's order (at most two).
            fn vehicle_fields(&self) -> [Option<(&'static str, VehicleId)>; 2] {
                let mut out = [None, None];
                let mut slots = out.iter_mut();
                match self {
                    $( BehaviorKind::$kind { $( $field, )* } => {
                        $(
                            if let Some(id) = Words::vehicle($field) {
                                if let Some(o) = slots.next() {
                                    *o = Some((stringify!($field), id));
                                }
                            }
                        )*
                    } )*
                }
                out
            }

            /// The kind's tag (1 for the first) and then every number of
            /// its fields, as words for a fingerprint.
            pub(super) fn words(&self, add: &mut impl FnMut(u64)) {
                match self {
                    $( BehaviorKind::$kind { $( $field, )* } => {
                        add(Tag::$kind as u64 + 1);
                        $( Words::words($field, add); )*
                    } )*
                }
            }
        }
    };
}
with_behavior_kinds!(behavior_kind);

/// A behaviour and its weight.
///
/// # Examples
/// ```
/// use arcline::steering::{Behavior, BehaviorKind};
/// use arcline::Point;
/// let b = Behavior::new(BehaviorKind::Arrive { target: Point::new(3.0, 4.0), slowing_radius: 2.0 }).weighted(0.5);
/// assert!(b.check().is_ok());
/// let bad = Behavior::new(BehaviorKind::Separation { radius: -1.0 });
/// assert_eq!(bad.check().unwrap_err().to_string(), "radius: must be greater than zero");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Behavior {
    /// What the steering vector is multiplied by (default 1).
    pub weight: f64,
    /// What the behaviour does.
    pub kind: BehaviorKind,
}

/// How a vehicle's behaviours become one force. As data (the `serde`
/// feature): `"weighted"` or `"priority"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum Combine {
    /// `truncate(Σ weightᵢ · behaviourᵢ, maxForce)`: the published rule.
    #[default]
    #[cfg_attr(feature = "serde", serde(rename = "weighted"))]
    WeightedSum,
    /// Behaviours in order, each added whole while it fits in what is left of
    /// `maxForce`; the first that does not fit is added shortened to the rest,
    /// and the ones after it are not evaluated.
    #[cfg_attr(feature = "serde", serde(rename = "priority"))]
    Priority,
}

impl Behavior {
    /// A behaviour with weight 1.
    #[must_use]
    pub fn new(kind: BehaviorKind) -> Behavior {
        Behavior { weight: 1.0, kind }
    }

    /// The same behaviour with another weight.
    #[must_use]
    pub fn weighted(mut self, weight: f64) -> Behavior {
        self.weight = weight;
        self
    }

    /// [`BehaviorKind::Seek`] `target`, weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let mut w = World::new(1);
    /// let id = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 2.0, 0.5)).unwrap();
    /// w.set_behaviors(id, vec![Behavior::seek(Point::new(10.0, 0.0))]).unwrap();
    /// w.step(1.0);
    /// assert_eq!(w.vehicle(id).unwrap().position, Point::new(0.5, 0.0));
    /// ```
    #[must_use]
    pub fn seek(target: Point) -> Behavior {
        Behavior::new(BehaviorKind::Seek { target })
    }

    /// [`BehaviorKind::Flee`] from `target`, weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let mut w = World::new(1);
    /// let id = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 2.0, 0.5)).unwrap();
    /// w.set_behaviors(id, vec![Behavior::flee(Point::new(10.0, 0.0))]).unwrap();
    /// w.step(1.0);
    /// assert_eq!(w.vehicle(id).unwrap().position, Point::new(-0.5, 0.0));
    /// ```
    #[must_use]
    pub fn flee(target: Point) -> Behavior {
        Behavior::new(BehaviorKind::Flee { target })
    }

    /// [`BehaviorKind::Arrive`] at `target`, slowing down inside
    /// `slowing_radius` (> 0), weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let b = Behavior::arrive(Point::new(3.0, 4.0), 2.0);
    /// assert_eq!(b.kind, BehaviorKind::Arrive { target: Point::new(3.0, 4.0), slowing_radius: 2.0 });
    /// assert_eq!(Behavior::arrive(Point::new(3.0, 4.0), 0.0).check().unwrap_err().to_string(), "slowing_radius: must be greater than zero");
    /// ```
    #[must_use]
    pub fn arrive(target: Point, slowing_radius: f64) -> Behavior {
        Behavior::new(BehaviorKind::Arrive {
            target,
            slowing_radius,
        })
    }

    /// [`BehaviorKind::Pursue`] vehicle `quarry`, weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let mut w = World::new(1);
    /// let hunter = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 2.0, 0.5)).unwrap();
    /// let prey = w.add_vehicle(VehicleSpec::new(10.0, 0.0, 1.0, 0.5)).unwrap();
    /// w.set_behaviors(hunter, vec![Behavior::pursue(prey)]).unwrap();
    /// w.step(1.0);
    /// assert!(w.vehicle(hunter).unwrap().position.x > 0.0);
    /// ```
    #[must_use]
    pub fn pursue(quarry: VehicleId) -> Behavior {
        Behavior::new(BehaviorKind::Pursue { quarry })
    }

    /// [`BehaviorKind::Evade`] vehicle `quarry`, weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let mut w = World::new(1);
    /// let prey = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 2.0, 0.5)).unwrap();
    /// let hunter = w.add_vehicle(VehicleSpec::new(10.0, 0.0, 1.0, 0.5)).unwrap();
    /// w.set_behaviors(prey, vec![Behavior::evade(hunter)]).unwrap();
    /// w.step(1.0);
    /// assert!(w.vehicle(prey).unwrap().position.x < 0.0);
    /// ```
    #[must_use]
    pub fn evade(quarry: VehicleId) -> Behavior {
        Behavior::new(BehaviorKind::Evade { quarry })
    }

    /// [`BehaviorKind::Wander`] on a circle of `radius` (> 0) held
    /// `distance` (≥ 0) ahead, its point jittered by up to `jitter` (≥ 0)
    /// per unit of time, weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let b = Behavior::wander(4.0, 2.0, 1.0);
    /// assert_eq!(b.kind, BehaviorKind::Wander { distance: 4.0, radius: 2.0, jitter: 1.0 });
    /// assert!(Behavior::wander(4.0, 2.0, -1.0).check().is_err());
    /// ```
    #[must_use]
    pub fn wander(distance: f64, radius: f64, jitter: f64) -> Behavior {
        Behavior::new(BehaviorKind::Wander {
            distance,
            radius,
            jitter,
        })
    }

    /// [`BehaviorKind::Separation`] from the neighbours within `radius`
    /// (> 0), weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let mut w = World::new(1);
    /// let a = w.add_vehicle(VehicleSpec::new(0.0, 0.0, 1.0, 1.0)).unwrap();
    /// let b = w.add_vehicle(VehicleSpec::new(1.0, 0.0, 1.0, 1.0)).unwrap();
    /// w.set_behaviors(a, vec![Behavior::separation(2.0)]).unwrap();
    /// w.step(1.0);
    /// assert!(w.vehicle(a).unwrap().position.x < 0.0);
    /// ```
    #[must_use]
    pub fn separation(radius: f64) -> Behavior {
        Behavior::new(BehaviorKind::Separation { radius })
    }

    /// [`BehaviorKind::Alignment`] with the neighbours within `radius`
    /// (> 0), weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let b = Behavior::alignment(5.0).weighted(0.5);
    /// assert_eq!(b.kind, BehaviorKind::Alignment { radius: 5.0 });
    /// assert_eq!(b.weight, 0.5);
    /// ```
    #[must_use]
    pub fn alignment(radius: f64) -> Behavior {
        Behavior::new(BehaviorKind::Alignment { radius })
    }

    /// [`BehaviorKind::Cohesion`] with the neighbours within `radius` (> 0),
    /// weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// assert_eq!(Behavior::cohesion(5.0).kind, BehaviorKind::Cohesion { radius: 5.0 });
    /// assert!(Behavior::cohesion(f64::NAN).check().is_err());
    /// ```
    #[must_use]
    pub fn cohesion(radius: f64) -> Behavior {
        Behavior::new(BehaviorKind::Cohesion { radius })
    }

    /// [`BehaviorKind::Avoid`] these circles, looking ahead the default ten
    /// times the max speed, weight 1. Planner [`Circle`](crate::planner::Circle)s
    /// convert with `.into()`.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let rock = Obstacle::new(Point::new(5.0, 0.0), 1.0);
    /// let b = Behavior::avoid(vec![rock, Circle::new(9.0, 1.0, 2.0).into()]);
    /// assert_eq!(b.kind, BehaviorKind::Avoid { obstacles: vec![rock, Obstacle::new(Point::new(9.0, 1.0), 2.0)], look_ahead: None });
    /// ```
    #[must_use]
    pub fn avoid(obstacles: Vec<Obstacle>) -> Behavior {
        Behavior::new(BehaviorKind::Avoid {
            obstacles,
            look_ahead: None,
        })
    }

    /// [`BehaviorKind::FollowPath`] `path`, aiming `look_ahead` (> 0) further
    /// along it, weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let road = Path::single(Line::new(Point::new(0.0, 0.0), Point::new(20.0, 0.0))).unwrap();
    /// let mut w = World::new(1);
    /// let id = w.add_vehicle(VehicleSpec::new(0.0, 3.0, 2.0, 1.0)).unwrap();
    /// w.set_behaviors(id, vec![Behavior::follow_path(road, 2.0)]).unwrap();
    /// w.step(1.0);
    /// let p = w.vehicle(id).unwrap().position;
    /// assert!(p.x > 0.0 && p.y < 3.0);
    /// ```
    #[must_use]
    pub fn follow_path(path: Path, look_ahead: f64) -> Behavior {
        Behavior::new(BehaviorKind::FollowPath { path, look_ahead })
    }

    /// [`BehaviorKind::Interpose`] between vehicles `a` and `b`, weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let b = Behavior::interpose(VehicleId(3), VehicleId(4));
    /// assert_eq!(b.kind, BehaviorKind::Interpose { a: VehicleId(3), b: VehicleId(4) });
    /// ```
    #[must_use]
    pub fn interpose(a: VehicleId, b: VehicleId) -> Behavior {
        Behavior::new(BehaviorKind::Interpose { a, b })
    }

    /// [`BehaviorKind::OffsetPursuit`] of `leader`, holding `offset` in its
    /// frame (x ahead, y to its left), weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let wingman = Behavior::offset_pursuit(VehicleId(0), Vec2::new(-2.0, 2.0));
    /// assert_eq!(wingman.kind, BehaviorKind::OffsetPursuit { leader: VehicleId(0), offset: Vec2::new(-2.0, 2.0) });
    /// ```
    #[must_use]
    pub fn offset_pursuit(leader: VehicleId, offset: Vec2) -> Behavior {
        Behavior::new(BehaviorKind::OffsetPursuit { leader, offset })
    }

    /// [`BehaviorKind::Hide`] from vehicle `from` behind these circles,
    /// weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let b = Behavior::hide(VehicleId(1), vec![Obstacle::new(Point::new(5.0, 5.0), 1.0)]);
    /// assert!(b.check().is_ok());
    /// assert_eq!(b.vehicles()[0], Some(("from", VehicleId(1))));
    /// ```
    #[must_use]
    pub fn hide(from: VehicleId, obstacles: Vec<Obstacle>) -> Behavior {
        Behavior::new(BehaviorKind::Hide { from, obstacles })
    }

    /// [`BehaviorKind::StayOnPath`]: stay within `radius` (> 0) of `path`,
    /// predicting the default 1 unit of time ahead, weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let lane = Path::single(Line::new(Point::new(0.0, 0.0), Point::new(20.0, 0.0))).unwrap();
    /// let b = Behavior::stay_on_path(lane.clone(), 1.5);
    /// assert_eq!(b.kind, BehaviorKind::StayOnPath { path: lane, radius: 1.5, prediction_time: None });
    /// ```
    #[must_use]
    pub fn stay_on_path(path: Path, radius: f64) -> Behavior {
        Behavior::new(BehaviorKind::StayOnPath {
            path,
            radius,
            prediction_time: None,
        })
    }

    /// [`BehaviorKind::Contain`]: stay inside the simple polygon `boundary`,
    /// predicting the default 1 unit of time ahead, weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let pen = vec![Point::new(0.0, 0.0), Point::new(10.0, 0.0), Point::new(10.0, 10.0), Point::new(0.0, 10.0)];
    /// assert!(Behavior::contain(pen).check().is_ok());
    /// let line = vec![Point::new(0.0, 0.0), Point::new(1.0, 0.0), Point::new(2.0, 0.0)];
    /// assert!(Behavior::contain(line).check().is_err());
    /// ```
    #[must_use]
    pub fn contain(boundary: Vec<Point>) -> Behavior {
        Behavior::new(BehaviorKind::Contain {
            boundary,
            prediction_time: None,
        })
    }

    /// [`BehaviorKind::AvoidVehicles`] within `time_horizon` (> 0), pushing
    /// overlapping bodies apart (the documented default), weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let b = Behavior::avoid_vehicles(2.0);
    /// assert_eq!(b.kind, BehaviorKind::AvoidVehicles { time_horizon: 2.0, push_apart: true });
    /// assert_eq!(b.avoid_vehicles_settings(), Some((2.0, true)));
    /// ```
    #[must_use]
    pub fn avoid_vehicles(time_horizon: f64) -> Behavior {
        Behavior::avoid_vehicles_with(time_horizon, true)
    }

    /// [`BehaviorKind::AvoidVehicles`] within `time_horizon` (> 0), pushing
    /// overlapping bodies apart or not, weight 1.
    ///
    /// # Examples
    /// ```
    /// use arcline::prelude::*;
    /// let b = Behavior::avoid_vehicles_with(2.0, false);
    /// assert_eq!(b.avoid_vehicles_settings(), Some((2.0, false)));
    /// ```
    #[must_use]
    pub fn avoid_vehicles_with(time_horizon: f64, push_apart: bool) -> Behavior {
        Behavior::new(BehaviorKind::AvoidVehicles {
            time_horizon,
            push_apart,
        })
    }

    /// The neighbour radius this behaviour needs, or 0 when it needs none.
    #[must_use]
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
    /// The first bad field, by its name in the behaviour (`weight`,
    /// `target.x`, `slowing_radius`, `obstacles[2].radius`, ...).
    pub fn check(&self) -> Result<(), Error> {
        crate::error::finite(self.weight, "weight")?;
        self.kind.check_fields()
    }

    /// The vehicle this behaviour follows or flees, if any.
    #[must_use]
    pub fn quarry(&self) -> Option<VehicleId> {
        match self.kind {
            BehaviorKind::Pursue { quarry } | BehaviorKind::Evade { quarry } => Some(quarry),
            _ => None,
        }
    }

    /// The vehicles this behaviour reads, with the names of their fields
    /// (`quarry`, `a`, `b`, `leader`, `from`).
    #[must_use]
    pub fn vehicles(&self) -> [Option<(&'static str, VehicleId)>; 2] {
        self.kind.vehicle_fields()
    }

    /// The settings of an [`BehaviorKind::AvoidVehicles`] behaviour: its time
    /// horizon, and whether it pushes overlapping bodies apart (`None` for
    /// the other kinds).
    #[must_use]
    pub fn avoid_vehicles_settings(&self) -> Option<(f64, bool)> {
        match self.kind {
            BehaviorKind::AvoidVehicles {
                time_horizon,
                push_apart,
            } => Some((time_horizon, push_apart)),
            _ => None,
        }
    }
}

/// The rules a kind's field may be checked by (the last word of its entry
/// in [`with_behavior_kinds`]), each reporting a bad value by the field's
/// `name`.
mod rule {
    use crate::error::{Error, Field, Reason};
    use crate::geom::{Point, Vec2};
    use crate::steering::forces::Obstacle;

    /// A number, or an optional one (absent passes).
    pub(super) trait Number {
        fn value(&self) -> Option<f64>;
    }

    impl Number for f64 {
        fn value(&self) -> Option<f64> {
            Some(*self)
        }
    }

    impl Number for Option<f64> {
        fn value(&self) -> Option<f64> {
            *self
        }
    }

    /// Finite and > 0.
    pub(super) fn positive(v: &impl Number, name: &'static str) -> Result<(), Error> {
        v.value()
            .map_or(Ok(()), |x| crate::error::positive(x, name).map(drop))
    }

    /// Finite and ≥ 0.
    pub(super) fn non_negative(v: &impl Number, name: &'static str) -> Result<(), Error> {
        v.value()
            .map_or(Ok(()), |x| crate::error::non_negative(x, name).map(drop))
    }

    /// `p.x` and `p.y` finite, errors about `name.x`, `name.y`.
    pub(super) fn point(p: &Point, name: &'static str) -> Result<(), Error> {
        if !p.x.is_finite() {
            return Err(Error::new(Field::named(name).key("x"), Reason::NotFinite));
        }
        if !p.y.is_finite() {
            return Err(Error::new(Field::named(name).key("y"), Reason::NotFinite));
        }
        Ok(())
    }

    /// A vector's components finite, as [`point`].
    pub(super) fn vector(v: &Vec2, name: &'static str) -> Result<(), Error> {
        point(&Point::new(v.x, v.y), name)
    }

    /// Every obstacle's centre finite and radius > 0, errors about
    /// `name[k].field`.
    pub(super) fn obstacles(obstacles: &[Obstacle], name: &'static str) -> Result<(), Error> {
        use crate::error::{finite, positive};
        for (k, o) in obstacles.iter().enumerate() {
            let at = |e: Error| e.within_index(k).within(name);
            finite(o.x, "x").map_err(at)?;
            finite(o.y, "y").map_err(at)?;
            positive(o.radius, "radius").map_err(at)?;
        }
        Ok(())
    }

    /// A simple polygon of 3 to [`MAX_BOUNDARY`](crate::steering::MAX_BOUNDARY)
    /// finite corners, errors within `name`.
    pub(super) fn boundary(boundary: &[Point], name: &'static str) -> Result<(), Error> {
        crate::steering::behaviors::polygon::check(boundary).map_err(|e| e.within(name))
    }

    /// Not checked here (vehicle ids are checked by the world, paths when
    /// they are made).
    pub(super) fn unchecked<T: ?Sized>(_: &T, _: &'static str) -> Result<(), Error> {
        Ok(())
    }
}

/// A field of a kind, as the code generated from the list of kinds reads
/// it: its words for the fingerprint of sets ([`BehaviorKind::words`]: the
/// bits of each of its numbers, so that fields that differ anywhere, even
/// `0.0` against `-0.0`, almost surely give other words), and the vehicle
/// it names, if it is a vehicle id ([`Behavior::vehicles`]).
trait Words {
    fn words(&self, add: &mut impl FnMut(u64));

    /// The vehicle this field names (none but for an id).
    fn vehicle(&self) -> Option<VehicleId> {
        None
    }
}

impl Words for f64 {
    fn words(&self, add: &mut impl FnMut(u64)) {
        add(self.to_bits());
    }
}

impl Words for Option<f64> {
    /// An absent number is the word 1 (no `f64` has those bits but a NaN).
    fn words(&self, add: &mut impl FnMut(u64)) {
        add(self.map_or(1, f64::to_bits));
    }
}

impl Words for bool {
    fn words(&self, add: &mut impl FnMut(u64)) {
        add(u64::from(*self));
    }
}

impl Words for VehicleId {
    fn words(&self, add: &mut impl FnMut(u64)) {
        add(u64::from(self.0));
    }

    fn vehicle(&self) -> Option<VehicleId> {
        Some(*self)
    }
}

impl Words for Point {
    fn words(&self, add: &mut impl FnMut(u64)) {
        self.x.words(add);
        self.y.words(add);
    }
}

impl Words for Vec2 {
    fn words(&self, add: &mut impl FnMut(u64)) {
        self.x.words(add);
        self.y.words(add);
    }
}

impl Words for Obstacle {
    fn words(&self, add: &mut impl FnMut(u64)) {
        self.center().words(add);
        self.radius.words(add);
    }
}

impl<T: Words> Words for Vec<T> {
    fn words(&self, add: &mut impl FnMut(u64)) {
        for x in self {
            x.words(add);
        }
    }
}

impl Words for Path {
    fn words(&self, add: &mut impl FnMut(u64)) {
        use crate::geom::Segment;
        for s in self.segments() {
            match s {
                Segment::Line(l) => {
                    l.start.words(add);
                    l.end.words(add);
                }
                Segment::Arc(a) => {
                    a.center.words(add);
                    for x in [a.radius, a.start_angle, a.sweep] {
                        x.words(add);
                    }
                }
                Segment::Clothoid(c) => {
                    c.start.position().words(add);
                    for x in [
                        c.start.heading,
                        c.length,
                        c.curvature_start,
                        c.curvature_end,
                    ] {
                        x.words(add);
                    }
                }
            }
        }
    }
}

/// A vehicle's behaviours, checked, with what the world needs to know about
/// them precomputed. Cloning one is cheap (it is shared, not copied), so a
/// crowd given the same list holds it once.
///
/// # Examples
/// ```
/// use arcline::steering::{Behavior, BehaviorSet, Combine};
/// use arcline::Point;
/// let set = BehaviorSet::new(vec![Behavior::seek(Point::new(1.0, 0.0)), Behavior::separation(2.0)], Combine::WeightedSum).unwrap();
/// assert_eq!(set.behaviors().len(), 2);
/// let e = BehaviorSet::new(vec![Behavior::separation(f64::NAN)], Combine::Priority).unwrap_err();
/// assert_eq!(e.to_string(), "behaviors[0].radius: must be a finite number");
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BehaviorSet(Shared<SetInner>);

/// What a [`BehaviorSet`] shares.
#[derive(Debug, PartialEq, Default)]
pub(crate) struct SetInner {
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
    /// The time horizon and push-apart choice of the set's collision
    /// avoidance among vehicles, if it has one (the largest horizon if
    /// several; pushing apart if any asks for it).
    pub(crate) avoid_vehicles: Option<(f64, bool)>,
    /// Whether the set has walls the avoidance keeps clear of (`contain`
    /// boundaries, `avoid` circles).
    pub(crate) walls: bool,
}

impl BehaviorSet {
    /// What the world reads in its step.
    #[inline(always)]
    pub(crate) fn inner(&self) -> &SetInner {
        &self.0
    }

    /// Checks each behaviour and precomputes the neighbour radius.
    ///
    /// # Errors
    /// The first bad behaviour's field, as `behaviors[i].field` (see
    /// [`Behavior::check`]).
    pub fn new(behaviors: Vec<Behavior>, combine: Combine) -> Result<BehaviorSet, Error> {
        for (i, b) in behaviors.iter().enumerate() {
            b.check()
                .map_err(|e| e.within_index(i).within("behaviors"))?;
        }
        Ok(BehaviorSet::checked(behaviors, combine))
    }

    /// The set of behaviours already known to pass [`Behavior::check`].
    pub(crate) fn checked(behaviors: Vec<Behavior>, combine: Combine) -> BehaviorSet {
        debug_assert!(behaviors.iter().all(|b| b.check().is_ok()));
        let mut neighbour_radius: f64 = 0.0;
        let mut reads_others = false;
        let mut avoid_vehicles: Option<(f64, bool)> = None;
        let mut walls = false;
        for b in &behaviors {
            walls |= matches!(
                b.kind,
                BehaviorKind::Contain { .. } | BehaviorKind::Avoid { .. }
            );
            neighbour_radius = neighbour_radius.max(b.neighbour_radius());
            reads_others |= b.neighbour_radius() > 0.0 || b.vehicles()[0].is_some();
            if let Some((t, push)) = b.avoid_vehicles_settings() {
                avoid_vehicles = Some(match avoid_vehicles {
                    Some((t0, p0)) => (t0.max(t), p0 || push),
                    None => (t, push),
                });
                reads_others = true;
            }
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
        BehaviorSet(Shared::new(SetInner {
            behaviors,
            combine,
            neighbour_radius,
            single_seek,
            reads_others,
            avoid_vehicles,
            walls,
        }))
    }

    /// The behaviours, in order.
    #[must_use]
    pub fn behaviors(&self) -> &[Behavior] {
        &self.0.behaviors
    }

    /// How they are added up.
    #[must_use]
    pub fn combine(&self) -> Combine {
        self.0.combine
    }

    /// Whether `self` and `other` are the same shared set (not only equal).
    #[must_use]
    pub fn same_as(&self, other: &BehaviorSet) -> bool {
        Shared::ptr_eq(&self.0, &other.0)
    }

    /// Where the shared set lives (what [`same_as`](BehaviorSet::same_as) compares).
    pub(crate) fn address(&self) -> usize {
        Shared::as_ptr(&self.0) as usize
    }
}
