import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TON_ADDRESS_LENGTH } from '@svara/core';
import { ApiError, api } from '../../api/http';
import { refreshProfile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { filterAddressInput, isAddressLengthValid } from '../../lib/validation';
import { haptic } from '../../telegram/sdk';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { CheckIcon, WarnIcon } from '../../ui/icons';

type Status = null | 'invalidAddress' | 'addressAlreadyUsed' | 'addressAdded';
const SUCCESS_DELAY_MS = 2_000;

/** Adds the USDT-TON address used for withdrawals (exactly 48 characters). */
export default function AddWallet() {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);

  useEffect(() => {
    if (status !== 'addressAdded') return;
    const id = setTimeout(() => navigate({ name: 'withdraw' }), SUCCESS_DELAY_MS);
    return () => clearTimeout(id);
  }, [status]);

  async function add() {
    if (busy) return;
    if (!isAddressLengthValid(address)) return setStatus('invalidAddress');
    setBusy(true);
    try {
      await api.setWalletAddress(address);
      await refreshProfile();
      haptic('success');
      setStatus('addressAdded');
    } catch (err) {
      haptic('error');
      const used =
        err instanceof ApiError && (err.code === 'addressAlreadyUsed' || /already in use/i.test(err.message));
      setStatus(used ? 'addressAlreadyUsed' : 'invalidAddress');
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageShell title={t('wallet.addWalletTitle')} testId="add-wallet-page">
      <div className="card-panel flex flex-col gap-3 rounded-3xl p-4">
        <label className="text-xs uppercase tracking-wider text-[var(--hint)]">
          {t('wallet.usdtTonAddress')}
        </label>
        <textarea
          rows={2}
          data-testid="wallet-input"
          value={address}
          maxLength={TON_ADDRESS_LENGTH}
          placeholder="UQ…"
          onChange={(e) => {
            setStatus(null);
            setAddress(filterAddressInput(e.target.value));
          }}
          className="w-full resize-none rounded-2xl border border-gold-400/30 bg-black/30 px-4 py-3 font-mono text-sm text-cream outline-none placeholder:text-cream/25 focus:border-gold-400"
        />
        <div className="text-right text-xs tabular-nums text-[var(--hint)]">
          {address.length} / {TON_ADDRESS_LENGTH}
        </div>
      </div>
      <div className="mt-4 flex items-start gap-2 rounded-2xl border border-warn/40 bg-warn/10 p-3 text-sm text-amber-100">
        <WarnIcon className="mt-0.5 h-4 w-4 shrink-0 text-warn" />
        {t('wallet.memoNotSupported')}
      </div>
      {status ? (
        <div
          data-testid={`wallet-status-${status}`}
          className={`mt-4 flex items-center gap-2 rounded-2xl p-3 text-sm ${status === 'addressAdded' ? 'bg-emerald-900/40 text-emerald-100' : 'bg-red-900/35 text-red-100'}`}
        >
          {status === 'addressAdded' ? (
            <CheckIcon className="h-5 w-5 text-win" />
          ) : (
            <WarnIcon className="h-5 w-5" />
          )}
          {status === 'addressAdded' ? t('wallet.addressAdded') : t(`errors.${status}`)}
        </div>
      ) : null}
      <div className="mt-auto pt-6">
        <Button
          block
          size="lg"
          disabled={!isAddressLengthValid(address) || busy || status === 'addressAdded'}
          onClick={() => void add()}
          data-testid="wallet-submit"
        >
          {busy ? <Spinner className="h-5 w-5" /> : null}
          {t('common.add')}
        </Button>
      </div>
    </PageShell>
  );
}
