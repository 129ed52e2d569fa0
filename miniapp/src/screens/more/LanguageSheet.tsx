import { useTranslation } from 'react-i18next';
import { Sheet } from '../../ui/Sheet';
import { CheckIcon } from '../../ui/icons';
import { currentLanguage, setLanguage } from '../../i18n';
import type { Language } from '../../app/settings';
import { haptic } from '../../telegram/sdk';
import { api, getToken } from '../../api/http';

const LANGS: { code: Language; label: string; flag: string }[] = [
  { code: 'ru', label: 'Русский', flag: '🇷🇺' },
  { code: 'en', label: 'English', flag: '🇬🇧' },
];

export function languageLabel(code: Language): string {
  return LANGS.find((l) => l.code === code)!.label;
}

/**
 * Russian or English: one setting, remembered on this device and stored on the account, where the
 * bot's /language writes it too (so the next sign-in, on any device, starts in it).
 */
export function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Sheet open={open} onClose={onClose} title={t('more.language')} testId="language-sheet">
      <div className="flex flex-col gap-2">
        {LANGS.map((l) => (
          <button
            key={l.code}
            type="button"
            data-testid={`language-${l.code}`}
            onClick={() => {
              haptic('tap');
              setLanguage(l.code);
              // Without a session (the picker before sign-in) there is no account to store it on.
              if (getToken()) void api.setLanguage(l.code).catch(() => undefined);
              onClose();
            }}
            className={`flex h-13 items-center gap-3 rounded-2xl border px-4 text-left transition-colors active:scale-[0.99] ${
              current === l.code ? 'border-gold-400 bg-gold-500/15' : 'border-cream/10 bg-black/20'
            }`}
          >
            <span className="text-xl">{l.flag}</span>
            <span className="flex-1 font-medium">{l.label}</span>
            {current === l.code ? <CheckIcon className="h-5 w-5 text-gold-400" /> : null}
          </button>
        ))}
      </div>
    </Sheet>
  );
}
