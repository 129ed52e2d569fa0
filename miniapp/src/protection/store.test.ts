// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, signIn } from '../test-support/fake-api';
import { protectionState } from './fixtures';
import { agreementGate, protection, readAgreement, refreshProtection } from './store';

beforeEach(() => {
  signIn();
  protection.set(null);
  agreementGate.set(null);
});
afterEach(() => vi.unstubAllGlobals());

describe('the protection state', () => {
  it('reads the agreement by hand at start-up and refuses a malformed answer', () => {
    expect(readAgreement(protectionState())).toEqual({ currentVersion: '2026-11-26', accepted: true });
    expect(
      readAgreement({ agreement: { currentVersion: 'b', acceptedVersion: 'a', acceptedAt: null } }),
    ).toEqual({ currentVersion: 'b', accepted: false });
    expect(() => readAgreement({})).toThrow();
  });

  it('asks the server once for screens that read it at the same time', async () => {
    const { requests } = fakeApi({ 'GET /protection': () => ({ body: protectionState() }) });
    const [a, b, c] = await Promise.all([refreshProtection(), refreshProtection(), refreshProtection()]);
    expect(requests).toHaveLength(1);
    expect(a).toEqual(b);
    expect(c).toEqual(protection.get());
  });

  it('keeps the last state when a refresh fails', async () => {
    fakeApi({ 'GET /protection': () => ({ body: protectionState() }) });
    await refreshProtection();
    fakeApi({ 'GET /protection': () => 'network' });
    expect(await refreshProtection()).toBeNull();
    expect(protection.get()).toEqual(protectionState());
  });
});
