import { useTranslation } from 'react-i18next';
import { MAX_PLAYERS, type GameState } from '@svara/core';
import { Chip } from '../../ui/cards';
import { ChipStack, DeckPile, TableFelt, chipColorForBet } from '../../assets/table';
import { chipsForBet, displaySeat, positionAtSeat, seatLabel, waitingState } from '../../lib/table';
import { TIGHT_SPOT, useFormatAmount, useFormatPercent } from '../../lib/money';
import { TableCurrency } from '../../lib/table-currency';
import {
  BET_CHIP,
  BET_LABEL,
  BET_PER_COLUMN,
  BET_POINTS,
  DECK_BOX,
  DECK_W,
  POT_BOX,
  SEAT_POINTS,
  STATUS_BOX,
  TABLE_CENTER,
  TABLE_H,
  TABLE_W,
  TAX_BOX,
} from '../../lib/table-layout';
import { EmptySeat, Seat } from './Seat';

export type TableDisplay = {
  /** What the hand's end shows: the winner (2 s), chips flying to the winner (until 4 s), then nothing. */
  finished: 'winner' | 'chips' | 'reset' | null;
  /** Per player id, the delay of each dealt card (ms) while a new hand is being dealt. */
  deal: Record<string, number[]> | null;
  /** The player on turn and the fraction of the turn left. */
  timer: { playerId: string; fraction: number } | null;
  bubbles: Record<string, string>;
};

const WIN_CHIPS = 10;
/** Bets lie in front of the seats only while the hand is played; once it ends they are the pot's. */
const BETS_SHOWN = new Set(['ante', 'blind_betting', 'betting', 'showdown']);

export function TableView({
  state,
  viewerId,
  display,
  emptyAction,
  onEmptySeat,
  scale,
}: {
  state: GameState;
  viewerId: string | null;
  display: TableDisplay;
  emptyAction: 'invite' | 'sit' | null;
  onEmptySeat: (position: number) => void;
  scale: number;
}) {
  const { t } = useTranslation();
  // The state says what the table plays for (RULES §8); its seats write their amounts in the same.
  const usd = useFormatAmount(state.currency);
  const percent = useFormatPercent();
  const viewer = state.players.find((p) => p.id === viewerId) ?? null;
  const viewerPosition = viewer?.position ?? null;
  const byPosition = new Map(state.players.map((p) => [p.position, p]));
  const showBets = BETS_SHOWN.has(state.status);
  const winners = new Set(state.status === 'finished' ? state.winners : []);
  const waiting = waitingState(state);
  const showdown = state.status === 'showdown';
  const potVisible = state.pot > 0 && display.finished !== 'chips' && display.finished !== 'reset';

  return (
    <TableCurrency.Provider value={state.currency}>
      <div
        className="relative origin-top-left"
        style={{ width: TABLE_W, height: TABLE_H, transform: `scale(${scale})` }}
        data-testid="table"
        data-status={state.status}
        data-currency={state.currency}
      >
        <TableFelt className="absolute inset-0" />
        <div className="pointer-events-none absolute inset-x-0 top-[31%] text-center font-display text-[26px] font-bold tracking-[0.35em] text-black/15">
          SVARA
        </div>

        {/* Deck */}
        <div className="absolute" style={{ left: DECK_BOX.x, top: DECK_BOX.y }} data-testid="deck">
          <DeckPile width={DECK_W} layers={4} />
        </div>

        {/* Pot and the house's 5% */}
        <div
          className="absolute flex flex-col items-center justify-end text-center"
          style={{ left: POT_BOX.x, top: POT_BOX.y, width: POT_BOX.w, height: POT_BOX.h }}
          data-testid="pot"
        >
          {potVisible ? (
            <div className="mb-1 flex justify-center">
              {Array.from({ length: Math.min(6, chipsForBet(state.pot)) }, (_, i) => (
                <Chip key={i} size={16} tone={i} className="-ml-1.5 first:ml-0" />
              ))}
            </div>
          ) : null}
          <div
            className="flex max-w-full flex-col items-center rounded-2xl border border-gold-400/40 bg-black/55 px-2.5 py-0.5 shadow-lg"
            data-testid="pot-pill"
          >
            <span className="text-[9px] uppercase leading-[10px] tracking-widest text-cream/60">
              {t('game.pot')}
            </span>
            <span
              className="max-w-full truncate font-display text-sm font-bold leading-[18px] tabular-nums text-gold-300"
              data-testid="pot-amount"
            >
              {usd(state.pot, { compact: true })}
            </span>
          </div>
        </div>
        {showdown ? (
          // The word goes where the tax is written: a title over the middle would cover the bets.
          <div
            className="absolute z-[6] truncate text-center font-display text-[13px] font-bold uppercase leading-[14px] tracking-[0.1em] text-gold-300 drop-shadow"
            style={{ left: TAX_BOX.x, top: TAX_BOX.y, width: TAX_BOX.w, height: TAX_BOX.h }}
            data-testid="showdown-title"
          >
            {t('game.showdown')}
          </div>
        ) : state.tournament ? null : (
          // A Sit & Go's pots pay no house share (RULES §9): no tax line at its table.
          <div
            className="absolute truncate text-center text-[9px] font-semibold uppercase leading-[14px] text-cream/55"
            style={{ left: TAX_BOX.x, top: TAX_BOX.y, width: TAX_BOX.w, height: TAX_BOX.h }}
            data-testid="tax-label"
          >
            {state.tax > 0
              ? t('game.taxAmount', { percent: percent(state.taxPercent), amount: usd(state.tax) })
              : t('game.tax', { percent: percent(state.taxPercent) })}
          </div>
        )}

        {/* While bets lie on the table the bar below says the same: the middle stays the bets'. */}
        {waiting && !showBets ? (
          <div
            className="absolute flex items-start justify-center"
            style={{ left: STATUS_BOX.x, top: STATUS_BOX.y, width: STATUS_BOX.w, height: STATUS_BOX.h }}
            data-testid="waiting-state"
          >
            <span className="line-clamp-3 max-w-full rounded-xl bg-black/45 px-2 py-px text-center text-[10px] font-medium leading-[13px] text-cream/85">
              {t(`game.${waiting}`)}
            </span>
          </div>
        ) : null}

        {/* Chip stacks in front of the seats */}
        {showBets
          ? state.players.map((p) => {
              const chips = chipsForBet(p.totalBet);
              if (!chips) return null;
              const at = BET_POINTS[displaySeat(p.position, viewerPosition)]!;
              return (
                <div
                  key={p.id}
                  className="absolute -translate-x-1/2 -translate-y-1/2"
                  style={{ left: at.x, top: at.y }}
                  data-testid="bet-stack"
                  data-seat={displaySeat(p.position, viewerPosition)}
                >
                  <ChipStack
                    amountCount={chips}
                    color={chipColorForBet(p.totalBet)}
                    chipSize={BET_CHIP}
                    perColumn={BET_PER_COLUMN}
                    className="mx-auto block"
                  />
                  <div
                    className="mx-auto mt-0.5 truncate rounded-full bg-black/60 px-0.5 text-center text-[8px] font-bold leading-3 tabular-nums text-cream"
                    style={{ maxWidth: BET_LABEL.w }}
                    data-testid="bet-amount"
                  >
                    {/* Under the chips there is room for "999,00 $"; from $1,000 a bet reads "1,5K $". */}
                    {usd(p.totalBet, TIGHT_SPOT)}
                  </div>
                </div>
              );
            })
          : null}

        {/* Seats */}
        {Array.from({ length: MAX_PLAYERS }, (_, i) => {
          const seat = i + 1;
          const position = positionAtSeat(seat, viewerPosition);
          const player = byPosition.get(position);
          if (!player)
            return (
              <EmptySeat key={seat} seat={seat} action={emptyAction} onClick={() => onEmptySeat(position)} />
            );
          const isViewer = player.id === viewerId;
          const winner = winners.has(player.id) && display.finished !== 'reset';
          return (
            <Seat
              key={seat}
              seat={seat}
              player={player}
              status={state.status}
              isViewer={isViewer}
              big={isViewer && seat === 4}
              timer={display.timer?.playerId === player.id ? display.timer.fraction : null}
              label={
                winner ? 'win' : display.finished === 'reset' ? null : seatLabel(player.lastAction, isViewer)
              }
              labelKey={`${state.fairness.handNumber}:${player.lastAction}:${player.totalBet}`}
              bubble={display.bubbles[player.id] ?? null}
              dealDelays={display.deal?.[player.id] ?? null}
              winAmount={
                winner && display.finished !== null && player.lastWinAmount > 0 ? player.lastWinAmount : null
              }
              winner={winner}
            />
          );
        })}

        {/* Ten chips fly from the pot to each winner */}
        {display.finished === 'chips'
          ? state.players
              .filter((p) => winners.has(p.id))
              .flatMap((p) => {
                const target = SEAT_POINTS[displaySeat(p.position, viewerPosition)]!;
                return Array.from({ length: WIN_CHIPS }, (_, i) => (
                  <div
                    key={`${p.id}-${i}`}
                    className="absolute z-20"
                    data-testid="flying-chip"
                    style={{
                      left: TABLE_CENTER.x - 9 + ((i % 3) - 1) * 6,
                      top: TABLE_CENTER.y - 9 + (Math.floor(i / 3) - 1) * 4,
                      ['--tx' as string]: `${target.x - TABLE_CENTER.x}px`,
                      ['--ty' as string]: `${target.y - TABLE_CENTER.y}px`,
                      animation: `chip-fly 700ms cubic-bezier(.45,.05,.35,1) ${i * 70}ms both`,
                    }}
                  >
                    <Chip size={18} tone={i % 5} />
                  </div>
                ));
              })
          : null}

        {showdown ? (
          <div
            className="pointer-events-none absolute inset-x-[14px] inset-y-[22px] z-[5] animate-fade rounded-[150px] bg-black/45"
            data-testid="showdown-overlay"
          />
        ) : null}
      </div>
    </TableCurrency.Provider>
  );
}
