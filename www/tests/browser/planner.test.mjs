// The planner diagram in Chromium: it shows what the core computes (checked
// against the same wasm module loaded in Node), follows drags of the target,
// the unit and the goal heading, says in words when a side cannot reach, and
// plays a unit along the chosen path.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { openBrowser, openPage, screenPointOf, drag, screenshotPath } from "./browser.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

const state = (page) => page.evaluate(() => window.__arcline.diagrams.planner.getState());
const close = (a, b, tol, what = "") => assert.ok(Math.abs(a - b) <= tol, `${what} ${a} vs ${b}`);
const SPEED = 4;

/** Opens the playground with the planner diagram scrolled into view (mouse events need it on screen). */
async function openPlanner() {
  const opened = await openPage(env.browser, env.base + "/");
  await opened.page.locator('[data-diagram="planner"] canvas').scrollIntoViewIfNeeded();
  return opened;
}

test("loads clean and shows the core's turn-then-go for the default scene", async () => {
  const { page, context, problems } = await openPlanner();
  const s = await state(page);
  const want = A.planTurn(s.unit, s.target, s.radius);
  const sides = A.planTurnSides(s.unit, s.target, s.radius);
  assert.equal(s.computed.word, want.word);
  close(s.computed.length, want.length, 1e-12, "length");
  assert.equal(s.computed.best, sides.best);
  close(s.computed.right.length, sides.right.exit.path.length, 1e-12, "right");
  close(s.computed.left.length, sides.left.exit.path.length, 1e-12, "left");
  // The seed's construction: Q on the circle, h = |target − P|.
  const r = s.computed.right;
  close(Math.hypot(r.exit.x - r.center.x, r.exit.y - r.center.y), s.radius, 1e-9, "Q on circle");
  close(r.h, Math.hypot(s.target.x - r.center.x, s.target.y - r.center.y), 1e-9, "h");
  await page.locator('[data-diagram="planner"]').screenshot({ path: screenshotPath("planner") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("dragging the target moves it by the drag and the path follows", async () => {
  const { page, context, problems } = await openPlanner();
  const before = await state(page);
  const from = await screenPointOf(page, "planner", "target");
  await drag(page, from, { x: from.x - 60, y: from.y + 90 });
  await page.waitForFunction((x0) => window.__arcline.diagrams.planner.getState().target.x !== x0, before.target.x);
  const after = await state(page);
  const pxPerUnit = await page.evaluate(() => {
    const r = document.querySelector('[data-diagram="planner"] canvas').getBoundingClientRect();
    return Math.min(r.width, r.height) / 18;
  });
  close(after.target.x - before.target.x, -60 / pxPerUnit, 1.5 / pxPerUnit, "dx");
  close(after.target.y - before.target.y, -90 / pxPerUnit, 1.5 / pxPerUnit, "dy");
  const want = A.planTurn(after.unit, after.target, after.radius);
  close(after.computed.length, want.length, 1e-12, "length after drag");
  assert.notEqual(after.computed.length, before.computed.length);
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
  assert.equal(s.computed.left.reachable, false);
  assert.equal(s.computed.best, "right");
  assert.match(s.computed.status, /left turn cannot reach it: target inside this turning circle/);
  const status = await page.locator('[data-diagram="planner"] .status').textContent();
  assert.match(status, /cannot reach/);
  // The target on the start itself: no path, said in words, nothing thrown.
  await page.evaluate(() => window.__arcline.diagrams.planner.setState({ target: { x: 0, y: 0 } }));
  s = await state(page);
  assert.equal(s.computed.best, null);
  assert.equal(s.computed.word, null);
  assert.match(s.computed.status, /start itself/);
  // Dragging the unit away brings a path back.
  const from = await screenPointOf(page, "planner", "unit position");
  await drag(page, from, { x: from.x - 80, y: from.y });
  await page.waitForFunction(() => window.__arcline.diagrams.planner.getState().computed.best !== null);
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
  assert.equal(s.computed.word, want.word);
  close(s.computed.length, want.length, 1e-12, "dubins length");
  assert.deepEqual(
    s.computed.candidates.map((c) => c.word),
    A.dubinsCandidates(s.unit, goal, s.radius).map((p) => p.word),
  );
  assert.ok(s.computed.candidates.every((c) => c.length >= s.computed.length - 1e-12));
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
  close(s.computed.length, again.length, 1e-12, "length after turning");
  assert.deepEqual(problems, []);
  await context.close();
});

test("play moves the unit along the chosen path; the scrubber sets the time", async () => {
  const { page, context, problems } = await openPlanner();
  await page.locator('[data-diagram="planner"] button', { hasText: "Play" }).click();
  await page.waitForFunction(() => window.__arcline.diagrams.planner.getState().time > 0.3);
  await page.locator('[data-diagram="planner"] button', { hasText: "Pause" }).click();
  let s = await state(page);
  assert.equal(s.computed.playing, false);
  const path = A.planTurn(s.unit, s.target, s.radius);
  let want = A.poseAt(path, SPEED * s.time);
  close(s.computed.unitAt.x, want.x, 1e-9, "x");
  close(s.computed.unitAt.heading, want.heading, 1e-9, "heading");
  // Scrub to 1.5 s.
  await page.locator('[data-diagram="planner"] label', { hasText: "time (s)" }).locator("input").evaluate((el) => {
    el.value = "1.5";
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await page.waitForFunction(() => Math.abs(window.__arcline.diagrams.planner.getState().time - 1.5) < 1e-9);
  s = await state(page);
  want = A.poseAt(path, SPEED * 1.5);
  close(s.computed.unitAt.x, want.x, 1e-9, "scrubbed x");
  close(s.computed.unitAt.y, want.y, 1e-9, "scrubbed y");
  // Playing to the end stops exactly at the target.
  await page.evaluate(() => window.__arcline.diagrams.planner.setState({ time: 1e6 }));
  s = await state(page);
  close(s.time, s.computed.duration, 1e-12, "clamped time");
  close(s.computed.unitAt.x, s.target.x, 1e-9, "end x");
  close(s.computed.unitAt.y, s.target.y, 1e-9, "end y");
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
  assert.deepEqual(s.computed.path, want, "the drawn path is the core's");
  assert.ok(s.computed.gears.some((g) => g), "some segment backwards");
  close(s.computed.forwardOnlyLength, A.planDubins(s.unit, goal, s.radius).length, 1e-12, "Dubins beside it");
  assert.ok(s.computed.length <= s.computed.forwardOnlyLength + 1e-12);
  // The cusps are where the core's poseAt puts the gear changes.
  let at = 0;
  const cusps = [];
  want.segments.forEach((g, i) => {
    if (i > 0 && Boolean(want.segments[i - 1].reverse) !== Boolean(g.reverse)) cusps.push(A.poseAt(want, at));
    at += g.length;
  });
  assert.deepEqual(s.computed.cusps, cusps);
  assert.equal(cusps.length, 2, "L− R+ L−: two gear changes");
  const readout = await page.locator('[data-diagram="planner"] .readout').textContent();
  assert.match(readout, /Reeds–Shepp \(reverse allowed\)/);
  await page.locator('[data-diagram="planner"]').screenshot({ path: screenshotPath("planner-reeds-shepp") });
  // The unit drives it facing the vehicle's way: on a backward segment it
  // moves against its heading.
  const back = want.segments.findIndex((g) => g.reverse && g.length > 0.5);
  assert.ok(back >= 0);
  const before = want.segments.slice(0, back).reduce((n, g) => n + g.length, 0);
  const t = (before + want.segments[back].length / 2) / SPEED;
  await page.evaluate((t) => window.__arcline.diagrams.planner.setState({ time: t }), t);
  s = await state(page);
  const u0 = s.computed.unitAt;
  close(u0.heading, A.poseAtTime(want, SPEED, t).heading, 1e-12, "heading is the core's");
  await page.evaluate((t) => window.__arcline.diagrams.planner.setState({ time: t + 0.02 }), t);
  const u1 = (await state(page)).computed.unitAt;
  const along = (u1.x - u0.x) * Math.cos(u0.heading) + (u1.y - u0.y) * Math.sin(u0.heading);
  assert.ok(along < 0, `backing up: moved ${along} along its heading`);
  // Dragging the goal re-plans with the core.
  await page.evaluate(() => window.__arcline.diagrams.planner.setState({ time: 0 }));
  const from = await screenPointOf(page, "planner", "target");
  await drag(page, from, { x: from.x + 70, y: from.y - 40 });
  await page.waitForFunction((x0) => window.__arcline.diagrams.planner.getState().target.x !== x0, s.target.x);
  s = await state(page);
  want = A.planReedsShepp(s.unit, { ...s.target, heading: s.goalHeading }, s.radius);
  assert.deepEqual(s.computed.path, want, "after the drag");
  // The toggle round-trips through the scene the URL carries: a new page
  // at this address shows the same Reeds-Shepp path.
  await page.waitForFunction((x) => {
    const m = /s=([^&]+)/.exec(location.hash);
    if (!m) return false;
    const b64 = m[1].replaceAll("-", "+").replaceAll("_", "/");
    const scene = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0))));
    return scene.planner?.reverse === true && scene.planner?.target.x === x;
  }, s.target.x);
  const url = await page.evaluate(() => location.href);
  const again = await openPage(env.browser, url);
  const restored = await again.page.evaluate(() => window.__arcline.diagrams.planner.getState());
  assert.equal(restored.reverse, true);
  assert.deepEqual(restored.computed.path, want, "restored from the URL");
  assert.deepEqual(again.problems, []);
  await again.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test("reverse allowed round-trips through the embed's attributes", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/?embed=1&kind=planner&arrive=1&reverse=1");
  const s = await page.evaluate(() => window.__arcline.diagrams.planner.getState());
  assert.equal(s.arrive, true);
  assert.equal(s.reverse, true);
  const want = A.planReedsShepp(s.unit, { ...s.target, heading: s.goalHeading }, s.radius);
  assert.deepEqual(s.computed.path, want);
  assert.deepEqual(problems, []);
  await context.close();
});
