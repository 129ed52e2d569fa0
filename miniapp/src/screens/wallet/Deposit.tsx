import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_FEE_BPS, MIN_DEPOSIT_CENTS, type Currency, type InvoiceResponse } from '@svara/core';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { useCredit, usePaymentMethods } from '../../app/payments';
import { useNow } from '../../app/useNow';
import { ApiError, api } from '../../api/http';
import { errorText } from '../../i18n';
import { formatCountdown, secondsUntil } from '../../lib/format';
import { useFormatPercent, useFormatUsd } from '../../lib/money';
import { filterStakeInput, invoiceQuote } from '../../lib/validation';
import { openPaymentUrl } from '../../telegram/sdk';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { Segmented } from '../../ui/Segmented';
import { LoadingScreen, Spinner } from '../../ui/Spinner';
import { ChevronRight } from '../../ui/icons';
import { CurrencyBadge } from './CurrencyBadge';
import { AmountField, CURRENCY_LABEL, CreditedPanel, Notice, TrackerIdRow } from './parts';
import { DepositLimitOffer } from '../protection/DepositLimitOffer';
import { InvitationNotice } from './InvitationNotice';
import { depositLimitText } from '../../protection/format';

type Tab = 'crypto' | 'more';

/** A refused deposit or invoice: the catalogue's reason, or SPEC §8's 'Failed to initiate deposit'. */
function depositRefusal(err: unknown): string {
  // Over the player's own deposit limit: what may still be deposited.
  const overLimit = depositLimitText(err);
  if (overLimit) return overLimit;
  const code = err instanceof ApiError ? err.code : null;
  return code && code !== 'unknown_error' ? errorText(code) : errorText('deposit_failed');
}

/**
 * Deposit: the 'cryptocurrency' tab (a temporary address for one of the server's currencies) and
 * the 'more' tab (an invoice paid in the payment bot), each shown only when the server offers it.
 */
export default function Deposit() {
  const { t } = useTranslation();
  const { methods, failed, retry } = usePaymentMethods();
  const [picked, setPicked] = useState<Tab | null>(null);
  // Kept here, not in the tab, so switching tabs does not lose an invoice being paid.
  const [invoice, setInvoice] = useState<InvoiceResponse | null>(null);

  let body;
  if (failed) {
    body = (
      <Notice tone="error" testId="deposit-methods-error">
        <p>{t('wallet.methodsLoadError')}</p>
        <Button size="sm" variant="dark" className="mt-3" onClick={retry}>
          {t('common.retry')}
        </Button>
      </Notice>
    );
  } else if (!methods) {
    body = (
      <div className="grid place-items-center py-16" data-testid="deposit-methods-loading">
        <Spinner />
      </div>
    );
  } else {
    const tabs: Tab[] = [];
    if (methods.depositCurrencies.length > 0) tabs.push('crypto');
    if (methods.invoice) tabs.push('more');
    const tab = picked && tabs.includes(picked) ? picked : tabs[0];
    body = !tab ? (
      <p className="card-panel rounded-2xl p-5 text-center text-cream/80" data-testid="deposit-unavailable">
        {t('wallet.depositUnavailable')}
      </p>
    ) : (
      <>
        <Segmented
          kind="tabs"
          options={tabs}
          value={tab}
          onChange={setPicked}
          label={(id) => t(id === 'crypto' ? 'wallet.tabCrypto' : 'wallet.tabMore')}
          testId={(id) => `deposit-tab-${id}`}
          className={`mb-4 grid ${tabs.length > 1 ? 'grid-cols-2' : 'grid-cols-1'}`}
        />
        {tab === 'crypto' ? (
          <CryptoTab currencies={methods.depositCurrencies} />
        ) : invoice ? (
          <InvoiceWaiting key={invoice.trackerId} invoice={invoice} onNew={() => setInvoice(null)} />
        ) : (
          <InvoiceForm onCreated={setInvoice} />
        )}
      </>
    );
  }

  return (
    <PageShell title={t('wallet.depositTitle')} testId="deposit-page">
      <InvitationNotice />
      <DepositLimitOffer />
      {body}
    </PageShell>
  );
}

/** The server's deposit currencies; choosing one asks for an address and shows it. */
function CryptoTab({ currencies }: { currencies: Currency[] }) {
  const { t } = useTranslation();
  const me = useStore(profile);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(currency: Currency) {
    if (!me || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { address, trackerId, expiresAt, memo } = await api.deposit(me.telegramId, currency);
      navigate({ name: 'confirmDeposit', address, trackerId, currency, expiresAt, memo: memo ?? null });
    } catch (err) {
      setError(depositRefusal(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="px-1 text-sm text-[var(--hint)]">{t('wallet.chooseCurrency')}</p>
      {currencies.map((currency) => (
        <button
          key={currency}
          type="button"
          data-testid={`deposit-${currency}`}
          disabled={busy}
          onClick={() => void choose(currency)}
          className="card-panel flex items-center gap-3 rounded-2xl px-4 py-4 text-left transition-transform duration-150 active:scale-[0.98]"
        >
          <CurrencyBadge currency={currency} />
          <div className="flex-1">
            <div className="font-semibold">{CURRENCY_LABEL[currency]}</div>
            <div className="text-xs text-[var(--hint)]">{t('wallet.networkTon')}</div>
          </div>
          <ChevronRight className="h-5 w-5 text-cream/40" />
        </button>
      ))}
      {error ? (
        <Notice tone="error" testId="deposit-error" className="mt-1">
          {error}
        </Notice>
      ) : null}
      {busy ? <LoadingScreen /> : null}
    </div>
  );
}

/** The 'more' tab's form: an amount from $5 (2 decimals), the 1 % fee and what the balance gets. */
function InvoiceForm({ onCreated }: { onCreated: (invoice: InvoiceResponse) => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const quote = invoiceQuote(amount);
  const usd = useFormatUsd();
  const percent = useFormatPercent();
  const minimum = usd(MIN_DEPOSIT_CENTS / 100);

  async function pay() {
    if (busy || !quote?.valid) return;
    setBusy(true);
    setError(null);
    try {
      const created = await api.invoice(quote.cents / 100);
      onCreated(created);
      openPaymentUrl(created.payUrl);
    } catch (err) {
      setError(depositRefusal(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4" data-testid="invoice-form">
      <p className="px-1 text-sm text-[var(--hint)]">{t('wallet.moreMethods')}</p>
      <div className="card-panel flex flex-col gap-3 rounded-3xl p-4">
        <AmountField
          id="invoice-amount"
          label={t('wallet.amount')}
          value={amount}
          placeholder={(MIN_DEPOSIT_CENTS / 100).toFixed(2)}
          onChange={(text) => {
            setError(null);
            setAmount(filterStakeInput(text, amount));
          }}
        />
        <dl className="flex flex-col gap-1.5 text-sm">
          <div className="flex justify-between">
            <dt className="text-[var(--hint)]">{t('wallet.minimum')}</dt>
            <dd>{minimum}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-[var(--hint)]">
              {t('wallet.feePercent', { percent: percent(DEPOSIT_FEE_BPS / 100) })}
            </dt>
            <dd data-testid="invoice-fee">{usd((quote?.fee ?? 0) / 100)}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-[var(--hint)]">{t('wallet.youReceive')}</dt>
            <dd className="font-semibold text-gold-300" data-testid="invoice-net">
              {usd((quote?.net ?? 0) / 100)}
            </dd>
          </div>
        </dl>
        {quote && !quote.valid ? (
          <p className="text-xs text-warn" data-testid="invoice-below-minimum">
            {t('wallet.belowMinDeposit', { amount: minimum })}
          </p>
        ) : null}
      </div>
      {error ? (
        <Notice tone="error" testId="deposit-error">
          {error}
        </Notice>
      ) : null}
      <Button
        block
        size="lg"
        variant="green"
        disabled={busy || !quote?.valid}
        onClick={() => void pay()}
        data-testid="invoice-pay"
      >
        {busy ? <Spinner className="h-5 w-5" /> : null}
        {quote?.valid ? t('wallet.payAmount', { amount: usd(quote.cents / 100) }) : t('wallet.pay')}
      </Button>
    </div>
  );
}

/**
 * An invoice being paid: the amount, the tracker id and the time left to pay. A balance event with
 * a message means it was paid; at the end of its time a new one is offered.
 */
function InvoiceWaiting({ invoice, onNew }: { invoice: InvoiceResponse; onNew: () => void }) {
  const { t } = useTranslation();
  const usd = useFormatUsd();
  const credit = useCredit();
  const now = useNow(1_000, !credit);
  const seconds = secondsUntil(invoice.expiresAt, now);
  const expired = seconds === 0;

  if (credit) return <CreditedPanel credit={credit} />;

  return (
    <div className="flex flex-col gap-4" data-testid="invoice-waiting">
      <div className="card-panel flex flex-col gap-4 rounded-3xl p-4">
        <div className="flex items-center gap-3">
          {expired ? null : <Spinner className="h-6 w-6 shrink-0" />}
          <div className="flex-1">
            <div className="font-semibold">
              {expired ? t('wallet.invoiceExpiredTitle') : t('wallet.invoiceWaiting')}
            </div>
            {expired ? null : (
              <div className="text-xs text-cream/60">
                {t('wallet.validFor')}{' '}
                <span className="font-mono font-semibold text-gold-300" data-testid="invoice-countdown">
                  {formatCountdown(seconds)}
                </span>
              </div>
            )}
          </div>
          <div className="text-right">
            <div className="text-xs text-[var(--hint)]">{t('wallet.amount')}</div>
            <div className="text-xl font-bold tabular-nums text-gold-300" data-testid="invoice-amount-due">
              {usd(invoice.amount)}
            </div>
          </div>
        </div>
        <TrackerIdRow trackerId={invoice.trackerId} />
      </div>
      {expired ? (
        <Notice tone="error" testId="invoice-expired">
          {t('wallet.invoiceExpired')}
        </Notice>
      ) : (
        <p className="px-1 text-sm text-[var(--hint)]">{t('wallet.invoiceWaitingHint')}</p>
      )}
      <div className="flex flex-col gap-3">
        {expired ? null : (
          <Button block size="lg" onClick={() => openPaymentUrl(invoice.payUrl)} data-testid="invoice-open">
            {t('wallet.openPayment')}
          </Button>
        )}
        <Button block variant={expired ? 'gold' : 'outline'} onClick={onNew} data-testid="invoice-new">
          {t('wallet.newInvoice')}
        </Button>
      </div>
    </div>
  );
}
