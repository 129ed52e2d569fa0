// @vitest-environment jsdom
/**
 * The table screen against a fake socket: what the player sees and sends as the server's frames
 * arrive (the raise sheet, an invitation, a lost connection, labels in the player's language).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NO_ALLOWED_ACTIONS, type GameState } from '@svara/core';
import { resources, translate } from '@svara/locales';
import { setLanguage } from '../../i18n';
import { backOverride } from '../../app/back';
import { currentPage } from '../../app/navigation';
import { enterStartRoom } from '../../app/room-entry';
import { fakeApi, signIn } from '../../test-support/fake-api';
import { gameState, playerView } from '../../test-support/game-state';
import * as rt from './fake-realtime';
import GameRoom from './GameRoom';

vi.mock('../../api/realtime', () => import('./fake-realtime'));

const ROOM = '00000000-0000-4000-8000-000000000000';
const ME = '1001';

/** A betting round at a two-player table; the viewer (alice, 1001) on turn with raise allowed. */
function myTurn(turnStartTime: number, over: Partial<GameState> = {}): GameState {
  const now = Date.now();
  return gameState({
    status: 'betting',
    viewerId: ME,
    players: [
      playerView({ id: ME, username: 'alice', position: 1, hasLooked: true }),
      playerView({ id: '2', username: 'bob', position: 4 }),
    ],
    currentPlayerIndex: 0,
    turnStartTime,
    deadline: now + 15_000,
    serverTime: now,
    allowedActions: {
      ...NO_ALLOWED_ACTIONS,
      fold: true,
      call: { amount: 2, allIn: false },
      raise: { min: 4, max: 40 },
    },
    ...over,
  });
}

function othersTurn(turnStartTime: number): GameState {
  return myTurn(turnStartTime, { currentPlayerIndex: 1, allowedActions: NO_ALLOWED_ACTIONS });
}

function frame(state: GameState) {
  act(() => rt.serverSends('game_update', state));
}

beforeEach(() => {
  rt.resetFakeRealtime();
  signIn({ telegramId: ME, balance: 50 });
  setLanguage('ru');
  // The server answers the connection probe unless a test says otherwise.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({ ok: true, status: 200 })),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the raise sheet', () => {
  it('opens only when the player taps Raise, and not again on a later turn', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(myTurn(1_000));
    expect(screen.queryByTestId('raise-sheet')).toBeNull();

    fireEvent.click(screen.getByTestId('action-raise'));
    expect(screen.getByTestId('raise-sheet')).toBeTruthy();

    // The turn passes without a raise (another move, or the timer): the sheet goes with it ...
    frame(othersTurn(2_000));
    expect(screen.queryByTestId('raise-sheet')).toBeNull();
    // ... and the next turn, like the next hand, starts with the table in view.
    frame(myTurn(3_000));
    expect(screen.queryByTestId('raise-sheet')).toBeNull();
    frame(
      myTurn(1_000, {
        fairness: {
          handNumber: 2,
          commitment: null,
          clientSeed: null,
          playerSeeds: [],
          revealedSeed: null,
          nextCommitment: null,
        },
      }),
    );
    expect(screen.queryByTestId('raise-sheet')).toBeNull();
  });

  it('shows the turn’s time left while it covers the seat’s timer', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(myTurn(1_000));
    fireEvent.click(screen.getByTestId('action-raise'));
    expect(screen.getByTestId('raise-timer').textContent).toMatch(/^Ваш ход: 1\d с$/);
  });
});

describe('an invitation link', () => {
  it('shows the table to watch and sits down, for the ante, only on the player’s tap', async () => {
    fakeApi({ [`POST /rooms/${ROOM}/join`]: () => ({ body: { roomId: ROOM, seated: false } }) });
    await enterStartRoom(ROOM);
    const page = currentPage.get();
    expect(page).toEqual({ name: 'gameRoom', roomId: ROOM, autoSit: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200 })),
    );

    render(<GameRoom roomId={ROOM} autoSit={page.name === 'gameRoom' && page.autoSit} />);
    const waiting = gameState({
      status: 'waiting',
      viewerId: null,
      minBet: 2,
      players: [playerView({ id: '7', username: 'inviter', position: 1 })],
    });
    frame(waiting);
    frame(waiting);
    expect(rt.sent.filter((m) => m.event === 'sit_down')).toEqual([]);
    expect(screen.getByTestId('sit-down').textContent).toBe('Сесть: анте 2,00\u00a0$');

    await act(async () => fireEvent.click(screen.getByTestId('sit-down')));
    expect(rt.sent.filter((m) => m.event === 'sit_down')).toHaveLength(1);
  });

  it('says the balance a seat needs only when the player’s falls short, and then cannot be tapped', () => {
    signIn({ telegramId: ME, balance: 0 });
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(
      gameState({
        status: 'waiting',
        viewerId: null,
        minBet: 2,
        players: [playerView({ id: '7', username: 'inviter', position: 1 })],
      }),
    );
    const button = screen.getByTestId('sit-down') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('sit-down-needed').textContent).toBe('нужно от 20,00\u00a0$ на балансе');
  });
});

describe('losing the connection to the game server', () => {
  it('is said when the heartbeat gives up, probes the server only then, and recovers by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const fetchProbe = vi.fn(async (_url: string) => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchProbe);
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(othersTurn(1_000));
    // A healthy table does not poll the server.
    const probes = () => fetchProbe.mock.calls.filter(([url]) => String(url).includes('/health')).length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(probes()).toBe(0);

    // The socket's heartbeat (server ping every 2 s, 3 s grace) reports the loss.
    const rt = await import('./fake-realtime');
    act(() => rt.connectionStatus.set('disconnected'));
    const sheet = screen.getByTestId('no-connection');
    expect(sheet.textContent).toContain('Связь с игровым сервером потеряна — переподключаемся…');
    expect(sheet.textContent).not.toContain('Проверьте подключение к интернету');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_500);
    });
    expect(probes()).toBeGreaterThan(0);

    // The socket comes back: the sheet goes by itself.
    act(() => rt.connectionStatus.set('connected'));
    expect(screen.queryByTestId('no-connection')).toBeNull();
  });

  it('is said as soon as a move goes unanswered, and offers a retry', async () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(myTurn(1_000));
    rt.server.reply = () => ({ ok: false, code: 'network_error', message: 'no acknowledgement' });
    await act(async () => fireEvent.click(screen.getByTestId('action-call')));
    expect(screen.getByTestId('no-connection')).toBeTruthy();
    fireEvent.click(screen.getByTestId('retry-connection'));
    expect(rt.restartRealtime).toHaveBeenCalled();
  });

  it('is said at once when the socket drops', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(othersTurn(1_000));
    act(() => rt.connectionStatus.set('disconnected'));
    expect(screen.getByTestId('no-connection')).toBeTruthy();
    act(() => rt.connectionStatus.set('connected'));
    expect(screen.queryByTestId('no-connection')).toBeNull();
  });
});

/** Six seats showing every badge: each last action, a winner-free all-in, away and sitting out. */
function everyBadge(): GameState {
  const actions = ['blind_bet', 'call', 'all_in', 'fold', 'raise', 'look'] as const;
  return gameState({
    status: 'betting',
    viewerId: ME,
    currentPlayerIndex: 0,
    players: [
      playerView({ id: ME, username: 'alice', position: 4, isAway: true }),
      ...actions.slice(0, 5).map((lastAction, i) =>
        playerView({
          id: `p${i}`,
          username: `p${i}`,
          position: i < 3 ? i + 1 : i + 2,
          lastAction,
          totalBet: 2,
        }),
      ),
    ],
  });
}

function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (Array.isArray(tree)) return tree.flatMap(strings);
  if (tree && typeof tree === 'object') return Object.values(tree).flatMap(strings);
  return [];
}

describe('the table speaks one language', () => {
  it.each(['ru', 'en'] as const)('in %s, shows no word of the other language and no raw label', (lang) => {
    setLanguage(lang);
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(everyBadge());
    const other = lang === 'ru' ? resources.en : resources.ru;
    const mine = new Set(strings((lang === 'ru' ? resources.ru : resources.en).game));
    const text = document.body.textContent ?? '';
    const foreign = strings((other as { game: unknown }).game)
      .filter((s) => !s.includes('{{') && !mine.has(s) && s.length > 1)
      .filter((s) => text.includes(s));
    expect(foreign).toEqual([]);
    for (const raw of ['PASS', 'WIN', 'BLIND', 'RAISE', 'PAID', 'LOOK', 'game.'])
      expect(text).not.toContain(raw);
    const labels = screen.getAllByTestId('seat-label').map((el) => el.getAttribute('data-label'));
    expect(labels.sort()).toEqual(['allIn', 'away', 'blind', 'paid', 'pass', 'raise']);
    expect(screen.getByTestId('im-back').textContent).toBe(lang === 'ru' ? 'Я вернулся' : "I'm back");
  });

  it('gives all-in its own label, not “paid”', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(everyBadge());
    const allIn = screen.getAllByTestId('seat-label').find((el) => el.getAttribute('data-label') === 'allIn');
    expect(allIn?.textContent).toBe('Ва-банк');
  });
});

describe('money at the table', () => {
  const nb = '\u00a0';
  it.each([
    ['en', '$12.50', ['$12.50', '$1,016.55'], '$12.3K', 'Tax 5%: $0.65'],
    ['ru', `12,50${nb}$`, [`12,50${nb}$`, `1${nb}016,55${nb}$`], `12,3K${nb}$`, `Налог 5${nb}%: 0,65${nb}$`],
  ] as const)(
    'in %s, writes the pot, seats, bets and tax with the sign where the language puts it',
    (lang, pot, seats, bet, tax) => {
      setLanguage(lang);
      render(<GameRoom roomId={ROOM} autoSit={false} />);
      frame(
        myTurn(1_000, {
          pot: 12.5,
          tax: 0.65,
          players: [
            playerView({ id: ME, username: 'alice', position: 1, balance: 1016.55, hasLooked: true }),
            playerView({ id: '2', username: 'bob', position: 4, balance: 12.5, totalBet: 12_345 }),
          ],
        }),
      );
      expect(screen.getByTestId('pot-amount').textContent).toBe(pot);
      expect(screen.getAllByTestId('seat-balance').map((el) => el.textContent)).toEqual(seats);
      expect(screen.getAllByTestId('bet-stack').map((el) => el.textContent)).toEqual([bet]);
      expect(screen.getByTestId('tax-label').textContent).toBe(tax);
      expect(screen.getByTestId('action-call').textContent).toContain(lang === 'en' ? '$2.00' : `2,00${nb}$`);
    },
  );
});

describe('losing the seat', () => {
  it('says why in the server’s words, and offers a deposit to a player who could not pay the ante', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    // The viewer is no longer among the players: stood up.
    frame(gameState({ status: 'waiting', viewerId: ME, players: [playerView({ id: '2', position: 4 })] }));
    act(() =>
      rt.serverSends('stood_up', {
        roomId: ROOM,
        code: 'balance_below_ante',
        message: 'Недостаточно средств для анте',
      }),
    );
    const notice = screen.getByTestId('stood-up-notice');
    expect(notice.textContent).toContain('Недостаточно средств для анте');
    fireEvent.click(screen.getByTestId('stood-up-deposit'));
    expect(currentPage.get()).toEqual({ name: 'deposit' });
  });

  it('offers no deposit at a practice table: its chips are never bought (RULES §8)', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(
      gameState({
        status: 'waiting',
        currency: 'chips',
        viewerId: ME,
        players: [playerView({ id: '-9', position: 4, isHouse: true })],
      }),
    );
    act(() =>
      rt.serverSends('stood_up', { roomId: ROOM, code: 'balance_below_ante', message: 'Не хватает фишек' }),
    );
    expect(screen.getByTestId('stood-up-notice').textContent).toContain('Не хватает фишек');
    expect(screen.queryByTestId('stood-up-deposit')).toBeNull();
  });

  it('ignores a notice about another room, and has no deposit offer for an absence', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(gameState({ status: 'waiting', viewerId: ME, players: [playerView({ id: '2', position: 4 })] }));
    act(() => rt.serverSends('stood_up', { roomId: 'another', code: 'away_too_long', message: 'x' }));
    expect(screen.queryByTestId('stood-up-notice')).toBeNull();
    act(() => rt.serverSends('stood_up', { roomId: ROOM, code: 'away_too_long', message: 'Вы отошли' }));
    expect(screen.getByTestId('stood-up-notice').textContent).toContain('Вы отошли');
    expect(screen.queryByTestId('stood-up-deposit')).toBeNull();
  });
});

describe('a private room', () => {
  const details = (over: Record<string, unknown> = {}) => ({
    body: {
      roomId: ROOM,
      players: [],
      maxPlayers: 6,
      minBet: 1,
      type: 'private',
      status: 'waiting',
      createdAt: new Date().toISOString(),
      ownerId: ME,
      ...over,
    },
  });

  it('shows a lock, and its creator the password again in the table menu', async () => {
    fakeApi({ [`GET /rooms/${ROOM}`]: () => details({ password: '246810' }) });
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(othersTurn(1_000));
    await screen.findByTestId('room-lock');
    fireEvent.click(screen.getByTestId('room-menu'));
    expect((await screen.findByTestId('settings-password')).textContent).toContain('246810');
  });

  it('shows others the lock but no password', async () => {
    fakeApi({ [`GET /rooms/${ROOM}`]: () => details({ ownerId: '2' }) });
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(othersTurn(1_000));
    await screen.findByTestId('room-lock');
    fireEvent.click(screen.getByTestId('room-menu'));
    await screen.findByTestId('settings-sheet');
    expect(screen.queryByTestId('settings-password')).toBeNull();
  });
});

describe("Telegram's back button at the table", () => {
  const back = () => act(() => backOverride.get()!.onBack());

  it('closes the table menu first, then leaves a table with no hand in play', () => {
    currentPage.set({ name: 'gameRoom', roomId: ROOM, autoSit: false });
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(gameState({ status: 'waiting', viewerId: ME, players: [playerView({ id: ME, position: 1 })] }));
    fireEvent.click(screen.getByTestId('room-menu'));
    expect(screen.getByTestId('settings-sheet')).toBeTruthy();

    back();
    expect(screen.queryByTestId('settings-sheet')).toBeNull();
    expect(currentPage.get().name).toBe('gameRoom');

    back();
    expect(currentPage.get().name).toBe('dashboard');
  });

  it('during a hand, closes the menu, then asks before leaving', () => {
    currentPage.set({ name: 'gameRoom', roomId: ROOM, autoSit: false });
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(othersTurn(1_000));
    fireEvent.click(screen.getByTestId('room-menu'));
    back();
    expect(screen.queryByTestId('settings-sheet')).toBeNull();
    back();
    expect(screen.getByTestId('exit-cancel')).toBeTruthy();
    // Back again is "stay": the dialog closes and the player is still at the table.
    back();
    expect(screen.queryByTestId('exit-cancel')).toBeNull();
    expect(currentPage.get().name).toBe('gameRoom');
  });
});

describe('a practice table (RULES §8)', () => {
  /** The viewer on turn at a practice table with two house players; chips count like dollars. */
  function practiceTurn(): GameState {
    return myTurn(1_000, {
      currency: 'chips',
      minBet: 50,
      pot: 12_345,
      players: [
        playerView({
          id: ME,
          username: 'alice',
          position: 1,
          hasLooked: true,
          balance: 12_345,
          totalBet: 100,
        }),
        playerView({
          id: '-9',
          username: 'Arkady',
          position: 4,
          isHouse: true,
          balance: 9_870,
          totalBet: 150,
        }),
        playerView({ id: '-10', username: 'Yegor', position: 5, isHouse: true, balance: 500 }),
      ],
      allowedActions: {
        ...NO_ALLOWED_ACTIONS,
        fold: true,
        call: { amount: 150, allIn: false },
        raise: { min: 300, max: 12_345 },
      },
    });
  }

  it('writes every amount in chips with their sign, never "$", and says it is practice', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(practiceTurn());
    const room = screen.getByTestId('game-room');
    expect(room.dataset.currency).toBe('chips');
    expect(screen.getByTestId('practice-mark').textContent).toContain(translate('ru', 'practiceTable.mark'));
    expect(screen.getByTestId('my-balance').textContent).toBe('12\u00a0345\u00a0◎');
    expect(screen.getByTestId('pot-amount').textContent).toBe('12,3K\u00a0◎');
    expect(screen.getByTestId('action-call').textContent).toContain('150\u00a0◎');
    fireEvent.click(screen.getByTestId('action-raise'));
    expect(screen.getByTestId('raise-amount').textContent).toBe('300\u00a0◎');
    expect(screen.getByTestId('raise-confirm').textContent).toContain('300\u00a0◎');
    expect(document.body.textContent).not.toContain('$');
  });

  it('marks the house players’ seats, and only theirs', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(practiceTurn());
    const marked = screen
      .getAllByTestId('seat')
      .filter((seat) => seat.querySelector('[data-testid="house-badge"]'))
      .map((seat) => seat.dataset.playerId);
    expect(marked.sort()).toEqual(['-10', '-9']);
    expect(screen.getAllByTestId('house-badge')[0]!.getAttribute('aria-label')).toBe(
      translate('ru', 'practiceTable.house'),
    );
  });

  it('seats a newcomer with no dollars (chips pay here), and shows a spectator no dollar balance', async () => {
    signIn({ telegramId: ME, balance: 0 });
    render(<GameRoom roomId={ROOM} autoSit />);
    frame(
      gameState({
        status: 'waiting',
        currency: 'chips',
        viewerId: null,
        minBet: 50,
        players: [playerView({ id: '-9', username: 'Arkady', position: 1, isHouse: true, balance: 5_000 })],
      }),
    );
    await act(async () => {});
    expect(rt.sent.filter((m) => m.event === 'sit_down')).toHaveLength(1);
    expect(screen.queryByTestId('my-balance')).toBeNull();
    expect(screen.queryByText(translate('ru', 'errors.insufficientBalance'))).toBeNull();
  });

  it('leaves a dollar table as it was: no mark, no badge, dollars', () => {
    render(<GameRoom roomId={ROOM} autoSit={false} />);
    frame(myTurn(1_000));
    expect(screen.queryByTestId('practice-mark')).toBeNull();
    expect(screen.queryByTestId('house-badge')).toBeNull();
    expect(screen.getByTestId('action-call').textContent).toContain('2,00\u00a0$');
  });
});
