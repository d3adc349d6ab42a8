//! The comparison that shows why roads here are lines and arcs: the offsets
//! of a cubic Bézier centreline. Its offsets are not Béziers and, at sharp
//! turns, pinch and cross themselves where an offset exceeds the curve's
//! radius of curvature. Sampled (it has no exact form); for diagrams only.

use super::connect::check_pair;
use super::construct::HERMITE_TANGENT_SCALE;
use super::construction::MAX_SAMPLES;
use super::name::Name;
use super::Profile;
use crate::error::Error;
use crate::geom::{Point, Vec2};

/// Sampled Bézier centreline and lane edges (left to right). As data:
/// `{ control, centerline, edges, pinched }`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct BezierOffsets {
    /// The control points `P0..P3`: handles of `k·|AB|/3` along each heading,
    /// the Bézier form of the Hermite spline used for s-curves.
    pub control: [Point; 4],
    /// The curve, sampled.
    pub centerline: Vec<Point>,
    /// Its offsets by each lane edge, left to right, sampled.
    pub edges: Vec<Vec<Point>>,
    /// Whether some edge is offset past the centre of curvature (the edge
    /// turns back on itself: the pinch).
    pub pinched: bool,
    /// Where the sampled curve turns tightest (null for a straight one).
    pub tightest: Option<BezierBend>,
}

/// The sample where a Bézier centreline turns tightest, and how far the lane
/// edges reach towards its centre of curvature there: an edge pinches where
/// `inner >= radius`. As data: `{ t, point, center, radius, inner }`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct BezierBend {
    /// The curve's parameter there, in `[0, 1]`.
    pub t: f64,
    /// The point of the centreline there.
    pub point: Point,
    /// Its centre of curvature, `radius` from `point` on the inside of the turn.
    pub center: Point,
    /// The radius of curvature there, `1 / |κ|`.
    pub radius: f64,
    /// The largest offset of a lane edge on the inside of the turn there
    /// (0 when every edge is outside).
    pub inner: f64,
}

/// The cubic Bézier between the middles of `a` and `b` and its offsets by the
/// lane edges of `a`, each sampled at `samples + 1` points (`samples` from 1
/// to [`MAX_SAMPLES`], clamped).
///
/// # Errors
/// Bad profiles or different lanes, as [`connect_profiles`](super::connect_profiles).
///
/// # Examples
/// ```
/// use arcline::road::{bezier_offsets, Lane, LaneKind, Profile};
/// let lanes = vec![Lane::new(LaneKind::Driving, 3.5); 4];
/// let a = Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: lanes.clone() };
/// let b = Profile { x: 8.0, y: 8.0, heading: 2.37, lanes };
/// let o = bezier_offsets(&a, &b, 64).unwrap();
/// assert!(o.pinched); // a sharp turn: the inner edges cross themselves
/// assert_eq!(o.edges.len(), 5);
/// ```
pub fn bezier_offsets(a: &Profile, b: &Profile, samples: usize) -> Result<BezierOffsets, Error> {
    check_pair(a, Name::Arg("a"), b, Name::Arg("b"))?;
    let (pa, pb) = (a.position(), b.position());
    let h = HERMITE_TANGENT_SCALE * pa.distance(pb) / 3.0;
    let p = [
        pa,
        pa + a.pose().direction() * h,
        pb - b.pose().direction() * h,
        pb,
    ];
    let n = samples.clamp(1, MAX_SAMPLES);
    let offsets = a.edge_offsets();
    let mut centerline = Vec::with_capacity(n + 1);
    let mut edges = vec![Vec::with_capacity(n + 1); offsets.len()];
    let mut pinched = false;
    let mut last_normal = a.pose().left();
    // The largest |κ| seen and where.
    let mut tightest: Option<(f64, f64, Point, f64, Vec2)> = None;
    for i in 0..=n {
        let t = i as f64 / n as f64;
        let (q, d1, d2) = eval(&p, t);
        let normal = d1.try_normalize().map(Vec2::perp).unwrap_or(last_normal);
        last_normal = normal;
        let speed2 = d1.length_squared();
        let kappa = if speed2 > 0.0 {
            d1.cross(d2) / (speed2 * speed2.sqrt())
        } else {
            0.0
        };
        centerline.push(q);
        let tighter = match tightest {
            Some((k, ..)) => kappa.abs() > k,
            None => true,
        };
        // Only where the radius and the centre of curvature are finite numbers.
        let finite = kappa.is_finite() && kappa != 0.0 && (q + normal * (1.0 / kappa)).is_finite();
        if finite && tighter {
            tightest = Some((kappa.abs(), t, q, kappa, normal));
        }
        for (e, &o) in edges.iter_mut().zip(&offsets) {
            if 1.0 - kappa * o <= 0.0 {
                pinched = true;
            }
            e.push(q + normal * o);
        }
    }
    // Left offsets are positive and a left turn has κ > 0: the inside of the
    // turn is where `o·κ > 0`.
    let tightest = tightest.map(|(k, t, point, kappa, normal)| BezierBend {
        t,
        point,
        // The left normal times the signed radius 1/κ: left of a left turn.
        center: point + normal * (1.0 / kappa),
        radius: 1.0 / k,
        inner: offsets
            .iter()
            .map(|&o| if kappa > 0.0 { o } else { -o })
            .fold(0.0, f64::max),
    });
    Ok(BezierOffsets {
        control: p,
        centerline,
        edges,
        pinched,
        tightest,
    })
}

fn eval(p: &[Point; 4], t: f64) -> (Point, Vec2, Vec2) {
    let u = 1.0 - t;
    let v = |q: Point| q.to_vec2();
    let pos = v(p[0]) * (u * u * u)
        + v(p[1]) * (3.0 * u * u * t)
        + v(p[2]) * (3.0 * u * t * t)
        + v(p[3]) * (t * t * t);
    let d1 = (p[1] - p[0]) * (3.0 * u * u)
        + (p[2] - p[1]) * (6.0 * u * t)
        + (p[3] - p[2]) * (3.0 * t * t);
    let d2 = (v(p[2]) - v(p[1]) * 2.0 + v(p[0])) * (6.0 * u)
        + (v(p[3]) - v(p[2]) * 2.0 + v(p[1])) * (6.0 * t);
    (Point::new(pos.x, pos.y), d1, d2)
}
