import { useTranslation } from 'react-i18next';
import type { SeatCards } from '@svara/core';
import { Sheet } from '../ui/Sheet';
import { VerifyHand } from './VerifyHand';

/** The verifier in a bottom sheet (the table menu, the hand history). */
export function VerifySheet({
  handId,
  ownCards,
  onClose,
}: {
  handId: string | null;
  ownCards?: SeatCards;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={handId !== null} onClose={onClose} title={t('fairness.verifierTitle')} testId="verify-sheet">
      <div className="max-h-[70vh] overflow-y-auto">
        {handId !== null ? <VerifyHand handId={handId} {...(ownCards ? { ownCards } : {})} /> : null}
      </div>
    </Sheet>
  );
}
