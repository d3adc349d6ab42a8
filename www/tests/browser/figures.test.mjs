// The seed figures as steps in Chromium: every figure exists as a step of
// its diagram, shows its numbers beside the canvas (the panel's text, not a
// status line), the numbers are the core's (checked against the same wasm
// module in Node), and a drag changes them.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as A from "../../pkg/arcline.js";
import { openBrowser, openPage, screenPointOf, drag } from "./browser.mjs";

A.initSync({ module: readFileSync(new URL("../../pkg/arcline_bg.wasm", import.meta.url)) });

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

/** Every seed figure: its diagram, its step, and the numbers it must show. */
const FIGURES = [
  { kind: "planner", step: "turn", keys: ["r", "rightLength", "leftLength", "shorter", "straight"] },
  { kind: "planner", step: "construction", keys: ["rightP", "rightH", "rightD", "rightTheta", "rightQ", "leftP", "leftH", "leftD", "leftTheta", "leftQ"] },
  { kind: "steering", step: "seek", keys: ["desired", "speed", "steering", "force"] },
  { kind: "formation", step: "removed", keys: ["members", "anchor", "centerOfMass", "driftX", "driftY", "driftBeforeX", "driftBeforeY"] },
  { kind: "road", step: "fillet", keys: ["ca", "cb", "cm", "radius", "straight"] },
  { kind: "road", step: "s-curve", keys: ["intermediate", "heading", "t", "radius0", "radius1"] },
  { kind: "road", step: "u-turn", keys: ["center", "radius", "line"] },
  { kind: "road", step: "bezier", keys: ["bezierRadius", "inner", "pinched"] },
  { kind: "road", step: "jerk", keys: ["speed", "arcRadius", "arcAccel", "arcRise", "transition", "ccRadius", "ccAccel", "rise", "jerk"] },
];

/** The panel's rows of `kind`: key → the text shown. */
const panel = (page, kind) =>
  page.evaluate((k) => {
    const out = {};
    for (const row of document.querySelectorAll(`[data-diagram="${k}"] .figure-numbers [data-number]`)) out[row.dataset.number] = row.querySelector("dd").textContent;
    return out;
  }, kind);

const figure = (page, kind) => page.evaluate((k) => window.__arcline.diagrams[k].figure(), kind);
const value = (fig, key) => fig.numbers.find((n) => n.key === key)?.value;

async function showStep(page, kind, step) {
  const section = page.locator(`[data-diagram="${kind}"]`);
  await section.scrollIntoViewIfNeeded();
  await section.locator(`.steps button[data-step="${step}"]`).click();
  await page.waitForFunction(([k, s]) => window.__arcline.diagrams[k].figure().step === s, [kind, step]);
  // The handles' buttons move to the new scene when it is drawn.
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  assert.equal(await section.locator(`.steps button[data-step="${step}"]`).getAttribute("aria-pressed"), "true");
}

test("every seed figure is a step of its diagram and shows its numbers beside the canvas", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  for (const f of FIGURES) {
    await showStep(page, f.kind, f.step);
    const shown = await panel(page, f.kind);
    for (const key of f.keys) {
      assert.ok(key in shown, `${f.kind}/${f.step}: no number "${key}" (shown: ${Object.keys(shown).join(", ")})`);
      assert.notEqual(shown[key], "—", `${f.kind}/${f.step}: "${key}" is undefined in the default scene`);
      assert.ok(shown[key].trim().length > 0, `${f.kind}/${f.step}: "${key}" is empty`);
    }
    // The caption beside the figure says what it is.
    const caption = await page.locator(`[data-diagram="${f.kind}"] .figure-caption`).textContent();
    assert.ok(caption.length > 40, `${f.kind}/${f.step}: caption "${caption}"`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test("the figures' numbers are the core's", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await showStep(page, "planner", "construction");
  const s = await page.evaluate(() => window.__arcline.diagrams.planner.getState());
  const sides = A.planTurnSides(s.unit, s.target, s.radius);
  const fig = await figure(page, "planner");
  for (const side of ["right", "left"]) {
    assert.equal(value(fig, `${side}H`), sides[side].h);
    assert.equal(value(fig, `${side}D`), sides[side].exit.d);
    assert.equal(value(fig, `${side}Theta`), (sides[side].exit.theta * 180) / Math.PI);
  }
  const shown = await panel(page, "planner");
  assert.equal(shown.rightH, sides.right.h.toFixed(2));
  assert.equal(shown.rightQ, `(${sides.right.exit.exit.x.toFixed(2)}, ${sides.right.exit.exit.y.toFixed(2)})`);

  await showStep(page, "road", "fillet");
  const r = await page.evaluate(() => window.__arcline.diagrams.road.getState());
  const prof = (p) => ({ ...p, lanes: r.lanes });
  const c = A.roadConstruction(prof(r.profiles[0]), prof(r.profiles[1]));
  const rf = await figure(page, "road");
  assert.equal(value(rf, "ca"), c.fillets[0].legA);
  assert.equal(value(rf, "cb"), c.fillets[0].legB);
  assert.equal(value(rf, "radius"), c.fillets[0].radius);
  await showStep(page, "road", "bezier");
  const z = await page.evaluate(() => window.__arcline.diagrams.road.getState());
  const bz = A.bezierOffsets(prof(z.profiles[0]), prof(z.profiles[1]));
  const bf = await figure(page, "road");
  assert.equal(value(bf, "bezierRadius"), bz.tightest.radius);
  assert.equal(bz.pinched, true, "the Bézier figure starts pinched");
  assert.equal((await panel(page, "road")).pinched, "yes");
  // Why circles jerk: the arc alone against the same fillet with clothoids,
  // at the figure's speed; the jerk from the arc's radius and the clothoid's
  // length (v³/(rL)), not from the sharpness the page read.
  await showStep(page, "road", "jerk");
  const j = await page.evaluate(() => window.__arcline.diagrams.road.getState());
  assert.ok(j.transition > 0, "the jerk figure starts with transition curves");
  const plainArc = A.connectProfiles(prof(j.profiles[0]), prof(j.profiles[1])).centerline.segments.find((g) => g.kind === "arc");
  const cc = A.connectProfiles(prof(j.profiles[0]), prof(j.profiles[1]), { transition: j.transition }).centerline.segments;
  const ccArc = cc.find((g) => g.kind === "arc");
  const spiral = cc.find((g) => g.kind === "clothoid");
  assert.equal(spiral.length, j.transition);
  const jf = await figure(page, "road");
  const speed = value(jf, "speed");
  assert.equal(value(jf, "arcRadius"), plainArc.radius);
  assert.equal(value(jf, "arcAccel"), (speed * speed) / plainArc.radius);
  assert.equal(value(jf, "ccRadius"), ccArc.radius);
  assert.equal(value(jf, "ccAccel"), (speed * speed) / ccArc.radius);
  assert.equal(value(jf, "rise"), j.transition / speed);
  const jerk = speed ** 3 / (ccArc.radius * j.transition);
  assert.ok(Math.abs(value(jf, "jerk") - jerk) <= 1e-9 * jerk, `jerk ${value(jf, "jerk")} vs v³/(rL) ${jerk}`);
  assert.ok(ccArc.radius < plainArc.radius, "the clothoids take room from the arc: a tighter arc");
  // The plot under it: the road's ramps, and the arc alone's steps behind them.
  assert.match(await page.locator('[data-diagram="road"] .curvature-plot canvas').getAttribute("aria-label"), /jumps 0 times/);
  // With the slider at none the arc is the road, and the figure says what to do.
  await page.evaluate(() => window.__arcline.diagrams.road.setState({ transition: 0 }));
  const none = await panel(page, "road");
  assert.equal(none.transition, "none: move the slider");
  assert.equal(none.arcRadius, plainArc.radius.toFixed(2));

  await showStep(page, "steering", "seek");
  const st = await page.evaluate(() => ({ ...window.__arcline.diagrams.steering.getState(), readout: window.__arcline.diagrams.steering.readout() }));
  assert.equal(st.playing, false, "the seek figure is a still figure");
  const v = st.readout.vehicle;
  const want = A.seekStep({ ...v, maxSpeed: st.maxSpeed, maxForce: st.maxForce, mass: st.mass }, st.target, 1);
  const sf = await figure(page, "steering");
  assert.equal(value(sf, "steering"), want.steeringLength);
  assert.equal(value(sf, "speed"), want.speed);
  assert.deepEqual(problems, []);
  await context.close();
});

test("dragging changes the numbers shown", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const changedAfterDrag = async (kind, step, handle, key, by = { x: -80, y: 50 }) => {
    await showStep(page, kind, step);
    const before = (await panel(page, kind))[key];
    const from = await screenPointOf(page, kind, handle);
    await drag(page, from, { x: from.x + by.x, y: from.y + by.y });
    await page
      .waitForFunction(([k, key, b]) => document.querySelector(`[data-diagram="${k}"] .figure-numbers [data-number="${key}"] dd`)?.textContent !== b, [kind, key, before], {
        timeout: 10000,
      })
      .catch(() => assert.fail(`${kind}/${step}: ${key} still ${before} after dragging ${handle}`));
    const after = (await panel(page, kind))[key];
    assert.notEqual(after, before, `${kind}/${step}: ${key} after dragging ${handle}`);
  };
  await changedAfterDrag("planner", "turn", "target", "straight");
  await changedAfterDrag("planner", "construction", "target", "rightH");
  await changedAfterDrag("steering", "seek", "target", "steering", { x: -150, y: -60 });
  await changedAfterDrag("road", "fillet", "profile 1 centre", "cb", { x: 30, y: 40 });
  await changedAfterDrag("road", "s-curve", "profile 1 centre", "intermediate", { x: 20, y: 30 });
  await changedAfterDrag("road", "u-turn", "profile 1 centre", "radius", { x: 0, y: 30 });
  await changedAfterDrag("road", "bezier", "profile 1 centre", "bezierRadius", { x: 30, y: 0 });
  await changedAfterDrag("road", "jerk", "profile 1 centre", "jerk", { x: 30, y: 40 });
  // The formation's figure: a click removes another member; the count and the drift offset change.
  await showStep(page, "formation", "removed");
  await page.evaluate(() => window.__arcline.diagrams.formation.setState({ playing: false }));
  const before = await panel(page, "formation");
  const at = await page.evaluate(() => {
    const s = window.__arcline.diagrams.formation.readout();
    const r = document.querySelector('[data-diagram="formation"] canvas').getBoundingClientRect();
    const v = s.vehicles[0].screen;
    return { x: r.left + v.x, y: r.top + v.y };
  });
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction((n) => document.querySelector('[data-diagram="formation"] [data-number="members"] dd').textContent !== n, before.members);
  const after = await panel(page, "formation");
  assert.equal(Number(after.members), Number(before.members) - 1);
  assert.ok(after.driftX !== before.driftX || after.driftY !== before.driftY, `drift ${before.driftX},${before.driftY} -> ${after.driftX},${after.driftY}`);
  assert.equal(after.driftBeforeX, before.driftX, "the drift offset before this removal");
  assert.deepEqual(problems, []);
  await context.close();
});

test("a figure is kept in the link's state and restored from it", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  await showStep(page, "road", "u-turn");
  await page.waitForFunction(() => location.hash.length > 3);
  const hash = await page.evaluate(() => location.hash);
  await showStep(page, "planner", "construction");
  await page.waitForFunction((h) => location.hash !== h, hash);
  const url = await page.evaluate(() => location.href);
  const again = await openPage(env.browser, url);
  assert.equal((await figure(again.page, "road")).step, "u-turn");
  assert.equal((await figure(again.page, "planner")).step, "construction");
  const r = await again.page.evaluate(() => window.__arcline.diagrams.road.readout());
  assert.equal(r.pieces[0].kind, "u-turn");
  assert.deepEqual(again.problems, []);
  await again.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test("the figures follow the reader's dark scheme on the playground", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/", { colorScheme: "dark" });
  const look = await page.evaluate(() => {
    const section = document.querySelector('[data-diagram="planner"]');
    const color = (sel) => getComputedStyle(section.querySelector(sel)).color;
    return { stage: getComputedStyle(section.querySelector(".stage")).backgroundColor, caption: color(".figure-caption"), number: color(".figure-numbers dd") };
  });
  // The dark theme's panel and text (shell/style.ts).
  assert.deepEqual(look, { stage: "rgb(31, 32, 36)", caption: "rgb(236, 236, 239)", number: "rgb(236, 236, 239)" });
  assert.deepEqual(problems, []);
  await context.close();
});
