//! The constructions on the centreline: the two-line fillet, the U-turn
//! (semicircle and line), the straight, and the Hermite-placed intermediate
//! pose of an S-curve. Each works on [`Pose`]s (the profiles' middles); the
//! lane edges are the centreline's offsets.

use super::PieceKind;
use crate::geom::{math, normalize_angle};
use crate::geom::{Arc, Line, Path, Point, Pose, Segment, Vec2};

/// The points of one two-line fillet: the continuation lines of `a` and `b`
/// meet at `c`; `m` is on the longer leg with `|CM|` the shorter leg's
/// length; `o` is the arc's centre, `radius` its radius; `leg_a` = `|CA|`
/// and `leg_b` = `|CB|` are the legs, `straight` the length of the line
/// (`|CB| − |CA|` up to rounding, 0 for an arc alone). As data:
/// `{ a, b, c, m, o, radius, legA, legB, straight, kind }`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Fillet {
    /// The pose the fillet starts from.
    pub a: Pose,
    /// The pose it ends at.
    pub b: Pose,
    /// Where the continuation lines meet.
    pub c: Point,
    /// The end of the arc on the longer leg.
    pub m: Point,
    /// The arc's centre.
    pub o: Point,
    /// The arc's radius (`|OA|` = `|OM|` when the arc starts at `a`).
    pub radius: f64,
    /// `|CA|`: from `a` along its heading to `c`.
    pub leg_a: f64,
    /// `|CB|`: from `c` along `b`'s heading to `b`.
    pub leg_b: f64,
    /// The length of the fillet's line (0 when it is an arc alone).
    pub straight: f64,
    /// `ArcLine` when the leg at `a` is the shorter (the arc comes first),
    /// else `LineArc`.
    pub kind: PieceKind,
}

/// A U-turn's semicircle. As data: `{ center, radius }`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Semicircle {
    /// Its centre.
    pub center: Point,
    /// Its radius (half the distance between the profiles' lines).
    pub radius: f64,
}

/// Headings whose sine is below this are parallel (same or opposite way).
pub(crate) const PARALLEL_TOL: f64 = 1e-9;
/// A lateral offset below this times the distance is zero (and so is a
/// distance below this, in the coordinates' units).
pub(crate) const LENGTH_TOL: f64 = 1e-9;

/// The tangent length of the Hermite spline that places an S-curve's
/// intermediate profile, as a multiple of the distance between the middles.
/// 1.5 (the top of the usual 1.0–1.5 range): for a sideways shift it puts the
/// middle heading at twice the chord's angle, which is exactly the symmetric
/// two-equal-arcs S (no line in between), the largest radius a two-fillet S
/// can have; 1.0 gives 1.5× the chord angle, tighter arcs joined by lines.
/// Measured over 20,000 random pairs of 14 m wide profiles (xorshift seed
/// 0x9E3779B97F4A7C15, `b` uniform in a 200 × 200 square around `a`): 1.5
/// solved 34% of them as s-curves, 1.25 30%, 1.0 25%, and falling back to
/// 1.0 when 1.5 failed solved none more.
pub const HERMITE_TANGENT_SCALE: f64 = 1.5;

/// How the centrelines of a pair of poses relate: the case table of the module docs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Case {
    /// Same point and heading: nothing to build.
    Coincident,
    /// Collinear, same heading, `b` ahead: a line.
    Straight,
    /// The continuation lines meet at `c`, ahead of `a` (`ta > 0`) and behind `b` (`tb < 0`).
    Fillet {
        c: Point,
        ta: f64,
        tb: f64,
        theta: f64,
    },
    /// Opposite headings, `b` off `a`'s line: semicircle + line.
    UTurn { lateral: f64, forward: f64 },
    /// Opposite headings with `b` on `a`'s line, facing it.
    HeadOn,
    /// Anything else: the continuation lines do not meet usefully (parallel
    /// and shifted, or meeting behind `a` / ahead of `b`).
    Intermediate,
}

/// Which case the pair `a → b` falls in.
pub(crate) fn classify(a: Pose, b: Pose) -> Case {
    let (da, db) = (a.direction(), b.direction());
    let w = b.position() - a.position();
    let dist = w.length();
    // Relative to the pair's own distance: with `max(1, distance)` a pair
    // 1.7e-9 apart with a sideways offset of 1.6e-10 was "straight", a line
    // 0.095 rad off both headings whose lane edges were not parallel.
    let scale = dist;
    let theta = normalize_angle(b.heading - a.heading);
    let sin = da.cross(db);
    let cos = da.dot(db);
    let lateral = da.cross(w);
    let forward = da.dot(w);
    if sin.abs() <= PARALLEL_TOL {
        if cos > 0.0 {
            if dist <= LENGTH_TOL {
                return Case::Coincident;
            }
            if lateral.abs() <= LENGTH_TOL * scale && forward > 0.0 {
                return Case::Straight;
            }
            return Case::Intermediate;
        }
        if lateral.abs() <= LENGTH_TOL * scale {
            return Case::HeadOn;
        }
        return Case::UTurn { lateral, forward };
    }
    let ta = w.cross(db) / sin;
    let tb = w.cross(da) / sin;
    if ta > 0.0 && tb < 0.0 {
        let c = a.position() + da * ta;
        Case::Fillet { c, ta, tb, theta }
    } else {
        Case::Intermediate
    }
}

/// A centreline with how it was made.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Centreline {
    pub(crate) kind: PieceKind,
    pub(crate) path: Path,
    /// The smallest arc radius on the centreline (∞ for lines only).
    pub(crate) min_radius: f64,
    pub(crate) fillets: Vec<Fillet>,
    /// For a U-turn, the semicircle.
    pub(crate) semicircle: Option<Semicircle>,
}

fn sign(x: f64) -> f64 {
    if x < 0.0 {
        -1.0
    } else {
        1.0
    }
}

fn push_line(segs: &mut Vec<Segment>, from: Point, to: Point, min_len: f64) {
    if from.distance(to) > min_len {
        segs.push(Segment::Line(Line::new(from, to)));
    }
}

/// The two-line fillet for a [`Case::Fillet`]: on the longer leg
/// take `M` with `CM` = the shorter leg; the perpendiculars at the shorter
/// leg's end and at `M` meet at the centre `O`. The arc is on the shorter
/// leg's side, so `kind` is `ArcLine` when `|CA| <= |CB|`. A line shorter
/// than 1e-9 of `|AB|` is left out (a pure arc keeps kind `ArcLine`; one
/// that would start it leaves the arc starting at `A`).
/// `None` when the radius comes out non-positive or non-finite. Past a
/// right angle the radius and `M` come from tangency instead of the legs
/// (the same values, better conditioned there: see the body).
pub(crate) fn fillet(
    a: Pose,
    b: Pose,
    c: Point,
    ta: f64,
    tb: f64,
    theta: f64,
) -> Option<Centreline> {
    let (da, db) = (a.direction(), b.direction());
    let turn = sign(theta);
    let abs = theta.abs();
    // tan(|θ|/2) = sin|θ| / (1 + cos θ) = (1 - cos θ) / sin|θ|: the first
    // cancels near |θ| = π, the second near 0, so each takes its own half.
    let (sn, cs) = (math::sin(abs), math::cos(abs));
    let tan_half = if cs >= 0.0 {
        sn / (1.0 + cs)
    } else {
        (1.0 - cs) / sn
    };
    // Relative to the piece's own size, not to the legs: for nearly opposite
    // headings the legs are huge (|AB| / sin θ) while the piece is small.
    let min_len = LENGTH_TOL * a.position().distance(b.position());
    let (ca, cb) = (ta, -tb);
    let (arc_first, radius, m) = if cs >= 0.0 {
        // Up to a right angle the legs are at most |AB| / sin θ ≈ the radius
        // scale: the construction by the legs, M on the longer leg.
        let arc_first = ca <= cb;
        let leg = if arc_first { ca } else { cb };
        let m = if arc_first { c + db * ca } else { c - da * cb };
        (arc_first, leg / tan_half, m)
    } else {
        // Past a right angle the legs (|AB| / sin θ) grow without bound as
        // the headings near opposite while the piece stays small, and their
        // rounding (eps·|AB| / sin²θ) put the arc's end 1.6e-6 off b's line
        // for θ = π − 3.9e-6 (a short line at a wild angle: G1 broken). So
        // the radius comes from tangency: the arc leaving A (centre
        // A + turn·R·left(a)) touches b's line when cross(db, A − B) =
        // turn·R·(1 − cos θ), and the arc ending at B likewise; 1 − cos θ =
        // sin|θ|·tan(|θ|/2) without cancellation. Arc first when B is on or
        // ahead of where the arc from A meets b's line (|CA| <= |CB|, a tie
        // within the dropped-line length included).
        let (pa, pb) = (a.position(), b.position());
        let one_minus_cos = sn * tan_half;
        let r_first = turn * db.cross(pa - pb) / one_minus_cos;
        let end = Arc::from_pose(a, r_first, turn, abs).end();
        if r_first.is_finite() && r_first > 0.0 && db.dot(pb - end) >= -min_len {
            (true, r_first, end)
        } else {
            let r = turn * da.cross(pb - pa) / one_minus_cos;
            // M = O − turn·R·left(a) with O = B + turn·R·left(b).
            (false, r, pb + (db.perp() - da.perp()) * (turn * r))
        }
    };
    if !(radius.is_finite() && radius > 0.0) {
        return None;
    }
    let mut segs = Vec::with_capacity(2);
    let (o, kind) = if arc_first {
        let arc = Arc::from_pose(a, radius, turn, abs);
        segs.push(Segment::Arc(arc));
        push_line(&mut segs, arc.end(), b.position(), min_len);
        (arc.center, PieceKind::ArcLine)
    } else {
        push_line(&mut segs, a.position(), m, min_len);
        // Without its line the arc starts at `a` itself (the piece starts
        // exactly at its profile; the end moves by less than `min_len`).
        let from = if segs.is_empty() { a.position() } else { m };
        let arc = Arc::from_pose(Pose::at(from, a.heading), radius, turn, abs);
        segs.push(Segment::Arc(arc));
        (arc.center, PieceKind::LineArc)
    };
    let straight = segs.iter().find_map(|s| match s {
        Segment::Line(l) => Some(l.length()),
        Segment::Arc(_) | Segment::Clothoid(_) => None,
    });
    let path = Path::new(segs).ok()?;
    Some(Centreline {
        kind,
        path,
        min_radius: radius,
        fillets: vec![Fillet {
            a,
            b,
            c,
            m,
            o,
            radius,
            leg_a: ca,
            leg_b: cb,
            straight: straight.unwrap_or(0.0),
            kind,
        }],
        semicircle: None,
    })
}

/// The U-turn for opposite headings: a semicircle of diameter `|lateral|`
/// towards `b`'s side, and a line. When `b` is behind `a`'s cross-section
/// (`forward <= 0`) the semicircle comes first and the line runs back to `b`;
/// otherwise the line runs forward from `a` and the semicircle ends at `b`.
/// `None` for `lateral == 0`.
pub(crate) fn u_turn(a: Pose, b: Pose, lateral: f64, forward: f64) -> Option<Centreline> {
    let radius = lateral.abs() / 2.0;
    if !(radius.is_finite() && radius > 0.0) {
        return None;
    }
    let turn = sign(lateral);
    let da = a.direction();
    let min_len = LENGTH_TOL * (lateral.abs() + forward.abs());
    let mut segs = Vec::with_capacity(2);
    let arc = if forward <= 0.0 {
        let arc = Arc::from_pose(a, radius, turn, core::f64::consts::PI);
        segs.push(Segment::Arc(arc));
        push_line(&mut segs, arc.end(), b.position(), min_len);
        arc
    } else {
        let m = a.position() + da * forward;
        push_line(&mut segs, a.position(), m, min_len);
        let arc = Arc::from_pose(Pose::at(m, a.heading), radius, turn, core::f64::consts::PI);
        segs.push(Segment::Arc(arc));
        arc
    };
    let path = Path::new(segs).ok()?;
    Some(Centreline {
        kind: PieceKind::UTurn,
        path,
        min_radius: radius,
        fillets: Vec::new(),
        semicircle: Some(Semicircle {
            center: arc.center,
            radius,
        }),
    })
}

/// One straight line from `a` to `b`.
pub(crate) fn straight(a: Pose, b: Pose) -> Option<Centreline> {
    let path = Path::single(Line::new(a.position(), b.position())).ok()?;
    Some(Centreline {
        kind: PieceKind::Straight,
        path,
        min_radius: f64::INFINITY,
        fillets: Vec::new(),
        semicircle: None,
    })
}

/// The cubic Hermite spline between the middles with tangents
/// `k·|AB|·dir(a)` and `k·|AB|·dir(b)`, `k` = [`HERMITE_TANGENT_SCALE`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Hermite {
    p0: Point,
    p1: Point,
    t0: Vec2,
    t1: Vec2,
}

impl Hermite {
    /// The spline from `a`'s middle to `b`'s along their headings.
    pub(crate) fn between(a: Pose, b: Pose) -> Hermite {
        let d = a.position().distance(b.position());
        let k = HERMITE_TANGENT_SCALE * d;
        Hermite {
            p0: a.position(),
            p1: b.position(),
            t0: a.direction() * k,
            t1: b.direction() * k,
        }
    }

    /// `P(t) = h00 p0 + h10 t0 + h01 p1 + h11 t1`.
    pub(crate) fn point(&self, t: f64) -> Point {
        let (t2, t3) = (t * t, t * t * t);
        let h00 = 2.0 * t3 - 3.0 * t2 + 1.0;
        let h10 = t3 - 2.0 * t2 + t;
        let h01 = -2.0 * t3 + 3.0 * t2;
        let h11 = t3 - t2;
        let v = self.p0.to_vec2() * h00 + self.t0 * h10 + self.p1.to_vec2() * h01 + self.t1 * h11;
        Point::new(v.x, v.y)
    }

    /// `P'(t)`.
    #[cfg(test)]
    pub(crate) fn tangent(&self, t: f64) -> Vec2 {
        let t2 = t * t;
        let h00 = 6.0 * t2 - 6.0 * t;
        let h10 = 3.0 * t2 - 4.0 * t + 1.0;
        let h01 = -6.0 * t2 + 6.0 * t;
        let h11 = 3.0 * t2 - 2.0 * t;
        self.p0.to_vec2() * h00 + self.t0 * h10 + self.p1.to_vec2() * h01 + self.t1 * h11
    }

    /// The intermediate pose: `P(0.5)` heading along `P'(0.5)`; `None` when
    /// the tangent vanishes. At `t = 0.5` this is
    /// `(A + B)/2 + (T0 - T1)/8` and `1.5 (B - A) - (T0 + T1)/4`.
    pub(crate) fn middle(&self) -> Option<Pose> {
        let p = (self.p0.to_vec2() + self.p1.to_vec2()) * 0.5 + (self.t0 - self.t1) * 0.125;
        let d = (self.p1 - self.p0) * 1.5 - (self.t0 + self.t1) * 0.25;
        let dir = d.try_normalize()?;
        Some(Pose::new(p.x, p.y, dir.angle()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hermite_middle_is_the_spline_at_one_half() {
        // The closed form of `middle` against the basis polynomials.
        let a = Pose::new(1.0, -2.0, 0.3);
        let b = Pose::new(40.0, 7.0, -1.1);
        let h = Hermite::between(a, b);
        let m = h.middle().unwrap();
        let p = h.point(0.5);
        assert!((m.x - p.x).abs() < 1e-12 && (m.y - p.y).abs() < 1e-12);
        let d = h.tangent(0.5);
        assert!((m.heading - d.y.atan2(d.x)).abs() < 1e-12);
        assert_eq!(h.point(0.0), a.position());
        assert_eq!(h.point(1.0), b.position());
    }
}
