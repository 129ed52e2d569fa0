import { Address, Cell } from '@ton/core';
import { describe, expect, it } from 'vitest';
import {
  JETTON_TRANSFER_OP,
  jettonTransferBody,
  payloadOf,
  textComment,
  tonTransferBody,
} from './ton-messages.js';

const depositAddress = Address.parse('UQBaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWgYv');
const player = new Address(0, Buffer.alloc(32, 0x11));

/** The comment a cell carries, read as a wallet reads it (op 0, then the text). */
function commentOf(cell: Cell): string {
  const slice = cell.beginParse();
  expect(slice.loadUint(32)).toBe(0);
  return slice.loadStringTail();
}

describe('a text comment', () => {
  it('is op 0 and the text, continued in references when it does not fit one cell', () => {
    expect(commentOf(textComment('memo 42'))).toBe('memo 42');
    const long = 'x'.repeat(300);
    const cell = textComment(long);
    expect(cell.refs).toHaveLength(1);
    expect(commentOf(cell)).toBe(long);
  });

  it('is the body of a TON transfer with a memo; without one there is no body', () => {
    expect(commentOf(tonTransferBody('12345')!)).toBe('12345');
    expect(tonTransferBody(null)).toBeNull();
  });
});

describe('a TEP-74 jetton transfer', () => {
  function decode(base64: string) {
    const slice = Cell.fromBase64(base64).beginParse();
    return {
      op: slice.loadUint(32),
      queryId: slice.loadUintBig(64),
      amount: slice.loadCoins(),
      destination: slice.loadAddress(),
      responseDestination: slice.loadAddress(),
      customPayload: slice.loadMaybeRef(),
      forwardTonAmount: slice.loadCoins(),
      // Either Cell ^Cell: 1 = the payload is in a reference.
      forwardPayload: slice.loadBit() ? slice.loadRef() : null,
      rest: slice.remainingBits,
    };
  }

  it('carries op 0x0f8a7ea5, the query id, the USDT amount, the deposit address, the player, and the memo as forward payload', () => {
    const body = decode(
      payloadOf(
        jettonTransferBody({
          queryId: 77n,
          jettonAmount: 12_500_000n,
          destination: depositAddress,
          responseDestination: player,
          forwardTonAmount: 1n,
          comment: 'order-9',
        }),
      ),
    );
    expect(body.op).toBe(JETTON_TRANSFER_OP);
    expect(body.op).toBe(0x0f8a7ea5);
    expect(body.queryId).toBe(77n);
    expect(body.amount).toBe(12_500_000n);
    expect(body.destination!.equals(depositAddress)).toBe(true);
    expect(body.responseDestination!.equals(player)).toBe(true);
    expect(body.customPayload).toBeNull();
    expect(body.forwardTonAmount).toBe(1n);
    expect(commentOf(body.forwardPayload!)).toBe('order-9');
    expect(body.rest).toBe(0);
  });

  it('without a memo the forward payload is empty (its Either bit 0 and nothing after)', () => {
    const body = decode(
      payloadOf(
        jettonTransferBody({
          queryId: 1n,
          jettonAmount: 5_000_000n,
          destination: depositAddress,
          responseDestination: player,
          forwardTonAmount: 1n,
          comment: null,
        }),
      ),
    );
    expect(body.forwardPayload).toBeNull();
    expect(body.rest).toBe(0);
  });
});
