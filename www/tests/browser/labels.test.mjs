// Point labels in Chromium: in every diagram's default scene, in every
// figure step, and after drags, no two placed label boxes overlap (read
// through the read-only hook window.__arclineLabels, not the diagrams'
// state).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, openPage, screenPointOf, drag } from "./browser.mjs";

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

/** The label boxes of `kind`'s canvas after its next two frames (what the last draw placed). */
async function boxes(page, kind) {
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  return page.evaluate((k) => {
    const section = document.querySelector(`[data-diagram="${k}"]`);
    const canvas = section.querySelector(".stage").getBoundingClientRect();
    return { boxes: window.__arclineLabels(section), width: canvas.width, height: canvas.height };
  }, kind);
}

/** Asserts no two boxes overlap (by more than half a pixel each way). */
function assertClear({ boxes: list }, what) {
  for (let i = 0; i < list.length; i++) {
    const a = list[i];
    for (let j = i + 1; j < list.length; j++) {
      const b = list[j];
      const ox = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const oy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      assert.ok(!(ox > 0.5 && oy > 0.5), `${what}: "${a.text}" and "${b.text}" overlap by ${ox.toFixed(1)} × ${oy.toFixed(1)} px`);
    }
  }
}

const KINDS = ["arc", "planner", "pathfind", "steering", "formation", "road", "junction"];

test("no two labels overlap in any diagram's default scene, nor in any of its figures", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  let total = 0;
  for (const kind of KINDS) {
    const section = page.locator(`[data-diagram="${kind}"]`);
    if ((await section.count()) === 0) continue;
    await section.scrollIntoViewIfNeeded();
    const first = await boxes(page, kind);
    assertClear(first, `${kind}, default scene`);
    total += first.boxes.length;
    const steps = await section.locator(".steps button").evaluateAll((bs) => bs.map((b) => b.dataset.step));
    for (const step of steps) {
      await section.locator(`.steps button[data-step="${step}"]`).click();
      const b = await boxes(page, kind);
      assertClear(b, `${kind}, figure ${step}`);
      total += b.boxes.length;
    }
  }
  assert.ok(total > 30, `labels were placed (${total})`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("labels stay clear of each other while the reader drags", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  // The planner's construction: every label of both sides, the target dragged round the unit.
  const planner = page.locator('[data-diagram="planner"]');
  await planner.scrollIntoViewIfNeeded();
  await planner.locator('.steps button[data-step="construction"]').click();
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  const target = await screenPointOf(page, "planner", "target");
  const moves = [
    { x: target.x - 120, y: target.y - 60 },
    { x: target.x - 260, y: target.y + 10 },
    { x: target.x - 200, y: target.y - 150 },
    { x: target.x + 40, y: target.y - 120 },
  ];
  let at = target;
  for (const to of moves) {
    await drag(page, at, to, 8);
    at = to;
    const b = await boxes(page, "planner");
    // Both sides' P, h and more (a side that cannot reach has fewer).
    assert.ok(b.boxes.length >= 6, `planner labels after a drag: ${b.boxes.length}`);
    assertClear(b, `planner after dragging the target to ${to.x},${to.y}`);
  }
  // The road's fillet, profile B dragged.
  const road = page.locator('[data-diagram="road"]');
  await road.scrollIntoViewIfNeeded();
  await road.locator('.steps button[data-step="fillet"]').click();
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  let p = await screenPointOf(page, "road", "profile 1 centre");
  for (const d of [{ x: 40, y: -30 }, { x: -70, y: 20 }]) {
    const to = { x: p.x + d.x, y: p.y + d.y };
    await drag(page, p, to, 8);
    p = to;
    assertClear(await boxes(page, "road"), `road fillet after a drag by ${d.x},${d.y}`);
  }
  // The formation with a member removed, its target dragged, labels read while it moves.
  const formation = page.locator('[data-diagram="formation"]');
  await formation.scrollIntoViewIfNeeded();
  await formation.locator('.steps button[data-step="removed"]').click();
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  const t = await screenPointOf(page, "formation", "formation target");
  await drag(page, t, { x: t.x - 150, y: t.y + 60 }, 8);
  for (let i = 0; i < 5; i++) {
    assertClear(await boxes(page, "formation"), `formation, frame ${i} after a drag`);
    await page.waitForTimeout(150);
  }
  // The seek figure, its target dragged.
  const steering = page.locator('[data-diagram="steering"]');
  await steering.scrollIntoViewIfNeeded();
  const s = await screenPointOf(page, "steering", "target");
  await drag(page, s, { x: s.x - 300, y: s.y + 40 }, 8);
  const sb = await boxes(page, "steering");
  assert.deepEqual(sb.boxes.map((b) => b.text).sort(), ["current velocity", "desired velocity", "steering"]);
  assertClear(sb, "seek figure after a drag");
  assert.deepEqual(problems, []);
  await context.close();
});
