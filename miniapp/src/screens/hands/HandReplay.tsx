import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandDetail, ReplayMove } from '@svara/core';
import { REPLAY_STEP_MS, replayReducer, startReplay } from '../../hands/replay';
import { shareHand } from '../../hands/share';
import { useHandDetail } from '../../hands/useHands';
import { useFormatAmount } from '../../lib/money';
import { TableCurrency } from '../../lib/table-currency';
import { PracticeMark } from '../game/PracticeMarks';
import { seatName } from '../../lib/names';
import { ChevronLeft, ChevronRight } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toast';
import { TableArea } from '../game/TableArea';
import type { TableDisplay } from '../game/TableView';
import { MiniCards } from './HandRow';
import { CloseButton } from '../../ui/CloseButton';

/** The table drawn as it stood: no timers, no deal animation, no bubbles. */
const STILL: TableDisplay = { finished: null, deal: null, timer: null, bubbles: {} };

const KNOWN_MOVES = new Set([
  'blind_bet',
  'look',
  'call',
  'raise',
  'fold',
  'timeout',
  'leave',
  'join_svara',
  'skip_svara',
  'svara_join',
  'svara_skip',
  'svara_confirm',
  'sit',
  'back',
  'set_balance',
  'tick',
  'showdown',
  'win',
  'svara',
  'hand',
  'svara_hand',
  'ante',
]);

function useMoveText(detail: HandDetail | null) {
  const { t } = useTranslation();
  const usd = useFormatAmount(detail?.hand.currency ?? 'usd');
  return (move: ReplayMove | null, index: number): string => {
    const frame = detail?.frames[index];
    // The viewer's own name too: "Вы" would not agree with the verb in Russian.
    const nameOf = (id: string | null) =>
      seatName(frame?.state.players.find((p) => p.id === id)?.username ?? null) || t('game.player');
    // A step whose picture shows the hand won says who won, not the move that ended it.
    const won = frame?.state.status === 'finished' ? frame.state.winners : [];
    if (won.length > 0 && move?.type !== 'win') {
      return won.length === 1
        ? t('hands.move.win', { name: nameOf(won[0]!) })
        : t('hands.move.split', { names: won.map(nameOf).join(', ') });
    }
    if (move === null) return t('hands.move.deal');
    const name = nameOf(move.playerId);
    const key = KNOWN_MOVES.has(move.type) ? move.type : 'other';
    return t(`hands.move.${key}`, { name, amount: move.amount === null ? '' : usd(move.amount) });
  };
}

/**
 * A finished hand step by step, drawn with the table's own components: the deal, each action,
 * the svara, the showdown. `publicView`: as a spectator saw it (what a shared link shows).
 */
export function HandReplay({
  handId,
  publicView = false,
  onClose,
}: {
  handId: string;
  publicView?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { detail, failed } = useHandDetail(handId, publicView);
  const header = (
    <div className="flex items-center gap-3 px-4 py-3" style={{ paddingTop: 'calc(12px + var(--safe-top))' }}>
      <CloseButton label={t('common.close')} testId="replay-close" onClick={onClose} />
      <div className="flex min-w-0 flex-1 flex-col items-start">
        <h1 className="font-display text-lg font-bold text-gold-300">
          {detail ? t('hands.handNumber', { number: detail.hand.handNumber }) : t('hands.replay')}
        </h1>
        {detail?.hand.currency === 'chips' ? <PracticeMark /> : null}
      </div>
      {detail ? (
        <button
          type="button"
          data-testid="replay-share"
          onClick={() =>
            void shareHand(handId, t('hands.shareText')).then(
              (ok) => ok || showToast(t('errors.unknown_error'), 'error'),
            )
          }
          className="rounded-full border border-gold-400/50 px-3 py-1.5 text-sm font-semibold text-gold-300 active:scale-95"
        >
          {t('hands.share')}
        </button>
      ) : null}
    </div>
  );

  if (failed || !detail) {
    return (
      <div className="fixed inset-0 z-50 flex flex-col bg-[#04140a]" data-testid="hand-replay">
        {header}
        <div className="grid flex-1 place-items-center px-6 text-center">
          {failed ? (
            <p className="text-red-200" data-testid="replay-error">
              {t('hands.loadError')}
            </p>
          ) : (
            <Spinner />
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="fixed inset-0 z-50 flex flex-col bg-[#04140a]" data-testid="hand-replay">
      {header}
      <ReplayBody detail={detail} />
    </div>
  );
}

/** The table at the current frame, the move that led there, the controls and the hand's summary. */
function ReplayBody({ detail }: { detail: HandDetail }) {
  const { t } = useTranslation();
  // A practice hand (RULES §8) is replayed in play chips, the table and its summary alike.
  const usd = useFormatAmount(detail.hand.currency);
  const moveText = useMoveText(detail);
  const [pos, dispatch] = useReducer(replayReducer, detail.frames.length, startReplay);

  useEffect(() => {
    if (!pos.playing) return;
    const timer = setTimeout(() => dispatch({ type: 'tick' }), REPLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [pos.playing, pos.index]);

  const frame = detail.frames[pos.index]!;
  const last = detail.frames.length - 1;
  const hand = detail.hand;
  return (
    <TableCurrency.Provider value={hand.currency}>
      <div className="flex min-h-0 flex-1 flex-col" data-frame={pos.index} data-currency={hand.currency}>
        <TableArea
          state={frame.state}
          viewerId={frame.state.viewerId}
          display={STILL}
          emptyAction={null}
          onEmptySeat={() => undefined}
        />
        <div className="px-4" style={{ paddingBottom: 'calc(12px + var(--safe-bottom))' }}>
          <p className="mb-2 text-center text-sm text-cream/80" data-testid="replay-move">
            {moveText(frame.move, pos.index)}
          </p>
          <div className="mb-3 flex items-center justify-center gap-2">
            <button
              type="button"
              aria-label={t('hands.previous')}
              data-testid="replay-prev"
              disabled={pos.index === 0}
              onClick={() => dispatch({ type: 'prev' })}
              className="grid h-10 w-10 place-items-center rounded-full bg-black/30 text-cream disabled:opacity-40"
            >
              <ChevronLeft className="h-5 w-5" />
            </button>
            <button
              type="button"
              data-testid="replay-play"
              onClick={() => dispatch({ type: 'toggle' })}
              className="h-10 min-w-24 rounded-full bg-gold-500 px-4 font-semibold text-ink active:scale-95"
            >
              {pos.playing ? t('hands.pause') : t('hands.play')}
            </button>
            <button
              type="button"
              aria-label={t('hands.next')}
              data-testid="replay-next"
              disabled={pos.index === last}
              onClick={() => dispatch({ type: 'next' })}
              className="grid h-10 w-10 place-items-center rounded-full bg-black/30 text-cream disabled:opacity-40"
            >
              <ChevronRight className="h-5 w-5" />
            </button>
            <span className="w-14 text-center text-xs tabular-nums text-cream/50" data-testid="replay-step">
              {pos.index + 1} / {last + 1}
            </span>
          </div>
          <div
            className="card-panel rounded-2xl px-3 py-2 text-xs text-cream/70"
            data-testid="replay-summary"
          >
            <div className="flex items-center justify-between">
              <span>{t('hands.potLine', { pot: usd(hand.pot), tax: usd(hand.tax) })}</span>
              <a
                href={hand.verifyPath}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="replay-verify"
                className="font-semibold text-gold-300 underline"
              >
                {t('hands.verify')}
              </a>
            </div>
            {hand.mine ? (
              <div className="mt-1 flex items-center gap-2">
                <span>{t('hands.yourCards')}</span>
                <MiniCards cards={hand.mine.cards} />
              </div>
            ) : (
              <div className="mt-1">{t('hands.publicNote')}</div>
            )}
          </div>
        </div>
      </div>
    </TableCurrency.Provider>
  );
}
