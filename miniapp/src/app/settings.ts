/**
 * Local settings (SPEC §3): sound, haptics (default on), language and the lobby's 'available'
 * filter, kept in localStorage. Sound changes are announced with a window event so every screen
 * (and other tabs, through `storage`) follows.
 */
import { createStore } from './store';

export type Language = 'ru' | 'en';
export type Settings = { sound: boolean; haptic: boolean; language: Language | null; availableOnly: boolean };

const KEYS = {
  sound: 'sound',
  haptic: 'hapticEnabled',
  language: 'language',
  availableOnly: 'available',
} as const;
export const SOUND_EVENT = 'soundSettingChanged';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not persisted; the in-memory value still applies for this session.
  }
}

function load(): Settings {
  const lang = read(KEYS.language);
  return {
    sound: read(KEYS.sound) !== 'false',
    haptic: read(KEYS.haptic) !== 'false',
    language: lang === 'ru' || lang === 'en' ? lang : null,
    availableOnly: read(KEYS.availableOnly) === 'true',
  };
}

export const settings = createStore<Settings>(load());

export function updateSettings(patch: Partial<Settings>): void {
  const next = { ...settings.get(), ...patch };
  for (const key of Object.keys(patch) as (keyof Settings)[]) {
    const value = next[key];
    if (value !== null) write(KEYS[key], String(value));
  }
  settings.set(next);
  if ('sound' in patch) window.dispatchEvent(new CustomEvent(SOUND_EVENT, { detail: next.sound }));
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === KEYS.sound || e.key === KEYS.haptic) settings.set(load());
  });
}
