//! The serialized forms of the geometry whose JS shape carries computed
//! values (with the `serde` feature): a line's and an arc's `length`, a
//! path's `length` and `word`. Computed values are written and, when read,
//! ignored (recomputed), so a path read from data is always consistent.
//! A segment driven backwards carries `reverse: true`; a forward one has no
//! `reverse` (written as before; read as forward when absent or `false`).
//!
//! [`Line`], [`Arc`] and [`Path`] serialize as these; a path read from
//! data is checked by [`Path::new`] (every number finite, radii positive).

use super::{Arc, Clothoid, Line, Path, Point, Pose, Segment};
use serde::{Deserialize, Serialize};

/// A [`Line`] as data: `{ start, end, length }`, and `reverse: true` when
/// driven backwards.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Line"))]
pub struct LineShape {
    /// Where the line starts.
    pub start: Point,
    /// Where it ends.
    pub end: Point,
    /// Its length (written; ignored when read).
    #[serde(default)]
    pub length: f64,
    /// `true` when driven backwards (the vehicle faces from `end` towards
    /// `start`); absent when driven forwards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub reverse: Option<bool>,
}

/// An [`Arc`] as data: `{ center, radius, startAngle, sweep, length }`, and
/// `reverse: true` when driven backwards.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Arc"))]
pub struct ArcShape {
    /// The centre of the circle.
    pub center: Point,
    /// The radius (> 0).
    pub radius: f64,
    /// The angle of the start point seen from the centre.
    pub start_angle: f64,
    /// The signed angle swept in the direction of travel (+ counter-clockwise:
    /// a left turn forwards, a right one in reverse).
    pub sweep: f64,
    /// Its length (written; ignored when read).
    #[serde(default)]
    pub length: f64,
    /// `true` when driven backwards (the vehicle faces against the direction
    /// of travel); absent when driven forwards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub reverse: Option<bool>,
}

/// A [`Clothoid`] as data: `{ start, length, curvatureStart, curvatureEnd,
/// end }`, and `reverse: true` when driven backwards. `end` (the pose at
/// its end, the vehicle's heading) is written for drawing and ignored when
/// read.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Clothoid"))]
pub struct ClothoidShape {
    /// Position and heading at the start, in the direction of travel.
    pub start: Pose,
    /// The length (≥ 0).
    pub length: f64,
    /// The curvature at the start (1/radius, + to the left of the direction
    /// of travel).
    pub curvature_start: f64,
    /// The curvature at the end; in between it changes linearly with the
    /// distance.
    pub curvature_end: f64,
    /// Where it ends, with the vehicle's heading there (written; ignored
    /// when read).
    #[serde(default)]
    #[cfg_attr(feature = "typescript", ts(as = "Pose"))]
    pub end: Option<Pose>,
    /// `true` when driven backwards (the vehicle faces against the direction
    /// of travel); absent when driven forwards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "typescript", ts(optional))]
    pub reverse: Option<bool>,
}

impl From<Clothoid> for ClothoidShape {
    fn from(c: Clothoid) -> ClothoidShape {
        ClothoidShape {
            start: c.start,
            length: c.length,
            curvature_start: c.curvature_start,
            curvature_end: c.curvature_end,
            end: Some(c.end()),
            reverse: c.reverse.then_some(true),
        }
    }
}

impl From<ClothoidShape> for Clothoid {
    /// The clothoid as given (unchecked: [`Path::new`] or [`Clothoid::check`]
    /// checks it).
    fn from(c: ClothoidShape) -> Clothoid {
        Clothoid {
            start: c.start,
            length: c.length,
            curvature_start: c.curvature_start,
            curvature_end: c.curvature_end,
            reverse: c.reverse == Some(true),
        }
    }
}

impl Serialize for Clothoid {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ClothoidShape::from(*self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Clothoid {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Clothoid, D::Error> {
        ClothoidShape::deserialize(d).map(Clothoid::from)
    }
}

/// A [`Path`] as data: `{ segments, length, word }`. Reading one does not
/// check it: [`Path::try_from`] does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS), ts(rename = "Path"))]
pub struct PathShape {
    /// The lines and arcs, in order (at least one).
    pub segments: Vec<Segment>,
    /// The sum of their lengths (written; ignored when read).
    #[serde(default)]
    pub length: f64,
    /// One letter per segment: `L`, `S` or `R`, an arc's letter the side of
    /// its centre seen from the vehicle (written; ignored when read).
    #[serde(default)]
    pub word: String,
}

impl From<Line> for LineShape {
    fn from(l: Line) -> LineShape {
        LineShape {
            start: l.start,
            end: l.end,
            length: l.length(),
            reverse: l.reverse.then_some(true),
        }
    }
}

impl From<LineShape> for Line {
    fn from(l: LineShape) -> Line {
        Line::new(l.start, l.end).with_reverse(l.reverse == Some(true))
    }
}

impl From<Arc> for ArcShape {
    fn from(a: Arc) -> ArcShape {
        ArcShape {
            center: a.center,
            radius: a.radius,
            start_angle: a.start_angle,
            sweep: a.sweep,
            length: a.length(),
            reverse: a.reverse.then_some(true),
        }
    }
}

impl From<ArcShape> for Arc {
    /// The arc as given (unchecked: [`Path::new`] or [`Arc::check`] checks it).
    fn from(a: ArcShape) -> Arc {
        Arc {
            center: a.center,
            radius: a.radius,
            start_angle: a.start_angle,
            sweep: a.sweep,
            reverse: a.reverse == Some(true),
        }
    }
}

impl From<Path> for PathShape {
    fn from(p: Path) -> PathShape {
        PathShape {
            length: p.length(),
            word: p.word(),
            segments: p.into_segments(),
        }
    }
}

impl TryFrom<PathShape> for Path {
    type Error = crate::Error;

    /// [`Path::new`] of the segments.
    fn try_from(p: PathShape) -> Result<Path, crate::Error> {
        Path::new(p.segments)
    }
}

impl Serialize for Line {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        LineShape::from(*self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Line {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Line, D::Error> {
        LineShape::deserialize(d).map(Line::from)
    }
}

impl Serialize for Arc {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ArcShape::from(*self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Arc {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Arc, D::Error> {
        ArcShape::deserialize(d).map(Arc::from)
    }
}

/// The kinds of [`Segment`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum SegmentKind {
    Line,
    Arc,
    Clothoid,
}

/// A segment's `start`: a point for a line, a pose for a clothoid.
#[derive(Clone, Copy, Deserialize)]
struct Start {
    x: f64,
    y: f64,
    heading: Option<f64>,
}

/// Every field a segment may have, read as a plain object (so that a bad
/// value deep inside is reported with its whole path), then checked for the
/// fields its kind needs.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SegmentFields {
    kind: SegmentKind,
    start: Option<Start>,
    end: Option<Point>,
    center: Option<Point>,
    radius: Option<f64>,
    start_angle: Option<f64>,
    sweep: Option<f64>,
    length: Option<f64>,
    curvature_start: Option<f64>,
    curvature_end: Option<f64>,
    reverse: Option<bool>,
}

impl<'de> Deserialize<'de> for Segment {
    /// `{ kind: "line", start, end }`, `{ kind: "arc", center, radius,
    /// startAngle, sweep }` or `{ kind: "clothoid", start: Pose, length,
    /// curvatureStart, curvatureEnd }`, each with an optional `reverse` (a
    /// line's or an arc's `length` is ignored).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Segment, D::Error> {
        use serde::de::Error;
        let f = SegmentFields::deserialize(d)?;
        let need = |v: Option<Point>, name| v.ok_or_else(|| D::Error::missing_field(name));
        let num = |v: Option<f64>, name| v.ok_or_else(|| D::Error::missing_field(name));
        let reverse = f.reverse == Some(true);
        Ok(match f.kind {
            SegmentKind::Line => {
                let start = f.start.ok_or_else(|| D::Error::missing_field("start"))?;
                Segment::Line(
                    Line::new(Point::new(start.x, start.y), need(f.end, "end")?)
                        .with_reverse(reverse),
                )
            }
            SegmentKind::Clothoid => {
                let start = f.start.ok_or_else(|| D::Error::missing_field("start"))?;
                let heading = start
                    .heading
                    .ok_or_else(|| D::Error::missing_field("start.heading"))?;
                Segment::Clothoid(Clothoid {
                    start: Pose::new(start.x, start.y, heading),
                    length: num(f.length, "length")?,
                    curvature_start: num(f.curvature_start, "curvatureStart")?,
                    curvature_end: num(f.curvature_end, "curvatureEnd")?,
                    reverse,
                })
            }
            SegmentKind::Arc => Segment::Arc(Arc {
                center: need(f.center, "center")?,
                radius: num(f.radius, "radius")?,
                start_angle: num(f.start_angle, "startAngle")?,
                sweep: num(f.sweep, "sweep")?,
                reverse,
            }),
        })
    }
}

impl Serialize for Path {
    /// As [`PathShape`], without copying the segments.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut o = s.serialize_struct("Path", 3)?;
        o.serialize_field("segments", self.segments())?;
        o.serialize_field("length", &self.length())?;
        o.serialize_field("word", &self.word())?;
        o.end()
    }
}

impl<'de> Deserialize<'de> for Path {
    /// A [`PathShape`] checked by [`Path::new`].
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Path, D::Error> {
        let shape = PathShape::deserialize(d)?;
        Path::try_from(shape).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pose;

    #[test]
    fn a_path_is_written_with_its_length_and_word_and_read_back_checked() {
        let arc = Arc::from_pose(Pose::new(0.0, 0.0, 0.0), 2.0, 1.0, core::f64::consts::PI);
        let line = Line::new(arc.end(), Point::new(-3.0, 4.0));
        let path = Path::new(vec![arc.into(), line.into()]).unwrap();
        let json = serde_json::to_value(&path).unwrap();
        assert_eq!(json["word"], "LS");
        assert_eq!(json["length"], 2.0 * core::f64::consts::PI + 3.0);
        assert_eq!(json["segments"][0]["kind"], "arc");
        assert_eq!(
            json["segments"][0]["startAngle"],
            -core::f64::consts::FRAC_PI_2
        );
        assert_eq!(json["segments"][1]["length"], 3.0);
        assert!(json["segments"][0].get("reverse").is_none());
        let back: Path = serde_json::from_value(json).unwrap();
        assert_eq!(back, path);
        // Lengths and words given are ignored; bad numbers are refused.
        let odd = r#"{"segments":[{"kind":"line","start":{"x":0,"y":0},"end":{"x":3,"y":4},"length":9}],"word":"R"}"#;
        assert_eq!(serde_json::from_str::<Path>(odd).unwrap().length(), 5.0);
        let bad = r#"{"segments":[{"kind":"arc","center":{"x":0,"y":0},"radius":0,"startAngle":0,"sweep":1}]}"#;
        let e = serde_json::from_str::<Path>(bad).unwrap_err().to_string();
        assert!(
            e.starts_with("segments[0].radius: must be greater than zero"),
            "{e}"
        );
    }

    #[test]
    fn a_reversing_segment_is_written_with_reverse_true_and_read_back() {
        let back = Arc::reversing_from_pose(Pose::new(0.0, 0.0, 0.0), 1.0, 1.0, 1.0);
        let line = Line::new(back.end(), Point::new(5.0, 5.0));
        let path = Path::new(vec![back.into(), line.into()]).unwrap();
        let json = serde_json::to_value(&path).unwrap();
        assert_eq!(json["segments"][0]["reverse"], true);
        assert_eq!(json["segments"][0]["sweep"], -1.0);
        assert!(json["segments"][1].get("reverse").is_none());
        assert_eq!(json["word"], "LS");
        let read: Path = serde_json::from_value(json).unwrap();
        assert_eq!(read, path);
        // `reverse: false` reads as forward.
        let fwd = r#"{"kind":"line","start":{"x":0,"y":0},"end":{"x":1,"y":0},"reverse":false}"#;
        assert!(!serde_json::from_str::<Segment>(fwd).unwrap().is_reverse());
    }
}
