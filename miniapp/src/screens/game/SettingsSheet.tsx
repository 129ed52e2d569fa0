import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../app/store';
import { settings, updateSettings } from '../../app/settings';
import { currentLanguage } from '../../i18n';
import { Sheet } from '../../ui/Sheet';
import { Switch } from '../../ui/Switch';
import { ChevronRight, CopyIcon, ExitIcon, GlobeIcon, LockIcon, SoundIcon } from '../../ui/icons';
import { copyText } from '../../app/clipboard';
import { LanguageSheet, languageLabel } from '../more/LanguageSheet';

/** The table menu: language, sound, haptics and leaving the table. */
export function SettingsSheet({
  open,
  onClose,
  onExitRequest,
  fairness,
  password = null,
}: {
  open: boolean;
  onClose: () => void;
  onExitRequest: () => void;
  /** The room's password, shown to its creator only (the server tells no one else). */
  password?: string | null;
  fairness: { handNumber: number; commitment: string | null } | null;
}) {
  const { t } = useTranslation();
  const s = useStore(settings);
  const [langOpen, setLangOpen] = useState(false);
  return (
    <>
      <Sheet open={open && !langOpen} onClose={onClose} title={t('game.settings')} testId="settings-sheet">
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
        {fairness?.commitment ? (
          <p
            className="mt-3 break-all text-center font-mono text-[10px] text-cream/35"
            data-testid="fairness"
          >
            {t('game.fairness', { hand: fairness.handNumber })} · {fairness.commitment.slice(0, 24)}…
          </p>
        ) : null}
      </Sheet>
      <LanguageSheet open={langOpen} onClose={() => setLangOpen(false)} />
    </>
  );
}
