//! A [`RoadNetwork`] as OpenDRIVE 1.8 XML ([`RoadNetwork::to_open_drive`]).
//!
//! # Roads
//! One `<road>` per built piece, its id the piece's id: its `planView` is
//! exactly the piece's centreline (one `<line>` or `<arc>` record per
//! segment: start point, heading, length, an arc's curvature ±1/r), so the
//! road's reference line is the profiles' middle. One `laneSection` of
//! constant-width lanes: OpenDRIVE's lane reference line is the lane edge
//! between the profile's backward and forward traffic lanes (a
//! `laneOffset` moves it off the middle), so with right-hand traffic a
//! profile's forward lanes are the right lanes (ids -1, -2, ... outwards)
//! and its backward lanes the left ones (1, 2, ...). For profiles laid out
//! otherwise the reference line is the lane edge that leaves the fewest
//! traffic lanes (driving, bike) on the wrong side, of those the nearest
//! the middle, then the leftmost; a traffic lane still on the wrong side
//! is written `direction="reversed"`. Lane types: `driving`, `biking`,
//! `sidewalk`, `median`, `shoulder`, `parking`; road marks as the road
//! diagram marks the edges (`solid`, `broken`, yellow `solid solid`, `curb`).
//!
//! # Links
//! At a profile that two built pieces share, one ending there and one
//! starting there, each road links to the other (`contactPoint` `end` or
//! `start`) and every lane to the same lane of the other. A profile shared
//! by more pieces, or by two that both start or both end there, gets no
//! link (OpenDRIVE would need a junction there). A road ending or starting
//! at a junction's arm links to the junction.
//!
//! # Junctions
//! Each built junction is a `<junction>` with the junction's id. Each of
//! its connections whose two arms have a road (exactly one built piece
//! touching the arm, best one ending there) becomes a connecting road (ids
//! after the pieces'), `junction` set, its reference line exactly the
//! connection's path, with one driving lane (-1) centred on it by a
//! `laneOffset` of half its width; the width runs linearly from the
//! entering lane's to the leaving lane's (constant when they are equal),
//! so the lane's borders meet both lanes' borders. It links to the
//! incoming road and the outgoing road, its lane to their lanes, and a
//! `<connection>` (`contactPoint="start"`) with one `<laneLink>` joins it to
//! the incoming road.
//!
//! Ids are whole numbers throughout (tools that check linkage read only
//! those). A network without a built piece has no `<road>`, which the
//! schema requires: the file is still written.
//!
//! # What is left out
//! A piece or a junction that is not built (see
//! [`RoadNetwork::problems`]), and a junction movement one of whose arms
//! has no road, are not in the file; the export lists each with the reason
//! ([`OpenDrive::left_out`]), so none is dropped silently.

mod lanes;
mod plan_view;
mod report;
mod xml;

pub use report::{LeftOut, OpenDrive};

use crate::road::{Junction, JunctionId, NetworkPiece, PieceId, ProfileId, RoadNetwork};
use lanes::{lane_link, lane_offset, width, LaneLayout};
use plan_view::{plan_view, road_length};
use xml::{Value, Xml};

/// What one end of a road links to.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Link {
    /// Another road, touched at its start or end; lanes linked one to one.
    Road { id: PieceId, contact: &'static str },
    /// A junction.
    Junction(JunctionId),
}

/// Where a road touches a profile: its start (`"start"`) or its end.
fn contact(p: &NetworkPiece, at: ProfileId) -> &'static str {
    if p.b == at {
        "end"
    } else {
        "start"
    }
}

/// A `<predecessor>` or `<successor>` of a road.
fn road_link(x: &mut Xml, tag: &'static str, link: Link) {
    match link {
        Link::Road { id, contact } => x.empty(
            tag,
            &[
                ("elementType", Value::Text("road")),
                ("elementId", Value::Int(i64::from(id.0))),
                ("contactPoint", Value::Text(contact)),
            ],
        ),
        Link::Junction(j) => x.empty(
            tag,
            &[
                ("elementType", Value::Text("junction")),
                ("elementId", Value::Int(i64::from(j.0))),
            ],
        ),
    }
}

/// `<road ...>` opened with its `<link>` and `<planView>`.
fn start_road(
    x: &mut Xml,
    id: i64,
    junction: i64,
    path: &crate::geom::Path,
    links: [Option<Link>; 2],
) {
    x.start(
        "road",
        &[
            ("id", Value::Int(id)),
            ("junction", Value::Int(junction)),
            ("length", Value::Real(road_length(path))),
            ("rule", Value::Text("RHT")),
        ],
    );
    if links.iter().any(Option::is_some) {
        x.start("link", &[]);
        for (tag, link) in ["predecessor", "successor"].into_iter().zip(links) {
            if let Some(l) = link {
                road_link(x, tag, l);
            }
        }
        x.end();
    }
    plan_view(x, path);
}

/// A `<connection>` of a junction, written after the roads.
struct JunctionLink {
    incoming: PieceId,
    connecting: i64,
    from_lane: i64,
}

impl RoadNetwork {
    /// The built pieces touching profile `at`.
    fn built_at(&self, at: ProfileId) -> impl Iterator<Item = &NetworkPiece> {
        self.pieces_of(at)
            .iter()
            .filter_map(|&k| self.piece(k))
            .filter(|p| p.built.is_ok())
    }

    /// The built junction profile `at` is an arm of.
    fn built_junction_at(&self, at: ProfileId) -> Option<JunctionId> {
        let j = self.junction_of(at)?;
        self.junction(j)?.built.as_ref().ok().map(|_| j)
    }

    /// What piece `p`'s start (`at_start`) or end links to.
    fn link_of(&self, p: &NetworkPiece, at_start: bool) -> Option<Link> {
        let at = if at_start { p.a } else { p.b };
        if let Some(j) = self.built_junction_at(at) {
            return Some(Link::Junction(j));
        }
        let mut others = self.built_at(at).filter(|q| q.id != p.id);
        let q = others.next()?;
        if others.next().is_some() || q.a == q.b {
            return None;
        }
        // The other road must run on from this one: end where this starts,
        // or start where this ends.
        let fits = if at_start { q.b == at } else { q.a == at };
        fits.then_some(Link::Road {
            id: q.id,
            contact: contact(q, at),
        })
    }

    /// The road of a junction's arm: the one built piece touching it.
    fn arm_road(&self, arm: ProfileId) -> Option<&NetworkPiece> {
        let mut touching = self.built_at(arm);
        let first = touching.next()?;
        touching.next().is_none().then_some(first)
    }

    /// The network as OpenDRIVE 1.8 XML (see the [`opendrive`](crate::road::opendrive)
    /// module), with what it left out of the file and why (pieces and
    /// junctions that are not built, junction movements whose arms have
    /// no road).
    ///
    /// # Examples
    /// ```
    /// use arcline::road::{Lane, LaneKind, Profile, RoadNetwork};
    /// let lanes = vec![Lane::new(LaneKind::Driving, 3.5)];
    /// let mut net = RoadNetwork::new();
    /// let a = net.add_profile(Profile { x: 0.0, y: 0.0, heading: 0.0, lanes: lanes.clone() }).unwrap();
    /// let b = net.add_profile(Profile { x: 10.0, y: 10.0, heading: core::f64::consts::FRAC_PI_2, lanes }).unwrap();
    /// net.connect(a, b).unwrap();
    /// let export = net.to_open_drive();
    /// assert!(export.is_complete());
    /// let xodr = export.xml;
    /// assert!(xodr.contains(r#"<header revMajor="1" revMinor="8""#));
    /// // One quarter circle of radius 10, turning left: 5π long, curvature 1/10.
    /// assert!(xodr.contains(r#"hdg="0" length="15.70796326794897">"#));
    /// assert!(xodr.contains(r#"<arc curvature="0.1"/>"#));
    /// // One forward lane: on the right of the reference line, moved 1.75 left.
    /// assert!(xodr.contains(r#"<laneOffset s="0" a="1.75" b="0" c="0" d="0"/>"#));
    /// ```
    #[must_use]
    pub fn to_open_drive(&self) -> OpenDrive {
        let mut left_out = Vec::new();
        let mut x = Xml::new();
        x.start("OpenDRIVE", &[]);
        x.empty(
            "header",
            &[
                ("revMajor", Value::Int(1)),
                ("revMinor", Value::Int(8)),
                ("name", Value::Text("")),
                ("version", Value::Text("1")),
                ("vendor", Value::Text("Arcline")),
            ],
        );
        let mut next_road: i64 = 0;
        for p in self.pieces() {
            let (piece, profile) = match (&p.built, self.profile(p.a)) {
                (Ok(piece), Some(profile)) => (piece, profile),
                (Err(e), _) => {
                    left_out.push(LeftOut::Piece {
                        id: p.id,
                        error: e.clone(),
                    });
                    continue;
                }
                // A piece's profiles are live (removing one removes it).
                (Ok(_), None) => continue,
            };
            next_road = next_road.max(i64::from(p.id.0) + 1);
            let links = [self.link_of(p, true), self.link_of(p, false)];
            start_road(&mut x, i64::from(p.id.0), -1, &piece.centerline, links);
            let lanes_linked = |l: Option<Link>| matches!(l, Some(Link::Road { .. }));
            lanes::lanes(
                &mut x,
                profile,
                (lanes_linked(links[0]), lanes_linked(links[1])),
            );
            x.end();
        }
        let mut junctions: Vec<(JunctionId, Vec<JunctionLink>)> = Vec::new();
        for nj in self.junctions() {
            let j = match &nj.built {
                Ok(j) => j,
                Err(e) => {
                    left_out.push(LeftOut::Junction {
                        id: nj.id,
                        error: e.clone(),
                    });
                    continue;
                }
            };
            let links =
                self.connecting_roads(&mut x, (nj.id, &nj.arms, j), &mut next_road, &mut left_out);
            junctions.push((nj.id, links));
        }
        for (id, links) in junctions {
            x.start("junction", &[("id", Value::Int(i64::from(id.0)))]);
            for (k, l) in links.iter().enumerate() {
                x.start(
                    "connection",
                    &[
                        ("id", Value::Int(k as i64)),
                        ("incomingRoad", Value::Int(i64::from(l.incoming.0))),
                        ("connectingRoad", Value::Int(l.connecting)),
                        ("contactPoint", Value::Text("start")),
                    ],
                );
                x.empty(
                    "laneLink",
                    &[("from", Value::Int(l.from_lane)), ("to", Value::Int(-1))],
                );
                x.end();
            }
            x.end();
        }
        OpenDrive {
            xml: x.finish(),
            left_out,
        }
    }

    /// Writes the connecting roads of junction `id` (arms `arms`), ids from
    /// `next_road` on; returns the `<connection>`s to write, and adds the
    /// movements it cannot link to `left_out`.
    fn connecting_roads(
        &self,
        x: &mut Xml,
        (id, arms, j): (JunctionId, &[ProfileId], &Junction),
        next_road: &mut i64,
        left_out: &mut Vec<LeftOut>,
    ) -> Vec<JunctionLink> {
        let roads: Vec<Option<&NetworkPiece>> = arms.iter().map(|&a| self.arm_road(a)).collect();
        let layouts: Vec<LaneLayout> = j.arms.iter().map(LaneLayout::of).collect();
        let mut out = Vec::new();
        for (k, c) in j.connections.iter().enumerate() {
            let (Some(Some(from)), Some(Some(to))) = (roads.get(c.from), roads.get(c.to)) else {
                let arm = if matches!(roads.get(c.from), Some(Some(_))) {
                    c.to
                } else {
                    c.from
                };
                left_out.push(LeftOut::Movement {
                    junction: id,
                    connection: k,
                    from: c.from,
                    to: c.to,
                    arm,
                    roads: arms.get(arm).map_or(0, |&p| self.built_at(p).count()),
                });
                continue;
            };
            let (Some(&from_arm), Some(&to_arm)) = (arms.get(c.from), arms.get(c.to)) else {
                continue;
            };
            let road = *next_road;
            *next_road += 1;
            let links = [
                Some(Link::Road {
                    id: from.id,
                    contact: contact(from, from_arm),
                }),
                Some(Link::Road {
                    id: to.id,
                    contact: contact(to, to_arm),
                }),
            ];
            start_road(x, road, i64::from(id.0), &c.path, links);
            let w_in = j.arms[c.from].lanes[c.from_lane].width;
            let w_out = j.arms[c.to].lanes[c.to_lane].width;
            let length = road_length(&c.path);
            let slope = if length > 0.0 {
                (w_out - w_in) / length
            } else {
                0.0
            };
            let from_lane = layouts[c.from].id(c.from_lane);
            x.start("lanes", &[]);
            lane_offset(x, w_in / 2.0, slope / 2.0);
            x.start("laneSection", &[("s", Value::Int(0))]);
            x.start("center", &[]);
            x.empty(
                "lane",
                &[
                    ("id", Value::Int(0)),
                    ("type", Value::Text("none")),
                    ("level", Value::Text("false")),
                ],
            );
            x.end();
            x.start("right", &[]);
            x.start(
                "lane",
                &[
                    ("id", Value::Int(-1)),
                    ("type", Value::Text("driving")),
                    ("level", Value::Text("false")),
                ],
            );
            lane_link(x, Some(from_lane), Some(layouts[c.to].id(c.to_lane)));
            width(x, w_in, slope);
            x.end();
            x.end();
            x.end();
            x.end();
            x.end();
            out.push(JunctionLink {
                incoming: from.id,
                connecting: road,
                from_lane,
            });
        }
        out
    }
}
