// The rest of the steering family and collision avoidance in Chromium: each
// new behaviour runs and reports what it aims at (interpose's midpoint of
// the two vehicles it reads, the V's places in the leader's frame, the
// hiding spot, the predictions of stay on path and contain); the crowd's
// "avoid each other" toggle and presets (circle swap, crossing streams): the
// crossing streams never overlap with it (the swap's jam comes close), they
// walk through each other without; the formation's members avoid
// each other and face outward at rest in a circle. Distances are measured
// here from the positions the diagrams report.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, openPage, screenshotPath } from "./browser.mjs";

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

/** The diagram's state (what the reader set) with its read-out (what it computed) beside it. */
const state = (page, kind = "steering") =>
  page.evaluate((k) => {
    const d = window.__arcline.diagrams[k];
    return { ...d.getState(), readout: d.readout() };
  }, kind);
const setState = (page, s, kind = "steering") => page.evaluate(([k, s]) => window.__arcline.diagrams[k].setState(s), [kind, s]);
const stepsAtLeast = (page, n) =>
  page.waitForFunction((n) => window.__arcline.diagrams.steering.readout().steps >= n, n, { timeout: 60000 });

/** Distance from p to the segment ab. */
function toSegment(p, a, b) {
  const abx = b.x - a.x;
  const aby = b.y - a.y;
  const l2 = abx * abx + aby * aby;
  const t = l2 > 0 ? Math.min(1, Math.max(0, ((p.x - a.x) * abx + (p.y - a.y) * aby) / l2)) : 0;
  return Math.hypot(p.x - a.x - t * abx, p.y - a.y - t * aby);
}

/** The smallest distance of two bodies over the sum of their radii. */
function closest(bodies) {
  let best = Infinity;
  for (let i = 0; i < bodies.length; i++) {
    for (let j = i + 1; j < bodies.length; j++) {
      const a = bodies[i];
      const b = bodies[j];
      best = Math.min(best, Math.hypot(a.x - b.x, a.y - b.y) / (a.r + b.r));
    }
  }
  return best;
}

test("interpose, offset pursuit, hide, stay on path and contain run and report what they aim at", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await page.locator('[data-diagram="steering"]').scrollIntoViewIfNeeded();

  await setState(page, { mode: "single", behavior: "interpose", playing: true });
  await stepsAtLeast(page, 400);
  await setState(page, { playing: false });
  let s = await state(page);
  assert.equal(s.readout.error, null);
  const [a, b] = s.readout.others;
  const mid = s.readout.aims[0].target;
  assert.ok(Math.abs(mid.x - (a.x + b.x) / 2) < 1e-9 && Math.abs(mid.y - (a.y + b.y) / 2) < 1e-9, JSON.stringify({ a, b, mid }));
  // Once there, it stays near the segment between the two (the default force limit is small).
  assert.ok(toSegment(s.readout.vehicle, a, b) < 2, `${toSegment(s.readout.vehicle, a, b)} from the segment`);
  await page.locator('[data-diagram="steering"]').screenshot({ path: screenshotPath("steering-interpose") });

  await setState(page, { behavior: "offsetPursuit", playing: true });
  await stepsAtLeast(page, 900);
  await setState(page, { playing: false });
  s = await state(page);
  assert.equal(s.readout.error, null);
  assert.equal(s.readout.followers.length, 3);
  const places = [s.readout.aims[0].target, ...s.readout.followers.map((f) => f.aims[0].target)];
  const bodies = [s.readout.vehicle, ...s.readout.followers.map((f) => f.vehicle)];
  // Each holds its place in the V (within a couple of units at the diagram's small force limit).
  bodies.forEach((v, k) => assert.ok(Math.hypot(v.x - places[k].x, v.y - places[k].y) < 3, `follower ${k} is off its place`));
  // The places form a V: two on each side of the leader's line, behind it.
  const leader = s.readout.others[0];
  const ahead = { x: Math.cos(leader.heading), y: Math.sin(leader.heading) };
  for (const p of places) assert.ok((p.x - leader.x) * ahead.x + (p.y - leader.y) * ahead.y < 0, "a place ahead of the leader");
  await page.locator('[data-diagram="steering"]').screenshot({ path: screenshotPath("steering-offset-pursuit") });

  await setState(page, { behavior: "hide", playing: true });
  await stepsAtLeast(page, 500);
  await setState(page, { playing: false });
  s = await state(page);
  assert.equal(s.readout.error, null);
  const spot = s.readout.aims[0].target;
  assert.ok(spot, "a hiding spot");
  assert.ok(Math.hypot(s.readout.vehicle.x - spot.x, s.readout.vehicle.y - spot.y) < 6, "near its hiding spot");

  for (const behavior of ["stayOnPath", "contain"]) {
    await setState(page, { behavior, playing: true });
    await stepsAtLeast(page, 200);
    await setState(page, { playing: false });
    s = await state(page);
    assert.equal(s.readout.error, null, behavior);
    const predicted = s.readout.aims.find((x) => x.predicted)?.predicted;
    assert.ok(predicted && Number.isFinite(predicted.x), `${behavior} predicts a position`);
  }
  // Contain's room (steering_family.ts): an L with its notch at x > 8, y > 10; the vehicle stays inside.
  const v = s.readout.vehicle;
  const inLower = v.x >= -42 && v.x <= 42 && v.y >= -30 && v.y <= 10;
  const inUpper = v.x >= -42 && v.x <= 8 && v.y >= 10 && v.y <= 34;
  assert.ok(inLower || inUpper, `outside the room at ${JSON.stringify(v)}`);
  await page.locator('[data-diagram="steering"]').screenshot({ path: screenshotPath("steering-contain") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("crowd presets: with 'avoid each other' the bodies keep apart (the swap's jam within 0.9 of touching), without it they walk through each other", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const root = page.locator('[data-diagram="steering"]');
  await root.scrollIntoViewIfNeeded();
  await setState(page, { mode: "crowd", playing: false });
  // The reader's way: the scene menu and the checkbox.
  await root.locator("select").filter({ has: page.locator('option[value="circleSwap"]') }).selectOption("circleSwap");
  const avoid = root.getByLabel("avoid each other");
  if (!(await avoid.isChecked())) await avoid.check();
  let s = await state(page);
  assert.equal(s.scene, "circleSwap");
  assert.equal(s.avoid, true);
  assert.equal(s.readout.bodies.length, 160);
  let least = Infinity;
  await setState(page, { playing: true });
  for (let n = 40; n <= 320; n += 40) {
    await stepsAtLeast(page, n);
    s = await state(page);
    least = Math.min(least, closest(s.readout.bodies));
  }
  // The middle of the swap is a jam where no velocity avoids every
  // neighbour (at the diagram's step of 1): bodies come to about 0.95 of the
  // sum of their radii there (RVO2 lets them come to about 0.6).
  assert.ok(least >= 0.9, `closest approach ${least} of the sum of radii`);
  await setState(page, { playing: false });
  await root.screenshot({ path: screenshotPath("steering-circle-swap") });

  await setState(page, { scene: "crossing", avoid: false, playing: true });
  least = Infinity;
  for (let n = 20; n <= 200; n += 20) {
    await stepsAtLeast(page, n);
    s = await state(page);
    least = Math.min(least, closest(s.readout.bodies));
  }
  assert.ok(least < 0.5, `without avoidance the streams overlap (closest ${least})`);
  await setState(page, { avoid: true });
  least = Infinity;
  for (let n = 20; n <= 200; n += 20) {
    await stepsAtLeast(page, n);
    s = await state(page);
    least = Math.min(least, closest(s.readout.bodies));
  }
  assert.ok(least >= 1 - 1e-6, `crossing with avoidance: closest ${least}`);
  await setState(page, { playing: false });
  await root.screenshot({ path: screenshotPath("steering-crossing") });
  assert.deepEqual(problems, []);
  await context.close();
});

test("formation members avoid each other on the way and face outward at rest in a circle", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const root = page.locator('[data-diagram="formation"]');
  await root.scrollIntoViewIfNeeded();
  await setState(page, { pattern: "circle", avoid: true, playing: true, target: { x: -6, y: -4, heading: 1 } }, "formation");
  let least = Infinity;
  for (let k = 0; k < 20; k++) {
    await page.waitForTimeout(250);
    const s = await state(page, "formation");
    least = Math.min(least, closest(s.readout.vehicles.map((v) => ({ x: v.x, y: v.y, r: v.radius }))));
  }
  assert.ok(least >= 1 - 1e-6, `members came to ${least} of the sum of radii`);
  // At rest (and given a few seconds to turn), each faces away from the members' centre.
  await page.waitForFunction(
    () => {
      const vs = window.__arcline.diagrams.formation.readout().vehicles;
      return vs.every((v) => Math.hypot(v.vx, v.vy) < 0.01);
    },
    null,
    { timeout: 30000 },
  );
  await page.waitForTimeout(3000);
  const s = await state(page, "formation");
  const vs = s.readout.vehicles;
  const cx = vs.reduce((t, v) => t + v.x, 0) / vs.length;
  const cy = vs.reduce((t, v) => t + v.y, 0) / vs.length;
  for (const v of vs) {
    const out = Math.atan2(v.y - cy, v.x - cx);
    const d = Math.atan2(Math.sin(v.heading - out), Math.cos(v.heading - out));
    assert.ok(Math.abs(d) < 0.05, `vehicle ${v.id} heads ${v.heading}, outward is ${out}`);
  }
  await root.screenshot({ path: screenshotPath("formation-circle-facing") });
  assert.deepEqual(problems, []);
  await context.close();
});
