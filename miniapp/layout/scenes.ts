/**
 * Fixed tables for the layout fixture (table.html): the moments a new player meets, with every piece
 * at its largest (two-digit scores, the tallest bet piles, long names, two-line chat bubbles).
 */
import {
  HOUSE_PLAYER_NAMES,
  NO_ALLOWED_ACTIONS,
  type Card,
  type GameState,
  type PlayerView,
} from '@svara/core';
import type { TableDisplay } from '../src/screens/game/TableView';
import { playerView } from '../src/test-support/game-state';

export type Scene = {
  state: GameState;
  display: TableDisplay;
  /** The chat phrase (a key under `chat`) each player has just sent. */
  bubbles: Record<string, string>;
  /** The viewer's own balance in the header; none for a player out of a Sit & Go. */
  balance: number | null;
};

const ROOM = '5f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const VIEWER = '1004';
const NAMES = ['alexandra', 'bob', 'konstantin', 'me_viewer', 'eve_maria', 'fedor'];

function card(text: string): Card {
  const suits = { h: 'hearts', d: 'diamonds', c: 'clubs', s: 'spades' } as const;
  return { rank: text.slice(0, -1) as Card['rank'], suit: suits[text.slice(-1) as keyof typeof suits] };
}

function hand(text: string): Card[] {
  return text.split(' ').map(card);
}

function player(position: number, over: Partial<PlayerView> = {}): PlayerView {
  return playerView({
    id: String(1000 + position),
    username: NAMES[position - 1]!,
    balance: 1234.5,
    position,
    ...over,
  });
}

function table(over: Partial<GameState>): GameState {
  return {
    roomId: ROOM,
    currency: 'usd',
    status: 'waiting',
    pot: 0,
    tax: 0,
    taxPercent: 5,
    players: [],
    currentPlayerIndex: -1,
    turnStartTime: null,
    deadline: null,
    serverTime: 0,
    minBet: 1,
    lastBlindBet: 0,
    lastActionAmount: 0,
    hasRaiseMax: false,
    isAnimating: false,
    winners: [],
    svaraParticipants: [],
    svaraTied: [],
    svaraConfirmed: [],
    log: [],
    fairness: {
      handNumber: 12,
      // The header's fairness badge is drawn, as at a table whose hand seed is committed.
      commitment: 'c0ffee'.repeat(10) + 'c0ff',
      clientSeed: null,
      playerSeeds: [],
      revealedSeed: null,
      nextCommitment: null,
    },
    viewerId: VIEWER,
    allowedActions: NO_ALLOWED_ACTIONS,
    ...over,
  };
}

const STILL: TableDisplay = { finished: null, deal: null, timer: null, bubbles: {} };

/** Cards and scores of a showdown, by position. */
const SHOWN: Record<number, [string, number]> = {
  1: ['Ah Kh 9h', 30],
  2: ['10d 10s 8c', 20],
  3: ['Ks Qs 10s', 31],
  4: ['Ac Ad 8h', 22],
  5: ['Jd Qd 9d', 29],
  6: ['Kc Qc 8s', 27],
};

function atShowdown(positions: number[], dealer: number): PlayerView[] {
  const actions = ['call', 'raise', 'all_in', 'call', 'call', 'call'] as const;
  return positions.map((position, i) =>
    player(position, {
      cards: hand(SHOWN[position]![0]),
      score: SHOWN[position]![1],
      hasLooked: true,
      isDealer: position === dealer,
      isAllIn: actions[i] === 'all_in',
      totalBet: 1500 + i * 10,
      currentBet: 500,
      balance: actions[i] === 'all_in' ? 0 : 48_250.75,
      lastAction: actions[i]!,
    }),
  );
}

function showdown(positions: number[]): GameState {
  const players = atShowdown(positions, positions[0]!);
  const pot = players.reduce((sum, p) => sum + p.totalBet, 0);
  return table({ status: 'showdown', players, pot, log: [] });
}

/** The hand over: one winner (the best score), the others' last moves still on their seats. */
function finished(positions: number[]): GameState {
  const players = atShowdown(positions, positions[0]!);
  const best = players.reduce((a, b) => (b.score! > a.score! ? b : a));
  const pot = players.reduce((sum, p) => sum + p.totalBet, 0);
  const tax = Math.floor(pot * 5) / 100;
  const won = players.map((p) =>
    p.id === best.id ? { ...p, lastAction: 'win' as const, lastWinAmount: pot - tax } : p,
  );
  return table({ status: 'finished', players: won, pot, tax, winners: [best.id] });
}

/** Between two hands: nobody holds cards; one player sits out (on the dealer's seat), one is away. */
function betweenHands(): GameState {
  const players = [1, 2, 3, 4, 5, 6].map((position) =>
    player(position, {
      isActive: false,
      isDealer: position === 5,
      isSittingOut: position === 5,
      isAway: position === 2,
    }),
  );
  return table({ status: 'waiting', players });
}

/** The viewer sat down during a hand: the others bet, the viewer waits for the next round. */
function joinedMidHand(): GameState {
  const players = [1, 2, 3, 4, 5, 6].map((position) =>
    position === 4
      ? player(position, { isActive: false })
      : player(position, {
          totalBet: 1500,
          currentBet: 500,
          hasLooked: position % 2 === 0,
          isDealer: position === 3,
          lastAction: position % 2 === 0 ? 'raise' : 'blind_bet',
        }),
  );
  return table({ status: 'betting', players, pot: 7500, currentPlayerIndex: 0 });
}

/**
 * A practice table (RULES §8) in play chips, two people (the viewer at 4, one at 3) and three house
 * players, one seat free; every amount at its widest in chips (stacks of ◎12,345 and more).
 */
function practice(status: 'betting' | 'showdown' | 'finished'): GameState {
  const people = new Map([
    [3, 'konstantin'],
    [4, 'me_viewer'],
  ]);
  const house = [1, 2, 5];
  const open = status === 'betting';
  const players = [1, 2, 3, 4, 5].map((position, i) => {
    const isHouse = house.includes(position);
    return player(position, {
      ...(isHouse
        ? { id: String(-(9 + i)), username: HOUSE_PLAYER_NAMES[(i * 5) % HOUSE_PLAYER_NAMES.length]! }
        : { username: people.get(position)! }),
      isHouse,
      balance: 12_345 + i * 1_111,
      totalBet: 1_250 + i * 50,
      currentBet: 250,
      isDealer: position === 2,
      hasLooked: !open || position !== 1,
      cards: open ? (position === 4 ? hand(SHOWN[4]![0]) : null) : hand(SHOWN[position]![0]),
      score: open ? (position === 4 ? SHOWN[4]![1] : null) : SHOWN[position]![1],
      lastAction: position === 1 ? 'blind_bet' : position === 3 ? 'raise' : 'call',
    });
  });
  const pot = players.reduce((sum, p) => sum + p.totalBet, 0);
  const base = { currency: 'chips' as const, minBet: 50, players, pot };
  if (status === 'betting') {
    return table({
      ...base,
      status,
      currentPlayerIndex: 3,
      allowedActions: {
        ...NO_ALLOWED_ACTIONS,
        fold: true,
        call: { amount: 1_250, allIn: false },
        raise: { min: 2_500, max: 12_345 },
      },
    });
  }
  if (status === 'showdown') return table({ ...base, status });
  const best = players.reduce((a, b) => (b.score! > a.score! ? b : a));
  const tax = Math.floor(pot * 5) / 100;
  const won = players.map((p) =>
    p.id === best.id ? { ...p, lastAction: 'win' as const, lastWinAmount: pot - tax } : p,
  );
  return table({ ...base, status, players: won, tax, winners: [best.id] });
}

const TOURNAMENT_ID = '0a000000-0000-4000-8000-000000000006';

/**
 * A 6-player Sit & Go (RULES §9) late in its level 3: tournament chips at their widest (stacks over
 * 1,000, the viewer's bet), dollar prizes 65/35; `out`: the viewer is out in 4th place and watches
 * the three left.
 */
function sitAndGo(out: boolean): GameState {
  const left = out ? [1, 3, 5] : [1, 2, 3, 4, 5];
  const players = left.map((position, i) =>
    player(position, {
      balance: [3_250, 1_480, 2_730, 1_195, 1_120][i]!,
      totalBet: 160,
      currentBet: 80,
      isDealer: position === 3,
      hasLooked: position !== 1,
      cards: position === 4 ? hand(SHOWN[4]![0]) : null,
      score: position === 4 ? SHOWN[4]![1] : null,
      lastAction: position === 1 ? 'blind_bet' : 'call',
    }),
  );
  const places = out
    ? [
        { playerId: '1006', place: 6 },
        { playerId: '1002', place: 5 },
        { playerId: VIEWER, place: 4 },
      ]
    : [{ playerId: '1006', place: 6 }];
  return table({
    currency: 'chips',
    status: 'betting',
    minBet: 40,
    taxPercent: 0,
    players,
    pot: players.reduce((sum, p) => sum + p.totalBet, 0),
    currentPlayerIndex: out ? 0 : 3,
    allowedActions: out
      ? NO_ALLOWED_ACTIONS
      : {
          ...NO_ALLOWED_ACTIONS,
          fold: true,
          call: { amount: 160, allIn: false },
          raise: { min: 320, max: 1_195 },
        },
    tournament: {
      id: TOURNAMENT_ID,
      level: 3,
      ante: 40,
      nextAnte: 80,
      handsToNextLevel: 7,
      playersLeft: left.length,
      currency: 'usd',
      prizes: [13, 7],
      places,
    },
  });
}

const PHRASES = ['phrase5', 'phrase17', 'phrase15', 'phrase11', 'phrase7', 'phrase16'];

function bubblesFor(state: GameState): Record<string, string> {
  return Object.fromEntries(state.players.map((p, i) => [p.id, PHRASES[i % PHRASES.length]!]));
}

const BUILDERS: Record<string, () => { state: GameState; display?: Partial<TableDisplay> }> = {
  'showdown-6': () => ({ state: showdown([1, 2, 3, 4, 5, 6]) }),
  'showdown-3': () => ({ state: showdown([2, 3, 4]) }),
  'showdown-3-left': () => ({ state: showdown([4, 5, 6]) }),
  'finished-6': () => ({ state: finished([1, 2, 3, 4, 5, 6]), display: { finished: 'winner' } }),
  'finished-3': () => ({ state: finished([2, 3, 4]), display: { finished: 'winner' } }),
  'between-hands-6': () => ({ state: betweenHands() }),
  'mid-hand-6': () => ({ state: joinedMidHand() }),
  // Two players, the other one away: no hand can start, and the table says why (RULES §6).
  'away-holds-2': () => ({
    state: table({
      players: [player(4, { isActive: false }), player(1, { isActive: false, isAway: true, isDealer: true })],
    }),
  }),
  alone: () => ({ state: table({ players: [player(4, { isActive: false, isDealer: true })] }) }),
  'practice-mid-hand': () => ({ state: practice('betting') }),
  'practice-showdown': () => ({ state: practice('showdown') }),
  'practice-finished': () => ({ state: practice('finished'), display: { finished: 'winner' } }),
  'tournament-mid-hand': () => ({ state: sitAndGo(false) }),
  'tournament-out': () => ({ state: sitAndGo(true) }),
};

export const SCENES = Object.keys(BUILDERS);

/** A scene by name; `chat`: every seated player has just said something. */
export function scene(name: string, chat: boolean): Scene {
  const build = BUILDERS[name];
  if (!build) throw new Error(`no scene ${name}`);
  const { state, display } = build();
  const viewer = state.players.find((p) => p.id === state.viewerId);
  return {
    state,
    display: { ...STILL, ...display },
    bubbles: chat ? bubblesFor(state) : {},
    balance: state.tournament
      ? (viewer?.balance ?? null)
      : state.currency === 'chips'
        ? (viewer?.balance ?? 0)
        : 1234.5,
  };
}
