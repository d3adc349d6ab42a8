// Framing: every diagram fits its subject (the box of what the reader
// needs: handles, paths, vehicles) on load and on resize, keeps a moving
// subject inside the canvas (checked after 10 s of animation, and point by
// point for the vehicles and units, from the camera the view publishes),
// stops following once the reader pans, and "Fit" frames it again; a view
// off screen does not paint, and comes into view framed.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, openPage, drag, screenshotPath } from "./browser.mjs";

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

const KINDS = ["arc", "planner", "pathfind", "parking", "steering", "formation", "road", "junction"];
const MARGIN = 48;

/** Each diagram's canvas size, its camera and its subject's box on screen (from the stage's data-camera and data-subject). */
function frames(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll("[data-diagram]")].map((section) => {
        const stage = section.querySelector(".stage");
        const [cx, cy, scale] = (stage.dataset.camera ?? "").split(",").map(Number);
        const [left, top, right, bottom] = (stage.dataset.subject ?? "").split(",").map(Number);
        return [section.dataset.diagram, { width: stage.clientWidth, height: stage.clientHeight, cx, cy, scale, left, top, right, bottom }];
      }),
    ),
  );
}

/** Where a world point is on a diagram's canvas, from its published camera. */
const toScreen = (f, p) => ({ x: (p.x - f.cx) * f.scale + f.width / 2, y: f.height / 2 - (p.y - f.cy) * f.scale });

function assertInside(f, what) {
  assert.ok(Number.isFinite(f.left) && Number.isFinite(f.bottom), `${what}: no subject published`);
  assert.ok(f.left >= 0 && f.top >= 0 && f.right <= f.width && f.bottom <= f.height, `${what}: subject ${f.left},${f.top},${f.right},${f.bottom} in ${f.width}×${f.height}`);
}

function assertPointInside(f, p, what) {
  const s = toScreen(f, p);
  assert.ok(s.x >= 0 && s.y >= 0 && s.x <= f.width && s.y <= f.height, `${what} at (${s.x.toFixed(1)}, ${s.y.toFixed(1)}) in ${f.width}×${f.height}`);
}

/** Fitted: inside with the margin, and filling the canvas along one axis (within a pixel). */
function assertFitted(f, what) {
  assertInside(f, what);
  const fillX = (f.right - f.left) / (f.width - 2 * MARGIN);
  const fillY = (f.bottom - f.top) / (f.height - 2 * MARGIN);
  assert.ok(Math.abs(Math.max(fillX, fillY) - 1) < 0.01, `${what}: fills ${fillX.toFixed(3)} × ${fillY.toFixed(3)} of the framed area`);
  const midX = (f.left + f.right) / 2 - f.width / 2;
  const midY = (f.top + f.bottom) / 2 - f.height / 2;
  assert.ok(Math.abs(midX) < 1 && Math.abs(midY) < 1, `${what}: centred (${midX.toFixed(2)}, ${midY.toFixed(2)})`);
}

test("every diagram fits its subject on load, and again when the page is resized", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/", { viewport: { width: 1200, height: 6200 } });
  await page.waitForFunction(() => [...document.querySelectorAll(".stage")].every((s) => s.dataset.subject));
  // Formation and steering move from the first frame; the static ones are exactly fitted.
  let f = await frames(page);
  for (const kind of ["arc", "planner", "pathfind", "parking", "road", "junction"]) assertFitted(f[kind], `${kind} on load`);
  for (const kind of KINDS) assertInside(f[kind], `${kind} on load`);
  await page.setViewportSize({ width: 700, height: 7000 });
  await page.waitForFunction(() => [...document.querySelectorAll(".stage")].every((s) => s.clientWidth < 700));
  await page.waitForFunction(() => {
    const s = document.querySelector('[data-diagram="arc"] .stage');
    return Number(s.dataset.subject.split(",")[2]) <= s.clientWidth;
  });
  f = await frames(page);
  for (const kind of ["arc", "planner", "pathfind", "parking", "road", "junction"]) assertFitted(f[kind], `${kind} after a resize`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("after 10 s of animation every subject is still inside its canvas", async () => {
  // A window tall enough to show every diagram at once (off screen, a view does not paint).
  const { page, context, problems } = await openPage(env.browser, env.base + "/", { viewport: { width: 1200, height: 6200 } });
  assert.equal(await page.evaluate(() => document.querySelectorAll(".stage[data-stale]").length), 0);
  // The planner's unit drives its path; the pathfinder's unit drives with a formation following.
  await page.locator('[data-diagram="planner"] button', { hasText: "Play" }).click();
  await page.locator('[data-diagram="pathfind"] label', { hasText: "a formation follows" }).locator("input").check();
  await page.locator('[data-diagram="pathfind"] button', { hasText: "Play" }).click();
  // The steering diagram opens on its still seek figure: play it.
  await page.locator('[data-diagram="steering"] button', { hasText: "Play" }).click();
  // 10 s of the page's time, during which every animation ran (the steering
  // diagram steps once a frame, the formation runs at twice real time).
  const t0 = await page.evaluate(() => performance.now());
  await page.waitForFunction((t0) => performance.now() - t0 >= 10000, t0, { timeout: 60000, polling: 250 });
  const ran = await page.evaluate(() => ({ steps: window.__arcline.diagrams.steering.readout().steps, simulated: window.__arcline.diagrams.formation.readout().simulated }));
  assert.ok(ran.steps >= 200 && ran.simulated >= 10, `the animations ran: ${JSON.stringify(ran)}`);
  await page.waitForFunction(() => !window.__arcline.diagrams.planner.readout().playing);
  // Any glide under way finishes (a glide's time constant is a fraction of a second).
  await page.waitForTimeout(1500);
  assert.equal(await page.evaluate(() => document.querySelectorAll(".stage[data-stale]").length), 0, "every view painting");
  const f = await frames(page);
  for (const kind of KINDS) assertInside(f[kind], `${kind} after 10 s`);
  const r = await page.evaluate(() => Object.fromEntries(Object.entries(window.__arcline.diagrams).map(([k, d]) => [k, d.readout()])));
  // The moving things, one by one, from the core's numbers and the view's camera.
  for (const v of r.formation.vehicles) assertPointInside(f.formation, v, `formation vehicle ${v.id}`);
  assertPointInside(f.formation, r.formation.anchor, "formation anchor");
  assertPointInside(f.steering, r.steering.vehicle, "steering vehicle");
  assertPointInside(f.planner, r.planner.unitAt, "planner unit");
  assertPointInside(f.pathfind, r.pathfind.unitAt, "pathfind unit");
  assert.equal(r.pathfind.followers.length, 5);
  for (const v of r.pathfind.followers) assertPointInside(f.pathfind, v, "pathfind follower");
  // The formation reached its target: the camera went with it.
  const target = (await page.evaluate(() => window.__arcline.diagrams.formation.getState())).target;
  assert.ok(Math.hypot(r.formation.anchor.x - target.x, r.formation.anchor.y - target.y) < 0.5, "the formation arrived");
  await page.locator('[data-diagram="formation"]').screenshot({ path: screenshotPath("framing-formation-10s") });
  await page.locator('[data-diagram="steering"]').screenshot({ path: screenshotPath("framing-steering-10s") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("a crowd scene's bodies stay inside the canvas as the streams cross and walk on", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/", { viewport: { width: 1200, height: 900 } });
  await page.locator('[data-diagram="steering"]').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.__arcline.diagrams.steering.setState({ mode: "crowd", scene: "crossing", avoid: true, playing: true }));
  // The streams start inside a square around the origin and arrive beyond it.
  await page.waitForFunction(() => window.__arcline.diagrams.steering.readout().steps >= 400, null, { timeout: 60000 });
  await page.evaluate(() => window.__arcline.diagrams.steering.setState({ playing: false }));
  await page.waitForTimeout(1500);
  const f = (await frames(page)).steering;
  assertInside(f, "crossing streams");
  const bodies = await page.evaluate(() => window.__arcline.diagrams.steering.readout().bodies);
  assert.equal(bodies.length, 200);
  for (const [i, b] of bodies.entries()) assertPointInside(f, b, `body ${i}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a subject moved out of view is brought back; a pan stops following; Fit frames again", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.locator('[data-diagram="road"] .stage canvas').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('[data-diagram="road"] .stage').dataset.subject);
  // A profile set far away (as a restored scene or the keyboard might): the view glides to hold it.
  await page.evaluate(() => {
    const d = window.__arcline.diagrams.road;
    const p = d.getState().profiles;
    d.setState({ profiles: [...p.slice(0, 2), { x: 140, y: 60, heading: 0 }] });
  });
  await page.waitForFunction(() => {
    const s = document.querySelector('[data-diagram="road"] .stage');
    const [l, t, r, b] = s.dataset.subject.split(",").map(Number);
    return l >= 0 && t >= 0 && r <= s.clientWidth && b <= s.clientHeight;
  });
  // Pan by dragging empty space: the camera is the reader's now and stays where they left it.
  const box = await page.locator('[data-diagram="road"] .stage canvas').boundingBox();
  const empty = { x: box.x + 12, y: box.y + box.height - 12 };
  await drag(page, empty, { x: empty.x + 150, y: empty.y - 100 });
  const panned = (await frames(page)).road;
  await page.evaluate(() => window.__arcline.diagrams.road.setState({ construction: true }));
  await page.waitForTimeout(600);
  const still = (await frames(page)).road;
  assert.deepEqual([still.cx, still.cy, still.scale], [panned.cx, panned.cy, panned.scale], "no glide after the reader panned");
  // Fit: back to the whole subject, fitted.
  await page.locator('[data-diagram="road"] button.fit').click();
  await page.waitForFunction(() => {
    const s = document.querySelector('[data-diagram="road"] .stage');
    const [l, , r] = s.dataset.subject.split(",").map(Number);
    return Math.abs((l + r) / 2 - s.clientWidth / 2) < 1;
  });
  await page.waitForTimeout(800);
  assertFitted((await frames(page)).road, "road after Fit");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a view off screen does not paint; scrolled into view it paints its subject framed", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  // Whether the road's canvas differs from a blank canvas of its size.
  const painted = () =>
    page.evaluate(() => {
      const c = document.querySelector('[data-diagram="road"] .stage canvas');
      const blank = Object.assign(document.createElement("canvas"), { width: c.width, height: c.height });
      return c.toDataURL() !== blank.toDataURL();
    });
  // Far below the first screen at load, it has not been painted at all.
  assert.equal(await painted(), false, "the road painted while off screen at load");
  // The road is far below the first screen: a change to it is not painted yet...
  await page.evaluate(() => window.__arcline.diagrams.road.setState({ profiles: [{ x: -40, y: -15, heading: 0 }, { x: 0, y: 5, heading: Math.PI / 2 }, { x: 200, y: 90, heading: 0 }] }));
  await page.waitForFunction(() => document.querySelector('[data-diagram="road"] .stage').hasAttribute("data-stale"));
  // ...and scrolled into view, it is, with the far profile in the frame at once.
  await page.locator('[data-diagram="road"] .stage').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.querySelector('[data-diagram="road"] .stage').hasAttribute("data-stale"));
  assertInside((await frames(page)).road, "road scrolled into view");
  assert.equal(await painted(), true, "the road not painted once in view");
  assert.deepEqual(problems, []);
  await context.close();
});
