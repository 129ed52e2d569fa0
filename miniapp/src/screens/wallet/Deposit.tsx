import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@svara/core';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { PAYMENT_BOT_URL } from '../../app/config';
import { ApiError, api } from '../../api/http';
import { errorText } from '../../i18n';
import { openTelegram } from '../../telegram/sdk';
import { PageShell } from '../PageShell';
import { LoadingScreen } from '../../ui/Spinner';
import { ChevronRight, WarnIcon } from '../../ui/icons';
import { CurrencyBadge } from './CurrencyBadge';

const OPTIONS: { currency: Currency; label: string }[] = [
  { currency: 'USDTTON', label: 'USDT-TON' },
  { currency: 'TON', label: 'TON' },
];

/** Deposit: cryptocurrency (USDT-TON or TON) or another way through the payment bot. */
export default function Deposit() {
  const { t } = useTranslation();
  const me = useStore(profile);
  const [tab, setTab] = useState<'crypto' | 'more'>('crypto');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(currency: Currency) {
    if (!me || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { address, trackerId } = await api.deposit(me.telegramId, currency);
      navigate({ name: 'confirmDeposit', address, trackerId, currency });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : null;
      setError(code && code !== 'unknown_error' ? errorText(code) : t('errors.deposit_failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageShell title={t('wallet.depositTitle')} testId="deposit-page">
      <div className="mb-4 grid grid-cols-2 rounded-2xl bg-black/30 p-1" role="tablist">
        {(['crypto', 'more'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            data-testid={`deposit-tab-${id}`}
            onClick={() => {
              setTab(id);
              if (id === 'more') openTelegram(PAYMENT_BOT_URL);
            }}
            className={`h-10 rounded-xl text-sm font-semibold transition-colors ${tab === id ? 'bg-gradient-to-b from-gold-400 to-gold-600 text-ink' : 'text-cream/70'}`}
          >
            {t(id === 'crypto' ? 'wallet.tabCrypto' : 'wallet.tabMore')}
          </button>
        ))}
      </div>
      {tab === 'crypto' ? (
        <div className="flex flex-col gap-3">
          <p className="px-1 text-sm text-[var(--hint)]">{t('wallet.chooseCurrency')}</p>
          {OPTIONS.map((o) => (
            <button
              key={o.currency}
              type="button"
              data-testid={`deposit-${o.currency}`}
              disabled={busy}
              onClick={() => void choose(o.currency)}
              className="card-panel flex items-center gap-3 rounded-2xl px-4 py-4 text-left transition-transform duration-150 active:scale-[0.98]"
            >
              <CurrencyBadge currency={o.currency} />
              <div className="flex-1">
                <div className="font-semibold">{o.label}</div>
                <div className="text-xs text-[var(--hint)]">{t('wallet.networkTon')}</div>
              </div>
              <ChevronRight className="h-5 w-5 text-cream/40" />
            </button>
          ))}
        </div>
      ) : (
        <p className="card-panel rounded-2xl p-4 text-sm text-cream/80">{t('wallet.moreMethods')}</p>
      )}
      {error ? (
        <div
          className="mt-4 flex items-start gap-2 rounded-2xl border border-red-400/30 bg-red-900/30 p-3 text-sm text-red-100"
          data-testid="deposit-error"
        >
          <WarnIcon className="mt-0.5 h-4 w-4 shrink-0" />
          {error}
        </div>
      ) : null}
      {busy ? <LoadingScreen /> : null}
    </PageShell>
  );
}
