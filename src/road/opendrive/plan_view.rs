//! A path as an OpenDRIVE `<planView>`: one `<geometry>` per line or arc,
//! exactly (start point, heading, length; an arc's curvature ±1/r, positive
//! to the left), zero-length segments left out.

use super::xml::{Value, Xml};
use crate::geom::{normalize_angle, Path, Segment};

/// Whether a segment gets a record: it has a heading and a length.
fn written(seg: &Segment) -> Option<(f64, f64)> {
    let length = seg.length();
    let hdg = seg.start_heading()?;
    (length > 0.0).then_some((hdg, length))
}

/// The length of the road `path` makes: the sum of the records' lengths.
pub(crate) fn road_length(path: &Path) -> f64 {
    path.segments()
        .iter()
        .filter_map(written)
        .map(|(_, l)| l)
        .sum()
}

/// Writes `path`'s `<planView>` (each record's `s` is the sum of the
/// lengths before it).
pub(crate) fn plan_view(x: &mut Xml, path: &Path) {
    x.start("planView", &[]);
    let mut s = 0.0;
    for seg in path.segments() {
        let Some((hdg, length)) = written(seg) else {
            continue;
        };
        let start = seg.start();
        x.start(
            "geometry",
            &[
                ("s", Value::Real(s)),
                ("x", Value::Real(start.x)),
                ("y", Value::Real(start.y)),
                ("hdg", Value::Real(normalize_angle(hdg))),
                ("length", Value::Real(length)),
            ],
        );
        match seg {
            Segment::Line(_) => x.empty("line", &[]),
            Segment::Arc(a) => x.empty("arc", &[("curvature", Value::Real(a.turn() / a.radius))]),
            Segment::Clothoid(c) => x.empty(
                "spiral",
                &[
                    ("curvStart", Value::Real(c.curvature_start)),
                    ("curvEnd", Value::Real(c.curvature_end)),
                ],
            ),
        }
        x.end();
        s += length;
    }
    x.end();
}
