import { useTranslation } from 'react-i18next';
import type { ProfileSuspension } from '@svara/core';

/**
 * An operator suspended the account: the player cannot sit down, create rooms, deposit or withdraw,
 * and is told so, with the operator's reason, on the lobby instead of meeting refusals one by one.
 */
export function SuspensionNotice({ suspension }: { suspension: ProfileSuspension | null }) {
  const { t } = useTranslation();
  if (!suspension) return null;
  // The sentence puts its own full stop after the reason.
  const reason = suspension.reason.trim().replace(/[.!]+$/, '');
  return (
    <div
      className="flex flex-col gap-1 rounded-2xl border border-red-400/40 bg-red-950/70 px-4 py-3 text-sm text-cream"
      role="alert"
      data-testid="suspension-notice"
    >
      <span className="font-semibold">{t('suspension.title')}</span>
      <span>{reason ? t('suspension.notice', { reason }) : t('suspension.noReason')}</span>
    </div>
  );
}
