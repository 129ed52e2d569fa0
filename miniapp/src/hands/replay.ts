/**
 * The replay's position (pure): which frame is shown and whether it plays on by itself. Playing
 * stops at the last frame; stepping by hand pauses.
 */
export type ReplayPosition = { index: number; count: number; playing: boolean };

export type ReplayCommand =
  { type: 'next' | 'prev' | 'first' | 'last' | 'toggle' | 'tick' } | { type: 'seek'; index: number };

/** How long each frame stays while the replay plays. */
export const REPLAY_STEP_MS = 1_200;

export function startReplay(count: number): ReplayPosition {
  return { index: 0, count: Math.max(1, count), playing: false };
}

export function replayReducer(p: ReplayPosition, c: ReplayCommand): ReplayPosition {
  const last = p.count - 1;
  const at = (index: number, playing = false) => ({
    ...p,
    index: Math.min(last, Math.max(0, index)),
    playing,
  });
  switch (c.type) {
    case 'next':
      return at(p.index + 1);
    case 'prev':
      return at(p.index - 1);
    case 'first':
      return at(0);
    case 'last':
      return at(last);
    case 'seek':
      return at(c.index);
    case 'toggle':
      // Play from the start again once the end was reached.
      return p.playing ? at(p.index) : at(p.index >= last ? 0 : p.index, true);
    case 'tick':
      if (!p.playing) return p;
      return at(p.index + 1, p.index + 1 < last);
  }
}
