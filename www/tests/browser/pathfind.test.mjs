// The pathfinding diagram in Chromium: it shows what the core computes
// (checked against the same wasm module in Node), re-plans when a circle is
// dragged onto the path (the new path keeps the clearance from every circle,
// sampled here from the diagram's state), paints walls on the tile grid with
// the mouse, says in words why there is no path, and plays a unit (and a
// formation) along the path.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { openBrowser, openPage, screenPointOf, drag, screenshotPath } from "./browser.mjs";
import { assertNear } from "../near.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

const KIND = "pathfind";
/** The diagram's state (what the reader set) with its read-out (what it computed) beside it. */
const state = (page) =>
  page.evaluate(() => {
    const d = window.__arcline.diagrams.pathfind;
    return { ...d.getState(), readout: d.readout() };
  });
const setState = (page, s) => page.evaluate((s) => window.__arcline.diagrams.pathfind.setState(s), s);
const close = assertNear;

async function openPathfind() {
  const opened = await openPage(env.browser, env.base + "/");
  await opened.page.locator(`[data-diagram="${KIND}"] canvas`).scrollIntoViewIfNeeded();
  return opened;
}

/** The map from world to page coordinates, from two handles whose world positions the state gives. */
async function screenMap(page) {
  const s = await state(page);
  const u = await screenPointOf(page, KIND, "unit");
  const g = await screenPointOf(page, KIND, "goal");
  const k = Math.hypot(g.x - u.x, g.y - u.y) / Math.hypot(s.goal.x - s.unit.x, s.goal.y - s.unit.y);
  return (p) => ({ x: u.x + (p.x - s.unit.x) * k, y: u.y - (p.y - s.unit.y) * k });
}

/** The least distance from points along `path` (every 0.01) to the circles. */
function sampledClearance(path, circles) {
  let least = Infinity;
  const n = Math.ceil(path.length / 0.01);
  for (let i = 0; i <= n; i++) {
    const p = A.poseAt(path, (path.length * i) / n);
    for (const c of circles) least = Math.min(least, Math.hypot(p.x - c.x, p.y - c.y) - c.radius);
  }
  return least;
}

const goalOf = (s) => (s.arrive ? s.goal : { x: s.goal.x, y: s.goal.y });

test("loads clean and draws the core's path round the default scene", async () => {
  const { page, context, problems } = await openPathfind();
  const s = await state(page);
  const want = A.planAround(s.unit, goalOf(s), s.radius, { circles: s.circles, polygons: s.polygons }, { clearance: s.clearance });
  assert.ok(want, "the default scene has a path");
  close(s.readout.length, want.length, 1e-12, "length");
  assert.equal(s.readout.word, want.word);
  // The search's record (planAroundDebug) is not asked for while neither the graph nor the expanded nodes show.
  assert.equal(s.readout.expanded, null);
  assert.ok(sampledClearance(s.readout.path, s.circles) >= s.clearance - 1e-6);
  const readout = await page.locator(`[data-diagram="${KIND}"] .readout`).textContent();
  assert.match(readout, /length \d+\.\d{3}/);
  assert.match(readout, /planAround \d+\.\d\d ms/);
  assert.doesNotMatch(readout, /planAroundDebug/);
  // Shown, it is asked for once and timed beside planAround (cached: the path's call is not made again).
  await setState(page, { showExpanded: true });
  const shown = await state(page);
  assert.ok(shown.readout.expanded > 0);
  const withRecord = await page.locator(`[data-diagram="${KIND}"] .readout`).textContent();
  assert.match(withRecord, /\d+ nodes expanded/);
  assert.match(withRecord, /planAroundDebug \d+\.\d\d ms/);
  assert.doesNotMatch(withRecord, /planAround \d/);
  await setState(page, { showExpanded: false });
  await page.locator(`[data-diagram="${KIND}"]`).screenshot({ path: screenshotPath("pathfind") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("dragging a circle onto the path: the path re-plans round it, keeping the clearance", async () => {
  const { page, context, problems } = await openPathfind();
  const before = await state(page);
  // Circle 4 is off the path; put it on the path's middle.
  const mid = A.poseAt(before.readout.path, before.readout.path.length / 2);
  assert.ok(sampledClearance(before.readout.path, [before.circles[4]]) > 1, "circle 4 starts away from the path");
  const toScreen = await screenMap(page);
  const from = await screenPointOf(page, KIND, "circle 4");
  await drag(page, from, toScreen(mid), 16);
  await page.waitForFunction((x0) => window.__arcline.diagrams.pathfind.getState().circles[4].x !== x0, before.circles[4].x);
  const after = await state(page);
  // It landed on the old path (within a couple of pixels' worth).
  assert.ok(Math.hypot(after.circles[4].x - mid.x, after.circles[4].y - mid.y) < 0.2, JSON.stringify(after.circles[4]));
  assert.ok(after.readout.path, after.readout.status);
  assert.notEqual(after.readout.length, before.readout.length);
  // The new path keeps the clearance from every circle, the moved one too.
  const least = sampledClearance(after.readout.path, after.circles);
  assert.ok(least >= after.clearance - 1e-6, `clearance ${least}`);
  assert.ok(sampledClearance(after.readout.path, [after.circles[4]]) >= after.clearance - 1e-6);
  const want = A.planAround(after.unit, goalOf(after), after.radius, { circles: after.circles, polygons: after.polygons }, { clearance: after.clearance });
  close(after.readout.length, want.length, 1e-12, "the core's length");
  // Its rim knob resizes it: a bigger circle, the path still clear of it.
  const rim = await screenPointOf(page, KIND, "circle 4 radius");
  await drag(page, rim, { x: rim.x + 25, y: rim.y });
  await page.waitForFunction((r0) => window.__arcline.diagrams.pathfind.getState().circles[4].radius > r0 + 0.3, after.circles[4].radius);
  const resized = await state(page);
  if (resized.readout.path) assert.ok(sampledClearance(resized.readout.path, resized.circles) >= resized.clearance - 1e-6);
  await page.locator(`[data-diagram="${KIND}"]`).screenshot({ path: screenshotPath("pathfind-dragged") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("the search graph and the expanded nodes show what the search did", async () => {
  const { page, context, problems } = await openPathfind();
  await page.locator(`[data-diagram="${KIND}"] label`, { hasText: "search graph" }).locator("input").check();
  await page.locator(`[data-diagram="${KIND}"] label`, { hasText: "expanded nodes" }).locator("input").check();
  await page.waitForFunction(() => window.__arcline.diagrams.pathfind.getState().showExpanded === true);
  const s = await state(page);
  const d = A.planAroundDebug(s.unit, goalOf(s), s.radius, { circles: s.circles, polygons: s.polygons }, { clearance: s.clearance });
  assert.equal(s.readout.guides, d.guides.length);
  assert.equal(s.readout.edges, d.edges.length);
  assert.equal(s.readout.expandedPoses, d.expanded);
  await page.locator(`[data-diagram="${KIND}"]`).screenshot({ path: screenshotPath("pathfind-graph") });
  // Adding and removing circles.
  const n = s.circles.length;
  await page.locator(`[data-diagram="${KIND}"] button`, { hasText: "add a circle" }).click();
  assert.equal((await state(page)).circles.length, n + 1);
  await page.locator(`[data-diagram="${KIND}"] button`, { hasText: "remove circle" }).click();
  await page.locator(`[data-diagram="${KIND}"] button`, { hasText: "remove circle" }).click();
  assert.equal((await state(page)).circles.length, n - 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test("no path says why in words: a unit facing a wall, a goal inside a circle", async () => {
  const { page, context, problems } = await openPathfind();
  // A tall wall 0.5 ahead of the unit, which turns no tighter than 2.
  await setState(page, {
    unit: { x: -14, y: -3, heading: 0 },
    polygons: [[{ x: -13.5, y: -12 }, { x: -13, y: -12 }, { x: -13, y: 12 }, { x: -13.5, y: 12 }]],
  });
  let s = await state(page);
  assert.equal(s.readout.path, null);
  assert.equal(s.readout.noPathKind, "startEnclosed");
  const status = () => page.locator(`[data-diagram="${KIND}"] .status`).textContent();
  assert.match(await status(), /No path: the unit cannot leave the start/);
  await page.locator(`[data-diagram="${KIND}"]`).screenshot({ path: screenshotPath("pathfind-nopath") });
  // Dragging the goal into circle 3 is refused by the core, said in words.
  await setState(page, { polygons: [], unit: { x: -14, y: -3, heading: 0.4 } });
  s = await state(page);
  const toScreen = await screenMap(page);
  const from = await screenPointOf(page, KIND, "goal");
  await drag(page, from, toScreen(s.circles[3]));
  await page.waitForFunction(() => window.__arcline.diagrams.pathfind.readout().error !== null);
  assert.match(await status(), /No path: goal: is inside or too close to obstacles\.circles\[3\]/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("on the grid, dragging across tiles paints walls (and erases them), and the path goes round", async () => {
  const { page, context, problems } = await openPathfind();
  await page.locator(`[data-diagram="${KIND}"] select`).selectOption("grid");
  await page.waitForFunction(() => window.__arcline.diagrams.pathfind.getState().mode === "grid");
  const before = await state(page);
  assert.ok(before.readout.path, before.readout.status);
  const toScreen = await screenMap(page);
  const t = before.tile;
  const centre = (c, r) => toScreen({ x: (c + 0.5) * t, y: (r + 0.5) * t });
  // Paint column 7 from row 0 to row 5, across the path's first stretch
  // (away from the unit's and the goal's handles).
  await drag(page, centre(7, 0), centre(7, 5), 24);
  await page.waitForFunction((b0) => window.__arcline.diagrams.pathfind.getState().blocked !== b0, before.blocked);
  const painted = await state(page);
  for (let r = 0; r <= 5; r++) assert.equal(painted.blocked[r * painted.columns + 7], "1", `tile (7, ${r})`);
  // The path touches no blocked tile (sampled from the state here).
  if (painted.readout.path) {
    const p = painted.readout.path;
    for (let i = 0; i <= 2000; i++) {
      const q = A.poseAt(p, (p.length * i) / 2000);
      const k = Math.floor(q.y / t) * painted.columns + Math.floor(q.x / t);
      assert.equal(painted.blocked[k], "0", `on a wall at ${q.x}, ${q.y}`);
    }
    assert.notEqual(p.length, before.readout.length);
  } else {
    assert.match(painted.readout.status, /No path/);
  }
  await page.locator(`[data-diagram="${KIND}"] label`, { hasText: "expanded nodes" }).locator("input").check();
  await page.waitForFunction(() => window.__arcline.diagrams.pathfind.readout().expandedPoses > 0);
  const shown = await state(page);
  const grid = { columns: shown.columns, rows: shown.rows, tile: shown.tile, blocked: Uint8Array.from(shown.blocked, (c) => Number(c)) };
  const want = A.planOnGridDebug(grid, shown.unit, goalOf(shown), shown.radius);
  assert.equal(shown.readout.expanded, want.expanded);
  assert.equal(shown.readout.expandedPoses, want.expandedPoses.length);
  await page.locator(`[data-diagram="${KIND}"]`).screenshot({ path: screenshotPath("pathfind-grid") });
  // Starting on a wall erases.
  await drag(page, centre(7, 1), centre(7, 3), 12);
  await page.waitForFunction(() => window.__arcline.diagrams.pathfind.getState().blocked[2 * 24 + 7] === "0");
  const erased = await state(page);
  for (let r = 1; r <= 3; r++) assert.equal(erased.blocked[r * erased.columns + 7], "0", `tile (7, ${r})`);
  assert.equal(erased.blocked[4 * erased.columns + 7], "1");
  assert.deepEqual(problems, []);
  await context.close();
});

test("play drives the unit along the path, and a formation follows", async () => {
  const { page, context, problems } = await openPathfind();
  await setState(page, { formation: true });
  const start = (await state(page)).readout.followers;
  assert.equal(start.length, 5);
  await page.locator(`[data-diagram="${KIND}"] button`, { hasText: "Play" }).click();
  await page.waitForFunction(() => window.__arcline.diagrams.pathfind.getState().time > 1);
  await page.locator(`[data-diagram="${KIND}"] button`, { hasText: "Pause" }).click();
  const s = await state(page);
  const want = A.poseAtTime(s.readout.path, 5, s.time);
  close(s.readout.unitAt.x, want.x, 1e-9, "x");
  close(s.readout.unitAt.y, want.y, 1e-9, "y");
  assert.equal(s.readout.followers.length, 5);
  // Every member has moved from its starting place behind the unit.
  s.readout.followers.forEach((v, i) => assert.ok(Math.hypot(v.x - start[i].x, v.y - start[i].y) > 0.5, `member ${i} still at its start`));
  await page.locator(`[data-diagram="${KIND}"]`).screenshot({ path: screenshotPath("pathfind-formation") });
  // Played from a second before the end, the unit arrives and the formation
  // gets its 3 s to close up; then play stops by itself.
  await setState(page, { time: s.readout.duration - 1 });
  await page.locator(`[data-diagram="${KIND}"] button`, { hasText: "Play" }).click();
  await page.waitForFunction(() => !window.__arcline.diagrams.pathfind.readout().playing, null, { timeout: 30_000 });
  const done = await state(page);
  close(done.time, done.readout.duration, 1e-9, "time at the end");
  assert.equal(await page.locator(`[data-diagram="${KIND}"] button`, { hasText: "Play" }).count(), 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the scene survives the URL round trip", async () => {
  const { page, context, problems } = await openPathfind();
  await setState(page, { mode: "grid", radius: 0.8 });
  await page.waitForFunction(() => location.hash.length > 10);
  const url = await page.evaluate(() => location.href);
  const s = await state(page);
  const again = await openPage(env.browser, url);
  const t = await state(again.page);
  assert.equal(t.mode, "grid");
  assert.equal(t.radius, 0.8);
  assert.equal(t.blocked, s.blocked);
  close(t.readout.length ?? 0, s.readout.length ?? 0, 1e-12);
  assert.deepEqual(problems, []);
  assert.deepEqual(again.problems, []);
  await again.context.close();
  await context.close();
});
