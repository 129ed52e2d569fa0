import { describe, expect, it } from 'vitest';
import { replayReducer, startReplay, type ReplayPosition } from './replay';
import { handFromStartParam, handStartParam } from './share';

const run = (p: ReplayPosition, ...types: ('next' | 'prev' | 'first' | 'last' | 'toggle' | 'tick')[]) =>
  types.reduce((q, type) => replayReducer(q, { type }), p);

describe('the replay position', () => {
  it('steps within the frames and never past either end', () => {
    const p = startReplay(3);
    expect(run(p, 'prev').index).toBe(0);
    expect(run(p, 'next', 'next', 'next').index).toBe(2);
    expect(run(p, 'last', 'prev').index).toBe(1);
    expect(replayReducer(p, { type: 'seek', index: 9 }).index).toBe(2);
  });

  it('plays frame by frame, stops at the last one, and plays again from the start', () => {
    const playing = run(startReplay(3), 'toggle');
    expect(playing.playing).toBe(true);
    const end = run(playing, 'tick', 'tick');
    expect(end).toMatchObject({ index: 2, playing: false });
    expect(run(end, 'tick').index).toBe(2);
    expect(run(end, 'toggle')).toMatchObject({ index: 0, playing: true });
  });

  it('pauses when stepped by hand', () => {
    expect(run(startReplay(4), 'toggle', 'next')).toMatchObject({ index: 1, playing: false });
  });
});

describe('the shared hand link', () => {
  it('round-trips the hand id through the start parameter and refuses anything else', () => {
    const id = '5b0c2b7e-1d2f-4a8e-9c3d-2f1e0a9b8c7d';
    expect(handStartParam(id)).toBe(`hand_${id}`);
    expect(handStartParam(id).length).toBeLessThanOrEqual(64); // Telegram's start parameter limit
    expect(handFromStartParam(handStartParam(id))).toBe(id);
    expect(handFromStartParam(`join_${id}_1`)).toBeNull();
    expect(handFromStartParam('hand_x')).toBeNull();
    expect(handFromStartParam(null)).toBeNull();
  });
});
