import { describe, expect, it } from 'vitest';
import { SOUND_DURATIONS, SOUND_NAMES, synthesize } from './synth.js';
import { encodeWav } from './wav.js';

const RATE = 22050;

function rms(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

/** Strength of one frequency in a window (Goertzel), normalised by the window length. */
function power(samples: Float32Array, freq: number, from: number, to: number): number {
  const k = 2 * Math.cos((2 * Math.PI * freq) / RATE);
  let s1 = 0;
  let s2 = 0;
  for (let i = from; i < to; i++) {
    const s0 = samples[i]! + k * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return Math.sqrt(s1 * s1 + s2 * s2 - k * s1 * s2) / (to - from);
}

describe('synthesized sounds', () => {
  it.each(SOUND_NAMES)('%s: finite samples within [-1, 1], audible, of the expected length', (name) => {
    const s = synthesize(name, RATE);
    expect(s.length).toBe(Math.round(SOUND_DURATIONS[name] * RATE));
    expect(s.every((v) => Number.isFinite(v) && v >= -1 && v <= 1)).toBe(true);
    expect(rms(s)).toBeGreaterThan(0.02);
    expect(Math.max(...s.map(Math.abs))).toBeCloseTo(0.9, 2);
    // Ends in silence, so playback never clicks.
    expect(Math.abs(s[s.length - 1]!)).toBeLessThan(1e-3);
  });

  it('is short: game sounds must not overlap the next event', () => {
    for (const name of SOUND_NAMES) expect(SOUND_DURATIONS[name]).toBeLessThanOrEqual(1.5);
    expect(SOUND_DURATIONS.chip).toBeLessThan(SOUND_DURATIONS.deal);
  });

  it('renders the same samples every time', () => {
    for (const name of SOUND_NAMES) {
      const [a, b] = [synthesize(name, RATE), synthesize(name, RATE)];
      expect(a.length === b.length && a.every((v, i) => v === b[i])).toBe(true);
    }
  });

  it('the turn chime rises from G5 to C6', () => {
    const s = synthesize('turn', RATE);
    const first = [Math.round(0.02 * RATE), Math.round(0.12 * RATE)] as const;
    const second = [Math.round(0.2 * RATE), Math.round(0.4 * RATE)] as const;
    expect(power(s, 783.99, ...first)).toBeGreaterThan(5 * power(s, 1046.5, ...first));
    expect(power(s, 1046.5, ...second)).toBeGreaterThan(power(s, 783.99, ...second));
  });

  it('the fold is low and the chip is bright', () => {
    const fold = synthesize('fold', RATE);
    const chip = synthesize('chip', RATE);
    const first = [0, Math.round(0.1 * RATE)] as const;
    expect(power(fold, 110, ...first)).toBeGreaterThan(power(fold, 3000, ...first));
    expect(power(chip, 4250, ...first)).toBeGreaterThan(power(chip, 110, ...first));
  });

  it('the win arpeggio climbs C5, E5, G5, C6', () => {
    const s = synthesize('win', RATE);
    const at = (t: number): [number, number] => [Math.round(t * RATE), Math.round((t + 0.06) * RATE)];
    const notes = [523.25, 659.25, 783.99, 1046.5];
    notes.forEach((f, i) => {
      const [from, to] = at(i * 0.085 + 0.015);
      expect(power(s, f, from, to), `note ${i}`).toBeGreaterThan(power(s, notes[(i + 2) % 4]!, from, to));
    });
  });
});

describe('WAV encoding', () => {
  it('writes a 16-bit mono PCM header and clamps samples', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 2]), 8000);
    const view = new DataView(wav.buffer);
    const text = (at: number): string => String.fromCharCode(...wav.slice(at, at + 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(8000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(8);
    expect([1, 2, 3, 4].map((i) => view.getInt16(42 + i * 2, true))).toEqual([0, 32767, -32768, 32767]);
  });
});
