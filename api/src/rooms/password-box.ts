/**
 * A private room's password, kept so that its creator can see it again: sealed with AES-256-GCM
 * under a key derived from the JWT secret (HKDF-SHA256, a label of its own, so the key is no token
 * key). Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); the room id is the associated data,
 * so a sealed password copied onto another room does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const INFO = 'svara/room-password/v1';

export interface PasswordBox {
  seal(roomId: string, password: string): string;
  /** The password, or null for a value this key did not seal (another secret, tampered, malformed). */
  open(roomId: string, sealed: string): string | null;
}

export function createPasswordBox(secret: string): PasswordBox {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), INFO, 32));
  return {
    seal(roomId, password) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(roomId));
      const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(roomId, sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(roomId));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
