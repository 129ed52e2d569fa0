/** Entering a room from the lobby or from a start link (SPEC §4 "Lobby actions", "Sign-in"). */
import { ApiError, api } from '../api/http';
import { canAffordStake } from '../lib/validation';
import { navigate } from './navigation';
import { loadingScreen } from './loading';
import { i18n, refusalText } from '../i18n';
import { showToast } from '../ui/toast';
import { createStore } from './store';
import { pendingInvitation } from './invitation';

/** A private room from a start link asks for its password: the lobby opens the join dialog for it. */
export const passwordPrompt = createStore<string | null>(null);

/** The join refusal that means "watch instead": the hand is already running. */
export function isAlreadyStarted(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.code === 'game_already_started' || /game already started/i.test(err.message);
}

/** A refusal for lack of money: the start-link flow sends the user to the deposit page. */
export function isInsufficientFunds(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.code === 'insufficientBalance' || /insufficient|funds/i.test(err.message);
}

/** A refused join's toast: the refusal's own reason (a break, a suspension, a full room), else SPEC §8's gameJoinError. */
function joinRefusal(err: unknown): string {
  return refusalText(err, 'gameJoinError');
}

/** Enter: balance check, loading, join, then the table (seated, or watching if the hand runs). */
export async function enterRoom(roomId: string, minBet: number, balance: number): Promise<void> {
  if (!canAffordStake(balance, minBet)) {
    showToast(i18n.t('errors.insufficientBalance'), 'error');
    return;
  }
  loadingScreen.set(true);
  try {
    await api.joinRoom(roomId);
    navigate({ name: 'gameRoom', roomId, autoSit: true });
  } catch (err) {
    if (isAlreadyStarted(err)) navigate({ name: 'gameRoom', roomId, autoSit: false });
    else showToast(joinRefusal(err), 'error');
  } finally {
    loadingScreen.set(false);
  }
}

/**
 * Play now (RULES §8): the server picks the practice table where the player is dealt in soonest
 * (topping the chips up when they are too few); the app enters it and sits down like any entry.
 * A refusal (a suspension, a break, the agreement) is told in its own words.
 */
export async function playNow(): Promise<void> {
  loadingScreen.set(true);
  let roomId: string | null = null;
  try {
    roomId = await api.playNow();
    await api.joinRoom(roomId);
    navigate({ name: 'gameRoom', roomId, autoSit: true });
  } catch (err) {
    // A hand was dealt in the moment between: the table shows it, and the player sits from there.
    if (roomId && isAlreadyStarted(err)) navigate({ name: 'gameRoom', roomId, autoSit: false });
    else showToast(joinRefusal(err), 'error');
  } finally {
    loadingScreen.set(false);
  }
}

/** A `join_…` start link: watch the table (sitting down is the player's tap), or go to deposit / the lobby with a notice. */
export async function enterStartRoom(roomId: string): Promise<void> {
  loadingScreen.set(true);
  try {
    await api.joinRoom(roomId);
    // An invitation shows the table first: the player sits down (and pays an ante) only by choice.
    navigate({ name: 'gameRoom', roomId, autoSit: false });
  } catch (err) {
    if (isAlreadyStarted(err)) navigate({ name: 'gameRoom', roomId, autoSit: false });
    else if (err instanceof ApiError && (err.code === 'password_required' || err.code === 'wrong_password')) {
      navigate({ name: 'dashboard' });
      passwordPrompt.set(roomId);
    } else if (isInsufficientFunds(err)) {
      // The deposit page names the table, its stake and the balance a seat needs, and leads back.
      const stake = await api.room(roomId).then(
        (room) => room.minBet,
        () => null,
      );
      pendingInvitation.set({ roomId, stake });
      navigate({ name: 'deposit' });
    } else {
      showToast(joinRefusal(err), 'error');
      navigate({ name: 'dashboard' });
    }
  } finally {
    loadingScreen.set(false);
  }
}
