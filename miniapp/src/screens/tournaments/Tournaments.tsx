/**
 * The Tournaments screen (RULES §9): the Sit & Go's waiting to fill, each with Register (asked once)
 * or Unregister (everything back at once), and "My tournaments": the one in play (back to its table)
 * and the finished ones with place and prize. Counts are asked for again every few seconds while the
 * screen is open; when one fills, `tournament_started` takes its players to the table (App.tsx).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { TournamentSummary } from '@svara/core';
import { useStore } from '../../app/store';
import { profile, refreshProfile } from '../../app/session';
import { navigate } from '../../app/navigation';
import { useAccountBlock } from '../../app/account';
import { onServerEvent } from '../../api/realtime';
import { refusalText } from '../../i18n';
import { useFormatAmount } from '../../lib/money';
import { fetchTournaments, registerFor, unregisterFrom } from '../../tournaments/api';
import { entryCost } from '../../tournaments/prizes';
import { CloseButton } from '../../ui/CloseButton';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toast';
import { SuspensionNotice } from '../../ui/SuspensionNotice';
import { ExclusionNotice } from '../protection/ExclusionNotice';
import { PageShell } from '../PageShell';
import { RegisterSheet, type Refusal } from './RegisterSheet';
import { ResultsSheet } from './ResultsSheet';
import { TournamentCard, useEntryText } from './TournamentCard';

/** How often the counts are asked for again while the screen is open. */
export const TOURNAMENTS_EVERY_MS = 4_000;

function replace(list: TournamentSummary[] | null, next: TournamentSummary): TournamentSummary[] | null {
  return list?.map((s) => (s.id === next.id ? next : s)) ?? null;
}

/** The refusal's text: too little money is said with what registration takes (RULES §9). */
function refusalOf(err: unknown, s: TournamentSummary, total: string, t: TFunction): Refusal {
  const code = (err as { code?: unknown })?.code;
  if (code === 'insufficientBalance')
    return {
      code,
      text: t(s.currency === 'chips' ? 'tournaments.notEnoughChips' : 'tournaments.notEnough', { total }),
    };
  return { code: typeof code === 'string' ? code : 'unknown_error', text: refusalText(err, 'unknown_error') };
}

function MyTournament({ s, onResults }: { s: TournamentSummary; onResults: () => void }) {
  const { t } = useTranslation();
  const amount = useFormatAmount(s.currency);
  const entry = useEntryText();
  const status =
    s.status === 'running' && s.myPlace === null
      ? t('tournaments.running')
      : s.status === 'cancelled'
        ? t('tournaments.cancelled')
        : s.myPlace !== null
          ? `${t('tournaments.place', { place: t(`tournaments.ordinal.${s.myPlace}`) })} · ${
              s.myPrize ? amount(s.myPrize) : t('tournaments.noPrize')
            }`
          : t('tournaments.running');
  const atTable = s.status === 'running' && s.myPlace === null && s.roomId !== null;
  return (
    <li
      className="card-panel flex items-center gap-3 rounded-2xl px-3 py-2.5"
      data-testid="my-tournament"
      data-tournament-id={s.id}
      data-status={s.status}
    >
      <div className="min-w-0 flex-1">
        <div className="truncate text-sm font-semibold text-cream">{s.name}</div>
        <div className="truncate text-xs text-[var(--hint)]">{entry(s)}</div>
        <div className="text-sm font-semibold text-gold-200" data-testid="my-tournament-result">
          {status}
        </div>
      </div>
      {atTable ? (
        <Button
          size="sm"
          onClick={() => navigate({ name: 'gameRoom', roomId: s.roomId!, autoSit: false })}
          data-testid="my-tournament-table"
        >
          {t('tournaments.toTable')}
        </Button>
      ) : s.status !== 'cancelled' ? (
        <Button size="sm" variant="dark" onClick={onResults} data-testid="my-tournament-results">
          {t('tournaments.results')}
        </Button>
      ) : null}
    </li>
  );
}

export default function Tournaments() {
  const { t } = useTranslation();
  const me = useStore(profile);
  const blocked = useAccountBlock() !== null;
  const [list, setList] = useState<TournamentSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [asking, setAsking] = useState<TournamentSummary | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [results, setResults] = useState<TournamentSummary | null>(null);
  const askingAmount = useFormatAmount(asking?.currency ?? 'usd');

  const load = useCallback(async () => {
    try {
      setList(await fetchTournaments());
      setFailed(false);
    } catch {
      // The next look tries again; what is shown stays.
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
    const id = setInterval(() => void load(), TOURNAMENTS_EVERY_MS);
    return () => clearInterval(id);
  }, [load]);

  // An operator's cancel: what came back is said, and the list follows.
  const currencyOf = useCallback((id: string) => list?.find((s) => s.id === id)?.currency ?? 'usd', [list]);
  const usd = useFormatAmount('usd');
  const chips = useFormatAmount('chips');
  useEffect(
    () =>
      onServerEvent('tournament_cancelled', (e) => {
        const amount = currencyOf(e.tournamentId) === 'chips' ? chips : usd;
        showToast(t('tournaments.cancelledEvent', { amount: amount(e.refund) }), 'info');
        void load();
      }),
    [currencyOf, chips, usd, t, load],
  );

  async function register() {
    const s = asking;
    if (!s) return;
    setBusy(s.id);
    try {
      const next = await registerFor(s.id);
      setList((l) => replace(l, next));
      setAsking(null);
      showToast(t('tournaments.registered'), 'success');
      void refreshProfile();
    } catch (err) {
      setRefusal(refusalOf(err, s, askingAmount(entryCost(s.buyIn, s.fee)), t));
    } finally {
      setBusy(null);
    }
  }

  async function unregister(s: TournamentSummary) {
    setBusy(s.id);
    const amount = s.currency === 'chips' ? chips : usd;
    try {
      const next = await unregisterFrom(s.id);
      setList((l) => replace(l, next));
      showToast(t('tournaments.unregistered', { amount: amount(entryCost(s.buyIn, s.fee)) }), 'success');
      void refreshProfile();
    } catch (err) {
      showToast(refusalText(err, 'unknown_error'), 'error');
      void load();
    } finally {
      setBusy(null);
    }
  }

  const open = list?.filter((s) => s.status === 'registering') ?? [];
  const mine = list?.filter((s) => s.status !== 'registering') ?? [];
  const startingChips = list?.[0]?.startingChips ?? 1_500;

  return (
    <PageShell
      title={t('tournaments.title')}
      testId="tournaments"
      action={
        <CloseButton
          label={t('common.close')}
          testId="tournaments-back"
          onClick={() => navigate({ name: 'dashboard' })}
        />
      }
    >
      <div className="flex flex-col gap-4">
        {me ? <SuspensionNotice suspension={me.suspension} /> : null}
        <ExclusionNotice />
        <p className="text-sm text-cream/75">{t('tournaments.intro', { chips: chips(startingChips) })}</p>
        {/* The player's own first: the one in play leads back to its table. */}
        {mine.length > 0 ? (
          <section>
            <h2 className="mb-2 px-1 font-display text-lg font-bold text-gold-300">
              {t('tournaments.mine')}
            </h2>
            <ul className="flex flex-col gap-2" data-testid="my-tournaments">
              {mine.map((s) => (
                <MyTournament key={s.id} s={s} onResults={() => setResults(s)} />
              ))}
            </ul>
          </section>
        ) : null}
        <section>
          <h2 className="mb-2 px-1 font-display text-lg font-bold text-gold-300">{t('tournaments.open')}</h2>
          {list === null ? (
            failed ? (
              <p className="card-panel rounded-2xl px-4 py-6 text-center text-sm text-cream/60" role="alert">
                {t('errors.load_failed')}
              </p>
            ) : (
              <div className="grid place-items-center py-10">
                <Spinner />
              </div>
            )
          ) : open.length === 0 ? (
            <p
              className="card-panel rounded-2xl px-4 py-6 text-center text-sm text-cream/60"
              data-testid="tournaments-empty"
            >
              {t('tournaments.none')}
            </p>
          ) : (
            <ul className="flex flex-col gap-3" data-testid="tournament-list">
              {open.map((s) => (
                <TournamentCard
                  key={s.id}
                  tournament={s}
                  busy={busy === s.id}
                  canRegister={!blocked}
                  onRegister={() => {
                    setRefusal(null);
                    setAsking(s);
                  }}
                  onUnregister={() => void unregister(s)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <RegisterSheet
        tournament={asking}
        busy={busy !== null}
        refusal={refusal}
        onConfirm={() => void register()}
        onClose={() => {
          setAsking(null);
          setRefusal(null);
        }}
      />
      {results ? (
        <ResultsSheet
          tournamentId={results.id}
          viewerId={me?.telegramId ?? null}
          mine={
            results.myPlace !== null
              ? { place: results.myPlace, prize: results.myPrize, currency: results.currency }
              : null
          }
          onClose={() => setResults(null)}
        />
      ) : null}
    </PageShell>
  );
}
