//! The obstacles a path goes around: circles and simple polygons (either
//! winding), as given, and their checks.

use crate::error::{Error, Field, Reason};
use crate::planner::error::{MAX_MAGNITUDE, TOO_LARGE};
use crate::Point;

/// The most corners one polygon may have (the simplicity check compares
/// every pair of edges).
pub const MAX_POLYGON_CORNERS: usize = 1024;

/// The most obstacles of each kind, and the most polygon corners in all:
/// every obstacle circle and polygon corner is a place the path may turn
/// around, and the search looks at each from each.
pub const MAX_OBSTACLES: usize = 4096;

/// A solid disk: centre `(x, y)` and `radius` (> 0).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Circle {
    /// Centre, horizontal.
    pub x: f64,
    /// Centre, vertical.
    pub y: f64,
    /// Radius, positive.
    pub radius: f64,
}

impl Circle {
    /// The disk of `radius` centred on `(x, y)`.
    #[inline]
    pub const fn new(x: f64, y: f64, radius: f64) -> Circle {
        Circle { x, y, radius }
    }

    /// The centre as a point.
    #[inline]
    pub fn center(&self) -> Point {
        Point::new(self.x, self.y)
    }
}

/// Circles and simple polygons. A polygon is its corners in order, either
/// winding, not closed by repeating the first corner; it must not cross or
/// touch itself.
///
/// As data (the `serde` feature): `{ circles?: Circle[], polygons?:
/// Point[][] }`, each list empty when missing.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default)
)]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Obstacles {
    /// The disks.
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<Vec<Circle>>"))]
    pub circles: Vec<Circle>,
    /// The polygons, each its corners in order.
    #[cfg_attr(feature = "typescript", ts(optional, as = "Option<Vec<Vec<Point>>>"))]
    pub polygons: Vec<Vec<Point>>,
}

impl Obstacles {
    /// No obstacles.
    pub fn new() -> Obstacles {
        Obstacles::default()
    }

    /// These circles and no polygons.
    pub fn circles(circles: Vec<Circle>) -> Obstacles {
        Obstacles {
            circles,
            polygons: Vec::new(),
        }
    }

    /// Adds the disk of `radius` centred on `(x, y)` (checked by
    /// [`check`](Obstacles::check), as every obstacle, when a plan uses it).
    pub fn add_circle(&mut self, x: f64, y: f64, radius: f64) -> &mut Obstacles {
        self.circles.push(Circle::new(x, y, radius));
        self
    }

    /// Adds a simple polygon, its corners in order (either winding, not
    /// closed by repeating the first corner).
    ///
    /// # Examples
    /// ```
    /// use arcline::planner::pathfind::Obstacles;
    /// use arcline::Point;
    /// let mut o = Obstacles::new();
    /// o.add_circle(0.0, 5.0, 1.0)
    ///     .add_polygon(vec![Point::new(3.0, 0.0), Point::new(4.0, 0.0), Point::new(3.5, 1.0)]);
    /// assert_eq!((o.circles.len(), o.polygons.len()), (1, 1));
    /// assert!(o.check().is_ok());
    /// ```
    pub fn add_polygon(&mut self, corners: Vec<Point>) -> &mut Obstacles {
        self.polygons.push(corners);
        self
    }

    /// Adds a `length` × `width` rectangle (a parked car, a crate) centred
    /// on `center`, its length along `heading` (radians): a polygon of
    /// four corners, counter-clockwise.
    ///
    /// # Examples
    /// ```
    /// use arcline::planner::pathfind::Obstacles;
    /// use arcline::Point;
    /// let mut o = Obstacles::new();
    /// o.add_rectangle(Point::new(10.0, 0.0), 4.0, 2.0, 0.0);
    /// assert_eq!(o.polygons[0][0], Point::new(8.0, -1.0));
    /// assert_eq!(o.polygons[0][2], Point::new(12.0, 1.0));
    /// ```
    pub fn add_rectangle(
        &mut self,
        center: Point,
        length: f64,
        width: f64,
        heading: f64,
    ) -> &mut Obstacles {
        let (s, c) = (libm::sin(heading), libm::cos(heading));
        let (hl, hw) = (length / 2.0, width / 2.0);
        let corner =
            |u: f64, v: f64| Point::new(center.x + u * c - v * s, center.y + u * s + v * c);
        self.add_polygon(vec![
            corner(-hl, -hw),
            corner(hl, -hw),
            corner(hl, hw),
            corner(-hl, hw),
        ])
    }

    /// `Ok` when every number is finite and within
    /// [`MAX_MAGNITUDE`](crate::planner::MAX_MAGNITUDE), every radius
    /// positive, and every polygon simple with an area.
    ///
    /// # Errors
    /// About `obstacles.circles[i].{x,y,radius}` or
    /// `obstacles.polygons[i][j].{x,y}`: [`Reason::NotFinite`],
    /// [`Reason::TooLarge`], [`Reason::NotPositive`]; about
    /// `obstacles.polygons[i]`: [`Reason::TooFew`] corners (fewer than 3),
    /// [`Reason::TooMany`], [`Reason::NotSimple`] (two edges cross or
    /// touch), [`Reason::NoArea`]; about `obstacles.polygons[i][j]`:
    /// [`Reason::Repeated`] (a corner equal to the one before it, cyclically);
    /// [`Reason::TooMany`] about `obstacles.circles` or
    /// `obstacles.polygons` beyond [`MAX_OBSTACLES`] (circles, or corners
    /// in all).
    ///
    /// # Examples
    /// ```
    /// use arcline::planner::pathfind::{Circle, Obstacles};
    /// use arcline::{Point, Reason};
    /// let bow_tie = vec![Point::new(0.0, 0.0), Point::new(2.0, 2.0), Point::new(2.0, 0.0), Point::new(0.0, 2.0)];
    /// let o = Obstacles { circles: vec![Circle::new(5.0, 5.0, 1.0)], polygons: vec![bow_tie] };
    /// let e = o.check().unwrap_err();
    /// assert_eq!(e.to_string(), "obstacles.polygons[0]: must be a simple polygon: edges 0 and 2 cross or touch");
    /// assert_eq!(e.reason(), &Reason::NotSimple { first: 0, second: 2 });
    /// ```
    pub fn check(&self) -> Result<(), Error> {
        let root = || Field::named("obstacles");
        if self.circles.len() > MAX_OBSTACLES {
            return Err(Error::new(
                root().key("circles"),
                Reason::TooMany {
                    max: MAX_OBSTACLES,
                    got: self.circles.len(),
                },
            ));
        }
        for (i, c) in self.circles.iter().enumerate() {
            let at = |k| root().key("circles").index(i).key(k);
            for (v, k) in [(c.x, "x"), (c.y, "y"), (c.radius, "radius")] {
                if !v.is_finite() {
                    return Err(Error::new(at(k), Reason::NotFinite));
                }
                if v.abs() > MAX_MAGNITUDE {
                    return Err(Error::new(at(k), TOO_LARGE));
                }
            }
            if c.radius <= 0.0 {
                return Err(Error::new(at("radius"), Reason::NotPositive));
            }
        }
        let corners: usize = self.polygons.iter().map(Vec::len).sum();
        if corners > MAX_OBSTACLES {
            return Err(Error::new(
                root().key("polygons"),
                Reason::TooMany {
                    max: MAX_OBSTACLES,
                    got: corners,
                },
            ));
        }
        for (i, poly) in self.polygons.iter().enumerate() {
            check_polygon(poly).map_err(|(field, reason)| {
                let mut f = root().key("polygons").index(i);
                for s in field {
                    f = match s {
                        PolyStep::Corner(j) => f.index(j),
                        PolyStep::Coordinate(k) => f.key(k),
                    };
                }
                Error::new(f, reason)
            })?;
        }
        Ok(())
    }
}

/// A step below `obstacles.polygons[i]` in a polygon's error.
enum PolyStep {
    Corner(usize),
    Coordinate(&'static str),
}

type PolyError = (Vec<PolyStep>, Reason);

/// Twice the signed area (positive counter-clockwise).
pub(crate) fn twice_area(poly: &[Point]) -> f64 {
    let n = poly.len();
    let mut a = 0.0;
    for j in 0..n {
        let (p, q) = (poly[j], poly[(j + 1) % n]);
        a += p.x * q.y - q.x * p.y;
    }
    a
}

fn check_polygon(poly: &[Point]) -> Result<(), PolyError> {
    let n = poly.len();
    if n < 3 {
        return Err((vec![], Reason::TooFew { min: 3, got: n }));
    }
    if n > MAX_POLYGON_CORNERS {
        return Err((
            vec![],
            Reason::TooMany {
                max: MAX_POLYGON_CORNERS,
                got: n,
            },
        ));
    }
    for (j, p) in poly.iter().enumerate() {
        for (v, k) in [(p.x, "x"), (p.y, "y")] {
            let why = if !v.is_finite() {
                Reason::NotFinite
            } else if v.abs() > MAX_MAGNITUDE {
                TOO_LARGE
            } else {
                continue;
            };
            return Err((vec![PolyStep::Corner(j), PolyStep::Coordinate(k)], why));
        }
    }
    for j in 0..n {
        if poly[(j + 1) % n] == poly[j] {
            return Err((vec![PolyStep::Corner((j + 1) % n)], Reason::Repeated));
        }
    }
    if let Some((first, second)) = crate::geom::polygon::meeting_edges(poly) {
        return Err((vec![], Reason::NotSimple { first, second }));
    }
    if twice_area(poly) == 0.0 {
        return Err((vec![], Reason::NoArea));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square() -> Vec<Point> {
        vec![
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(1.0, 1.0),
            Point::new(0.0, 1.0),
        ]
    }

    fn err(o: Obstacles) -> String {
        o.check().unwrap_err().to_string()
    }

    #[test]
    fn simple_polygons_of_either_winding_pass() {
        let mut cw = square();
        cw.reverse();
        let o = Obstacles {
            circles: vec![],
            polygons: vec![square(), cw],
        };
        assert_eq!(o.check(), Ok(()));
    }

    #[test]
    fn each_bad_polygon_is_named() {
        let poly = |p: Vec<Point>| Obstacles {
            circles: vec![],
            polygons: vec![square(), p],
        };
        assert_eq!(
            err(poly(vec![Point::new(0.0, 0.0), Point::new(1.0, 0.0)])),
            "obstacles.polygons[1]: must hold at least 3 items (got 2)"
        );
        let mut closed = square();
        closed.push(Point::new(0.0, 0.0));
        assert_eq!(
            err(poly(closed)),
            "obstacles.polygons[1][0]: repeats the point before it"
        );
        let line = vec![
            Point::new(0.0, 0.0),
            Point::new(1.0, 0.0),
            Point::new(2.0, 0.0),
        ];
        // (Edge 2 runs from (2, 0) back over edge 0: the first pair found.)
        assert_eq!(
            err(poly(line)),
            "obstacles.polygons[1]: must be a simple polygon: edges 0 and 2 cross or touch"
        );
        let mut nan = square();
        nan[2].y = f64::NAN;
        assert_eq!(
            err(poly(nan)),
            "obstacles.polygons[1][2].y: must be a finite number"
        );
        // Touching itself at a corner (a figure eight through (1, 1)).
        let eight = vec![
            Point::new(0.0, 0.0),
            Point::new(2.0, 0.0),
            Point::new(1.0, 1.0),
            Point::new(2.0, 2.0),
            Point::new(0.0, 2.0),
            Point::new(1.0, 1.0),
        ];
        assert!(err(poly(eight)).contains("must be a simple polygon"));
    }

    #[test]
    fn bad_circles_are_named() {
        let c = |x: f64, r: f64| {
            Obstacles::circles(vec![Circle::new(0.0, 0.0, 1.0), Circle::new(x, 0.0, r)])
        };
        assert_eq!(
            err(c(0.0, 0.0)),
            "obstacles.circles[1].radius: must be greater than zero"
        );
        assert_eq!(
            err(c(f64::INFINITY, 1.0)),
            "obstacles.circles[1].x: must be a finite number"
        );
        assert_eq!(
            err(c(1e200, 1.0)),
            "obstacles.circles[1].x: must be at most 1e150 in magnitude"
        );
    }
}
