import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/navigation';
import { Button } from '../../ui/Button';
import { useTableCurrency } from '../../lib/table-currency';

/**
 * Why the player lost the seat (RULES §6), in the server's words; a player who could not pay the
 * ante is offered a deposit, but not at a practice table: chips are never bought (RULES §8).
 */
export function StoodUpNotice({ code, message }: { code: string; message: string }) {
  const { t } = useTranslation();
  const dollars = useTableCurrency() === 'usd';
  return (
    <div
      className="mx-3 mt-2 flex items-center gap-2 rounded-2xl border border-warn/40 bg-warn/10 px-3 py-2 text-xs text-amber-100"
      role="status"
      data-testid="stood-up-notice"
      data-code={code}
    >
      <span className="min-w-0 flex-1">{message}</span>
      {code === 'balance_below_ante' && dollars ? (
        <Button size="sm" onClick={() => navigate({ name: 'deposit' })} data-testid="stood-up-deposit">
          {t('lobby.deposit')}
        </Button>
      ) : null}
    </div>
  );
}
