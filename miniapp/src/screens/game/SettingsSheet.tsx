import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../app/store';
import { settings, updateSettings } from '../../app/settings';
import { currentLanguage } from '../../i18n';
import { Sheet } from '../../ui/Sheet';
import { Switch } from '../../ui/Switch';
import {
  ChevronRight,
  CopyIcon,
  ExitIcon,
  GlobeIcon,
  HistoryIcon,
  LockIcon,
  SlidersIcon,
  SoundIcon,
} from '../../ui/icons';
import { copyText } from '../../app/clipboard';
import { LanguageSheet, languageLabel } from '../more/LanguageSheet';
import { FairnessPanel, type FairnessInfo } from '../../fairness/FairnessPanel';
import { VerifySheet } from '../../fairness/VerifySheet';
import { tableHandId } from '../../fairness/verify-hand';

/** The table menu: language, sound, haptics, my hands, responsible play and leaving the table. */
export function SettingsSheet({
  open,
  onClose,
  onExitRequest,
  fairness,
  password = null,
  onMyHands,
  onResponsiblePlay,
}: {
  open: boolean;
  onClose: () => void;
  onExitRequest: () => void;
  /** The room's password, shown to its creator only (the server tells no one else). */
  password?: string | null;
  /** The hand's fairness record as the table shows it (fairness/FairnessPanel.tsx). */
  fairness: (FairnessInfo & { roomId: string }) | null;
  /** Opens "My hands" over the table. */
  onMyHands?: () => void;
  /** Opens "Responsible play" (limits, reality check, a break) over the table, the seat kept. */
  onResponsiblePlay?: () => void;
}) {
  const { t } = useTranslation();
  const s = useStore(settings);
  const [langOpen, setLangOpen] = useState(false);
  const [verifyId, setVerifyId] = useState<string | null>(null);
  return (
    <>
      <Sheet
        open={open && !langOpen && verifyId === null}
        onClose={onClose}
        title={t('game.settings')}
        testId="settings-sheet"
      >
        <div className="card-panel divide-y divide-gold-400/10 overflow-hidden rounded-2xl">
          <button
            type="button"
            data-testid="settings-language"
            onClick={() => setLangOpen(true)}
            className="flex w-full items-center gap-3 px-4 py-3.5 text-left"
          >
            <GlobeIcon className="h-5 w-5 text-gold-400" />
            <span className="flex-1">{t('more.language')}</span>
            <span className="text-sm text-[var(--hint)]">{languageLabel(currentLanguage())}</span>
            <ChevronRight className="h-4 w-4 text-cream/35" />
          </button>
          <div className="flex items-center gap-3 px-4 py-3">
            <SoundIcon className="h-5 w-5 text-gold-400" />
            <span className="flex-1">{t('game.sound')}</span>
            <Switch
              testId="settings-sound"
              label={t('game.sound')}
              checked={s.sound}
              onChange={(sound) => updateSettings({ sound })}
            />
          </div>
          <div className="flex items-center gap-3 px-4 py-3">
            <span className="grid h-5 w-5 place-items-center text-gold-400">≋</span>
            <span className="flex-1">{t('game.haptics')}</span>
            <Switch
              testId="settings-haptic"
              label={t('game.haptics')}
              checked={s.haptic}
              onChange={(haptic) => updateSettings({ haptic })}
            />
          </div>
          {onMyHands ? (
            <button
              type="button"
              data-testid="settings-hands"
              onClick={onMyHands}
              className="flex w-full items-center gap-3 px-4 py-3.5 text-left"
            >
              <HistoryIcon className="h-5 w-5 text-gold-400" />
              <span className="flex-1">{t('hands.title')}</span>
              <ChevronRight className="h-4 w-4 text-cream/35" />
            </button>
          ) : null}
          {onResponsiblePlay ? (
            <button
              type="button"
              data-testid="settings-responsible-play"
              onClick={onResponsiblePlay}
              className="flex w-full items-center gap-3 px-4 py-3.5 text-left"
            >
              <SlidersIcon className="h-5 w-5 text-gold-400" />
              <span className="flex-1">{t('more.responsiblePlay')}</span>
              <ChevronRight className="h-4 w-4 text-cream/35" />
            </button>
          ) : null}
          {password ? (
            <button
              type="button"
              data-testid="settings-password"
              onClick={() => void copyText(password)}
              className="flex w-full items-center gap-3 px-4 py-3.5 text-left"
            >
              <LockIcon className="h-5 w-5 text-gold-400" />
              <span className="flex-1">{t('game.roomPassword')}</span>
              <span className="font-mono text-sm text-gold-300">{password}</span>
              <CopyIcon className="h-4 w-4 text-cream/50" />
            </button>
          ) : null}
          <button
            type="button"
            data-testid="settings-exit"
            onClick={onExitRequest}
            className="flex w-full items-center gap-3 px-4 py-3.5 text-left text-red-300"
          >
            <ExitIcon className="h-5 w-5" />
            <span className="flex-1">{t('game.exit')}</span>
          </button>
        </div>
        {fairness?.commitment || fairness?.nextCommitment ? (
          <FairnessPanel
            fairness={fairness}
            onVerify={() => setVerifyId(tableHandId(fairness.roomId, fairness.handNumber))}
          />
        ) : null}
      </Sheet>
      <LanguageSheet open={langOpen} onClose={() => setLangOpen(false)} />
      <VerifySheet handId={verifyId} onClose={() => setVerifyId(null)} />
    </>
  );
}
