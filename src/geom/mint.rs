//! Conversions between [`Point`] and [`Vec2`] and the `mint` interchange
//! types (the `mint` feature), which glam, nalgebra, cgmath and other math
//! crates convert to and from: `Point` ⇄ `mint::Point2<f64>`, `Vec2` ⇄
//! `mint::Vector2<f64>`, and to and from the `f32` forms a renderer uses.
//!
//! # Examples
//! ```
//! use arcline::{Point, Vec2};
//! let p: mint::Point2<f64> = Point::new(1.0, 2.0).into();
//! assert_eq!((p.x, p.y), (1.0, 2.0));
//! assert_eq!(Point::from(p), Point::new(1.0, 2.0));
//! let v: mint::Vector2<f32> = Vec2::new(0.5, -3.0).into();
//! assert_eq!((v.x, v.y), (0.5, -3.0));
//! assert_eq!(Vec2::from(v), Vec2::new(0.5, -3.0));
//! ```

use super::{Point, Vec2};

impl From<Point> for mint::Point2<f64> {
    fn from(p: Point) -> mint::Point2<f64> {
        mint::Point2 { x: p.x, y: p.y }
    }
}

impl From<mint::Point2<f64>> for Point {
    fn from(p: mint::Point2<f64>) -> Point {
        Point::new(p.x, p.y)
    }
}

impl From<Vec2> for mint::Vector2<f64> {
    fn from(v: Vec2) -> mint::Vector2<f64> {
        mint::Vector2 { x: v.x, y: v.y }
    }
}

impl From<mint::Vector2<f64>> for Vec2 {
    fn from(v: mint::Vector2<f64>) -> Vec2 {
        Vec2::new(v.x, v.y)
    }
}

/// Rounded to the nearest `f32` (a renderer's precision).
impl From<Point> for mint::Point2<f32> {
    fn from(p: Point) -> mint::Point2<f32> {
        mint::Point2 {
            x: p.x as f32,
            y: p.y as f32,
        }
    }
}

/// Exact: every `f32` is an `f64`.
impl From<mint::Point2<f32>> for Point {
    fn from(p: mint::Point2<f32>) -> Point {
        Point::new(f64::from(p.x), f64::from(p.y))
    }
}

/// Rounded to the nearest `f32` (a renderer's precision).
impl From<Vec2> for mint::Vector2<f32> {
    fn from(v: Vec2) -> mint::Vector2<f32> {
        mint::Vector2 {
            x: v.x as f32,
            y: v.y as f32,
        }
    }
}

/// Exact: every `f32` is an `f64`.
impl From<mint::Vector2<f32>> for Vec2 {
    fn from(v: mint::Vector2<f32>) -> Vec2 {
        Vec2::new(f64::from(v.x), f64::from(v.y))
    }
}
