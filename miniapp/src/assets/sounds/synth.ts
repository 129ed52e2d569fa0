import { Biquad, finish, noiseSource, strike } from './dsp.js';

export const SOUND_NAMES = ['fold', 'turn', 'win', 'chip', 'deal'] as const;
export type SoundName = (typeof SOUND_NAMES)[number];

/** Playback volume of every sound (SPEC §9). */
export const SOUND_VOLUME = 0.5;

/** Length of each sound in seconds. */
export const SOUND_DURATIONS: Record<SoundName, number> = {
  chip: 0.16,
  deal: 0.26,
  turn: 0.75,
  win: 1.4,
  fold: 0.42,
};

const TAU = Math.PI * 2;
type Voice = (t: number, i: number) => number;

function render(name: SoundName, sampleRate: number, voice: Voice): Float32Array {
  const out = new Float32Array(Math.round(SOUND_DURATIONS[name] * sampleRate));
  for (let i = 0; i < out.length; i++) out[i] = voice(i / sampleRate, i);
  return finish(out, sampleRate);
}

/** Two clay chips meeting: a bright noise click with a short ring, then a softer settle. */
function chip(sampleRate: number): Float32Array {
  const noise = noiseSource(7);
  const band = new Biquad('bandpass', sampleRate, 3600, 1.6);
  const hiss = new Biquad('highpass', sampleRate, 5000);
  const hit = (t: number, at: number, gain: number): number =>
    gain *
    (strike(t, at, 0.0008, 0.018) *
      (Math.sin(TAU * 4250 * (t - at)) * 0.55 + Math.sin(TAU * 6180 * (t - at)) * 0.3));
  return render('chip', sampleRate, (t) => {
    const n = noise();
    const click = band.next(n) * (strike(t, 0, 0.0005, 0.006) + 0.5 * strike(t, 0.045, 0.0005, 0.005));
    const air = hiss.next(n) * 0.15 * strike(t, 0, 0.0005, 0.01);
    return click * 2.2 + air + hit(t, 0, 1) + hit(t, 0.045, 0.45);
  });
}

/** A card sliding off the deck: a noise swish sweeping upwards, then a soft landing tap. */
function deal(sampleRate: number): Float32Array {
  const noise = noiseSource(11);
  const sweep = new Biquad('bandpass', sampleRate, 1200, 1.1);
  const land = new Biquad('lowpass', sampleRate, 900);
  const d = SOUND_DURATIONS.deal;
  return render('deal', sampleRate, (t) => {
    const n = noise();
    const k = t / d;
    sweep.tune(1200 + 4200 * k);
    const swish = sweep.next(n) * Math.sin(Math.PI * Math.min(1, t / 0.19)) ** 2;
    const tap = land.next(n) * strike(t, 0.185, 0.002, 0.018) * 1.4;
    return swish + tap;
  });
}

/** A bell-like note: a sine with a soft octave and a faint inharmonic shimmer. */
function bell(t: number, start: number, freq: number, decay: number): number {
  const u = t - start;
  if (u < 0) return 0;
  const env = strike(t, start, 0.006, decay);
  return (
    env *
    (Math.sin(TAU * freq * u) +
      0.22 * Math.sin(TAU * 2 * freq * u) * Math.exp(-u / (decay * 0.5)) +
      0.07 * Math.sin(TAU * 2.76 * freq * u) * Math.exp(-u / (decay * 0.3)))
  );
}

/** Your turn: a gentle rising fourth (G5 then C6). */
function turn(sampleRate: number): Float32Array {
  return render('turn', sampleRate, (t) => bell(t, 0, 783.99, 0.22) * 0.8 + bell(t, 0.13, 1046.5, 0.28));
}

/** A win: a quick C-major arpeggio ending on a held chord with a light sparkle. */
function win(sampleRate: number): Float32Array {
  const notes = [523.25, 659.25, 783.99, 1046.5];
  const soft = (t: number, start: number, f: number, decay: number): number => {
    const u = t - start;
    if (u < 0) return 0;
    // Sine plus a little third harmonic: a soft, rounded tone.
    return strike(t, start, 0.008, decay) * (Math.sin(TAU * f * u) + 0.12 * Math.sin(TAU * 3 * f * u));
  };
  return render('win', sampleRate, (t) => {
    let s = 0;
    notes.forEach((f, i) => {
      s += soft(t, i * 0.085, f, i === notes.length - 1 ? 0.45 : 0.3) * (0.75 + i * 0.08);
    });
    // The closing chord, under the last note.
    for (const f of [523.25, 659.25, 783.99]) s += soft(t, 0.34, f, 0.42) * 0.35;
    const sparkle = bell(t, 0.34, 2093, 0.18) * 0.25 + bell(t, 0.44, 2637, 0.16) * 0.18;
    return s + sparkle;
  });
}

/** Cards tossed face down onto the felt: a low, quickly falling thump with a muffled brush. */
function fold(sampleRate: number): Float32Array {
  const noise = noiseSource(5);
  const muffle = new Biquad('lowpass', sampleRate, 1100, 0.9);
  let phase = 0;
  return render('fold', sampleRate, (t) => {
    const u = Math.max(0, t - 0.02);
    // Starts around 260 Hz so phone speakers still carry it, then falls to a low 100 Hz.
    const freq = 100 + 160 * Math.exp(-u / 0.035);
    phase += (TAU * freq) / sampleRate;
    const thump = Math.sin(phase) * strike(t, 0.02, 0.004, 0.07);
    const brush =
      muffle.next(noise()) * (0.7 * strike(t, 0, 0.012, 0.03) + 0.4 * strike(t, 0.02, 0.003, 0.05));
    return thump + brush * 2.2;
  });
}

const SYNTHS: Record<SoundName, (sampleRate: number) => Float32Array> = { chip, deal, turn, win, fold };

/** Renders a sound as mono samples in [-1, 1]; used both by the browser player and the WAV renderer. */
export function synthesize(name: SoundName, sampleRate = 44100): Float32Array {
  return SYNTHS[name](sampleRate);
}
