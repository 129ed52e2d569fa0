import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@svara/core';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Modal';
import { ArrowDownIcon, ArrowUpIcon, WalletIcon } from '../../ui/icons';
import { usdParts } from '../../lib/money';
import { displayName, headerName } from '../../lib/names';
import { navigate } from '../../app/navigation';
import { loadPaymentMethods, paymentMethods, withdrawNeedsAddressFirst } from '../../app/payments';

/** Avatar, name, balance (large dollars, small cents), Deposit and Withdraw. */
export function HeaderCard({ me }: { me: Profile }) {
  const { t, i18n } = useTranslation();
  const [askWallet, setAskWallet] = useState(false);
  const name = displayName(me);
  const balance = usdParts(me.balance, i18n.language);
  const hasAddress = Boolean(me.walletAddress);

  // Without a saved address, whether Withdraw must ask for one depends on the methods offered.
  useEffect(() => {
    if (!hasAddress) loadPaymentMethods().catch(() => undefined);
  }, [hasAddress]);

  async function withdraw() {
    const methods = hasAddress
      ? null
      : (paymentMethods.get() ?? (await loadPaymentMethods().catch(() => null)));
    if (withdrawNeedsAddressFirst(methods, hasAddress)) setAskWallet(true);
    else navigate({ name: 'withdraw' });
  }
  return (
    <section className="card-panel relative overflow-hidden rounded-3xl p-4" data-testid="header-card">
      <div className="pointer-events-none absolute -right-10 -top-16 h-40 w-40 rounded-full bg-gold-400/10 blur-2xl" />
      <div className="flex items-center gap-3">
        <Avatar src={me.avatar} name={name} size={52} />
        <div className="min-w-0 flex-1">
          <div className="truncate text-[15px] font-semibold text-cream" data-testid="header-name">
            {headerName(name)}
          </div>
          <div className="text-xs text-[var(--hint)]">{t('lobby.balance')}</div>
        </div>
        <div className="text-right" data-testid="header-balance">
          <span className="gold-text font-display text-[34px] font-bold leading-none tabular-nums">
            {balance.prefix}
            {balance.whole}
          </span>
          <span className="gold-text font-display text-lg font-bold tabular-nums">
            {balance.fraction}
            {balance.suffix}
          </span>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Button variant="green" onClick={() => navigate({ name: 'deposit' })} data-testid="deposit-button">
          <ArrowDownIcon className="h-4 w-4" />
          {t('lobby.deposit')}
        </Button>
        <Button variant="red" data-testid="withdraw-button" onClick={() => void withdraw()}>
          <ArrowUpIcon className="h-4 w-4" />
          {t('lobby.withdraw')}
        </Button>
      </div>
      <Dialog
        open={askWallet}
        onClose={() => setAskWallet(false)}
        title={t('wallet.addWalletTitle')}
        testId="add-wallet-prompt"
      >
        <div className="mb-5 flex items-start gap-3 text-sm text-cream/85">
          <WalletIcon className="mt-0.5 h-6 w-6 shrink-0 text-gold-400" />
          <p>{t('errors.wallet_address_required')}</p>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Button variant="dark" onClick={() => setAskWallet(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => navigate({ name: 'addWallet' })}>{t('common.add')}</Button>
        </div>
      </Dialog>
    </section>
  );
}
