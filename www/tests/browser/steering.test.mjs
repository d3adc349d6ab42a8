// The steering diagram in Chromium: the vehicle follows the target you drag
// (its desired velocity is the seed's normalize(target − position)·maxSpeed),
// "no steering" adds the seed's first demo (velocity = desired at once),
// every behaviour runs, and the crowd mode steps and draws 100,000 vehicles.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, openPage, screenPointOf, drag, screenshotPath } from "./browser.mjs";

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
    const d = window.__arcline.diagrams.steering;
    return { ...d.getState(), readout: d.readout() };
  });
const setState = (page, s) => page.evaluate((s) => window.__arcline.diagrams.steering.setState(s), s);
const stepButton = (page) => page.locator('[data-diagram="steering"] button', { hasText: "Step" });

test("dragging the target turns the desired velocity towards it (the seed's formula)", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.locator('[data-diagram="steering"]').scrollIntoViewIfNeeded();
  await setState(page, { playing: false, mode: "single", behavior: "seek" });
  await stepButton(page).click();
  const before = await state(page);
  assert.equal(before.behavior, "seek");
  assert.ok(before.readout.steps >= 1);
  const from = await screenPointOf(page, "steering", "target");
  await drag(page, from, { x: from.x - 250, y: from.y + 120 });
  await page.waitForFunction((x0) => window.__arcline.diagrams.steering.getState().target.x !== x0, before.target.x);
  const moved = await state(page);
  assert.ok(moved.target.x < before.target.x - 10 && moved.target.y < before.target.y - 5, JSON.stringify(moved.target));
  // One step from the vehicle's position p: desired = normalize(target − p)·maxSpeed.
  const p = moved.readout.vehicle;
  await stepButton(page).click();
  await page.waitForFunction((n) => window.__arcline.diagrams.steering.readout().steps === n + 1, moved.readout.steps);
  const after = await state(page);
  const dx = moved.target.x - p.x;
  const dy = moved.target.y - p.y;
  const len = Math.hypot(dx, dy);
  const want = { x: (dx / len) * moved.maxSpeed, y: (dy / len) * moved.maxSpeed };
  const got = after.readout.debug.desired;
  assert.ok(Math.abs(got.x - want.x) < 1e-9 && Math.abs(got.y - want.y) < 1e-9, `${JSON.stringify(got)} vs ${JSON.stringify(want)}`);
  // And the force applied is the seed's truncate(desired − velocity, maxForce).
  const sx = want.x - p.vx;
  const sy = want.y - p.vy;
  const k = Math.min(1, moved.maxForce / Math.hypot(sx, sy));
  assert.ok(Math.abs(after.readout.debug.force.x - sx * k) < 1e-9 && Math.abs(after.readout.debug.force.y - sy * k) < 1e-9);
  assert.deepEqual(problems, []);
  await context.close();
});

test("no steering: the twin's velocity is the desired velocity at once, the steered one turns smoothly", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.locator('[data-diagram="steering"]').scrollIntoViewIfNeeded();
  await setState(page, { playing: false, mode: "single", behavior: "seek", noSteering: true, target: { x: 30, y: -30 } });
  for (let i = 0; i < 10; i++) await stepButton(page).click();
  await page.waitForFunction(() => window.__arcline.diagrams.steering.readout().steps === 10);
  const s = await state(page);
  const g = s.readout.ghost;
  const gd = s.readout.ghostDebug;
  assert.ok(Math.abs(g.vx - gd.desired.x) < 1e-9 && Math.abs(g.vy - gd.desired.y) < 1e-9, "ghost velocity = desired");
  const v = s.readout.vehicle;
  const d = s.readout.debug;
  assert.ok(Math.hypot(v.vx - d.desired.x, v.vy - d.desired.y) > 0.05, "the steered vehicle is still turning");
  await page.locator('[data-diagram="steering"]').screenshot({ path: screenshotPath("steering") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("every behaviour in the picker runs while playing, without errors", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.locator('[data-diagram="steering"]').scrollIntoViewIfNeeded();
  for (const behavior of ["seek", "flee", "arrive", "pursue", "evade", "wander", "flock", "path"]) {
    await setState(page, { mode: "single", behavior, noSteering: false, playing: true });
    await page.waitForFunction(() => window.__arcline.diagrams.steering.readout().steps >= 5);
    const s = await state(page);
    assert.equal(s.behavior, behavior);
    assert.equal(s.readout.error, null, `${behavior}: ${s.readout.error}`);
    assert.ok(Number.isFinite(s.readout.vehicle.x) && Number.isFinite(s.readout.vehicle.heading), behavior);
    if (behavior === "path") assert.equal(s.readout.path.word, "SLSLS");
    if (behavior === "pursue" || behavior === "evade") assert.ok(s.readout.quarry);
  }
  await setState(page, { playing: false });
  assert.deepEqual(problems, []);
  await context.close();
});

test("crowd mode steps and draws 100,000 vehicles with any behaviour and shows the step time", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.locator('[data-diagram="steering"]').scrollIntoViewIfNeeded();
  await setState(page, { mode: "crowd", count: 100000, playing: true });
  await page.waitForFunction(() => window.__arcline.diagrams.steering.readout().steps >= 3, null, { timeout: 60000 });
  const s = await state(page);
  assert.equal(s.readout.count, 100000);
  assert.ok(s.readout.stepMs > 0 && Number.isFinite(s.readout.stepMs));
  const text = await page.locator('[data-diagram="steering"] .readout').textContent();
  assert.match(text, /ms in wasm/);
  assert.match(text, /frames\/s/);
  // The behaviour menu works in crowd mode: every behaviour steps the crowd
  // (pursue and evade add their quarry to it).
  const menu = page.locator('[data-diagram="steering"] select').nth(1);
  assert.equal(await menu.isDisabled(), false);
  for (const behavior of ["flock", "pursue", "path", "contain"]) {
    await menu.selectOption(behavior);
    await page.waitForFunction(() => window.__arcline.diagrams.steering.readout().steps >= 2, null, { timeout: 60000 });
    const t = await state(page);
    assert.equal(t.behavior, behavior);
    assert.equal(t.readout.count, behavior === "pursue" ? 100001 : 100000);
    assert.equal(t.readout.error, null);
    assert.ok(t.readout.stepMs > 0);
  }
  await setState(page, { playing: false });
  await page.locator('[data-diagram="steering"]').screenshot({ path: screenshotPath("steering-crowd") });
  assert.deepEqual(problems, []);
  await context.close();
});

/**
 * A scattered crowd after `n` presses of Step (each waited for), its drag of
 * the target between the 2nd and 3rd; on a page with or without workers.
 */
async function crowdAfterSteps(n, { workers }) {
  const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
  if (!workers) await context.addInitScript(() => delete window.Worker);
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => (m.type() === "error" || m.type() === "warning") && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  await page.goto(env.base + "/");
  await page.waitForFunction(() => window.__arcline?.ready === true);
  const root = page.locator('[data-diagram="steering"]');
  await root.scrollIntoViewIfNeeded();
  await setState(page, { mode: "crowd", count: 20000, behavior: "pursue", playing: false });
  for (let k = 1; k <= n; k++) {
    if (k === 3) await setState(page, { target: { x: -20, y: 35 } });
    await root.getByRole("button", { name: "Step", exact: true }).click();
    await page.waitForFunction((k) => window.__arcline.diagrams.steering.readout().steps === k, k, { timeout: 60000 });
  }
  const s = await state(page);
  await context.close();
  return { s, problems };
}

test("a scattered crowd is stepped in a worker, and steps as the same World stepped on the page's thread", async () => {
  const off = await crowdAfterSteps(6, { workers: true });
  const on = await crowdAfterSteps(6, { workers: false });
  assert.equal(off.s.readout.offThread, true);
  assert.equal(on.s.readout.offThread, false);
  assert.deepEqual(off.problems, []);
  assert.deepEqual(on.problems, []);
  assert.equal(off.s.readout.count, 20001);
  // Both have moved from where they were scattered, and agree to the bit.
  assert.deepEqual(off.s.readout.drawn, on.s.readout.drawn);
  const scattered = (await crowdAfterSteps(0, { workers: true })).s.readout.drawn;
  assert.notDeepEqual(off.s.readout.drawn.first, scattered.first);
});
