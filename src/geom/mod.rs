//! Exact plane geometry: points, vectors, poses, lines, circular arcs, and paths
//! made of them. Everything is `f64`, y up, angles counter-clockwise from +x.

mod angle;
mod arc;
mod error;
mod intersect;
mod line;
pub mod math;
mod number;
mod path;
mod point;
mod pose;
mod segment;
mod svg;
mod tangent_arc;
mod vec2;

pub use angle::{normalize_angle, wrap_two_pi};
pub use arc::Arc;
pub use error::GeomError;
pub use intersect::{
    arc_arc, circle_circle, line_arc, line_circle, line_line, ray_ray, segment_segment,
    Intersections,
};
pub use line::Line;
pub use number::Decimal;
pub use path::Path;
pub use point::Point;
pub use pose::Pose;
pub use segment::Segment;
pub use svg::path_to_svg;
pub use tangent_arc::{arc_to_point, TangentArcError};
pub use vec2::Vec2;

/// Tolerance used by the geometric predicates of this crate (G1 checks, "on the
/// arc" tests), in the same units as the coordinates.
pub const EPSILON: f64 = 1e-9;
