import { useTranslation } from 'react-i18next';
import { blockReason, type AccountBlock } from '../../app/account';

/**
 * Why a player who watches the table cannot sit down: a suspension, or a cool-off or self-exclusion
 * with its end. Shown instead of the seats' and the bar's sit-down buttons.
 */
export function BlockedNotice({ block }: { block: AccountBlock }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      className="mx-3 mt-2 rounded-2xl border border-warn/40 bg-warn/10 px-3 py-2 text-xs text-amber-100"
      role="status"
      data-testid="account-blocked-notice"
      data-kind={block.kind}
    >
      {blockReason(block, t, i18n.language)}
    </div>
  );
}
