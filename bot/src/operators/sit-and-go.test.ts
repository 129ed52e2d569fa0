import { describe, expect, it } from 'vitest';
import { parseSngSet } from './sit-and-go.js';

describe('/sng_set', () => {
  it('reads an offer: id, currency, buy-in, fee, size, on/off and a name of several words', () => {
    expect(parseSngSet('usd-2 usd 2 0.2 6 on $2 Sit & Go')).toEqual({
      id: 'usd-2',
      input: { name: '$2 Sit & Go', currency: 'usd', buyIn: 2, fee: 0.2, size: 6, active: true },
    });
  });

  it('refuses a size other than 3 or 6, a third decimal and a missing name', () => {
    expect(parseSngSet('x usd 2 0.2 4 on X')).toBeNull();
    expect(parseSngSet('x usd 2 0.201 6 on X')).toBeNull();
    expect(parseSngSet('x usd 2 0.2 6 on')).toBeNull();
    expect(parseSngSet('x usd 2 0.2 6 maybe X')).toBeNull();
  });
});
