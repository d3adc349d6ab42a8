//! The classic scenes of collision avoidance among agents, as start and goal
//! points (shared by the tests and the benchmarks): a circle swap, two
//! crossing streams, head-on pairs, and a bottleneck (a doorway in a wall).
//! They run in Arcline's `World` (arrive + avoidVehicles) and, for
//! comparison, in the `dodgy_2d` crate (a port of RVO2) with the same
//! bodies, speeds, horizon and step.
#![allow(dead_code)] // each user takes the scenes it needs

use arcline::steering::{Behavior, BehaviorKind, VehicleId, VehicleSpec, World};
use arcline::{Line, Path, Point, Segment, Vec2};

/// Starts, goals and (for the bottleneck) the room the agents must stay in
/// and the points every agent's way goes through (the doorway).
#[derive(Clone, Debug)]
pub struct Scene {
    pub starts: Vec<Point>,
    pub goals: Vec<Point>,
    pub room: Option<Vec<Point>>,
    pub via: Vec<Point>,
}

impl Scene {
    /// Agent `k`'s way: straight from its start through the `via` points to
    /// its goal (lines only; corners allowed).
    pub fn way(&self, k: usize) -> Path {
        let mut points = vec![self.starts[k]];
        points.extend(&self.via);
        points.push(self.goals[k]);
        let lines = points
            .windows(2)
            .map(|w| Segment::Line(Line::new(w[0], w[1])))
            .collect();
        Path::new(lines).unwrap()
    }

    /// The point agent `k` at `p` aims at: as `followPath` with a look-ahead
    /// of one unit, or its goal when there are no via points.
    pub fn aim(&self, k: usize, p: Point) -> Point {
        if self.via.is_empty() {
            return self.goals[k];
        }
        let way = self.way(k);
        let s = arcline::steering::closest_distance_along(&way, p) + LOOK_AHEAD;
        if s >= way.length() {
            self.goals[k]
        } else {
            way.pose_at(s).position()
        }
    }
}

/// The look-ahead of the bottleneck's path following.
pub const LOOK_AHEAD: f64 = 1.0;

/// How the agents move.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    pub radius: f64,
    pub max_speed: f64,
    pub time_horizon: f64,
    pub dt: f64,
    pub push_apart: bool,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            radius: 0.5,
            max_speed: 1.0,
            time_horizon: 2.0,
            dt: 0.25,
            push_apart: true,
        }
    }
}

/// xorshift64 in [0, 1).
pub struct Jitter(pub u64);
impl Jitter {
    pub fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
    /// A point moved by up to `amount` in x and y.
    pub fn moved(&mut self, p: Point, amount: f64) -> Point {
        Point::new(
            p.x + (self.next() - 0.5) * 2.0 * amount,
            p.y + (self.next() - 0.5) * 2.0 * amount,
        )
    }
}

/// `n` agents evenly on a circle of `radius`, each going to the opposite
/// point; starts jittered by up to `jitter`.
pub fn circle_swap(n: usize, radius: f64, jitter: f64, seed: u64) -> Scene {
    let mut j = Jitter(seed);
    let mut starts = Vec::new();
    let mut goals = Vec::new();
    for k in 0..n {
        let a = core::f64::consts::TAU * k as f64 / n as f64;
        let p = Point::new(radius * libm::cos(a), radius * libm::sin(a));
        starts.push(j.moved(p, jitter));
        goals.push(Point::new(-p.x, -p.y));
    }
    Scene {
        starts,
        goals,
        room: None,
        via: Vec::new(),
    }
}

/// Two blocks of `rows × cols` agents `spacing` apart, one going +x and one
/// +y, crossing at the origin.
pub fn crossing(rows: usize, cols: usize, spacing: f64) -> Scene {
    let mut starts = Vec::new();
    let mut goals = Vec::new();
    let travel = 40.0;
    for r in 0..rows {
        for c in 0..cols {
            let across = (r as f64 - (rows as f64 - 1.0) / 2.0) * spacing;
            let along = -travel / 2.0 - c as f64 * spacing;
            starts.push(Point::new(along, across));
            goals.push(Point::new(along + travel + cols as f64 * spacing, across));
            starts.push(Point::new(across + 0.3 * spacing, along));
            goals.push(Point::new(
                across + 0.3 * spacing,
                along + travel + cols as f64 * spacing,
            ));
        }
    }
    Scene {
        starts,
        goals,
        room: None,
        via: Vec::new(),
    }
}

/// `pairs` pairs of agents facing each other exactly, `gap` apart, on
/// lines `spacing` apart.
pub fn head_on(pairs: usize, gap: f64, spacing: f64) -> Scene {
    let mut starts = Vec::new();
    let mut goals = Vec::new();
    for k in 0..pairs {
        let y = k as f64 * spacing;
        starts.push(Point::new(-gap / 2.0, y));
        goals.push(Point::new(gap / 2.0, y));
        starts.push(Point::new(gap / 2.0, y));
        goals.push(Point::new(-gap / 2.0, y));
    }
    Scene {
        starts,
        goals,
        room: None,
        via: Vec::new(),
    }
}

/// Two rooms 20 × 16 joined by a doorway `door` wide in a wall 0.5 thick
/// at x = 0, as one simple polygon; `rows × cols` agents on a grid in the
/// left room, each going to its mirror image through the door's centre,
/// following a path through the doorway.
pub fn bottleneck(rows: usize, cols: usize, spacing: f64, door: f64) -> Scene {
    let (w, h, t, d) = (20.0, 8.0, 0.25, door / 2.0);
    let room = vec![
        Point::new(-w, -h),
        Point::new(-t, -h),
        Point::new(-t, -d),
        Point::new(t, -d),
        Point::new(t, -h),
        Point::new(w, -h),
        Point::new(w, h),
        Point::new(t, h),
        Point::new(t, d),
        Point::new(-t, d),
        Point::new(-t, h),
        Point::new(-w, h),
    ];
    let mut starts = Vec::new();
    let mut goals = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let p = Point::new(
                -3.0 - c as f64 * spacing,
                (r as f64 - (rows as f64 - 1.0) / 2.0) * spacing,
            );
            starts.push(p);
            goals.push(Point::new(-p.x, -p.y));
        }
    }
    Scene {
        starts,
        goals,
        room: Some(room),
        via: vec![Point::new(-1.5, 0.0), Point::new(1.5, 0.0)],
    }
}

/// A world with the scene's agents arriving at their goals (a force limit
/// so high the preferred velocity is the arrive's desired velocity, as
/// RVO2's are) and avoiding each other.
pub fn world(scene: &Scene, s: &Setup) -> (World, Vec<VehicleId>) {
    let mut w = World::new(1);
    let mut ids = Vec::new();
    for (k, (&p, &g)) in scene.starts.iter().zip(&scene.goals).enumerate() {
        let id = w
            .add_vehicle(VehicleSpec::new(p.x, p.y, s.max_speed, 1e6).with_radius(s.radius))
            .unwrap();
        let go = if scene.via.is_empty() {
            Behavior::new(BehaviorKind::Arrive {
                target: g,
                slowing_radius: s.max_speed,
            })
        } else {
            Behavior::new(BehaviorKind::FollowPath {
                path: scene.way(k),
                look_ahead: LOOK_AHEAD,
            })
        };
        let mut list = vec![
            go,
            Behavior::new(BehaviorKind::AvoidVehicles {
                time_horizon: s.time_horizon,
                push_apart: s.push_apart,
            }),
        ];
        if let Some(room) = &scene.room {
            list.push(Behavior::new(BehaviorKind::Contain {
                boundary: room.clone(),
                prediction_time: Some(0.5),
            }));
        }
        w.set_behaviors(id, list).unwrap();
        ids.push(id);
    }
    (w, ids)
}

/// The closest approach of any two of `pos` as a fraction of the sum of
/// their radii (all radii `radius`), by a sweep over x; 2 when no two are
/// nearer than twice the sum.
pub fn closest_fraction(pos: &[Point], radius: f64) -> f64 {
    let mut order: Vec<usize> = (0..pos.len()).collect();
    order.sort_by(|&a, &b| pos[a].x.total_cmp(&pos[b].x));
    let reach = 2.0 * radius;
    let mut best: f64 = 2.0;
    for (k, &i) in order.iter().enumerate() {
        for &j in &order[k + 1..] {
            if pos[j].x - pos[i].x >= best * reach {
                break;
            }
            best = best.min(pos[i].distance(pos[j]) / reach);
        }
    }
    best
}

/// What a run gives: the steps until every agent was within `tolerance` of
/// its goal (None: not within `max_steps`), and the closest approach over
/// every step as a fraction of the sum of radii.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    pub steps: Option<usize>,
    pub closest: f64,
}

/// Runs the scene in Arcline's world.
pub fn run_arcline(scene: &Scene, s: &Setup, max_steps: usize, tolerance: f64) -> Outcome {
    let (mut w, ids) = world(scene, s);
    let mut closest: f64 = 2.0;
    for step in 1..=max_steps {
        w.step(s.dt);
        let pos: Vec<Point> = ids
            .iter()
            .map(|&id| w.vehicle(id).unwrap().position)
            .collect();
        closest = closest.min(closest_fraction(&pos, s.radius));
        let arrived = pos
            .iter()
            .zip(&scene.goals)
            .all(|(p, g)| p.distance(*g) < tolerance);
        if arrived {
            return Outcome {
                steps: Some(step),
                closest,
            };
        }
    }
    Outcome {
        steps: None,
        closest,
    }
}

/// Runs the scene with `dodgy_2d` (RVO2's ORCA in f32): the same bodies,
/// speeds, horizon and step, the same preferred velocity (the arrive's:
/// toward the goal at max speed, slowing within one max speed of it), the
/// 10 nearest neighbours within the reach of the horizon, the room's walls
/// as an obstacle.
#[cfg(not(target_arch = "wasm32"))]
pub fn run_dodgy(scene: &Scene, s: &Setup, max_steps: usize, tolerance: f64) -> Outcome {
    use dodgy_2d::{Agent, AvoidanceOptions, Obstacle, Vec2 as V};
    use std::borrow::Cow;
    let mut agents: Vec<Agent> = scene
        .starts
        .iter()
        .map(|p| Agent {
            position: V::new(p.x as f32, p.y as f32),
            velocity: V::ZERO,
            radius: s.radius as f32,
            avoidance_responsibility: 1.0,
        })
        .collect();
    let obstacles: Vec<Obstacle> = match &scene.room {
        // A closed obstacle going clockwise keeps agents inside it.
        Some(room) => vec![Obstacle::Closed {
            vertices: room
                .iter()
                .rev()
                .map(|p| V::new(p.x as f32, p.y as f32))
                .collect(),
        }],
        None => Vec::new(),
    };
    let options = AvoidanceOptions {
        obstacle_margin: s.radius as f32,
        time_horizon: s.time_horizon as f32,
        obstacle_time_horizon: s.time_horizon as f32,
    };
    let reach = (2.0 * s.radius + 2.0 * s.time_horizon * s.max_speed) as f32;
    let mut closest: f64 = 2.0;
    for step in 1..=max_steps {
        let mut next = Vec::with_capacity(agents.len());
        for (i, a) in agents.iter().enumerate() {
            let here = Point::new(f64::from(a.position.x), f64::from(a.position.y));
            let g = scene.aim(i, here);
            let to = V::new(g.x as f32, g.y as f32) - a.position;
            let d = to.length();
            // The arrive of the world (the path's: slowing over the look-ahead).
            let slowing = if scene.via.is_empty() {
                s.max_speed
            } else {
                LOOK_AHEAD
            } as f32;
            let speed = if !scene.via.is_empty() && g != scene.goals[i] {
                s.max_speed as f32
            } else {
                (s.max_speed as f32 * (d / slowing).min(1.0)).min(d / s.dt as f32)
            };
            let pref = if d > 0.0 { to / d * speed } else { V::ZERO };
            let mut near: Vec<(f32, usize)> = agents
                .iter()
                .enumerate()
                .filter(|&(j, b)| j != i && (b.position - a.position).length() < reach)
                .map(|(j, b)| ((b.position - a.position).length_squared(), j))
                .collect();
            near.sort_by(|x, y| x.partial_cmp(y).unwrap());
            near.truncate(10);
            let neighbours: Vec<Cow<Agent>> = near
                .iter()
                .map(|&(_, j)| Cow::Borrowed(&agents[j]))
                .collect();
            let walls: Vec<Cow<Obstacle>> = obstacles.iter().map(Cow::Borrowed).collect();
            next.push(a.compute_avoiding_velocity(
                &neighbours,
                &walls,
                pref,
                s.max_speed as f32,
                s.dt as f32,
                &options,
            ));
        }
        for (a, v) in agents.iter_mut().zip(next) {
            a.velocity = v;
            a.position += v * s.dt as f32;
        }
        let pos: Vec<Point> = agents
            .iter()
            .map(|a| Point::new(f64::from(a.position.x), f64::from(a.position.y)))
            .collect();
        closest = closest.min(closest_fraction(&pos, s.radius));
        if pos
            .iter()
            .zip(&scene.goals)
            .all(|(p, g)| p.distance(*g) < tolerance)
        {
            return Outcome {
                steps: Some(step),
                closest,
            };
        }
    }
    Outcome {
        steps: None,
        closest,
    }
}

/// The velocity of a vehicle (for tests that look at speeds).
pub fn speed(w: &World, id: VehicleId) -> f64 {
    let v: Vec2 = w.vehicle(id).unwrap().velocity;
    v.length()
}
