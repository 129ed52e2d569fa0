import { useTranslation } from 'react-i18next';
import { Sheet } from '../../ui/Sheet';
import { Button } from '../../ui/Button';
import { WifiOffIcon } from '../../ui/icons';

/**
 * The connection to the game server is lost: say so (it is usually the server's side, not the
 * player's internet) and offer a retry; recovery also happens by itself.
 */
export function ConnectionSheet({ open, onRetry }: { open: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <Sheet open={open} onClose={() => undefined} title={t('game.connectionLost')} testId="no-connection">
      <div className="flex flex-col items-center gap-4 pb-2 text-center">
        <WifiOffIcon className="h-12 w-12 animate-pulse text-gold-400" />
        {offline ? <p className="text-sm text-cream/80">{t('game.checkConnection')}</p> : null}
        <Button block data-testid="retry-connection" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    </Sheet>
  );
}
