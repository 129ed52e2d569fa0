/**
 * What the lobby, the join rule and the profile need to know about the tables: who sits where and
 * whether a hand is running. The realtime table runtime owns those facts and supplies a real directory; until
 * then every table reads as empty and idle.
 */
import type { RoomSummary } from '@svara/core';

export type RoomPlayerSummary = RoomSummary['players'][number];

export interface TableSnapshot {
  players: RoomPlayerSummary[];
  handRunning: boolean;
  /** The table status shown in the lobby (`waiting`, `betting`, …). */
  status: string;
}

export interface TableDirectory {
  summary(roomId: string): TableSnapshot;
  /** The room whose table the player sits at (seat kept while they are away or disconnected). */
  seatOf(userId: string): string | undefined;
  /**
   * Whether this process runs the room's table; false when another api node may (the lobby then
   * reads the stored seats). Absent: every table is this process's.
   */
  holds?(roomId: string): boolean;
}

/** The directory used before a table runtime is attached: every table empty and waiting. */
export const emptyTableDirectory: TableDirectory = {
  summary: () => ({ players: [], handRunning: false, status: 'waiting' }),
  seatOf: () => undefined,
};
