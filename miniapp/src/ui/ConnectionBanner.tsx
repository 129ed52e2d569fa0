import { useTranslation } from 'react-i18next';
import { reconnectRealtime } from '../api/realtime';
import { useConnection } from '../app/useConnection';

/**
 * Outside the table (which has its own sheet), a lost connection to the game server is said at the
 * top of every page, with a retry: the lobby's list and balance would otherwise go stale silently.
 * The socket's heartbeat notices a silent loss within about 5 s; going offline, at once.
 */
export function ConnectionBanner({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation();
  const { socketDown, offline } = useConnection();
  const lost = socketDown || offline;
  if (hidden || !lost) return null;
  return (
    <div
      className="fixed inset-x-3 z-[64] flex items-center gap-3 rounded-2xl border border-red-400/40 bg-red-950/90 px-4 py-2.5 shadow-xl backdrop-blur"
      style={{ top: 'calc(8px + var(--safe-top))' }}
      role="alert"
      data-testid="connection-banner"
    >
      <span className="flex-1 text-sm text-cream">{t('game.connectionLost')}</span>
      <button
        type="button"
        onClick={reconnectRealtime}
        data-testid="connection-banner-retry"
        className="rounded-xl border border-cream/30 px-3 py-1.5 text-sm font-semibold text-cream active:scale-95"
      >
        {t('common.retry')}
      </button>
    </div>
  );
}
