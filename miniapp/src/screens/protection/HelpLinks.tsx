import { useTranslation } from 'react-i18next';
import { openExternal } from '../../telegram/sdk';
import { ChevronRight } from '../../ui/icons';

/**
 * Help organisations: BeGambleAware and GamCare for English speakers, Gambling Therapy
 * (Gordon Moody's free online service, which answers in Russian among other languages) and Gamblers
 * Anonymous. Russian speakers see Gambling Therapy first.
 */
export const HELP_LINKS = {
  begambleaware: 'https://www.begambleaware.org/',
  gamcare: 'https://www.gamcare.org.uk/',
  gamblingtherapy: 'https://www.gamblingtherapy.org/',
  gamblersanonymous: 'https://www.gamblersanonymous.org/',
} as const;

type HelpKey = keyof typeof HELP_LINKS;

export function helpOrder(language: string): HelpKey[] {
  return language === 'en'
    ? ['begambleaware', 'gamcare', 'gamblingtherapy', 'gamblersanonymous']
    : ['gamblingtherapy', 'gamblersanonymous', 'begambleaware', 'gamcare'];
}

export function HelpLinks() {
  const { t, i18n } = useTranslation();
  return (
    <section className="card-panel mt-4 rounded-3xl p-4" data-testid="help-links">
      <h2 className="font-semibold">{t('protection.help.title')}</h2>
      <p className="mb-2 mt-1 text-xs text-[var(--hint)]">{t('protection.help.hint')}</p>
      <ul className="flex flex-col">
        {helpOrder(i18n.language).map((key) => (
          <li key={key}>
            <a
              href={HELP_LINKS[key]}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`help-${key}`}
              onClick={(e) => {
                e.preventDefault();
                openExternal(HELP_LINKS[key]);
              }}
              className="flex items-center gap-2 py-2 text-sm text-gold-300 underline-offset-2 active:underline"
            >
              <span className="flex-1">{t(`protection.help.${key}`)}</span>
              <ChevronRight className="h-4 w-4 text-cream/35" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
