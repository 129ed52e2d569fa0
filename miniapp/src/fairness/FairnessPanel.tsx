/**
 * The table menu's fairness part (RULES §7, FAIRNESS.md): the full server-seed hash of the hand, the
 * hand's client seed, how many contributions went in and whether the player's own (sent after that
 * hash was shown) is one of them; the revealed seed once the hand is over with a button to verify it;
 * while the table waits and between hands, the next hand's server-seed hash (the server chose that
 * seed already: the hand is dealt with it), copyable; and what the app sends for each hand — a fresh
 * random seed by default, or a seed the player types.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameState } from '@svara/core';
import { useStore } from '../app/store';
import { showToast } from '../ui/toast';
import { chooseClientSeed, ownClientSeed, sentSeedFor, switchToRandomSeeds } from './client-seed';
import { HashLine } from './VerifyHand';

export type FairnessInfo = GameState['fairness'] & { viewerId: string | null };

export function FairnessPanel({ fairness, onVerify }: { fairness: FairnessInfo; onVerify: () => void }) {
  const { t } = useTranslation();
  const own = useStore(ownClientSeed);
  const mine = own ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const seeds = fairness.playerSeeds;
  // FAIRNESS.md §6: the player's own contribution — the one this device sent for this hand's
  // commitment — is among the hand's seeds.
  const sentHere = fairness.commitment ? sentSeedFor(fairness.commitment) : undefined;
  const yoursIn =
    fairness.viewerId !== null &&
    sentHere !== undefined &&
    seeds.some((s) => s.playerId === fairness.viewerId && s.seed === sentHere);

  const save = (text: string) => {
    if (!chooseClientSeed(text)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setDraft(null);
    showToast(t('fairness.saved'), 'success');
  };

  return (
    <section className="card-panel mt-3 space-y-2.5 rounded-2xl px-4 py-3 text-xs" data-testid="fairness">
      <div className="flex items-baseline justify-between">
        <span className="text-sm font-semibold text-gold-300">{t('fairness.title')}</span>
        {fairness.commitment ? (
          <span className="text-cream/55">{t('fairness.hand', { hand: fairness.handNumber })}</span>
        ) : null}
      </div>
      {fairness.commitment ? (
        <HashLine label={t('fairness.commitment')} value={fairness.commitment} testId="fairness-commitment" />
      ) : null}
      {fairness.clientSeed ? (
        <div>
          <HashLine label={t('fairness.clientSeed')} value={fairness.clientSeed} />
          <div className="text-cream/55" data-testid="fairness-mixed">
            {seeds.length > 0 ? t('fairness.mixedFrom', { count: seeds.length }) : t('fairness.defaultSeed')}
            {yoursIn ? <span className="text-emerald-300"> · ✓ {t('fairness.yoursIn')}</span> : null}
          </div>
        </div>
      ) : null}
      {fairness.revealedSeed ? (
        <>
          <HashLine
            label={t('fairness.serverSeed')}
            value={fairness.revealedSeed}
            testId="fairness-revealed"
          />
          <button
            type="button"
            data-testid="fairness-verify"
            onClick={onVerify}
            className="w-full rounded-xl border border-gold-400/50 py-2 text-sm text-gold-300"
          >
            ✓ {t('fairness.verify')}
          </button>
        </>
      ) : fairness.commitment ? (
        <div className="text-cream/45">
          {t('fairness.serverSeed')}: {t('fairness.notRevealed')}
        </div>
      ) : null}
      {fairness.nextCommitment ? (
        <div>
          <HashLine
            label={t('fairness.nextCommitment', { hand: fairness.handNumber + 1 })}
            value={fairness.nextCommitment}
            testId="fairness-next"
          />
          <p className="text-cream/45">{t('fairness.nextCommitmentHint')}</p>
        </div>
      ) : null}
      {fairness.viewerId !== null ? (
        <div className="border-t border-gold-400/10 pt-2.5">
          <label className="text-cream/60" htmlFor="fairness-seed">
            {t('fairness.yourSeed')}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="fairness-seed"
              data-testid="fairness-seed"
              value={draft ?? mine}
              placeholder={t('fairness.ownSeedPlaceholder')}
              maxLength={64}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              onChange={(e) => {
                setDraft(e.target.value);
                setInvalid(false);
              }}
              className="min-w-0 flex-1 rounded-lg border border-gold-400/25 bg-black/25 px-2 py-1.5 font-mono text-cream"
            />
            <button
              type="button"
              data-testid="fairness-seed-save"
              disabled={draft === null || draft === '' || draft === mine}
              onClick={() => save(draft ?? mine)}
              className="rounded-lg bg-gold-500/80 px-3 text-ink disabled:opacity-40"
            >
              {t('fairness.save')}
            </button>
          </div>
          {invalid ? <p className="mt-1 text-red-300">{t('fairness.invalidSeed')}</p> : null}
          {/* Stacked: the switch back to random seeds is too long a label to share the line. */}
          <div className="mt-1 space-y-1 text-cream/45">
            <p data-testid="fairness-seed-mode">
              {own === null ? t('fairness.randomEachHand') : t('fairness.ownEachHand')}
            </p>
            {own !== null ? (
              <button
                type="button"
                data-testid="fairness-seed-random"
                onClick={() => {
                  switchToRandomSeeds();
                  setDraft(null);
                  setInvalid(false);
                  showToast(t('fairness.savedRandom'), 'success');
                }}
                className="text-gold-300 underline"
              >
                {t('fairness.random')}
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
