//! `Path`: a non-empty sequence of line and arc segments.

use super::{normalize_angle, Pose, Segment};
use crate::error::{Error, Field, Reason};

/// A sequence of at least one [`Segment`]. Planners and road pieces produce
/// paths whose segments join end to start with equal tangents (G1); a path
/// built by hand may not, and [`Path::is_g1`] tells.
///
/// Segments may be driven in reverse ([`Segment::is_reverse`]): poses along
/// the path carry the vehicle's heading, which stays continuous where the
/// gear changes (a cusp, [`Path::cusps`]) while the direction of travel flips.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "typescript",
    derive(ts_rs::TS),
    ts(as = "super::shape::PathShape")
)]
pub struct Path {
    segments: Vec<Segment>,
}

/// A copy of the path (as `Vec` from `&Vec`): lets functions that keep a
/// path take a borrowed one.
impl From<&Path> for Path {
    fn from(p: &Path) -> Path {
        p.clone()
    }
}

impl Path {
    /// A path of these segments.
    ///
    /// # Errors
    /// [`Reason::Empty`] about `segments` for no segments; a segment with a
    /// bad number as [`Segment::check`] says, within `segments[i]`;
    /// [`Reason::Overflow`] about `segments` when the length overflows
    /// (finite points 2e308 apart, or a sum of segments beyond `f64::MAX`).
    pub fn new(segments: Vec<Segment>) -> Result<Path, Error> {
        if segments.is_empty() {
            return Err(Error::at("segments", Reason::Empty));
        }
        for (i, s) in segments.iter().enumerate() {
            s.check()
                .map_err(|e| e.within_index(i).within("segments"))?;
        }
        let path = Path { segments };
        // Square roots only near f64::MAX: |dx| + |dy| bounds a line's length.
        let bound: f64 = path.segments.iter().map(length_bound).sum();
        if bound >= 1e308 && !path.length().is_finite() {
            return Err(Error::at("segments", Reason::Overflow));
        }
        Ok(path)
    }

    /// A path of one segment.
    ///
    /// # Errors
    /// As [`Path::new`].
    pub fn single(segment: impl Into<Segment>) -> Result<Path, Error> {
        Path::new(vec![segment.into()])
    }

    /// The segments in order, each starting where the previous one ends.
    #[inline]
    #[must_use]
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// The segments, by value.
    #[must_use]
    pub fn into_segments(self) -> Vec<Segment> {
        self.segments
    }

    /// The sum of the segment lengths.
    pub fn length(&self) -> f64 {
        self.segments.iter().map(Segment::length).sum()
    }

    /// One letter per segment (`L`, `S`, `R`), zero-length segments included;
    /// an arc's letter is the side of its centre seen from the vehicle.
    pub fn word(&self) -> String {
        self.segments.iter().map(Segment::letter).collect()
    }

    /// The heading at the start of segment `i`, looking past zero-length lines
    /// (forwards, then backwards); `0` when the whole path is degenerate lines.
    fn heading_near(&self, i: usize) -> f64 {
        self.segments[i..]
            .iter()
            .find_map(Segment::start_heading)
            .or_else(|| {
                self.segments[..i]
                    .iter()
                    .rev()
                    .find_map(Segment::end_heading)
            })
            .unwrap_or(0.0)
    }

    /// The pose at the start: the first point, heading along the first segment.
    #[must_use]
    pub fn start_pose(&self) -> Pose {
        self.segments[0].pose_at(0.0, self.heading_near(0))
    }

    /// The pose at the end: the last point, heading along the last segment.
    pub fn end_pose(&self) -> Pose {
        let last = self.segments.len() - 1;
        let seg = &self.segments[last];
        let fallback = self.segments[..=last]
            .iter()
            .rev()
            .find_map(Segment::end_heading)
            .unwrap_or(0.0);
        seg.pose_at(seg.length(), fallback)
    }

    /// Position and the vehicle's heading `distance` along the path (on a
    /// reversing segment, against the direction of travel): walk the
    /// segments, subtracting each length. `distance` is clamped to
    /// `[0, length]`; NaN counts as 0. The heading is in `(-π, π]`, the range
    /// of the headings the planners take, so `pose_at(0.0)` of a path planned
    /// from a pose has that pose's heading.
    ///
    /// # Examples
    /// ```
    /// use arcline::{Line, Path, Point};
    /// let p = Path::single(Line::new(Point::new(0.0, 0.0), Point::new(4.0, 0.0))).unwrap();
    /// assert_eq!(p.pose_at(1.0).x, 1.0);
    /// assert_eq!(p.pose_at(99.0).x, 4.0);
    /// ```
    #[must_use]
    pub fn pose_at(&self, distance: f64) -> Pose {
        let mut remaining = if distance > 0.0 { distance } else { 0.0 };
        let mut pose = None;
        for (i, seg) in self.segments.iter().enumerate() {
            let len = seg.length();
            if remaining < len {
                pose = Some(seg.pose_at(remaining, self.heading_near(i)));
                break;
            }
            remaining -= len;
        }
        let pose = pose.unwrap_or_else(|| self.end_pose());
        Pose::at(pose.position(), normalize_angle(pose.heading))
    }

    /// Whether each segment starts where the previous one ends (within `tol`)
    /// with the same vehicle heading (within `tol` radians). Zero-length lines
    /// carry the heading through. At a cusp the vehicle's heading is
    /// continuous (the direction of travel flips, on the same tangent line),
    /// so a path with gear changes passes too.
    #[must_use]
    pub fn is_g1(&self, tol: f64) -> bool {
        let mut prev_end: Option<(super::Point, Option<f64>)> = None;
        let mut heading: Option<f64> = None;
        for seg in &self.segments {
            if let Some((end, _)) = prev_end {
                if end.distance(seg.start()) > tol {
                    return false;
                }
            }
            if let (Some(h), Some(s)) = (heading, seg.start_heading()) {
                if normalize_angle(h - s).abs() > tol {
                    return false;
                }
            }
            if let Some(e) = seg.end_heading() {
                heading = Some(e);
            }
            prev_end = Some((seg.end(), heading));
        }
        true
    }

    /// The parallel path `d` to the vehicle's left (negative: right; the left
    /// of the direction of travel on forward segments): lines stay parallel,
    /// arcs concentric, so a G1 path stays G1, cusps included (a point fixed
    /// to the vehicle's side traces it). A clothoid's offset is not a
    /// clothoid: it becomes arcs within 1e-6 of the clothoid's length of
    /// the exact offset ([`Clothoid::offset_arcs`](super::Clothoid::offset_arcs)).
    ///
    /// # Errors
    /// [`Reason::NotFinite`] about `distance`; [`Reason::OffsetCollapsesArc`]
    /// about `distance`, naming the first segment (arc or clothoid) where a
    /// radius would be ≤ 0.
    pub fn offset(&self, distance: f64) -> Result<Path, Error> {
        crate::error::finite(distance, "distance")?;
        let mut out = Vec::with_capacity(self.segments.len());
        for (i, seg) in self.segments.iter().enumerate() {
            let pieces = match seg {
                Segment::Clothoid(c) => c.offset_arcs(
                    distance,
                    super::clothoid_arcs::DRAWING_TOLERANCE * c.length + f64::MIN_POSITIVE,
                ),
                _ => seg.offset(distance, self.heading_near(i)).map(|s| vec![s]),
            };
            let s = pieces.map_err(|e| match *e.reason() {
                Reason::OffsetCollapsesArc { radius, .. } => Error::new(
                    Field::named("distance"),
                    Reason::OffsetCollapsesArc { segment: i, radius },
                ),
                _ => e,
            })?;
            out.extend(s);
        }
        Path::new(out).map_err(|_| Error::at("distance", Reason::Overflow))
    }

    /// The path walked from its end to its start, each segment in its own
    /// gear (see [`Segment::reversed`]).
    pub fn reversed(&self) -> Path {
        Path {
            segments: self.segments.iter().rev().map(Segment::reversed).collect(),
        }
    }

    /// The indices of the segments that start in a different gear from the
    /// one before: the cusps, where the unit stops and changes direction.
    ///
    /// # Examples
    /// ```
    /// use arcline::{Line, Path, Point};
    /// let (a, b) = (Point::new(0.0, 0.0), Point::new(2.0, 0.0));
    /// let there_and_back = Path::new(vec![
    ///     Line::new(a, b).into(),
    ///     Line::new(b, a).with_reverse(true).into(),
    /// ]).unwrap();
    /// assert_eq!(there_and_back.cusps().collect::<Vec<_>>(), vec![1]);
    /// assert!(there_and_back.is_g1(1e-12));
    /// ```
    pub fn cusps(&self) -> impl Iterator<Item = usize> + '_ {
        self.segments
            .windows(2)
            .enumerate()
            .filter(|(_, w)| w[0].is_reverse() != w[1].is_reverse())
            .map(|(i, _)| i + 1)
    }
}

/// At least the segment's length, without a square root.
fn length_bound(s: &Segment) -> f64 {
    match s {
        Segment::Line(l) => (l.end.x - l.start.x).abs() + (l.end.y - l.start.y).abs(),
        Segment::Arc(a) => a.length(),
        Segment::Clothoid(c) => c.length,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Arc, Line, Point};
    use core::f64::consts::{FRAC_PI_2, PI};

    fn quarter_then_line() -> Path {
        // The road seed's hand case: (0,0) east to (10,20) north.
        let arc = Arc::new(Point::new(0.0, 10.0), 10.0, -FRAC_PI_2, FRAC_PI_2).unwrap();
        let line = Line::new(Point::new(10.0, 10.0), Point::new(10.0, 20.0));
        Path::new(vec![arc.into(), line.into()]).unwrap()
    }

    #[test]
    fn length_word_and_ends() {
        let p = quarter_then_line();
        assert!((p.length() - (5.0 * PI + 10.0)).abs() < 1e-12);
        assert_eq!(p.word(), "LS");
        assert!(p.start_pose().approx_eq(Pose::new(0.0, 0.0, 0.0), 1e-12));
        assert!(p
            .end_pose()
            .approx_eq(Pose::new(10.0, 20.0, FRAC_PI_2), 1e-12));
        assert!(p.is_g1(1e-9));
    }

    #[test]
    fn a_length_beyond_f64_max_is_an_error() {
        let far = Line::new(Point::new(-1e308, 0.0), Point::new(1e308, 0.0));
        let overflow = Err(Error::at("segments", Reason::Overflow));
        assert_eq!(Path::single(far), overflow);
        let half = Line::new(Point::new(0.0, 0.0), Point::new(1e308, 0.0));
        assert_eq!(Path::single(half).map(|p| p.length()), Ok(1e308));
        assert_eq!(Path::new(vec![half.into(), half.into()]), overflow);
        let big = Arc::new(Point::ORIGIN, 1e308, 0.0, 2.0).unwrap();
        assert_eq!(Path::single(big), overflow);
    }

    #[test]
    fn pose_half_way_round_the_quarter() {
        let p = quarter_then_line();
        let q = p.pose_at(2.5 * PI);
        let s = core::f64::consts::FRAC_1_SQRT_2 * 10.0;
        assert!(q.approx_eq(Pose::new(s, 10.0 - s, PI / 4.0), 1e-12));
    }

    #[test]
    fn poses_along_a_path_have_headings_in_the_planners_range() {
        // A left turn from (0, 0) heading east: centre (0, 2), start angle
        // 3π/2, so the arc's own heading formula gives 3π/2 + π/2 = 2π there.
        let left = Arc::new(Point::new(0.0, 2.0), 2.0, 1.5 * PI, PI).unwrap();
        let p = Path::single(left).unwrap();
        assert_eq!(p.pose_at(0.0).heading, 0.0);
        // Half way round (a quarter turn of the circle) it faces north: 2π + π/2.
        assert!((p.pose_at(PI).heading - FRAC_PI_2).abs() < 1e-15);
        // At the end it faces west, π (the top of the range, not -π): 3π/2 + π + π/2 = 3π.
        assert!((p.pose_at(2.0 * PI).heading - PI).abs() < 1e-15);
        for k in 0..=64 {
            let h = p.pose_at(f64::from(k) * 2.0 * PI / 64.0).heading;
            assert!(h > -PI && h <= PI, "{h}");
        }
    }

    #[test]
    fn offset_left_of_a_left_turn_shrinks_it() {
        let p = quarter_then_line().offset(2.0).unwrap();
        match p.segments()[0] {
            Segment::Arc(a) => assert_eq!(a.radius, 8.0),
            _ => panic!("expected an arc"),
        }
        assert!(p
            .end_pose()
            .approx_eq(Pose::new(8.0, 20.0, FRAC_PI_2), 1e-12));
        assert!(p.is_g1(1e-9));
        assert_eq!(
            quarter_then_line().offset(10.0),
            Err(Error::new(
                Field::named("distance"),
                Reason::OffsetCollapsesArc {
                    segment: 0,
                    radius: 0.0
                }
            ))
        );
    }

    #[test]
    fn empty_and_bad_paths_are_rejected() {
        assert_eq!(Path::new(vec![]), Err(Error::at("segments", Reason::Empty)));
        let bad = Line::new(Point::new(f64::NAN, 0.0), Point::ORIGIN);
        assert!(Path::single(bad).is_err());
    }

    #[test]
    fn zero_length_line_takes_the_heading_of_its_neighbour() {
        let arc = Arc::from_pose(Pose::new(0.0, 0.0, 0.0), 1.0, 1.0, FRAC_PI_2);
        let e = arc.end();
        let p = Path::new(vec![arc.into(), Line::new(e, e).into()]).unwrap();
        assert!((p.end_pose().heading - FRAC_PI_2).abs() < 1e-12);
        assert_eq!(p.word(), "LS");
    }
}
