/**
 * Reality checks: while a player sits at a table, every time their play session reaches a
 * multiple of their reality-check minutes (30, 60 or 120; 60 unless chosen) every socket of theirs
 * gets `reality_check { playedMinutes, net }` — that multiple, the minutes played since the session
 * began, and the table result of the session in dollars. The app shows "continue" and "leave the
 * table" (leave_room).
 *
 * One timer per seated player, on the node that runs their table. The session's start is read from
 * the database (protection_sessions), so a restart that brings the seat back keeps the count; a
 * change of the minutes applies from the next check on.
 */
import { centsToDollars, type RealityCheckEvent } from '@svara/core';
import type { Logger } from '../logger.js';
import type { ProtectionService } from './protection.js';

export interface RealityChecksDeps {
  protection: Pick<ProtectionService, 'session' | 'realityCheckMinutes'>;
  /** Whether the player still sits at a table this node runs. */
  isSeated(userId: string): boolean;
  emit(userId: string, payload: RealityCheckEvent): void;
  /** How long a minute is (tests shorten it). */
  minuteMs?: number;
  clock?: () => number;
  logger: Logger;
}

export class RealityChecks {
  private readonly timers = new Map<string, { timer: NodeJS.Timeout | null; generation: number }>();
  private generation = 0;
  private stopped = false;
  private readonly minuteMs: number;
  private readonly clock: () => number;

  constructor(private readonly deps: RealityChecksDeps) {
    this.minuteMs = deps.minuteMs ?? 60_000;
    this.clock = deps.clock ?? Date.now;
  }

  /** The player sat down (the session is recorded already) or stood up. */
  seatChanged(userId: string, seated: boolean): void {
    this.cancel(userId);
    if (seated) this.schedule(userId);
  }

  stop(): void {
    this.stopped = true;
    for (const userId of [...this.timers.keys()]) this.cancel(userId);
  }

  private cancel(userId: string): void {
    const entry = this.timers.get(userId);
    if (entry?.timer) clearTimeout(entry.timer);
    this.timers.delete(userId);
  }

  private schedule(userId: string): void {
    if (this.stopped) return;
    const generation = ++this.generation;
    this.timers.set(userId, { timer: null, generation });
    void this.arm(userId, generation).catch((error: unknown) =>
      this.deps.logger.error({ err: error, userId }, 'arming a reality check failed'),
    );
  }

  private current(userId: string, generation: number): boolean {
    return !this.stopped && this.timers.get(userId)?.generation === generation;
  }

  private async arm(userId: string, generation: number): Promise<void> {
    const [session, minutes] = await Promise.all([
      this.deps.protection.session(userId),
      this.deps.protection.realityCheckMinutes(userId),
    ]);
    if (!session || !this.current(userId, generation)) return;
    const interval = minutes * this.minuteMs;
    const elapsed = Math.max(0, this.clock() - session.startedAt.getTime());
    const next = (Math.floor(elapsed / interval) + 1) * interval;
    // The check is for that multiple: a timer that fires late, or a slow read of the session, does
    // not turn 60 minutes into 61.
    const playedMinutes = Math.round(next / this.minuteMs);
    const timer = setTimeout(
      () => void this.fire(userId, generation, session.startedAt, playedMinutes),
      next - elapsed,
    );
    timer.unref();
    this.timers.set(userId, { timer, generation });
  }

  private async fire(
    userId: string,
    generation: number,
    startedAt: Date,
    playedMinutes: number,
  ): Promise<void> {
    try {
      if (!this.current(userId, generation) || !this.deps.isSeated(userId)) return;
      const session = await this.deps.protection.session(userId);
      if (
        !session ||
        session.startedAt.getTime() !== startedAt.getTime() ||
        !this.current(userId, generation)
      )
        return;
      this.deps.emit(userId, { playedMinutes, net: centsToDollars(session.netCents) });
    } catch (error) {
      this.deps.logger.error({ err: error, userId }, 'reality check failed');
    }
    if (this.current(userId, generation)) this.schedule(userId);
  }
}
