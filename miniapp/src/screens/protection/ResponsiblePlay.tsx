import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExclusionKind, LimitState, Protection, RealityCheckMinutes } from '@svara/core';
import { REALITY_CHECK_MINUTES } from '@svara/core';
import { useStore } from '../../app/store';
import { protection, refreshProtection, setProtection } from '../../protection/store';
import { setRealityCheck } from '../../protection/api';
import { activeExclusion } from '../../protection/format';
import { formatDate } from '../../lib/dates';
import { useFormatUsd } from '../../lib/money';
import { showToast } from '../../ui/toast';
import { PageShell } from '../PageShell';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { ChevronRight } from '../../ui/icons';
import { LimitSheet, type LimitTarget } from './LimitSheet';
import { ExclusionSheet } from './ExclusionSheet';
import { HelpLinks } from './HelpLinks';
import { CloseButton } from '../../ui/CloseButton';

function Section({
  title,
  hint,
  children,
  testId,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="card-panel mb-4 overflow-hidden rounded-3xl" data-testid={testId}>
      <div className="px-4 pb-1 pt-4">
        <h2 className="font-semibold">{title}</h2>
        {hint ? <p className="mt-1 text-xs text-[var(--hint)]">{hint}</p> : null}
      </div>
      <div className="divide-y divide-gold-400/10">{children}</div>
    </section>
  );
}

function LimitRow({
  label,
  state,
  used,
  show,
  onEdit,
  testId,
}: {
  label: string;
  state: LimitState;
  used: number | null;
  show: (n: number) => string;
  onEdit: () => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const pending = state.pending;
  return (
    <button
      type="button"
      onClick={onEdit}
      data-testid={testId}
      className="flex w-full items-center gap-3 px-4 py-3 text-left active:bg-white/5"
    >
      <span className="flex-1">
        <span className="block text-[15px] text-cream">{label}</span>
        {state.amount !== null && used !== null ? (
          <span className="block text-xs text-[var(--hint)]" data-testid={`${testId}-used`}>
            {t('protection.usedOf', { used: show(used), limit: show(state.amount) })}
          </span>
        ) : null}
        {pending ? (
          <span className="block text-xs text-amber-200" data-testid={`${testId}-pending`}>
            {pending.amount === null
              ? t('protection.pendingRemoval', { date: formatDate(pending.effectiveAt, i18n.language) })
              : t('protection.pendingAmount', {
                  amount: show(pending.amount),
                  date: formatDate(pending.effectiveAt, i18n.language),
                })}
          </span>
        ) : null}
      </span>
      <span className="text-sm font-semibold text-gold-300" data-testid={`${testId}-amount`}>
        {state.amount === null ? t('protection.none') : show(state.amount)}
      </span>
      <ChevronRight className="h-4 w-4 text-cream/35" />
    </button>
  );
}

/**
 * The page itself, or with `onClose` (the table menu) a layer over the table with a close button:
 * the table, and the seat, stay underneath. Sheets (z-40) still open above it.
 */
function Shell({ onClose, children }: { onClose: (() => void) | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  const close = onClose ? (
    <CloseButton label={t('common.close')} testId="protection-close" onClick={onClose} />
  ) : undefined;
  const page = (
    <PageShell title={t('protection.title')} testId="protection-page" action={close}>
      {children}
    </PageShell>
  );
  if (!onClose) return page;
  return (
    <div
      className="fixed inset-0 z-[35] overflow-y-auto bg-[#04140a]"
      role="dialog"
      data-testid="protection-layer"
    >
      {page}
    </div>
  );
}

function limitState(p: Protection, target: LimitTarget): LimitState {
  if (target.kind === 'session') return p.limits.sessionMinutes;
  return target.kind === 'loss' ? p.limits.loss[target.period] : p.limits.deposit[target.period];
}

/**
 * "Responsible play": deposit limits per day / week / month, loss limits per day / week,
 * the session time limit, the reality check's interval, and a cool-off or a self-exclusion. Pending
 * raises show with when they apply; the server enforces everything.
 */
export default function ResponsiblePlay({ onClose }: { onClose?: () => void } = {}) {
  const { t, i18n } = useTranslation();
  const p = useStore(protection);
  const usd = useFormatUsd();
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<LimitTarget | null>(null);
  const [breakKind, setBreakKind] = useState<ExclusionKind | null>(null);
  const [savingCheck, setSavingCheck] = useState(false);

  useEffect(() => {
    let live = true;
    void refreshProtection().then((r) => live && setFailed(r === null && protection.get() === null));
    return () => {
      live = false;
    };
  }, []);

  if (!p) {
    return (
      <Shell onClose={onClose}>
        {failed ? (
          <p className="text-center text-red-300" data-testid="protection-load-error">
            {t('protection.loadError')}
          </p>
        ) : (
          <div className="grid place-items-center py-16">
            <Spinner />
          </div>
        )}
      </Shell>
    );
  }

  const minutes = (n: number) => t('protection.minutes', { count: n });
  const exclusion = activeExclusion(p);

  async function pickRealityCheck(m: RealityCheckMinutes) {
    if (savingCheck || !p || m === p.limits.realityCheckMinutes) return;
    setSavingCheck(true);
    try {
      setProtection(await setRealityCheck(m));
    } catch {
      showToast(t('protection.saveError'), 'error');
    } finally {
      setSavingCheck(false);
    }
  }

  return (
    <Shell onClose={onClose}>
      <p className="mb-4 px-1 text-sm text-[var(--hint)]">{t('protection.intro')}</p>

      <Section
        title={t('protection.kinds.deposit')}
        hint={t('protection.kindHints.deposit')}
        testId="deposit-limits"
      >
        {(['daily', 'weekly', 'monthly'] as const).map((period) => (
          <LimitRow
            key={period}
            testId={`limit-deposit-${period}`}
            label={t(`protection.periods.${period}`)}
            state={p.limits.deposit[period]}
            used={p.usage.deposited[period]}
            show={usd}
            onEdit={() => setEditing({ kind: 'deposit', period })}
          />
        ))}
      </Section>

      <Section title={t('protection.kinds.loss')} hint={t('protection.kindHints.loss')} testId="loss-limits">
        {(['daily', 'weekly'] as const).map((period) => (
          <LimitRow
            key={period}
            testId={`limit-loss-${period}`}
            label={t(`protection.periods.${period}`)}
            state={p.limits.loss[period]}
            used={p.usage.lost[period]}
            show={usd}
            onEdit={() => setEditing({ kind: 'loss', period })}
          />
        ))}
      </Section>

      <Section
        title={t('protection.kinds.session')}
        hint={t('protection.kindHints.session')}
        testId="session-limit"
      >
        <LimitRow
          testId="limit-session"
          label={t('protection.perDay')}
          state={p.limits.sessionMinutes}
          used={p.usage.playedMinutes}
          show={minutes}
          onEdit={() => setEditing({ kind: 'session' })}
        />
      </Section>

      <Section
        title={t('protection.realityCheck.title')}
        hint={t('protection.realityCheck.hint')}
        testId="reality-check"
      >
        <div className="grid grid-cols-3 gap-2 p-4 pt-2" role="radiogroup">
          {REALITY_CHECK_MINUTES.map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={p.limits.realityCheckMinutes === m}
              disabled={savingCheck}
              onClick={() => void pickRealityCheck(m)}
              data-testid={`reality-check-${m}`}
              // "Каждые 120 мин" is wider than a third of a 360-wide screen: it wraps inside its pill.
              className={`min-h-10 rounded-xl px-1 py-1 text-sm font-semibold leading-tight ${p.limits.realityCheckMinutes === m ? 'bg-gradient-to-b from-gold-400 to-gold-600 text-ink' : 'bg-black/30 text-cream/70'}`}
            >
              {t('protection.realityCheck.every', { count: m })}
            </button>
          ))}
        </div>
      </Section>

      <Section title={t('protection.exclusion.title')} testId="exclusion">
        {exclusion ? (
          <p className="px-4 pb-4 pt-1 text-sm font-semibold text-amber-200" data-testid="exclusion-active">
            {t(`protection.exclusion.active.${exclusion.kind}`, {
              date: formatDate(exclusion.until, i18n.language),
            })}
          </p>
        ) : (
          <div className="flex flex-col gap-3 p-4 pt-2">
            <div>
              <p className="mb-2 text-xs text-[var(--hint)]">{t('protection.exclusion.coolOffHint')}</p>
              <Button
                block
                variant="outline"
                onClick={() => setBreakKind('cool_off')}
                data-testid="start-cool-off"
              >
                {t('protection.exclusion.coolOff')}
              </Button>
            </div>
            <div>
              <p className="mb-2 text-xs text-[var(--hint)]">{t('protection.exclusion.selfExclusionHint')}</p>
              <Button
                block
                variant="outline"
                onClick={() => setBreakKind('self_exclusion')}
                data-testid="start-self-exclusion"
              >
                {t('protection.exclusion.selfExclusion')}
              </Button>
            </div>
          </div>
        )}
      </Section>

      <HelpLinks />

      {editing ? (
        <LimitSheet
          key={JSON.stringify(editing)}
          target={editing}
          state={limitState(p, editing)}
          onClose={() => setEditing(null)}
          onSaved={(next, note) => {
            setProtection(next);
            setEditing(null);
            showToast(note, 'success');
          }}
        />
      ) : null}
      {breakKind ? (
        <ExclusionSheet
          kind={breakKind}
          onClose={() => setBreakKind(null)}
          onStarted={(next) => {
            setProtection(next);
            setBreakKind(null);
          }}
        />
      ) : null}
    </Shell>
  );
}
