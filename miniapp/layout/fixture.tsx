/**
 * The table screen drawn from a fixed state, for the layout test (table.layout.test.ts) and for
 * looking at it: /layout/table.html?scene=showdown-6&lang=en&chat=1 on the development server. The
 * screen is the game room's own header, table and bar, in the game room's column; animations are
 * held at their middle, where bubbles, labels and win amounts are fully shown.
 */
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { NO_ALLOWED_ACTIONS, type GameState, type TournamentDetails } from '@svara/core';
import '../src/styles.css';
import { setLanguage } from '../src/i18n';
import { actionButtons, waitingState } from '../src/lib/table';
import { TableCurrency } from '../src/lib/table-currency';
import { TableArea } from '../src/screens/game/TableArea';
import { RoomHeader } from '../src/screens/game/RoomHeader';
import { FairnessBadge } from '../src/fairness/FairnessBadge';
import { ActionBar } from '../src/screens/game/ActionBar';
import { RaiseSheet } from '../src/screens/game/RaiseSheet';
import { SpectatorBar } from '../src/screens/game/SpectatorBar';
import { SvaraDialog } from '../src/screens/game/SvaraOverlay';
import { TournamentOutBar } from '../src/screens/game/TournamentOutBar';
import { ResultsSheet } from '../src/screens/tournaments/ResultsSheet';
import { sitAndGo } from '../src/test-support/tournaments';
import { scene } from './scenes';

/**
 * `over`: what a table opens over itself: the raise sheet, the svara dialog, the spectator's bar, or
 * a Sit & Go's results.
 */
type Over = 'raise' | 'svara' | 'spectator' | 'results';
type Shown = { scene: string; lang: 'ru' | 'en'; chat: boolean; replay: boolean; over?: Over };

const still = document.createElement('style');
still.textContent =
  '*, *::before, *::after { animation-play-state: paused !important; animation-delay: -1s !important; }';
document.head.append(still);

/** The hand ends in a svara between two house players; the viewer may pay to join (RULES §5). */
function svaraOver(state: GameState): GameState {
  const tied = state.players
    .filter((p) => p.isHouse)
    .slice(0, 2)
    .map((p) => p.id);
  return {
    ...state,
    status: 'svara_pending',
    svaraTied: tied,
    svaraParticipants: tied,
    allowedActions: { ...NO_ALLOWED_ACTIONS, joinSvara: { amount: state.pot, free: false } },
  };
}

/** A 6-player Sit & Go's results with long names, the viewer out in 4th (RULES §9). */
function resultsOf(state: GameState): TournamentDetails {
  const names = ['konstantin_the_great', 'alexandra', 'bob', 'me_viewer', 'fedor'];
  return {
    ...sitAndGo({
      id: state.tournament!.id,
      templateId: 'usd-20',
      name: 'Sit & Go Gold',
      buyIn: 20,
      fee: 2,
      registeredCount: 6,
      registered: true,
      status: 'finished',
      prizePool: 120,
      prizes: [78, 42],
      roomId: state.roomId,
      myPlace: 4,
      myPrize: 0,
      startedAt: '2026-11-27T10:01:00.000Z',
      finishedAt: '2026-11-27T10:31:00.000Z',
    }),
    players: [],
    results: [1, 2, 3, 4, 5, 6].map((place) => ({
      place,
      playerId: place === 4 ? state.viewerId! : String(2000 + place),
      username: place === 6 ? null : names[place - 1]!,
      prize: [78, 42][place - 1] ?? 0,
    })),
  };
}

function Fixture({ shown }: { shown: Shown }) {
  const { t } = useTranslation();
  const { state, display, bubbles, balance } = scene(shown.scene, shown.chat);
  const waiting = waitingState(state);
  const said = Object.fromEntries(Object.entries(bubbles).map(([id, phrase]) => [id, t(`chat.${phrase}`)]));
  // The viewer's moves, with their amounts, when the scene has the viewer on turn.
  const onTurn = state.players[state.currentPlayerIndex]?.id === state.viewerId;
  const outAt = state.tournament?.places.find((p) => p.playerId === state.viewerId)?.place ?? null;
  return (
    <TableCurrency.Provider value={state.currency}>
      <div className="flex h-full flex-col overflow-hidden" data-testid="game-room" data-scene={shown.scene}>
        <RoomHeader
          roomId={state.roomId}
          practice={state.currency === 'chips' && !state.tournament}
          stake={state.minBet}
          balance={balance}
          onMenu={() => undefined}
          fairness={
            <FairnessBadge roomId={state.roomId} fairness={state.fairness} onOpenMenu={() => undefined} />
          }
          tournament={state.tournament ?? null}
        />
        <TableArea
          key={shown.scene}
          state={state}
          viewerId={state.viewerId}
          display={{ ...display, bubbles: said }}
          emptyAction={shown.replay || state.tournament ? null : 'invite'}
          onEmptySeat={() => undefined}
        />
        {outAt !== null ? (
          <TournamentOutBar place={outAt} prize={null} currency="usd" onResults={() => undefined} />
        ) : shown.over === 'spectator' ? (
          <SpectatorBar note={t('game.watching')} stake={state.minBet} canSit onSit={() => undefined} />
        ) : (
          <ActionBar
            buttons={onTurn && !shown.replay ? actionButtons(state, true) : null}
            onAction={() => undefined}
            onRaise={() => undefined}
            onChat={() => undefined}
            showChat
            note={waiting ? t(`game.${waiting}`) : t('game.waitingForNextRound')}
          />
        )}
        {shown.over === 'raise' && state.allowedActions?.raise ? (
          <RaiseSheet
            open
            min={state.allowedActions.raise.min}
            max={state.allowedActions.raise.max}
            balance={balance ?? 0}
            pending={false}
            secondsLeft={12}
            onClose={() => undefined}
            onConfirm={() => undefined}
          />
        ) : null}
        {shown.over === 'svara' && state.viewerId ? (
          <SvaraDialog
            state={svaraOver(state)}
            viewerId={state.viewerId}
            secondsLeft={17}
            decided={false}
            onJoin={() => undefined}
            onSkip={() => undefined}
            onClose={() => undefined}
          />
        ) : null}
        {shown.over === 'results' && state.tournament ? (
          <ResultsSheet
            tournamentId={state.tournament.id}
            viewerId={state.viewerId}
            mine={{ place: 4, prize: 0, currency: 'usd' }}
            initial={resultsOf(state)}
            onClose={() => undefined}
          />
        ) : null}
      </div>
    </TableCurrency.Provider>
  );
}

const root = createRoot(document.getElementById('root')!);

/** Draws a scene; the layout test calls it to go from scene to scene without loading the page again. */
async function show(shown: Shown): Promise<void> {
  // The language's texts may still be loading (English is fetched on first use): draw once they are in.
  await setLanguage(shown.lang);
  flushSync(() => root.render(<Fixture shown={shown} />));
}

declare global {
  interface Window {
    showScene: typeof show;
  }
}
window.showScene = show;

const params = new URLSearchParams(location.search);
void show({
  scene: params.get('scene') ?? 'showdown-6',
  lang: params.get('lang') === 'en' ? 'en' : 'ru',
  chat: params.get('chat') === '1',
  replay: params.get('replay') === '1',
  over: (params.get('over') as Over | null) ?? undefined,
});
