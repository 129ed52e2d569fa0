/**
 * The player's protection state, shared by the lobby's banner, the limits page and the
 * deposit page, and the first-open gate: the age confirmation and the current user agreement.
 */
import type { Protection } from '@svara/core';
import { ApiError, request } from '../api/http';
import { createStore } from '../app/store';
import { acceptAgreement, fetchProtection, parseProtection } from './api';

/** The last state the server answered (null until the first answer). */
export const protection = createStore<Protection | null>(null);

/** The agreement version the gate asks the player to accept; null while no gate is shown. */
export const agreementGate = createStore<{ version: string } | null>(null);

let waiting: Array<() => void> = [];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The agreement part of GET /protection, read by hand: start-up does not wait for the protocol's
 * schemas (the rest of the answer is checked with them afterwards).
 */
export function readAgreement(raw: unknown): { currentVersion: string; accepted: boolean } {
  const a = isObject(raw) ? raw.agreement : undefined;
  if (!isObject(a) || typeof a.currentVersion !== 'string')
    throw new ApiError('unknown_error', 'unexpected answer: protection');
  return { currentVersion: a.currentVersion, accepted: a.acceptedVersion === a.currentVersion };
}

function showGate(version: string): Promise<void> {
  agreementGate.set((g) => (g?.version === version ? g : { version }));
  return new Promise((resolve) => waiting.push(resolve));
}

/**
 * Start-up: resolves once the player has accepted the current agreement (at once when they already
 * had); until then the gate is shown. Throws when the state cannot be read.
 */
let prefetched: Promise<unknown> | null = null;

/**
 * Sign-in asks for the state as soon as it has a token, alongside the profile, so the gate costs
 * start-up no round trip of its own.
 */
export function prefetchProtectionState(): void {
  prefetched = request('GET', '/protection');
  prefetched.catch(() => undefined);
}

/**
 * Sign-in's answer already carried the state (POST /auth/login answers it along with the token):
 * start-up reads it from there, as it would a prefetched answer.
 */
export function seedProtectionState(raw: unknown): void {
  prefetched = Promise.resolve(raw);
}

export async function passAgreementGate(): Promise<void> {
  const early = prefetched;
  prefetched = null;
  const raw = await (early ?? request('GET', '/protection'));
  const { currentVersion, accepted } = readAgreement(raw);
  parseProtection(raw).then(
    (p) => {
      readAt = Date.now();
      protection.set(p);
    },
    (err) => console.warn('[protection] state', err),
  );
  if (!accepted) await showGate(currentVersion);
}

/** The gate's accept: stores the acceptance on the server, then lets the app go on. */
export async function acceptShownAgreement(): Promise<void> {
  const gate = agreementGate.get();
  if (!gate) return;
  await acceptAgreement(gate.version);
  protection.set((p) =>
    p
      ? {
          ...p,
          agreement: {
            currentVersion: gate.version,
            acceptedVersion: gate.version,
            acceptedAt: new Date().toISOString(),
          },
        }
      : p,
  );
  agreementGate.set(null);
  const done = waiting;
  waiting = [];
  done.forEach((resolve) => resolve());
}

let inFlight: Promise<Protection | null> | null = null;
let readAt = 0;

/**
 * Reads the state again (the lobby on every visit, a page coming back into view): a cool-off set on
 * another device shows here too, and a new agreement version brings the gate back.
 */
export function refreshProtection(maxAgeMs = 0): Promise<Protection | null> {
  const known = protection.get();
  if (known && maxAgeMs > 0 && Date.now() - readAt < maxAgeMs) return Promise.resolve(known);
  inFlight ??= fetchProtection()
    .then((p) => {
      readAt = Date.now();
      protection.set(p);
      if (p.agreement.acceptedVersion !== p.agreement.currentVersion)
        void showGate(p.agreement.currentVersion);
      return p;
    })
    .catch((err) => {
      console.warn('[protection] refresh failed', err);
      return null;
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

/**
 * The server pushed the account's exclusion (account_state: a cool-off or self-exclusion started in
 * another tab or on another device): the banner and the table follow at once. Before the first
 * answer there is nothing to patch, so the whole state is read.
 */
export function applyExclusion(exclusion: Protection['exclusion']): void {
  if (!protection.get()) return void refreshProtection();
  protection.set((p) =>
    p && JSON.stringify(p.exclusion) !== JSON.stringify(exclusion) ? { ...p, exclusion } : p,
  );
}

/** A change's answer (limits, reality check, exclusion) is the new state. */
export function setProtection(p: Protection): void {
  protection.set(p);
}
