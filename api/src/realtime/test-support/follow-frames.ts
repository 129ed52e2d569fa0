/**
 * A test's socket reading game frames as a client does: the whole frame (game_state), then each
 * patch (game_update) applied to the last one (core's FrameFollower), parsed in full. A patch that
 * does not apply asks for the whole frame again (join_room).
 */
import {
  FrameFollower,
  framePatchSchema,
  gameStateSchema,
  type GameState,
  type WireGameState,
} from '@svara/core';
import type { Socket } from 'socket.io-client';

export function followFrames(socket: Socket, onFrame: (state: GameState) => void): FrameFollower {
  const frames = new FrameFollower();
  socket.on('game_state', (raw: unknown) => {
    onFrame(gameStateSchema.parse(frames.full(raw as WireGameState)));
  });
  socket.on('game_update', (raw: unknown) => {
    const held = frames.frame;
    const frame = frames.patch(framePatchSchema.parse(raw));
    if (frame) onFrame(gameStateSchema.parse(frame));
    else if (held) socket.emit('join_room', { roomId: held.roomId });
  });
  return frames;
}
