import { describe, expect, it } from 'vitest';
import { devUserFromUrl, startParamFrom, userFromInitData } from './launch';

const raw = new URLSearchParams({
  user: JSON.stringify({ id: 1001, first_name: 'Alice', username: 'alice', language_code: 'en' }),
  auth_date: '1700000000',
  start_param: 'join_x_1',
  hash: 'abc',
}).toString();

describe('launch data', () => {
  it('reads the user from raw init data', () => {
    expect(userFromInitData(raw)).toEqual({
      id: '1001',
      username: 'alice',
      firstName: 'Alice',
      lastName: null,
      photoUrl: null,
      languageCode: 'en',
    });
    expect(userFromInitData('auth_date=1')).toBeNull();
    expect(userFromInitData('user=%7Bbroken')).toBeNull();
  });
  it('prefers the start_param of the init data', () => {
    expect(startParamFrom(raw, 'other')).toBe('join_x_1');
    expect(startParamFrom('auth_date=1', 'other')).toBe('other');
    expect(startParamFrom('auth_date=1', undefined)).toBeNull();
  });
  it('reads a development test user from the URL', () => {
    expect(devUserFromUrl('?user=1001&name=alice')).toEqual({
      id: '1001',
      username: 'alice',
      firstName: 'Alice',
    });
    expect(devUserFromUrl('?user=7')).toEqual({ id: '7', username: 'player7', firstName: 'Player7' });
    expect(devUserFromUrl('?user=abc')).toBeNull();
    expect(devUserFromUrl('')).toBeNull();
  });
});
