/**
 * The table's frames as the connection gets them: whole, then patches applied to the last frame; a
 * missed patch asks for the whole frame again, once, and nothing is shown until it arrives.
 */
import { describe, expect, it, vi } from 'vitest';
import { diffFrames, type WireFrame } from '@svara/core';
import { gameState } from '../test-support/game-state';
import { GameFrames } from './game-frames';

const first: WireFrame = { ...gameState(), seq: 1 };
const second: WireFrame = { ...first, pot: first.pot + 2, serverTime: first.serverTime + 700, seq: 2 };
const third: WireFrame = { ...second, status: 'finished', seq: 3 };
const fourth: WireFrame = { ...third, pot: 0, seq: 4 };
const patch = (a: WireFrame, b: WireFrame) => JSON.parse(JSON.stringify(diffFrames(a, b, a.seq, b.seq)));

describe('game frames', () => {
  it('apply each patch to the last frame', () => {
    const resync = vi.fn();
    const frames = new GameFrames(resync);
    expect(frames.whole(first)).toEqual(first);
    expect(frames.patch(patch(first, second))).toEqual(second);
    expect(frames.patch(patch(second, third))).toEqual(third);
    expect(resync).not.toHaveBeenCalled();
  });

  it('after a missed patch, ask for the whole frame once and drop patches until it comes', () => {
    const resync = vi.fn();
    const frames = new GameFrames(resync);
    frames.whole(first);
    expect(frames.patch(patch(second, third))).toBeNull();
    expect(resync).toHaveBeenCalledWith(first.roomId);
    expect(frames.patch(patch(third, fourth))).toBeNull();
    expect(resync).toHaveBeenCalledTimes(1);
    frames.whole(third);
    expect(frames.patch(patch(third, fourth))).toEqual(fourth);
  });

  it('take no patch before a whole frame, nor after the connection dropped', () => {
    const resync = vi.fn();
    const frames = new GameFrames(resync);
    expect(frames.patch(patch(first, second))).toBeNull();
    frames.whole(first);
    frames.reset();
    expect(frames.patch(patch(first, second))).toBeNull();
    expect(resync).not.toHaveBeenCalled();
  });
});
