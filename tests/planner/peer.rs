#![cfg(not(target_arch = "wasm32"))]
//! Against the `dubins_paths` crate (3.3): 10,000 random queries, the shortest
//! lengths equal to 1e-9 relative and the same word wherever the shortest is
//! unique; every word's length equal wherever both solve it.

use arcline::planner::{
    dubins_candidates, dubins_length, dubins_lengths, dubins_shortest, DubinsWord,
};
use arcline::Pose;
use dubins_paths::f64::{DubinsPath, PosRot};
use dubins_paths::PathType;

use crate::xorshift::Rng;

fn peer_type(w: DubinsWord) -> PathType {
    match w {
        DubinsWord::Lsl => PathType::LSL,
        DubinsWord::Lsr => PathType::LSR,
        DubinsWord::Rsl => PathType::RSL,
        DubinsWord::Rsr => PathType::RSR,
        DubinsWord::Rlr => PathType::RLR,
        DubinsWord::Lrl => PathType::LRL,
    }
}

fn rel(a: f64, b: f64) -> f64 {
    (a - b).abs() / a.abs().max(b.abs()).max(1e-300)
}

/// A random query; half of them close together (so CCC words matter),
/// headings sometimes far outside (−π, π].
fn query(rng: &mut Rng) -> (Pose, Pose, f64) {
    let r = rng.range(0.2, 4.0);
    let span = if rng.bits() % 2 == 0 { 3.0 * r } else { 40.0 };
    let hspan = if rng.bits() % 4 == 0 {
        20.0
    } else {
        core::f64::consts::PI
    };
    let start = Pose::new(
        rng.range(-20.0, 20.0),
        rng.range(-20.0, 20.0),
        rng.range(-hspan, hspan),
    );
    let goal = Pose::new(
        start.x + rng.range(-span, span),
        start.y + rng.range(-span, span),
        rng.range(-hspan, hspan),
    );
    (start, goal, r)
}

#[test]
fn ten_thousand_random_queries_match_dubins_paths() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut unique = 0;
    let mut ccc_wins = 0;
    for i in 0..10_000 {
        let (start, goal, r) = query(&mut rng);
        let q0 = PosRot::from_floats(start.x, start.y, start.heading);
        let q1 = PosRot::from_floats(goal.x, goal.y, goal.heading);
        let peer = DubinsPath::shortest_from(q0, q1, r).expect("peer finds a path");
        let (len, word) = dubins_length(start, goal, r).unwrap();
        let word = word.expect("not coincident");
        assert!(
            rel(len, peer.length()) <= 1e-9,
            "query {i}: {start:?} -> {goal:?} r={r}: ours {len} ({word}) peer {} ({:?})",
            peer.length(),
            peer.path_type
        );
        // Unique when every other peer word is longer by more than 1e-9 relative.
        let mut peer_lengths: Vec<(PathType, f64)> = PathType::ALL
            .iter()
            .filter_map(|&t| DubinsPath::new(q0, q1, r, t).ok().map(|p| (t, p.length())))
            .collect();
        peer_lengths.sort_by(|a, b| a.1.total_cmp(&b.1));
        let is_unique = peer_lengths.len() < 2 || rel(peer_lengths[0].1, peer_lengths[1].1) > 1e-9;
        if is_unique {
            unique += 1;
            assert_eq!(
                peer_type(word),
                peer.path_type,
                "query {i}: {start:?} -> {goal:?} r={r}"
            );
        }
        if word.is_ccc() {
            ccc_wins += 1;
        }
        // The built path: same length, same word, ends at the goal.
        let path = dubins_shortest(start, goal, r).unwrap();
        assert!(rel(path.length(), len) <= 1e-12, "query {i}");
        assert_eq!(path.word(), word.as_str());
        // Every word we solve has the peer's length for that word.
        for (w, p) in dubins_candidates(start, goal, r).unwrap() {
            if let Ok(pp) = DubinsPath::new(q0, q1, r, peer_type(w)) {
                assert!(
                    rel(p.length(), pp.length()) <= 1e-9,
                    "query {i} word {w}: ours {} peer {}",
                    p.length(),
                    pp.length()
                );
            }
        }
    }
    // The sample exercises what it claims to.
    assert!(unique > 9_900, "unique shortest in {unique} queries");
    assert!(ccc_wins > 100, "CCC shortest in {ccc_wins} queries");
}

#[test]
fn batch_lengths_match_single_queries_and_the_peer() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let mut queries = Vec::new();
    let mut singles = Vec::new();
    let r = 1.7;
    for _ in 0..2_000 {
        let (s, g, _) = query(&mut rng);
        queries.extend_from_slice(&[s.x, s.y, s.heading, g.x, g.y, g.heading]);
        singles.push((s, g));
    }
    let mut out = vec![0.0; singles.len()];
    dubins_lengths(&queries, r, &mut out).unwrap();
    for (i, (s, g)) in singles.iter().enumerate() {
        let (len, _) = dubins_length(*s, *g, r).unwrap();
        assert_eq!(out[i].to_bits(), len.to_bits(), "query {i}");
        let peer = DubinsPath::shortest_from(
            PosRot::from_floats(s.x, s.y, s.heading),
            PosRot::from_floats(g.x, g.y, g.heading),
            r,
        )
        .unwrap();
        assert!(rel(out[i], peer.length()) <= 1e-9, "query {i}");
    }
}
