import { useTranslation } from 'react-i18next';
import { FullModal } from '../../ui/Modal';
import { REFERRAL_LEVELS } from '@svara/core';

/** The level table and the five conditions of the referral programme (SPEC §9). */
export function ReferralRulesModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const conditions = t('referralRules.conditions', { returnObjects: true }) as string[];
  return (
    <FullModal title={t('referralRules.title')} onClose={onClose} testId="referral-rules-modal">
      <p className="mb-4 text-sm text-cream/80">{t('referralRules.intro')}</p>
      <table
        className="card-panel mb-5 w-full overflow-hidden rounded-2xl text-sm"
        data-testid="referral-levels"
      >
        <thead>
          <tr className="bg-black/25 text-left text-xs uppercase tracking-wider text-[var(--hint)]">
            <th className="px-3 py-2">{t('referralRules.level')}</th>
            <th className="px-3 py-2">{t('referralRules.referrals')}</th>
            <th className="px-3 py-2 text-right">%</th>
          </tr>
        </thead>
        <tbody>
          {REFERRAL_LEVELS.map((l) => (
            <tr key={l.level} className="border-t border-gold-400/10">
              <td className="px-3 py-2 font-semibold text-gold-300">{l.level}</td>
              <td className="px-3 py-2">
                {l.to === null ? t('referralRules.andMore', { from: l.from }) : `${l.from} – ${l.to}`}
              </td>
              <td className="px-3 py-2 text-right font-semibold">{l.percent}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="mb-2 font-semibold text-gold-300">{t('referralRules.conditionsTitle')}</h3>
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-cream/85">
        {conditions.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
    </FullModal>
  );
}
