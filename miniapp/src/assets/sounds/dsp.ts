/** Small pure building blocks for the sound synths: noise, filters, envelopes. */

/** Seeded noise so every render of a sound is identical (mulberry32). */
export function noiseSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  };
}

export type FilterKind = 'lowpass' | 'highpass' | 'bandpass';

/** A second-order filter (the well-known audio-cookbook biquad); the frequency may change per sample. */
export class Biquad {
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;
  private b0 = 0;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;

  constructor(
    private readonly kind: FilterKind,
    private readonly sampleRate: number,
    frequency: number,
    private readonly q = Math.SQRT1_2,
  ) {
    this.tune(frequency);
  }

  tune(frequency: number): void {
    const f = Math.min(Math.max(frequency, 10), this.sampleRate * 0.45);
    const w0 = (2 * Math.PI * f) / this.sampleRate;
    const cos = Math.cos(w0);
    const alpha = Math.sin(w0) / (2 * this.q);
    const a0 = 1 + alpha;
    let b0: number;
    let b1: number;
    let b2: number;
    if (this.kind === 'lowpass') {
      b0 = (1 - cos) / 2;
      b1 = 1 - cos;
      b2 = b0;
    } else if (this.kind === 'highpass') {
      b0 = (1 + cos) / 2;
      b1 = -(1 + cos);
      b2 = b0;
    } else {
      b0 = alpha;
      b1 = 0;
      b2 = -alpha;
    }
    this.b0 = b0 / a0;
    this.b1 = b1 / a0;
    this.b2 = b2 / a0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  next(x: number): number {
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** Attack-then-exponential-decay envelope; zero before `start`. */
export function strike(t: number, start: number, attack: number, decay: number): number {
  const u = t - start;
  if (u < 0) return 0;
  if (u < attack) return u / attack;
  return Math.exp(-(u - attack) / decay);
}

/**
 * Scales to the given peak and fades out the last tenth (at least 12 ms) along a smooth curve,
 * so a ringing note dies away instead of stopping with a click.
 */
export function finish(buf: Float32Array, sampleRate: number, peak = 0.9): Float32Array {
  let max = 0;
  for (const v of buf) max = Math.max(max, Math.abs(v));
  const gain = max > 0 ? peak / max : 0;
  const fade = Math.min(buf.length, Math.max(Math.round(sampleRate * 0.012), Math.round(buf.length * 0.1)));
  for (let i = 0; i < buf.length; i++) {
    const tail = buf.length - 1 - i;
    const shape = tail < fade ? Math.sin(((tail / fade) * Math.PI) / 2) ** 2 : 1;
    buf[i] = buf[i]! * gain * shape;
  }
  return buf;
}
