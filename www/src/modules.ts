// The wasm modules, each named by a literal import() of its glue and a
// literal new URL() of its wasm, which every bundler follows (Vite, webpack
// and Rollup emit the glue as a chunk and the wasm as an asset; esbuild and
// Rollup leave the URL to the page: see assetBase in runtime.ts). The glue is
// built without a default wasm path, so nothing else in it names a file.
import type { Api } from "./shell/diagram.js";

/** A module's glue: the API, its initialiser, and the reset after a trap. */
export type Glue = Api & {
  default(options: { module_or_path: URL | string }): Promise<{ memory?: WebAssembly.Memory }>;
  __wbg_reset_state(): void;
};

/** Where a module comes from. */
export interface ModuleSource {
  /** The file name's stem (`arcline_paths`): the wasm is `pkg/{name}_bg.wasm`. */
  readonly name: string;
  /** Imports the glue (a literal path, for bundlers). */
  glue(): Promise<Glue>;
  /** The wasm beside the glue (a literal path, for bundlers). */
  wasm(): URL;
}

/** The bindings of one system each: what an <arcline-demo> loads. */
export type System = "paths" | "pathfind" | "crowd" | "roads";

// A system's module has only that system's exports: typed as the whole API,
// the diagrams use only their system's part (the embed-kinds browser test
// mounts every kind through its own module).
const asGlue = (m: unknown): Glue => m as Glue;

export const SYSTEM_MODULES: Readonly<Record<System, ModuleSource>> = {
  paths: {
    name: "arcline_paths",
    glue: () => import("../pkg/arcline_paths.js").then(asGlue),
    wasm: () => new URL("../pkg/arcline_paths_bg.wasm", import.meta.url),
  },
  pathfind: {
    name: "arcline_pathfind",
    glue: () => import("../pkg/arcline_pathfind.js").then(asGlue),
    wasm: () => new URL("../pkg/arcline_pathfind_bg.wasm", import.meta.url),
  },
  crowd: {
    name: "arcline_crowd",
    glue: () => import("../pkg/arcline_crowd.js").then(asGlue),
    wasm: () => new URL("../pkg/arcline_crowd_bg.wasm", import.meta.url),
  },
  roads: {
    name: "arcline_roads",
    glue: () => import("../pkg/arcline_roads.js").then(asGlue),
    wasm: () => new URL("../pkg/arcline_roads_bg.wasm", import.meta.url),
  },
};
