import { useTranslation } from 'react-i18next';
import { FullModal } from '../../ui/Modal';

export const AGREEMENT_SECTIONS = [
  'acceptance',
  'eligibility',
  'account',
  'fairPlay',
  'operations',
  'bonuses',
  'limitation',
  'disputes',
  'termination',
  'changes',
] as const;

/** The user agreement, section by section. */
export default function AgreementModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <FullModal title={t('agreement.title')} onClose={onClose} testId="agreement-modal">
      <p className="mb-4 text-sm text-cream/70">{t('agreement.intro')}</p>
      {AGREEMENT_SECTIONS.map((key, i) => {
        const paragraphs = t(`agreement.sections.${key}.body`, { returnObjects: true }) as string[];
        return (
          <section key={key} className="mb-5" data-testid={`agreement-${key}`}>
            <h3 className="mb-2 font-display text-lg font-bold text-gold-300">
              {i + 1}. {t(`agreement.sections.${key}.title`)}
            </h3>
            {paragraphs.map((p) => (
              <p key={p} className="mb-2 text-sm leading-relaxed text-cream/85">
                {p}
              </p>
            ))}
          </section>
        );
      })}
    </FullModal>
  );
}
