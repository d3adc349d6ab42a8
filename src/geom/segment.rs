//! `Segment`: one piece of a path, a [`Line`], an [`Arc`] or a
//! [`Clothoid`], driven forwards or in reverse.

use super::{Arc, Clothoid, Line, Point, Pose};
use crate::error::Error;

/// A line, an arc or a clothoid. As data (the `serde` feature): its fields
/// with `kind: "line"`, `kind: "arc"` or `kind: "clothoid"` (and
/// `reverse: true` on a segment driven backwards; forward segments carry no
/// `reverse`).
///
/// Headings, letters and offsets are the vehicle's: on a segment driven in
/// reverse ([`Segment::is_reverse`]) the vehicle faces against the direction
/// of travel, its letter names the side of the turning centre seen from the
/// vehicle, and "left" is the vehicle's left. Where a path changes gear (a
/// cusp) the direction of travel flips and the vehicle's pose is continuous.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "lowercase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub enum Segment {
    /// A straight segment.
    Line(Line),
    /// A circular arc.
    Arc(Arc),
    /// A clothoid: curvature changing linearly with distance.
    Clothoid(Clothoid),
}

impl Segment {
    /// The segment's length.
    #[inline]
    #[must_use]
    pub fn length(&self) -> f64 {
        match self {
            Segment::Line(l) => l.length(),
            Segment::Arc(a) => a.length(),
            Segment::Clothoid(c) => c.length,
        }
    }

    /// The start point.
    #[inline]
    #[must_use]
    pub fn start(&self) -> Point {
        match self {
            Segment::Line(l) => l.start,
            Segment::Arc(a) => a.start(),
            Segment::Clothoid(c) => c.start.position(),
        }
    }

    /// The end point.
    #[inline]
    #[must_use]
    pub fn end(&self) -> Point {
        match self {
            Segment::Line(l) => l.end,
            Segment::Arc(a) => a.end(),
            Segment::Clothoid(c) => c.end().position(),
        }
    }

    /// Whether the segment is driven backwards.
    #[inline]
    #[must_use]
    pub fn is_reverse(&self) -> bool {
        match self {
            Segment::Line(l) => l.reverse,
            Segment::Arc(a) => a.reverse,
            Segment::Clothoid(c) => c.reverse,
        }
    }

    /// The same segment driven in reverse (`true`) or forwards (`false`).
    #[inline]
    #[must_use]
    pub fn with_reverse(self, reverse: bool) -> Segment {
        match self {
            Segment::Line(l) => Segment::Line(l.with_reverse(reverse)),
            Segment::Arc(a) => Segment::Arc(a.with_reverse(reverse)),
            Segment::Clothoid(c) => Segment::Clothoid(c.with_reverse(reverse)),
        }
    }

    /// The vehicle's heading at the start, or `None` for a zero-length line
    /// (it has none).
    #[must_use]
    pub fn start_heading(&self) -> Option<f64> {
        match self {
            Segment::Line(l) => l.facing().map(|d| d.angle()),
            Segment::Arc(a) => Some(a.pose_at(0.0).heading),
            Segment::Clothoid(c) => Some(c.pose_at(0.0).heading),
        }
    }

    /// The vehicle's heading at the end, or `None` for a zero-length line.
    #[must_use]
    pub fn end_heading(&self) -> Option<f64> {
        match self {
            Segment::Line(l) => l.facing().map(|d| d.angle()),
            Segment::Arc(a) => Some(a.pose_at(a.length()).heading),
            Segment::Clothoid(c) => Some(c.end().heading),
        }
    }

    /// Position and the vehicle's heading `distance` along the segment (not
    /// clamped, but a clothoid's distance is: it is not defined past its
    /// ends). A zero-length line reports `fallback_heading`.
    #[must_use]
    pub fn pose_at(&self, distance: f64, fallback_heading: f64) -> Pose {
        match self {
            Segment::Line(l) => Pose::at(
                l.point_at(distance),
                l.facing().map_or(fallback_heading, |d| d.angle()),
            ),
            Segment::Arc(a) => a.pose_at(distance),
            Segment::Clothoid(c) => c.pose_at(distance),
        }
    }

    /// The parallel segment `d` to the vehicle's left (see [`Line::offset`],
    /// [`Arc::offset`]).
    ///
    /// # Errors
    /// [`Reason::OffsetCollapsesArc`](crate::Reason::OffsetCollapsesArc) about
    /// `distance` when an arc's radius would be ≤ 0;
    /// [`Unsolvable::ClothoidOffset`](crate::Unsolvable::ClothoidOffset) for
    /// a clothoid, whose offset is not a clothoid (nor one segment):
    /// [`Path::offset`](super::Path::offset) offsets its arcs
    /// ([`Clothoid::to_arcs`]) instead.
    pub fn offset(&self, d: f64, fallback_heading: f64) -> Result<Segment, Error> {
        Ok(match self {
            Segment::Line(l) => Segment::Line(l.offset(d, fallback_heading)),
            Segment::Arc(a) => Segment::Arc(a.offset(d)?),
            Segment::Clothoid(_) => {
                return Err(Error::at(
                    "distance",
                    crate::Reason::Unsolvable(crate::Unsolvable::ClothoidOffset),
                ))
            }
        })
    }

    /// `'S'` for a line, `'L'` for an arc whose centre is on the vehicle's
    /// left ([`Arc::side`]; driven forwards, a left turn), `'R'` for the
    /// other arcs, `'T'` (transition) for a clothoid.
    #[inline]
    #[must_use]
    pub fn letter(&self) -> char {
        match self {
            Segment::Line(_) => 'S',
            Segment::Arc(a) if a.side() > 0.0 => 'L',
            Segment::Arc(_) => 'R',
            Segment::Clothoid(_) => 'T',
        }
    }

    /// Whether every number in the segment is finite (and an arc's radius > 0).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.check().is_ok()
    }

    /// `Ok` when every number in the segment is finite (and an arc's radius > 0).
    ///
    /// # Errors
    /// [`Reason::NotFinite`](crate::Reason::NotFinite) about the field
    /// (`start.x`, `radius`...); [`Reason::NotPositive`](crate::Reason::NotPositive)
    /// about an arc's `radius`.
    pub fn check(&self) -> Result<(), Error> {
        match self {
            Segment::Line(l) => {
                l.start.check("start")?;
                l.end.check("end")?;
                Ok(())
            }
            Segment::Arc(a) => a.check(),
            Segment::Clothoid(c) => c.check(),
        }
    }

    /// The segment walked the other way, in the same gear.
    #[must_use]
    pub fn reversed(&self) -> Segment {
        match self {
            Segment::Line(l) => Segment::Line(l.reversed()),
            Segment::Arc(a) => Segment::Arc(a.reversed()),
            Segment::Clothoid(c) => Segment::Clothoid(c.reversed()),
        }
    }
}

impl From<Line> for Segment {
    fn from(l: Line) -> Segment {
        Segment::Line(l)
    }
}

impl From<Arc> for Segment {
    fn from(a: Arc) -> Segment {
        Segment::Arc(a)
    }
}

impl From<Clothoid> for Segment {
    fn from(c: Clothoid) -> Segment {
        Segment::Clothoid(c)
    }
}
