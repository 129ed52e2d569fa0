/**
 * The table's fairness at a glance, in the room header (RULES §7): while a hand runs, or the table
 * waits for its first with that hand's seed committed, a shield (the menu shows the hash; the lock
 * marks private rooms, so fairness has a mark of its own); once a hand
 * is over, a green tick that opens the verifier of the hand just played with the revealed seed.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameState } from '@svara/core';
import { tableHandId } from './verify-hand';
import { VerifySheet } from './VerifySheet';

export function FairnessBadge({
  roomId,
  fairness,
  onOpenMenu,
}: {
  roomId: string;
  fairness: GameState['fairness'];
  onOpenMenu: () => void;
}) {
  const { t } = useTranslation();
  const [verifyId, setVerifyId] = useState<string | null>(null);
  if (!fairness.commitment && !fairness.nextCommitment) return null;
  const revealed = fairness.revealedSeed !== null;
  // Before the first hand only the next one's seed is committed: the lock names that hand.
  const hand = fairness.commitment ? fairness.handNumber : fairness.handNumber + 1;
  return (
    <>
      <button
        type="button"
        data-testid="fairness-badge"
        data-revealed={revealed}
        title={
          revealed
            ? t('fairness.verify')
            : fairness.commitment
              ? t('fairness.commitment')
              : t('fairness.nextCommitment', { hand })
        }
        onClick={() => (revealed ? setVerifyId(tableHandId(roomId, fairness.handNumber)) : onOpenMenu())}
        className={`rounded-full border px-2.5 py-1 text-xs font-semibold active:scale-95 ${
          revealed
            ? 'border-emerald-400/50 bg-emerald-500/15 text-emerald-300'
            : 'border-gold-400/30 bg-black/30 text-cream/70'
        }`}
      >
        {revealed ? '✓' : <SealMark />}
        {/* The hand's number grows with the table; on the narrowest phones the stake needs its room. */}
        <span className="max-[379px]:hidden"> #{hand}</span>
      </button>
      <VerifySheet handId={verifyId} onClose={() => setVerifyId(null)} />
    </>
  );
}

/** A shield: the hand's seed is sealed by its published hash. */
function SealMark() {
  return (
    <svg viewBox="0 0 16 16" className="-mt-0.5 inline h-3.5 w-3.5" aria-hidden data-testid="fairness-seal">
      <path
        d="M8 1.5 2.75 3.5v4c0 3.3 2.2 5.8 5.25 7 3.05-1.2 5.25-3.7 5.25-7v-4z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
