import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/navigation';
import { roomLabel } from '../../lib/format';
import { Button } from '../../ui/Button';
import { SeatIcon } from '../../ui/icons';

/** A seat is held at a table the player is not looking at: one tap takes them back to it. */
export function SeatedBar({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="card-panel flex items-center gap-3 rounded-2xl border border-gold-400/50 px-4 py-2.5"
      data-testid="seated-bar"
      role="status"
    >
      <SeatIcon className="h-5 w-5 shrink-0 text-gold-400" />
      <span className="min-w-0 flex-1 text-sm text-cream">
        {t('lobby.seatedAt', { room: roomLabel(roomId) })}
      </span>
      <Button
        size="sm"
        onClick={() => navigate({ name: 'gameRoom', roomId, autoSit: false })}
        data-testid="seated-return"
      >
        {t('lobby.returnToTable')}
      </Button>
    </div>
  );
}
