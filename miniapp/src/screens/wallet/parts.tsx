/** Pieces the wallet screens share: notices, the credited state and the sandbox's pay panel. */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseDollarString, type Currency } from '@svara/core';
import { ApiError, api } from '../../api/http';
import type { Credit } from '../../app/payments';
import { navigate } from '../../app/navigation';
import { copyText } from '../../app/clipboard';
import { errorText } from '../../i18n';
import { shortTrackerIdDeposit } from '../../lib/format';
import { formatUsd } from '../../lib/money';
import { filterStakeInput } from '../../lib/validation';
import { AmountInput } from '../../ui/AmountInput';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { CheckIcon, CopyIcon, InfoIcon, WarnIcon } from '../../ui/icons';

export const CURRENCY_LABEL: Record<Currency, string> = { USDTTON: 'USDT-TON', TON: 'TON' };

const NOTICE_TONE = {
  warn: ['border-warn/40 bg-warn/10 text-amber-100', 'text-warn'],
  error: ['border-red-400/30 bg-red-900/30 text-red-100', 'text-red-300'],
  success: ['border-emerald-400/30 bg-emerald-900/35 text-emerald-100', 'text-win'],
  info: ['border-gold-400/20 bg-black/25 text-cream/85', 'text-gold-400'],
} as const;

/** A boxed line of text with an icon: a warning, an error, a success or a hint. */
export function Notice({
  tone,
  children,
  testId,
  className = '',
}: {
  tone: keyof typeof NOTICE_TONE;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const [box, icon] = NOTICE_TONE[tone];
  const Icon = tone === 'success' ? CheckIcon : tone === 'info' ? InfoIcon : WarnIcon;
  return (
    <div
      className={`flex items-start gap-2 rounded-2xl border p-3 text-sm ${box} ${className}`}
      data-testid={testId}
      role={tone === 'error' ? 'alert' : undefined}
    >
      <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${icon}`} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/** A payment arrived: how much was credited, the server's message, and the way back to the lobby. */
export function CreditedPanel({ credit }: { credit: Credit }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      className="card-panel flex animate-pop flex-col items-center gap-3 rounded-3xl px-4 py-6 text-center"
      data-testid="deposit-credited"
    >
      <span className="grid h-14 w-14 place-items-center rounded-full bg-emerald-500/20 text-win">
        <CheckIcon className="h-8 w-8" />
      </span>
      <h2 className="font-display text-xl font-bold text-gold-300">{t('wallet.depositCredited')}</h2>
      {credit.amount > 0 ? (
        <p className="text-2xl font-bold tabular-nums text-win" data-testid="credited-amount">
          {t('wallet.credited', { amount: formatUsd(credit.amount, i18n.language) })}
        </p>
      ) : null}
      {credit.message ? (
        <p className="text-sm text-cream/80" data-testid="credited-message">
          {credit.message}
        </p>
      ) : null}
      <Button block className="mt-2" onClick={() => navigate({ name: 'dashboard' })} data-testid="to-lobby">
        {t('wallet.toLobby')}
      </Button>
    </div>
  );
}

const SANDBOX_DEFAULT_AMOUNT = '10';

/**
 * Development servers only (methods.sandbox): plays the payer, paying `trackerId` any amount, so
 * the whole way of a deposit (callback, credit, balance event) can be seen without real money.
 */
export function SandboxPayPanel({ trackerId }: { trackerId: string }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(SANDBOX_DEFAULT_AMOUNT);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const cents = parseDollarString(amount);

  async function pay() {
    if (busy || !cents) return;
    setBusy(true);
    setResult(null);
    try {
      const answer = await api.sandboxPay(trackerId, cents / 100);
      setResult(
        answer.ok
          ? { ok: true, text: t('wallet.sandboxSent', { status: answer.status ?? '—' }) }
          : { ok: false, text: t('wallet.sandboxRefused', { status: answer.status ?? '—' }) },
      );
    } catch (err) {
      const code = err instanceof ApiError ? err.code : null;
      setResult({ ok: false, text: errorText(code, err instanceof Error ? err.message : null) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      className="mt-4 rounded-3xl border-2 border-dashed border-sky-400/50 bg-sky-950/30 p-4"
      data-testid="sandbox-panel"
    >
      <div className="mb-1 flex items-center gap-2">
        <span className="rounded-md bg-sky-400/20 px-1.5 py-0.5 text-[10px] font-bold uppercase tracking-widest text-sky-200">
          {t('wallet.sandboxBadge')}
        </span>
        <h2 className="text-sm font-semibold text-sky-100">{t('wallet.sandboxTitle')}</h2>
      </div>
      <p className="mb-3 text-xs text-sky-100/70">{t('wallet.sandboxHint')}</p>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <span className="absolute left-3 top-1/2 -translate-y-1/2 font-bold text-sky-200">$</span>
          <input
            inputMode="decimal"
            aria-label={t('wallet.amount')}
            data-testid="sandbox-amount"
            value={amount}
            onChange={(e) => setAmount(filterStakeInput(e.target.value, amount))}
            className="h-11 w-full rounded-2xl border border-sky-400/40 bg-black/30 pl-7 pr-3 font-semibold text-cream outline-none focus:border-sky-300"
          />
        </div>
        <Button variant="dark" disabled={busy || !cents} onClick={() => void pay()} data-testid="sandbox-pay">
          {busy ? <Spinner className="h-4 w-4" /> : null}
          {t('wallet.simulatePay')}
        </Button>
      </div>
      {result ? (
        <p
          className={`mt-2 text-xs ${result.ok ? 'text-emerald-200' : 'text-red-200'}`}
          data-testid={result.ok ? 'sandbox-result' : 'sandbox-error'}
        >
          {result.text}
        </p>
      ) : null}
    </section>
  );
}

/** The tracker id, shortened as SPEC §9 says for the deposit screen; a tap copies it whole. */
export function TrackerIdRow({ trackerId }: { trackerId: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-3 text-sm">
      <span className="text-[var(--hint)]">{t('wallet.trackerId')}</span>
      <button
        type="button"
        onClick={() => void copyText(trackerId)}
        className="flex items-center gap-1.5 font-mono text-cream/90"
        data-testid="tracker-copy"
      >
        {shortTrackerIdDeposit(trackerId)}
        <CopyIcon className="h-4 w-4 text-gold-400" />
      </button>
    </div>
  );
}

/** A dollar amount typed by the player: its label, a $ before the digits, and an optional button inside. */
export function AmountField({
  id,
  label,
  value,
  placeholder,
  onChange,
  trailing,
}: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  onChange: (text: string) => void;
  trailing?: ReactNode;
}) {
  return (
    <>
      <label htmlFor={id} className="text-xs uppercase tracking-wider text-[var(--hint)]">
        {label}
      </label>
      <AmountInput
        size="lg"
        id={id}
        data-testid={id}
        value={value}
        placeholder={placeholder}
        onChange={onChange}
        trailingRoom={trailing ? 'pr-20' : 'pr-4'}
        trailing={trailing}
      />
    </>
  );
}
