// The parking diagram in Chromium: it shows the core's parking plan (the
// same call made in Node gives the same path), follows a drag of a parked
// car and of the goal, says in words when there is no path, and its
// scenes are the tests' (parallel parking with a gear change, a dead end
// that forward gear cannot turn round in).
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

const CAR = { length: 4.5, width: 1.8, rear: 1 };

/** The diagram's state with its read-out beside it. */
const state = (page) =>
  page.evaluate(() => {
    const d = window.__arcline.diagrams.parking;
    return { ...d.getState(), readout: d.readout() };
  });

/** The same plan, made in Node. */
function plan(s) {
  const options = { clearance: s.clearance, reverse: s.reverse, body: CAR, cuspCost: s.cuspCost, reverseCost: s.reverseCost, maxExpanded: 6000 };
  return A.planAroundDebug(s.car, s.goal, s.radius, { circles: [], polygons: s.obstacles }, options);
}

async function openParking() {
  const opened = await openPage(env.browser, env.base + "/");
  await opened.page.locator('[data-diagram="parking"] .stage canvas').scrollIntoViewIfNeeded();
  await opened.page.waitForFunction(() => window.__arcline?.diagrams?.parking);
  return opened;
}

test("parallel parking: the core's path with a gear change, backing in, and a drag of a parked car", async () => {
  const { page, context, problems } = await openParking();
  let s = await state(page);
  const want = plan(s);
  assert.ok(want.path, "the scene parks");
  assert.equal(s.readout.word, want.path.word);
  assert.equal(s.readout.length, want.path.length);
  assert.ok(s.readout.gearChanges >= 1, `gear changes ${s.readout.gearChanges}`);
  assert.ok(s.readout.backwards > 0);
  await page.screenshot({ path: screenshotPath("parking-parallel") });
  // Drag the parked car ahead of the gap further ahead: the plan follows.
  const from = await screenPointOf(page, "parking", "obstacle 2");
  await drag(page, from, { x: from.x + 40, y: from.y });
  await page.waitForFunction((x0) => window.__arcline.diagrams.parking.getState().obstacles[2][0].x !== x0, s.obstacles[2][0].x);
  s = await state(page);
  const after = plan(s);
  assert.equal(s.readout.word, after.path?.word ?? null);
  assert.equal(s.readout.noPath, after.noPath?.message ?? null);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a dead end: reverse gear turns round, forward gear says no path in words", async () => {
  const { page, context, problems } = await openParking();
  await page.evaluate(() => window.__arcline.diagrams.parking.setState({ scene: "dead end" }));
  let s = await state(page);
  assert.equal(s.scene, "dead end");
  assert.ok(s.readout.path, "turns round");
  assert.ok(s.readout.gearChanges >= 2, s.readout.word);
  await page.screenshot({ path: screenshotPath("parking-dead-end") });
  await page.locator('[data-diagram="parking"] label', { hasText: "reverse gear" }).locator("input").uncheck();
  await page.waitForFunction(() => window.__arcline.diagrams.parking.getState().reverse === false);
  s = await state(page);
  assert.equal(s.readout.path, null);
  assert.equal(s.readout.noPath, plan(s).noPath.message);
  assert.match(await page.locator('[data-diagram="parking"] .status').textContent(), /^No path: /);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the goal inside a parked car is named in words, and the diagram recovers", async () => {
  const { page, context, problems } = await openParking();
  const s = await state(page);
  const inside = { x: s.obstacles[1][0].x + 1, y: s.obstacles[1][0].y + 0.9, heading: 0 };
  await page.evaluate((g) => window.__arcline.diagrams.parking.setState({ goal: g }), inside);
  const r = (await state(page)).readout;
  assert.equal(r.path, null);
  assert.match(r.error, /^goal/);
  assert.match(await page.locator('[data-diagram="parking"] .status').textContent(), /^Cannot plan: goal/);
  await page.evaluate((g) => window.__arcline.diagrams.parking.setState({ goal: g }), s.goal);
  assert.equal((await state(page)).readout.word, s.readout.word);
  assert.deepEqual(problems, []);
  await context.close();
});
