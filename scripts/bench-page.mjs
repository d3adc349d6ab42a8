// The page's own budgets, measured in headless Chromium with performance
// marks: time from navigation to the first interactive diagram, and frame
// times while a scripted drag moves a handle for 3 seconds.
import { openBrowser } from "../www/tests/browser/browser.mjs";

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/**
 * While the mouse drags a handle round a circle for `ms`: the work per drag
 * update and per draw (the page's frameStats), and the rAF intervals.
 */
async function dragFrames(page, kind, handle, ms = 3000, zoomIn = 0) {
  await page.locator(`[data-diagram="${kind}"] .stage`).scrollIntoViewIfNeeded();
  // The view painted and its camera still (a scene that changed is framed again first).
  await page.waitForFunction((kind) => {
    const s = document.querySelector(`[data-diagram="${kind}"] .stage`);
    return !s.hasAttribute("data-gliding") && !s.hasAttribute("data-stale");
  }, kind);
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  const knobAt = () => page.evaluate(
    ([kind, handle]) => {
      const r = document.querySelector(`[data-diagram="${kind}"] [data-handle="${handle}"]`).getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    },
    [kind, handle],
  );
  if (zoomIn > 0) {
    // Zoom in on the handle with the wheel, as a reader looking at one part of a big scene would.
    const at = await knobAt();
    await page.mouse.move(at.x, at.y);
    for (let i = 0; i < zoomIn; i++) await page.mouse.wheel(0, -100);
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
  }
  const knob = await page.evaluate(
    ([kind, handle]) => {
      const b = document.querySelector(`[data-diagram="${kind}"] [data-handle="${handle}"]`);
      b.scrollIntoView({ block: "center" });
      const r = b.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    },
    [kind, handle],
  );
  await page.evaluate((kind) => {
    Object.assign(window.__arclineFrameStats, { enabled: true, move: [], draw: [], step: [], only: kind });
    window.__frames = [];
    let last = performance.now();
    const tick = (t) => {
      window.__frames.push(t - last);
      last = t;
      if (window.__framesOn) requestAnimationFrame(tick);
    };
    window.__framesOn = true;
    requestAnimationFrame(tick);
  }, kind);
  await page.mouse.move(knob.x, knob.y);
  await page.mouse.down();
  const start = Date.now();
  let i = 0;
  while (Date.now() - start < ms) {
    const a = (i++ / 30) * Math.PI;
    await page.mouse.move(knob.x + 60 * Math.cos(a) - 60, knob.y + 60 * Math.sin(a));
  }
  await page.mouse.up();
  return page.evaluate(() => {
    window.__framesOn = false;
    const s = window.__arclineFrameStats;
    s.enabled = false;
    // Diagrams that simulate (steering) also step once per frame.
    return { intervals: window.__frames.slice(2), move: s.move, draw: s.draw, step: s.step };
  });
}

export async function runPageBudgets() {
  const env = await openBrowser();
  const rows = [];
  try {
    const loads = [];
    for (let i = 0; i < 5; i++) {
      const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
      const page = await context.newPage();
      await page.goto(env.base + "/");
      await page.waitForFunction(() => window.__arcline?.ready);
      loads.push(await page.evaluate(() => performance.getEntriesByName("arcline:interactive")[0]?.startTime ?? NaN));
      await context.close();
    }
    rows.push({ name: "navigation → first interactive diagram (median of 5)", ours: `${percentile(loads, 50).toFixed(1)} ms`, peer: "target < 500 ms", ratio: "", note: "local server" });

    const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    await page.goto(env.base + "/");
    await page.waitForFunction(() => window.__arcline?.ready);
    for (const scene of (await import("./bench-scenes.mjs")).SCENES) {
      const ok = await page.evaluate(scene.setup);
      if (!ok) {
        rows.push({ name: `drag frame time: ${scene.name}`, ours: "not measured", peer: "", ratio: "", note: "the diagram does not support this scene yet" });
        continue;
      }
      const f = await dragFrames(page, scene.kind, scene.handle, 3000, scene.zoomIn ?? 0);
      // A frame's work: one drag update, one draw and (when it simulates) one
      // step: medians and p95 of each, added.
      const step = (p) => (f.step.length ? percentile(f.step, p) : 0);
      const work = (p) => percentile(f.move, p) + percentile(f.draw, p) + step(p);
      rows.push({
        name: `drag frame work: ${scene.name}`,
        ours: `median ${work(50).toFixed(2)} ms, p95 ${work(95).toFixed(2)} ms`,
        peer: "target median < 8 ms, p95 < 16 ms",
        ratio: "",
        note: `${f.step.length ? `step median ${step(50).toFixed(2)} ms over ${f.step.length}, ` : ""}update median ${percentile(f.move, 50).toFixed(2)} ms over ${f.move.length}, draw median ${percentile(f.draw, 50).toFixed(2)} ms over ${f.draw.length}; rAF interval median ${percentile(f.intervals, 50).toFixed(1)} ms`,
      });
    }
    rows.push(...(await crowdFrames(page)));
    await context.close();
  } finally {
    await env.close();
  }
  return rows;
}

/**
 * The crowd diagram with 100,000 vehicles playing, each behaviour of its
 * menu for 5 s from a fresh crowd: frames drawn a second (the rAF rate),
 * steps taken a second (in the crowd's worker, at most one a frame), and
 * the step time the diagram shows for each step.
 */
async function crowdFrames(page, seconds = 5) {
  const rows = [];
  await page.locator('[data-diagram="steering"]').scrollIntoViewIfNeeded();
  for (const behavior of ["seek", "flee", "arrive", "pursue", "evade", "wander", "flock", "path"]) {
    const r = await page.evaluate(
      async ([behavior, seconds]) => {
        const d = window.__arcline.diagrams.steering;
        d.setState({ mode: "crowd", behavior, count: 100000, playing: true });
        const stepMs = [];
        const frames = [];
        let seen = d.readout().steps;
        const s0 = seen;
        const t0 = performance.now();
        let last = t0;
        await new Promise((done) => {
          const tick = (t) => {
            frames.push(t - last);
            last = t;
            const r = d.readout();
            if (r.steps !== seen) stepMs.push(r.stepMs);
            seen = r.steps;
            if (t - t0 < seconds * 1000) requestAnimationFrame(tick);
            else done();
          };
          requestAnimationFrame(tick);
        });
        const offThread = d.readout().offThread;
        d.setState({ playing: false });
        return { steps: d.readout().steps - s0, elapsed: performance.now() - t0, stepMs: stepMs.slice(3), frames: frames.slice(3), offThread };
      },
      [behavior, seconds],
    );
    rows.push({
      name: `crowd of 100,000 playing: ${behavior}`,
      ours: `${(1000 / percentile(r.frames, 50)).toFixed(0)} frames/s, ${((1000 * r.steps) / r.elapsed).toFixed(0)} steps/s, step median ${percentile(r.stepMs, 50).toFixed(1)} ms`,
      peer: "target 60 frames/s",
      ratio: "",
      note: `the first ${seconds} s of a fresh crowd (separation within 6.4, about 8 neighbours at the start), ${r.offThread ? "stepped in the diagram's worker" : "stepped on the page's thread"}; step p95 ${percentile(r.stepMs, 95).toFixed(1)} ms; rAF interval median ${percentile(r.frames, 50).toFixed(1)} ms, p95 ${percentile(r.frames, 95).toFixed(1)} ms`,
    });
  }
  return rows;
}
