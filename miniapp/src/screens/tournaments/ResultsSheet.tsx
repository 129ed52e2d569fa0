/**
 * A Sit & Go's results (RULES §9): the player's place and prize at once (from `tournament_finished` or
 * the list), then every place decided so far with its prize from GET /tournaments/:id. Opened at the
 * table when the player is out or the tournament ends, and from "My tournaments".
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomCurrency, TournamentDetails } from '@svara/core';
import { navigate } from '../../app/navigation';
import { refusalText } from '../../i18n';
import { useFormatAmount } from '../../lib/money';
import { seatName } from '../../lib/names';
import { fetchTournament } from '../../tournaments/api';
import { Button } from '../../ui/Button';
import { Sheet } from '../../ui/Sheet';
import { Spinner } from '../../ui/Spinner';

export type MyResult = { place: number; prize: number | null; currency: RoomCurrency };

export function ResultsSheet({
  tournamentId,
  viewerId,
  mine,
  onClose,
  /** At the table while others still play: the sheet offers to keep watching. */
  watching = false,
  /** Only the fetched results (a test or the layout fixture gives them). */
  initial = null,
  onLobby = () => navigate({ name: 'dashboard' }),
}: {
  tournamentId: string;
  viewerId: string | null;
  mine: MyResult | null;
  onClose: () => void;
  watching?: boolean;
  initial?: TournamentDetails | null;
  /** The way back to the lobby (the table leaves its room first). */
  onLobby?: () => void;
}) {
  const { t } = useTranslation();
  const [details, setDetails] = useState<TournamentDetails | null>(initial);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (initial) return;
    let live = true;
    fetchTournament(tournamentId).then(
      (d) => live && setDetails(d),
      (err: unknown) => live && setFailed(refusalText(err, 'load_failed')),
    );
    return () => {
      live = false;
    };
  }, [tournamentId, initial]);
  const currency = details?.currency ?? mine?.currency ?? 'usd';
  const amount = useFormatAmount(currency);
  const ordinal = (place: number) => t(`tournaments.ordinal.${place}`);
  const running = details ? details.status === 'running' : watching;
  const place = mine?.place ?? details?.myPlace ?? null;
  const prize = mine?.prize ?? details?.myPrize ?? null;
  return (
    <Sheet
      open
      onClose={onClose}
      title={t(running ? 'tournaments.final.titleOut' : 'tournaments.final.title')}
      testId="tournament-results"
    >
      <div className="flex max-h-[70vh] flex-col gap-3 overflow-y-auto text-sm">
        {place !== null ? (
          <div className="rounded-2xl border border-gold-400/30 bg-black/25 px-3 py-2 text-center">
            <div className="font-display text-xl font-bold text-gold-200" data-testid="results-my-place">
              {t('tournaments.final.yourPlace', { place: ordinal(place) })}
            </div>
            <div className="text-cream/85" data-testid="results-my-prize">
              {prize !== null && prize > 0
                ? t('tournaments.final.yourPrize', { prize: amount(prize) })
                : t('tournaments.final.noPrize')}
            </div>
            {prize !== null && prize > 0 ? (
              <div className="text-xs text-[var(--hint)]">
                {t(currency === 'chips' ? 'tournaments.final.prizeNoteChips' : 'tournaments.final.prizeNote')}
              </div>
            ) : null}
          </div>
        ) : null}
        {failed ? (
          <p className="text-center text-rose-200" role="alert">
            {failed}
          </p>
        ) : !details ? (
          <div className="grid place-items-center py-4">
            <Spinner />
          </div>
        ) : (
          <ol className="flex flex-col gap-1" data-testid="results-places">
            {details.results.map((r) => (
              <li
                key={r.playerId}
                className={`flex items-center gap-2 rounded-xl px-3 py-1.5 ${
                  r.playerId === viewerId ? 'bg-gold-500/15 text-gold-100' : 'bg-black/20 text-cream/85'
                }`}
                data-testid="results-row"
                data-place={r.place}
              >
                <span className="w-10 shrink-0 font-semibold tabular-nums">{ordinal(r.place)}</span>
                <span className="min-w-0 flex-1 truncate">
                  {seatName(r.username) || t('tournaments.final.player')}
                </span>
                <span className="shrink-0 font-semibold tabular-nums">
                  {r.prize > 0 ? amount(r.prize) : '—'}
                </span>
              </li>
            ))}
          </ol>
        )}
        {running ? (
          <p className="text-center text-xs text-[var(--hint)]">{t('tournaments.final.stillPlaying')}</p>
        ) : null}
        <div className="flex flex-col gap-2 pt-1">
          <Button block onClick={onLobby} data-testid="results-lobby">
            {t('tournaments.final.lobby')}
          </Button>
          {watching && running ? (
            <Button variant="dark" block onClick={onClose} data-testid="results-watch">
              {t('tournaments.final.watch')}
            </Button>
          ) : null}
        </div>
      </div>
    </Sheet>
  );
}
