// Two builds of Arcline in one Node process, for the A/B scripts
// (steering_ab.mjs, pathfind_ab.mjs): each build's www/pkg loaded
// `instances` times, each instance a module of its own with its own wasm
// memory (where an instance's memory happens to lie moves its timings by a
// percent or two, so the scripts take the instances in turn).

import { readFileSync } from "node:fs";
import { resolve } from "node:path";

async function load(dir, k) {
  const m = await import(`file://${resolve(dir)}/arcline.js?instance=${k}`);
  m.initSync({ module: readFileSync(`${resolve(dir)}/arcline_bg.wasm`) });
  return m;
}

/** `[As, Bs]`: `instances` instances of the builds in `dirA` and `dirB`, made alternately. */
export async function loadBuilds(dirA, dirB, instances) {
  const As = [], Bs = [];
  for (let k = 0; k < instances; k++) {
    As.push(await load(dirA, k));
    Bs.push(await load(dirB, k));
  }
  return [As, Bs];
}

/** The median (the upper one of an even count). */
export const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
