import { useTranslation } from 'react-i18next';
import { BALANCE_STAKE_MULTIPLIER } from '@svara/core';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { pendingInvitation } from '../../app/invitation';
import { roomLabel } from '../../lib/format';
import { toCents, useFormatUsd } from '../../lib/money';
import { canAffordStake } from '../../lib/validation';
import { Button } from '../../ui/Button';

/**
 * The invitation that brought a player without enough balance here: which table, its stake, the
 * balance a seat needs and theirs; the table can be watched meanwhile, and once the balance covers
 * a seat the notice says so and leads there.
 */
export function InvitationNotice() {
  const { t } = useTranslation();
  const usd = useFormatUsd();
  const invitation = useStore(pendingInvitation);
  const me = useStore(profile);
  if (!invitation || !me) return null;
  const { roomId, stake } = invitation;
  const ready = stake !== null && canAffordStake(me.balance, stake);
  const money = (dollars: number) => usd(dollars);
  const text =
    stake === null
      ? t('errors.insufficientBalance')
      : ready
        ? t('wallet.invitation.ready', { stake: money(stake), balance: money(me.balance) })
        : t('wallet.invitation.needs', {
            stake: money(stake),
            needed: money((toCents(stake) * BALANCE_STAKE_MULTIPLIER) / 100),
            balance: money(me.balance),
          });
  const toTable = () => {
    pendingInvitation.set(null);
    navigate({ name: 'gameRoom', roomId, autoSit: false });
  };
  return (
    <section
      className="card-panel mb-4 flex flex-col gap-2 rounded-2xl border border-gold-400/30 px-4 py-3 text-sm"
      data-testid="invitation-notice"
      data-ready={ready}
    >
      <span className="font-semibold text-gold-300">
        {t('wallet.invitation.title', { room: roomLabel(roomId) })}
      </span>
      <span className="text-cream/85" data-testid="invitation-text">
        {text}
      </span>
      <Button
        size="sm"
        variant={ready ? 'gold' : 'outline'}
        className="self-start"
        onClick={toTable}
        data-testid="invitation-table"
      >
        {ready ? t('wallet.invitation.toTable') : t('wallet.invitation.watch')}
      </Button>
    </section>
  );
}
