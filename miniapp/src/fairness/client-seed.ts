/**
 * The player's contributions to the hands' client seeds (RULES §7, FAIRNESS.md §6). For every hand
 * the app sends one after it has seen that hand's commitment: by default 16 fresh random bytes made
 * here, on the device (so the server never chooses them, nor knows them when it fixes its seed); or,
 * when the player typed a seed of their own in the table menu, that seed. What was sent for each
 * commitment is remembered on the device, so the app — and the verifier later — can tell the player
 * that their own contribution went into the hand.
 */
import { clientSeedFromBytes, clientSeedSchema } from '@svara/core';
import { z } from 'zod';
import { createStore } from '../app/store';

const OWN_KEY = 'svara.ownClientSeed';
const SENT_KEY = 'svara.seedContributions';
/** Contributions remembered on the device (the newest): enough for the hands in "My hands". */
const SENT_KEPT = 200;

export function randomClientSeed(): string {
  return clientSeedFromBytes(crypto.getRandomValues(new Uint8Array(16)));
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // No storage (private mode): kept in memory only.
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Kept in memory only.
  }
}

function loadOwn(): string | null {
  const saved = clientSeedSchema.safeParse(read(OWN_KEY));
  return saved.success ? saved.data : null;
}

/** The seed the player chose to send for every hand, or null: a fresh random one each hand. */
export const ownClientSeed = createStore<string | null>(typeof window === 'undefined' ? null : loadOwn());

/** Takes a typed seed: false (and nothing changes) when it is not 1–64 printable characters without ':' or spaces. */
export function chooseClientSeed(text: string): boolean {
  const parsed = clientSeedSchema.safeParse(text);
  if (!parsed.success) return false;
  write(OWN_KEY, parsed.data);
  ownClientSeed.set(parsed.data);
  return true;
}

/** Back to the default: a fresh random seed for every hand. */
export function switchToRandomSeeds(): void {
  write(OWN_KEY, null);
  ownClientSeed.set(null);
}

const sentSchema = z.array(z.tuple([z.string(), z.string()]));

function loadSent(): Map<string, string> {
  try {
    const parsed = sentSchema.safeParse(JSON.parse(read(SENT_KEY) ?? '[]'));
    return new Map(parsed.success ? parsed.data : []);
  } catch {
    return new Map();
  }
}

/** commitment → the seed sent for it and acknowledged, oldest first. */
const sent = typeof window === 'undefined' ? new Map<string, string>() : loadSent();
/** The random seed made for each commitment in this session: a resend sends the same one. */
const randomFor = new Map<string, string>();

/** The seed the app sent for the hand with this commitment, if it did. */
export function sentSeedFor(commitment: string): string | undefined {
  return sent.get(commitment);
}

/** The seed to send for `commitment` now: the player's own, or one random seed per commitment. */
export function seedFor(commitment: string): string {
  const own = ownClientSeed.get();
  if (own !== null) return own;
  let made = randomFor.get(commitment);
  if (made === undefined) {
    made = randomClientSeed();
    randomFor.set(commitment, made);
  }
  return made;
}

/** Remembers that the table took `seed` for `commitment`. */
export function rememberSent(commitment: string, seed: string): void {
  sent.delete(commitment);
  sent.set(commitment, seed);
  while (sent.size > SENT_KEPT) sent.delete(sent.keys().next().value!);
  write(SENT_KEY, JSON.stringify([...sent]));
}
