// Ten thousand diagram state changes in the page (drag-like edits on every
// diagram, and steering mode switches that rebuild its World) leave the wasm
// memory where warm-up left it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { openBrowser, openPage } from "./browser.mjs";

let env;
before(async () => {
  env = await openBrowser();
});
after(async () => {
  await env?.close();
});

test("10,000 state changes leave wasm memory bounded", async () => {
  const { page, context, problems } = await openPage(env.browser, env.base + "/");
  const run = (n) =>
    page.evaluate((n) => {
      const d = window.__arcline.diagrams;
      for (let i = 0; i < n; i++) {
        const t = i / 50;
        switch (i % 5) {
          case 0:
            d.arc.setState({ point: { x: 4 + Math.cos(t), y: 4 + Math.sin(t) } });
            break;
          case 1:
            d.planner.setState({ target: { x: 5 + Math.cos(t), y: -2 + Math.sin(t) }, arrive: i % 2 === 0 });
            break;
          case 2:
            d.road.setState({ profiles: [{ x: -20, y: 0, heading: 0 }, { x: 10 + Math.cos(t), y: 15 + Math.sin(t), heading: 1.2 }, { x: 30, y: 30, heading: 0.3 }] });
            break;
          case 3:
            d.formation.setState({ target: { x: 8 + Math.cos(t), y: 3 }, pattern: ["line", "v", "circle", "box", "column"][i % 5] });
            break;
          default:
            d.steering.setState({ mode: i % 10 === 4 ? "crowd" : "single", count: 500, target: { x: Math.cos(t) * 20, y: 10 } });
        }
      }
      return window.__arcline.memoryBytes();
    }, n);
  await run(500);
  const warm = await page.evaluate(() => window.__arcline.memoryBytes());
  const end = await run(10_000);
  console.log(`page wasm memory: ${warm} bytes after warm-up, ${end} after 10,000 changes`);
  assert.ok(warm > 0);
  // One 64 KiB page of slack for allocator fragmentation; a leak of 10 bytes
  // a change would be 100 KB.
  assert.ok(end <= warm + 65536, `${warm} -> ${end}`);
  assert.deepEqual(problems, []);
  await context.close();
});
