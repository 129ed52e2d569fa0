import { describe, expect, it } from 'vitest';
import { displayName, headerName, initials, seatName } from './names';

describe('headerName (lobby header, referral list)', () => {
  it('keeps names of up to 12 characters', () => {
    expect(headerName('alice')).toBe('alice');
    expect(headerName('abcdefghijkl')).toBe('abcdefghijkl');
  });
  it('cuts longer names to 12 characters and three dots', () => {
    expect(headerName('abcdefghijklm')).toBe('abcdefghijkl...');
  });
  it('shows N/A for a missing or blank name', () => {
    expect(headerName(null)).toBe('N/A');
    expect(headerName('   ')).toBe('N/A');
  });
  it('counts characters, not UTF-16 units', () => {
    expect(headerName('😀'.repeat(13))).toBe(`${'😀'.repeat(12)}...`);
  });
});

describe('seatName (table)', () => {
  it('keeps names of up to 8 characters', () => {
    expect(seatName('Владимир')).toBe('Владимир');
  });
  it('cuts longer names to 8 characters and an ellipsis', () => {
    expect(seatName('Alexander')).toBe('Alexande…');
  });
  it('is empty for a missing name', () => {
    expect(seatName(undefined)).toBe('');
  });
});

describe('displayName', () => {
  it('prefers the username, then the first name', () => {
    expect(displayName({ username: 'bob', firstName: 'Robert' })).toBe('bob');
    expect(displayName({ username: null, firstName: 'Robert' })).toBe('Robert');
    expect(displayName({})).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letters of up to two words', () => {
    expect(initials('john smith doe')).toBe('JS');
    expect(initials('')).toBe('?');
  });
});
