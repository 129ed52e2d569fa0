/**
 * The public verify page, /verify?hand=<hand id or roomId-handNumber>: the same verifier as in the
 * app, for anyone, without Telegram or an account (a second entry of the build: verify/index.html).
 * The language follows ?lang=en|ru, else the browser's.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import '../styles.css';
import { showLanguage } from '../i18n';
import { Toasts } from '../ui/Toasts';
import { VerifyHand } from './VerifyHand';

const params = new URLSearchParams(location.search);
const lang = params.get('lang') ?? (navigator.language.startsWith('ru') ? 'ru' : 'en');
const shown = showLanguage(lang === 'en' ? 'en' : 'ru');
const handId = params.get('hand');

function VerifyPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-lg px-4 py-6 text-cream">
      <h1 className="mb-4 text-center text-lg font-semibold text-gold-300">{t('fairness.publicPage')}</h1>
      {handId ? <VerifyHand handId={handId} /> : <p className="text-center">{t('fairness.noHand')}</p>}
    </main>
  );
}

// English texts load first when asked for: the page is never drawn in the other language.
void shown.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <VerifyPage />
      <Toasts />
    </StrictMode>,
  ),
);
