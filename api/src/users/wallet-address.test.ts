import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import { parseWalletAddress } from './wallet-address.js';

const hash = Buffer.alloc(32, 7);
const address = new Address(0, hash);
const bounceable = address.toString({ bounceable: true, urlSafe: true });
const nonBounceable = address.toString({ bounceable: false, urlSafe: true });
const notUrlSafe = new Address(0, Buffer.alloc(32, 0xfb)).toString({ bounceable: true, urlSafe: false });

describe('parseWalletAddress', () => {
  it('accepts every spelling of one mainnet basechain address and gives them one raw form', () => {
    const spellings = [bounceable, nonBounceable, `  ${bounceable}\n`];
    const raws = spellings.map((s) => parseWalletAddress(s).raw);
    expect(new Set(raws)).toEqual(new Set([`0:${hash.toString('hex')}`]));
    expect(parseWalletAddress(`  ${nonBounceable} `).friendly).toBe(nonBounceable);
    expect(notUrlSafe).toMatch(/[+/]/);
    expect(parseWalletAddress(notUrlSafe).raw).toBe(
      parseWalletAddress(notUrlSafe.replace(/\+/g, '-').replace(/\//g, '_')).raw,
    );
  });

  it('refuses a wrong length, a broken checksum, raw form, testnet and masterchain addresses', () => {
    const refused = [
      '',
      bounceable.slice(0, 47),
      `${bounceable}A`,
      bounceable.slice(0, 46) + (bounceable[46] === 'A' ? 'B' : 'A') + bounceable[47],
      address.toRawString(),
      address.toString({ testOnly: true }),
      new Address(-1, hash).toString(),
      'x'.repeat(48),
    ];
    for (const input of refused) {
      expect(() => parseWalletAddress(input), input).toThrow(
        expect.objectContaining({ code: 'invalidAddress' }),
      );
    }
  });
});
