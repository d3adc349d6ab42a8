// The road API loaded in Node exactly as tutorial authors load it: published
// shapes, hand-computed geometry, the half-plane rule, and bad input throwing
// an Error that names the argument (never a trap), with the module alive after.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { nearWithin } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

const lanes = [
  { kind: "driving", width: 3 },
  { kind: "driving", width: 3 },
];
const prof = (x, y, heading, l = lanes) => ({ x, y, heading, lanes: l });
const near = nearWithin(1e-9);

function checkPath(p) {
  assert.ok(Array.isArray(p.segments) && p.segments.length > 0);
  assert.equal(typeof p.word, "string");
  assert.equal(p.word.length, p.segments.length);
  let total = 0;
  for (const s of p.segments) {
    if (s.kind === "line") {
      assert.deepEqual(Object.keys(s).sort(), ["end", "kind", "length", "start"]);
    } else {
      assert.equal(s.kind, "arc");
      assert.deepEqual(Object.keys(s).sort(), ["center", "kind", "length", "radius", "startAngle", "sweep"]);
      assert.ok(s.radius > 0);
    }
    assert.ok(Number.isFinite(s.length));
    total += s.length;
  }
  near(p.length, total, 1e-9 * Math.max(1, total));
}

function checkPiece(piece, nLanes) {
  assert.deepEqual(Object.keys(piece).sort(), ["boundaries", "centerline", "intermediate", "kind"]);
  assert.ok(["straight", "arc-line", "line-arc", "s-curve", "u-turn"].includes(piece.kind));
  checkPath(piece.centerline);
  assert.equal(piece.boundaries.length, nLanes + 1);
  piece.boundaries.forEach(checkPath);
}

test("connectProfiles: east to north at (10, 10) is one quarter circle about (0, 10)", () => {
  const piece = A.connectProfiles(prof(0, 0, 0), prof(10, 10, Math.PI / 2));
  checkPiece(piece, 2);
  assert.equal(piece.kind, "arc-line");
  assert.equal(piece.centerline.word, "L");
  const arc = piece.centerline.segments[0];
  near(arc.center.x, 0);
  near(arc.center.y, 10);
  near(arc.radius, 10);
  near(arc.sweep, Math.PI / 2);
  assert.deepEqual(piece.intermediate, []);
  // Lane edges: radii 7, 10, 13 about the same centre.
  [7, 10, 13].forEach((r, i) => near(piece.boundaries[i].segments[0].radius, r));
});

test("connectProfiles: with b at (10, 20) the quarter circle is followed by a line", () => {
  const piece = A.connectProfiles(prof(0, 0, 0), prof(10, 20, Math.PI / 2));
  assert.equal(piece.kind, "arc-line");
  assert.equal(piece.centerline.word, "LS");
  const line = piece.centerline.segments[1];
  near(line.start.x, 10);
  near(line.start.y, 10);
  near(line.end.x, 10);
  near(line.end.y, 20);
});

test("connectProfiles: line-arc, straight, s-curve with its intermediate profile, u-turn", () => {
  assert.equal(A.connectProfiles(prof(0, 0, 0), prof(20, 10, Math.PI / 2)).kind, "line-arc");
  assert.equal(A.connectProfiles(prof(0, 0, 0), prof(10, 0, 0)).kind, "straight");
  const s = A.connectProfiles(prof(0, 0, 0), prof(40, 4, 0));
  assert.equal(s.kind, "s-curve");
  assert.equal(s.intermediate.length, 1);
  near(s.intermediate[0].x, 20);
  near(s.intermediate[0].y, 2);
  assert.deepEqual(s.intermediate[0].lanes, lanes);
  const u = A.connectProfiles(prof(0, 0, 0), prof(-5, 20, Math.PI));
  assert.equal(u.kind, "u-turn");
  assert.equal(u.centerline.word, "LS");
});

test("constrainProfile: behind turns to source + π and gives a u-turn; in front comes back unchanged", () => {
  const source = prof(0, 0, 0.3);
  const next = prof(-10, 30, 2);
  const turned = A.constrainProfile(source, next);
  assert.deepEqual(turned, { ...next, heading: 0.3 + Math.PI });
  assert.equal(A.connectProfiles(source, turned).kind, "u-turn");
  const front = prof(10, 3, 2);
  assert.deepEqual(A.constrainProfile(source, front), front);
});

test("lane direction is optional, defaults to forward and survives a round trip", () => {
  const l = [
    { kind: "driving", width: 3, direction: "backward" },
    { kind: "driving", width: 3 },
  ];
  const out = A.constrainProfile(prof(0, 0, 0, l), prof(5, 0, 0, l));
  assert.deepEqual(out.lanes, l);
});

test("unsolvable pairs throw an Error that names b and says why", () => {
  assert.throws(() => A.connectProfiles(prof(0, 0, 0), prof(10, 0, Math.PI)), (e) => e instanceof Error && /^b: .*head-on/.test(e.message));
  const wide = [{ kind: "driving", width: 5 }, { kind: "driving", width: 5 }, { kind: "driving", width: 5 }, { kind: "driving", width: 5 }];
  assert.throws(() => A.connectProfiles(prof(0, 0, 0, wide), prof(10, 10, Math.PI / 2, wide)), /^Error: b: lanes wider than the turn/);
});

const bad = [
  ["a missing", () => A.connectProfiles(undefined, prof(0, 0, 0)), /^a: /],
  ["b null", () => A.connectProfiles(prof(0, 0, 0), null), /^b: /],
  ["NaN x", () => A.connectProfiles(prof(NaN, 0, 0), prof(10, 0, 0)), /^a\.x: /],
  ["Infinity heading", () => A.connectProfiles(prof(0, 0, 0), prof(10, 0, Infinity)), /^b\.heading: /],
  ["string y", () => A.connectProfiles(prof(0, "1", 0), prof(10, 0, 0)), /^a\.y: must be a number$/],
  ["missing lanes", () => A.connectProfiles({ x: 0, y: 0, heading: 0 }, prof(10, 0, 0)), /^a\.lanes: is missing$/],
  ["empty lanes", () => A.connectProfiles(prof(0, 0, 0, []), prof(10, 0, 0, [])), /^a\.lanes: must not be empty/],
  ["zero width", () => A.connectProfiles(prof(0, 0, 0), prof(10, 0, 0, [{ kind: "driving", width: 0 }, lanes[1]])), /^b\.lanes\[0\]\.width: /],
  ["negative width", () => A.connectProfiles(prof(0, 0, 0, [{ kind: "bike", width: -1 }]), prof(10, 0, 0)), /^a\.lanes\[0\]\.width: /],
  ["NaN width", () => A.connectProfiles(prof(0, 0, 0, [{ kind: "bike", width: NaN }]), prof(10, 0, 0)), /^a\.lanes\[0\]\.width: /],
  ["unknown kind", () => A.connectProfiles(prof(0, 0, 0, [{ kind: "car", width: 3 }]), prof(10, 0, 0)), /^a\.lanes\[0\]\.kind: unknown kind "car"/],
  ["unknown direction", () => A.connectProfiles(prof(0, 0, 0, [{ kind: "bike", width: 3, direction: "up" }]), prof(10, 0, 0)), /^a\.lanes\[0\]\.direction: unknown kind "up"/],
  ["different lanes", () => A.connectProfiles(prof(0, 0, 0), prof(10, 0, 0, [lanes[0]])), /^b\.lanes: must be the same lanes as a\.lanes/],
  ["different kinds", () => A.connectProfiles(prof(0, 0, 0), prof(10, 0, 0, [lanes[0], { kind: "bike", width: 3 }])), /^b\.lanes: /],
  ["constrain NaN", () => A.constrainProfile(prof(0, 0, NaN), prof(1, 1, 1)), /^source\.heading: /],
  ["constrain string", () => A.constrainProfile(prof(0, 0, 0), "next"), /^next: /],
  ["construction empty", () => A.roadConstruction(prof(0, 0, 0), prof(1, 0, 0, [])), /^b\.lanes: /],
  ["bezier lanes differ", () => A.bezierOffsets(prof(0, 0, 0), prof(1, 0, 0, [lanes[0]])), /^b\.lanes: /],
  ["markings NaN", () => A.roadMarkings(prof(0, 0, 0), prof(NaN, 0, 0)), /^b\.x: /],
  ["chain not an array", () => A.roadChain(5), /^profiles: /],
  ["chain bad profile", () => A.roadChain([prof(0, 0, 0), prof(1, 0, 0, [])]), /^profiles\[1\]\.lanes: /],
  ["beyond the largest coordinate", () => A.connectProfiles(prof(1e200, 0, 0), prof(10, 0, 0)), /^a\.x: must be at most 1e150 in magnitude$/],
  ["lanes adding up past the limit", () => A.constrainProfile(prof(0, 0, 0), prof(10, 0, 0, [{ kind: "bike", width: 1e150 }, { kind: "bike", width: 1e150 }])), /^next\.lanes: must add up to at most 1e150$/],
  ["lane widths differ", () => A.connectProfiles(prof(0, 0, 0), prof(10, 0, 0, [lanes[0], { kind: "driving", width: 3.5 }])), /^b\.lanes: must be the same lanes as a\.lanes \(kinds, widths and directions\): lane 1 is 3\.5 wide against 3$/],
];

for (const [name, fn, re] of bad) {
  test(`bad input throws a named Error: ${name}`, () => {
    assert.throws(fn, (e) => {
      assert.ok(e instanceof Error, "an Error");
      assert.doesNotMatch(e.message, /unreachable/);
      assert.match(e.message, re);
      return true;
    });
  });
}

test("the module still works after all those errors", () => {
  assert.equal(A.connectProfiles(prof(0, 0, 0), prof(10, 10, Math.PI / 2)).kind, "arc-line");
});

test("roadConstruction: C, M, O of the fillet, the Hermite spline and intermediate of an s-curve", () => {
  const c = A.roadConstruction(prof(0, 0, 0), prof(20, 10, Math.PI / 2));
  assert.equal(c.kind, "line-arc");
  assert.equal(c.error, null);
  assert.equal(c.fillets.length, 1);
  const f = c.fillets[0];
  near(f.c.x, 20);
  near(f.c.y, 0);
  near(f.m.x, 10);
  near(f.m.y, 0);
  near(f.o.x, 10);
  near(f.o.y, 10);
  near(f.radius, 10);
  near(c.continuation[0].end.x, 20);
  assert.equal(c.hermite.length, 0);
  const s = A.roadConstruction(prof(0, 0, 0), prof(40, 4, 0));
  assert.equal(s.kind, "s-curve");
  assert.equal(s.fillets.length, 2);
  assert.equal(s.hermite.length, 65);
  near(s.hermite[32].x, 20);
  near(s.hermite[32].y, 2);
  near(s.intermediate.x, 20);
  assert.equal(s.tangentScale, 1.5);
  const bad = A.roadConstruction(prof(0, 0, 0), prof(10, 0, Math.PI));
  assert.equal(bad.kind, null);
  assert.match(bad.error, /^b: .*head-on/);
});

test("bezierOffsets pinches at a sharp turn", () => {
  const wide = Array(4).fill({ kind: "driving", width: 3.5 });
  const o = A.bezierOffsets(prof(0, 0, 0, wide), prof(8, 8, Math.PI / 2 + 0.8, wide));
  assert.equal(o.pinched, true);
  assert.equal(o.edges.length, 5);
  assert.equal(o.centerline.length, 97);
  assert.deepEqual(o.centerline[0], { x: 0, y: 0 });
});

test("roadMarkings: lane areas and markings by lane kind", () => {
  const l = [
    { kind: "sidewalk", width: 2 },
    { kind: "driving", width: 3, direction: "backward" },
    { kind: "driving", width: 3 },
    { kind: "driving", width: 3 },
    { kind: "sidewalk", width: 2 },
  ];
  const m = A.roadMarkings(prof(0, 0, 0, l), prof(60, 60, Math.PI / 2, l));
  checkPiece(m.piece, 5);
  assert.equal(m.lanes.length, 5);
  assert.deepEqual(m.lanes.map((x) => x.kind), l.map((x) => x.kind));
  assert.equal(m.lanes[1].direction, "backward");
  assert.deepEqual(
    m.markings.map((x) => [x.edge, x.style]),
    [[1, "kerb"], [2, "double"], [3, "dashed"], [4, "kerb"]],
  );
  const dashed = m.markings.find((x) => x.style === "dashed");
  assert.deepEqual(dashed.dash, [3, 6]);
  assert.equal(m.markings.find((x) => x.style === "double").paths.length, 2);
});

test("profileEdges: the lane edge points, left to right", () => {
  const e = A.profileEdges(prof(1, 2, Math.PI / 2));
  // Facing north, left is west: x = 1 - 3, 1, 1 + 3.
  assert.equal(e.length, 3);
  [-2, 1, 4].forEach((x, i) => {
    near(e[i].x, x);
    near(e[i].y, 2);
  });
  assert.throws(() => A.profileEdges(prof(0, 0, 0, [])), /^Error: profile\.lanes: /);
});

test("roadChain gives one entry per pair, errors in place", () => {
  const out = A.roadChain([prof(0, 0, 0), prof(30, 30, Math.PI / 2), prof(30, 10, Math.PI / 2)]);
  assert.equal(out.length, 2);
  assert.equal(out[0].piece.kind, "arc-line");
  assert.equal(out[0].error, null);
  assert.equal(out[1].piece, null);
  assert.match(out[1].error, /^profiles\[2\]: /);
});

test("RoadNetwork: ids, rebuilding only touching pieces, JSON round trip, bad ids", () => {
  const net = new A.RoadNetwork();
  try {
    const a = net.addProfile(prof(0, 0, 0));
    const b = net.addProfile(prof(30, 30, Math.PI / 2));
    const c = net.addProfile(prof(30, 60, Math.PI / 2));
    const p0 = net.connect(a, b);
    const p1 = net.connect(b, c);
    assert.deepEqual([a, b, c, p0, p1], [0, 1, 2, 0, 1]);
    assert.deepEqual(Array.from(net.setProfile(c, prof(30, 80, Math.PI / 2))), [p1]);
    assert.deepEqual(Array.from(net.setProfile(b, prof(40, 30, Math.PI / 2))), [p0, p1]);
    assert.equal(net.piece(p0).piece.kind, "line-arc");
    const json = net.toJSON();
    const back = A.RoadNetwork.fromJSON(json);
    try {
      assert.deepEqual(back.pieces(), net.pieces());
      assert.equal(back.toJSON(), json);
    } finally {
      back.free();
    }
    assert.equal(net.markings(p1).piece.kind, "s-curve"); // b moved to x = 40, c is at x = 30
    for (const [fn, re] of [
      [() => net.profile(99), /^id: no profile with id 99$/],
      [() => net.piece(-1), /^id: /],
      [() => net.connect(a, 7), /^b: no profile with id 7$/],
      [() => net.setProfile(NaN, prof(0, 0, 0)), /^id: /],
      [() => net.removeProfile("0"), /^id: must be a number/],
      [() => net.piece(null), /^id: is missing/],
      [() => net.disconnect(true), /^piece: must be a number/],
      [() => net.setProfile(a, prof(0, 0, 0, [])), /^profile\.lanes: /],
      [() => net.addProfile({}), /^profile\.x: is missing$/],
      [() => A.RoadNetwork.fromJSON("{"), /^json: /],
    ]) {
      assert.throws(fn, (e) => e instanceof Error && re.test(e.message) && !/unreachable/.test(e.message));
    }
    assert.deepEqual(Array.from(net.removeProfile(b)), [p0, p1]);
    assert.deepEqual(net.pieces(), []);
  } finally {
    net.free();
  }
});

test("RoadNetwork methods survive bad values and use after free without trapping", () => {
  const BAD = [NaN, Infinity, -1, 1.5, 2 ** 40, "0", null, undefined, {}, [], true, 10n];
  const net = new A.RoadNetwork();
  const a = net.addProfile(prof(0, 0, 0));
  const b = net.addProfile(prof(30, 30, Math.PI / 2));
  net.connect(a, b);
  const methods = Object.getOwnPropertyNames(A.RoadNetwork.prototype).filter(
    (m) => m !== "constructor" && m !== "free" && !m.startsWith("__") && typeof A.RoadNetwork.prototype[m] === "function",
  );
  assert.ok(methods.length >= 10, methods.join(","));
  let calls = 0;
  for (const m of methods) {
    for (const v of BAD) {
      // A valid first argument only where the second one is checked too.
      const lists = [[v], [v, v], [v, prof(0, 0, 0)]];
      if (m === "setProfile" || m === "connect") lists.push([a, v]);
      for (const args of lists) {
        calls++;
        try {
          net[m](...args);
        } catch (e) {
          assert.ok(e instanceof Error && !(e instanceof WebAssembly.RuntimeError), `${m}(${String(v)}): ${e}`);
          assert.ok(e.message.length > 0);
        }
      }
    }
  }
  // Nothing changed: bad ids are rejected, never coerced ("0", null, true).
  assert.deepEqual(Array.from(net.profileIds()), [a, b]);
  assert.equal(net.pieces().length, 1);
  assert.equal(net.pieces()[0].piece.kind, "arc-line");
  assert.equal(A.connectProfiles(prof(0, 0, 0), prof(10, 10, Math.PI / 2)).kind, "arc-line");
  net.free();
  for (const m of methods) {
    calls++;
    assert.throws(() => net[m](a, prof(0, 0, 0)), (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError));
  }
  assert.ok(calls > 400);
});

test("RoadNetwork.fromJSON: ids kept as they are (however large), out of order or repeated refused by name", () => {
  const p = (id, x) => ({ id, x, y: 0, heading: 0, lanes });
  const big = 2 ** 24;
  const net = A.RoadNetwork.fromJSON(JSON.stringify({ version: 1, profiles: [p(7, 0), p(big, 30)], pieces: [{ id: big, a: 7, b: big }] }));
  try {
    assert.deepEqual(Array.from(net.profileIds()), [7, big]);
    assert.equal(net.piece(big).piece.kind, "straight");
    assert.throws(() => net.addProfile(prof(0, 0, 0)), (e) => e.message === "profile: every id has been used");
    assert.throws(() => net.connect(7, big), (e) => e.message === "a: every id has been used");
  } finally {
    net.free();
  }
  for (const [file, re] of [
    [{ version: 1, profiles: [p(3, 0), p(2, 1)], pieces: [] }, /^json\.profiles\[1\]\.id: must be greater than the one before it$/],
    [{ version: 1, profiles: [p(3, 0), p(3, 1)], pieces: [] }, /^json\.profiles\[1\]\.id: must be greater than the one before it$/],
    [{ version: 1, profiles: [p(big + 1, 0)], pieces: [] }, /^json\.profiles\[0\]\.id: must be at most 16777216 in magnitude$/],
    [{ version: 1, profiles: [p(0, 0)], pieces: [{ id: 0, a: 0, b: 5 }] }, /^json\.pieces\[0\]\.b: no profile with id 5$/],
    [{ version: 3, profiles: [], pieces: [] }, /^json\.version: unsupported version/],
    [{ version: 1, profiles: [{ ...p(0, 0), x: "0" }], pieces: [] }, /^json\.profiles\[0\]\.x: must be a number$/],
    [{ version: 1, profiles: [p(0, 1e300)], pieces: [] }, /^json\.profiles\[0\]\.x: must be at most 1e150 in magnitude$/],
  ]) {
    assert.throws(() => A.RoadNetwork.fromJSON(JSON.stringify(file)), (e) => e instanceof Error && re.test(e.message));
  }
});

test("RoadNetwork.toJSON: the documented file format, key for key (forward lanes omit direction)", () => {
  const net = new A.RoadNetwork();
  try {
    const two = [
      { kind: "driving", width: 3.5, direction: "backward" },
      { kind: "driving", width: 3.25 },
    ];
    net.addProfile(prof(0, 0, 0, two));
    net.addProfile(prof(40, 0.5, 0, two));
    net.connect(0, 1);
    const lanesJson = '[{"kind":"driving","width":3.5,"direction":"backward"},{"kind":"driving","width":3.25}]';
    assert.equal(
      net.toJSON(),
      '{"version":1,"nextProfileId":2,"nextPieceId":1,"profiles":[' +
        `{"id":0,"x":0,"y":0,"heading":0,"lanes":${lanesJson}},` +
        `{"id":1,"x":40,"y":0.5,"heading":0,"lanes":${lanesJson}}],` +
        '"pieces":[{"id":0,"a":0,"b":1}]}',
    );
  } finally {
    net.free();
  }
});
