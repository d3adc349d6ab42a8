// Junctions through the published JS API, loaded in Node as tutorial
// authors load it: a symmetric crossroads of two-lane roads computed by
// hand (kerb radius, right, straight and left turns), options, the
// dragged-arm rule, networks with junctions (rebuilt, saved, loaded,
// exported as OpenDRIVE), and bad input throwing an Error that names the
// argument (never a trap), with the module alive after.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { nearWithin } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

const near = nearWithin(1e-9);
/** `call` throws an Error whose message matches `message`. */
const throwsMessage = (call, message) => assert.throws(call, (e) => e instanceof Error && message.test(e.message), String(call));
const twoLanes = [
  { kind: "driving", width: 3.5, direction: "backward" },
  { kind: "driving", width: 3.5 },
];
/** An arm coming from direction `out`, its mouth `d` from the origin, heading in. */
const arm = (out, d, lanes = twoLanes) => ({ x: d * Math.cos(out), y: d * Math.sin(out), heading: out + Math.PI, lanes });
const crossroads = (d, lanes = twoLanes) => [0, 1, 2, 3].map((k) => arm((k * Math.PI) / 2, d, lanes));

test("connectJunction: a crossroads of two-lane roads 12 out, worked out by hand", () => {
  const j = A.connectJunction(crossroads(12));
  assert.deepEqual(Object.keys(j).sort(), ["arms", "boundary", "carriageway", "connections", "corners", "kerbs", "order"]);
  assert.deepEqual(j.order, [0, 1, 2, 3]);
  assert.equal(j.arms.length, 4);
  // Kerb from arm 0's right edge (12, 3.5) to arm 1's left edge (3.5, 12):
  // the edges meet at (3.5, 3.5), both legs 8.5: a quarter circle of
  // radius 8.5 about (12, 12), turning right.
  const [kerb] = j.corners[0].segments;
  assert.equal(j.corners[0].segments.length, 1);
  assert.equal(kerb.kind, "arc");
  near(kerb.center.x, 12);
  near(kerb.center.y, 12);
  near(kerb.radius, 8.5);
  near(kerb.sweep, -Math.PI / 2);
  assert.equal(j.boundary.word, "SRSRSRSR");
  // 3 movements x 4 arms, one lane each way.
  assert.equal(j.connections.length, 12);
  const from0 = j.connections.filter((c) => c.from === 0);
  assert.deepEqual(
    from0.map((c) => [c.to, c.kind, c.fromLane, c.toLane]),
    [
      [1, "right", 1, 0],
      [2, "straight", 1, 0],
      [3, "left", 1, 0],
    ],
  );
  assert.deepEqual(Object.keys(from0[0]).sort(), ["from", "fromLane", "kind", "path", "to", "toLane"]);
  // Right turn: lane centres (12, 1.75) west and (1.75, 12) north; legs 10.25.
  const [r] = from0[0].path.segments;
  near(r.radius, 10.25);
  near(r.center.x, 12);
  near(r.center.y, 12);
  // Straight across: one line 24 long.
  assert.equal(from0[1].path.word, "S");
  near(from0[1].path.length, 24);
  // Left turn to (-1.75, -12) south: legs 13.75, centre (12, -12).
  const [l] = from0[2].path.segments;
  near(l.radius, 13.75);
  near(l.center.y, -12);
  near(l.sweep, Math.PI / 2);
});

test("connectJunction: too close for the minimum turning radius, and the options", () => {
  // 6 out: kerb radius 2.5, right turn 2.5 + 1.75 = 4.25 < 5.
  throwsMessage(
    () => A.connectJunction(crossroads(6)),
    /^arms\[0\]\.lanes\[1\]: the path to arms\[1\]\.lanes\[0\] turns on a radius of 4\.25, below the minimum turning radius 5/,
  );
  const j = A.connectJunction(crossroads(6), { minTurnRadius: 4 });
  near(j.connections[0].path.segments[0].radius, 4.25);
  const u = A.connectJunction(crossroads(20), { uTurns: true });
  const back = u.connections.filter((c) => c.kind === "u-turn");
  assert.equal(back.length, 4);
  // Lane centres 3.5 apart, radius 5: the light bulb, three arcs of radius 5.
  assert.equal(back[0].path.word, "RLR");
  for (const s of back[0].path.segments) near(s.radius, 5);
  assert.equal(A.connectJunction(crossroads(20)).connections.filter((c) => c.kind === "u-turn").length, 0);
});

test("connectJunction: bad input throws an Error naming the argument", () => {
  const ok = crossroads(12);
  const cases = [
    [() => A.connectJunction(), /^arms: is missing$/],
    [() => A.connectJunction(ok.slice(0, 2)), /^arms: must hold at least 3 items \(got 2\)$/],
    [() => A.connectJunction([...ok, ...ok]), /^arms: must hold at most 6 items \(got 8\)$/],
    [() => A.connectJunction([ok[0], ok[1], { ...ok[2], x: "1" }]), /^arms\[2\]\.x: must be a number$/],
    [() => A.connectJunction([ok[0], ok[1], { ...ok[2], lanes: [{ kind: "driving", width: 0 }] }]), /^arms\[2\]\.lanes\[0\]\.width: must be greater than zero$/],
    [() => A.connectJunction([ok[0], ok[1], arm(Math.PI / 2, 30)]), /^arms\[2\]: heads the same way as arms\[1\]/],
    [() => A.connectJunction(ok, { minTurnRadius: -1 }), /^options\.minTurnRadius: must be greater than zero$/],
    [() => A.connectJunction(ok, { uTurns: "yes" }), /^options\.uTurns: must be true or false$/],
    [() => A.connectJunction(ok, 5), /^options: must be an object$/],
  ];
  for (const [call, message] of cases) throwsMessage(call, message);
  assert.equal(A.connectJunction(ok).connections.length, 12, "the module lives on");
});

test("constrainArm: a dragged arm stops where the junction still builds", () => {
  const arms = crossroads(12);
  // Pulled in to 0.5: the right turns into and out of arm 0 have radius d - 1.75, so it stops at 6.75.
  const stopped = A.constrainArm(arms, 0, arm(0, 0.5));
  near(stopped.x, 6.75, 1e-5);
  near(stopped.y, 0, 1e-12);
  // Farther out is kept as it is.
  assert.deepEqual(A.constrainArm(arms, 0, arm(0, 20)), arm(0, 20));
  throwsMessage(() => A.constrainArm(arms, 4, arms[0]), /^index: must be from 0 to 3$/);
  throwsMessage(() => A.constrainArm(arms, 1.5, arms[0]), /^index: must be a whole number/);
  // The dragged arm's own placement is an argument too, though `arm` replaces it.
  const bad = arms.map((a, k) => (k === 1 ? { ...a, x: NaN } : a));
  throwsMessage(() => A.constrainArm(bad, 1, { ...arms[1], y: 2 }), /^arms\[1\]\.x: must be a finite number$/);
  // advanceProfile: 10 behind arm 0's mouth (it heads west): (22, 0).
  const behind = A.advanceProfile(arms[0], -10);
  near(behind.x, 22);
  near(behind.y, 0, 1e-12);
  throwsMessage(() => A.advanceProfile(arms[0], 1e300), /^distance: must be at most 1e150 in magnitude$/);
});

test("RoadNetwork junctions: added, rebuilt when an arm moves, saved, loaded, removed", () => {
  const net = new A.RoadNetwork();
  try {
    const ids = crossroads(12).map((p) => net.addProfile(p));
    const j = net.addJunction(ids);
    assert.equal(j, 0);
    assert.equal(net.junction(j).connections.length, 12);
    assert.equal(net.junctionOf(ids[2]), j);
    const free = [0, 1, 2].map((k) => net.addProfile(arm(k * 2, 40)));
    throwsMessage(() => net.addJunction([free[0], free[1], free[0]]), /^profileIds\[2\]: repeats item 0$/);
    throwsMessage(() => net.addJunction([free[0], free[1], ids[3]]), /^profileIds\[2\]: is already used by junction 0$/);
    throwsMessage(() => net.addJunction(ids.slice(0, 1)), /^profileIds: must hold at least 3 items \(got 1\)$/);
    throwsMessage(() => net.addJunction([free[0], free[1], 99]), /^profileIds\[2\]: no profile with id 99$/);
    throwsMessage(() => net.addJunction([free[0], free[1], -1]), /^profileIds\[2\]: must be a whole number/);
    // An arm moved in too far: the junction holds the error; moved back, it builds.
    assert.deepEqual(Array.from(net.setProfile(ids[0], arm(0, 6))), []);
    throwsMessage(() => net.junction(j), /^id: junction 0 has no layout \(arms\[0\]\.lanes\[1\]: the path to/);
    net.setProfile(ids[0], arm(0, 12));
    assert.equal(net.junction(j).connections.length, 12);
    // Saved as version 2 with its junctions, loaded back the same.
    const json = net.toJSON();
    const file = JSON.parse(json);
    assert.equal(file.version, 2);
    assert.deepEqual(file.junctions, [{ id: 0, arms: ids }]);
    const back = A.RoadNetwork.fromJSON(json);
    try {
      assert.equal(back.toJSON(), json);
      assert.equal(back.junction(0).connections.length, 12);
    } finally {
      back.free();
    }
    // A file from before junctions (version 1) still loads.
    const old = A.RoadNetwork.fromJSON(JSON.stringify({ version: 1, profiles: [{ id: 0, ...arm(0, 12) }], pieces: [] }));
    assert.deepEqual(Array.from(old.profileIds()), [0]);
    assert.equal(JSON.parse(old.toJSON()).version, 1);
    old.free();
    throwsMessage(
      () => A.RoadNetwork.fromJSON(JSON.stringify({ ...file, junctions: [{ id: 0, arms: [0, 1, 77] }] })),
      /^json\.junctions\[0\]\.arms\[2\]: no profile with id 77$/,
    );
    net.removeJunction(j);
    assert.equal(net.junctionOf(ids[0]), null);
    throwsMessage(() => net.junction(j), /^id: no junction with id 0$/);
  } finally {
    net.free();
  }
});

test("toOpenDrive: one road per piece, one connecting road per connection, integer ids", () => {
  const net = new A.RoadNetwork();
  try {
    const mouths = crossroads(12).map((p) => net.addProfile(p));
    const starts = crossroads(12).map((p) => net.addProfile(A.advanceProfile(p, -30)));
    starts.forEach((s, k) => net.connect(s, mouths[k]));
    net.addJunction(mouths);
    const xodr = net.toOpenDrive();
    assert.match(xodr, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<OpenDRIVE>\n {2}<header revMajor="1" revMinor="8"/);
    const roads = [...xodr.matchAll(/<road id="(\d+)" junction="(-?\d+)"/g)];
    assert.equal(roads.length, 4 + 12);
    assert.deepEqual(roads.filter((r) => r[2] === "0").map((r) => r[1]), Array.from({ length: 12 }, (_, k) => String(4 + k)));
    assert.equal([...xodr.matchAll(/<connection /g)].length, 12);
    // The approach roads are straight lines 30 long ending at the junction.
    assert.equal([...xodr.matchAll(/<line\/>/g)].length, 4 + 4);
    assert.equal([...xodr.matchAll(/<successor elementType="junction" elementId="0"\/>/g)].length, 4);
    // Right turns of radius 10.25 (curvature -1/10.25), left turns of 13.75.
    assert.equal([...xodr.matchAll(/<arc curvature="-0\.09756097560975\d*"\/>/g)].length, 4);
    assert.equal([...xodr.matchAll(/<arc curvature="0\.0727272727272727\d*"\/>/g)].length, 4);
    assert.deepEqual(net.openDriveOmissions(), [], "nothing left out");
  } finally {
    net.free();
  }
});

test("openDriveOmissions: what toOpenDrive leaves out, in words, for each piece, junction and movement", () => {
  const net = new A.RoadNetwork();
  try {
    // A junction whose arms have no roads: its 12 movements cannot be linked.
    const mouths = crossroads(12).map((p) => net.addProfile(p));
    net.addJunction(mouths);
    // A piece from a profile to itself: nothing to join.
    const lone = net.addProfile(A.advanceProfile(crossroads(12)[0], -60));
    net.connect(lone, lone);
    const left = net.openDriveOmissions();
    const xodr = net.toOpenDrive();
    assert.equal([...xodr.matchAll(/<connection /g)].length, 0);
    assert.equal(left.filter((m) => /^piece \d+ is not built: /.test(m)).length, 1, left.join("\n"));
    assert.equal(left.filter((m) => /movement/.test(m)).length, 12, left.join("\n"));
  } finally {
    net.free();
  }
});
