/**
 * One Sit & Go waiting to fill (RULES §9): buy-in and fee in its currency (dollars, or play chips for
 * a free one), its size and how many registered, the prize pool and how it is shared, the ante
 * schedule, and Register (or Unregister for one the player is in).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TournamentSummary } from '@svara/core';
import { useFormatAmount, useFormatPercent } from '../../lib/money';
import { prizeShares } from '../../tournaments/prizes';
import { Button } from '../../ui/Button';
import { TrophyIcon } from '../../ui/icons';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] text-[var(--hint)]">{label}</dt>
      <dd className="break-words text-sm font-semibold tabular-nums text-cream" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** "$1.00 + $0.10"; a Sit & Go without a fee shows its buy-in alone. */
export function useEntryText(): (t: Pick<TournamentSummary, 'buyIn' | 'fee' | 'currency'>) => string {
  const { t } = useTranslation();
  const usd = useFormatAmount('usd');
  const chips = useFormatAmount('chips');
  return (s) => {
    const amount = s.currency === 'chips' ? chips : usd;
    return s.fee > 0
      ? t('tournaments.buyInValue', { buyIn: amount(s.buyIn), fee: amount(s.fee) })
      : amount(s.buyIn);
  };
}

export function TournamentCard({
  tournament: s,
  busy,
  canRegister,
  onRegister,
  onUnregister,
}: {
  tournament: TournamentSummary;
  busy: boolean;
  /** False during a suspension or a break: the notices above say why. */
  canRegister: boolean;
  onRegister: () => void;
  onUnregister: () => void;
}) {
  const { t } = useTranslation();
  const amount = useFormatAmount(s.currency);
  const chips = useFormatAmount('chips');
  const percent = useFormatPercent();
  const entry = useEntryText();
  const shares = prizeShares(s.prizes, s.prizePool);
  const ordinal = (place: number) => t(`tournaments.ordinal.${place}`);
  return (
    <li
      className="card-panel flex flex-col gap-3 rounded-3xl p-4"
      data-testid="tournament-card"
      data-tournament-id={s.id}
      data-registered={s.registered ? '1' : '0'}
    >
      <div className="flex items-center gap-2">
        <TrophyIcon className="h-5 w-5 shrink-0 text-gold-400" />
        <h3
          className="min-w-0 flex-1 truncate font-display text-lg font-bold text-gold-200"
          data-testid="tournament-name"
        >
          {s.name}
        </h3>
        <span
          className="shrink-0 rounded-full border border-gold-400/30 bg-black/30 px-2 py-0.5 text-xs font-semibold text-cream/85"
          data-testid="tournament-size"
        >
          {t('tournaments.size', { count: s.size })}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        <Fact label={t('tournaments.buyIn')} testId="tournament-entry">
          {entry(s)}
        </Fact>
        <Fact label={t('tournaments.registeredCount')} testId="tournament-registered">
          {s.registeredCount}/{s.size}
        </Fact>
        <Fact label={t('tournaments.prizePool')} testId="tournament-pool">
          {amount(s.prizePool)}
        </Fact>
        <Fact label={t('tournaments.prizes')} testId="tournament-prizes">
          {shares.length === 1
            ? t('tournaments.winnerTakesAll')
            : shares.map((share, i) => (
                // Each place with its share on one line; the places wrap between them.
                <span key={i} className="whitespace-nowrap">
                  {i > 0 ? ' · ' : ''}
                  {t('tournaments.placeShare', { place: ordinal(i + 1), percent: percent(share) })}
                </span>
              ))}
        </Fact>
        <div className="col-span-2">
          <Fact label={t('tournaments.ante')} testId="tournament-ante">
            {t('tournaments.anteSchedule', {
              ante: chips(s.anteSchedule.start),
              hands: s.anteSchedule.handsPerLevel,
            })}
          </Fact>
        </div>
      </dl>
      {s.registered ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm font-semibold text-win" data-testid="tournament-in">
            {t('tournaments.youAreIn')}
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={onUnregister}
            data-testid="tournament-unregister"
          >
            {t('tournaments.unregister')}
          </Button>
        </div>
      ) : (
        <Button
          block
          disabled={busy || !canRegister || s.registeredCount >= s.size}
          onClick={onRegister}
          data-testid="tournament-register"
        >
          {t('tournaments.register')}
        </Button>
      )}
    </li>
  );
}
