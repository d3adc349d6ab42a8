// Writes dist/: an npm-style package a tutorial built with a bundler can
// import: the entry (www/package/index.js: the whole API, with an init()
// that finds its wasm), the ES modules and their wasm, the .d.ts types, the
// <arcline-demo> element (with the per-system modules it loads and the
// crowd's worker; it styles itself), the package's README and the API
// reference (docs/api). pkg/ and build/
// keep www/'s relative layout.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  if (f === "main.js" || f === "main.js.map" || f === "api") continue; // the playground page only; the reference goes to docs/
  cpSync(join(www, "build", f), join(dist, "build", f));
}
for (const f of ["index.js", "index.d.ts", "README.md"]) cpSync(join(www, "package", f), join(dist, f));
cpSync(join(www, "package", "arcline-demo.d.ts"), join(dist, "build", "arcline-demo.d.ts"));
// The API reference (make build writes it into www/build/api, served by make serve).
if (existsSync(join(www, "build", "api"))) cpSync(join(www, "build", "api"), join(dist, "docs", "api"), { recursive: true });
// Pages written for earlier versions link this; the element no longer needs it.
writeFileSync(join(dist, "style.css"), "/* <arcline-demo> styles itself (in its shadow root): nothing is needed here. */\n");
// `arcline/types`: the data shapes alone (the same declarations as the module's).
writeFileSync(join(dist, "types.d.ts"), `export type * from "./pkg/arcline.js";\n`);
const pkg = {
  name: "arcline",
  version,
  description: "Movement geometry for games (lines and circular arcs), compiled to WebAssembly, with embeddable diagrams.",
  license: "MIT OR Apache-2.0",
  type: "module",
  main: "./index.js",
  types: "./index.d.ts",
  exports: {
    ".": { types: "./index.d.ts", default: "./index.js" },
    "./demo": { types: "./build/arcline-demo.d.ts", default: "./build/embed.js" },
    "./build/embed.js": { types: "./build/arcline-demo.d.ts", default: "./build/embed.js" },
    "./arcline_bg.wasm": "./pkg/arcline_bg.wasm",
    "./pkg/*": "./pkg/*",
    "./build/*": "./build/*",
    "./style.css": "./style.css",
    "./types": { types: "./types.d.ts" },
    "./package.json": "./package.json",
  },
  files: ["index.js", "index.d.ts", "README.md", "pkg", "build", "docs", "style.css", "types.d.ts"],
  sideEffects: ["./build/embed.js"],
};
writeFileSync(join(dist, "package.json"), JSON.stringify(pkg, null, 2) + "\n");
console.log(`dist/: arcline ${version}`);
