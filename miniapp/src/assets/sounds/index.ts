export { playSound, setSoundEnabled, isSoundEnabled, unlockSound, resetSoundEngine } from './player.js';
export { synthesize, SOUND_NAMES, SOUND_DURATIONS, SOUND_VOLUME, type SoundName } from './synth.js';
export { encodeWav } from './wav.js';
