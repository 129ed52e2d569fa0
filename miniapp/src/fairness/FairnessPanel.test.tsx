// @vitest-environment jsdom
/**
 * The table menu's fairness part: the next hand's full seed hash while the table waits and between
 * hands, the hand's own during it, whose seeds went in, the revealed seed with a verify button after
 * the hand, and the player's own seed — edited here and sent to the table while they sit
 * (useClientSeed).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setLanguage } from '../i18n';
import * as rt from '../screens/game/fake-realtime';
import { clientSeed } from './client-seed';
import { FairnessPanel, type FairnessInfo } from './FairnessPanel';
import { useClientSeed } from './useClientSeed';

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
});
afterEach(() => cleanup());

describe('FairnessPanel', () => {
  it('shows the whole hash before the deal and whose seeds went in; the seed only after the hand', () => {
    const onVerify = vi.fn();
    const { rerender } = render(<FairnessPanel fairness={info()} onVerify={onVerify} />);
    expect(screen.getByTestId('fairness-commitment').textContent).toBe(COMMITMENT);
    expect(screen.getByTestId('fairness-mixed').textContent).toContain("Mixed from 2 players' seeds");
    expect(screen.getByTestId('fairness-mixed').textContent).toContain('Your seed went into this hand');
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

  it('takes a valid seed, refuses a malformed one, and makes a random one on request', () => {
    render(<FairnessPanel fairness={info()} onVerify={() => undefined} />);
    const input = screen.getByTestId('fairness-seed') as HTMLInputElement;
    expect(input.value).toBe(clientSeed.get());
    expect(clientSeed.get()).toMatch(/^[0-9a-f]{32}$/); // random by default, made on the device

    fireEvent.change(input, { target: { value: 'has:colon' } });
    fireEvent.click(screen.getByTestId('fairness-seed-save'));
    expect(screen.getByText(/no spaces or ':'/)).toBeTruthy();
    expect(clientSeed.get()).not.toBe('has:colon');

    fireEvent.change(input, { target: { value: 'lucky-7' } });
    fireEvent.click(screen.getByTestId('fairness-seed-save'));
    expect(clientSeed.get()).toBe('lucky-7');
    expect(localStorage.getItem('svara.clientSeed')).toBe('lucky-7');

    fireEvent.click(screen.getByTestId('fairness-seed-random'));
    expect(clientSeed.get()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('has no seed editor for a spectator', () => {
    render(<FairnessPanel fairness={info({ viewerId: null })} onVerify={() => undefined} />);
    expect(screen.queryByTestId('fairness-seed')).toBeNull();
  });
});

describe('useClientSeed', () => {
  function Seat({ seated }: { seated: boolean }) {
    useClientSeed(ROOM, seated);
    return null;
  }
  const seedsSent = () => rt.sent.filter((s) => s.event === 'set_client_seed').map((s) => s.payload);

  it('sends the seed while seated, again when it changes and after a reconnect; never as a spectator', () => {
    clientSeed.set('first-seed');
    const { rerender } = render(<Seat seated={false} />);
    expect(seedsSent()).toEqual([]);
    rerender(<Seat seated />);
    expect(seedsSent()).toEqual([{ roomId: ROOM, seed: 'first-seed' }]);
    act(() => clientSeed.set('second-seed'));
    expect(seedsSent().at(-1)).toEqual({ roomId: ROOM, seed: 'second-seed' });
    act(() => rt.connectionStatus.set('disconnected'));
    act(() => rt.connectionStatus.set('connected'));
    expect(seedsSent()).toHaveLength(3);
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
