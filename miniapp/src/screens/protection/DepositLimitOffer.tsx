import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { api } from '../../api/http';
import { refreshProtection } from '../../protection/store';
import { answerOffer, shouldOfferDepositLimit } from '../../protection/deposit-offer';
import { Button } from '../../ui/Button';

/**
 * Before the first deposit the deposit page offers a deposit limit: "Set a limit" opens
 * Responsible play, "Not now" hides the offer on this device.
 */
export function DepositLimitOffer() {
  const { t } = useTranslation();
  const me = useStore(profile);
  const [show, setShow] = useState(false);
  const telegramId = me?.telegramId;

  useEffect(() => {
    if (!telegramId) return;
    let live = true;
    Promise.all([refreshProtection(), api.history(telegramId)]).then(
      ([p, history]) => live && p !== null && setShow(shouldOfferDepositLimit(p, history)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [telegramId]);

  if (!show) return null;
  return (
    <section className="card-panel mb-4 rounded-3xl p-4" data-testid="deposit-limit-offer">
      <h2 className="mb-1 font-semibold text-gold-300">{t('protection.depositOffer.title')}</h2>
      <p className="mb-3 text-sm text-cream/80">{t('protection.depositOffer.text')}</p>
      <div className="grid grid-cols-2 gap-2">
        <Button
          size="sm"
          onClick={() => {
            answerOffer();
            navigate({ name: 'protection' });
          }}
          data-testid="deposit-limit-offer-set"
        >
          {t('protection.depositOffer.set')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            answerOffer();
            setShow(false);
          }}
          data-testid="deposit-limit-offer-skip"
        >
          {t('protection.depositOffer.skip')}
        </Button>
      </div>
    </section>
  );
}
