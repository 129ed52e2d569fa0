import { describe, expect, it } from 'vitest';
import { createPasswordBox } from './password-box.js';

const ROOM = '3f2a9c1e-0000-4000-8000-000000000001';
const OTHER_ROOM = '3f2a9c1e-0000-4000-8000-000000000002';

describe('room password box', () => {
  const box = createPasswordBox('test-jwt-secret-long-enough-for-the-rule');

  it('seals a password so that only the same key and room open it', () => {
    const sealed = box.seal(ROOM, '1234567');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('1234567');
    expect(box.open(ROOM, sealed)).toBe('1234567');
    expect(box.open(OTHER_ROOM, sealed)).toBeNull();
    expect(createPasswordBox('another-secret-long-enough-for-the-rule').open(ROOM, sealed)).toBeNull();
  });

  it('seals the same password differently each time (a random IV)', () => {
    expect(box.seal(ROOM, '1234567')).not.toBe(box.seal(ROOM, '1234567'));
  });

  it('refuses a tampered or malformed value', () => {
    const [v, iv, tag, body] = box.seal(ROOM, '1234567').split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(box.open(ROOM, [v, iv, tag, flipped.toString('base64url')].join('.'))).toBeNull();
    expect(box.open(ROOM, 'v1.x')).toBeNull();
    expect(box.open(ROOM, 'scrypt$1$2$3$4$5')).toBeNull();
  });
});
