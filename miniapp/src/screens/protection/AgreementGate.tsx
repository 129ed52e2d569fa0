import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeMiniApp } from '@telegram-apps/sdk-react';
import { useStore } from '../../app/store';
import { acceptShownAgreement, agreementGate } from '../../protection/store';
import { AGREEMENT_SECTIONS } from '../modals/AgreementModal';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

function Check({
  checked,
  onChange,
  label,
  testId,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  testId: string;
}) {
  return (
    <label className="flex items-start gap-3 text-sm leading-snug text-cream">
      <input
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 accent-[#d4a73a]"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
      />
      <span>{label}</span>
    </label>
  );
}

/** Closes the Mini App inside Telegram; elsewhere (or when it cannot) the goodbye stays on screen. */
function closeApp(): void {
  try {
    closeMiniApp.ifAvailable();
  } catch {
    // Not inside Telegram: the goodbye is all there is.
  }
}

/**
 * The first-open gate: the player confirms being 18 or older and accepts the user
 * agreement (its version and text shown) before anything else; a new version asks again. The
 * acceptance is stored on the server with its version and time. Leaving closes the app.
 */
export default function AgreementGate() {
  const { t } = useTranslation();
  const gate = useStore(agreementGate);
  const [adult, setAdult] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [left, setLeft] = useState(false);
  if (!gate) return null;

  if (left) {
    return (
      <div
        className="grid h-full place-items-center px-6 text-center"
        data-testid="protection-goodbye"
        role="status"
      >
        <div>
          <h1 className="mb-3 font-display text-2xl font-bold text-gold-300">
            {t('protection.gate.goodbyeTitle')}
          </h1>
          <p className="text-cream/80">{t('protection.gate.goodbye')}</p>
        </div>
      </div>
    );
  }

  async function accept() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await acceptShownAgreement();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  }

  return (
    <div
      className="flex h-full flex-col"
      style={{ paddingTop: 'calc(12px + var(--safe-top))', paddingBottom: 'calc(12px + var(--safe-bottom))' }}
      data-testid="protection-gate"
      role="dialog"
      aria-labelledby="protection-gate-title"
    >
      <header className="px-4 pb-3">
        <div className="flex items-center gap-3">
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full border-2 border-red-400 font-bold text-red-300">
            18+
          </span>
          <h1 id="protection-gate-title" className="flex-1 font-display text-2xl font-bold text-gold-300">
            {t('protection.gate.title')}
          </h1>
        </div>
        <p className="mt-2 text-sm text-cream/80">{t('protection.gate.intro')}</p>
      </header>
      <section
        className="no-scrollbar mx-4 flex-1 overflow-y-auto rounded-2xl border border-gold-400/20 bg-black/25 px-4 py-3"
        data-testid="protection-gate-agreement"
      >
        <h2 className="font-display text-lg font-bold text-gold-300">{t('agreement.title')}</h2>
        <p className="mb-3 text-xs text-[var(--hint)]" data-testid="protection-gate-version">
          {t('protection.gate.version', { version: gate.version })}
        </p>
        <p className="mb-3 text-sm text-cream/70">{t('agreement.intro')}</p>
        {AGREEMENT_SECTIONS.map((key, i) => {
          const paragraphs = t(`agreement.sections.${key}.body`, { returnObjects: true });
          return (
            <div key={key} className="mb-3">
              <h3 className="mb-1 text-sm font-semibold text-gold-300">
                {i + 1}. {t(`agreement.sections.${key}.title`)}
              </h3>
              {Array.isArray(paragraphs)
                ? paragraphs.map((p) => (
                    <p key={String(p)} className="mb-1.5 text-xs leading-relaxed text-cream/80">
                      {String(p)}
                    </p>
                  ))
                : null}
            </div>
          );
        })}
      </section>
      <div className="flex flex-col gap-3 px-4 pt-4">
        <Check checked={adult} onChange={setAdult} label={t('protection.gate.age')} testId="gate-age" />
        <Check
          checked={accepted}
          onChange={setAccepted}
          label={t('protection.gate.accept')}
          testId="gate-accept"
        />
        {failed ? (
          <p className="text-sm text-red-300" role="alert" data-testid="gate-failed">
            {t('protection.gate.failed')}
          </p>
        ) : null}
        <Button
          block
          size="lg"
          disabled={!adult || !accepted || busy}
          onClick={() => void accept()}
          data-testid="gate-continue"
        >
          {busy ? <Spinner className="h-5 w-5" /> : null}
          {t('protection.gate.continue')}
        </Button>
        <Button
          block
          variant="ghost"
          onClick={() => {
            setLeft(true);
            closeApp();
          }}
          data-testid="gate-leave"
        >
          {t('protection.gate.leave')}
        </Button>
      </div>
    </div>
  );
}
