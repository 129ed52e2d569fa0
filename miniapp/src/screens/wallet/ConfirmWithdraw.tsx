import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawMethod } from '@svara/core';
import { useStore } from '../../app/store';
import { profile, refreshProfile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { ApiError, api } from '../../api/http';
import { errorText, i18n } from '../../i18n';
import { newIdempotencyKey } from '../../lib/idempotency';
import { formatUsdt } from '../../lib/money';
import { haptic } from '../../telegram/sdk';
import { showToast } from '../../ui/toast';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { Notice } from './parts';

/** Why a withdrawal was refused, in the player's words. */
function withdrawRefusal(err: unknown): string {
  const code = err instanceof ApiError ? err.code : null;
  // The catalogue's insufficientBalance speaks of stakes; here it is the withdrawal that is too big.
  if (code === 'insufficientBalance') return i18n.t('wallet.withdrawInsufficient');
  // A lost answer or an unknown failure gets the SPEC's 'try again': a retry sends the same key.
  if (!code || code === 'unknown_error' || code === 'network_error') return i18n.t('errors.withdraw_failed');
  return errorText(code, err instanceof Error ? err.message : null);
}

/**
 * The withdrawal to confirm: where it goes, the amount received, and a confirm button
 * (idle → processing → idle). The screen makes one Idempotency-Key and sends it with every try, so
 * a double tap or a retry after a lost answer never creates a second withdrawal.
 */
export default function ConfirmWithdraw({ amount, method }: { amount: number; method: WithdrawMethod }) {
  const { t, i18n } = useTranslation();
  const me = useStore(profile);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A second tap can come before React draws the disabled button.
  const sending = useRef(false);
  if (!me) return null;

  async function confirm() {
    if (!me || sending.current) return;
    if (method === 'address' && !me.walletAddress) {
      showToast(t('wallet.noAddress'), 'error');
      return;
    }
    sending.current = true;
    setProcessing(true);
    setError(null);
    try {
      const result = await api.withdraw(
        me.telegramId,
        amount,
        method === 'address' ? me.walletAddress : null,
        idempotencyKey,
        method,
      );
      haptic('success');
      // A withdrawal that waits for review is said so on the history page it opens ("Being
      // reviewed"), not by a long toast over that page's title.
      showToast(t(result.review ? 'wallet.withdrawReview' : 'wallet.withdrawCreated'), 'success');
      void refreshProfile();
      navigate({ name: 'depositHistory' });
    } catch (err) {
      haptic('error');
      const text = withdrawRefusal(err);
      setError(text);
      showToast(text, 'error');
    } finally {
      sending.current = false;
      setProcessing(false);
    }
  }

  const rows: [string, string, string][] =
    method === 'cryptobot'
      ? [
          [t('wallet.method'), t('wallet.methodCryptobot'), 'confirm-method'],
          [t('wallet.asset'), 'USDT', 'confirm-asset'],
          [t('wallet.youReceive'), formatUsdt(amount, i18n.language), 'confirm-amount'],
        ]
      : [
          [t('wallet.address'), me.walletAddress ?? '—', 'confirm-address'],
          [t('wallet.network'), 'TON', 'confirm-network'],
          [t('wallet.asset'), 'USDT', 'confirm-asset'],
          [t('wallet.youReceive'), formatUsdt(amount, i18n.language), 'confirm-amount'],
        ];
  return (
    <PageShell title={t('wallet.confirmWithdrawTitle')} testId="confirm-withdraw-page">
      <dl className="card-panel divide-y divide-gold-400/10 rounded-3xl">
        {rows.map(([label, value, id]) => (
          <div key={id} className="px-4 py-3">
            <dt className="text-xs uppercase tracking-wider text-[var(--hint)]">{label}</dt>
            <dd
              className={`mt-0.5 break-all ${id === 'confirm-address' ? 'font-mono text-sm' : 'text-lg font-semibold'}`}
              data-testid={id}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {method === 'cryptobot' ? (
        <Notice tone="info" className="mt-4">
          {t('wallet.cryptobotNote')}
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="error" testId="withdraw-error" className="mt-4">
          {error}
        </Notice>
      ) : null}
      <div className="mt-auto pt-6">
        <Button
          block
          size="lg"
          disabled={processing}
          onClick={() => void confirm()}
          data-testid="withdraw-confirm"
        >
          {processing ? <Spinner className="h-5 w-5" /> : null}
          {processing ? t('wallet.processing') : t('wallet.confirm')}
        </Button>
      </div>
    </PageShell>
  );
}
