// @vitest-environment jsdom
/**
 * The Tournaments screen (RULES §9): each Sit & Go waiting to fill with its buy-in and fee in its own
 * currency, size, registrations, prizes and antes; Register asked once; Unregister at once; refusals
 * in the catalogue's words (too little money offering a deposit, never for play chips); the player's
 * own tournaments with place and prize.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TournamentDetails, TournamentSummary } from '@svara/core';
import { i18n, setLanguage } from '../../i18n';
import { currentPage } from '../../app/navigation';
import { toasts } from '../../ui/toast';
import { fakeApi, SIGNED_IN, signIn, type FakeReply } from '../../test-support/fake-api';
import { sitAndGo } from '../../test-support/tournaments';
import { resetFakeRealtime, serverSends } from '../game/fake-realtime';
import Tournaments from './Tournaments';

vi.mock('../../api/realtime', () => import('../game/fake-realtime'));

const SIX = '0a000000-0000-4000-8000-000000000006';
const FREE = '0a000000-0000-4000-8000-000000000003';
const DONE = '0a000000-0000-4000-8000-0000000000dd';
const RUNNING = '0a000000-0000-4000-8000-0000000000aa';
const ROOM = '7c1d2e3f-0000-4000-8000-000000000002';

const sng = (over: Partial<TournamentSummary>) => sitAndGo({ id: SIX, ...over });

const six = sng({});
const free = sng({
  id: FREE,
  templateId: 'chips-free',
  name: 'Free Sit & Go',
  currency: 'chips',
  buyIn: 100,
  fee: 0,
  size: 3,
  registeredCount: 1,
  prizePool: 300,
  prizes: [300],
});

const refusal = (status: number, code: string, message = code): FakeReply => ({
  status,
  body: { code, message },
});
const cardOf = (name: string) =>
  screen.getAllByTestId('tournament-card').find((c) => c.textContent!.includes(name))!;
const toastTexts = () => toasts.get().map((t) => t.text);

function serve(list: TournamentSummary[], register?: () => FakeReply) {
  let current = list;
  return fakeApi({
    // A registration reads the balance again.
    'GET /users/profile': () => ({ body: SIGNED_IN }),
    'GET /tournaments': () => ({ body: { tournaments: current } }),
    [`POST /tournaments/${SIX}/register`]:
      register ??
      (() => {
        current = current.map((s) => (s.id === SIX ? { ...s, registered: true, registeredCount: 5 } : s));
        return { body: current.find((s) => s.id === SIX) };
      }),
    [`POST /tournaments/${FREE}/register`]: register ?? (() => ({ body: { ...free, registered: true } })),
    [`POST /tournaments/${SIX}/unregister`]: () => {
      current = current.map((s) => (s.id === SIX ? { ...s, registered: false, registeredCount: 4 } : s));
      return { body: current.find((s) => s.id === SIX) };
    },
  });
}

// The screen loads the protocol's schemas on first use: loaded once here, not inside a test's wait.
beforeAll(async () => {
  await import('@svara/core');
});

beforeEach(async () => {
  await setLanguage('ru');
  signIn({ balance: 25 });
  resetFakeRealtime();
  currentPage.set({ name: 'tournaments' });
  toasts.set([]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Sit & Go list', () => {
  it('shows buy-in and fee, size, registrations, prize shares and antes, in dollars with two decimals', async () => {
    serve([six, free]);
    render(<Tournaments />);
    await waitFor(() => expect(screen.getAllByTestId('tournament-card')).toHaveLength(2));
    const card = within(cardOf('Sit & Go Bronze'));
    expect(card.getByTestId('tournament-entry').textContent).toBe('1,00\u00a0$ + 0,10\u00a0$');
    expect(card.getByTestId('tournament-size').textContent).toBe('6 игроков');
    expect(card.getByTestId('tournament-registered').textContent).toBe('4/6');
    expect(card.getByTestId('tournament-pool').textContent).toBe('6,00\u00a0$');
    expect(card.getByTestId('tournament-prizes').textContent).toBe('1-е: 65\u00a0% · 2-е: 35\u00a0%');
    expect(card.getByTestId('tournament-ante').textContent).toBe('10\u00a0◎, удваивается каждые 10 раздач');
  });

  it('writes a free one in play chips, never "$", and its winner takes all', async () => {
    serve([free]);
    render(<Tournaments />);
    const card = within(await screen.findByTestId('tournament-card'));
    expect(card.getByTestId('tournament-entry').textContent).toBe('100\u00a0◎');
    expect(card.getByTestId('tournament-size').textContent).toBe('3 игрока');
    expect(card.getByTestId('tournament-prizes').textContent).toBe(i18n.t('tournaments.winnerTakesAll'));
    expect(screen.getByTestId('tournament-card').textContent).not.toContain('$');
  });

  it('speaks English when chosen', async () => {
    await setLanguage('en');
    serve([six]);
    render(<Tournaments />);
    const card = within(await screen.findByTestId('tournament-card'));
    expect(card.getByTestId('tournament-entry').textContent).toBe('$1.00 + $0.10');
    expect(card.getByTestId('tournament-size').textContent).toBe('6 players');
    expect(card.getByTestId('tournament-prizes').textContent).toBe('1st: 65% · 2nd: 35%');
    expect(card.getByTestId('tournament-ante').textContent).toBe('◎10, doubles every 10 hands');
  });
});

describe('registering', () => {
  it('asks once with what it costs, then registers with one request', async () => {
    const { requests } = serve([six]);
    render(<Tournaments />);
    fireEvent.click(await screen.findByTestId('tournament-register'));
    expect(screen.getByTestId('register-cost').textContent).toBe(
      'Бай-ин 1,00\u00a0$ и взнос 0,10\u00a0$: с баланса спишется 1,10\u00a0$.',
    );
    expect(screen.getByTestId('register-confirm').textContent).toBe('Записаться за 1,10\u00a0$');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByTestId('register-confirm'));
    await waitFor(() => expect(screen.queryByTestId('register-sheet')).toBeNull());
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/tournaments/${SIX}/register`,
    ]);
    expect(screen.getByTestId('tournament-in')).toBeTruthy();
    expect(screen.getByTestId('tournament-registered').textContent).toBe('5/6');
    expect(toastTexts()).toContain(i18n.t('tournaments.registered'));
  });

  it('does nothing when the question is cancelled', async () => {
    const { requests } = serve([six]);
    render(<Tournaments />);
    fireEvent.click(await screen.findByTestId('tournament-register'));
    fireEvent.click(screen.getByTestId('register-cancel'));
    expect(screen.queryByTestId('register-sheet')).toBeNull();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('unregisters at once and says what came back', async () => {
    const { requests } = serve([{ ...six, registered: true, registeredCount: 5 }]);
    render(<Tournaments />);
    fireEvent.click(await screen.findByTestId('tournament-unregister'));
    await screen.findByTestId('tournament-register');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/tournaments/${SIX}/unregister`,
    ]);
    expect(toastTexts()).toContain('Запись отменена: возвращено 1,10\u00a0$');
  });

  it('offers a deposit when the balance is short, with what registration takes', async () => {
    serve([six], () => refusal(422, 'insufficientBalance'));
    render(<Tournaments />);
    fireEvent.click(await screen.findByTestId('tournament-register'));
    fireEvent.click(screen.getByTestId('register-confirm'));
    const refused = await screen.findByTestId('register-refusal');
    expect(refused.textContent).toContain('На балансе не хватает денег: запись стоит 1,10\u00a0$.');
    fireEvent.click(screen.getByTestId('register-deposit'));
    expect(currentPage.get()).toEqual({ name: 'deposit' });
  });

  it('never offers to buy play chips', async () => {
    serve([free], () => refusal(422, 'insufficientBalance'));
    render(<Tournaments />);
    fireEvent.click(await screen.findByTestId('tournament-register'));
    fireEvent.click(screen.getByTestId('register-confirm'));
    expect((await screen.findByTestId('register-refusal')).textContent).toBe(
      'Не хватает игровых фишек: запись стоит 100\u00a0◎.',
    );
    expect(screen.queryByTestId('register-deposit')).toBeNull();
  });

  it.each([
    ['tournament_full', 409],
    ['tournament_started', 409],
    ['tournament_elsewhere', 409],
    ['agreement_required', 403],
    ['account_suspended', 403],
  ])('says %s in the catalogue words', async (code, status) => {
    serve([six], () => refusal(status, code, 'server words'));
    render(<Tournaments />);
    fireEvent.click(await screen.findByTestId('tournament-register'));
    fireEvent.click(screen.getByTestId('register-confirm'));
    const refused = await screen.findByTestId('register-refusal');
    expect(refused.textContent).toBe(i18n.t(`errors.${code}`));
    expect(refused.dataset.code).toBe(code);
  });

  it('gives the server its own words for a break or a loss limit, which name their end', async () => {
    serve([six], () => refusal(403, 'loss_limit_reached', 'Лимит проигрыша: до 1 декабря.'));
    render(<Tournaments />);
    fireEvent.click(await screen.findByTestId('tournament-register'));
    fireEvent.click(screen.getByTestId('register-confirm'));
    expect((await screen.findByTestId('register-refusal')).textContent).toBe(
      'Лимит проигрыша: до 1 декабря.',
    );
  });

  it('says an operator cancel and what came back', async () => {
    serve([six]);
    render(<Tournaments />);
    await screen.findByTestId('tournament-card');
    act(() => serverSends('tournament_cancelled', { tournamentId: SIX, refund: 1.1 }));
    expect(toastTexts()).toContain('Sit & Go отменён: возвращено 1,10\u00a0$');
  });
});

describe('my tournaments', () => {
  const done = sng({
    id: DONE,
    status: 'finished',
    registered: true,
    registeredCount: 6,
    myPlace: 2,
    myPrize: 2.1,
    roomId: ROOM,
  });
  const running = sng({ id: RUNNING, status: 'running', registered: true, registeredCount: 6, roomId: ROOM });

  it('lists a finished one with place and prize, and its results', async () => {
    const details: TournamentDetails = {
      ...done,
      players: [],
      results: [
        { place: 1, playerId: '2002', username: 'bob', prize: 3.9 },
        { place: 2, playerId: '1001', username: 'alice', prize: 2.1 },
        { place: 3, playerId: '3003', username: null, prize: 0 },
      ],
    };
    fakeApi({
      'GET /tournaments': () => ({ body: { tournaments: [six, done] } }),
      [`GET /tournaments/${DONE}`]: () => ({ body: details }),
    });
    render(<Tournaments />);
    const row = await screen.findByTestId('my-tournament');
    expect(within(row).getByTestId('my-tournament-result').textContent).toBe('2-е место · 2,10\u00a0$');
    fireEvent.click(within(row).getByTestId('my-tournament-results'));
    await waitFor(() => expect(screen.getAllByTestId('results-row')).toHaveLength(3));
    expect(screen.getAllByTestId('results-row').map((r) => r.textContent)).toEqual([
      '1-еbob3,90\u00a0$',
      '2-еalice2,10\u00a0$',
      '3-еИгрок—',
    ]);
    expect(screen.getByTestId('results-my-place').textContent).toBe('Ваше место: 2-е');
  });

  it('takes the player back to the table of the one in play', async () => {
    fakeApi({ 'GET /tournaments': () => ({ body: { tournaments: [running] } }) });
    render(<Tournaments />);
    fireEvent.click(await screen.findByTestId('my-tournament-table'));
    expect(currentPage.get()).toEqual({ name: 'gameRoom', roomId: ROOM, autoSit: false });
  });
});
