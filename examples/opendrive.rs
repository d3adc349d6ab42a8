//! Road networks with junctions, written as OpenDRIVE: a crossroads, a
//! T-junction on curved approaches, five- and six-arm junctions, and
//! seeded random junctions of 3 to 6 arms with 1 to 4 lanes a direction,
//! sidewalks, bike lanes, medians and parking. Each network is written
//! as `<name>.xodr` beside `<name>.json`, the exact geometry Arcline built
//! (every road's reference line and lane borders, left to right), which
//! `make test-opendrive` compares with what third-party readers make of
//! the file.
//!
//! `cargo run --features serde --example opendrive -- [folder]` (default
//! `target/opendrive`).

use arcline::road::{ConnectOptions, Direction, Junction, Lane, LaneKind, Profile, RoadNetwork};
use arcline::{Error, Path};
use core::f64::consts::{FRAC_PI_2, PI, TAU};
use serde::Serialize;
use std::fs;

/// One road of the file as Arcline built it.
#[derive(Serialize)]
struct Road {
    id: u32,
    junction: Option<u32>,
    reference: Path,
    /// The lane borders left to right (every lane edge), or none when a
    /// connecting road's width changes along it (its borders are then not
    /// offsets of its path).
    borders: Option<Vec<Path>>,
}

#[derive(Serialize)]
struct Expected {
    roads: Vec<Road>,
    /// Per junction: its id and how many connections it has.
    junctions: Vec<(u32, usize)>,
}

fn lane(kind: LaneKind, width: f64, back: bool) -> Lane {
    let l = Lane::new(kind, width);
    if back {
        l.with_direction(Direction::Backward)
    } else {
        l
    }
}

/// Sidewalk, `n` lanes each way with an optional median, sidewalk.
fn road(n: usize, width: f64, median: bool, bike: bool) -> Vec<Lane> {
    let mut out = vec![lane(LaneKind::Sidewalk, 2.0, false)];
    if bike {
        out.push(lane(LaneKind::Bike, 1.5, true));
    }
    out.extend((0..n).map(|_| lane(LaneKind::Driving, width, true)));
    if median {
        out.push(lane(LaneKind::Median, 2.0, false));
    }
    out.extend((0..n).map(|_| lane(LaneKind::Driving, width, false)));
    if bike {
        out.push(lane(LaneKind::Bike, 1.5, false));
    }
    out.push(lane(LaneKind::Sidewalk, 2.0, false));
    out
}

/// An arm coming from direction `out` (radians), its mouth `d` from the
/// centre, heading in.
fn arm(out: f64, d: f64, lanes: &[Lane]) -> Profile {
    Profile {
        x: d * out.cos(),
        y: d * out.sin(),
        heading: out + PI,
        lanes: lanes.to_vec(),
    }
}

/// A network of `arms` joined by a junction, each arm reached by a road
/// from `before(arm)`, and that profile by a road from `before` of it when
/// `two` (so roads link to roads too).
fn network(
    arms: &[Profile],
    before: impl Fn(usize, &Profile) -> Profile,
    two: bool,
) -> Result<RoadNetwork, Error> {
    let mut net = RoadNetwork::new();
    let mut ids = Vec::new();
    for (i, a) in arms.iter().enumerate() {
        let mouth = net.add_profile(a.clone())?;
        let start = before(i, a);
        let s = net.add_profile(start.clone())?;
        if two {
            let s0 = net.add_profile(before(i, &start))?;
            net.connect(s0, s)?;
        }
        net.connect(s, mouth)?;
        ids.push(mouth);
    }
    net.add_junction(&ids)?;
    Ok(net)
}

fn straight_back(length: f64) -> impl Fn(usize, &Profile) -> Profile {
    move |_, p| p.advanced(-length).expect("a profile within range")
}

/// The profile `angle` radians back along the circle of radius `radius`
/// through `p` (centre on `p`'s left for a positive radius): the road from
/// it to `p` is one arc.
fn arc_back(p: &Profile, radius: f64, angle: f64) -> Profile {
    let left = p.heading + FRAC_PI_2;
    let (cx, cy) = (p.x + radius * left.cos(), p.y + radius * left.sin());
    let turn = if radius > 0.0 { -angle } else { angle };
    let (s, c) = turn.sin_cos();
    let (dx, dy) = (p.x - cx, p.y - cy);
    Profile {
        x: cx + dx * c - dy * s,
        y: cy + dx * s + dy * c,
        heading: p.heading + turn,
        lanes: p.lanes.clone(),
    }
}

/// What Arcline built for `net`, with the road ids the export gives.
fn expected(net: &RoadNetwork) -> Result<Expected, Error> {
    let mut roads = Vec::new();
    let mut next = 0;
    for p in net.pieces() {
        let piece = p.built.as_ref().map_err(Clone::clone)?;
        next = next.max(p.id.0 + 1);
        roads.push(Road {
            id: p.id.0,
            junction: None,
            reference: piece.centerline.clone(),
            borders: Some(piece.boundaries.clone()),
        });
    }
    let mut junctions = Vec::new();
    for nj in net.junctions() {
        let j: &Junction = nj.built.as_ref().map_err(Clone::clone)?;
        for c in &j.connections {
            let (w_in, w_out) = (
                j.arms[c.from].lanes[c.from_lane].width,
                j.arms[c.to].lanes[c.to_lane].width,
            );
            let borders = if w_in == w_out {
                Some(vec![
                    c.path.offset(w_in / 2.0)?,
                    c.path.offset(-w_in / 2.0)?,
                ])
            } else {
                None
            };
            roads.push(Road {
                id: next,
                junction: Some(nj.id.0),
                reference: c.path.clone(),
                borders,
            });
            next += 1;
        }
        junctions.push((nj.id.0, j.connections.len()));
    }
    Ok(Expected { roads, junctions })
}

/// xorshift64, uniform in [0, 1).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }

    fn pick(&mut self, n: usize) -> usize {
        ((self.next() * n as f64) as usize).min(n - 1)
    }
}

/// Random lanes: 1 to 4 driving lanes a direction (one way or the other
/// may have none), and maybe sidewalks, bike lanes, a median, parking.
fn random_lanes(r: &mut Rng) -> Vec<Lane> {
    let width = r.range(2.75, 3.75);
    let (back, fwd) = (1 + r.pick(4), 1 + r.pick(4));
    let mut out = Vec::new();
    let side = |r: &mut Rng, out: &mut Vec<Lane>, back: bool| {
        if r.next() < 0.7 {
            out.push(lane(LaneKind::Sidewalk, r.range(1.5, 3.0), false));
        }
        if r.next() < 0.3 {
            out.push(lane(LaneKind::Bike, 1.5, back));
        }
        if r.next() < 0.2 {
            out.push(lane(LaneKind::Parking, 2.5, back));
        }
    };
    side(r, &mut out, true);
    out.extend((0..back).map(|_| lane(LaneKind::Driving, width, true)));
    if r.next() < 0.3 {
        out.push(lane(LaneKind::Median, r.range(1.0, 4.0), false));
    }
    out.extend((0..fwd).map(|_| lane(LaneKind::Driving, width, false)));
    let mut right = Vec::new();
    side(r, &mut right, false);
    right.reverse();
    out.extend(right);
    out
}

/// A random junction network: 3 to 6 arms about the origin, roads to each
/// mouth from a profile 30 to 60 behind it, turned a little (a fillet or
/// an S-curve); tried again until everything builds.
fn random_network(r: &mut Rng) -> RoadNetwork {
    loop {
        let n = 3 + r.pick(4);
        let base = r.range(0.0, TAU);
        let arms: Vec<Profile> = (0..n)
            .map(|k| {
                let out = base + TAU * (k as f64 + r.range(-0.15, 0.15)) / n as f64;
                let lanes = random_lanes(r);
                let mut p = arm(out, r.range(18.0, 40.0), &lanes);
                p.heading += r.range(-0.15, 0.15);
                p
            })
            .collect();
        let turns: Vec<(f64, f64, f64)> = (0..n)
            .map(|_| (r.range(30.0, 60.0), r.range(-6.0, 6.0), r.range(-0.3, 0.3)))
            .collect();
        let before = |i: usize, p: &Profile| {
            let (back, side, turn) = turns[i];
            let b = p.advanced(-back).expect("within range");
            let left = p.heading + FRAC_PI_2;
            Profile {
                x: b.x + side * left.cos(),
                y: b.y + side * left.sin(),
                heading: b.heading + turn,
                lanes: b.lanes,
            }
        };
        let Ok(net) = network(&arms, before, false) else {
            continue;
        };
        let built =
            net.pieces().all(|p| p.built.is_ok()) && net.junctions().all(|j| j.built.is_ok());
        if built {
            return net;
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/opendrive".into());
    fs::create_dir_all(&dir)?;
    let mut nets: Vec<(String, RoadNetwork)> = Vec::new();

    // A crossroads of two-lane roads with sidewalks, each arm two straight roads long.
    let two = road(1, 3.5, false, false);
    let arms: Vec<Profile> = (0..4)
        .map(|k| arm(k as f64 * FRAC_PI_2, 14.0, &two))
        .collect();
    nets.push((
        "crossroads".into(),
        network(&arms, straight_back(40.0), true)?,
    ));

    // A T-junction of six-lane roads with a median and bike lanes, on curved approaches.
    let six = road(3, 3.25, true, true);
    let arms = [
        arm(0.0, 26.0, &six),
        arm(FRAC_PI_2, 26.0, &six),
        arm(PI, 26.0, &six),
    ];
    let curve = |i: usize, p: &Profile| arc_back(p, if i % 2 == 0 { 80.0 } else { -80.0 }, 0.6);
    nets.push(("t-junction".into(), network(&arms, curve, true)?));

    // Five and six arms, with four-lane and two-lane roads mixed.
    let four = road(2, 3.5, false, false);
    let arms: Vec<Profile> = (0..5)
        .map(|k| {
            arm(
                k as f64 * TAU / 5.0,
                30.0,
                if k % 2 == 0 { &four } else { &two },
            )
        })
        .collect();
    nets.push((
        "five-arms".into(),
        network(&arms, straight_back(35.0), false)?,
    ));
    let arms: Vec<Profile> = (0..6)
        .map(|k| {
            arm(
                k as f64 * TAU / 6.0,
                36.0,
                if k % 3 == 0 { &four } else { &two },
            )
        })
        .collect();
    nets.push((
        "six-arms".into(),
        network(&arms, straight_back(35.0), false)?,
    ));

    // A winding road with transition curves (clothoids, written as
    // <spiral>): a fillet, an S-curve and a U-turn, each turn G2.
    let lanes = road(1, 3.5, false, true);
    let at = |x: f64, y: f64, heading: f64| Profile {
        x,
        y,
        heading,
        lanes: lanes.clone(),
    };
    let mut winding = RoadNetwork::new();
    let stops = [
        at(0.0, 0.0, 0.0),
        at(60.0, 40.0, FRAC_PI_2),
        at(110.0, 90.0, FRAC_PI_2),
        at(60.0, 90.0, -FRAC_PI_2),
    ];
    let ids = stops
        .iter()
        .map(|p| winding.add_profile(p.clone()))
        .collect::<Result<Vec<_>, _>>()?;
    for w in ids.windows(2) {
        let options = ConnectOptions {
            transition: 12.0,
            ..ConnectOptions::default()
        };
        winding.connect_with(w[0], w[1], &options)?;
    }
    nets.push(("transitions".into(), winding));

    let mut r = Rng(0x2545_F491_4F6C_DD1D);
    for k in 0..12 {
        nets.push((format!("random-{k:02}"), random_network(&mut r)));
    }

    for (name, net) in &nets {
        fs::write(format!("{dir}/{name}.xodr"), net.to_open_drive().xml)?;
        fs::write(
            format!("{dir}/{name}.json"),
            serde_json::to_string(&expected(net)?)?,
        )?;
        let j = net.junctions().next().and_then(|j| j.built.as_ref().ok());
        println!(
            "{name}: {} roads, {} connections",
            net.pieces().count(),
            j.map_or(0, |j| j.connections.len())
        );
    }
    Ok(())
}
