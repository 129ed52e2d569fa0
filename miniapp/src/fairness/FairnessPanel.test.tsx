// @vitest-environment jsdom
/**
 * The table menu's fairness part: the next hand's full seed hash while the table waits and between
 * hands, the hand's own during it, how many seeds went in and whether the one this device sent for
 * that hash is among them, the revealed seed with a verify button after the hand, and what the app
 * sends for each hand — a fresh random seed, or the player's own (useSeedContribution sends it once
 * the hand's hash is shown).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '../i18n';
import * as rt from '../screens/game/fake-realtime';
import {
  chooseClientSeed,
  ownClientSeed,
  rememberSent,
  sentSeedFor,
  switchToRandomSeeds,
} from './client-seed';
import { FairnessPanel, type FairnessInfo } from './FairnessPanel';
import { useSeedContribution } from './useSeedContribution';

vi.mock('../api/realtime', () => import('../screens/game/fake-realtime'));

const COMMITMENT = 'c0'.repeat(32);
const ROOM = '00000000-0000-4000-8000-000000000002';
const info = (over: Partial<FairnessInfo> = {}): FairnessInfo => ({
  handNumber: 12,
  commitment: COMMITMENT,
  clientSeed: 'mixed'.padEnd(64, '0'),
  playerSeeds: [
    { playerId: '1001', seed: 'mine' },
    { playerId: '2', seed: 'theirs' },
  ],
  revealedSeed: null,
  nextCommitment: null,
  viewerId: '1001',
  ...over,
});
const NEXT = 'd1'.repeat(32);
/** A table waiting for its first hand: only that hand's seed hash is known. */
const waitingInfo = (): FairnessInfo =>
  info({ handNumber: 0, commitment: null, clientSeed: null, playerSeeds: [], nextCommitment: NEXT });

beforeEach(() => {
  setLanguage('en');
  rt.resetFakeRealtime();
  switchToRandomSeeds();
});
afterEach(() => cleanup());

describe('FairnessPanel', () => {
  it('shows the whole hash before the deal and whose seeds went in; the seed only after the hand', () => {
    const onVerify = vi.fn();
    // Nothing sent from this device for this hash: no claim that the player's seed is in.
    const { rerender } = render(<FairnessPanel fairness={info()} onVerify={onVerify} />);
    expect(screen.getByTestId('fairness-commitment').textContent).toBe(COMMITMENT);
    expect(screen.getByTestId('fairness-mixed').textContent).toContain("Mixed from 2 players' seeds");
    expect(screen.getByTestId('fairness-mixed').textContent).not.toContain('Your seed');
    // The seed this device sent for this very hash is the viewer's in the hand: it says so.
    rememberSent(COMMITMENT, 'mine');
    rerender(<FairnessPanel fairness={{ ...info() }} onVerify={onVerify} />);
    expect(screen.getByTestId('fairness-mixed').textContent).toContain(
      'Your seed, sent after this hand’s hash was shown, went in',
    );
    expect(screen.queryByTestId('fairness-revealed')).toBeNull();
    expect(screen.queryByTestId('fairness-verify')).toBeNull();

    rerender(<FairnessPanel fairness={info({ revealedSeed: 'ab'.repeat(32) })} onVerify={onVerify} />);
    expect(screen.getByTestId('fairness-revealed').textContent).toBe('ab'.repeat(32));
    fireEvent.click(screen.getByTestId('fairness-verify'));
    expect(onVerify).toHaveBeenCalledTimes(1);
  });

  it('shows the next hand’s whole seed hash, copyable, while the table waits and once a hand is over', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    const { rerender } = render(<FairnessPanel fairness={waitingInfo()} onVerify={() => undefined} />);
    expect(screen.getByTestId('fairness-next').textContent).toBe(NEXT);
    expect(screen.getByText(/Hand #1: server seed hash/)).toBeTruthy();
    expect(screen.queryByTestId('fairness-commitment')).toBeNull();
    expect(screen.getByTestId('fairness-seed')).toBeTruthy(); // the seed can be chosen before the first deal
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await vi.waitFor(() => expect(copied).toEqual([NEXT]));

    // During the hand: its own hash, and no next one yet.
    rerender(<FairnessPanel fairness={info()} onVerify={() => undefined} />);
    expect(screen.queryByTestId('fairness-next')).toBeNull();
    expect(screen.getByTestId('fairness-commitment').textContent).toBe(COMMITMENT);

    // Over: the revealed seed, and the hash of the hand after it.
    rerender(
      <FairnessPanel
        fairness={info({ revealedSeed: 'ab'.repeat(32), nextCommitment: NEXT })}
        onVerify={() => undefined}
      />,
    );
    expect(screen.getByTestId('fairness-revealed').textContent).toBe('ab'.repeat(32));
    expect(screen.getByTestId('fairness-next').textContent).toBe(NEXT);
    expect(screen.getByText(/Hand #13: server seed hash/)).toBeTruthy();
  });

  it('sends a random seed each hand by default; takes a valid own seed, refuses a malformed one, and goes back', () => {
    render(<FairnessPanel fairness={info()} onVerify={() => undefined} />);
    const input = screen.getByTestId('fairness-seed') as HTMLInputElement;
    expect(input.value).toBe('');
    expect(screen.getByTestId('fairness-seed-mode').textContent).toContain(
      'a fresh random seed for every hand',
    );
    expect(screen.queryByTestId('fairness-seed-random')).toBeNull();

    fireEvent.change(input, { target: { value: 'has:colon' } });
    fireEvent.click(screen.getByTestId('fairness-seed-save'));
    expect(screen.getByText(/no spaces or ':'/)).toBeTruthy();
    expect(ownClientSeed.get()).toBeNull();

    fireEvent.change(input, { target: { value: 'lucky-7' } });
    fireEvent.click(screen.getByTestId('fairness-seed-save'));
    expect(ownClientSeed.get()).toBe('lucky-7');
    expect(localStorage.getItem('svara.ownClientSeed')).toBe('lucky-7');
    expect(screen.getByTestId('fairness-seed-mode').textContent).toContain('sends this seed for every hand');

    fireEvent.click(screen.getByTestId('fairness-seed-random'));
    expect(ownClientSeed.get()).toBeNull();
    expect(localStorage.getItem('svara.ownClientSeed')).toBeNull();
    expect(input.value).toBe('');
  });

  it('has no seed editor for a spectator', () => {
    render(<FairnessPanel fairness={info({ viewerId: null })} onVerify={() => undefined} />);
    expect(screen.queryByTestId('fairness-seed')).toBeNull();
  });
});

describe('useSeedContribution', () => {
  function Seat({ seated, commitment }: { seated: boolean; commitment: string | null }) {
    useSeedContribution(ROOM, commitment, seated);
    return null;
  }
  const seedsSent = () =>
    rt.sent
      .filter((s) => s.event === 'set_client_seed')
      .map((s) => s.payload as { seed: string; commitment: string });
  const HASH_1 = 'a1'.repeat(32);
  const HASH_2 = 'a2'.repeat(32);

  it('sends a fresh random seed for each hash shown while seated, naming it, once; never as a spectator', async () => {
    const { rerender } = render(<Seat seated={false} commitment={HASH_1} />);
    expect(seedsSent()).toEqual([]);
    rerender(<Seat seated commitment={HASH_1} />);
    expect(seedsSent()).toEqual([
      { roomId: ROOM, seed: expect.stringMatching(/^[0-9a-f]{32}$/), commitment: HASH_1 },
    ]);
    const first = seedsSent()[0]!.seed;
    await vi.waitFor(() => expect(sentSeedFor(HASH_1)).toBe(first));
    // During the hand no hash is shown: nothing is sent.
    rerender(<Seat seated commitment={null} />);
    // A reconnect does not send again what the table took.
    act(() => rt.connectionStatus.set('disconnected'));
    act(() => rt.connectionStatus.set('connected'));
    rerender(<Seat seated commitment={HASH_1} />);
    expect(seedsSent()).toHaveLength(1);
    // The next hand's hash: a new random seed for it.
    rerender(<Seat seated commitment={HASH_2} />);
    expect(seedsSent()).toHaveLength(2);
    expect(seedsSent()[1]).toMatchObject({ commitment: HASH_2 });
    expect(seedsSent()[1]!.seed).not.toBe(first);
  });

  it("sends the player's own seed instead, again when they change it before the deal", async () => {
    const HASH_3 = 'a3'.repeat(32);
    chooseClientSeed('my-own');
    render(<Seat seated commitment={HASH_3} />);
    expect(seedsSent()).toEqual([{ roomId: ROOM, seed: 'my-own', commitment: HASH_3 }]);
    await vi.waitFor(() => expect(sentSeedFor(HASH_3)).toBe('my-own'));
    act(() => void chooseClientSeed('changed-my-mind'));
    expect(seedsSent().at(-1)).toEqual({ roomId: ROOM, seed: 'changed-my-mind', commitment: HASH_3 });
  });
});

describe('FairnessBadge', () => {
  it('shows a shield, not the private room’s lock, for the first hand while the table waits with its seed committed', async () => {
    const { FairnessBadge } = await import('./FairnessBadge');
    const onOpenMenu = vi.fn();
    render(<FairnessBadge roomId={ROOM} fairness={waitingInfo()} onOpenMenu={onOpenMenu} />);
    const badge = screen.getByTestId('fairness-badge');
    expect(badge.textContent).toBe(' #1');
    expect(screen.getByTestId('fairness-seal')).toBeTruthy();
    fireEvent.click(badge);
    expect(onOpenMenu).toHaveBeenCalledTimes(1);
  });

  it('shows a lock while the hand runs (opening the menu), then a tick that opens the verifier', async () => {
    const { fakeApi } = await import('../test-support/fake-api');
    const { FairnessBadge } = await import('./FairnessBadge');
    const { requests } = fakeApi({});
    const onOpenMenu = vi.fn();
    const fairness = { ...info(), revealedSeed: null };
    const { rerender } = render(<FairnessBadge roomId={ROOM} fairness={fairness} onOpenMenu={onOpenMenu} />);
    const badge = screen.getByTestId('fairness-badge');
    expect(badge.dataset.revealed).toBe('false');
    fireEvent.click(badge);
    expect(onOpenMenu).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('verify-sheet')).toBeNull();

    rerender(
      <FairnessBadge
        roomId={ROOM}
        fairness={{ ...fairness, revealedSeed: 'ab'.repeat(32) }}
        onOpenMenu={onOpenMenu}
      />,
    );
    fireEvent.click(screen.getByTestId('fairness-badge'));
    expect(screen.getByTestId('verify-sheet')).toBeTruthy();
    // The verifier asks for this hand's public record, named by the table and the hand number.
    await screen.findByTestId('verify-failed'); // the fake api knows no hands
    expect(requests.map((r) => r.path)).toEqual([`/fairness/hands/${ROOM}-12`]);
    vi.unstubAllGlobals();
  });
});
