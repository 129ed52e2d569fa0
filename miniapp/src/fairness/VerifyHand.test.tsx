// @vitest-environment jsdom
/**
 * The verifier in the browser: a fair hand shows a green tick and every check passed; a forged one
 * names the check that fails in red; cards not shown at the showdown are never drawn. The chain link
 * is checked against the previous hand's record, fetched and hashed here; the player's own
 * contribution when this device sent one for the hand.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import {
  combineClientSeeds,
  dealFromDeck,
  dealHash,
  GENESIS_HASH,
  handRecordHash,
  seedCommitment,
  shuffleDeck,
  type Card,
  type HandRecordFields,
  type PublicHandRecord,
} from '@svara/core';
import { setLanguage } from '../i18n';
import { fakeApi } from '../test-support/fake-api';
import { rememberSent } from './client-seed';
import { VerifyHand } from './VerifyHand';

const SEED = '5e'.repeat(32);
const ROOM = '00000000-0000-4000-8000-000000000001';
const clientSeed = combineClientSeeds(['alice-seed', 'bob-seed']);
const dealOrder = [2, 4, 6];
const deal = dealFromDeck(shuffleDeck(SEED, clientSeed, 7), dealOrder);
const fields: HandRecordFields = {
  roomId: ROOM,
  handNumber: 7,
  status: 'finished',
  svara: false,
  commitment: seedCommitment(SEED),
  serverSeed: SEED,
  clientSeed,
  playerSeeds: ['alice-seed', 'bob-seed'],
  dealOrder,
  dealHash: dealHash(deal),
  prevHash: GENESIS_HASH,
};
/** Seats 2 and 6 reached the showdown; seat 4 folded and never showed. */
const record: PublicHandRecord = {
  id: `${ROOM}-7`,
  ...fields,
  recordHash: handRecordHash(fields),
  finishedAt: '2026-11-28T12:00:00.000Z',
  shown: [deal[0]!, deal[2]!],
};

const cardCode = (c: Card) => `${c.rank}${c.suit[0]}`;
/** The cards drawn, outermost [data-card] elements only (a face nests its own). */
const drawn = () =>
  [...document.querySelectorAll('[data-card]')]
    .filter((e) => !e.parentElement?.closest('[data-card]'))
    .map((e) => e.getAttribute('data-card'));

/** Serves hand 7 (`body`), and hand 6's record when given (else 404: hand 7 opens the chain). */
function serve(body: unknown, status = 200, previous?: PublicHandRecord) {
  return fakeApi({
    [`GET /fairness/hands/${encodeURIComponent(`${ROOM}-7`)}`]: () => ({ status, body }),
    ...(previous
      ? { [`GET /fairness/hands/${encodeURIComponent(`${ROOM}-6`)}`]: () => ({ body: previous }) }
      : {}),
  });
}

/** Hand 6's record (its cards are not checked here: only its hash, which hand 7 must link to). */
const handSix: PublicHandRecord = { ...record, id: `${ROOM}-6`, handNumber: 6, shown: [] };
const linkedSeven = (prev: PublicHandRecord): PublicHandRecord => {
  const f = { ...fields, prevHash: handRecordHash(prev) };
  return { ...record, prevHash: f.prevHash, recordHash: handRecordHash(f) };
};

beforeEach(() => setLanguage('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VerifyHand', () => {
  it('recomputes a fair hand: a green tick, every check passed, only the shown cards drawn', async () => {
    const { requests } = serve(record);
    render(<VerifyHand handId={`${ROOM}-7`} />);
    expect(await screen.findByTestId('verify-fair')).toBeTruthy();
    expect(screen.getByText('Fair: every check passed')).toBeTruthy();
    const checks = [...screen.getByTestId('verify-checks').querySelectorAll('li')];
    expect(checks.map((li) => [li.dataset.check, li.dataset.ok])).toEqual([
      ['commitment', 'true'],
      ['clientSeed', 'true'],
      ['deal', 'true'],
      ['shownCards', 'true'],
      ['chain', 'true'],
    ]);
    expect(drawn()).toEqual([...deal[0]!.cards, ...deal[2]!.cards].map(cardCode));
    for (const c of deal[1]!.cards) expect(drawn()).not.toContain(cardCode(c));
    expect(screen.getByText(SEED)).toBeTruthy(); // the full revealed seed
    expect(requests[0]!.headers.Authorization).toBeUndefined(); // public: no token sent
    // The hand before it has no record: this one must open its chain (its prevHash is zeros).
    expect(requests.map((r) => r.path)).toEqual([
      `/fairness/hands/${encodeURIComponent(`${ROOM}-7`)}`,
      `/fairness/hands/${encodeURIComponent(`${ROOM}-6`)}`,
    ]);
  });

  it("links the record to the previous hand's record as hashed here, and fails a rewritten one", async () => {
    serve(linkedSeven(handSix), 200, handSix);
    render(<VerifyHand handId={`${ROOM}-7`} />);
    expect(await screen.findByTestId('verify-fair')).toBeTruthy();
    cleanup();
    // Hand 6 rewritten after hand 7 was chained (its claimed hash kept): the link breaks.
    serve(linkedSeven(handSix), 200, { ...handSix, playerSeeds: ['alice-seed'] });
    render(<VerifyHand handId={`${ROOM}-7`} />);
    expect(await screen.findByTestId('verify-unfair')).toBeTruthy();
    const failed = [...screen.getByTestId('verify-checks').querySelectorAll('li[data-ok="false"]')];
    expect(failed.map((li) => li.getAttribute('data-check'))).toEqual(['chain']);
  });

  it("checks the viewer's own cards when given, and draws them", async () => {
    serve(record);
    render(<VerifyHand handId={`${ROOM}-7`} ownCards={deal[1]!} />);
    await screen.findByTestId('verify-fair');
    expect(screen.getByText('Your cards are the ones the deck dealt you.')).toBeTruthy();
    expect(drawn()).toEqual([...deal[1]!.cards, ...deal[0]!.cards, ...deal[2]!.cards].map(cardCode));
  });

  it('explains in red what fails when the revealed seed is not the committed one', async () => {
    serve({ ...record, serverSeed: 'ab'.repeat(32) });
    render(<VerifyHand handId={`${ROOM}-7`} />);
    expect(await screen.findByTestId('verify-unfair')).toBeTruthy();
    const failed = [...screen.getByTestId('verify-checks').querySelectorAll('li[data-ok="false"]')];
    expect(failed.map((li) => li.getAttribute('data-check'))).toEqual([
      'commitment',
      'deal',
      'shownCards',
      'chain',
    ]);
    expect(screen.getByText(/the seed was changed after the deal/)).toBeTruthy();
  });

  it('says when the hand has no record (not over, or unknown)', async () => {
    serve({ code: 'not_found', message: 'no' }, 404);
    render(<VerifyHand handId={`${ROOM}-7`} />);
    expect(await screen.findByText(/A hand can be verified once it is over/)).toBeTruthy();
  });
});

// Last: what the device remembers sending stays for the rest of the file.
describe('VerifyHand and the contribution sent from this device', () => {
  it('checks the seed this device sent for the hand is among its seeds', async () => {
    rememberSent(fields.commitment, 'bob-seed');
    serve(record);
    render(<VerifyHand handId={`${ROOM}-7`} />);
    await screen.findByTestId('verify-fair');
    expect(screen.getByText(/The seed your app sent after the server seed hash was shown/)).toBeTruthy();
    cleanup();
    rememberSent(fields.commitment, 'not-sent-by-anyone');
    serve(record);
    render(<VerifyHand handId={`${ROOM}-7`} />);
    await screen.findByTestId('verify-unfair');
    expect(screen.getByText(/it was left out/)).toBeTruthy();
  });
});
