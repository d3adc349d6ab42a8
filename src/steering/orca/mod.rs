//! Reciprocal collision avoidance among vehicles: *optimal reciprocal
//! collision avoidance* (ORCA, van den Berg, Guy, Lin and Manocha,
//! "Reciprocal n-body collision avoidance", 2011), as the RVO2 library
//! computes it, in `f64`, for the vehicles whose behaviours include
//! [`BehaviorKind::AvoidVehicles`](crate::steering::BehaviorKind::AvoidVehicles).
//!
//! It acts on the velocity after the forces. The other behaviours give each
//! vehicle its *preferred* velocity (`truncate(velocity + force / mass · dt,
//! maxSpeed)`, what the step would give without avoidance); each neighbour
//! (the [`MAX_NEIGHBOURS`] nearest that could be reached within the time
//! horizon) forbids a half-plane of velocities, the vehicle taking half of
//! the avoidance when the neighbour avoids too and all of it when it does
//! not; and the new velocity is the one nearest the preferred velocity
//! inside the disc of max speed and every half-plane (`program`). The
//! vehicle's own walls — the edges of its `contain` boundaries and its
//! `avoid` circles — forbid half-planes too, kept hard. Then the position
//! moves by the new velocity and the heading follows it.
//!
//! Everything is computed from the previous step's positions and
//! velocities (simultaneous, so the order of vehicles does not matter), with
//! the neighbours sorted by distance and id (so storage does not either),
//! by IEEE arithmetic alone (so native and wasm agree bit for bit), and in
//! buffers that keep their capacity (no allocation once warmed up).
//!
//! **Jams.** Where the half-planes leave no velocity in the disc (a dense
//! crowd squeezed toward one point), RVO2's third program takes the
//! velocity that violates the vehicle half-planes least, and bodies may
//! come to about 0.9 of the sum of their radii. Then, unless the behaviour
//! says otherwise (`push_apart`), bodies that still overlap after the move
//! are pushed apart along the line between their centres (`contact`):
//! each takes half of the overlap (all of it against a vehicle that is not
//! pushed, or a wall), up to 32 times over, stopping once none overlaps
//! (8 passes left bodies at 0.975 of the sum of radii in a circle swap of
//! 1,000; 32 leave none overlapping), each from the same positions for all
//! (so again the order does not matter). The velocity is ORCA's; only the
//! positions are corrected, by at most the overlap.
//!
//! Differences from RVO2: the walls are the vehicle's own `contain` edges
//! and `avoid` circles, each as one half-plane (the velocities that keep
//! the body clear of the wall's nearest point until the horizon: the
//! distance to a convex shape is convex along a straight motion, so that
//! half-plane is safe), not RVO2's polygon obstacles with their own horizon;
//! the neighbour range is what could be reached within the horizon at max
//! speed (RVO2's `neighborDist` is a parameter); a horizon shorter than the
//! step counts as the step.

mod bodies;
mod contact;
mod lines;
mod neighbours;
mod program;
mod reuse;

pub use neighbours::MAX_NEIGHBOURS;

use super::forces;
use super::VehicleId;
use crate::geom::math::larger;
use crate::geom::{Point, Vec2};
pub(crate) use bodies::Bodies;
use bodies::{for_each_wall, Own};
use lines::{vehicle_line, wall_line};
use neighbours::{Cells, Found, Info, Near};
use program::Line;

/// At most how many times overlapping bodies are pushed apart after a step.
const CONTACT_PASSES: usize = 32;

/// How much farther than the last step's farthest neighbour (squared)
/// the next step's are searched for first.
const GUESS_GROWTH: f64 = 1.03;

/// `cos` and `sin` of the right-hand bias (0.3 rad, about 17°): the
/// preferred velocity is turned this much to the right when a neighbour
/// forbids it.
const BIAS_COS: f64 = 0.955_336_489_125_606;
const BIAS_SIN: f64 = 0.295_520_206_661_339_55;

/// The step's results so far, in slot order: what the forces gave (the
/// preferred velocities), overwritten for the vehicles that avoid.
pub(crate) struct Next<'a> {
    pub pos: &'a mut [[f64; 2]],
    pub vel: &'a mut [[f64; 2]],
    pub head: &'a mut [[f64; 2]],
}

/// The avoidance's buffers (kept for their capacity).
#[derive(Debug, Clone, Default)]
pub(crate) struct Orca {
    cells: Cells,
    own: Vec<Own>,
    near: Vec<Near>,
    lines: Vec<Line>,
    scratch: Vec<Line>,
    /// New velocities and positions, in the grid's order.
    vel: Vec<[f64; 2]>,
    moved: Vec<[f64; 2]>,
    push: Vec<[f64; 2]>,
    /// By vehicle id: the squared distance within which its neighbours
    /// are searched for first (the last step's farthest kept, a little
    /// more), so that few farther ones are compared and kept.
    guess: Vec<f64>,
    /// The neighbour search's scratch.
    found: Vec<Found>,
    /// The neighbour lists kept across steps.
    lists: reuse::Lists,
    /// What the entries' fixed parts were computed from.
    fixed: Fixed,
    /// By slot: how each vehicle avoids.
    avoid: Vec<Avoid>,
    /// The largest max speed.
    s_max: f64,
}

/// How one vehicle avoids, read from its set once a step.
/// Each slot's radius, max speed and avoidance, and the largest radius
/// and max speed, as the entries' fixed parts (everything but the
/// positions and velocities) were last computed from: while they are the
/// same, a refresh of the entries need not compute those parts again.
#[derive(Debug, Clone, Default)]
struct Fixed {
    by_slot: Vec<[u64; 4]>,
    widest: [u64; 2],
}

impl Fixed {
    /// The bits that decide a slot's fixed parts.
    #[inline]
    fn bits(b: &Bodies<'_>, a: &Avoid, i: usize) -> [u64; 4] {
        [
            b.radius[i].to_bits(),
            b.max_speed[i].to_bits(),
            a.tau.to_bits(),
            u64::from(a.pushes) | u64::from(a.walls) << 1,
        ]
    }

    /// Whether the fixed parts would be computed from the same numbers.
    fn same(&self, b: &Bodies<'_>, avoid: &[Avoid], r_max: f64, s_max: f64) -> bool {
        self.widest == [r_max.to_bits(), s_max.to_bits()]
            && self.by_slot.len() == avoid.len()
            && avoid
                .iter()
                .enumerate()
                .zip(&self.by_slot)
                .all(|((i, a), k)| Self::bits(b, a, i) == *k)
    }

    /// Records the numbers the fixed parts are computed from now.
    fn keep(&mut self, b: &Bodies<'_>, avoid: &[Avoid], r_max: f64, s_max: f64) {
        self.widest = [r_max.to_bits(), s_max.to_bits()];
        self.by_slot.clear();
        self.by_slot
            .extend(avoid.iter().enumerate().map(|(i, a)| Self::bits(b, a, i)));
    }
}

#[derive(Debug, Clone, Copy)]
struct Avoid {
    /// Its time horizon, at least the step; NaN when it does not avoid.
    tau: f64,
    pushes: bool,
    walls: bool,
}

impl Avoid {
    #[inline]
    fn avoids(&self) -> bool {
        !self.tau.is_nan()
    }
}

impl Orca {
    /// Gives every vehicle whose set avoids vehicles its collision-free
    /// velocity, position and heading in `next` (the others keep theirs).
    pub(crate) fn step(&mut self, b: &Bodies<'_>, next: Next<'_>, dt: f64) {
        let n = b.pos.len();
        // Each slot's avoidance, read once: its horizon (at least the
        // step; NaN when it does not avoid) and whether it pushes apart.
        // (`larger` rather than `f64::max`, which wasm calls as a function:
        // the same values for these finite, non-negative numbers.)
        let (mut r_max, mut s_max, mut any) = (0.0f64, 0.0f64, false);
        self.avoid.clear();
        for i in 0..n {
            r_max = larger(b.radius[i], r_max);
            s_max = larger(b.max_speed[i], s_max);
            let inner = b.sets[i].inner();
            self.avoid.push(match inner.avoid_vehicles {
                Some((t, push)) => {
                    any = true;
                    Avoid {
                        tau: larger(t, dt),
                        pushes: push,
                        walls: inner.walls,
                    }
                }
                None => Avoid {
                    tau: f64::NAN,
                    pushes: false,
                    walls: false,
                },
            });
        }
        if !any {
            return;
        }
        self.s_max = s_max;
        // The widest reach of any avoiding vehicle.
        let reach = |i: usize, tau: f64| b.radius[i] + r_max + tau * (b.max_speed[i] + s_max);
        let mut reach_max = 0.0f64;
        for (i, a) in self.avoid.iter().enumerate() {
            if a.avoids() {
                reach_max = larger(reach(i, a.tau), reach_max);
            }
        }
        let lo = 1.5 * r_max;
        let hi = larger(lo, reach_max);
        // Cells about one average spacing wide: at a uniform density the
        // nearest MAX_NEIGHBOURS lie within sqrt(10 / π) ≈ 1.8 spacings, so
        // the square searched around a vehicle spans about 4 × 4 cells,
        // holding about 1.3 times the disc's vehicles.
        let cell = |sx: f64, sy: f64| crate::geom::math::clamp((sx * sy / n as f64).sqrt(), lo, hi);
        // (Entries of vehicles that do not avoid are never read: no need
        // to clear what they hold from an earlier step.)
        self.own.resize(n, Own::default());
        // Each entry's rest, and its own part if it avoids.
        macro_rules! fill {
            () => {{
                let (avoid, own, pref) = (&self.avoid, &mut self.own, &*next.vel);
                move |i: usize, e: usize| {
                    let a = avoid[i];
                    if a.avoids() {
                        let r = reach(i, a.tau);
                        own[e] = Own {
                            pref: pref[i],
                            max_speed: b.max_speed[i],
                            inv_tau: 1.0 / a.tau,
                            range2: r * r,
                            walls: a.walls,
                        };
                    }
                    Info {
                        vel: b.vel[i],
                        next_vel: pref[i],
                        radius: b.radius[i],
                        id: b.ids[i].0,
                        avoids: a.avoids(),
                        pushes: a.pushes,
                    }
                }
            }};
        }
        self.near.resize(n, Near::default());
        self.vel.resize(n, [0.0; 2]);
        let inv_dt = 1.0 / dt;
        // Everyone's neighbours first: whether a neighbour counts the
        // vehicle among its own decides who takes which share. From the
        // lists of the last build while they give the grid's answer
        // (`reuse`), else from the grid built again.
        let mut reused = false;
        let fixed = self.fixed.same(b, &self.avoid, r_max, s_max);
        if !fixed {
            self.fixed.keep(b, &self.avoid, r_max, s_max);
        }
        if self.lists.usable(b.ids) {
            if fixed {
                // Only the positions and velocities differ from what the
                // entries hold.
                // (In slot order: the reads go in order, the writes by
                // entry.)
                let (cells, own) = (&mut self.cells, &mut self.own);
                for (slot, a) in self.avoid.iter().enumerate() {
                    let e = cells.entry_of[slot] as usize;
                    cells.xy[e] = b.pos[slot];
                    let info = &mut cells.info[e];
                    info.vel = b.vel[slot];
                    info.next_vel = next.vel[slot];
                    if a.avoids() {
                        own[e].pref = next.vel[slot];
                    }
                }
            } else {
                self.cells.refresh(b.pos, fill!());
            }
            let slack = self.lists.slack(&self.cells);
            reused = slack.is_finite()
                && (0..n).all(|e| {
                    !self.cells.info[e].avoids
                        || self.lists.select(
                            &self.cells,
                            e,
                            self.own[e].range2,
                            slack,
                            &mut self.found,
                            &mut self.near[e],
                        )
                });
            self.lists.tried(reused);
        }
        let lists = !reused && self.lists.want_build();
        if !reused {
            self.cells.build(b.pos, cell, fill!());
            self.lists.begin(&self.cells, b.ids, lists);
        }
        // (Reused lists need no guess: the last build's stand for the next.)
        for e in 0..if reused { 0 } else { n } {
            let info = self.cells.info[e];
            if info.avoids {
                let range2 = self.own[e].range2;
                let id = info.id as usize;
                if id >= self.guess.len() {
                    self.guess.resize(id + 1, f64::INFINITY);
                }
                let near = &mut self.near[e];
                let guess = self.guess[id];
                if lists {
                    self.lists
                        .build(&self.cells, e, range2, guess, &mut self.found, near);
                } else {
                    self.cells.nearest(e, range2, guess, &mut self.found, near);
                }
                self.guess[id] = if near.len == MAX_NEIGHBOURS {
                    near.found[MAX_NEIGHBOURS - 1].d2 * GUESS_GROWTH
                } else {
                    f64::INFINITY
                };
            }
        }
        if lists {
            self.lists.end();
        }
        for e in 0..n {
            if self.cells.info[e].avoids {
                let own = self.own[e];
                let v = self.velocity(b, e, &own, inv_dt);
                self.vel[e] = [v.x, v.y];
            }
        }
        // Moved by the new velocities (the others by the forces).
        self.moved.resize(n, [0.0; 2]);
        for e in 0..n {
            let slot = self.cells.slot[e] as usize;
            self.moved[e] = if self.cells.info[e].avoids {
                let p = self.cells.xy[e];
                let v = self.vel[e];
                let q = [p[0] + v[0] * dt, p[1] + v[1] * dt];
                if q[0].is_finite() && q[1].is_finite() {
                    q
                } else {
                    p
                }
            } else {
                next.pos[slot]
            };
        }
        contact::push_apart(
            &self.cells,
            &self.near,
            b,
            &self.own,
            &mut self.moved,
            &mut self.push,
            CONTACT_PASSES,
        );
        for e in 0..n {
            if !self.cells.info[e].avoids {
                continue;
            }
            let slot = self.cells.slot[e] as usize;
            let v = Vec2::new(self.vel[e][0], self.vel[e][1]);
            next.vel[slot] = self.vel[e];
            next.pos[slot] = self.moved[e];
            let speed = forces::length(v);
            if speed > 1e-9 * b.max_speed[slot] && speed.is_finite() {
                let h = v / speed;
                if h.is_finite() {
                    next.head[slot] = [h.x, h.y];
                    continue;
                }
            }
            next.head[slot] = b.head[slot];
        }
    }

    /// The new velocity of the avoiding vehicle at entry `e`, its
    /// neighbours `near`.
    fn velocity(&mut self, b: &Bodies<'_>, e: usize, own: &Own, inv_dt: f64) -> Vec2 {
        let info = self.cells.info[e];
        let p = self.cells.xy[e];
        let pref = Vec2::new(own.pref[0], own.pref[1]);
        let max_speed = own.max_speed;
        if !own.walls {
            if let Some(v) = self.unconstrained(e, own) {
                return v;
            }
        }
        // The lines in the neighbours' order (by distance, then id).
        self.near[e].sort();
        let near = self.near[e];
        self.lines.clear();
        if own.walls {
            let slot = self.cells.slot[e] as usize;
            let reach = max_speed / own.inv_tau;
            let lines = &mut self.lines;
            for_each_wall(&b.sets[slot], Point::new(p[0], p[1]), |w| {
                if w.distance - info.radius < reach {
                    let line = wall_line(
                        w.away,
                        w.distance,
                        info.radius,
                        own.inv_tau,
                        inv_dt,
                        max_speed,
                    );
                    if line.point.is_finite() {
                        lines.push(line);
                    }
                }
            });
        }
        let walls = self.lines.len();
        // What each neighbour's two lines share, read once.
        let mut pairs = [Pair::default(); MAX_NEIGHBOURS];
        for (k, pair) in pairs.iter_mut().enumerate().take(near.len) {
            *pair = self.pair(e, k);
        }
        let pairs = &pairs[..near.len];
        let v = Vec2::new(info.vel[0], info.vel[1]);
        // Hard: the neighbours that could be touched within the step, with
        // the step as the horizon (no overlap at its end).
        for (f, pair) in near.list().iter().zip(pairs) {
            let gap = f.d2.sqrt() - pair.combined;
            if gap < (max_speed + self.s_max) / inv_dt {
                if let Some(line) = pair.line(v, inv_dt, inv_dt) {
                    self.lines.push(line);
                }
            }
        }
        let statics = self.lines.len();
        // Soft: every neighbour, with the time horizon (RVO2's lines).
        for pair in pairs {
            if let Some(line) = pair.line(v, own.inv_tau, inv_dt) {
                self.lines.push(line);
            }
        }
        // Exactly symmetric encounters (two vehicles head-on) would slow
        // both to a stop face to face: when a neighbour forbids the
        // preferred velocity, seek it turned a little to the right, so both
        // pass on their right.
        let pref = if self.lines[statics..]
            .iter()
            .any(|l| l.violation(pref) > 0.0)
        {
            Vec2::new(
                pref.x * BIAS_COS + pref.y * BIAS_SIN,
                pref.y * BIAS_COS - pref.x * BIAS_SIN,
            )
        } else {
            pref
        };
        let (mut out, failed) = program::solve(&self.lines, max_speed, pref, false);
        if failed < self.lines.len() {
            if failed >= statics {
                out = program::least_violation(
                    &self.lines,
                    statics,
                    failed,
                    max_speed,
                    out,
                    &mut self.scratch,
                );
            } else {
                // Even the hard lines leave nothing: the least violation of
                // them, the walls kept.
                let hard = &self.lines[..statics];
                let (o, f) = program::solve(hard, max_speed, pref, false);
                out = if f < statics {
                    program::least_violation(hard, walls, f, max_speed, o, &mut self.scratch)
                } else {
                    o
                };
            }
        }
        if !out.is_finite() {
            out = forces::truncate(pref, max_speed);
        }
        forces::truncate(out, max_speed)
    }

    /// The sparse case, decided without building a half-plane: when no
    /// neighbour's half-planes (of either horizon, for either share) can
    /// forbid the preferred velocity nor where the program starts from it
    /// ([`lines::allows_within`]), the velocity the programs give, the same
    /// bits; else `None`.
    #[inline]
    fn unconstrained(&self, e: usize, own: &Own) -> Option<Vec2> {
        let info = self.cells.info[e];
        let p = self.cells.xy[e];
        let v = Vec2::new(info.vel[0], info.vel[1]);
        let pref = Vec2::new(own.pref[0], own.pref[1]);
        let start = program::start(pref, own.max_speed);
        let reach = larger(forces::length(start - v), forces::length(pref - v));
        if !reach.is_finite() {
            return None;
        }
        for f in self.near[e].list() {
            let j = f.entry as usize;
            let other = self.cells.info[j];
            let q = self.cells.xy[j];
            let vj = if other.avoids {
                other.vel
            } else {
                other.next_vel
            };
            let rel_p = Vec2::new(q[0] - p[0], q[1] - p[1]);
            let rel_v = Vec2::new(v.x - vj[0], v.y - vj[1]);
            let combined = info.radius + other.radius;
            if !lines::allows_within(rel_p, f.d2, rel_v, combined, own.inv_tau, reach) {
                return None;
            }
        }
        Some(forces::truncate(start, own.max_speed))
    }

    /// What the ORCA half-planes of the vehicle at entry `e` against its
    /// `k`-th neighbour need: the neighbour's place and velocity, and the
    /// vehicle's share of the avoidance — half when the neighbour avoids too
    /// and has it among its own neighbours (so takes the other half), else
    /// all of it, against the velocity the neighbour has taken this step if
    /// it does not avoid.
    #[inline]
    fn pair(&self, e: usize, k: usize) -> Pair {
        let info = self.cells.info[e];
        let near = &self.near[e];
        let f = near.found[k];
        let j = f.entry as usize;
        let other = self.cells.info[j];
        let (p, q) = (self.cells.xy[e], self.cells.xy[j]);
        let (vj, share) = if other.avoids {
            let mutual = self.near[j].holds(f.d2, info.id, self.own[j].range2);
            (other.vel, if mutual { 0.5 } else { 1.0 })
        } else {
            (other.next_vel, 1.0)
        };
        Pair {
            rel_p: Vec2::new(q[0] - p[0], q[1] - p[1]),
            vj: Vec2::new(vj[0], vj[1]),
            combined: info.radius + other.radius,
            share,
            ids: (info.id, other.id),
        }
    }
}

/// A vehicle and one of its neighbours, as their half-planes need them.
#[derive(Debug, Clone, Copy, Default)]
struct Pair {
    /// The neighbour's position minus the vehicle's.
    rel_p: Vec2,
    /// The neighbour's velocity.
    vj: Vec2,
    /// The sum of their radii.
    combined: f64,
    /// The vehicle's share of the avoidance.
    share: f64,
    /// Their ids (the vehicle's first).
    ids: (u32, u32),
}

impl Pair {
    /// The ORCA half-plane of the vehicle moving at `v`, for the horizon
    /// `1 / inv_tau` ([`vehicle_line`]).
    #[inline]
    fn line(&self, v: Vec2, inv_tau: f64, inv_dt: f64) -> Option<Line> {
        vehicle_line(
            self.rel_p,
            v,
            self.vj,
            self.combined,
            inv_tau,
            inv_dt,
            self.share,
            || forces::tie_break(self.ids.0, self.ids.1),
        )
    }
}
