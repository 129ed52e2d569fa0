/**
 * Local settings (SPEC §3): sound, haptics (default on), language, the lobby's 'available'
 * filter and which lobby was shown last (money tables or practice, RULES §8), kept in localStorage. Sound changes are announced with a window event so every screen
 * (and other tabs, through `storage`) follows.
 */
import { createStore } from './store';

export type Language = 'ru' | 'en';
/** The lobby's two halves: dollar tables, or practice tables in play chips (RULES §8). */
export type LobbyMode = 'money' | 'practice';
export type Settings = {
  sound: boolean;
  haptic: boolean;
  language: Language | null;
  availableOnly: boolean;
  lobbyMode: LobbyMode;
};

const KEYS = {
  sound: 'sound',
  haptic: 'hapticEnabled',
  language: 'language',
  availableOnly: 'available',
  lobbyMode: 'lobbyMode',
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
    lobbyMode: read(KEYS.lobbyMode) === 'practice' ? 'practice' : 'money',
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
