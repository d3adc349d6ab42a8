// The junction diagram in Chromium: the default crossroads has the
// movements the lane table gives, dragging an arm moves it and every path
// from it, an arm dragged into the centre stops where the junction still
// builds (and says why), turning an arm turns its paths, the toggle shows
// every path with its radius, an unsolvable scene is told in words, lanes
// that would leave no junction are refused, 3 to 6 arms build, the
// OpenDRIVE download holds every road, and the page logs no error or
// warning.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { openBrowser, openPage, screenPointOf, drag, screenshotPath, pxPerUnit } from "./browser.mjs";
import { nearWithin } from "../near.mjs";

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
    const d = window.__arcline.diagrams.junction;
    return { ...d.getState(), readout: d.readout() };
  });
const near = nearWithin(1e-9);

async function open() {
  const opened = await openPage(env.browser, env.base + "/");
  await opened.page.locator('[data-diagram="junction"]').scrollIntoViewIfNeeded();
  return opened;
}


test("the default crossroads has the movements of the lane table", async () => {
  const { page, context, problems } = await open();
  const s = await state(page);
  assert.equal(s.arms.length, 4);
  assert.equal(s.readout.error, null);
  assert.deepEqual(s.readout.order, [0, 1, 2, 3]);
  // East and west: two lanes each way (right 1, straight 2, left 1 = 4 each);
  // north and south: one each way (3 each): 14 paths.
  assert.equal(s.readout.connections.length, 14);
  const from0 = s.readout.connections.filter((c) => c.from === 0).map((c) => [c.to, c.kind, c.fromLane, c.toLane]);
  // Arm 0's lanes: sidewalk, back, back, forward, forward, sidewalk. Kerb lane 4
  // turns right into the north arm's kerb lane 1; lanes 4 and 3 go straight
  // into 1 and 2; the inner lane 3 turns left into the south arm's inner lane 2.
  assert.deepEqual(from0, [
    [1, "right", 4, 1],
    [2, "straight", 4, 1],
    [2, "straight", 3, 2],
    [3, "left", 3, 2],
  ]);
  assert.equal(s.readout.shown, 4, "only arm 0's paths until the toggle");
  assert.equal(s.readout.corners, 4);
  await page.locator('[data-diagram="junction"]').screenshot({ path: screenshotPath("junction") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("dragging an arm's mouth moves it and every path from it", async () => {
  const { page, context, problems } = await open();
  const k = await pxPerUnit(page, "junction");
  const from = await screenPointOf(page, "junction", "arm 0 mouth");
  const grab = { x: from.x + 2, y: from.y - 2 };
  // 10 world units out along the east arm (x 20 -> 30).
  await drag(page, grab, { x: grab.x + 10 * k, y: grab.y });
  await page.waitForFunction(() => window.__arcline.diagrams.junction.getState().arms[0].x > 25);
  const s = await state(page);
  assert.ok(Math.abs(s.arms[0].x - 30) < 2 / k, `x ${s.arms[0].x}`);
  assert.equal(s.readout.error, null);
  assert.equal(s.readout.note, "");
  // The arm heads west: every path from it starts on its mouth, x = the arm's x.
  const from0 = s.readout.connections.filter((c) => c.from === 0);
  assert.equal(from0.length, 4);
  for (const c of from0) near(c.start.x, s.arms[0].x, 1e-9);
  assert.deepEqual(problems, []);
  await context.close();
});

test("an arm dragged into the centre stops where the junction still builds, and says why", async () => {
  const { page, context, problems } = await open();
  const k = await pxPerUnit(page, "junction");
  const from = await screenPointOf(page, "junction", "arm 0 mouth");
  await drag(page, from, { x: from.x - 19 * k, y: from.y }, 24);
  const s = await state(page);
  assert.equal(s.readout.error, null, "the junction still builds");
  assert.ok(s.arms[0].x < 20 && s.arms[0].x > 5, `stopped at x ${s.arms[0].x}`);
  assert.match(s.readout.note, /^Arm 0 stops here\. Beyond: arms\[\d\]/);
  const status = await page.locator('[data-diagram="junction"] .status').textContent();
  assert.match(status, /Arm 0 stops here/);
  await page.locator('[data-diagram="junction"]').screenshot({ path: screenshotPath("junction-stopped") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("turning an arm by its knob turns it and keeps the junction built", async () => {
  const { page, context, problems } = await open();
  const knob = await screenPointOf(page, "junction", "arm 1 heading");
  const centre = await screenPointOf(page, "junction", "arm 1 mouth");
  const r = Math.hypot(knob.x - centre.x, knob.y - centre.y);
  // The knob is outwards (north, screen up); swing it 20° clockwise (towards screen right).
  const a = -Math.PI / 2 + (20 * Math.PI) / 180;
  await drag(page, knob, { x: centre.x + r * Math.cos(a), y: centre.y + r * Math.sin(a) });
  const s = await state(page);
  // Heading in was -π/2 (south); the arm turned 20° clockwise: -π/2 - 20°.
  near(s.arms[1].heading, -Math.PI / 2 - (20 * Math.PI) / 180, 0.05);
  assert.equal(s.readout.error, null);
  assert.equal(s.selected, 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the toggle shows every turn path with its radius", async () => {
  const { page, context, problems } = await open();
  const section = page.locator('[data-diagram="junction"]');
  await section.getByLabel("every turn path with its radius").check();
  await page.waitForFunction(() => window.__arcline.diagrams.junction.getState().allPaths === true);
  const s = await state(page);
  assert.equal(s.readout.shown, s.readout.connections.length);
  // One radius label per path that turns (its tightest arc); straight paths have none.
  const turning = s.readout.connections.filter((c) => c.radii.length > 0).length;
  assert.equal(s.readout.labels, turning);
  assert.ok(turning >= 8, `${turning} turning paths`);
  const arcs = s.readout.connections.reduce((n, c) => n + c.radii.length, 0);
  assert.ok(arcs >= 8, `${arcs} arcs`);
  for (const c of s.readout.connections) for (const r of c.radii) assert.ok(r >= 5 - 1e-9, `radius ${r}`);
  await section.screenshot({ path: screenshotPath("junction-paths") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("an unsolvable scene from a link is told in words, and 3 to 6 arms build", async () => {
  const { page, context, problems } = await open();
  // Two arms heading the same way.
  await page.evaluate(() =>
    window.__arcline.diagrams.junction.setState({
      arms: [
        { x: 20, y: 0, heading: Math.PI, preset: "2 lanes" },
        { x: 0, y: 20, heading: -Math.PI / 2, preset: "2 lanes" },
        { x: 10, y: 40, heading: -Math.PI / 2, preset: "2 lanes" },
      ],
    }),
  );
  let s = await state(page);
  assert.match(s.readout.error, /^arms\[2\]: heads the same way as arms\[1\]/);
  const status = await page.locator('[data-diagram="junction"] .status').textContent();
  assert.match(status, /^Cannot build the junction: arms\[2\]/);
  const section = page.locator('[data-diagram="junction"]');
  for (const n of ["3", "5", "6"]) {
    // The first select of the control bar: the number of arms.
    await section.locator(".controls select").first().selectOption(n);
    s = await state(page);
    assert.equal(s.arms.length, Number(n));
    assert.equal(s.readout.error, null, `${n} arms: ${s.readout.error}`);
    assert.ok(s.readout.connections.length > 0);
  }
  await section.screenshot({ path: screenshotPath("junction-six-arms") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("lanes that would leave no junction are refused, saying why", async () => {
  const { page, context, problems } = await open();
  // Arm 0 close in: the east mouth's cross-section is x = 8.
  await page.evaluate(() =>
    window.__arcline.diagrams.junction.setState({
      arms: [
        { x: 8, y: 0, heading: Math.PI, preset: "2 lanes" },
        { x: 0, y: 20, heading: -Math.PI / 2, preset: "2 lanes" },
        { x: -20, y: 0, heading: 0, preset: "2 lanes" },
        { x: 0, y: -20, heading: Math.PI / 2, preset: "2 lanes" },
      ],
    }),
  );
  let s = await state(page);
  assert.equal(s.readout.error, null);
  const section = page.locator('[data-diagram="junction"]');
  // Six lanes and a median make arm 1 25.5 wide: its edge at x = 12.75 is behind x = 8.
  await section.locator('[data-arm="1"] select').selectOption("6 lanes, median");
  s = await state(page);
  assert.equal(s.arms[1].preset, "2 lanes");
  assert.equal(await section.locator('[data-arm="1"] select').inputValue(), "2 lanes");
  assert.equal(s.readout.error, null);
  assert.match(s.readout.note, /^Arm 1 cannot have 6 lanes, median here: arms\[1\]: reaches behind the mouth of arms\[0\]/);
  // Bike lanes on arm 3 (14 wide: its edges at x = ±7, in front of x = 8) fit.
  await section.locator('[data-arm="3"] select').selectOption("bike lanes");
  s = await state(page);
  assert.equal(s.arms[3].preset, "bike lanes");
  assert.equal(s.readout.note, "");
  assert.equal(s.readout.error, null);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the OpenDRIVE download holds every road and connection", async () => {
  const { page, context, problems } = await open();
  const waiting = page.waitForEvent("download");
  await page.locator('[data-diagram="junction"]').getByRole("button", { name: "download OpenDRIVE (.xodr)" }).click();
  const download = await waiting;
  assert.equal(download.suggestedFilename(), "junction.xodr");
  const xodr = readFileSync(await download.path(), "utf8");
  assert.match(xodr, /<header revMajor="1" revMinor="8"/);
  // Four arm roads and one connecting road per path.
  const s = await state(page);
  assert.equal([...xodr.matchAll(/<road id=/g)].length, 4 + s.readout.connections.length);
  assert.equal([...xodr.matchAll(/<connection /g)].length, s.readout.connections.length);
  assert.deepEqual(problems, []);
  await context.close();
});
