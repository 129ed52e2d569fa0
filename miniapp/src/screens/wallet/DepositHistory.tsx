import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransactionItem } from '@svara/core';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { api } from '../../api/http';
import { displayCurrency, formatTimestamp, shortTrackerIdHistory, transactionTone } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { PageShell } from '../PageShell';
import { Spinner } from '../../ui/Spinner';
import { ArrowDownIcon, ArrowUpIcon, CloseIcon } from '../../ui/icons';

const TONE_CLASS = { red: 'text-lose', orange: 'text-warn', green: 'text-win' } as const;

/** Deposits and withdrawals with status colours; the close button returns to More. */
export default function DepositHistory() {
  const { t } = useTranslation();
  const me = useStore(profile);
  const [items, setItems] = useState<TransactionItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const telegramId = me?.telegramId;

  useEffect(() => {
    if (!telegramId) return;
    let live = true;
    api
      .history(telegramId)
      .then((list) => live && setItems(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [telegramId]);

  return (
    <PageShell
      title={t('wallet.historyTitle')}
      testId="history-page"
      action={
        <button
          type="button"
          aria-label={t('common.close')}
          data-testid="history-close"
          onClick={() => navigate({ name: 'more' })}
          className="grid h-9 w-9 place-items-center rounded-full bg-black/30 text-cream/80 active:scale-95"
        >
          <CloseIcon className="h-4 w-4" />
        </button>
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
          {items.map((item) => {
            const tone = transactionTone(item.status);
            const deposit = item.type === 'deposit';
            return (
              <li
                key={item.tracker_id + item.createdAt}
                className="card-panel flex items-center gap-3 rounded-2xl px-3 py-3"
              >
                <span
                  className={`grid h-9 w-9 place-items-center rounded-full ${deposit ? 'bg-emerald-500/15 text-win' : 'bg-red-500/15 text-lose'}`}
                >
                  {deposit ? <ArrowDownIcon className="h-4 w-4" /> : <ArrowUpIcon className="h-4 w-4" />}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="text-sm font-semibold">
                    {t(deposit ? 'wallet.typeDeposit' : 'wallet.typeWithdrawal')} ·{' '}
                    {displayCurrency(item.currency)}
                  </div>
                  <div className="font-mono text-xs text-[var(--hint)]">
                    {shortTrackerIdHistory(item.tracker_id)}
                  </div>
                  <div className="text-xs text-cream/50">{formatTimestamp(item.createdAt)}</div>
                </div>
                <div className="text-right">
                  <div className="font-semibold tabular-nums">${formatMoney(item.amount)}</div>
                  <div className={`text-xs font-semibold ${TONE_CLASS[tone]}`} data-testid="history-status">
                    {t(
                      `wallet.status.${item.status === 'canceled' || item.status === 'pending' ? item.status : 'success'}`,
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </PageShell>
  );
}
