//! The OpenDRIVE export read back with an XML parser (roxmltree): every
//! road's plan view, integrated record by record, retraces the piece's
//! centreline exactly; lanes, widths, the lane offset, types, ids and
//! links are the profile's; each junction connection is a connecting road
//! on its path, linked to the lanes it joins. (`make test-opendrive` runs
//! the ASAM checker and pyxodr on files from examples/opendrive.rs.)

use arcline::geom::*;
use arcline::road::*;
use core::f64::consts::{FRAC_PI_2, PI};
use roxmltree::{Document, Node};

const TOL: f64 = 1e-9;

fn back(w: f64) -> Lane {
    Lane::new(LaneKind::Driving, w).with_direction(Direction::Backward)
}

fn lanes() -> Vec<Lane> {
    let walk = Lane::new(LaneKind::Sidewalk, 2.0);
    vec![
        walk,
        Lane::new(LaneKind::Bike, 1.5).with_direction(Direction::Backward),
        back(3.5),
        back(3.5),
        Lane::new(LaneKind::Driving, 3.5),
        Lane::new(LaneKind::Parking, 2.5),
        walk,
    ]
}

fn arm(out: f64, d: f64, lanes: &[Lane]) -> Profile {
    Profile {
        x: d * out.cos(),
        y: d * out.sin(),
        heading: out + PI,
        lanes: lanes.to_vec(),
    }
}

/// A T-junction whose arms are reached by roads from 40 back, the east one
/// by two roads (a fillet, then a straight), and a loose piece apart.
fn network() -> (RoadNetwork, Vec<ProfileId>) {
    let l = lanes();
    let mut net = RoadNetwork::new();
    let mut mouths = Vec::new();
    for out in [0.0, FRAC_PI_2, PI] {
        let mouth = arm(out, 25.0, &l);
        let start = mouth.advanced(-40.0).unwrap();
        let m = net.add_profile(mouth).unwrap();
        let s = net.add_profile(start.clone()).unwrap();
        if out == 0.0 {
            let before = Profile {
                x: start.x + 30.0,
                y: start.y - 30.0,
                heading: FRAC_PI_2,
                ..start.clone()
            };
            let b = net.add_profile(before).unwrap();
            net.connect(b, s).unwrap();
        }
        net.connect(s, m).unwrap();
        mouths.push(m);
    }
    net.add_junction(&mouths).unwrap();
    let p = net
        .add_profile(Profile {
            x: 500.0,
            y: 0.0,
            heading: 0.0,
            lanes: l.clone(),
        })
        .unwrap();
    let q = net
        .add_profile(Profile {
            x: 540.0,
            y: 20.0,
            heading: 0.0,
            lanes: l,
        })
        .unwrap();
    net.connect(p, q).unwrap(); // an s-curve
    (net, mouths)
}

fn attr(n: Node, name: &str) -> f64 {
    n.attribute(name)
        .unwrap_or_else(|| panic!("{name} missing on {n:?}"))
        .parse()
        .unwrap()
}

fn int(n: Node, name: &str) -> i64 {
    n.attribute(name)
        .unwrap_or_else(|| panic!("{name} missing on {n:?}"))
        .parse()
        .unwrap()
}

fn child<'a, 'b>(n: Node<'a, 'b>, name: &str) -> Option<Node<'a, 'b>> {
    n.children().find(|c| c.has_tag_name(name))
}

fn children<'a, 'b>(n: Node<'a, 'b>, name: &'static str) -> impl Iterator<Item = Node<'a, 'b>> {
    n.children().filter(move |c| c.has_tag_name(name))
}

/// Integrates the plan view record by record and checks it against `path`:
/// one record per segment, each starting where the last ended (its own
/// end computed from its heading, length and curvature), on the segment.
fn check_plan_view(road: Node, path: &Path) {
    let segs: Vec<&Segment> = path
        .segments()
        .iter()
        .filter(|s| s.length() > 0.0)
        .collect();
    let geoms: Vec<Node> = children(child(road, "planView").unwrap(), "geometry").collect();
    assert_eq!(geoms.len(), segs.len(), "one record per segment");
    let mut s_at = 0.0;
    for (g, seg) in geoms.iter().zip(&segs) {
        let (x, y, hdg, len) = (
            attr(*g, "x"),
            attr(*g, "y"),
            attr(*g, "hdg"),
            attr(*g, "length"),
        );
        assert!((attr(*g, "s") - s_at).abs() < TOL);
        let start = Point::new(x, y);
        assert!(
            start.distance(seg.start()) < TOL,
            "{start:?} vs {:?}",
            seg.start()
        );
        assert!((len - seg.length()).abs() < TOL);
        let end = if let Some(line) = child(*g, "line") {
            assert!(line.attributes().next().is_none());
            assert!(matches!(seg, Segment::Line(_)));
            start + Vec2::new(hdg.cos(), hdg.sin()) * len
        } else {
            let k = attr(child(*g, "arc").expect("a line or an arc"), "curvature");
            let Segment::Arc(a) = seg else {
                panic!("an arc for a line")
            };
            assert!(
                (k.abs() - 1.0 / a.radius).abs() < 1e-12 / a.radius
                    && k.signum() == a.sweep.signum()
            );
            // The circle through `start` tangent to `hdg`, swept by len·k.
            let r = 1.0 / k;
            let c = start + Vec2::new(-hdg.sin(), hdg.cos()) * r;
            let t = hdg - FRAC_PI_2 + len * k;
            c + Vec2::new(t.cos(), t.sin()) * r
        };
        assert!(
            end.distance(seg.end()) < 1e-9 * (1.0 + seg.length()),
            "{end:?} vs {:?}",
            seg.end()
        );
        s_at += len;
    }
    assert!((attr(road, "length") - s_at).abs() < TOL);
}

#[test]
fn roads_retrace_their_pieces_and_carry_their_lanes() {
    let (net, mouths) = network();
    let xodr = net.to_open_drive().xml;
    let doc = Document::parse(&xodr).expect("well-formed XML");
    let root = doc.root_element();
    assert!(root.has_tag_name("OpenDRIVE"));
    let header = child(root, "header").unwrap();
    assert_eq!((int(header, "revMajor"), int(header, "revMinor")), (1, 8));
    let roads: Vec<Node> = children(root, "road").collect();
    let by_id = |id: i64| roads.iter().copied().find(|r| int(*r, "id") == id);
    let mut ids: Vec<i64> = roads.iter().map(|r| int(*r, "id")).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), roads.len(), "road ids are unique whole numbers");
    for p in net.pieces() {
        let road = by_id(i64::from(p.id.0)).expect("a road per piece");
        assert_eq!(int(road, "junction"), -1);
        let piece = p.built.as_ref().unwrap();
        check_plan_view(road, &piece.centerline);
        // sidewalk | bike← | ←driving ←driving | driving→ | parking | sidewalk:
        // the reference line between the directions, 1.25 right of the middle.
        let section = child(child(road, "lanes").unwrap(), "laneSection").unwrap();
        let offset = child(child(road, "lanes").unwrap(), "laneOffset").unwrap();
        let profile = net.profile(p.a).unwrap();
        let edges = profile.edge_offsets();
        assert!((attr(offset, "a") - edges[4]).abs() < TOL);
        let side = |name| -> Vec<(i64, String, f64)> {
            child(section, name)
                .map(|s| {
                    children(s, "lane")
                        .map(|l| {
                            (
                                int(l, "id"),
                                l.attribute("type").unwrap().to_string(),
                                attr(child(l, "width").unwrap(), "a"),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        let left = side("left");
        let right = side("right");
        let t = |s: &str| s.to_string();
        assert_eq!(
            left,
            [
                (4, t("sidewalk"), 2.0),
                (3, t("biking"), 1.5),
                (2, t("driving"), 3.5),
                (1, t("driving"), 3.5)
            ]
        );
        assert_eq!(
            right,
            [
                (-1, t("driving"), 3.5),
                (-2, t("parking"), 2.5),
                (-3, t("sidewalk"), 2.0)
            ]
        );
        assert!(child(child(section, "center").unwrap(), "lane").is_some());
    }
    // The east arm's two roads link to each other, lane for lane; each
    // arm's road ends at the junction.
    let link = |id: i64, tag: &str| child(child(by_id(id).unwrap(), "link")?, tag);
    let arm_roads: Vec<i64> = mouths
        .iter()
        .map(|&m| i64::from(net.pieces_of(m)[0].0))
        .collect();
    for &r in &arm_roads {
        let s = link(r, "successor").unwrap();
        assert_eq!(
            (s.attribute("elementType"), int(s, "elementId")),
            (Some("junction"), 0)
        );
    }
    let first = net
        .pieces()
        .find(|p| p.b == net.piece(PieceId(arm_roads[0] as u32)).unwrap().a)
        .unwrap();
    let s = link(i64::from(first.id.0), "successor").unwrap();
    assert_eq!(
        (int(s, "elementId"), s.attribute("contactPoint")),
        (arm_roads[0], Some("start"))
    );
    let p = link(arm_roads[0], "predecessor").unwrap();
    assert_eq!(
        (int(p, "elementId"), p.attribute("contactPoint")),
        (i64::from(first.id.0), Some("end"))
    );
    let lane_link = |road: i64, lane: i64, tag: &str| {
        let l = by_id(road)
            .unwrap()
            .descendants()
            .find(|n| n.has_tag_name("lane") && int(*n, "id") == lane)
            .unwrap();
        child(child(l, "link")?, tag).map(|n| int(n, "id"))
    };
    assert_eq!(lane_link(arm_roads[0], -1, "predecessor"), Some(-1));
    assert_eq!(lane_link(i64::from(first.id.0), 3, "successor"), Some(3));
    assert_eq!(
        lane_link(arm_roads[0], -1, "successor"),
        None,
        "lanes into a junction are linked by it"
    );
    // The loose s-curve links to nothing.
    let loose = net.pieces().last().unwrap();
    assert!(child(by_id(i64::from(loose.id.0)).unwrap(), "link").is_none());
}

#[test]
fn a_junction_is_one_connecting_road_per_connection_on_its_path() {
    let (net, mouths) = network();
    let j = net.junctions().next().unwrap();
    let built = j.built.as_ref().unwrap();
    let xodr = net.to_open_drive().xml;
    let doc = Document::parse(&xodr).unwrap();
    let root = doc.root_element();
    let junction = child(root, "junction").unwrap();
    assert_eq!(int(junction, "id"), 0);
    let connections: Vec<Node> = children(junction, "connection").collect();
    assert_eq!(connections.len(), built.connections.len());
    let first_connecting = i64::from(net.piece_ids().last().unwrap().0) + 1;
    for (k, (node, c)) in connections.iter().zip(&built.connections).enumerate() {
        let incoming = i64::from(net.pieces_of(mouths[c.from])[0].0);
        let outgoing = i64::from(net.pieces_of(mouths[c.to])[0].0);
        let id = int(*node, "connectingRoad");
        assert_eq!(id, first_connecting + k as i64);
        assert_eq!(
            (int(*node, "incomingRoad"), node.attribute("contactPoint")),
            (incoming, Some("start"))
        );
        let road = children(root, "road")
            .find(|r| int(*r, "id") == id)
            .unwrap();
        assert_eq!(int(road, "junction"), 0);
        check_plan_view(road, &c.path);
        let pred = child(child(road, "link").unwrap(), "predecessor").unwrap();
        let succ = child(child(road, "link").unwrap(), "successor").unwrap();
        assert_eq!(
            (int(pred, "elementId"), pred.attribute("contactPoint")),
            (incoming, Some("end"))
        );
        assert_eq!(
            (int(succ, "elementId"), succ.attribute("contactPoint")),
            (outgoing, Some("end"))
        );
        // Lane ids: four lanes left of the reference line (ids 4..1 for lanes 0..3),
        // the rest right (-1, -2, ... for lanes 4, 5, ...).
        let id_of = |lane: usize| {
            if lane < 4 {
                4 - lane as i64
            } else {
                -(lane as i64 - 3)
            }
        };
        let ll = child(*node, "laneLink").unwrap();
        assert_eq!((int(ll, "from"), int(ll, "to")), (id_of(c.from_lane), -1));
        let lane = road
            .descendants()
            .find(|n| n.has_tag_name("lane") && int(*n, "id") == -1)
            .unwrap();
        let lk = child(lane, "link").unwrap();
        assert_eq!(
            int(child(lk, "predecessor").unwrap(), "id"),
            id_of(c.from_lane)
        );
        assert_eq!(int(child(lk, "successor").unwrap(), "id"), id_of(c.to_lane));
        // Centred on the path: a lane offset of half the (constant) width.
        let offset = child(child(road, "lanes").unwrap(), "laneOffset").unwrap();
        assert!((attr(offset, "a") - 1.75).abs() < TOL && attr(offset, "b").abs() < TOL);
        assert!((attr(child(lane, "width").unwrap(), "a") - 3.5).abs() < TOL);
    }
}

#[test]
fn an_empty_network_is_a_header_alone_and_broken_pieces_are_left_out() {
    let doc_of = |net: &RoadNetwork| net.to_open_drive().xml;
    let empty = doc_of(&RoadNetwork::new());
    let doc = Document::parse(&empty).unwrap();
    assert_eq!(
        doc.root_element()
            .children()
            .filter(|n| n.is_element())
            .count(),
        1
    );
    let mut net = RoadNetwork::new();
    let l = lanes();
    let a = net
        .add_profile(Profile {
            x: 0.0,
            y: 0.0,
            heading: 0.0,
            lanes: l.clone(),
        })
        .unwrap();
    let b = net
        .add_profile(Profile {
            x: 10.0,
            y: 0.0,
            heading: PI,
            lanes: l,
        })
        .unwrap();
    net.connect(a, b).unwrap(); // head-on: no piece
    assert!(!doc_of(&net).contains("<road "));
}
