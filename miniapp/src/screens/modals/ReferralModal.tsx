import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferralInfo } from '@svara/core';
import { api } from '../../api/http';
import { copyText } from '../../app/clipboard';
import { shareUrl } from '../../lib/links';
import { headerName } from '../../lib/names';
import { formatPercent, formatUsd } from '../../lib/money';
import { openTelegram } from '../../telegram/sdk';
import { FullModal } from '../../ui/Modal';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { CopyIcon, InfoIcon, ShareIcon } from '../../ui/icons';
import { ReferralRulesModal } from './ReferralRulesModal';

/** The referral programme: level, earnings, the link (copy, share) and the referrals. */
export default function ReferralModal({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [info, setInfo] = useState<ReferralInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .referral()
      .then((r) => live && setInfo(r))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  return (
    <FullModal title={t('referral.title')} onClose={onClose} testId="referral-modal">
      {failed ? (
        <p className="rounded-2xl bg-red-900/30 p-4 text-center text-red-200" data-testid="referral-error">
          {t('errors.referral_load_error')}
        </p>
      ) : !info ? (
        <div className="grid place-items-center py-16">
          <Spinner />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid grid-cols-3 gap-2">
            {(
              [
                [t('referral.level'), String(info.level)],
                [t('referral.percent'), formatPercent(info.refBonus, i18n.language)],
                [t('referral.earnings'), formatUsd(info.refBalance, i18n.language)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="card-panel rounded-2xl px-2 py-3 text-center">
                <div className="gold-text font-display text-xl font-bold">{value}</div>
                <div className="mt-0.5 text-[11px] uppercase tracking-wider text-[var(--hint)]">{label}</div>
              </div>
            ))}
          </div>
          <div className="card-panel rounded-2xl p-4">
            <div className="mb-2 text-xs uppercase tracking-wider text-[var(--hint)]">
              {t('referral.yourLink')}
            </div>
            <p
              className="mb-3 break-all rounded-xl bg-black/30 px-3 py-2 font-mono text-xs text-cream/85"
              data-testid="referral-link"
            >
              {info.referralLink}
            </p>
            <div className="grid grid-cols-2 gap-2">
              <Button
                variant="dark"
                onClick={() => void copyText(info.referralLink)}
                data-testid="referral-copy"
              >
                <CopyIcon className="h-4 w-4" />
                {t('common.copy')}
              </Button>
              <Button
                onClick={() => openTelegram(shareUrl(info.referralLink, t('referral.shareText')))}
                data-testid="referral-share"
              >
                <ShareIcon className="h-4 w-4" />
                {t('common.share')}
              </Button>
            </div>
          </div>
          <button
            type="button"
            onClick={() => setRulesOpen(true)}
            data-testid="referral-rules-open"
            className="flex items-center justify-center gap-2 text-sm font-medium text-[var(--accent)]"
          >
            <InfoIcon className="h-4 w-4" />
            {t('referral.rulesLink')}
          </button>
          <div>
            <div className="mb-2 flex items-baseline justify-between px-1">
              <h3 className="font-semibold">{t('referral.referrals')}</h3>
              <span className="text-sm text-[var(--hint)]">
                {info.referralCount} · {t('referral.qualified', { count: info.qualifiedCount })}
              </span>
            </div>
            {info.referrals.length === 0 ? (
              <p className="card-panel rounded-2xl py-6 text-center text-sm text-cream/55">
                {t('referral.none')}
              </p>
            ) : (
              <ul className="card-panel divide-y divide-gold-400/10 rounded-2xl" data-testid="referral-list">
                {info.referrals.map((r, i) => {
                  const name = r.username || r.firstName;
                  return (
                    <li key={i} className="flex items-center justify-between px-4 py-2.5 text-sm">
                      <span className={name ? '' : 'text-cream/50'}>
                        {name ? headerName(name) : t('referral.noName')}
                      </span>
                      <span className="font-semibold text-win">+{formatUsd(r.profit, i18n.language)}</span>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </div>
      )}
      {rulesOpen ? <ReferralRulesModal onClose={() => setRulesOpen(false)} /> : null}
    </FullModal>
  );
}
