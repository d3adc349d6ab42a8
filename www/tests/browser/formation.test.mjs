// The formation diagram in Chromium: the group gathers into its pattern,
// dragging the target moves the formation there, clicking a vehicle removes
// it and the others close ranks, the button adds one, and the pattern picker,
// spacing and assignment reach the core. No console error or warning.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, openPage, screenPointOf, drag, cameraStill, screenshotPath } from "./browser.mjs";

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
    const d = window.__arcline.diagrams.formation;
    return { ...d.getState(), readout: d.readout() };
  });
const settled = (page, tol = 0.1) =>
  page.waitForFunction((tol) => {
    const s = window.__arcline.diagrams.formation.readout();
    return s.members > 0 && s.maxSlotError < tol;
  }, tol, { timeout: 60_000 });

async function open() {
  const o = await openPage(env.browser, env.base + "/");
  await o.page.locator('[data-diagram="formation"]').scrollIntoViewIfNeeded();
  return o;
}

function sortedSlots(s) {
  return s.readout.slots.map((t) => t.slot).sort((a, b) => a - b);
}

test("the vehicles gather into the pattern at the target, every one in its own slot", async () => {
  const { page, context, problems } = await open();
  const s0 = await state(page);
  assert.equal(s0.readout.members, 7);
  assert.equal(s0.readout.pattern, s0.pattern);
  await settled(page);
  const s = await state(page);
  assert.deepEqual(sortedSlots(s), [0, 1, 2, 3, 4, 5, 6]);
  // The anchor is at the target pose (a pose target turns the formation).
  assert.ok(Math.hypot(s.readout.anchor.x - s.target.x, s.readout.anchor.y - s.target.y) < 0.1);
  assert.ok(Math.abs(s.readout.anchor.heading - s.target.heading) < 1e-6);
  // The centroid of the slot targets is the anchor.
  const n = s.readout.slots.length;
  const cx = s.readout.slots.reduce((a, t) => a + t.target.x, 0) / n;
  const cy = s.readout.slots.reduce((a, t) => a + t.target.y, 0) / n;
  assert.ok(Math.abs(cx - s.readout.anchor.x) < 1e-9 && Math.abs(cy - s.readout.anchor.y) < 1e-9);
  await page.locator('[data-diagram="formation"]').screenshot({ path: screenshotPath("formation") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("dragging the target moves the formation there", async () => {
  const { page, context, problems } = await open();
  const before = await state(page);
  const from = await screenPointOf(page, "formation", "formation target");
  await drag(page, from, { x: from.x - 160, y: from.y + 60 });
  await page.waitForFunction((x0) => window.__arcline.diagrams.formation.getState().target.x < x0 - 5, before.target.x);
  const moved = await state(page);
  await page.waitForFunction(
    (t) => {
      const a = window.__arcline.diagrams.formation.readout().anchor;
      return Math.hypot(a.x - t.x, a.y - t.y) < 0.1;
    },
    moved.target,
    { timeout: 60_000 },
  );
  await settled(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test("clicking a vehicle removes it and the others close ranks; the button adds one", async () => {
  const { page, context, problems } = await open();
  await settled(page);
  await cameraStill(page, "formation");
  const s = await state(page);
  const victim = s.readout.vehicles[3];
  const rect = await page.evaluate(() => {
    const r = document.querySelector('[data-diagram="formation"] canvas').getBoundingClientRect();
    return { left: r.left, top: r.top };
  });
  await page.mouse.click(rect.left + victim.screen.x, rect.top + victim.screen.y);
  await page.waitForFunction(() => window.__arcline.diagrams.formation.readout().members === 6);
  const after = await state(page);
  assert.ok(!after.readout.vehicles.some((v) => v.id === victim.id));
  assert.deepEqual(sortedSlots(after), [0, 1, 2, 3, 4, 5]);
  await settled(page);
  await page.locator('[data-diagram="formation"] button', { hasText: "add a vehicle" }).click();
  await page.waitForFunction(() => window.__arcline.diagrams.formation.readout().members === 7);
  await settled(page);
  assert.deepEqual(sortedSlots(await state(page)), [0, 1, 2, 3, 4, 5, 6]);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the pattern picker, the spacing slider and the assignment toggle reach the core", async () => {
  const { page, context, problems } = await open();
  const root = page.locator('[data-diagram="formation"]');
  await root.locator("select").first().selectOption("circle");
  await page.waitForFunction(() => window.__arcline.diagrams.formation.readout().pattern === "circle");
  await root.locator("select").nth(1).selectOption("sequential");
  await page.waitForFunction(() => window.__arcline.diagrams.formation.readout().assignment === "sequential");
  await root.locator('input[type="range"]').fill("5");
  await page.waitForFunction(() => window.__arcline.diagrams.formation.readout().spacing === 5);
  await settled(page);
  // A circle of 7 at spacing 5: every member 5 / (2 sin(π/7)) from the anchor.
  const s = await state(page);
  const r = 5 / (2 * Math.sin(Math.PI / 7));
  for (const t of s.readout.slots) {
    const d = Math.hypot(t.target.x - s.readout.anchor.x, t.target.y - s.readout.anchor.y);
    assert.ok(Math.abs(d - r) < 1e-9, `${d} vs ${r}`);
  }
  await root.screenshot({ path: screenshotPath("formation-circle") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("the formation follows a turning path (planDubins) to the target, like a vehicle", async () => {
  const { page, context, problems } = await open();
  const enabled = await page.evaluate(() => !document.querySelector('[data-diagram="formation"] input[type="checkbox"]').disabled);
  assert.ok(enabled, "the turning-path toggle needs planDubins from the planner");
  await settled(page);
  await page.evaluate(() => window.__arcline.diagrams.formation.setState({ target: { x: -10, y: -8, heading: Math.PI } }));
  await page.locator('[data-diagram="formation"]').getByLabel("follow a turning path").check();
  const s = await state(page);
  assert.equal(s.followPath, true);
  assert.match(s.readout.pathWord ?? "", /^[LSR]{3}$/);
  await page.locator('[data-diagram="formation"]').screenshot({ path: screenshotPath("formation-path") });
  await page.waitForFunction(
    (t) => {
      const c = window.__arcline.diagrams.formation.readout();
      return c.pathWord === null && Math.hypot(c.anchor.x - t.x, c.anchor.y - t.y) < 0.1 && Math.abs(Math.cos(c.anchor.heading - t.heading) - 1) < 1e-6;
    },
    s.target,
    { timeout: 60_000 },
  );
  await settled(page);
  assert.deepEqual(problems, []);
  await context.close();
});
