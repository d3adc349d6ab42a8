//! The tile grid the grid planner searches ([`Grid`]: its size, its
//! blocked tiles and their checks), below the search, its curve table and
//! its distance bound, which all read it.

use crate::error::{Error, Field, Reason};
use crate::planner::error::{MAX_MAGNITUDE, TOO_LARGE};
use crate::Point;

/// The most tiles a grid may have.
pub const MAX_TILES: usize = 1 << 22;

/// A grid of square tiles: `columns × rows` tiles of side `tile`, tile
/// `(0, 0)` spanning `[0, tile)²` (x right, y up); `blocked` holds one
/// value per tile, row by row from row 0 (`blocked[row·columns + column]`),
/// `0` free and anything else blocked. Outside the grid counts as blocked.
///
/// As data (the `serde` feature): `{ columns, rows, tile, blocked }`, with
/// `blocked` a `Uint8Array` in JavaScript.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
pub struct Grid {
    /// Tiles across (x).
    pub columns: usize,
    /// Tiles up (y).
    pub rows: usize,
    /// The side of a tile; tile `(i, j)` spans `[i·tile, (i+1)·tile) × [j·tile, (j+1)·tile)`.
    pub tile: f64,
    /// One byte per tile, row by row from `y = 0`: non-zero is blocked.
    #[cfg_attr(feature = "typescript", ts(type = "Uint8Array"))]
    #[cfg_attr(feature = "serde", serde(deserialize_with = "bytes::deserialize"))]
    pub blocked: Vec<u8>,
}

/// `Grid::blocked` read as bytes: a format that holds byte strings (a JS
/// `Uint8Array` through serde-wasm-bindgen) hands them over whole, where a
/// sequence would cross one element at a time; a sequence of numbers (JSON)
/// is read too.
#[cfg(feature = "serde")]
mod bytes {
    use serde::de::{Deserializer, Error, SeqAccess, Visitor};

    struct Bytes;

    impl<'de> Visitor<'de> for Bytes {
        type Value = Vec<u8>;

        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a sequence")
        }

        fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }

        fn visit_byte_buf<E: Error>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
            Ok(v)
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 20));
            while let Some(b) = seq.next_element::<u8>()? {
                out.push(b);
            }
            Ok(out)
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        d.deserialize_byte_buf(Bytes)
    }
}

impl Grid {
    /// `Ok` when the grid is well formed.
    ///
    /// # Errors
    /// About `grid.columns`, `grid.rows`: [`Reason::NotPositive`]; about
    /// `grid`: [`Reason::TooMany`] tiles (beyond [`MAX_TILES`]); about
    /// `grid.tile`: [`Reason::NotFinite`], [`Reason::NotPositive`],
    /// [`Reason::TooLarge`] (the grid's side beyond
    /// [`MAX_MAGNITUDE`](crate::planner::MAX_MAGNITUDE)); about
    /// `grid.blocked`: [`Reason::WrongLength`].
    pub fn check(&self) -> Result<(), Error> {
        let at = |k| Field::named("grid").key(k);
        if self.columns == 0 {
            return Err(Error::new(at("columns"), Reason::NotPositive));
        }
        if self.rows == 0 {
            return Err(Error::new(at("rows"), Reason::NotPositive));
        }
        let tiles = self.columns.saturating_mul(self.rows);
        if tiles > MAX_TILES {
            return Err(Error::new(
                Field::named("grid"),
                Reason::TooMany {
                    max: MAX_TILES,
                    got: tiles,
                },
            ));
        }
        if !self.tile.is_finite() {
            return Err(Error::new(at("tile"), Reason::NotFinite));
        }
        if self.tile <= 0.0 {
            return Err(Error::new(at("tile"), Reason::NotPositive));
        }
        if self.tile * self.columns.max(self.rows) as f64 > MAX_MAGNITUDE {
            return Err(Error::new(at("tile"), TOO_LARGE));
        }
        if self.blocked.len() != tiles {
            return Err(Error::new(
                at("blocked"),
                Reason::WrongLength {
                    expected: tiles,
                    got: self.blocked.len(),
                },
            ));
        }
        Ok(())
    }

    pub(super) fn width(&self) -> f64 {
        self.columns as f64 * self.tile
    }

    pub(super) fn height(&self) -> f64 {
        self.rows as f64 * self.tile
    }

    /// Whether tile `(c, r)` is blocked or outside the grid.
    #[inline]
    pub(crate) fn blocked_at(&self, c: i64, r: i64) -> bool {
        c < 0
            || r < 0
            || c >= self.columns as i64
            || r >= self.rows as i64
            || self.blocked[r as usize * self.columns + c as usize] != 0
    }

    /// The tile holding `p` (inside the grid).
    pub(super) fn tile_of(&self, p: Point) -> (i64, i64) {
        let c = ((p.x / self.tile).floor() as i64).clamp(0, self.columns as i64 - 1);
        let r = ((p.y / self.tile).floor() as i64).clamp(0, self.rows as i64 - 1);
        (c, r)
    }

    /// The centre of tile `(c, r)`.
    pub(crate) fn center(&self, c: i64, r: i64) -> Point {
        Point::new((c as f64 + 0.5) * self.tile, (r as f64 + 0.5) * self.tile)
    }

    /// The grid's size.
    pub(super) fn shape(&self) -> Shape {
        Shape {
            columns: self.columns,
            rows: self.rows,
            tile: self.tile,
        }
    }

    /// The closed square of tile `(c, r)`.
    pub(super) fn square(&self, c: i64, r: i64) -> (Point, Point) {
        self.shape().square(c, r)
    }

    /// Checks `p` (inside the grid, not on a blocked tile) as argument `what`.
    pub(super) fn check_position(&self, p: Point, what: &'static str) -> Result<(), Error> {
        for (v, k, max) in [(p.x, "x", self.width()), (p.y, "y", self.height())] {
            if !(0.0..max).contains(&v) {
                return Err(Error::new(
                    Field::named(what).key(k),
                    Reason::OutOfRange { min: 0.0, max },
                ));
            }
        }
        let (c, r) = self.tile_of(p);
        if self.blocked_at(c, r) {
            let k = r as usize * self.columns + c as usize;
            return Err(Error::at(
                what,
                Reason::InsideObstacle(Field::named("grid").key("blocked").index(k)),
            ));
        }
        Ok(())
    }
}

/// A grid's size: its columns and rows and the side of its tiles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Shape {
    pub columns: usize,
    pub rows: usize,
    pub tile: f64,
}

impl Shape {
    /// The closed square of tile `(c, r)`.
    pub(super) fn square(&self, c: i64, r: i64) -> (Point, Point) {
        let t = self.tile;
        (
            Point::new(c as f64 * t, r as f64 * t),
            Point::new((c + 1) as f64 * t, (r + 1) as f64 * t),
        )
    }
}
