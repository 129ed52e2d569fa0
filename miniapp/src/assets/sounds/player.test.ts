import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { playSound, resetSoundEngine, setSoundEnabled, unlockSound } from './player.js';
import { SOUND_VOLUME } from './synth.js';

/** A stand-in for the Web Audio API that records what the player asks of it. */
class FakeAudioContext {
  static instances: FakeAudioContext[] = [];
  sampleRate = 8000;
  state: 'suspended' | 'running' = 'suspended';
  destination = { name: 'speakers' };
  buffers: { length: number; data: Float32Array }[] = [];
  started: { buffer: unknown; gain: number }[] = [];
  resumed = 0;

  constructor() {
    FakeAudioContext.instances.push(this);
  }
  resume(): Promise<void> {
    this.resumed += 1;
    this.state = 'running';
    return Promise.resolve();
  }
  createBuffer(_channels: number, length: number): { length: number; getChannelData: () => Float32Array } {
    const data = new Float32Array(length);
    this.buffers.push({ length, data });
    return { length, getChannelData: () => data };
  }
  createGain(): { gain: { value: number }; connect: (to: unknown) => void; target?: unknown } {
    const node = {
      gain: { value: 1 },
      target: undefined as unknown,
      connect: (to: unknown) => (node.target = to),
    };
    return node;
  }
  createBufferSource(): {
    buffer: unknown;
    connect: (g: { gain: { value: number } }) => void;
    start: () => void;
  } {
    let gain = { gain: { value: NaN } };
    const source = {
      buffer: null as unknown,
      connect: (g: { gain: { value: number } }) => (gain = g),
      start: () => this.started.push({ buffer: source.buffer, gain: gain.gain.value }),
    };
    return source;
  }
}

const g = globalThis as { AudioContext?: unknown };

describe('sound player', () => {
  beforeEach(() => {
    resetSoundEngine();
    setSoundEnabled(true);
    FakeAudioContext.instances = [];
  });
  afterEach(() => {
    delete g.AudioContext;
    resetSoundEngine();
  });

  it('does nothing, quietly, where there is no Web Audio (tests, old webviews)', () => {
    expect(() => playSound('win')).not.toThrow();
    expect(() => unlockSound()).not.toThrow();
  });

  it('creates the audio context only when a sound is first needed', () => {
    g.AudioContext = FakeAudioContext;
    expect(FakeAudioContext.instances).toHaveLength(0);
    playSound('chip');
    playSound('deal');
    expect(FakeAudioContext.instances).toHaveLength(1);
  });

  it('plays at volume 0.5, wakes a suspended context and renders each sound once', () => {
    g.AudioContext = FakeAudioContext;
    playSound('chip');
    playSound('chip');
    const ctx = FakeAudioContext.instances[0]!;
    expect(ctx.resumed).toBe(1);
    expect(ctx.started).toHaveLength(2);
    expect(ctx.started.every((s) => s.gain === SOUND_VOLUME)).toBe(true);
    expect(SOUND_VOLUME).toBe(0.5);
    expect(ctx.buffers).toHaveLength(1);
    expect(ctx.buffers[0]!.data.some((v) => v !== 0)).toBe(true);
  });

  it('stays silent while sound is switched off', () => {
    g.AudioContext = FakeAudioContext;
    setSoundEnabled(false);
    playSound('turn');
    expect(FakeAudioContext.instances).toHaveLength(0);
    setSoundEnabled(true);
    playSound('turn');
    expect(FakeAudioContext.instances[0]!.started).toHaveLength(1);
  });

  it('never throws when the browser refuses to create audio', () => {
    g.AudioContext = class {
      constructor() {
        throw new Error('not allowed');
      }
    };
    expect(() => playSound('fold')).not.toThrow();
  });
});
