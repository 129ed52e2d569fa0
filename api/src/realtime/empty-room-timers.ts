/**
 * One timer per empty room: the room closes `delayMs` after it was last seen empty unless someone
 * sits or watches meanwhile (the runtime cancels it then). Timers do not keep the process alive.
 */
export class EmptyRoomTimers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly delayMs: number,
    private readonly onDue: (roomId: string) => void,
  ) {}

  /** Starts the room's timer unless one runs already. */
  schedule(roomId: string): void {
    if (this.timers.has(roomId)) return;
    const handle = setTimeout(() => {
      this.timers.delete(roomId);
      this.onDue(roomId);
    }, this.delayMs);
    handle.unref();
    this.timers.set(roomId, handle);
  }

  cancel(roomId: string): void {
    clearTimeout(this.timers.get(roomId));
    this.timers.delete(roomId);
  }

  clear(): void {
    for (const handle of this.timers.values()) clearTimeout(handle);
    this.timers.clear();
  }
}
