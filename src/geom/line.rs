//! `Line`: a straight segment from `start` to `end`.

use super::{Point, Pose, Vec2};

/// A straight segment. A zero-length line is allowed (a planner's "go straight
/// for nothing"); its heading is then the `+x` direction unless a caller knows
/// better (paths carry the heading through from the previous segment).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(as = "super::shape::LineShape")
)]
pub struct Line {
    pub start: Point,
    pub end: Point,
}

impl Line {
    #[inline]
    pub const fn new(start: Point, end: Point) -> Line {
        Line { start, end }
    }

    #[inline]
    pub fn length(&self) -> f64 {
        self.start.distance(self.end)
    }

    /// The unit direction from start to end, `None` when the line has no length.
    #[inline]
    pub fn direction(&self) -> Option<Vec2> {
        (self.end - self.start).try_normalize()
    }

    /// The heading from start to end (`0` for a zero-length line).
    #[inline]
    pub fn heading(&self) -> f64 {
        (self.end - self.start).angle()
    }

    /// The point `distance` along the line from its start (not clamped).
    #[inline]
    pub fn point_at(&self, distance: f64) -> Point {
        let len = self.length();
        if len > 0.0 {
            self.start.lerp(self.end, distance / len)
        } else {
            self.start
        }
    }

    /// Position and heading `distance` along the line (not clamped).
    #[inline]
    pub fn pose_at(&self, distance: f64) -> Pose {
        Pose::at(self.point_at(distance), self.heading())
    }

    /// The parallel line `d` to the left (negative: to the right). A zero-length
    /// line has no left, so it is offset along the left of `heading`.
    pub fn offset(&self, d: f64, heading: f64) -> Line {
        let left = self
            .direction()
            .unwrap_or_else(|| Vec2::from_angle(heading))
            .perp();
        Line::new(self.start + left * d, self.end + left * d)
    }

    /// The line walked the other way.
    #[inline]
    pub fn reversed(&self) -> Line {
        Line::new(self.end, self.start)
    }
}
