// The contract every diagram module follows, so the playground, the embed
// element and the browser tests can treat them alike.
import type * as Arcline from "../../pkg/arcline.js";
import type { FigureReadout } from "./figure.js";

/** The loaded wasm module (its exports: planTurn, World, connectProfiles, ...). */
export type Api = typeof Arcline;

/** Starting attributes (from an embed element or the URL), all strings; bad values fall back to defaults. */
export type DiagramOptions = Readonly<Record<string, string | undefined>>;

export interface Diagram {
  /** "arc" | "planner" | "pathfind" | "steering" | "formation" | "road" | "junction" */
  readonly kind: string;
  /**
   * A JSON-serialisable snapshot of what the reader set (poses, sliders,
   * toggles) and nothing computed from it: what a shared link holds.
   */
  getState(): unknown;
  /**
   * What the diagram computed from its state (paths, lengths, the core's
   * construction points, ...), JSON-serialisable: for numbers shown beside
   * the figure, for the page that embeds it, and for tests. Never part of
   * the state, so never in a link.
   */
  readout(): Record<string, unknown>;
  /** Restores a snapshot (unknown or bad fields are ignored, values clamped). */
  setState(state: unknown): void;
  /** Called after every change the reader makes (drag, slider, toggle). */
  onChange(listener: () => void): void;
  /** Stops animation, removes listeners and frees wasm objects. */
  destroy(): void;
  /** The figure shown (its step) and the numbers beside it, for diagrams with figures. */
  figure?(): FigureReadout;
  /** Called whenever the figure's numbers are rewritten (drags, and each frame of an animation). */
  onFigure?(listener: () => void): void;
}

export type MountDiagram = (root: HTMLElement, api: Api, options?: DiagramOptions) => Diagram;
