/**
 * The verifier: a finished hand recomputed on the player's device with core's own shuffle (RULES §7)
 * — a green tick when every check passes, a red explanation for each that fails. Shows the seeds,
 * the cards shown at the showdown and, when given, the viewer's own cards; never the other cards.
 * Used from the table menu, the hand history ("My hands") and the public /verify page.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatCards } from '@svara/core';
import { copyText } from '../app/clipboard';
import { formatDate } from '../lib/dates';
import { PlayingCard } from '../ui/cards';
import { CopyIcon } from '../ui/icons';
import { Spinner } from '../ui/Spinner';
import {
  FAIRNESS_SPEC_PATH,
  fetchAndVerify,
  VerifyError,
  type VerifiedHand,
  type VerifyFailure,
} from './verify-hand';

const FAILURE_TEXT: Record<VerifyFailure, string> = {
  not_found: 'fairness.notFound',
  network: 'fairness.network',
  malformed: 'fairness.malformed',
};

type Load =
  { state: 'loading' } | { state: 'done'; hand: VerifiedHand } | { state: 'failed'; reason: VerifyFailure };

export function VerifyHand({ handId, ownCards }: { handId: string; ownCards?: SeatCards }) {
  const { t, i18n } = useTranslation();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    fetchAndVerify(handId, ownCards).then(
      (hand) => live && setLoad({ state: 'done', hand }),
      (error: unknown) =>
        live &&
        setLoad({ state: 'failed', reason: error instanceof VerifyError ? error.reason : 'malformed' }),
    );
    return () => {
      live = false;
    };
    // ownCards is read once per hand id: a new object from the caller must not refetch.
  }, [handId, attempt]);

  if (load.state === 'loading') {
    return (
      <div
        className="flex items-center justify-center gap-3 py-10 text-cream/70"
        data-testid="verify-loading"
      >
        <Spinner />
        {t('fairness.loading')}
      </div>
    );
  }
  if (load.state === 'failed') {
    return (
      <div className="py-8 text-center" data-testid="verify-failed">
        <p className="text-cream/80">{t(FAILURE_TEXT[load.reason])}</p>
        {load.reason === 'network' ? (
          <button type="button" onClick={retry} className="mt-3 text-gold-300 underline">
            {t('fairness.retry')}
          </button>
        ) : null}
      </div>
    );
  }

  const { record, result } = load.hand;
  return (
    <div className="space-y-3 pb-2" data-testid="verify-hand">
      <div
        data-testid={result.ok ? 'verify-fair' : 'verify-unfair'}
        className={`flex items-center gap-3 rounded-2xl px-4 py-3 ${
          result.ok ? 'bg-emerald-500/15 text-emerald-300' : 'bg-red-500/15 text-red-300'
        }`}
      >
        <span className="text-2xl leading-none" aria-hidden>
          {result.ok ? '✓' : '✗'}
        </span>
        <div>
          <div className="font-semibold">{t(result.ok ? 'fairness.fair' : 'fairness.unfair')}</div>
          <div className="text-xs opacity-80">
            {t('fairness.hand', { hand: record.handNumber })} · {formatDate(record.finishedAt, i18n.language)}
          </div>
        </div>
      </div>

      <ul className="card-panel divide-y divide-gold-400/10 rounded-2xl text-sm" data-testid="verify-checks">
        {result.checks.map((c) => (
          <li key={c.name} data-check={c.name} data-ok={c.ok} className="flex gap-3 px-4 py-2.5">
            <span className={c.ok ? 'text-emerald-400' : 'text-red-400'} aria-hidden>
              {c.ok ? '✓' : '✗'}
            </span>
            <span className={c.ok ? 'text-cream/85' : 'text-red-200'}>
              {t(`fairness.checks.${c.name}.${c.ok ? 'ok' : 'fail'}`)}
            </span>
          </li>
        ))}
      </ul>
      <p className="text-center text-xs text-cream/50">{t('fairness.recomputed')}</p>

      {ownCards || record.shown.length > 0 ? (
        <div className="card-panel space-y-2 rounded-2xl px-4 py-3">
          {ownCards ? <SeatRow label={t('fairness.yourCards')} seat={ownCards} /> : null}
          {record.shown.length > 0 ? (
            <>
              <div className="text-xs uppercase tracking-wide text-cream/50">{t('fairness.shown')}</div>
              {record.shown.map((s) => (
                <SeatRow key={s.position} label={t('fairness.seat', { seat: s.position })} seat={s} />
              ))}
            </>
          ) : null}
          <p className="text-xs text-cream/45">{t('fairness.hiddenNote')}</p>
        </div>
      ) : null}

      <div className="card-panel space-y-2 rounded-2xl px-4 py-3 text-xs">
        <div className="uppercase tracking-wide text-cream/50">{t('fairness.seeds')}</div>
        <HashLine label={t('fairness.commitment')} value={record.commitment} />
        <HashLine label={t('fairness.serverSeed')} value={record.serverSeed} />
        <HashLine label={t('fairness.clientSeed')} value={record.clientSeed} />
        {record.playerSeeds.length > 0 ? (
          <div>
            <div className="text-cream/60">{t('fairness.playerSeeds')}</div>
            <ul className="font-mono break-all text-cream/85">
              {record.playerSeeds.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </div>
        ) : (
          <div className="text-cream/60">{t('fairness.defaultSeed')}</div>
        )}
        <HashLine label={t('fairness.recordHash')} value={record.recordHash} />
        <HashLine label={t('fairness.prevHash')} value={record.prevHash} />
      </div>
      <p className="text-[11px] leading-snug text-cream/45">
        {t('fairness.howTo')}{' '}
        <a
          href={FAIRNESS_SPEC_PATH}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="fairness-spec-link"
          className="text-gold-300 underline"
        >
          {t('fairness.spec')}
        </a>
      </p>
    </div>
  );
}

function SeatRow({ label, seat }: { label: string; seat: SeatCards }) {
  return (
    <div className="flex items-center gap-3" data-seat={seat.position}>
      <span className="w-24 shrink-0 text-sm text-cream/70">{label}</span>
      <span className="flex gap-1">
        {seat.cards.map((c) => (
          <PlayingCard key={`${c.rank}${c.suit}`} card={c} width={34} />
        ))}
      </span>
    </div>
  );
}

/** A full hash or seed, wrapped, with a copy button. */
export function HashLine({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <div className="text-cream/60">{label}</div>
      <div className="flex items-start gap-2">
        <span className="flex-1 select-all break-all font-mono text-cream/90" data-testid={testId}>
          {value}
        </span>
        <button
          type="button"
          aria-label={t('fairness.copy')}
          onClick={() => void copyText(value)}
          className="shrink-0 p-1 text-cream/60"
        >
          <CopyIcon className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
