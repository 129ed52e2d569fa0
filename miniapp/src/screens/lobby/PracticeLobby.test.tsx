// @vitest-environment jsdom
/**
 * The lobby's practice half (RULES §8): play chips with their own sign and never "$", a Top up that
 * waits for its time unless the player is short of chips, Play now straight to a seat, refusals in
 * the catalogue's words, and the practice tables in chips.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PracticeStatus, RoomSummary } from '@svara/core';
import { i18n, setLanguage } from '../../i18n';
import { currentPage } from '../../app/navigation';
import { practiceRooms, practiceStatus } from '../../app/practice';
import { toasts } from '../../ui/toast';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { PracticePanel, PracticeTables } from './PracticeLobby';

const ROOM_ID = '5e6f7a8b-0000-4000-8000-000000000000';
const HOUR = 3_600_000;

const status = (over: Partial<PracticeStatus> = {}): PracticeStatus => ({
  chips: 10_000,
  nextTopUpAt: null,
  grant: 10_000,
  stakes: [10, 50, 200],
  ...over,
});

const table = (over: Partial<RoomSummary> = {}): RoomSummary => ({
  roomId: ROOM_ID,
  players: [{ id: '-1' }, { id: '42' }],
  maxPlayers: 6,
  minBet: 50,
  type: 'public',
  status: 'waiting',
  currency: 'chips',
  ...over,
});

const text = (testId: string) => screen.getByTestId(testId).textContent;
const disabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;
const toastTexts = () => toasts.get().map((toast) => toast.text);

beforeEach(async () => {
  await setLanguage('ru');
  signIn({ balance: 25 });
  currentPage.set({ name: 'dashboard' });
  practiceStatus.set(null);
  practiceRooms.set({ rooms: [], loaded: false });
  toasts.set([]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the play chips', () => {
  it('shows the chips from GET /practice with their own sign, never "$", in both languages', async () => {
    fakeApi({ 'GET /practice': () => ({ body: status({ chips: 10_000 }) }) });
    render(<PracticePanel blocked={false} />);
    await waitFor(() => expect(text('practice-chips')).toBe('10\u00a0000\u00a0◎'));
    await act(() => setLanguage('en'));
    expect(text('practice-chips')).toBe('◎10,000');
    expect(text('practice-panel')).not.toContain('$');
  });

  it('waits to top up until the time the server named, and says when', async () => {
    const at = new Date(Date.now() + 2 * HOUR).toISOString();
    fakeApi({ 'GET /practice': () => ({ body: status({ chips: 4_000, nextTopUpAt: at }) }) });
    render(<PracticePanel blocked={false} />);
    await waitFor(() => expect(screen.queryByTestId('practice-top-up-at')).not.toBeNull());
    expect(disabled('practice-top-up')).toBe(true);
    const time = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', hour12: false });
    expect(text('practice-top-up-at')).toBe(`Снова в ${time.format(new Date(at))}`);
  });

  it('lets a player short of chips top up at once, and shows the new chips', async () => {
    const at = new Date(Date.now() + 2 * HOUR).toISOString();
    const { requests } = fakeApi({
      'GET /practice': () => ({ body: status({ chips: 40, nextTopUpAt: at }) }),
      'POST /practice/top-up': () => ({ body: status({ chips: 10_000, nextTopUpAt: at }) }),
    });
    render(<PracticePanel blocked={false} />);
    await waitFor(() => expect(text('practice-chips')).toBe('40\u00a0◎'));
    expect(screen.queryByTestId('practice-top-up-at')).toBeNull();
    expect(disabled('practice-top-up')).toBe(false);
    fireEvent.click(screen.getByTestId('practice-top-up'));
    await waitFor(() => expect(text('practice-chips')).toBe('10\u00a0000\u00a0◎'));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/practice/top-up']);
    expect(toastTexts()).toContain(i18n.t('practice.toppedUp'));
  });

  it('tells a refused top-up in the error catalogue’s words', async () => {
    fakeApi({
      'GET /practice': () => ({ body: status({ chips: 500 }) }),
      'POST /practice/top-up': () => ({
        status: 429,
        body: { code: 'chips_topup_too_soon', message: 'next at …' },
      }),
    });
    render(<PracticePanel blocked={false} />);
    await waitFor(() => expect(disabled('practice-top-up')).toBe(false));
    fireEvent.click(screen.getByTestId('practice-top-up'));
    await waitFor(() => expect(toastTexts()).toContain(i18n.t('errors.chips_topup_too_soon')));
  });
});

describe('Play now', () => {
  it('asks the server for a table, enters it and sits down', async () => {
    const { requests } = fakeApi({
      'GET /practice': () => ({ body: status() }),
      'POST /practice/play-now': () => ({ body: { roomId: ROOM_ID } }),
      [`POST /rooms/${ROOM_ID}/join`]: () => ({ body: { roomId: ROOM_ID, seated: false } }),
    });
    render(<PracticePanel blocked={false} />);
    fireEvent.click(screen.getByTestId('play-now'));
    await waitFor(() =>
      expect(currentPage.get()).toEqual({ name: 'gameRoom', roomId: ROOM_ID, autoSit: true }),
    );
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/practice/play-now',
      `/rooms/${ROOM_ID}/join`,
    ]);
  });

  it('stays in the lobby with the refusal’s own words when the account may not play', async () => {
    fakeApi({
      'GET /practice': () => ({ body: status() }),
      'POST /practice/play-now': () => ({
        status: 403,
        body: { code: 'account_suspended', message: 'suspended' },
      }),
    });
    render(<PracticePanel blocked={false} />);
    fireEvent.click(screen.getByTestId('play-now'));
    await waitFor(() => expect(toastTexts()).toContain(i18n.t('errors.account_suspended')));
    expect(currentPage.get()).toEqual({ name: 'dashboard' });
  });

  it('waits while a suspension or a break is in force', () => {
    fakeApi({ 'GET /practice': () => ({ body: status() }) });
    render(<PracticePanel blocked />);
    expect(disabled('play-now')).toBe(true);
  });
});

describe('the practice tables', () => {
  it('lists the open practice tables in chips with the practice mark', async () => {
    fakeApi({ 'GET /practice/rooms': () => ({ body: [table()] }) });
    render(<PracticeTables blocked={false} />);
    await waitFor(() => expect(screen.getAllByTestId('room-card')).toHaveLength(1));
    expect(text('room-stake')).toBe('50\u00a0◎');
    expect(text('room-practice')).toBe(i18n.t('practice.mark'));
  });

  it('says so when there is none', async () => {
    fakeApi({ 'GET /practice/rooms': () => ({ body: [] }) });
    render(<PracticeTables blocked={false} />);
    await waitFor(() => expect(text('practice-tables-empty')).toBe(i18n.t('practice.noTables')));
  });

  it('checks a table’s 10 stakes against the chips, not the dollars', async () => {
    practiceStatus.set(status({ chips: 400 }));
    const { requests } = fakeApi({ 'GET /practice/rooms': () => ({ body: [table({ minBet: 50 })] }) });
    render(<PracticeTables blocked={false} />);
    await waitFor(() => expect(screen.getAllByTestId('room-card')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('room-enter'));
    expect(toastTexts()).toContain(i18n.t('practice.notEnoughChips'));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
