/**
 * TON addresses as a player pastes them (SPEC §5, Add wallet). The server takes the 48-character
 * user-friendly form; wallets and explorers also show the raw form `0:<64 hex>`, which is converted
 * here rather than cut to 48 characters. The friendly form is 36 bytes in base64: a tag (0x11
 * bounceable, 0x51 non-bounceable, +0x80 testnet), the workchain, the 32-byte account hash and a
 * CRC16-XMODEM of those 34 bytes.
 */
import { TON_ADDRESS_LENGTH } from '@svara/core';

const TAG_BOUNCEABLE = 0x11;
const TAG_NON_BOUNCEABLE = 0x51;
const TAG_TESTNET = 0x80;
const RAW = /^(-?\d+):([0-9a-fA-F]{64})$/;

/** Why an address cannot be added, or null when it can. */
export type TonAddressProblem = 'wrongLength' | 'notTonAddress' | 'testnetAddress';

/** CRC-16/XMODEM (polynomial 0x1021, initial 0), as TON's friendly addresses carry it. */
export function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** A raw address `0:<64 hex>` (any workchain number). */
export function isRawTonAddress(text: string): boolean {
  return RAW.test(text.trim());
}

/**
 * The raw form `0:<hex>` as the 48-character friendly form: non-bounceable (a wallet, which is what
 * withdrawals go to), url-safe, mainnet. Null for anything else, or a workchain other than 0 and -1.
 */
export function rawToFriendly(text: string): string | null {
  const m = RAW.exec(text.trim());
  if (!m) return null;
  const workchain = Number(m[1]);
  if (workchain !== 0 && workchain !== -1) return null;
  const bytes = new Uint8Array(36);
  bytes[0] = TAG_NON_BOUNCEABLE;
  bytes[1] = workchain & 0xff;
  for (let i = 0; i < 32; i++) bytes[2 + i] = parseInt(m[2]!.slice(i * 2, i * 2 + 2), 16);
  const crc = crc16(bytes.subarray(0, 34));
  bytes[34] = crc >> 8;
  bytes[35] = crc & 0xff;
  return toBase64Url(bytes);
}

/**
 * What is wrong with a typed address for withdrawals, or null when it is a 48-character friendly
 * mainnet basechain address with a good checksum (what the server accepts).
 */
export function tonAddressProblem(text: string): TonAddressProblem | null {
  // Characters no address has (punctuation, Cyrillic) say more than a count would.
  if (!/^[A-Za-z0-9+/_-]*$/.test(text)) return 'notTonAddress';
  if (text.length !== TON_ADDRESS_LENGTH) return 'wrongLength';
  const bytes = fromBase64(text);
  if (!bytes || bytes.length !== 36) return 'notTonAddress';
  const crc = (bytes[34]! << 8) | bytes[35]!;
  if (crc !== crc16(bytes.subarray(0, 34))) return 'notTonAddress';
  const tag = bytes[0]!;
  const plain = tag & ~TAG_TESTNET;
  if (plain !== TAG_BOUNCEABLE && plain !== TAG_NON_BOUNCEABLE) return 'notTonAddress';
  if (tag & TAG_TESTNET) return 'testnetAddress';
  if (bytes[1] !== 0) return 'notTonAddress'; // withdrawals go to the basechain only
  return null;
}

/** "UQCD39…8xqEBI": a saved address short enough for a row. */
export function shortTonAddress(address: string): string {
  return address.length > 16 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address;
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}

/** Standard or url-safe base64 (friendly addresses come in both); null when it is not base64. */
function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
