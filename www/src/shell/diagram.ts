// The contract every diagram module follows, so the playground, the embed
// element and the browser tests can treat them alike.
import type * as Arcline from "../../pkg/arcline.js";

/** The loaded wasm module (its exports: planTurn, World, connectProfiles, ...). */
export type Api = typeof Arcline;

/** Starting attributes (from an embed element or the URL), all strings; bad values fall back to defaults. */
export type DiagramOptions = Readonly<Record<string, string | undefined>>;

export interface Diagram {
  /** "arc" | "planner" | "pathfind" | "steering" | "formation" | "road" | "junction" */
  readonly kind: string;
  /** A JSON-serialisable snapshot of everything the reader can change. */
  getState(): unknown;
  /** Restores a snapshot (unknown or bad fields are ignored, values clamped). */
  setState(state: unknown): void;
  /** Called after every change the reader makes (drag, slider, toggle). */
  onChange(listener: () => void): void;
  /** Stops animation, removes listeners and frees wasm objects. */
  destroy(): void;
}

export type MountDiagram = (root: HTMLElement, api: Api, options?: DiagramOptions) => Diagram;
