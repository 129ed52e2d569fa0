import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../app/store';
import { profile, refreshProfile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { ApiError, api } from '../../api/http';
import { errorText } from '../../i18n';
import { formatMoney } from '../../lib/money';
import { haptic } from '../../telegram/sdk';
import { showToast } from '../../ui/toast';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

/** The withdrawal to confirm: address, network TON, the amount received; idle → processing → idle. */
export default function ConfirmWithdraw({ amount }: { amount: number }) {
  const { t } = useTranslation();
  const me = useStore(profile);
  const [processing, setProcessing] = useState(false);
  if (!me) return null;

  async function confirm() {
    if (!me || processing) return;
    if (!me.walletAddress) {
      showToast(t('wallet.noAddress'), 'error');
      return;
    }
    setProcessing(true);
    try {
      await api.withdraw(me.telegramId, amount, me.walletAddress);
      haptic('success');
      showToast(t('wallet.withdrawCreated'), 'success');
      void refreshProfile();
      navigate({ name: 'dashboard' });
    } catch (err) {
      haptic('error');
      const code = err instanceof ApiError ? err.code : null;
      // A catalogue refusal (e.g. not_available) says why; anything else gets the SPEC's withdrawal failure text.
      showToast(
        code && code !== 'unknown_error' && code !== 'network_error'
          ? errorText(code)
          : t('errors.withdraw_failed'),
        'error',
      );
    } finally {
      setProcessing(false);
    }
  }

  const rows: [string, string, string][] = [
    [t('wallet.address'), me.walletAddress ?? '—', 'confirm-address'],
    [t('wallet.network'), 'TON', 'confirm-network'],
    [t('wallet.asset'), 'USDT', 'confirm-asset'],
    [t('wallet.youReceive'), `${formatMoney(amount)} USDT`, 'confirm-amount'],
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
