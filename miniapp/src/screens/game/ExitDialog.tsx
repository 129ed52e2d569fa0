import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Modal';
import { Button } from '../../ui/Button';

/**
 * Leaving the table asks first; in a hand it warns that the cards are folded, and at a Sit & Go
 * that the seat stays in play (RULES §9: dealt in, antes paid, turns timed out).
 */
export function ExitDialog({
  open,
  inHand,
  inTournament = false,
  onCancel,
  onLeave,
}: {
  open: boolean;
  inHand: boolean;
  inTournament?: boolean;
  onCancel: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onCancel} title={t('game.exitConfirm')} testId="exit-dialog">
      <p className="mb-5 text-sm text-cream/80">
        {t(
          inTournament
            ? 'tournaments.table.exitText'
            : inHand
              ? 'game.exitConfirmInHand'
              : 'game.exitConfirmText',
        )}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="dark" onClick={onCancel} data-testid="exit-cancel">
          {t('common.cancel')}
        </Button>
        <Button variant="red" onClick={onLeave} data-testid="exit-yes">
          {t('common.yes')}
        </Button>
      </div>
    </Dialog>
  );
}
