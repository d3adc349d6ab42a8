// Writes dist/: an npm-style package a tutorial built with a bundler can
// import: the ES module and its wasm, the .d.ts types of the whole API, the
// <arcline-demo> element (with the per-system modules it loads; it styles
// itself). Same relative layout as www/.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const www = join(root, "www");
const dist = join(root, "dist");
const cargo = readFileSync(join(root, "Cargo.toml"), "utf8");
const version = /^version\s*=\s*"([^"]+)"/m.exec(cargo)?.[1] ?? "0.0.0";

rmSync(dist, { recursive: true, force: true });
mkdirSync(join(dist, "pkg"), { recursive: true });
for (const f of ["arcline.js", "arcline.js.map", "arcline.d.ts", "arcline_bg.wasm", "arcline_bg.wasm.d.ts"]) {
  cpSync(join(www, "pkg", f), join(dist, "pkg", f));
}
// The per-system modules that <arcline-demo> loads (one per kind of diagram).
for (const s of ["paths", "pathfind", "crowd", "roads"]) {
  for (const f of [`arcline_${s}.js`, `arcline_${s}.js.map`, `arcline_${s}_bg.wasm`]) cpSync(join(www, "pkg", f), join(dist, "pkg", f));
}
mkdirSync(join(dist, "build"), { recursive: true });
for (const f of readdirSync(join(www, "build"))) {
  if (f === "main.js" || f === "main.js.map") continue; // the playground page only
  cpSync(join(www, "build", f), join(dist, "build", f));
}
// Pages written for earlier versions link this; the element no longer needs it.
writeFileSync(join(dist, "style.css"), "/* <arcline-demo> styles itself (in its shadow root): nothing is needed here. */\n");
// `arcline/types`: the data shapes alone (the same declarations as the module's).
writeFileSync(join(dist, "types.d.ts"), `export type * from "./pkg/arcline.js";\n`);
writeFileSync(
  join(dist, "build", "arcline-demo.d.ts"),
  `export declare class ArclineDemo extends HTMLElement {\n  get state(): string;\n  set state(value: string | object);\n  get readout(): Record<string, unknown> | null;\n  get kind(): string;\n}\n`,
);
const pkg = {
  name: "arcline",
  version,
  description: "Movement geometry for games (lines and circular arcs), compiled to WebAssembly, with embeddable diagrams.",
  license: "MIT OR Apache-2.0",
  type: "module",
  main: "./pkg/arcline.js",
  types: "./pkg/arcline.d.ts",
  exports: {
    ".": { types: "./pkg/arcline.d.ts", default: "./pkg/arcline.js" },
    "./demo": { types: "./build/arcline-demo.d.ts", default: "./build/embed.js" },
    "./arcline_bg.wasm": "./pkg/arcline_bg.wasm",
    "./style.css": "./style.css",
    "./types": { types: "./types.d.ts" },
  },
  files: ["pkg", "build", "style.css", "types.d.ts"],
  sideEffects: ["./build/embed.js"],
};
writeFileSync(join(dist, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
console.log(`dist/: arcline ${version}`);
