/**
 * Player protection's calls: GET /protection and its changes, the agreement, and "My
 * activity". The answers are checked with core's schemas, loaded on first use (as src/hands does).
 */
import type {
  ActivityItem,
  ActivityPeriod,
  ExclusionRequest,
  LimitRequest,
  Protection,
  RealityCheckMinutes,
} from '@svara/core';
import { parse, request } from '../api/http';

export async function parseProtection(data: unknown): Promise<Protection> {
  const { protectionSchema } = await import('@svara/core');
  return parse(protectionSchema, data);
}

export async function fetchProtection(): Promise<Protection> {
  return parseProtection(await request('GET', '/protection'));
}

/** Accepts the agreement of `version` (only the server's current one is taken). */
export async function acceptAgreement(version: string): Promise<void> {
  await request('POST', '/protection/agreement', { body: { version } });
}

/** Sets, lowers, raises or removes (amount null) one limit; the answer is the new state. */
export async function setLimit(limit: LimitRequest): Promise<Protection> {
  return parseProtection(await request('POST', '/protection/limits', { body: limit }));
}

export async function setRealityCheck(minutes: RealityCheckMinutes): Promise<Protection> {
  return parseProtection(await request('POST', '/protection/reality-check', { body: { minutes } }));
}

/** A cool-off or a self-exclusion: it cannot be shortened or lifted early. */
export async function startExclusion(exclusion: ExclusionRequest): Promise<Protection> {
  return parseProtection(await request('POST', '/protection/exclusion', { body: exclusion }));
}

export async function fetchActivity(period: ActivityPeriod): Promise<ActivityItem[]> {
  const { activitySchema } = await import('@svara/core');
  return parse(activitySchema, await request('GET', `/protection/activity?period=${period}`));
}
