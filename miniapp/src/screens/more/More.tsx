import { Suspense, lazy, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../app/store';
import { profile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { usePaymentMethods } from '../../app/payments';
import { copyText } from '../../app/clipboard';
import { NEWS_CHANNEL_URL, SUPPORT_CHAT_URL } from '../../app/config';
import { currentLanguage, loadReadingTexts } from '../../i18n';
import { openTelegram } from '../../telegram/sdk';
import { shortTonAddress } from '../../lib/ton-address';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { LoadingScreen } from '../../ui/Spinner';
import {
  BookIcon,
  ChevronRight,
  CopyIcon,
  DocIcon,
  EditIcon,
  GlobeIcon,
  HistoryIcon,
  IdIcon,
  NewsIcon,
  PlusIcon,
  SlidersIcon,
  SupportIcon,
  UsersIcon,
  WalletIcon,
} from '../../ui/icons';
import { LanguageSheet, languageLabel } from './LanguageSheet';
import { HelpLinks } from '../protection/HelpLinks';

const ReferralModal = lazy(() => import('../modals/ReferralModal'));
// The reading texts come with the modals that show them.
const AgreementModal = lazy(() => loadReadingTexts().then(() => import('../modals/AgreementModal')));
const RulesModal = lazy(() => loadReadingTexts().then(() => import('../modals/RulesModal')));

type Modal = null | 'referral' | 'agreement' | 'rules';

function Row({
  icon,
  label,
  value,
  onClick,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value?: ReactNode;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={onClick}
      className="flex w-full items-center gap-3 px-4 py-3.5 text-left transition-colors active:bg-white/5"
    >
      <span className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-gold-500/15 text-gold-400">
        {icon}
      </span>
      <span className="flex-1 text-[15px] font-medium text-cream">{label}</span>
      {value !== undefined ? <span className="text-sm text-[var(--hint)]">{value}</span> : null}
      <ChevronRight className="h-4 w-4 text-cream/35" />
    </button>
  );
}

export default function More() {
  const { t } = useTranslation();
  const me = useStore(profile);
  const [languageOpen, setLanguageOpen] = useState(false);
  const [modal, setModal] = useState<Modal>(null);
  const { methods } = usePaymentMethods();
  if (!me) return null;
  return (
    <PageShell title={t('more.title')} testId="more-page">
      <div className="card-panel divide-y divide-gold-400/10 overflow-hidden rounded-3xl">
        <Row
          testId="more-my-id"
          icon={<IdIcon className="h-5 w-5" />}
          label={t('more.myId')}
          value={
            <span className="flex items-center gap-1.5 font-mono">
              {me.telegramId}
              <CopyIcon className="h-3.5 w-3.5" />
            </span>
          }
          onClick={() => void copyText(me.telegramId)}
        />
        <Row
          testId="more-language"
          icon={<GlobeIcon className="h-5 w-5" />}
          label={t('more.language')}
          value={languageLabel(currentLanguage())}
          onClick={() => setLanguageOpen(true)}
        />
        <Row
          testId="more-history"
          icon={<HistoryIcon className="h-5 w-5" />}
          label={t('more.depositHistory')}
          onClick={() => navigate({ name: 'depositHistory' })}
        />
        <Row
          testId="more-hands"
          icon={<HistoryIcon className="h-5 w-5" />}
          label={t('hands.title')}
          onClick={() => navigate({ name: 'hands' })}
        />
        <Row
          testId="more-responsible-play"
          icon={<SlidersIcon className="h-5 w-5" />}
          label={t('more.responsiblePlay')}
          onClick={() => navigate({ name: 'protection' })}
        />
        <Row
          testId="more-activity"
          icon={<HistoryIcon className="h-5 w-5" />}
          label={t('more.activity')}
          onClick={() => navigate({ name: 'activity' })}
        />
        <Row
          testId="more-referral"
          icon={<UsersIcon className="h-5 w-5" />}
          label={t('more.referral')}
          onClick={() => setModal('referral')}
        />
        <Row
          testId="more-news"
          icon={<NewsIcon className="h-5 w-5" />}
          label={t('more.news')}
          onClick={() => openTelegram(NEWS_CHANNEL_URL)}
        />
        <Row
          testId="more-agreement"
          icon={<DocIcon className="h-5 w-5" />}
          label={t('more.agreement')}
          onClick={() => setModal('agreement')}
        />
        <Row
          testId="more-rules"
          icon={<BookIcon className="h-5 w-5" />}
          label={t('more.howToPlay')}
          onClick={() => setModal('rules')}
        />
        <Row
          testId="more-support"
          icon={<SupportIcon className="h-5 w-5" />}
          label={t('more.support')}
          onClick={() => openTelegram(SUPPORT_CHAT_URL)}
        />
      </div>

      <section className="card-panel mt-4 rounded-3xl p-4" data-testid="wallet-section">
        <div className="mb-3 flex items-center gap-2">
          <WalletIcon className="h-5 w-5 text-gold-400" />
          <h2 className="flex-1 font-semibold">{t('more.walletForWithdraw')}</h2>
        </div>
        {me.walletAddress ? (
          <p
            className="mb-3 rounded-xl bg-black/25 px-3 py-2 font-mono text-sm text-cream/80"
            data-testid="wallet-address"
            title={me.walletAddress}
          >
            {shortTonAddress(me.walletAddress)}
          </p>
        ) : (
          <p className="mb-3 text-sm text-[var(--hint)]">{t('more.noWallet')}</p>
        )}
        {methods?.withdrawMethods.includes('cryptobot') ? (
          <p className="mb-3 text-xs text-[var(--hint)]" data-testid="wallet-cryptobot-hint">
            {t('more.cryptobotWithdraw')}
          </p>
        ) : null}
        <Button
          variant="outline"
          block
          onClick={() => navigate({ name: 'addWallet' })}
          data-testid={me.walletAddress ? 'wallet-change' : 'wallet-add'}
        >
          {me.walletAddress ? <EditIcon className="h-4 w-4" /> : <PlusIcon className="h-4 w-4" />}
          {me.walletAddress ? t('more.changeWallet') : t('common.add')}
        </Button>
      </section>

      <HelpLinks />

      <LanguageSheet open={languageOpen} onClose={() => setLanguageOpen(false)} />
      <Suspense fallback={<LoadingScreen />}>
        {modal === 'referral' ? <ReferralModal onClose={() => setModal(null)} /> : null}
        {modal === 'agreement' ? <AgreementModal onClose={() => setModal(null)} /> : null}
        {modal === 'rules' ? <RulesModal onClose={() => setModal(null)} /> : null}
      </Suspense>
    </PageShell>
  );
}
