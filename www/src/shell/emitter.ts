// The change listeners every diagram keeps.
export class Emitter {
  private readonly listeners: (() => void)[] = [];
  on(listener: () => void): void {
    this.listeners.push(listener);
  }
  emit(): void {
    for (const l of this.listeners) l();
  }
  clear(): void {
    this.listeners.length = 0;
  }
}

/**
 * A diagram's `update`: make the change to the state, bring what is computed
 * and shown up to date (`refresh`), then tell the listeners.
 */
export function updater(changes: Emitter, refresh: () => void): (change: () => void) => void {
  return (change) => {
    change();
    refresh();
    changes.emit();
  };
}
