// The playground shell end to end in Chromium: the page loads clean, the
// first diagram's handles move by mouse, touch and keyboard, and what the
// diagram computes follows them.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, openPage, screenPointOf, drag, pxPerUnit, screenshotPath } from "./browser.mjs";

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
    const d = window.__arcline.diagrams.arc;
    return { ...d.getState(), readout: d.readout() };
  });

test("the page loads with no console error or warning and shows the first arc", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const s = await state(page);
  // Default pose (-6,-3) heading 0.2 to point (4,4): the arc radius from the
  // closed form s = |d|² / (2 n·d), n = (-sin 0.2, cos 0.2), d = (10, 7).
  const n = { x: -Math.sin(0.2), y: Math.cos(0.2) };
  const expected = (10 * 10 + 7 * 7) / (2 * (n.x * 10 + n.y * 7));
  assert.equal(s.readout.word, "L");
  assert.ok(Math.abs(s.readout.radius - Math.abs(expected)) < 1e-9, `${s.readout.radius} vs ${expected}`);
  await page.locator('[data-diagram="arc"]').screenshot({ path: screenshotPath("arc") });
  await page.screenshot({ path: screenshotPath("playground"), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test("dragging the point with the mouse moves it by the drag and keeps the grab offset", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const before = await state(page);
  const camera = await pxPerUnit(page, "arc");
  const from = await screenPointOf(page, "arc", "point to reach");
  // Grab 3 px off the knob centre: the offset must be kept.
  const grab = { x: from.x + 3, y: from.y - 2 };
  await drag(page, grab, { x: grab.x + 100, y: grab.y + 50 });
  await page.waitForFunction((x0) => window.__arcline.diagrams.arc.getState().point.x !== x0, before.point.x);
  const after = await state(page);
  assert.ok(Math.abs(after.point.x - before.point.x - 100 / camera) < 1.5 / camera, `dx ${after.point.x - before.point.x}`);
  assert.ok(Math.abs(after.point.y - before.point.y + 50 / camera) < 1.5 / camera, `dy ${after.point.y - before.point.y}`);
  assert.notEqual(after.readout.radius, before.readout.radius);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the heading handle turns the pose, and a point dead behind is explained in words", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.evaluate(() =>
    window.__arcline.diagrams.arc.setState({ pose: { x: 0, y: 0, heading: 0 }, point: { x: -5, y: 0 } }),
  );
  const s = await state(page);
  assert.equal(s.readout.word, null);
  assert.match(s.readout.error, /behind/);
  const status = await page.locator('[data-diagram="arc"] .status').textContent();
  assert.match(status, /No single arc/);
  // Turn the heading knob a quarter turn counter-clockwise (screen: up).
  const knob = await screenPointOf(page, "arc", "start heading");
  const centre = await screenPointOf(page, "arc", "start position");
  const r = knob.x - centre.x;
  await drag(page, knob, { x: centre.x, y: centre.y - r });
  await page.waitForFunction(() => Math.abs(window.__arcline.diagrams.arc.getState().pose.heading - Math.PI / 2) < 0.05);
  assert.equal((await state(page)).readout.word, "L");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a focused handle moves with the arrow keys", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const before = await state(page);
  await page.locator('[data-diagram="arc"] [data-handle="point to reach"]').focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowUp");
  const after = await state(page);
  assert.ok(after.point.x > before.point.x && after.point.y > before.point.y);
  await page.keyboard.press("Shift+ArrowLeft");
  assert.ok((await state(page)).point.x < after.point.x);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a touch drag moves a handle", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/", { hasTouch: true });
  const before = await state(page);
  const from = await screenPointOf(page, "arc", "line end A");
  const cdp = await context.newCDPSession(page);
  const touch = (type, x, y) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y, id: 1 }] });
  await touch("touchStart", from.x, from.y);
  for (let i = 1; i <= 10; i++) await touch("touchMove", from.x + 6 * i, from.y);
  await touch("touchEnd");
  await page.waitForFunction((x0) => window.__arcline.diagrams.arc.getState().line.a.x > x0 + 1, before.line.a.x);
  // A finger landing 20 px beside a handle still takes it (a mouse must come within 14 px).
  const moved = await page.evaluate(() => window.__arcline.diagrams.arc.getState().line.a);
  const knob = await screenPointOf(page, "arc", "line end A");
  await touch("touchStart", knob.x - 20, knob.y);
  for (let i = 1; i <= 10; i++) await touch("touchMove", knob.x - 20, knob.y + 5 * i);
  await touch("touchEnd");
  await page.waitForFunction((y0) => window.__arcline.diagrams.arc.getState().line.a.y < y0 - 1, moved.y);
  assert.deepEqual(problems, []);
  await context.close();
});

test("dragging empty space pans and the wheel zooms, without moving any handle", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const before = await state(page);
  const box = await page.locator('[data-diagram="arc"] canvas').boundingBox();
  const empty = { x: box.x + 20, y: box.y + box.height - 20 };
  const knob0 = await screenPointOf(page, "arc", "point to reach");
  await drag(page, empty, { x: empty.x + 40, y: empty.y - 30 });
  await page.waitForFunction(
    ([x]) => {
      const b = document.querySelector('[data-diagram="arc"] [data-handle="point to reach"]').getBoundingClientRect();
      return Math.abs(b.left + b.width / 2 - x - 40) < 1;
    },
    [knob0.x],
  );
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -200);
  const after = await state(page);
  assert.deepEqual(after.point, before.point);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a module the browser cannot compile shows why in words (a browser without wasm SIMD)", async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  // A wasm header and then bytes no browser accepts: WebAssembly.CompileError,
  // what a browser without SIMD reports for the real module.
  await page.route("**/*.wasm", (route) =>
    route.fulfill({ status: 200, contentType: "application/wasm", body: Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0xff, 0xff]) }),
  );
  await page.goto(env.base + "/");
  const box = page.locator("#load-error");
  await box.waitFor({ state: "visible" });
  const text = await box.textContent();
  assert.match(text, /^Arcline could not start: /);
  assert.match(text, /needs WebAssembly SIMD: Chrome 91, Firefox 89, Safari 16\.4 or later/);
  await context.close();
});
