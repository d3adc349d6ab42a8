//! Pushing apart the bodies that still overlap after the avoidance's step
//! (in jams, where no velocity avoids every neighbour): each overlapping
//! pair is pushed apart along the line between the centres, each body
//! taking half of the overlap (all of it against a vehicle that is not
//! pushed), and a body is pushed out of its walls. All corrections of a
//! pass are computed from the same positions and then applied together
//! (Jacobi), summed over each body's neighbours in their sorted order, so
//! the result depends neither on the order of the vehicles nor on storage.

use super::bodies::{for_each_wall, Bodies, Own};
use super::neighbours::{Cells, Found, Near, MAX_NEIGHBOURS};
use crate::geom::{Point, Vec2};
use crate::steering::forces;

/// Overlapping bodies are pushed to this fraction of the sum of their radii,
/// a little beyond touching, so that pushing one pair apart rarely pushes a
/// neighbour into overlap again.
const SPREAD: f64 = 1.01;

/// Up to `passes` passes over `moved` (grid order) for the entries that
/// push apart; stops early once nothing overlaps. A body moves at most its
/// own radius a pass.
pub(super) fn push_apart(
    cells: &Cells,
    near: &[Near],
    b: &Bodies<'_>,
    own: &[Own],
    moved: &mut [[f64; 2]],
    push: &mut Vec<[f64; 2]>,
    passes: usize,
) {
    let n = moved.len();
    for _ in 0..passes {
        // (Every entry is written below.)
        push.resize(n, [0.0; 2]);
        let mut any = false;
        for e in 0..n {
            push[e] = [0.0; 2];
            let me = cells.info[e];
            if !me.pushes {
                continue;
            }
            let x = Vec2::new(moved[e][0], moved[e][1]);
            // The pushes of the overlapping neighbours, summed in their
            // order by (d², id) (the list is in no order but the last).
            let mut pushes = [(Found::default(), Vec2::ZERO); MAX_NEIGHBOURS];
            let mut count = 0;
            let list = &near[e];
            for f in list.list() {
                let j = f.entry as usize;
                let other = cells.info[j];
                let y = Vec2::new(moved[j][0], moved[j][1]);
                let reach = me.radius + other.radius;
                let d2 = (x - y).length_squared();
                if d2 < reach * reach {
                    let d = d2.sqrt();
                    let dir = if d > 0.0 {
                        (x - y) / d
                    } else {
                        forces::tie_break(me.id, other.id)
                    };
                    // Half each when the other pushes this one too.
                    let mutual = other.pushes && near[j].holds(f.d2, me.id, own[j].range2);
                    let share = if mutual { 0.5 } else { 1.0 };
                    pushes[count] = (*f, dir * ((reach * SPREAD - d) * share));
                    count += 1;
                }
            }
            let pushes = &mut pushes[..count];
            for i in 1..count {
                let p = pushes[i];
                let mut k = i;
                while k > 0 && p.0.before(&pushes[k - 1].0) {
                    pushes[k] = pushes[k - 1];
                    k -= 1;
                }
                pushes[k] = p;
            }
            let mut corr = Vec2::ZERO;
            for (_, p) in pushes.iter() {
                corr += *p;
            }
            if own[e].walls {
                let slot = cells.slot[e] as usize;
                for_each_wall(&b.sets[slot], Point::new(x.x, x.y), |w| {
                    if w.distance < me.radius {
                        corr += w.away * (me.radius - w.distance);
                    }
                });
            }
            if corr != Vec2::ZERO && corr.is_finite() {
                let corr = forces::truncate(corr, me.radius);
                push[e] = [corr.x, corr.y];
                any = true;
            }
        }
        if !any {
            return;
        }
        for (m, p) in moved.iter_mut().zip(push.iter()) {
            let q = [m[0] + p[0], m[1] + p[1]];
            if q[0].is_finite() && q[1].is_finite() {
                *m = q;
            }
        }
    }
}
