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
async function dragFrames(page, kind, handle, ms = 3000) {
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
      const f = await dragFrames(page, scene.kind, scene.handle);
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
    await context.close();
  } finally {
    await env.close();
  }
  return rows;
}
