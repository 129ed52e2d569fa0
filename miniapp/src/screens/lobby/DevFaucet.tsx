import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/http';
import { launch, refreshProfile } from '../../app/session';
import { Button } from '../../ui/Button';
import { showToast } from '../../ui/toast';
import { formatUsd } from '../../lib/money';

/** Play money for a development test player; only shown after a development sign-in. */
export const DEV_FAUCET_DOLLARS = 1000;

export function DevFaucet() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!launch?.dev) return null;
  const claim = async () => {
    setBusy(true);
    try {
      await api.faucet(DEV_FAUCET_DOLLARS);
      await refreshProfile();
    } catch {
      showToast(t('errors.unknown_error'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      className="card-panel flex items-center justify-between gap-3 rounded-2xl px-4 py-3"
      data-testid="dev-faucet"
    >
      <span className="text-sm text-cream/70">{t('lobby.devFaucetHint')}</span>
      <Button variant="dark" disabled={busy} onClick={() => void claim()}>
        {t('lobby.devFaucet', { amount: formatUsd(DEV_FAUCET_DOLLARS, i18n.language) })}
      </Button>
    </div>
  );
}
