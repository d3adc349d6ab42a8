//! `Line`: a straight segment from `start` to `end`, driven forwards or in
//! reverse.

use super::{Point, Pose, Vec2};

/// A straight segment. A zero-length line is allowed (a planner's "go straight
/// for nothing"); its heading is then the `+x` direction unless a caller knows
/// better (paths carry the heading through from the previous segment).
///
/// `reverse` says how the vehicle drives it: `false` (the default of
/// [`Line::new`]) facing the direction of travel, from `start` to `end`;
/// `true` backing up from `start` to `end`, so the vehicle faces the other
/// way (from `end` towards `start`). The geometry is the same either way;
/// [`Line::pose_at`] gives the vehicle's heading and [`Line::offset`] goes to
/// the vehicle's left.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(as = "super::shape::LineShape")
)]
pub struct Line {
    /// Where the line starts.
    pub start: Point,
    /// Where the line ends.
    pub end: Point,
    /// Driven backwards: the vehicle faces from `end` towards `start`.
    pub reverse: bool,
}

impl Line {
    /// A line driven forwards from `start` to `end`.
    #[inline]
    #[must_use]
    pub const fn new(start: Point, end: Point) -> Line {
        Line {
            start,
            end,
            reverse: false,
        }
    }

    /// The same line driven in reverse (`true`) or forwards (`false`).
    ///
    /// # Examples
    /// ```
    /// use arcline::{Line, Point};
    /// let back = Line::new(Point::new(0.0, 0.0), Point::new(-2.0, 0.0)).with_reverse(true);
    /// // Backing up westwards, the vehicle faces east.
    /// assert_eq!(back.pose_at(1.0).heading, 0.0);
    /// assert_eq!(back.pose_at(1.0).x, -1.0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn with_reverse(self, reverse: bool) -> Line {
        Line { reverse, ..self }
    }

    /// The distance from start to end.
    #[inline]
    #[must_use]
    pub fn length(&self) -> f64 {
        self.start.distance(self.end)
    }

    /// The unit direction of travel, from start to end, `None` when the line
    /// has no length.
    #[inline]
    #[must_use]
    pub fn direction(&self) -> Option<Vec2> {
        (self.end - self.start).try_normalize()
    }

    /// The unit direction the vehicle faces: [`Line::direction`], or its
    /// opposite on a reversing line; `None` when the line has no length.
    #[inline]
    #[must_use]
    pub fn facing(&self) -> Option<Vec2> {
        if self.reverse {
            (self.start - self.end).try_normalize()
        } else {
            self.direction()
        }
    }

    /// The heading of travel, from start to end (`0` for a zero-length line).
    #[inline]
    #[must_use]
    pub fn heading(&self) -> f64 {
        (self.end - self.start).angle()
    }

    /// The vehicle's heading: [`Line::heading`], or the heading from end to
    /// start on a reversing line.
    #[inline]
    #[must_use]
    pub fn vehicle_heading(&self) -> f64 {
        if self.reverse {
            (self.start - self.end).angle()
        } else {
            self.heading()
        }
    }

    /// The point `distance` along the line from its start (not clamped).
    #[inline]
    #[must_use]
    pub fn point_at(&self, distance: f64) -> Point {
        let len = self.length();
        if len > 0.0 {
            self.start.lerp(self.end, distance / len)
        } else {
            self.start
        }
    }

    /// Position and the vehicle's heading `distance` along the line (not
    /// clamped).
    #[inline]
    #[must_use]
    pub fn pose_at(&self, distance: f64) -> Pose {
        Pose::at(self.point_at(distance), self.vehicle_heading())
    }

    /// The parallel line `d` to the vehicle's left (negative: to its right;
    /// on a forward line, the left of the direction of travel). A
    /// zero-length line has no left, so it is offset along the left of
    /// `heading` (the vehicle's).
    #[must_use]
    pub fn offset(&self, d: f64, heading: f64) -> Line {
        let left = self
            .facing()
            .unwrap_or_else(|| Vec2::from_angle(heading))
            .perp();
        Line {
            start: self.start + left * d,
            end: self.end + left * d,
            reverse: self.reverse,
        }
    }

    /// The line walked the other way (from `end` to `start`), in the same
    /// gear: the vehicle faces the other way too.
    #[inline]
    #[must_use]
    pub fn reversed(&self) -> Line {
        Line {
            start: self.end,
            end: self.start,
            reverse: self.reverse,
        }
    }
}
