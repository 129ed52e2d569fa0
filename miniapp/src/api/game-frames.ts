/**
 * The game frames of the connection (SPEC §7, core's frame-patch.ts): a whole frame (game_state)
 * when the table is entered, then patches (game_update) against the last one. Kept here, once per
 * socket, so every listener gets whole frames; a patch that does not apply (one was missed) asks
 * for the whole frame again with join_room, once, and the patches before it arrives are dropped.
 */
import { FrameFollower } from '@svara/core/plain';
import type { FramePatch, WireFrame, WireGameState } from '@svara/core';

export class GameFrames {
  private readonly follower = new FrameFollower();

  constructor(private readonly resync: (roomId: string) => void) {}

  /** A game_state: the frame from now on. */
  whole(raw: unknown): WireFrame | null {
    if (typeof raw !== 'object' || raw === null) return null;
    return this.follower.full(raw as WireGameState);
  }

  /** A game_update (already checked against the patch schema): the frame it makes, or null. */
  patch(patch: FramePatch): WireFrame | null {
    const held = this.follower.frame;
    const frame = this.follower.patch(patch);
    if (frame === null && held !== null) this.resync(held.roomId);
    return frame;
  }

  /** The connection dropped: the next frame comes whole. */
  reset(): void {
    this.follower.reset();
  }
}
