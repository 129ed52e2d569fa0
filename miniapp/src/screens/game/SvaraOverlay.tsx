import { useTranslation } from 'react-i18next';
import type { GameState } from '@svara/core';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';
import { seatName } from '../../lib/names';
import { useFormatAmount } from '../../lib/money';
import { HouseBadge } from './PracticeMarks';

/** A button as tall as its words: a long price goes onto a second line inside it. */
const GROWS = '!h-auto min-h-11 py-1.5 leading-tight';

/** The 3-second svara announcement. */
export function SvaraIntro() {
  const { t } = useTranslation();
  return (
    <div
      className="pointer-events-none fixed inset-0 z-40 grid place-items-center bg-black/40"
      data-testid="svara-intro"
    >
      <div style={{ animation: 'svara-intro 3s ease-out both' }} className="text-center">
        <div className="gold-text font-display text-6xl font-black uppercase tracking-wider drop-shadow-[0_4px_8px_rgb(0_0_0/0.8)]">
          {t('game.svara')}
        </div>
        <div className="mt-2 text-sm font-semibold uppercase tracking-[0.3em] text-cream/85">
          {t('game.svaraTie')}
        </div>
      </div>
    </div>
  );
}

/**
 * The svara decision: tied players take part for free (shown as participating) and may skip
 * (RULES §5); others may pay the share to join. 20 seconds; a tap outside skips for those who would
 * pay, never for a tied player (they would lose a free place by accident).
 */
export function SvaraDialog({
  state,
  viewerId,
  secondsLeft,
  decided,
  onJoin,
  onSkip,
  onClose,
}: {
  state: GameState;
  viewerId: string;
  secondsLeft: number;
  decided: boolean;
  onJoin: () => void;
  onSkip: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // The pot and the price in the table's unit: play chips at a practice table (RULES §8).
  const usd = useFormatAmount(state.currency);
  const tied = state.players.filter((p) => state.svaraTied.includes(p.id));
  const isTied = state.svaraTied.includes(viewerId);
  const join = state.allowedActions?.joinSvara ?? null;
  const participating = state.svaraParticipants.includes(viewerId);
  const canChoose = !isTied && !decided && join !== null;
  // A tied player takes part unless they skip; saying so at once lets the window close as soon as
  // everyone has decided (RULES §5) instead of running its 20 s.
  const canChooseTied = isTied && participating && !decided && (state.allowedActions?.skipSvara ?? false);
  return (
    <div
      className="fixed inset-0 z-40 flex items-end justify-center p-4 sm:items-center"
      data-testid="svara-dialog"
    >
      <div
        className="absolute inset-0 animate-fade bg-black/60"
        onClick={() => (canChoose ? onSkip() : onClose())}
        data-testid="svara-outside"
      />
      <div
        className="card-panel relative w-full max-w-sm animate-pop rounded-3xl p-5 text-center"
        style={{ marginBottom: 'var(--safe-bottom)' }}
      >
        <div
          className="absolute right-4 top-4 grid h-10 w-10 place-items-center rounded-full border-2 border-gold-400 font-mono text-sm font-bold text-gold-300"
          data-testid="svara-countdown"
        >
          {secondsLeft}
        </div>
        <h2 className="gold-text font-display text-3xl font-black uppercase">{t('game.svara')}</h2>
        <p className="mt-1 text-sm text-cream/75">{t('game.svaraPot', { amount: usd(state.pot) })}</p>
        <div className="my-4 flex justify-center gap-4">
          {tied.map((p) => (
            <div key={p.id} className="flex flex-col items-center gap-1">
              <Avatar src={p.avatar} name={p.username ?? '?'} size={48} />
              <span className="flex items-center gap-1 text-xs font-semibold">
                {p.isHouse ? <HouseBadge /> : null}
                {seatName(p.username)}
              </span>
              {p.score !== null ? <span className="text-[11px] text-gold-300">{p.score}</span> : null}
            </div>
          ))}
        </div>
        {participating && (isTied || decided) ? (
          <div className="flex flex-col items-center gap-2">
            <div
              className="flex items-center gap-2 rounded-full bg-emerald-800/60 px-4 py-2 font-semibold text-emerald-100"
              data-testid="svara-participating"
            >
              <CheckIcon className="h-5 w-5" />
              {t('game.participating')}
            </div>
            {isTied ? <p className="text-xs text-cream/60">{t('game.svaraFree')}</p> : null}
            {canChooseTied ? (
              <div className="grid w-full grid-cols-2 gap-3">
                <Button variant="dark" onClick={onSkip} data-testid="svara-skip">
                  {t('game.skip')}
                </Button>
                <Button onClick={onJoin} data-testid="svara-join">
                  {t('game.joinFree')}
                </Button>
              </div>
            ) : null}
          </div>
        ) : decided || isTied ? (
          <div
            className="rounded-full bg-black/30 px-4 py-2 text-sm text-cream/70"
            data-testid="svara-decided"
          >
            {t('game.decisionMade')}
          </div>
        ) : join ? (
          <div className="grid grid-cols-2 gap-3">
            {/* The price in thousands wraps "Join for 6 750 ◎" onto two lines: the buttons grow with it. */}
            <Button variant="dark" onClick={onSkip} data-testid="svara-skip" className={GROWS}>
              {t('game.skip')}
            </Button>
            <Button onClick={onJoin} data-testid="svara-join" className={GROWS}>
              {join.free ? t('game.joinFree') : t('game.joinFor', { amount: usd(join.amount) })}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-cream/60" data-testid="svara-waiting">
            {t('game.svaraWaiting')}
          </p>
        )}
      </div>
    </div>
  );
}
