/**
 * Table sounds (fold, turn, win, chip, deal) at volume 0.5, synthesised with Web Audio so no files
 * load. Respects the sound setting.
 */
import type { SoundName } from '@svara/core';
import { settings } from './settings';

const VOLUME = 0.5;
let ctx: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  ctx ??= new AudioContext();
  if (ctx.state === 'suspended') void ctx.resume();
  return ctx;
}

type Tone = { freq: number; at: number; dur: number; type: OscillatorType; gain: number };

const SOUNDS: Record<SoundName, Tone[]> = {
  deal: [{ freq: 1800, at: 0, dur: 0.04, type: 'triangle', gain: 0.25 }],
  chip: [
    { freq: 2400, at: 0, dur: 0.05, type: 'square', gain: 0.12 },
    { freq: 3100, at: 0.05, dur: 0.05, type: 'square', gain: 0.1 },
  ],
  fold: [{ freq: 260, at: 0, dur: 0.18, type: 'sine', gain: 0.3 }],
  turn: [
    { freq: 880, at: 0, dur: 0.1, type: 'sine', gain: 0.3 },
    { freq: 1320, at: 0.1, dur: 0.14, type: 'sine', gain: 0.25 },
  ],
  win: [
    { freq: 523, at: 0, dur: 0.14, type: 'triangle', gain: 0.3 },
    { freq: 659, at: 0.12, dur: 0.14, type: 'triangle', gain: 0.3 },
    { freq: 784, at: 0.24, dur: 0.3, type: 'triangle', gain: 0.3 },
  ],
};

export function playSound(name: SoundName): void {
  if (!settings.get().sound) return;
  const ac = audio();
  if (!ac) return;
  const master = ac.createGain();
  master.gain.value = VOLUME;
  master.connect(ac.destination);
  for (const tone of SOUNDS[name]) {
    const osc = ac.createOscillator();
    const gain = ac.createGain();
    const start = ac.currentTime + tone.at;
    osc.type = tone.type;
    osc.frequency.value = tone.freq;
    gain.gain.setValueAtTime(tone.gain, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + tone.dur);
    osc.connect(gain).connect(master);
    osc.start(start);
    osc.stop(start + tone.dur + 0.02);
  }
}
