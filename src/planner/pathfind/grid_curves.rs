//! The curves of the grid search's edges: for each heading, tile offset
//! within the edges' reach ([`reach`], [`offsets`]) and heading, the six
//! Dubins words between the two tile centres, shortest first, each with
//! the tiles it touches (relative to the first tile, as a mask of the
//! 11 × 11 tiles round it when they fit). Between any two tiles the same
//! offset apart the curves are the same up to a translation, so they are
//! built once, when first needed, and kept between plans of the same tile
//! size, radius and grid size (the last ones planned on this thread): a
//! plan that comes after another on the same grid (a wall painted, the
//! start moved) reads them.

use super::broad_phase::Bounds;
use super::tangent_graph::Sector;
use super::tiles::{Grid, Shape};
use crate::geom::distance::segment_meets_box;
use crate::geom::math::clamp;
use crate::geom::math::{larger, smaller};
use crate::{Arc, Line, Path, Point, Pose, Segment, Vec2};
use core::cell::RefCell;
use core::f64::consts::FRAC_PI_4;

/// The most tiles (along each axis) an edge reaches: at most 8 · 80 edges
/// leave a node.
pub(super) const MAX_REACH: i64 = 4;

/// How many tiles (along each axis) the edges of the grid search reach
/// for turning radius `r` on tiles of side `tile`: the least whole number
/// at least `r / tile + ½` (1 up to half a tile, and a hair beyond, for
/// rounding), at most [`MAX_REACH`]. Between tile centres that close a
/// turn of radius `r` is a loop round a circle of diameter `2r`, which the
/// blocked tiles nearly always cut; an edge of about `r` and a tile or
/// more can turn an eighth of a circle and come back onto a tile centre
/// with a short word.
pub(super) fn reach(r: f64, tile: f64) -> i64 {
    let k = (r / tile + 0.5 - 1e-6).ceil();
    if k.is_nan() || k <= 1.0 {
        1
    } else if k >= MAX_REACH as f64 {
        MAX_REACH
    } else {
        k as i64
    }
}

/// The tile offsets an edge may join within `reach` tiles (along each
/// axis): the 8 neighbours first (in [`NEIGHBOURS`]' order), then the rest
/// of the square, row by row.
pub(super) fn offsets(reach: i64) -> Vec<(i64, i64)> {
    let mut out = NEIGHBOURS.to_vec();
    for dr in -reach..=reach {
        for dc in -reach..=reach {
            if dc.abs().max(dr.abs()) > 1 {
                out.push((dc, dr));
            }
        }
    }
    out
}

/// The 8 neighbouring tiles, by the compass direction of heading `k·π/4`.
pub(super) const NEIGHBOURS: [(i64, i64); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Heading `k` of the 8: `k·π/4`.
pub(super) fn heading(k: usize) -> f64 {
    k as f64 * FRAC_PI_4
}

/// The tiles (columns `c0..=c1`, rows `r0..=r1`) a segment's box, grown by
/// `margin`, overlaps; `None` when the box is wider or taller than the grid
/// (the segment then certainly leaves it, wherever it starts).
pub(super) fn tile_range(grid: &Shape, b: &Bounds, margin: f64) -> Option<(i64, i64, i64, i64)> {
    let t = grid.tile;
    let (w, h) = ((b.max.x - b.min.x) / t, (b.max.y - b.min.y) / t);
    if !(w <= grid.columns as f64 + 1.0 && h <= grid.rows as f64 + 1.0) {
        return None;
    }
    let f = |v: f64| (v / t).floor() as i64;
    Some((
        f(b.min.x - margin),
        f(b.min.y - margin),
        f(b.max.x + margin),
        f(b.max.y + margin),
    ))
}

/// A footprint offset no grid holds: a curve that leaves any grid.
const NOWHERE: (i64, i64) = (i64::MAX / 4, i64::MAX / 4);

/// A line or an arc made ready for many square tests: its ends, its box,
/// and for an arc the directions its sweep holds (cross products: no
/// trigonometry beyond the arc's two ends).
pub(super) struct Piece {
    seg: Segment,
    start: Point,
    end: Point,
    sweep: Option<Sector>,
    /// The box of the ends and of the axis extremes the sweep may hold.
    pub(super) bounds: Bounds,
}

impl Piece {
    pub(super) fn new(seg: Segment) -> Piece {
        let (start, end) = (seg.start(), seg.end());
        let mut bounds = Bounds {
            min: Point::new(smaller(start.x, end.x), smaller(start.y, end.y)),
            max: Point::new(larger(start.x, end.x), larger(start.y, end.y)),
        };
        let sweep = match seg {
            Segment::Arc(a) => {
                let sector = Sector::between(
                    (start - a.center) / a.radius,
                    (end - a.center) / a.radius,
                    a.turn(),
                    a.sweep.abs(),
                );
                // An axis extreme held by the sweep (or within its margin:
                // the box only grows) widens the box.
                let (c, r) = (a.center, a.radius);
                if sector.may_hold(Vec2::new(1.0, 0.0)) {
                    bounds.max.x = larger(bounds.max.x, c.x + r);
                }
                if sector.may_hold(Vec2::new(-1.0, 0.0)) {
                    bounds.min.x = smaller(bounds.min.x, c.x - r);
                }
                if sector.may_hold(Vec2::new(0.0, 1.0)) {
                    bounds.max.y = larger(bounds.max.y, c.y + r);
                }
                if sector.may_hold(Vec2::new(0.0, -1.0)) {
                    bounds.min.y = smaller(bounds.min.y, c.y - r);
                }
                Some(sector)
            }
            Segment::Clothoid(c) => {
                // The grid's curves are lines and arcs; a clothoid (never
                // made here) gets its own box and no sector.
                let (lo, hi) = c.bounding_box();
                bounds.min = Point::new(smaller(bounds.min.x, lo.x), smaller(bounds.min.y, lo.y));
                bounds.max = Point::new(larger(bounds.max.x, hi.x), larger(bounds.max.y, hi.y));
                None
            }
            Segment::Line(_) => None,
        };
        Piece {
            seg,
            start,
            end,
            sweep,
            bounds,
        }
    }

    /// Whether the piece touches the closed square `lo`–`hi` (within `tol`,
    /// and a margin of about 1e-9 radians along an arc: a tile that close
    /// counts as touched).
    pub(super) fn touches(&self, lo: Point, hi: Point, tol: f64) -> bool {
        let (lo, hi) = (
            Point::new(lo.x - tol, lo.y - tol),
            Point::new(hi.x + tol, hi.y + tol),
        );
        let inside = |p: Point| p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
        match (&self.seg, &self.sweep) {
            (Segment::Arc(a), Some(sector)) => {
                let c = a.center;
                let near = Point::new(clamp(c.x, lo.x, hi.x), clamp(c.y, lo.y, hi.y));
                let fx = larger((c.x - lo.x).abs(), (c.x - hi.x).abs());
                let fy = larger((c.y - lo.y).abs(), (c.y - hi.y).abs());
                let r2 = a.radius * a.radius;
                if r2 < (near - c).length_squared() || r2 > fx * fx + fy * fy {
                    return false;
                }
                if inside(self.start) || inside(self.end) {
                    return true;
                }
                // Where the circle crosses the four edges' lines, within the
                // edge and the sweep.
                for (x, vertical) in [(lo.x, true), (hi.x, true), (lo.y, false), (hi.y, false)] {
                    let d = if vertical { x - c.x } else { x - c.y };
                    let h2 = r2 - d * d;
                    if h2 < 0.0 {
                        continue;
                    }
                    let h = h2.sqrt();
                    for e in [-h, h] {
                        let (v, ok) = if vertical {
                            (Vec2::new(d, e), c.y + e >= lo.y && c.y + e <= hi.y)
                        } else {
                            (Vec2::new(e, d), c.x + e >= lo.x && c.x + e <= hi.x)
                        };
                        if ok && sector.may_hold(v / a.radius) {
                            return true;
                        }
                    }
                }
                false
            }
            _ => segment_meets_box(&self.seg, lo, hi),
        }
    }
}

/// How far round a tile its neighbourhood mask reaches at most (an 11 × 11
/// block, 121 bits).
pub(super) const MASK_REACH: i64 = 5;

/// How far round a tile the neighbourhood mask of a table whose edges
/// reach `reach` tiles reaches: 3 (7 × 7, which the words between
/// neighbours mostly fit, and fewer tiles to read per expansion) for the
/// neighbours alone, else [`MASK_REACH`].
pub(super) fn mask_reach(reach: i64) -> i64 {
    if reach <= 1 {
        3
    } else {
        MASK_REACH
    }
}

/// The bit of tile offset `(dc, dr)` in a neighbourhood mask reaching `m`
/// tiles.
pub(super) fn mask_bit(dc: i64, dr: i64, m: i64) -> u128 {
    1u128 << ((dr + m) * (2 * m + 1) + dc + m)
}

/// A Dubins curve between two tile centres `(dx, dy)` tiles apart (the
/// first at the origin), and the tiles it touches, relative to the first.
#[derive(Debug, Clone)]
struct Curve {
    path: Path,
    length: f64,
    footprint: Option<Vec<(i64, i64)>>,
}

/// The most words of a curve (Dubins has six).
const WORDS: usize = 6;
/// The curves of an index not built yet.
const NOT_BUILT: u8 = u8::MAX;
/// A word's tiles not worked out yet (no neighbourhood mask sets every bit).
const UNKNOWN: u128 = u128::MAX;
/// A word whose tiles do not fit a neighbourhood mask.
const WIDE: u128 = u128::MAX - 1;

/// What the search reads of a word, in one table for all curves: its tiles
/// as a neighbourhood mask ([`UNKNOWN`], [`WIDE`]) and its length.
#[derive(Debug, Clone, Copy)]
struct Word {
    mask: u128,
    length: f64,
}

/// The tiles (relative to the origin's) a path from the origin's tile
/// centre touches.
fn footprint(grid: &Shape, path: &Path, tol: f64) -> Vec<(i64, i64)> {
    let half = grid.tile * 0.5;
    let mut out: Vec<(i64, i64)> = Vec::new();
    for s in path.segments() {
        // In a frame where the origin's tile spans [0, tile)².
        let piece = Piece::new(translate(s, half, half));
        let Some((c0, r0, c1, r1)) = tile_range(grid, &piece.bounds, 2.0 * tol) else {
            return vec![NOWHERE];
        };
        for r in r0..=r1 {
            for c in c0..=c1 {
                if out.contains(&(c, r)) {
                    continue;
                }
                let (lo, hi) = grid.square(c, r);
                if piece.touches(lo, hi, tol) {
                    out.push((c, r));
                }
            }
        }
    }
    out
}

/// Sorts a short list (the six Dubins words at most) by `length`,
/// shortest first, equal lengths in their order: an insertion sort, where
/// the standard library's sorts would add several kilobytes of code to the
/// wasm module for a handful of items.
pub(super) fn by_length<T>(list: &mut [T], length: impl Fn(&T) -> f64) {
    for i in 1..list.len() {
        let mut j = i;
        while j > 0 && length(&list[j - 1]) > length(&list[j]) {
            list.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// The segment moved by `(dx, dy)`.
pub(super) fn translate(s: &Segment, dx: f64, dy: f64) -> Segment {
    let m = |p: Point| Point::new(p.x + dx, p.y + dy);
    match s {
        Segment::Line(l) => Segment::Line(Line::new(m(l.start), m(l.end))),
        Segment::Arc(a) => Segment::Arc(Arc {
            center: m(a.center),
            ..*a
        }),
        Segment::Clothoid(c) => Segment::Clothoid(crate::geom::Clothoid {
            start: crate::Pose::at(m(c.start.position()), c.start.heading),
            ..*c
        }),
    }
}

/// What a table of curves was built for: the tile size, the turning radius
/// and the tolerance (their bits), the grid's columns and rows (a curve
/// wider than the grid touches nothing in it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    tile: u64,
    r: u64,
    tol: u64,
    columns: usize,
    rows: usize,
}

/// The curves, by index `(k0·n + offset)·8 + k1` (`n` offsets).
pub(super) struct CurveTable {
    key: Key,
    /// The tile offsets the edges join ([`offsets`]).
    offsets: Vec<(i64, i64)>,
    /// How far round a tile the masks reach ([`mask_reach`]).
    mask_reach: i64,
    /// The grid's size (what the footprints are worked out against).
    shape: Shape,
    tile: f64,
    r: f64,
    tol: f64,
    /// The curves, built when first needed.
    curves: Vec<Option<Vec<Curve>>>,
    /// The words of `curves[i]` at `words[i·WORDS..]`, `counts[i]` of them.
    words: Vec<Word>,
    counts: Vec<u8>,
}

thread_local! {
    /// The table of the last plan on this thread.
    static LAST: RefCell<Option<CurveTable>> = const { RefCell::new(None) };
}

impl CurveTable {
    /// The table for `grid` and turning radius `r` at tolerance `tol`: the
    /// last plan's when it was made for the same, else a new one.
    pub(super) fn take(grid: &Grid, r: f64, tol: f64) -> CurveTable {
        let key = Key {
            tile: grid.tile.to_bits(),
            r: r.to_bits(),
            tol: tol.to_bits(),
            columns: grid.columns,
            rows: grid.rows,
        };
        let kept = LAST.with(|last| last.borrow_mut().take());
        match kept {
            Some(t) if t.key == key => t,
            _ => {
                let k = reach(r, grid.tile);
                let offsets = offsets(k);
                let n = 64 * offsets.len();
                CurveTable {
                    key,
                    offsets,
                    mask_reach: mask_reach(k),
                    shape: grid.shape(),
                    tile: grid.tile,
                    r,
                    tol,
                    curves: vec![None; n],
                    words: vec![
                        Word {
                            mask: UNKNOWN,
                            length: 0.0
                        };
                        n * WORDS
                    ],
                    counts: vec![NOT_BUILT; n],
                }
            }
        }
    }

    /// The tile offsets the edges join (index `dir` of [`CurveTable::index`]).
    pub(super) fn offsets(&self) -> &[(i64, i64)] {
        &self.offsets
    }

    /// How far round a tile the masks reach ([`mask_reach`]).
    pub(super) fn mask_reach(&self) -> i64 {
        self.mask_reach
    }

    /// Keeps the table for the next plan.
    pub(super) fn keep(self) {
        LAST.with(|last| *last.borrow_mut() = Some(self));
    }

    /// Word `w` of curve `index` (from the origin tile's centre).
    pub(super) fn path(&self, index: usize, w: usize) -> Option<&Path> {
        self.curves.get(index)?.as_ref()?.get(w).map(|c| &c.path)
    }

    /// The index of the curves from heading `k0` to the tile at offset
    /// `dir` (of [`CurveTable::offsets`]) at heading `k1`, built when first
    /// needed: the six Dubins words, shortest first, their tiles worked out
    /// when first looked at.
    pub(super) fn index(&mut self, k0: usize, dir: usize, k1: usize) -> usize {
        let index = (k0 * self.offsets.len() + dir) * 8 + k1;
        if self.counts[index] == NOT_BUILT {
            let (dx, dy) = self.offsets[dir];
            let t = self.tile;
            let goal = Pose::new(dx as f64 * t, dy as f64 * t, heading(k1));
            let mut list: Vec<Curve> =
                crate::planner::dubins_candidates(Pose::new(0.0, 0.0, heading(k0)), goal, self.r)
                    .map(|c| {
                        c.into_iter()
                            .map(|(_, path)| Curve {
                                length: path.length(),
                                path,
                                footprint: None,
                            })
                            .collect()
                    })
                    .unwrap_or_default();
            by_length(&mut list, |c| c.length);
            list.truncate(WORDS);
            for (w, c) in list.iter().enumerate() {
                self.words[index * WORDS + w] = Word {
                    mask: UNKNOWN,
                    length: c.length,
                };
            }
            self.counts[index] = list.len() as u8;
            self.curves[index] = Some(list);
        }
        index
    }

    /// The tiles word `w` of curve `index` touches, as a neighbourhood mask
    /// ([`WIDE`] when they do not fit one: then in the curve's footprint).
    fn work_out(&mut self, index: usize, w: usize) -> u128 {
        let (grid, tol) = (self.shape, self.tol);
        let Some(curve) = self.curves[index].as_mut().and_then(|l| l.get_mut(w)) else {
            return WIDE;
        };
        let fp = footprint(&grid, &curve.path, tol);
        let fits = fp
            .iter()
            .all(|&(dc, dr)| dc.abs() <= self.mask_reach && dr.abs() <= self.mask_reach);
        let mask = if fits {
            fp.iter()
                .fold(0, |m, &(dc, dr)| m | mask_bit(dc, dr, self.mask_reach))
        } else {
            WIDE
        };
        curve.footprint = Some(fp);
        self.words[index * WORDS + w].mask = mask;
        mask
    }

    /// The shortest legal word of curve `index` from tile `(c, r)`, and its
    /// length. `around` is the neighbourhood mask of the blocked tiles round
    /// `(c, r)`.
    #[inline]
    pub(super) fn legal_word(
        &mut self,
        grid: &Grid,
        index: usize,
        c: i64,
        r: i64,
        around: u128,
    ) -> Option<(usize, f64)> {
        for w in 0..usize::from(self.counts[index]) {
            let word = self.words[index * WORDS + w];
            let mask = if word.mask == UNKNOWN {
                self.work_out(index, w)
            } else {
                word.mask
            };
            let free = if mask == WIDE {
                self.curves[index]
                    .as_ref()
                    .and_then(|l| l.get(w))
                    .and_then(|curve| curve.footprint.as_ref())
                    .is_some_and(|fp| fp.iter().all(|&(dc, dr)| !grid.blocked_at(c + dc, r + dr)))
            } else {
                mask & around == 0
            };
            if free {
                return Some((w, word.length));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(columns: usize, rows: usize) -> Shape {
        Shape {
            columns,
            rows,
            tile: 1.0,
        }
    }

    #[test]
    fn a_curve_touching_a_tile_corner_touches_the_tile() {
        // The diagonal from the centre of (0, 0) to the centre of (1, 1)
        // passes the corner (1, 1) shared with tiles (1, 0) and (0, 1).
        let p = Path::single(Line::new(Point::new(0.0, 0.0), Point::new(1.0, 1.0))).unwrap();
        let mut fp = footprint(&shape(3, 3), &p, 1e-9);
        fp.sort();
        assert_eq!(fp, vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
    }

    #[test]
    fn an_arc_of_no_sweep_touches_only_its_point() {
        // A zero-length arc on the circle of radius 0.4 round (0.5, 0.9)
        // (in the origin tile's frame, its point (0.5, 0.5), the tile's
        // centre): its box is that point, not the circle's top (1.3, in the
        // tile above).
        let a = Arc {
            center: Point::new(0.0, 0.4),
            radius: 0.4,
            start_angle: -core::f64::consts::FRAC_PI_2,
            sweep: 0.0,
            reverse: false,
        };
        let p = Path::single(a).unwrap();
        assert_eq!(footprint(&shape(3, 3), &p, 1e-9), vec![(0, 0)]);
        // A quarter turn from there, left: up to (0.9, 0.9), still in (0, 0).
        let q = Arc {
            sweep: core::f64::consts::FRAC_PI_2,
            ..a
        };
        let piece = Piece::new(translate(&Segment::Arc(q), 0.5, 0.5));
        assert!((piece.bounds.max.x - 0.9).abs() < 1e-15);
        assert!((piece.bounds.max.y - 0.9).abs() < 1e-15);
        assert_eq!(
            footprint(&shape(3, 3), &Path::single(q).unwrap(), 1e-9),
            vec![(0, 0)]
        );
    }
}
