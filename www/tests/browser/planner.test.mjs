// The planner diagram in Chromium: it shows what the core computes (checked
// against the same wasm module loaded in Node), follows drags of the target,
// the unit and the goal heading, says in words when a side cannot reach, and
// plays a unit along the chosen path.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { openBrowser, openPage, screenPointOf, drag, pxPerUnit, screenshotPath } from "./browser.mjs";
import { assertNear } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

/** The diagram's state (what the reader set) with its read-out (what it computed) beside it. */
const state = (page) =>
  page.evaluate(() => {
    const d = window.__arcline.diagrams.planner;
    return { ...d.getState(), readout: d.readout() };
  });
const close = assertNear;
const SPEED = 4;

/** Opens the playground with the planner diagram scrolled into view (mouse events need it on screen). */
async function openPlanner() {
  const opened = await openPage(env.browser, env.base + "/");
  await opened.page.locator('[data-diagram="planner"] .stage canvas').scrollIntoViewIfNeeded();
  return opened;
}

test("loads clean and shows the core's turn-then-go for the default scene", async () => {
  const { page, context, problems } = await openPlanner();
  const s = await state(page);
  const want = A.planTurn(s.unit, s.target, s.radius);
  const sides = A.planTurnSides(s.unit, s.target, s.radius);
  assert.equal(s.readout.word, want.word);
  close(s.readout.length, want.length, 1e-12, "length");
  assert.equal(s.readout.best, sides.best);
  close(s.readout.right.length, sides.right.exit.path.length, 1e-12, "right");
  close(s.readout.left.length, sides.left.exit.path.length, 1e-12, "left");
  // The seed's construction: Q on the circle, h = |target − P|.
  const r = s.readout.right;
  close(Math.hypot(r.exit.x - r.center.x, r.exit.y - r.center.y), s.radius, 1e-9, "Q on circle");
  close(r.h, Math.hypot(s.target.x - r.center.x, s.target.y - r.center.y), 1e-9, "h");
  await page.locator('[data-diagram="planner"]').screenshot({ path: screenshotPath("planner") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("dragging the target moves it by the drag and the path follows", async () => {
  const { page, context, problems } = await openPlanner();
  const before = await state(page);
  const k = await pxPerUnit(page, "planner");
  const from = await screenPointOf(page, "planner", "target");
  await drag(page, from, { x: from.x - 60, y: from.y + 90 });
  await page.waitForFunction((x0) => window.__arcline.diagrams.planner.getState().target.x !== x0, before.target.x);
  const after = await state(page);
  close(after.target.x - before.target.x, -60 / k, 1.5 / k, "dx");
  close(after.target.y - before.target.y, -90 / k, 1.5 / k, "dy");
  const want = A.planTurn(after.unit, after.target, after.radius);
  close(after.readout.length, want.length, 1e-12, "length after drag");
  assert.notEqual(after.readout.length, before.readout.length);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a target inside one turning circle: that side is named unreachable, the other works", async () => {
  const { page, context, problems } = await openPlanner();
  // Unit at the origin heading east, r = 3: the left circle is centred (0, 3).
  await page.evaluate(() =>
    window.__arcline.diagrams.planner.setState({ unit: { x: 0, y: 0, heading: 0 }, target: { x: 0.5, y: 2.5 }, radius: 3 }),
  );
  let s = await state(page);
  assert.equal(s.readout.left.reachable, false);
  assert.equal(s.readout.best, "right");
  assert.match(s.readout.status, /left turn cannot reach it: target inside this turning circle/);
  const status = await page.locator('[data-diagram="planner"] .status').textContent();
  assert.match(status, /cannot reach/);
  // The target on the start itself: no path, said in words, nothing thrown.
  await page.evaluate(() => window.__arcline.diagrams.planner.setState({ target: { x: 0, y: 0 } }));
  s = await state(page);
  assert.equal(s.readout.best, null);
  assert.equal(s.readout.word, null);
  assert.match(s.readout.status, /start itself/);
  // Dragging the unit away brings a path back.
  const from = await screenPointOf(page, "planner", "unit position");
  await drag(page, from, { x: from.x - 80, y: from.y });
  await page.waitForFunction(() => window.__arcline.diagrams.planner.readout().best !== null);
  assert.deepEqual(problems, []);
  await context.close();
});

test("arrive with a heading: six words, the shortest bold, goal heading draggable", async () => {
  const { page, context, problems } = await openPlanner();
  await page.locator('[data-diagram="planner"] label', { hasText: "arrive with a heading" }).locator("input").check();
  await page.waitForFunction(() => window.__arcline.diagrams.planner.getState().arrive === true);
  let s = await state(page);
  const goal = { ...s.target, heading: s.goalHeading };
  const want = A.planDubins(s.unit, goal, s.radius);
  assert.equal(s.readout.word, want.word);
  close(s.readout.length, want.length, 1e-12, "dubins length");
  assert.deepEqual(
    s.readout.candidates.map((c) => c.word),
    A.dubinsCandidates(s.unit, goal, s.radius).map((p) => p.word),
  );
  assert.ok(s.readout.candidates.every((c) => c.length >= s.readout.length - 1e-12));
  await page.locator('[data-diagram="planner"]').screenshot({ path: screenshotPath("planner-dubins") });
  // Turn the goal heading knob a quarter turn.
  const knob = await screenPointOf(page, "planner", "goal heading");
  const centre = await screenPointOf(page, "planner", "target");
  const dx = knob.x - centre.x;
  const dy = knob.y - centre.y;
  await drag(page, knob, { x: centre.x - dy, y: centre.y + dx });
  await page.waitForFunction((h0) => window.__arcline.diagrams.planner.getState().goalHeading !== h0, s.goalHeading);
  s = await state(page);
  // Screen y is down: rotating the screen vector (dx, dy) to (−dy, dx) turns it clockwise on
  // screen, i.e. by −π/2 in the y-up world.
  const turned = Math.atan2(Math.sin(s.goalHeading - (goal.heading - Math.PI / 2)), Math.cos(s.goalHeading - (goal.heading - Math.PI / 2)));
  close(turned, 0, 0.05, "goal heading turned a quarter");
  const again = A.planDubins(s.unit, { ...s.target, heading: s.goalHeading }, s.radius);
  close(s.readout.length, again.length, 1e-12, "length after turning");
  assert.deepEqual(problems, []);
  await context.close();
});

test("play moves the unit along the chosen path; the scrubber sets the time", async () => {
  const { page, context, problems } = await openPlanner();
  await page.locator('[data-diagram="planner"] button', { hasText: "Play" }).click();
  await page.waitForFunction(() => window.__arcline.diagrams.planner.getState().time > 0.3);
  await page.locator('[data-diagram="planner"] button', { hasText: "Pause" }).click();
  let s = await state(page);
  assert.equal(s.readout.playing, false);
  const path = A.planTurn(s.unit, s.target, s.radius);
  let want = A.poseAt(path, SPEED * s.time);
  close(s.readout.unitAt.x, want.x, 1e-9, "x");
  close(s.readout.unitAt.heading, want.heading, 1e-9, "heading");
  // Scrub to 1.5 s.
  await page.locator('[data-diagram="planner"] label', { hasText: "time (s)" }).locator("input").evaluate((el) => {
    el.value = "1.5";
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await page.waitForFunction(() => Math.abs(window.__arcline.diagrams.planner.getState().time - 1.5) < 1e-9);
  s = await state(page);
  want = A.poseAt(path, SPEED * 1.5);
  close(s.readout.unitAt.x, want.x, 1e-9, "scrubbed x");
  close(s.readout.unitAt.y, want.y, 1e-9, "scrubbed y");
  // Playing to the end stops exactly at the target.
  await page.evaluate(() => window.__arcline.diagrams.planner.setState({ time: 1e6 }));
  s = await state(page);
  close(s.time, s.readout.duration, 1e-12, "clamped time");
  close(s.readout.unitAt.x, s.target.x, 1e-9, "end x");
  close(s.readout.unitAt.y, s.target.y, 1e-9, "end y");
  assert.deepEqual(problems, []);
  await context.close();
});

test("reverse allowed: the Reeds-Shepp path, backward segments dashed, cusps marked, the unit backs up", async () => {
  const { page, context, problems } = await openPlanner();
  const box = page.locator('[data-diagram="planner"] label', { hasText: "reverse allowed" }).locator("input");
  // Only with a heading to arrive with.
  assert.equal(await box.isDisabled(), true);
  await page.locator('[data-diagram="planner"] label', { hasText: "arrive with a heading" }).locator("input").check();
  await box.check();
  await page.waitForFunction(() => window.__arcline.diagrams.planner.getState().reverse === true);
  // A goal close by, facing back: back up, drive forwards, back up again.
  await page.evaluate(() =>
    window.__arcline.diagrams.planner.setState({ unit: { x: -2, y: 0, heading: 0 }, target: { x: 1, y: 1 }, goalHeading: Math.PI, radius: 2.5 }),
  );
  let s = await state(page);
  const goal = { ...s.target, heading: s.goalHeading };
  let want = A.planReedsShepp(s.unit, goal, s.radius);
  assert.deepEqual(s.readout.path, want, "the drawn path is the core's");
  assert.ok(s.readout.gears.some((g) => g), "some segment backwards");
  close(s.readout.forwardOnlyLength, A.planDubins(s.unit, goal, s.radius).length, 1e-12, "Dubins beside it");
  assert.ok(s.readout.length <= s.readout.forwardOnlyLength + 1e-12);
  // The cusps are where the core's poseAt puts the gear changes.
  let at = 0;
  const cusps = [];
  want.segments.forEach((g, i) => {
    if (i > 0 && Boolean(want.segments[i - 1].reverse) !== Boolean(g.reverse)) cusps.push(A.poseAt(want, at));
    at += g.length;
  });
  assert.deepEqual(s.readout.cusps, cusps);
  assert.equal(cusps.length, 2, "L− R+ L−: two gear changes");
  // Beside the figure: the step pressed, the word with its gears, the cusps.
  assert.equal(await page.locator('[data-diagram="planner"] .steps button[data-step="reverse"]').getAttribute("aria-pressed"), "true");
  const gears = want.segments.map((g, i) => `${want.word[i]}${g.reverse ? "−" : "+"}`).join(" ");
  assert.equal(await page.locator('[data-diagram="planner"] [data-number="word"] dd').textContent(), gears);
  assert.equal(await page.locator('[data-diagram="planner"] [data-number="cusps"] dd').textContent(), "2");
  await page.locator('[data-diagram="planner"]').screenshot({ path: screenshotPath("planner-reeds-shepp") });
  // The unit drives it facing the vehicle's way: on a backward segment it
  // moves against its heading.
  const back = want.segments.findIndex((g) => g.reverse && g.length > 0.5);
  assert.ok(back >= 0);
  const before = want.segments.slice(0, back).reduce((n, g) => n + g.length, 0);
  const t = (before + want.segments[back].length / 2) / SPEED;
  await page.evaluate((t) => window.__arcline.diagrams.planner.setState({ time: t }), t);
  s = await state(page);
  const u0 = s.readout.unitAt;
  close(u0.heading, A.poseAtTime(want, SPEED, t).heading, 1e-12, "heading is the core's");
  await page.evaluate((t) => window.__arcline.diagrams.planner.setState({ time: t + 0.02 }), t);
  const u1 = (await state(page)).readout.unitAt;
  const along = (u1.x - u0.x) * Math.cos(u0.heading) + (u1.y - u0.y) * Math.sin(u0.heading);
  assert.ok(along < 0, `backing up: moved ${along} along its heading`);
  // Dragging the goal re-plans with the core.
  await page.evaluate(() => window.__arcline.diagrams.planner.setState({ time: 0 }));
  const from = await screenPointOf(page, "planner", "target");
  await drag(page, from, { x: from.x + 70, y: from.y - 40 });
  await page.waitForFunction((x0) => window.__arcline.diagrams.planner.getState().target.x !== x0, s.target.x);
  s = await state(page);
  want = A.planReedsShepp(s.unit, { ...s.target, heading: s.goalHeading }, s.radius);
  assert.deepEqual(s.readout.path, want, "after the drag");
  // The toggle round-trips through the scene the URL carries (once the
  // address bar has caught up): a new page at this address shows the same
  // Reeds-Shepp path. (A link holds only the fields the reader changed, and
  // reverse was off.)
  await page.waitForFunction(() => location.href === window.__arcline.link() && /[#&]planner=[^&]*reverse/.test(location.hash));
  const url = await page.evaluate(() => location.href);
  const again = await openPage(env.browser, url);
  const restored = await state(again.page);
  assert.equal(restored.reverse, true);
  assert.deepEqual(restored.readout.path, want, "restored from the URL");
  assert.deepEqual(again.problems, []);
  await again.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test("reverse allowed round-trips through the embed's attributes", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/?embed=1&kind=planner&arrive=1&reverse=1");
  const s = await state(page);
  assert.equal(s.arrive, true);
  assert.equal(s.reverse, true);
  const want = A.planReedsShepp(s.unit, { ...s.target, heading: s.goalHeading }, s.radius);
  assert.deepEqual(s.readout.path, want);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the steering-rate slider: clothoid-arc-clothoid turns, a continuous curvature plot, dragged", async () => {
  const { page, context, problems } = await openPlanner();
  const slider = page.locator('[data-diagram="planner"] label', { hasText: "steering rate" }).locator("input");
  await slider.fill("0.1");
  await page.waitForFunction(() => window.__arcline.diagrams.planner.getState().sharpness === 0.1);
  let s = await state(page);
  const want = A.planTurn(s.unit, s.target, s.radius, { sharpness: 0.1 });
  assert.equal(s.readout.word, want.word);
  assert.match(s.readout.word, /^T[LR]TS$|^TTS$/);
  close(s.readout.length, want.length, 1e-12, "length");
  // The plot's breakpoints: no jump anywhere (two points at one distance agree).
  const k = s.readout.curvature;
  for (let i = 1; i < k.length; i++) if (k[i].distance === k[i - 1].distance) close(k[i].curvature, k[i - 1].curvature, 1e-12, `jump at ${i}`);
  assert.deepEqual(k, A.curvatureProfile(want));
  // The plot is on the page, under the diagram, and says what it shows.
  const label = await page.locator('[data-diagram="planner"] .curvature-plot canvas').getAttribute("aria-label");
  assert.match(label, /curvature jumps 0 times/);
  const from = await screenPointOf(page, "planner", "target");
  await drag(page, from, { x: from.x + 50, y: from.y - 70 });
  await page.waitForFunction((x0) => window.__arcline.diagrams.planner.getState().target.x !== x0, s.target.x);
  s = await state(page);
  close(s.readout.length, A.planTurn(s.unit, s.target, s.radius, { sharpness: 0.1 }).length, 1e-12, "after the drag");
  await page.screenshot({ path: screenshotPath("planner-sharpness") });
  // Back to 0: the first part's arcs, whose curvature jumps.
  await slider.fill("0");
  await page.waitForFunction(() => window.__arcline.diagrams.planner.getState().sharpness === 0);
  s = await state(page);
  assert.match(s.readout.word, /^[LR]S$/);
  assert.match(await page.locator('[data-diagram="planner"] .curvature-plot canvas').getAttribute("aria-label"), /jumps [12] time/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the construction step with the steering rate on: the CC construction, its numbers the core's, following a drag", async () => {
  const { page, context, problems } = await openPlanner();
  await page.evaluate(() => window.__arcline.diagrams.planner.setState({ step: "construction", sharpness: 0.1 }));
  await page.waitForFunction(() => window.__arcline.diagrams.planner.figure().step === "construction");
  const deg = (rad) => (rad * 180) / Math.PI;
  const text = (key) => page.locator(`[data-diagram="planner"] [data-number="${key}"] dd`).textContent();
  /** The page's readout and the numbers beside the canvas against the core's construction, loaded here. */
  async function matchesTheCore(what) {
    const s = await state(page);
    const cc = A.planTurnSides(s.unit, s.target, s.radius, { sharpness: s.sharpness }).cc;
    assert.ok(cc, `${what}: the core gives the CC construction`);
    assert.equal(s.readout.cc.best, cc.best, `${what}: best`);
    assert.equal(await text("deltaMin"), `${deg(cc.deltaMin).toFixed(1)}°`);
    let held = 0;
    for (const want of [cc.right, cc.left]) {
      const got = s.readout.cc[want.side];
      for (const k of ["ccRadius", "mu", "innerRadius", "h"]) close(got[k], want[k], 1e-12, `${what}: ${want.side} ${k}`);
      close(got.ccCenter.x, want.ccCenter.x, 1e-12, `${what}: Ω.x`);
      close(got.ccCenter.y, want.ccCenter.y, 1e-12, `${what}: Ω.y`);
      assert.equal(got.unreachable, want.unreachable, `${what}: ${want.side} reason`);
      // Beside the canvas, as the core's numbers rounded.
      assert.equal(await text(`${want.side}CcRadius`), want.ccRadius.toFixed(3));
      assert.equal(await text(`${want.side}Mu`), `${deg(want.mu).toFixed(2)}°`);
      assert.equal(await text(`${want.side}Inner`), want.innerRadius.toFixed(3));
      assert.equal(await text(`${want.side}CcH`), want.h.toFixed(3));
      if (want.exit) {
        held++;
        for (const k of ["delta", "d", "exitAngle", "exitHeading", "beta"]) close(got.exit[k], want.exit[k], 1e-12, `${what}: ${want.side} ${k}`);
        close(got.exit.exit.x, want.exit.exit.x, 1e-12, `${what}: exit.x`);
        close(got.exit.tangentPoint.y, want.exit.tangentPoint.y, 1e-12, `${what}: tangent point`);
        assert.equal(await text(`${want.side}Delta`), `${deg(want.exit.delta).toFixed(1)}°`);
        assert.equal(await text(`${want.side}CcD`), want.exit.d.toFixed(3));
        // The exit is on the CC circle and the line from it reaches the target.
        close(Math.hypot(want.exit.exit.x - want.ccCenter.x, want.exit.exit.y - want.ccCenter.y), want.ccRadius, 1e-9, "exit on the CC circle");
      } else {
        assert.match(await text(`${want.side}Delta`), /^none: /);
      }
    }
    // The path drawn is the one planTurn with the sharpness gives.
    close(s.readout.length, A.planTurn(s.unit, s.target, s.radius, { sharpness: s.sharpness }).length, 1e-12, `${what}: length`);
    return { s, cc, held };
  }
  const before = await matchesTheCore("default scene");
  assert.ok(before.held >= 1, "the construction holds on a side");
  await page.locator('[data-diagram="planner"]').screenshot({ path: screenshotPath("planner-cc-construction") });
  const from = await screenPointOf(page, "planner", "target");
  await drag(page, from, { x: from.x + 60, y: from.y - 50 });
  await page.waitForFunction((x0) => window.__arcline.diagrams.planner.getState().target.x !== x0, before.s.target.x);
  const after = await matchesTheCore("after the drag");
  assert.notEqual(after.cc.left.h, before.cc.left.h, "h follows the target");
  assert.deepEqual(after.cc.left.ccCenter, before.cc.left.ccCenter, "Ω stays with the unit");
  await page.locator('[data-diagram="planner"]').screenshot({ path: screenshotPath("planner-cc-construction-dragged") });
  // Steering rate off: the seed's construction, no CC rows.
  await page.evaluate(() => window.__arcline.diagrams.planner.setState({ sharpness: 0 }));
  assert.equal(await page.locator('[data-diagram="planner"] [data-number="leftMu"]').count(), 0);
  assert.equal((await state(page)).readout.cc, null);
  assert.deepEqual(problems, []);
  await context.close();
});
