import { SOUND_VOLUME, synthesize, type SoundName } from './synth.js';

type AudioContextCtor = new () => AudioContext;

let enabled = true;
let context: AudioContext | null = null;
const buffers = new Map<SoundName, AudioBuffer>();

/** Turns every sound on or off (the room's settings menu toggle). */
export function setSoundEnabled(on: boolean): void {
  enabled = on;
}

export function isSoundEnabled(): boolean {
  return enabled;
}

function audioContextCtor(): AudioContextCtor | null {
  const g = globalThis as { AudioContext?: AudioContextCtor; webkitAudioContext?: AudioContextCtor };
  return g.AudioContext ?? g.webkitAudioContext ?? null;
}

/** The shared context, created on first use: browsers only let it run after a user gesture. */
function audio(): AudioContext | null {
  if (context) return context;
  const Ctor = audioContextCtor();
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

function wake(ctx: AudioContext): void {
  if (ctx.state === 'suspended') ctx.resume().catch(() => undefined);
}

/**
 * Creates and resumes the audio context; call it from a tap handler (e.g. on entering a room)
 * so that later sounds triggered by game events are allowed to play.
 */
export function unlockSound(): void {
  const ctx = audio();
  if (ctx) wake(ctx);
}

function bufferFor(ctx: AudioContext, name: SoundName): AudioBuffer {
  let buffer = buffers.get(name);
  if (!buffer) {
    const samples = synthesize(name, ctx.sampleRate);
    buffer = ctx.createBuffer(1, samples.length, ctx.sampleRate);
    buffer.getChannelData(0).set(samples);
    buffers.set(name, buffer);
  }
  return buffer;
}

/** Plays one of the game sounds at the standard volume. Never throws: sound must not break the game. */
export function playSound(name: SoundName): void {
  if (!enabled) return;
  const ctx = audio();
  if (!ctx) return;
  try {
    wake(ctx);
    const source = ctx.createBufferSource();
    source.buffer = bufferFor(ctx, name);
    const gain = ctx.createGain();
    gain.gain.value = SOUND_VOLUME;
    source.connect(gain);
    gain.connect(ctx.destination);
    source.start();
  } catch {
    // An audio failure (closed context, device lost) is not worth surfacing mid-game.
  }
}

/** Forgets the context and cached buffers (tests, or after the context was closed). */
export function resetSoundEngine(): void {
  context = null;
  buffers.clear();
}
