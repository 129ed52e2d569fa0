/**
 * "My hands" and a replay drawn from fixed answers, for the layout test (hands.layout.test.ts) and
 * for looking at them: /layout/hands.html?lang=en&hand=1 on the development server. The list holds a
 * practice hand (play chips, house players, RULES §8) above a dollar one; `hand=1` opens the practice
 * hand's replay. The api's answers come from a stand-in `fetch`, so nothing else is needed.
 */
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { HandDetail, HandPage, HandSummary } from '@svara/core';
import '../src/styles.css';
import { setToken } from '../src/api/http';
import { setLanguage } from '../src/i18n';
import { HandsBrowser } from '../src/screens/hands/HandsBrowser';
import { scene } from './scenes';

const PRACTICE_ID = '7a1c2d3e-4a5b-4c6d-8e7f-901234567891';
const DOLLAR_ID = '7a1c2d3e-4a5b-4c6d-8e7f-901234567892';

function summary(id: string, over: Partial<HandSummary>): HandSummary {
  return {
    id,
    roomId: '5f1c2d3e-4a5b-4c6d-8e7f-901234567890',
    handNumber: 1234,
    finishedAt: '2026-11-27T11:40:00.000Z',
    currency: 'usd',
    stake: 1,
    svara: false,
    pot: 7,
    tax: 0.35,
    players: 4,
    shown: [],
    mine: {
      cards: [
        { rank: 'A', suit: 'clubs' },
        { rank: 'A', suit: 'diamonds' },
        { rank: '8', suit: 'hearts' },
      ],
      paid: 3,
      won: 6.65,
      result: 'won',
    },
    verifyPath: `/verify?hand=${id}`,
    ...over,
  };
}

/** The practice hand: the table of the practice scenes, from the bets to the win, in chips. */
function practiceHand(): HandDetail {
  const betting = scene('practice-mid-hand', false).state;
  const showdown = scene('practice-showdown', false).state;
  const finished = scene('practice-finished', false).state;
  const winner = finished.players.find((p) => finished.winners.includes(p.id))!;
  const me = finished.players.find((p) => p.id === finished.viewerId)!;
  const hand = summary(PRACTICE_ID, {
    handNumber: 87,
    currency: 'chips',
    stake: betting.minBet,
    pot: finished.pot,
    tax: finished.tax,
    players: finished.players.length,
    shown: finished.players.map((p) => ({
      playerId: p.id,
      username: p.username,
      cards: p.cards!,
      score: p.score!,
      isHouse: p.isHouse,
    })),
    mine: { cards: me.cards, paid: me.totalBet, won: 0, result: 'lost' },
  });
  const still = { allowedActions: null, currentPlayerIndex: -1 };
  return {
    hand,
    frames: [
      { at: 1, move: { type: 'raise', playerId: '1003', amount: 1_350 }, state: { ...betting, ...still } },
      { at: 2, move: { type: 'call', playerId: winner.id, amount: null }, state: { ...showdown, ...still } },
      { at: 3, move: { type: 'win', playerId: winner.id, amount: null }, state: { ...finished, ...still } },
    ],
  };
}

const PAGE: HandPage = {
  hands: [
    practiceHand().hand,
    summary(DOLLAR_ID, { stake: 12_345.67, pot: 98_765.43, tax: 4_938.27, svara: true }),
  ],
  nextCursor: null,
};

// The api as the list and the replay ask it.
window.fetch = async (input: RequestInfo | URL) => {
  const url = String(input);
  const body = url.includes('/hands?') ? PAGE : url.includes(`/hands/${PRACTICE_ID}`) ? practiceHand() : null;
  return new Response(JSON.stringify(body ?? { code: 'not_found', message: url }), {
    status: body ? 200 : 404,
    headers: { 'Content-Type': 'application/json' },
  });
};
setToken('layout-fixture');

type Shown = { lang: 'ru' | 'en'; hand: boolean };

const root = createRoot(document.getElementById('root')!);

/** Draws the list, or the practice hand's replay; the layout test goes from one to the other with it. */
async function show(shown: Shown): Promise<void> {
  // The language's texts may still be loading (English is fetched on first use): draw once they are in.
  await setLanguage(shown.lang);
  flushSync(() =>
    root.render(
      <HandsBrowser
        key={`${shown.lang}:${shown.hand}`}
        initialHand={shown.hand ? PRACTICE_ID : null}
        onClose={() => undefined}
      />,
    ),
  );
}

declare global {
  interface Window {
    showHands: typeof show;
  }
}
window.showHands = show;

const params = new URLSearchParams(location.search);
void show({ lang: params.get('lang') === 'en' ? 'en' : 'ru', hand: params.get('hand') === '1' });
