import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';

/** The viewer's turn timed out (RULES §6): hands go on without them until they say they are back. */
export function AwayBar({ onBack, busy }: { onBack: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2 px-3 pt-2" data-testid="away-bar">
      <div className="flex h-12 min-w-0 flex-1 items-center justify-center rounded-2xl bg-black/25 px-2 text-center text-xs text-cream/75">
        {t('game.awayNote')}
      </div>
      <Button size="lg" onClick={onBack} disabled={busy} data-testid="im-back">
        {t('game.imBack')}
      </Button>
    </div>
  );
}
