/** A player's own client seed (RULES §7): what they may type, and what the apps generate by default. */
import { z } from 'zod';

export const CLIENT_SEED_MAX_LENGTH = 64;

/** 1–64 printable ASCII characters without ':' (the shuffle's messages use ':' as separator). */
export const clientSeedSchema = z
  .string()
  .trim()
  .min(1)
  .max(CLIENT_SEED_MAX_LENGTH)
  .regex(/^[\x21-\x39\x3b-\x7e]+$/);

/** A random default seed from 16 random bytes (the caller's randomness: the core has none), as hex. */
export function clientSeedFromBytes(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
