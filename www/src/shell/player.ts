// The play/pause player of a unit along a path: a Play button, an optional
// time slider, and the requestAnimationFrame loop that advances the time.
// The time itself stays in the diagram's state (it is shared and restored
// with it); the player reads and writes it through the hooks and asks the
// diagram to show each frame.
import { button, slider } from "./controls.js";
import type { Slider } from "./controls.js";

export interface PlayerHooks {
  /** Whether there is anything to play (a path). */
  canPlay(): boolean;
  /** How long the play lasts, in seconds. */
  duration(): number;
  /** The time now, in seconds. */
  time(): number;
  /** Sets the time without showing it (rewinding at Play). */
  setTime(t: number): void;
  /**
   * Shows a frame: the time is now `next` (at most the duration); `past` is
   * how many seconds of this frame fell beyond the end (0 before it).
   */
  advance(next: number, past: number): void;
  /** Whether play may stop once at the end (default: always). */
  settled?(): boolean;
  /** Called when play starts, after any rewind. */
  onPlay?(): void;
}

export interface TimeSliderOptions {
  min: number;
  /** Only clamps: the input's own max follows the duration (see `sync`). */
  max: number;
  step: number;
  /** The reader moved the slider (play has paused). */
  onSeek(v: number): void;
}

/** The longest frame step, in seconds (a hidden tab does not jump the time). */
const MAX_STEP = 0.1;

export class Player {
  private playing_ = false;
  private frame = 0;
  private lastTick = 0;
  private readonly button: HTMLButtonElement;
  private readonly slider: Slider | null;

  constructor(
    bar: HTMLElement,
    private readonly hooks: PlayerHooks,
    time?: TimeSliderOptions,
  ) {
    this.button = button(bar, "Play", () => (this.playing_ ? this.pause() : this.play()));
    this.slider = time
      ? slider(bar, {
          label: "time (s)",
          min: time.min,
          max: time.max,
          step: time.step,
          value: 0,
          format: (v) => v.toFixed(2),
          onInput: (v) => {
            this.pause();
            time.onSeek(v);
          },
        })
      : null;
  }

  get playing(): boolean {
    return this.playing_;
  }

  play(): void {
    const h = this.hooks;
    if (!h.canPlay()) return;
    if (h.time() >= h.duration()) h.setTime(0);
    this.playing_ = true;
    this.lastTick = 0;
    h.onPlay?.();
    this.button.textContent = "Pause";
    this.frame = requestAnimationFrame(this.tick);
  }

  pause(): void {
    this.playing_ = false;
    cancelAnimationFrame(this.frame);
    this.button.textContent = "Play";
  }

  /** The time slider as the state says (its max follows the duration). */
  sync(): void {
    if (!this.slider) return;
    this.slider.input.max = String(Math.max(this.hooks.duration(), 0.01));
    this.slider.set(this.hooks.time());
  }

  private readonly tick = (now: number): void => {
    if (!this.playing_) return;
    const h = this.hooks;
    const dt = this.lastTick ? Math.min(MAX_STEP, (now - this.lastTick) / 1000) : 0;
    this.lastTick = now;
    const end = h.duration();
    const time = h.time();
    const past = time + dt > end ? time + dt - Math.max(time, end) : 0;
    const next = Math.min(end, time + dt);
    h.advance(next, past);
    if (next >= end && (h.settled?.() ?? true)) {
      this.pause();
      return;
    }
    this.frame = requestAnimationFrame(this.tick);
  };
}
