import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomCurrency, RoomType } from '@svara/core';
import { CHIPS_SIGN } from '../../lib/money';
import { AmountInput } from '../../ui/AmountInput';
import { Dialog } from '../../ui/Modal';
import { Button } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { PasswordInput } from './PasswordInput';
import { canAffordStakeCents, filterStakeInput, isValidPassword, stakeCents } from '../../lib/validation';
import { api } from '../../api/http';
import { refusalText } from '../../i18n';
import { atLeast, loadingScreen } from '../../app/loading';
import { navigate } from '../../app/navigation';
import { showToast } from '../../ui/toast';

const MIN_LOADING_MS = 3_000;

/**
 * Create a public or a private room: stake (and password), a tick when the balance covers 10 stakes.
 * A practice room (RULES §8) is staked in play chips and checked against the chips held.
 */
export function CreateRoomDialog({
  type,
  currency = 'usd',
  balance,
  onClose,
}: {
  type: RoomType;
  currency?: RoomCurrency;
  /** What the stake is checked against: dollars, or play chips for a practice room. */
  balance: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const practice = currency === 'chips';
  const [stake, setStake] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [hidden, setHidden] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cents = stakeCents(stake);
  const affordable = cents !== null && canAffordStakeCents(balance, cents);
  const valid = cents !== null && (type === 'public' || isValidPassword(password));

  async function create() {
    if (cents === null || !valid || busy) return;
    if (!affordable) {
      setError(t(practice ? 'practice.notEnoughToCreate' : 'lobby.notEnoughToCreate'));
      showToast(t(practice ? 'practice.notEnoughChips' : 'errors.insufficientBalance'), 'error');
      return;
    }
    setBusy(true);
    setError(null);
    setHidden(true);
    loadingScreen.set(true);
    const start = Date.now();
    try {
      const minBet = cents / 100;
      // A dollar room is the server's default: only a practice room names its unit.
      const unit = practice ? { currency } : {};
      const roomId = await api.createRoom(
        type === 'private' ? { type, minBet, password, ...unit } : { type, minBet, ...unit },
      );
      await atLeast(start, MIN_LOADING_MS);
      navigate({ name: 'gameRoom', roomId, autoSit: true });
      onClose();
    } catch (err) {
      setHidden(false);
      if (type === 'public') {
        showToast(refusalText(err, 'gameJoinError'), 'error');
        onClose();
      } else {
        setError(refusalText(err, 'room_create_failed'));
      }
    } finally {
      loadingScreen.set(false);
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={!hidden}
      onClose={onClose}
      title={t(
        `${practice ? 'practice' : 'lobby'}.${type === 'private' ? 'createPrivateTitle' : 'createTitle'}`,
      )}
      testId={`create-${type}-dialog`}
    >
      <label className="mb-1 block text-xs uppercase tracking-wider text-[var(--hint)]">
        {t('lobby.minStake')}
      </label>
      <AmountInput
        size="md"
        className="mb-3"
        autoFocus
        data-testid="stake-input"
        aria-label={t('lobby.minStake')}
        value={stake}
        placeholder={practice ? '10' : '1.00'}
        sign={practice ? CHIPS_SIGN : '$'}
        onChange={(text) => setStake(filterStakeInput(text, stake))}
        trailingRoom="pr-12"
        trailing={
          affordable ? (
            <span data-testid="stake-ok" className="absolute right-4 top-1/2 -translate-y-1/2 text-win">
              <CheckIcon className="h-6 w-6" />
            </span>
          ) : null
        }
      />
      <p className="mb-3 text-xs text-[var(--hint)]">
        {t(practice ? 'practice.stakeHint' : 'lobby.stakeHint')}
      </p>
      {type === 'private' ? (
        <>
          <label className="mb-1 block text-xs uppercase tracking-wider text-[var(--hint)]">
            {t('lobby.password')}
          </label>
          <PasswordInput value={password} onChange={setPassword} testId="password-input" className="mb-1" />
          <p className="mb-3 text-xs text-[var(--hint)]">{t('lobby.passwordHint')}</p>
        </>
      ) : null}
      {error ? (
        <p
          className="mb-3 rounded-xl bg-red-900/40 px-3 py-2 text-sm text-red-200"
          data-testid="create-error"
        >
          {error}
        </p>
      ) : null}
      <Button block disabled={!valid || busy} onClick={() => void create()} data-testid="create-submit">
        {busy ? <Spinner className="h-5 w-5" /> : null}
        {t('lobby.create')}
      </Button>
    </Dialog>
  );
}
