/** Pure rules of the table screen (SPEC §4, §5, §9). */
import { MAX_PLAYERS, type GameState, type LastAction, type PlayerView } from '@svara/core';
import { toCents } from './money';

/** Chips drawn for a bet, by the size table of SPEC §9. */
export function chipsForBet(amountDollars: number): number {
  const a = toCents(amountDollars);
  if (a <= 0) return 0;
  const steps: [number, number][] = [
    [500, 1],
    [1_000, 3],
    [2_000, 4],
    [5_000, 5],
    [10_000, 7],
    [20_000, 10],
    [100_000, 12],
  ];
  for (const [limit, chips] of steps) if (a <= limit) return chips;
  return 15;
}

/** The seat (1..6) a player at `position` is drawn at, so that the viewer sits at 4. Spectators see positions as they are. */
export function displaySeat(position: number, viewerPosition: number | null): number {
  if (viewerPosition === null) return position;
  return ((((position - viewerPosition + 3) % MAX_PLAYERS) + MAX_PLAYERS) % MAX_PLAYERS) + 1;
}

/** The table position drawn at a display seat (the inverse of displaySeat). */
export function positionAtSeat(seat: number, viewerPosition: number | null): number {
  if (viewerPosition === null) return seat;
  return ((((seat + viewerPosition - 5) % MAX_PLAYERS) + MAX_PLAYERS) % MAX_PLAYERS) + 1;
}

/** A seat's badge; each is a key under `game.labels` (never shown as the raw word). */
export type SeatLabel = 'blind' | 'paid' | 'pass' | 'raise' | 'win' | 'look' | 'allIn';

/** The label a seat shows for its last action; LOOK is hidden on the viewer's own seat. */
export function seatLabel(action: LastAction | null, isViewer: boolean): SeatLabel | null {
  switch (action) {
    case 'blind_bet':
      return 'blind';
    case 'call':
      return 'paid';
    case 'all_in':
      return 'allIn';
    case 'fold':
      return 'pass';
    case 'raise':
      return 'raise';
    case 'win':
      return 'win';
    case 'look':
      return isViewer ? null : 'look';
    default:
      return null;
  }
}

/** Statuses in which a hand is being played (cards dealt, bets or a svara on the table). */
const HAND_RUNNING = new Set<GameState['status']>([
  'ante',
  'blind_betting',
  'betting',
  'showdown',
  'svara_pending',
]);

/**
 * How a seat looks: folded seats are dimmed; a player sitting out (the server says so: balance below
 * the ante) is marked; one seated during a hand waits for the next dimmed, without a mark. Between
 * hands nobody is dealt in, and nobody is marked for it.
 */
export function seatLook(
  p: Pick<PlayerView, 'hasFolded' | 'isActive' | 'isSittingOut'>,
  status: GameState['status'],
): 'folded' | 'sittingOut' | 'waiting' | 'normal' {
  if (p.hasFolded) return 'folded';
  if (p.isSittingOut) return 'sittingOut';
  if (!p.isActive && HAND_RUNNING.has(status)) return 'waiting';
  return 'normal';
}

/** The first free position (1..6), or null when the table is full. */
export function firstFreePosition(players: Pick<PlayerView, 'position'>[]): number | null {
  const taken = new Set(players.map((p) => p.position));
  for (let pos = 1; pos <= MAX_PLAYERS; pos++) if (!taken.has(pos)) return pos;
  return null;
}

/** The viewer's turn: seated, status blind_betting or betting, on turn, and no request pending. */
export function isViewerTurn(state: GameState, viewerId: string | null, pending: boolean): boolean {
  if (!viewerId || pending) return false;
  if (state.status !== 'blind_betting' && state.status !== 'betting') return false;
  if (state.isAnimating) return false;
  return state.players[state.currentPlayerIndex]?.id === viewerId;
}

export type ActionButton =
  | { kind: 'look'; enabled: boolean }
  | { kind: 'blind_bet'; enabled: boolean; amount: number | null }
  | { kind: 'fold'; enabled: boolean }
  | { kind: 'call'; enabled: boolean; amount: number | null; allIn: boolean }
  | { kind: 'raise'; enabled: boolean; min: number | null; max: number | null };

/**
 * The action bar, strictly from the server's allowedActions: look and blind bet while betting blind;
 * fold, call and raise in open betting (and after a look that must be answered). Nothing off turn.
 */
export function actionButtons(state: GameState, onTurn: boolean): ActionButton[] {
  const allowed = onTurn ? state.allowedActions : null;
  const viewer = state.players.find((p) => p.id === state.viewerId);
  const blindPhase = state.status === 'blind_betting' && !viewer?.hasLookedAndMustAct;
  if (blindPhase) {
    return [
      { kind: 'look', enabled: Boolean(allowed?.look) },
      { kind: 'blind_bet', enabled: Boolean(allowed?.blindBet), amount: allowed?.blindBet?.amount ?? null },
    ];
  }
  return [
    { kind: 'fold', enabled: Boolean(allowed?.fold) },
    {
      kind: 'call',
      enabled: Boolean(allowed?.call),
      amount: allowed?.call?.amount ?? null,
      allIn: allowed?.call?.allIn ?? false,
    },
    {
      kind: 'raise',
      enabled: Boolean(allowed?.raise),
      min: allowed?.raise?.min ?? null,
      max: allowed?.raise?.max ?? null,
    },
  ];
}

export type QuickPick = { label: '2x' | '5x' | '10x' | 'Max'; amount: number; disabled: boolean };

/** Raise quick picks: 2x, 5x, 10x of the minimum and Max; a pick above the maximum is disabled. */
export function raiseQuickPicks(min: number, max: number): QuickPick[] {
  const minC = toCents(min);
  const maxC = toCents(max);
  const picks = ([2, 5, 10] as const).map((k) => ({
    label: `${k}x` as const,
    amount: (minC * k) / 100,
    disabled: minC * k > maxC,
  }));
  return [...picks, { label: 'Max', amount: max, disabled: maxC < minC }];
}

/** A raise the server accepts: between the minimum and the maximum, whole cents. */
export function clampRaise(amount: number, min: number, max: number): number {
  const c = Math.min(Math.max(toCents(amount), toCents(min)), toCents(max));
  return c / 100;
}

/** The raise slider moves in steps of a cent for small stakes and coarser for big ones. */
export function raiseStep(min: number): number {
  const c = toCents(min);
  if (c >= 100_000) return 100;
  if (c >= 10_000) return 10;
  if (c >= 1_000) return 1;
  return 0.01;
}

/** Milliseconds left until a server deadline, corrected for the clock offset (server − local). */
export function remainingMs(deadline: number | null, localNow: number, clockOffset: number): number {
  if (deadline === null) return 0;
  return Math.max(0, deadline - (localNow + clockOffset));
}

/** The display phase after a hand ends: winner (2 s), chips flying (until 4 s), then reset. */
export function finishedPhase(elapsedMs: number): 'winner' | 'chips' | 'reset' {
  if (elapsedMs < 2_000) return 'winner';
  if (elapsedMs < 4_000) return 'chips';
  return 'reset';
}

/** The delay before card `round` (0..2) reaches the `index`-th player in dealing order, 300 ms per card. */
export function dealDelayMs(round: number, index: number, playerCount: number, perCardMs = 300): number {
  return (round * playerCount + index) * perCardMs;
}

/** What the table says while the viewer is not playing a hand. */
export function waitingState(
  state: Pick<GameState, 'status' | 'players' | 'viewerId'>,
): 'waitingForPlayers' | 'waitingForOthers' | 'waitingForAway' | 'waitingForNextRound' | null {
  const viewer = state.players.find((p) => p.id === state.viewerId);
  if (state.status === 'waiting') {
    const ready = state.players.filter((p) => !p.isSittingOut && !p.isAway).length;
    if (ready >= 2) return 'waitingForOthers';
    // RULES §6: away players keep the table from dealing; they are stood up after a minute.
    return state.players.some((p) => p.isAway) ? 'waitingForAway' : 'waitingForPlayers';
  }
  // Seated during a running hand without cards: the next hand deals them in.
  if (viewer && !viewer.isActive) return 'waitingForNextRound';
  return null;
}

/** Players dealt in, in dealing order: clockwise (rising position) from the player left of the dealer. */
export function dealingOrder(
  players: Pick<PlayerView, 'id' | 'position' | 'isActive' | 'isDealer'>[],
): string[] {
  const active = players.filter((p) => p.isActive).sort((a, b) => a.position - b.position);
  const dealer = players.find((p) => p.isDealer)?.position ?? 0;
  const after = active.filter((p) => p.position > dealer);
  const before = active.filter((p) => p.position <= dealer);
  return [...after, ...before].map((p) => p.id);
}

/** Per player, the delay of each of the three cards when a hand is dealt (3 rounds, 300 ms per card). */
export function dealDelays(order: string[], perCardMs = 300): Record<string, number[]> {
  return Object.fromEntries(
    order.map((id, i) => [id, [0, 1, 2].map((round) => dealDelayMs(round, i, order.length, perCardMs))]),
  );
}
