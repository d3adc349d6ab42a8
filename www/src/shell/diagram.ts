// The contract every diagram module follows, so the playground, the embed
// element and the browser tests can treat them alike.
import type * as Arcline from "../../pkg/arcline.js";
import type { Emitter } from "./emitter.js";
import type { Figure, FigureReadout } from "./figure.js";
import type { Handles } from "./handles.js";
import { asRecord } from "./types.js";
import type { View } from "./view.js";

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

/** What a diagram with a figure owns, for the members it ends with ({@link figureDiagramMembers}). */
export interface FigureDiagramParts {
  root: HTMLElement;
  view: View;
  handles: Handles;
  figure: Figure;
  changes: Emitter;
  /** Applies a snapshot's fields (each checked and clamped there) and redraws. */
  set(state: Record<string, unknown>): void;
  /** Stops what runs on its own (animation frames, a player) and frees what the diagram made (wasm objects, workers). */
  stop(): void;
}

/**
 * The members every diagram with a figure ends with, written once: setState
 * through the diagram's setter, its change and figure listeners, and a
 * destroy that clears the figure, stops the diagram, drops its listeners,
 * handles and view, and empties its root.
 */
export function figureDiagramMembers(p: FigureDiagramParts): Pick<Diagram, "setState" | "onChange" | "figure" | "onFigure" | "destroy"> {
  return {
    setState: (s: unknown) => p.set(asRecord(s)),
    onChange: (l) => p.changes.on(l),
    figure: () => p.figure.readout(),
    onFigure: (l) => p.figure.onNumbers(l),
    destroy: () => {
      p.figure.clear();
      p.stop();
      p.changes.clear();
      p.handles.destroy();
      p.view.destroy();
      p.root.replaceChildren();
    },
  };
}
