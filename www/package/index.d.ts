// The whole API (see README.md and docs/api/ for the reference). `init()`
// without arguments loads pkg/arcline_bg.wasm from beside this file.
export * from "./pkg/arcline.js";
import type { InitInput, InitOutput, SyncInitInput } from "./pkg/arcline.js";
/** Starts the module in a browser: `await init()`, or with the URL you serve `arcline_bg.wasm` at. */
export default function init(options?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
/** Starts the module from its bytes or a compiled module (Node: `initSync({ module: readFileSync(...) })`). */
export function initSync(options: { module: SyncInitInput } | SyncInitInput): InitOutput;
