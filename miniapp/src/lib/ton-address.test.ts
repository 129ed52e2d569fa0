import { describe, expect, it } from 'vitest';
import { crc16, isRawTonAddress, rawToFriendly, shortTonAddress, tonAddressProblem } from './ton-address';

// Reference spellings of one address, made with @ton/core (the server's parser).
const HASH = '83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const RAW = `0:${HASH}`;
const NON_BOUNCEABLE = 'UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI';
const BOUNCEABLE = 'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N';
const TESTNET = '0QCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqPvC';
const MASTERCHAIN = 'Uf-D39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqL8A';
const FB_RAW = `0:${'fb'.repeat(32)}`;
const FB_URL_SAFE = 'UQD7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-xzR';
const FB_STANDARD_BOUNCEABLE = 'EQD7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+/v7+0EU';

describe('TON addresses', () => {
  it('computes CRC-16/XMODEM', () => {
    expect(crc16(new TextEncoder().encode('123456789'))).toBe(0x31c3);
  });

  it('converts the raw form to the 48-character non-bounceable form instead of cutting it', () => {
    expect(isRawTonAddress(RAW)).toBe(true);
    expect(rawToFriendly(RAW)).toBe(NON_BOUNCEABLE);
    expect(rawToFriendly(` ${RAW.toUpperCase().replace('0X', '0x')} `)).toBe(NON_BOUNCEABLE);
    expect(rawToFriendly(FB_RAW)).toBe(FB_URL_SAFE);
    expect(rawToFriendly(`-1:${HASH}`)).toBe(MASTERCHAIN);
    expect(rawToFriendly(RAW.slice(0, 48))).toBeNull();
    expect(rawToFriendly(`5:${HASH}`)).toBeNull();
  });

  it('accepts every mainnet basechain spelling', () => {
    for (const ok of [NON_BOUNCEABLE, BOUNCEABLE, FB_URL_SAFE, FB_STANDARD_BOUNCEABLE]) {
      expect(tonAddressProblem(ok), ok).toBeNull();
    }
  });

  it('says why an address cannot be added', () => {
    expect(tonAddressProblem('')).toBe('wrongLength');
    expect(tonAddressProblem(NON_BOUNCEABLE.slice(0, 47))).toBe('wrongLength');
    expect(tonAddressProblem(RAW)).toBe('notTonAddress'); // the input converts it first
    expect(tonAddressProblem('x'.repeat(48))).toBe('notTonAddress');
    expect(tonAddressProblem('not a TON address'.padEnd(48, '!'))).toBe('notTonAddress');
    const broken =
      NON_BOUNCEABLE.slice(0, 46) + (NON_BOUNCEABLE[46] === 'A' ? 'B' : 'A') + NON_BOUNCEABLE[47];
    expect(tonAddressProblem(broken)).toBe('notTonAddress');
    expect(tonAddressProblem(MASTERCHAIN)).toBe('notTonAddress');
    expect(tonAddressProblem(TESTNET)).toBe('testnetAddress');
  });

  it('shortens a saved address for a row', () => {
    expect(shortTonAddress(NON_BOUNCEABLE)).toBe('UQCD39…8xqEBI');
  });
});
