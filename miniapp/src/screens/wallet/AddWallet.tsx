import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TON_ADDRESS_LENGTH } from '@svara/core';
import { ApiError, api } from '../../api/http';
import { refreshProfile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { rawToFriendly, tonAddressProblem } from '../../lib/ton-address';
import { haptic } from '../../telegram/sdk';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { CheckIcon, WarnIcon } from '../../ui/icons';
import { TonWalletLink } from './TonWalletLink';

type Status = null | 'invalidAddress' | 'addressAlreadyUsed' | 'addressAdded';
const SUCCESS_DELAY_MS = 2_000;
/** Room for a pasted raw address (`0:` + 64 hex), which is converted; the friendly form is 48. */
const INPUT_MAX = 80;

/**
 * Adds the USDT-TON address used for withdrawals: the 48-character friendly form (a pasted raw
 * `0:…` address is converted to it), with the reason whenever Add is off.
 */
export default function AddWallet() {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const [converted, setConverted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const problem = tonAddressProblem(address);

  useEffect(() => {
    if (status !== 'addressAdded') return;
    const id = setTimeout(() => navigate({ name: 'withdraw' }), SUCCESS_DELAY_MS);
    return () => clearTimeout(id);
  }, [status]);

  async function add() {
    if (busy) return;
    if (problem) return setStatus('invalidAddress');
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
      <TonWalletLink className="mb-4" />
      <div className="card-panel flex flex-col gap-3 rounded-3xl p-4">
        <label className="text-xs uppercase tracking-wider text-[var(--hint)]">
          {t('wallet.usdtTonAddress')}
        </label>
        <textarea
          rows={2}
          data-testid="wallet-input"
          value={address}
          maxLength={INPUT_MAX}
          placeholder="UQ…"
          onChange={(e) => {
            setStatus(null);
            const typed = e.target.value.replace(/\s/g, '').slice(0, INPUT_MAX);
            const friendly = rawToFriendly(typed);
            setConverted(friendly !== null);
            setAddress(friendly ?? typed);
          }}
          className="w-full resize-none rounded-2xl border border-gold-400/30 bg-black/30 px-4 py-3 font-mono text-sm text-cream outline-none placeholder:text-cream/25 focus:border-gold-400"
        />
        <div className="flex items-start justify-between gap-3 text-xs">
          <span data-testid="wallet-input-hint" className={problem ? 'text-warn' : 'text-[var(--hint)]'}>
            {address === '' || status
              ? null
              : problem === 'wrongLength'
                ? t('wallet.addressWrongLength', { count: address.length, length: TON_ADDRESS_LENGTH })
                : problem
                  ? t(`wallet.${problem}`)
                  : converted
                    ? t('wallet.addressConverted')
                    : null}
          </span>
          <span className="shrink-0 tabular-nums text-[var(--hint)]">
            {address.length} / {TON_ADDRESS_LENGTH}
          </span>
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
          disabled={problem !== null || busy || status === 'addressAdded'}
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
