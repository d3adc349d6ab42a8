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

use super::behavior::with_behavior_kinds;
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

/// The kinds of behaviour as data, from the one list of kinds
/// (`with_behavior_kinds!` in `behavior.rs`: each field's type as data, the
/// name data gives it and the data's attributes; the Rust side's docs and
/// rules are not read here, so the declarations carry no docs). From the
/// list come [`BehaviorKindShape`], the kinds' names, which fields reading
/// a kind needs ([`BehaviorShape`]'s `Deserialize`), and the conversions to
/// and from [`BehaviorKind`] (field by field, through [`FromShape`]). A
/// field whose name no kind had before is also one in [`BehaviorFields`].
macro_rules! behavior_kinds {
    ($(
        $(#[$doc:meta])*
        $kind:ident {
            $(
                $(#[$field_doc:meta])*
                $field:ident: $rust:ty => $ty:ty = $name:literal, $rule:ident
                $(#[$attr:meta])*;
            )*
        }
    )*) => {
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
            $( $kind { $( $(#[$attr])* $field: $ty, )* }, )*
        }

        /// The kinds, by the names data gives them.
        #[derive(Clone, Copy, Deserialize)]
        #[serde(rename_all = "camelCase")]
        enum KindName {
            $( $kind, )*
        }

        /// The kind `f` names, with the fields it needs (a missing one is an
        /// error naming it; fields of other kinds are ignored).
        fn read_kind<E: serde::de::Error>(f: BehaviorFields) -> Result<BehaviorKindShape, E> {
            Ok(match f.kind {
                $( KindName::$kind => BehaviorKindShape::$kind {
                    $( $field: <$ty as ReadField>::read::<E>(f.$field, $name)?, )*
                }, )*
            })
        }

        /// The behaviour kind of its data (a path checked, named by its field).
        fn kind_from_shape(s: BehaviorKindShape) -> Result<BehaviorKind, Error> {
            Ok(match s {
                $( BehaviorKindShape::$kind { $( $field, )* } => BehaviorKind::$kind {
                    $( $field: FromShape::from_shape($field, stringify!($field))?, )*
                }, )*
            })
        }

        /// The data of a behaviour kind.
        fn kind_to_shape(k: &BehaviorKind) -> BehaviorKindShape {
            match k {
                $( BehaviorKind::$kind { $( $field, )* } => BehaviorKindShape::$kind {
                    $( $field: FromShape::to_shape($field), )*
                }, )*
            }
        }
    };
}

with_behavior_kinds!(behavior_kinds);

/// A field of a kind's data, read from [`BehaviorFields`]' optional value:
/// an optional field as it is, any other one required.
trait ReadField: Sized {
    /// The type of the value when present.
    type Raw;
    /// The field from its value, or the error that `name` is missing.
    fn read<E: serde::de::Error>(v: Option<Self::Raw>, name: &'static str) -> Result<Self, E>;
}

impl<T> ReadField for Option<T> {
    type Raw = T;
    fn read<E: serde::de::Error>(v: Option<T>, _: &'static str) -> Result<Option<T>, E> {
        Ok(v)
    }
}

/// Required fields of these types.
macro_rules! required_fields {
    ($($t:ty),*) => {$(
        impl ReadField for $t {
            type Raw = $t;
            fn read<E: serde::de::Error>(v: Option<$t>, name: &'static str) -> Result<$t, E> {
                v.ok_or_else(|| E::missing_field(name))
            }
        }
    )*};
}
required_fields!(Point, f64, VehicleId, Vec<Obstacle>, Vec<Point>, PathShape);

/// A [`BehaviorKind`]'s field (`Self`) from and to its field as data (`S`):
/// most are the same value; a path is checked, an offset is a point, and
/// whether to push apart may be left out (meaning yes).
trait FromShape<S>: Sized {
    /// The field from its data, an error named by the field's `name`.
    fn from_shape(s: S, name: &'static str) -> Result<Self, Error>;
    /// The field's data.
    fn to_shape(&self) -> S;
}

impl<T: Clone> FromShape<T> for T {
    fn from_shape(s: T, _: &'static str) -> Result<T, Error> {
        Ok(s)
    }
    fn to_shape(&self) -> T {
        self.clone()
    }
}

impl FromShape<PathShape> for Path {
    fn from_shape(s: PathShape, name: &'static str) -> Result<Path, Error> {
        Path::try_from(s).map_err(|e| e.within(name))
    }
    fn to_shape(&self) -> PathShape {
        self.clone().into()
    }
}

impl FromShape<Point> for Vec2 {
    fn from_shape(s: Point, _: &'static str) -> Result<Vec2, Error> {
        Ok(Vec2::new(s.x, s.y))
    }
    fn to_shape(&self) -> Point {
        Point::new(self.x, self.y)
    }
}

impl FromShape<Option<bool>> for bool {
    /// [`BehaviorKind::AvoidVehicles`]' `push_apart`: absent is yes.
    fn from_shape(s: Option<bool>, _: &'static str) -> Result<bool, Error> {
        Ok(s.unwrap_or(true))
    }
    fn to_shape(&self) -> Option<bool> {
        Some(*self)
    }
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
        let weight = f.weight;
        Ok(BehaviorShape {
            weight,
            kind: read_kind::<D::Error>(f)?,
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
        Ok(Behavior {
            weight: b.weight.unwrap_or(1.0),
            kind: kind_from_shape(b.kind)?,
        })
    }
}

impl From<&Behavior> for BehaviorShape {
    fn from(b: &Behavior) -> BehaviorShape {
        BehaviorShape {
            weight: Some(b.weight),
            kind: kind_to_shape(&b.kind),
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
