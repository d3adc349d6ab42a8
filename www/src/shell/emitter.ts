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
