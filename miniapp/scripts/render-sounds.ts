/**
 * Renders every game sound to a WAV file for listening.
 * Usage: node --conditions=source --import tsx miniapp/scripts/render-sounds.ts [outDir]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SOUND_NAMES, SOUND_VOLUME, synthesize } from '../src/assets/sounds/synth.js';
import { encodeWav } from '../src/assets/sounds/wav.js';
import { outputDir } from './args.js';

const SAMPLE_RATE = 44100;
const dir = outputDir('test-artifacts/sounds');
mkdirSync(dir, { recursive: true });

for (const name of SOUND_NAMES) {
  // Written at the in-game volume so the files sound as they will in the room.
  const samples = synthesize(name, SAMPLE_RATE).map((v) => v * SOUND_VOLUME);
  let peak = 0;
  let energy = 0;
  for (const v of samples) {
    peak = Math.max(peak, Math.abs(v));
    energy += v * v;
  }
  writeFileSync(join(dir, `${name}.wav`), encodeWav(samples, SAMPLE_RATE));
  const ms = Math.round((samples.length / SAMPLE_RATE) * 1000);
  const rms = Math.sqrt(energy / samples.length);
  process.stdout.write(
    `${name.padEnd(5)} ${String(ms).padStart(5)} ms  peak ${peak.toFixed(3)}  rms ${rms.toFixed(3)}\n`,
  );
}
process.stdout.write(`written to ${dir}\n`);
