/**
 * The player's own client seed (RULES §7): random by default (made here, in the browser, so the
 * server never chooses it), kept on the device, editable in the table menu. The table gets it when
 * the player is seated (useClientSeed) and mixes it into the hands dealt after that.
 */
import { clientSeedFromBytes, clientSeedSchema } from '@svara/core';
import { createStore } from '../app/store';

const STORAGE_KEY = 'svara.clientSeed';

export function randomClientSeed(): string {
  return clientSeedFromBytes(crypto.getRandomValues(new Uint8Array(16)));
}

function load(): string {
  try {
    const saved = clientSeedSchema.safeParse(localStorage.getItem(STORAGE_KEY));
    if (saved.success) return saved.data;
  } catch {
    // No storage (private mode): a fresh seed for this session.
  }
  const seed = randomClientSeed();
  persist(seed);
  return seed;
}

function persist(seed: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, seed);
  } catch {
    // Kept in memory only.
  }
}

/** The player's seed; set with chooseClientSeed. */
export const clientSeed = createStore<string>(typeof window === 'undefined' ? '' : load());

/** Takes a typed seed: false (and nothing changes) when it is not 1–64 printable characters without ':' or spaces. */
export function chooseClientSeed(text: string): boolean {
  const parsed = clientSeedSchema.safeParse(text);
  if (!parsed.success) return false;
  persist(parsed.data);
  clientSeed.set(parsed.data);
  return true;
}
