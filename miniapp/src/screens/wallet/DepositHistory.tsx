import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MIN_DEPOSIT_CENTS, type Rejection, type TransactionItem } from '@svara/core';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { api } from '../../api/http';
import { displayCurrency, shortTrackerIdHistory, statusLabel, transactionTone } from '../../lib/format';
import { formatDate } from '../../lib/dates';
import { formatUsd } from '../../lib/money';
import { PageShell } from '../PageShell';
import { Spinner } from '../../ui/Spinner';
import { ArrowDownIcon, ArrowUpIcon } from '../../ui/icons';
import { CloseButton } from '../../ui/CloseButton';

const TONE_CLASS = {
  red: 'text-lose',
  orange: 'text-warn',
  green: 'text-win',
  grey: 'text-cream/45',
  rose: 'text-rose-300',
} as const;

/** While anything is pending the list is asked again this often. */
export const HISTORY_POLL_MS = 3_000;

/**
 * Loads the history, again every 3 s while an item is pending (stopping once none is, and on
 * unmount) and at once on a balance event. A failed refresh keeps the list shown and tries again.
 */
function useHistory(telegramId: string | undefined): { items: TransactionItem[] | null; failed: boolean } {
  const [items, setItems] = useState<TransactionItem[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!telegramId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    let again = false;
    let pending = false;
    let shown = false;

    const schedule = () => {
      clearTimeout(timer);
      if (live && pending) timer = setTimeout(() => void load(), HISTORY_POLL_MS);
    };
    const load = async (): Promise<void> => {
      if (inFlight) {
        again = true;
        return;
      }
      // A hidden page does not ask; it keeps its turn for when it is seen again.
      if (pending && typeof document !== 'undefined' && document.visibilityState === 'hidden') {
        return schedule();
      }
      inFlight = true;
      try {
        const list = await api.history(telegramId);
        if (!live) return;
        pending = list.some((item) => item.status === 'pending');
        shown = true;
        setItems(list);
        setFailed(false);
      } catch {
        if (live && !shown) setFailed(true);
      } finally {
        inFlight = false;
      }
      if (again) {
        again = false;
        return load();
      }
      schedule();
    };

    const onBalance = () => void load();
    window.addEventListener('balanceUpdated', onBalance);
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('balanceUpdated', onBalance);
    };
  }, [telegramId]);

  return { items, failed };
}

/** Deposits and withdrawals with status colours; the close button returns to More. */
export default function DepositHistory() {
  const { t } = useTranslation();
  const me = useStore(profile);
  const { items, failed } = useHistory(me?.telegramId);

  return (
    <PageShell
      title={t('wallet.historyTitle')}
      testId="history-page"
      action={
        <CloseButton
          label={t('common.close')}
          testId="history-close"
          onClick={() => navigate({ name: 'more' })}
        />
      }
    >
      {failed ? (
        <p className="card-panel rounded-2xl p-4 text-center text-red-200" data-testid="history-error">
          {t('errors.history_load_error')}
        </p>
      ) : !items ? (
        <div className="grid place-items-center py-16">
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <p className="card-panel rounded-2xl py-10 text-center text-cream/60" data-testid="history-empty">
          {t('wallet.noTransactions')}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="history-list">
          {items.map((item) => (
            <HistoryRow key={item.tracker_id + item.createdAt} item={item} />
          ))}
        </ul>
      )}
    </PageShell>
  );
}

/** An operator's reason: the preset's text in the player's language, then the operator's words. */
function rejectionText(rejection: Rejection, t: TFunction): string | null {
  const parts = [rejection.preset ? t(`wallet.rejectReasons.${rejection.preset}`) : null, rejection.note];
  const text = parts.filter(Boolean).join(' ');
  return text === '' ? null : text;
}

function HistoryRow({ item }: { item: TransactionItem }) {
  const { t, i18n } = useTranslation();
  const tone = transactionTone(item.status);
  const label = statusLabel(item.status);
  const deposit = item.type === 'deposit';
  // A deposit address that received nothing yet (or never will) has no amount to show.
  const nothingArrived = deposit && item.amount === 0 && (label === 'pending' || label === 'expired');
  const credited = deposit && label === 'success';
  // A withdrawal waiting for an operator says so rather than a bare "processing".
  const inReview = !deposit && label === 'pending' && item.review === true;
  const rejection = !deposit && item.rejection ? rejectionText(item.rejection, t) : null;
  const fee = credited && item.fee !== undefined && item.fee > 0 ? item.fee : null;
  return (
    <li
      className="card-panel flex items-start gap-3 rounded-2xl px-3 py-3"
      data-testid="history-item"
      data-status={item.status}
    >
      <span
        className={`mt-0.5 grid h-9 w-9 shrink-0 place-items-center rounded-full ${deposit ? 'bg-emerald-500/15 text-win' : 'bg-red-500/15 text-lose'}`}
      >
        {deposit ? <ArrowDownIcon className="h-4 w-4" /> : <ArrowUpIcon className="h-4 w-4" />}
      </span>
      <div className="min-w-0 flex-1">
        <div className="text-sm font-semibold">
          {t(deposit ? 'wallet.typeDeposit' : 'wallet.typeWithdrawal')} · {displayCurrency(item.currency)}
        </div>
        <div className="font-mono text-xs text-[var(--hint)]">{shortTrackerIdHistory(item.tracker_id)}</div>
        <div className="text-xs text-cream/50">{formatDate(item.createdAt, i18n.language)}</div>
        {fee !== null ? (
          <div className="text-xs text-cream/60" data-testid="history-fee">
            {t('wallet.feeLine', {
              fee: formatUsd(fee, i18n.language),
              net: formatUsd(item.amount - fee, i18n.language),
            })}
          </div>
        ) : null}
        {label === 'below_minimum' ? (
          <div className="text-xs text-rose-300/90" data-testid="history-below-minimum">
            {t('wallet.belowMinimumHint', { amount: formatUsd(MIN_DEPOSIT_CENTS / 100, i18n.language) })}
          </div>
        ) : null}
        {inReview ? (
          <div className="text-xs text-cream/60" data-testid="history-review">
            {t('wallet.reviewHint')}
          </div>
        ) : null}
        {rejection ? (
          <div className="text-xs text-rose-300/90" data-testid="history-rejection">
            {t('wallet.rejectedBecause', { reason: rejection })}
          </div>
        ) : null}
        {deposit && label === 'pending' && item.expiresAt ? (
          <div className="text-xs text-cream/50" data-testid="history-valid-until">
            {t('wallet.validUntil', { time: formatDate(item.expiresAt, i18n.language) })}
          </div>
        ) : null}
      </div>
      <div className="shrink-0 text-right">
        <div className={`font-semibold tabular-nums ${label === 'expired' ? 'text-cream/45' : ''}`}>
          {nothingArrived ? '—' : formatUsd(item.amount, i18n.language)}
        </div>
        <div
          className={`text-xs font-semibold ${TONE_CLASS[tone]}`}
          data-testid="history-status"
          data-tone={tone}
        >
          {inReview ? t('wallet.inReview') : t(`wallet.status.${label}`)}
        </div>
      </div>
    </li>
  );
}
