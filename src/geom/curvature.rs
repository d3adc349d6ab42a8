//! The curvature along a path, as a plot draws it: steps where an arc
//! meets a line (the jump the road article says circles give), ramps along
//! clothoids.
//!
//! # Examples
//! ```
//! use arcline::geom::{curvature_profile, CurvaturePoint};
//! use arcline::{Arc, Line, Path, Point};
//! use core::f64::consts::FRAC_PI_2;
//! // A quarter circle of radius 10, then a line: 0.1, then a step to 0.
//! let arc = Arc::new(Point::new(0.0, 10.0), 10.0, -FRAC_PI_2, FRAC_PI_2).unwrap();
//! let line = Line::new(Point::new(10.0, 10.0), Point::new(10.0, 20.0));
//! let p = Path::new(vec![arc.into(), line.into()]).unwrap();
//! let k = curvature_profile(&p);
//! assert_eq!(k.len(), 4);
//! assert_eq!(k[1].curvature, 0.1);
//! assert_eq!((k[2].distance, k[2].curvature), (k[1].distance, 0.0));
//! ```

use super::{Path, Segment};

/// One breakpoint of a curvature profile.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct CurvaturePoint {
    /// Distance along the path.
    pub distance: f64,
    /// The curvature there (1/radius), positive when the vehicle turns to
    /// its left (the steering wheel's side, also when backing up).
    pub curvature: f64,
}

/// The vehicle's curvature at the start and at the end of a segment.
fn ends(seg: &Segment) -> (f64, f64) {
    match seg {
        Segment::Line(_) => (0.0, 0.0),
        Segment::Arc(a) => {
            let k = a.side() / a.radius;
            (k, k)
        }
        Segment::Clothoid(c) => {
            // Backing up, the vehicle's left is the direction of travel's right.
            let s = if c.reverse { -1.0 } else { 1.0 };
            (s * c.curvature_start, s * c.curvature_end)
        }
    }
}

/// The curvature along `path`: two breakpoints per segment (its start and
/// its end), linear in between (exact: lines and arcs are constant,
/// clothoids linear), so a jump between segments shows as two points at
/// the same distance.
#[must_use]
pub fn curvature_profile(path: &Path) -> Vec<CurvaturePoint> {
    let mut out = Vec::with_capacity(2 * path.segments().len());
    let mut at = 0.0;
    for seg in path.segments() {
        let (k0, k1) = ends(seg);
        out.push(CurvaturePoint {
            distance: at,
            curvature: k0,
        });
        at += seg.length();
        out.push(CurvaturePoint {
            distance: at,
            curvature: k1,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Clothoid;
    use crate::{Arc, Pose};

    #[test]
    fn a_reversing_right_turn_is_a_left_steering_wheel() {
        // Backing up on an arc whose centre is on the vehicle's left.
        let a = Arc::reversing_from_pose(Pose::new(0.0, 0.0, 0.0), 2.0, 1.0, 1.0);
        let c = Clothoid::new(Pose::new(0.0, 0.0, 0.0), 3.0, 0.0, -0.5)
            .unwrap()
            .with_reverse(true);
        let k = curvature_profile(&Path::new(vec![a.into()]).unwrap());
        assert_eq!(k[0].curvature, 0.5);
        let k = curvature_profile(&Path::new(vec![c.into()]).unwrap());
        assert_eq!((k[0].curvature, k[1].curvature), (0.0, 0.5));
        assert_eq!(k[1].distance, 3.0);
    }
}
