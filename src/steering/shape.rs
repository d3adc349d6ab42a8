//! The serialized forms of steering data whose shape differs from the Rust
//! type (the `serde` feature): a behaviour as the JS API writes it (its
//! `kind` beside its fields, `weight` optional, a path as plain data), and a
//! vehicle's state as `{ x, y, vx, vy, heading }`.
//!
//! Reading a [`BehaviorShape`] checks only the types of its values; a bad
//! value deep inside is reported with its whole path
//! (`behaviors[1].target.x: must be a number`). [`Behavior::try_from`] then
//! checks the path it may hold, and [`BehaviorSet::new`](super::BehaviorSet::new)
//! every number.

use super::{Behavior, BehaviorKind, Obstacle, VehicleId, VehicleState};
use crate::error::Error;
use crate::geom::shape::PathShape;
use crate::geom::{Path, Point, Vec2};
use serde::{Deserialize, Serialize};

/// A [`Behavior`] as data: `{ weight?, kind, ...its fields }` (weight 1 when
/// absent).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Behavior"))]
pub struct BehaviorShape {
    /// What the steering vector is multiplied by (default 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub weight: Option<f64>,
    /// The kind and its fields.
    #[serde(flatten)]
    pub kind: BehaviorKindShape,
}

/// A [`BehaviorKind`] as data: `kind` names it (`"seek"`, `"followPath"`,
/// ...), the other fields are the variant's, in camelCase.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "BehaviorKind"))]
#[allow(missing_docs)] // the variants and fields of `BehaviorKind`
pub enum BehaviorKindShape {
    Seek {
        target: Point,
    },
    Flee {
        target: Point,
    },
    Arrive {
        target: Point,
        slowing_radius: f64,
    },
    Pursue {
        quarry: VehicleId,
    },
    Evade {
        quarry: VehicleId,
    },
    Wander {
        distance: f64,
        radius: f64,
        jitter: f64,
    },
    Separation {
        radius: f64,
    },
    Alignment {
        radius: f64,
    },
    Cohesion {
        radius: f64,
    },
    Avoid {
        obstacles: Vec<Obstacle>,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(optional))]
        look_ahead: Option<f64>,
    },
    FollowPath {
        #[cfg_attr(feature = "typescript", ts(type = "PathInput"))]
        path: PathShape,
        look_ahead: f64,
    },
    Interpose {
        a: VehicleId,
        b: VehicleId,
    },
    OffsetPursuit {
        leader: VehicleId,
        offset: Point,
    },
    Hide {
        from: VehicleId,
        obstacles: Vec<Obstacle>,
    },
    StayOnPath {
        #[cfg_attr(feature = "typescript", ts(type = "PathInput"))]
        path: PathShape,
        radius: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(optional))]
        prediction_time: Option<f64>,
    },
    Contain {
        boundary: Vec<Point>,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(optional))]
        prediction_time: Option<f64>,
    },
    AvoidVehicles {
        time_horizon: f64,
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "typescript", ts(optional))]
        push_apart: Option<bool>,
    },
}

/// The kinds, by the names data gives them.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "camelCase")]
enum KindName {
    Seek,
    Flee,
    Arrive,
    Pursue,
    Evade,
    Wander,
    Separation,
    Alignment,
    Cohesion,
    Avoid,
    FollowPath,
    Interpose,
    OffsetPursuit,
    Hide,
    StayOnPath,
    Contain,
    AvoidVehicles,
}

/// Every field a behaviour may have, read as one plain object (so that a
/// bad value inside is reported with its path), then checked for the fields
/// its kind needs.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct BehaviorFields {
    kind: KindName,
    weight: Option<f64>,
    target: Option<Point>,
    slowing_radius: Option<f64>,
    quarry: Option<VehicleId>,
    distance: Option<f64>,
    radius: Option<f64>,
    jitter: Option<f64>,
    obstacles: Option<Vec<Obstacle>>,
    look_ahead: Option<f64>,
    path: Option<PathShape>,
    a: Option<VehicleId>,
    b: Option<VehicleId>,
    leader: Option<VehicleId>,
    offset: Option<Point>,
    from: Option<VehicleId>,
    boundary: Option<Vec<Point>>,
    prediction_time: Option<f64>,
    time_horizon: Option<f64>,
    push_apart: Option<bool>,
}

impl<'de> Deserialize<'de> for BehaviorShape {
    /// `{ kind, weight?, ... }`; fields of other kinds are ignored.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<BehaviorShape, D::Error> {
        let f = BehaviorFields::deserialize(d)?;
        fn need<T, E: serde::de::Error>(v: Option<T>, name: &'static str) -> Result<T, E> {
            v.ok_or_else(|| E::missing_field(name))
        }
        let kind = match f.kind {
            KindName::Seek => BehaviorKindShape::Seek {
                target: need(f.target, "target")?,
            },
            KindName::Flee => BehaviorKindShape::Flee {
                target: need(f.target, "target")?,
            },
            KindName::Arrive => BehaviorKindShape::Arrive {
                target: need(f.target, "target")?,
                slowing_radius: need(f.slowing_radius, "slowingRadius")?,
            },
            KindName::Pursue => BehaviorKindShape::Pursue {
                quarry: need(f.quarry, "quarry")?,
            },
            KindName::Evade => BehaviorKindShape::Evade {
                quarry: need(f.quarry, "quarry")?,
            },
            KindName::Wander => BehaviorKindShape::Wander {
                distance: need(f.distance, "distance")?,
                radius: need(f.radius, "radius")?,
                jitter: need(f.jitter, "jitter")?,
            },
            KindName::Separation => BehaviorKindShape::Separation {
                radius: need(f.radius, "radius")?,
            },
            KindName::Alignment => BehaviorKindShape::Alignment {
                radius: need(f.radius, "radius")?,
            },
            KindName::Cohesion => BehaviorKindShape::Cohesion {
                radius: need(f.radius, "radius")?,
            },
            KindName::Avoid => BehaviorKindShape::Avoid {
                obstacles: need(f.obstacles, "obstacles")?,
                look_ahead: f.look_ahead,
            },
            KindName::FollowPath => BehaviorKindShape::FollowPath {
                path: need(f.path, "path")?,
                look_ahead: need(f.look_ahead, "lookAhead")?,
            },
            KindName::Interpose => BehaviorKindShape::Interpose {
                a: need(f.a, "a")?,
                b: need(f.b, "b")?,
            },
            KindName::OffsetPursuit => BehaviorKindShape::OffsetPursuit {
                leader: need(f.leader, "leader")?,
                offset: need(f.offset, "offset")?,
            },
            KindName::Hide => BehaviorKindShape::Hide {
                from: need(f.from, "from")?,
                obstacles: need(f.obstacles, "obstacles")?,
            },
            KindName::StayOnPath => BehaviorKindShape::StayOnPath {
                path: need(f.path, "path")?,
                radius: need(f.radius, "radius")?,
                prediction_time: f.prediction_time,
            },
            KindName::Contain => BehaviorKindShape::Contain {
                boundary: need(f.boundary, "boundary")?,
                prediction_time: f.prediction_time,
            },
            KindName::AvoidVehicles => BehaviorKindShape::AvoidVehicles {
                time_horizon: need(f.time_horizon, "timeHorizon")?,
                push_apart: f.push_apart,
            },
        };
        Ok(BehaviorShape {
            weight: f.weight,
            kind,
        })
    }
}

impl TryFrom<BehaviorShape> for Behavior {
    type Error = Error;

    /// The behaviour, its path (if any) checked by [`Path::new`]. Its
    /// numbers are checked where it is used ([`Behavior::check`]).
    ///
    /// # Errors
    /// A bad path, as `path.segments[i]...`.
    fn try_from(b: BehaviorShape) -> Result<Behavior, Error> {
        use BehaviorKindShape as S;
        let kind = match b.kind {
            S::Seek { target } => BehaviorKind::Seek { target },
            S::Flee { target } => BehaviorKind::Flee { target },
            S::Arrive {
                target,
                slowing_radius,
            } => BehaviorKind::Arrive {
                target,
                slowing_radius,
            },
            S::Pursue { quarry } => BehaviorKind::Pursue { quarry },
            S::Evade { quarry } => BehaviorKind::Evade { quarry },
            S::Wander {
                distance,
                radius,
                jitter,
            } => BehaviorKind::Wander {
                distance,
                radius,
                jitter,
            },
            S::Separation { radius } => BehaviorKind::Separation { radius },
            S::Alignment { radius } => BehaviorKind::Alignment { radius },
            S::Cohesion { radius } => BehaviorKind::Cohesion { radius },
            S::Avoid {
                obstacles,
                look_ahead,
            } => BehaviorKind::Avoid {
                obstacles,
                look_ahead,
            },
            S::FollowPath { path, look_ahead } => BehaviorKind::FollowPath {
                path: Path::try_from(path).map_err(|e| e.within("path"))?,
                look_ahead,
            },
            S::Interpose { a, b } => BehaviorKind::Interpose { a, b },
            S::OffsetPursuit { leader, offset } => BehaviorKind::OffsetPursuit {
                leader,
                offset: Vec2::new(offset.x, offset.y),
            },
            S::Hide { from, obstacles } => BehaviorKind::Hide { from, obstacles },
            S::StayOnPath {
                path,
                radius,
                prediction_time,
            } => BehaviorKind::StayOnPath {
                path: Path::try_from(path).map_err(|e| e.within("path"))?,
                radius,
                prediction_time,
            },
            S::Contain {
                boundary,
                prediction_time,
            } => BehaviorKind::Contain {
                boundary,
                prediction_time,
            },
            S::AvoidVehicles {
                time_horizon,
                push_apart,
            } => BehaviorKind::AvoidVehicles {
                time_horizon,
                push_apart: push_apart.unwrap_or(true),
            },
        };
        Ok(Behavior {
            weight: b.weight.unwrap_or(1.0),
            kind,
        })
    }
}

impl From<&Behavior> for BehaviorShape {
    fn from(b: &Behavior) -> BehaviorShape {
        use BehaviorKindShape as S;
        let kind = match &b.kind {
            BehaviorKind::Seek { target } => S::Seek { target: *target },
            BehaviorKind::Flee { target } => S::Flee { target: *target },
            BehaviorKind::Arrive {
                target,
                slowing_radius,
            } => S::Arrive {
                target: *target,
                slowing_radius: *slowing_radius,
            },
            BehaviorKind::Pursue { quarry } => S::Pursue { quarry: *quarry },
            BehaviorKind::Evade { quarry } => S::Evade { quarry: *quarry },
            BehaviorKind::Wander {
                distance,
                radius,
                jitter,
            } => S::Wander {
                distance: *distance,
                radius: *radius,
                jitter: *jitter,
            },
            BehaviorKind::Separation { radius } => S::Separation { radius: *radius },
            BehaviorKind::Alignment { radius } => S::Alignment { radius: *radius },
            BehaviorKind::Cohesion { radius } => S::Cohesion { radius: *radius },
            BehaviorKind::Avoid {
                obstacles,
                look_ahead,
            } => S::Avoid {
                obstacles: obstacles.clone(),
                look_ahead: *look_ahead,
            },
            BehaviorKind::FollowPath { path, look_ahead } => S::FollowPath {
                path: path.clone().into(),
                look_ahead: *look_ahead,
            },
            BehaviorKind::Interpose { a, b } => S::Interpose { a: *a, b: *b },
            BehaviorKind::OffsetPursuit { leader, offset } => S::OffsetPursuit {
                leader: *leader,
                offset: Point::new(offset.x, offset.y),
            },
            BehaviorKind::Hide { from, obstacles } => S::Hide {
                from: *from,
                obstacles: obstacles.clone(),
            },
            BehaviorKind::StayOnPath {
                path,
                radius,
                prediction_time,
            } => S::StayOnPath {
                path: path.clone().into(),
                radius: *radius,
                prediction_time: *prediction_time,
            },
            BehaviorKind::Contain {
                boundary,
                prediction_time,
            } => S::Contain {
                boundary: boundary.clone(),
                prediction_time: *prediction_time,
            },
            BehaviorKind::AvoidVehicles {
                time_horizon,
                push_apart,
            } => S::AvoidVehicles {
                time_horizon: *time_horizon,
                push_apart: Some(*push_apart),
            },
        };
        BehaviorShape {
            weight: Some(b.weight),
            kind,
        }
    }
}

impl Serialize for Behavior {
    /// As [`BehaviorShape`].
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        BehaviorShape::from(self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Behavior {
    /// A [`BehaviorShape`], its path checked (its numbers are checked where
    /// it is used).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Behavior, D::Error> {
        let shape = BehaviorShape::deserialize(d)?;
        Behavior::try_from(shape).map_err(serde::de::Error::custom)
    }
}

/// A [`VehicleState`] as data: `{ x, y, vx, vy, heading }`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "VehicleState"))]
pub struct VehicleStateShape {
    /// Position, x.
    pub x: f64,
    /// Position, y.
    pub y: f64,
    /// Velocity, x.
    pub vx: f64,
    /// Velocity, y.
    pub vy: f64,
    /// Radians in `(-π, π]`: the direction of the last non-zero velocity.
    pub heading: f64,
}

impl From<&VehicleState> for VehicleStateShape {
    fn from(v: &VehicleState) -> VehicleStateShape {
        VehicleStateShape {
            x: v.position.x,
            y: v.position.y,
            vx: v.velocity.x,
            vy: v.velocity.y,
            heading: v.heading,
        }
    }
}

impl Serialize for VehicleState {
    /// As [`VehicleStateShape`] (the id and limits are not written).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        VehicleStateShape::from(self).serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_behaviour_reads_from_the_js_shape_and_writes_back() {
        let json = r#"{"kind":"arrive","target":{"x":1,"y":2},"slowingRadius":3}"#;
        let b: Behavior = serde_json::from_str(json).unwrap();
        assert_eq!(
            b,
            Behavior::new(BehaviorKind::Arrive {
                target: Point::new(1.0, 2.0),
                slowing_radius: 3.0
            })
        );
        let out = serde_json::to_value(&b).unwrap();
        assert_eq!(out["kind"], "arrive");
        assert_eq!(out["slowingRadius"], 3.0);
        assert_eq!(out["weight"], 1.0);
        let back: Behavior = serde_json::from_value(out).unwrap();
        assert_eq!(back, b);
        let missing =
            serde_json::from_str::<Behavior>(r#"{"kind":"arrive","target":{"x":1,"y":2}}"#);
        assert!(missing.unwrap_err().to_string().contains("slowingRadius"));
        let unknown = serde_json::from_str::<Behavior>(r#"{"kind":"teleport"}"#);
        assert!(unknown.unwrap_err().to_string().contains("teleport"));
    }

    #[test]
    fn a_bad_path_inside_a_behaviour_is_named_from_the_behaviour() {
        let json = r#"{"kind":"followPath","lookAhead":1,"path":{"segments":[]}}"#;
        let shape: BehaviorShape = serde_json::from_str(json).unwrap();
        let e = Behavior::try_from(shape).unwrap_err();
        assert_eq!(e.field().to_string(), "path.segments");
    }

    #[test]
    fn a_vehicle_state_is_written_flat() {
        let v = VehicleState {
            id: VehicleId(3),
            position: Point::new(1.0, 2.0),
            velocity: crate::geom::Vec2::new(3.0, 4.0),
            heading: 0.5,
            limits: super::super::VehicleLimits::new(1.0, 1.0),
            radius: 0.5,
        };
        let out = serde_json::to_string(&v).unwrap();
        assert_eq!(out, r#"{"x":1.0,"y":2.0,"vx":3.0,"vy":4.0,"heading":0.5}"#);
    }
}
