import { useTranslation } from 'react-i18next';
import type { Card, HandSummary } from '@svara/core';
import { CardFace } from '../../assets';
import { formatDate } from '../../lib/dates';
import { roomLabel } from '../../lib/format';
import { useFormatAmount } from '../../lib/money';
import { PracticeMark } from '../game/PracticeMarks';
import { CardBack } from '../../ui/cards';
import { ChevronRight } from '../../ui/icons';

const RESULT_CLASS = { won: 'text-win', lost: 'text-lose', svara: 'text-gold-300' } as const;

/** Three cards small: their faces, or backs when the player never saw them. */
export function MiniCards({ cards, testId }: { cards: Card[] | null; testId?: string }) {
  return (
    <span className="flex gap-0.5" data-testid={testId}>
      {cards
        ? cards.map((c) => <CardFace key={`${c.rank}${c.suit}`} card={c} width={22} compact shadow={false} />)
        : [0, 1, 2].map((i) => <CardBack key={i} width={22} />)}
    </span>
  );
}

/** One hand of "My hands": when, where, the own cards, the shown cards, the pot and the outcome. */
export function HandRow({ hand, onOpen }: { hand: HandSummary; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  // A practice hand's amounts are play chips (RULES §8), written with their own sign.
  const usd = useFormatAmount(hand.currency);
  const mine = hand.mine;
  const net = mine ? Math.round((mine.won - mine.paid) * 100) / 100 : 0;
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        data-testid="hand-row"
        data-result={mine?.result ?? 'none'}
        data-currency={hand.currency}
        className="card-panel flex w-full items-center gap-3 rounded-2xl px-3 py-3 text-left active:bg-white/5"
      >
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2 text-sm font-semibold">
            <span className="shrink-0 whitespace-nowrap">
              {t('hands.handNumber', { number: hand.handNumber })}
            </span>
            {/* A practice hand's mark stands where the room is named: both would not fit at 360. */}
            {hand.currency === 'chips' ? (
              <PracticeMark short />
            ) : (
              <span className="truncate text-cream/50">{roomLabel(hand.roomId)}</span>
            )}
            {hand.svara ? <span className="text-gold-300">{t('hands.svaraHand')}</span> : null}
          </div>
          <div className="text-xs text-cream/50">
            {formatDate(hand.finishedAt, i18n.language)} · {t('hands.stake', { amount: usd(hand.stake) })}
          </div>
          <div className="mt-1.5 flex items-center gap-2">
            <MiniCards cards={mine?.cards ?? null} testId="hand-row-mine" />
            {hand.shown.length > 0 ? (
              <span className="text-[11px] text-cream/45">
                {t('hands.shownCount', { count: hand.shown.length })}
              </span>
            ) : null}
          </div>
          <div className="mt-1 text-xs text-cream/60">
            {t('hands.potLine', { pot: usd(hand.pot), tax: usd(hand.tax) })}
          </div>
        </div>
        {mine ? (
          <div className="shrink-0 text-right">
            <div
              className={`font-semibold tabular-nums ${RESULT_CLASS[mine.result]}`}
              data-testid="hand-row-net"
            >
              {net > 0 ? '+' : ''}
              {usd(net)}
            </div>
            <div className={`text-xs font-semibold ${RESULT_CLASS[mine.result]}`}>
              {t(`hands.result.${mine.result}`)}
            </div>
          </div>
        ) : null}
        <ChevronRight className="h-4 w-4 shrink-0 text-cream/35" />
      </button>
    </li>
  );
}
