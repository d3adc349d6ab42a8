// Clothoids through the published JS API: the segment kind "clothoid"
// (letter T), fitClothoid and its batch, and the operations that turn a
// clothoid into arcs (pathToSvg, offsetPath) within their stated
// tolerance. The reference points are integrated here, independently of
// the core's Fresnel integrals: composite Simpson on cos/sin of the
// heading, whose error at 4,000 panels is far below the tolerances checked.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { nearWithin } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

const { PI, cos, sin, hypot } = Math;

/** The point `s` along a clothoid, by Simpson's rule on its heading. */
function integrate(c, s, panels = 4000) {
  const k1 = c.length > 0 ? (c.curvatureEnd - c.curvatureStart) / c.length : 0;
  const theta = (u) => c.start.heading + c.curvatureStart * u + 0.5 * k1 * u * u;
  const h = s / panels;
  let x = 0;
  let y = 0;
  for (let i = 0; i <= panels; i++) {
    const w = i === 0 || i === panels ? 1 : i % 2 ? 4 : 2;
    x += w * cos(theta(i * h));
    y += w * sin(theta(i * h));
  }
  return { x: c.start.x + (x * h) / 3, y: c.start.y + (y * h) / 3, heading: theta(s) };
}

const clothoid = {
  kind: "clothoid",
  start: { x: 1, y: -2, heading: 0.3 },
  length: 12,
  curvatureStart: 0,
  curvatureEnd: 0.15,
};

test("a clothoid segment is a path: letter T, length, poses along it", () => {
  const path = { segments: [clothoid] };
  const near = nearWithin(1e-10);
  for (const s of [0, 3, 7.5, 12]) {
    const p = A.poseAt(path, s);
    const q = integrate(clothoid, s);
    near(p.x, q.x);
    near(p.y, q.y);
    near(p.heading, q.heading);
  }
  // A path result carries the word and the length.
  const fitted = A.fitClothoid(clothoid.start, A.poseAt(path, 12));
  assert.equal(fitted.word, "T");
  nearWithin(1e-9)(fitted.length, 12);
  assert.equal(fitted.segments[0].kind, "clothoid");
});

test("fitClothoid: a quarter circle, a straight line and the mirror case", () => {
  const near = nearWithin(1e-12);
  // On the circle of radius 10 about (0, 10): constant curvature 0.1.
  const arc = A.fitClothoid({ x: 0, y: 0, heading: 0 }, { x: 10, y: 10, heading: PI / 2 });
  const c = arc.segments[0];
  near(c.length, 5 * PI);
  near(c.curvatureStart, 0.1);
  near(c.curvatureEnd, 0.1);
  const line = A.fitClothoid({ x: 0, y: 0, heading: 0 }, { x: 3, y: 0, heading: 0 }).segments[0];
  assert.deepEqual([line.length, line.curvatureStart, line.curvatureEnd], [3, 0, 0]);
  // Mirrored in the x axis, the curvatures change sign.
  const left = A.fitClothoid({ x: 0, y: 0, heading: 0 }, { x: 8, y: 3, heading: 1 }).segments[0];
  const right = A.fitClothoid({ x: 0, y: 0, heading: 0 }, { x: 8, y: -3, heading: -1 }).segments[0];
  near(left.length, right.length);
  near(left.curvatureStart, -right.curvatureStart);
  near(left.curvatureEnd, -right.curvatureEnd);
  // And it ends where asked, by the independent integration.
  const end = integrate(left, left.length);
  nearWithin(1e-9)(end.x, 8);
  nearWithin(1e-9)(end.y, 3);
  nearWithin(1e-12)(end.heading, 1);
});

test("fitClothoids gives what fitClothoid gives, three numbers a query", () => {
  const poses = [
    [0, 0, 0, 10, 10, PI / 2],
    [1, 2, 0.4, 9, -3, -1.2],
    [0, 0, 0, 3, 0, 0],
  ];
  const out = A.fitClothoids(new Float64Array(poses.flat()));
  assert.ok(out instanceof Float64Array);
  assert.equal(out.length, 9);
  poses.forEach(([x0, y0, h0, x1, y1, h1], k) => {
    const c = A.fitClothoid({ x: x0, y: y0, heading: h0 }, { x: x1, y: y1, heading: h1 }).segments[0];
    assert.deepEqual([...out.subarray(3 * k, 3 * k + 3)], [c.length, c.curvatureStart, c.curvatureEnd]);
  });
});

test("pathToSvg draws a clothoid as arcs ending at its end", () => {
  const d = A.pathToSvg({ segments: [clothoid] });
  assert.match(d, /^M/);
  assert.doesNotMatch(d, /[^MLA0-9 .e+-]/);
  const numbers = d.split(/[MLA ]+/).filter(Boolean).map(Number);
  const [x, y] = numbers.slice(-2);
  const end = integrate(clothoid, clothoid.length);
  nearWithin(1e-9)(x, end.x);
  nearWithin(1e-9)(y, end.y);
  assert.ok((d.match(/A/g) ?? []).length >= 2, "more than one arc");
});

test("offsetPath of a clothoid: arcs within 1e-6 of its length of the exact offset", () => {
  const d = 1.5;
  const off = A.offsetPath({ segments: [clothoid] }, d);
  assert.ok(off.segments.every((s) => s.kind === "arc" || s.kind === "line"));
  // The exact offset point at s is the clothoid's point plus d times its left normal;
  // each one must be within the tolerance of the offset path (its nearest sample).
  const tol = 1e-6 * clothoid.length;
  const samples = [];
  for (let i = 0; i <= 4000; i++) samples.push(A.poseAt(off, (off.length * i) / 4000));
  let worst = 0;
  for (let i = 0; i <= 200; i++) {
    const q = integrate(clothoid, (clothoid.length * i) / 200, 2000);
    const p = { x: q.x - d * sin(q.heading), y: q.y + d * cos(q.heading) };
    let best = Infinity;
    for (const s of samples) best = Math.min(best, hypot(s.x - p.x, s.y - p.y));
    worst = Math.max(worst, best);
  }
  // The samples are 4e-3 apart: the nearest one is within half that along the
  // path, so the distance measured is at most tol + 2e-3.
  assert.ok(worst < tol + 2.2e-3, `worst ${worst}`);
  const ends = A.poseAt(off, off.length);
  const q = integrate(clothoid, clothoid.length);
  nearWithin(1e-6)(ends.x, q.x - d * sin(q.heading));
  nearWithin(1e-6)(ends.y, q.y + d * cos(q.heading));
});

test("bad clothoids and fits throw an Error naming the argument", () => {
  const throwsNaming = (fn, name) =>
    assert.throws(fn, (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError) && e.message.includes(name));
  throwsNaming(() => A.poseAt({ segments: [{ ...clothoid, length: -1 }] }, 0), "length");
  throwsNaming(() => A.poseAt({ segments: [{ ...clothoid, curvatureEnd: NaN }] }, 0), "curvatureEnd");
  throwsNaming(() => A.poseAt({ segments: [{ ...clothoid, start: { x: 0, y: 0 } }] }, 0), "heading");
  throwsNaming(() => A.fitClothoid({ x: 0, y: 0, heading: 0 }, { x: 0, y: 0, heading: 1 }), "goal");
  throwsNaming(() => A.fitClothoid({ x: 0, y: 0, heading: Infinity }, { x: 1, y: 0, heading: 0 }), "start");
  throwsNaming(() => A.fitClothoids(new Float64Array(5)), "queries");
  throwsNaming(() => A.fitClothoids(new Float64Array([0, 0, 0, NaN, 1, 0])), "queries[3]");
  throwsNaming(() => A.fitClothoids([0, 0, 0, 1, 1, 0]), "queries");
});

test("planTurn with sharpness: clothoid, arc, clothoid, line; G2 and within its limits", () => {
  const start = { x: 0, y: 0, heading: 0 };
  const target = { x: 20, y: 30 };
  const r = 10;
  const sharpness = 0.01;
  const p = A.planTurn(start, target, r, { sharpness });
  assert.equal(p.word, "TLTS");
  const [c1, arc, c2, line] = p.segments;
  // Hand values: each clothoid ramps 0 -> 1/r over (1/r)/sharpness = 10 units.
  nearWithin(1e-12)(c1.length, 10);
  nearWithin(1e-12)(c2.length, 10);
  assert.deepEqual([c1.curvatureStart, c1.curvatureEnd, c2.curvatureStart, c2.curvatureEnd], [0, 0.1, 0.1, 0]);
  nearWithin(1e-12)(arc.radius, r);
  nearWithin(1e-9)(line.end.x, 20);
  nearWithin(1e-9)(line.end.y, 30);
  // The clothoids' ends meet the arc's ends (G1), integrated independently.
  const e1 = integrate(c1, c1.length);
  nearWithin(1e-9)(e1.x, arc.center.x + r * cos(arc.startAngle));
  nearWithin(1e-9)(e1.y, arc.center.y + r * sin(arc.startAngle));
  // Without sharpness, the first part's turn, which is shorter.
  const sharp = A.planTurn(start, target, r);
  assert.equal(sharp.word, "LS");
  assert.ok(p.length > sharp.length);
  assert.throws(() => A.planTurn(start, target, r, { sharpness: -1 }), /options\.sharpness/);
  assert.throws(() => A.planTurn(start, target, r, { sharpness: "x" }), /options\.sharpness/);
});

const lanes = [
  { kind: "driving", width: 3.5, direction: "backward" },
  { kind: "driving", width: 3.5 },
];
const profile = (x, y, heading) => ({ x, y, heading, lanes });

test("connectProfiles with a transition: clothoid, arc, clothoid, curvature continuous", () => {
  const a = profile(0, 0, 0);
  const b = profile(60, 40, PI / 2);
  const seed = A.connectProfiles(a, b);
  const piece = A.connectProfiles(a, b, { transition: 12 });
  assert.equal(piece.kind, seed.kind);
  assert.match(piece.centerline.word, /^S?TLTS?$/);
  const segs = piece.centerline.segments;
  const turn = segs.filter((s) => s.kind !== "line");
  const [c1, arc, c2] = turn;
  assert.deepEqual([c1.length, c1.curvatureStart, c2.length, c2.curvatureEnd], [12, 0, 12, 0]);
  nearWithin(1e-12)(c1.curvatureEnd, 1 / arc.radius);
  nearWithin(1e-12)(c2.curvatureStart, 1 / arc.radius);
  // The first clothoid's end, integrated here, is the arc's start.
  const e = integrate(c1, c1.length);
  nearWithin(1e-9)(e.x, arc.center.x + arc.radius * cos(arc.startAngle));
  nearWithin(1e-9)(e.y, arc.center.y + arc.radius * sin(arc.startAngle));
  // The lane edges are arcs and lines within the default tolerance, 1e-3.
  for (const edge of piece.boundaries) {
    assert.ok(edge.segments.every((s) => s.kind === "arc" || s.kind === "line"));
  }
  const end = A.poseAt(piece.centerline, piece.centerline.length);
  nearWithin(1e-9)(end.x, 60);
  nearWithin(1e-9)(end.y, 40);
  // Too long: the error names options.transition and the longest that fits.
  assert.throws(() => A.connectProfiles(a, b, { transition: 500 }), /options\.transition: .*at most \d/);
  assert.throws(() => A.connectProfiles(a, b, { transition: -1 }), /options\.transition/);
  assert.throws(() => A.connectProfiles(a, b, { transition: 1, tolerance: 0 }), /options\.tolerance/);
});

test("RoadNetwork.connect keeps its transition through a move, a save and a load", () => {
  const net = new A.RoadNetwork();
  const a = net.addProfile(profile(0, 0, 0));
  const b = net.addProfile(profile(60, 40, PI / 2));
  const p = net.connect(a, b, { transition: 10 });
  assert.match(net.piece(p).piece.centerline.word, /T/);
  assert.equal(net.piece(p).transition, 10);
  net.setProfile(b, profile(70, 50, PI / 2));
  const moved = net.piece(p).piece.centerline;
  assert.match(moved.word, /T/);
  const text = net.toJSON();
  assert.equal(JSON.parse(text).pieces[0].transition, 10);
  const back = A.RoadNetwork.fromJSON(text);
  assert.deepEqual(back.piece(p).piece.centerline, moved);
  // Without a transition the file is as before: no field.
  const plain = new A.RoadNetwork();
  const c = plain.addProfile(profile(0, 0, 0));
  const d = plain.addProfile(profile(60, 40, PI / 2));
  plain.connect(c, d);
  assert.equal("transition" in JSON.parse(plain.toJSON()).pieces[0], false);
  assert.throws(() => net.connect(a, b, { transition: NaN }), /options\.transition/);
});

/** The curvature at the start and end of a segment of the JS shape. */
function curvatures(seg) {
  if (seg.kind === "clothoid") return [seg.curvatureStart, seg.curvatureEnd];
  if (seg.kind === "arc") return [Math.sign(seg.sweep) / seg.radius, Math.sign(seg.sweep) / seg.radius];
  return [0, 0];
}

test("planDubins with sharpness: the continuous-curvature Dubins path, G2, within its limits, at the goal", () => {
  const r = 5;
  const sharpness = 0.05;
  const queries = [
    [{ x: 0, y: 0, heading: 0 }, { x: 20, y: 10, heading: 1 }],
    [{ x: 0, y: 0, heading: PI / 2 }, { x: 4, y: 0, heading: -PI / 2 }],
    [{ x: -3, y: 7, heading: 2.5 }, { x: 30, y: -12, heading: -0.4 }],
  ];
  for (const [start, goal] of queries) {
    const p = A.planDubins(start, goal, r, { sharpness });
    assert.match(p.word, /^T[TLRS]*T$/);
    let at = start;
    let k = 0;
    for (const seg of p.segments) {
      const [k0, k1] = curvatures(seg);
      nearWithin(1e-9)(k0, k, 1e-9, "curvature jump");
      assert.ok(Math.abs(k0) <= 1 / r + 1e-12 && Math.abs(k1) <= 1 / r + 1e-12);
      if (seg.kind === "clothoid") {
        assert.ok(Math.abs((seg.curvatureEnd - seg.curvatureStart) / seg.length) <= sharpness * (1 + 1e-9));
        // Each clothoid's end, integrated here, is where the next segment starts.
        nearWithin(1e-9)(seg.start.x, at.x);
        nearWithin(1e-9)(seg.start.y, at.y);
        at = integrate(seg, seg.length);
      } else if (seg.kind === "arc") {
        const a = seg.startAngle + seg.sweep;
        at = { x: seg.center.x + seg.radius * cos(a), y: seg.center.y + seg.radius * sin(a) };
      } else {
        at = seg.end;
      }
      k = k1;
    }
    assert.equal(k, 0);
    nearWithin(1e-9)(at.x, goal.x);
    nearWithin(1e-9)(at.y, goal.y);
    // Without sharpness, the six Dubins words, which are shorter.
    const sharp = A.planDubins(start, goal, r);
    assert.match(sharp.word, /^[LR][LRS][LR]$/);
    assert.ok(p.length > sharp.length);
  }
  const [s, g] = queries[0];
  assert.throws(() => A.planDubins(s, g, r, { sharpness: 0 }), /options\.sharpness/);
  assert.throws(() => A.planDubins(s, g, r, { sharpness: "x" }), /options\.sharpness/);
  assert.throws(() => A.planDubins(s, g, -1, { sharpness: 1 }), /radius/);
});

test("ccDubinsLengths gives planDubins' lengths with that sharpness, six numbers a query", () => {
  const r = 2.5;
  const sharpness = 0.3;
  const poses = [];
  let seed = 35;
  const u = (lo, hi) => {
    seed = (seed * 16807) % 2147483647;
    return lo + ((hi - lo) * seed) / 2147483647;
  };
  for (let i = 0; i < 200; i++) poses.push([u(-20, 20), u(-20, 20), u(-4, 4), u(-20, 20), u(-20, 20), u(-4, 4)]);
  poses.push([1, 2, 3, 1, 2, 3]);
  const out = A.ccDubinsLengths(new Float64Array(poses.flat()), r, sharpness);
  assert.equal(out.length, poses.length);
  poses.forEach(([x0, y0, h0, x1, y1, h1], i) => {
    const p = A.planDubins({ x: x0, y: y0, heading: h0 }, { x: x1, y: y1, heading: h1 }, r, { sharpness });
    nearWithin(1e-12 * p.length)(out[i], p.length, 1e-12 * Math.max(1, p.length), `query ${i}`);
  });
  assert.equal(out[poses.length - 1], 0);
  assert.throws(() => A.ccDubinsLengths(new Float64Array(5), r, sharpness), /queries/);
  assert.throws(() => A.ccDubinsLengths(new Float64Array([0, 0, 0, NaN, 1, 0]), r, sharpness), /queries\[3\]/);
  assert.throws(() => A.ccDubinsLengths(new Float64Array(6), r, 0), /sharpness/);
});
