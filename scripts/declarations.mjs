// Finishes the TypeScript declarations wasm-bindgen writes (www/pkg/*.d.ts):
// - each class declares [Symbol.dispose](): name the lib that defines it, so
//   that a strict project on the ES2022 lib (without ESNext.Disposable)
//   compiles them;
// - InitOutput and *_bg.wasm.d.ts (the raw wasm exports, which no caller
//   uses) type their externref arguments `any`: `unknown` says the same
//   without an `any`;
// - then checks that no published signature says `any`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2] ?? "www/pkg";
let bad = 0;
for (const f of readdirSync(dir).filter((f) => f.endsWith(".d.ts"))) {
  const file = join(dir, f);
  let text = readFileSync(file, "utf8");
  if (f.endsWith("_bg.wasm.d.ts")) {
    text = text.replace(/\bany\b/g, "unknown");
  } else {
    if (!text.startsWith("/// <reference lib=")) text = `/// <reference lib="esnext.disposable" />\n${text}`;
    text = text.replace(/(export interface InitOutput \{[\s\S]*?\n\})/, (block) => block.replace(/\bany\b/g, "unknown"));
  }
  writeFileSync(file, text);
  text.split("\n").forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, "");
    if (/^\s*(\/\*\*|\*)/.test(line)) return; // a doc comment's words
    if (/\bany\b/.test(code)) {
      console.error(`${file}:${i + 1}: a published signature says any: ${line.trim()}`);
      bad += 1;
    }
  });
}
if (bad > 0) process.exit(1);
