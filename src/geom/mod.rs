//! Exact plane geometry: points, vectors, poses, lines, circular arcs, and paths
//! made of them. Everything is `f64`, y up, angles counter-clockwise from +x.
//!
//! A [`Path`] is a non-empty list of [`Segment`]s, each a [`Line`] or an
//! [`Arc`] (a signed `sweep`: + is a left turn). Paths made by this crate
//! join their segments with equal tangents (G1); [`Path::is_g1`] checks one
//! built by hand. The closed-form intersections ([`segment_segment`] and
//! friends) and offsets ([`Path::offset`]: lines stay parallel, arcs
//! concentric) keep the geometry exact; [`path_to_svg`] writes SVG `A` arcs.
//!
//! A segment may be driven in reverse (`reverse` on [`Line`] and [`Arc`]):
//! the geometry is the same, the vehicle faces against the direction of
//! travel, and poses, letters and offsets are the vehicle's, so a path with
//! gear changes (cusps) keeps a continuous pose.
//!
//! # Examples
//! ```
//! use arcline::{Arc, Line, Path, Point, Pose};
//! use core::f64::consts::FRAC_PI_2;
//! // A quarter turn left of radius 10, then 10 straight.
//! let arc = Arc::from_pose(Pose::new(0.0, 0.0, 0.0), 10.0, 1.0, FRAC_PI_2);
//! let line = Line::new(arc.end(), Point::new(10.0, 20.0));
//! let path = Path::new(vec![arc.into(), line.into()]).unwrap();
//! assert_eq!(path.word(), "LS");
//! assert!(path.is_g1(1e-9));
//! assert!((path.end_pose().heading - FRAC_PI_2).abs() < 1e-12);
//! ```

mod angle;
mod arc;
mod clothoid;
pub mod clothoid_arcs;
mod clothoid_fit;
mod clothoid_pieces;
mod conversions;
mod curvature;
pub mod distance;
pub mod fresnel;
mod intersect;
pub(crate) mod lanes;
mod line;
pub(crate) mod math;
#[cfg(feature = "mint")]
mod mint;
mod number;
mod path;
mod point;
pub(crate) mod polygon;
mod pose;
pub(crate) mod pose_queries;
pub mod sample;
mod segment;
#[cfg(feature = "serde")]
pub mod shape;
mod svg;
mod tangent_arc;
mod vec2;

pub use angle::{normalize_angle, wrap_two_pi};
pub use arc::Arc;
pub use clothoid::Clothoid;
pub use clothoid_fit::{fit_clothoid, fit_clothoids};
pub use curvature::{curvature_profile, CurvaturePoint};
pub use intersect::{
    arc_arc, circle_circle, line_arc, line_circle, line_line, ray_ray, segment_segment,
    Intersections,
};
pub use line::Line;
pub(crate) use number::{ten_to, Decimal};
pub use path::Path;
pub use point::Point;
pub use pose::Pose;
pub use segment::Segment;
pub use svg::{drawing_arcs, path_to_svg};
pub use tangent_arc::arc_to_point;
pub use vec2::Vec2;

/// Tolerance used by the geometric predicates of this crate (G1 checks, "on the
/// arc" tests), in the same units as the coordinates.
pub const EPSILON: f64 = 1e-9;
