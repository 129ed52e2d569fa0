/**
 * TON Connect: a withdrawal wallet linked by proof. A signed-in player asks for a payload (random,
 * single-use, theirs, short-lived, kept in the database so any node and a restart know it), their
 * wallet signs it (ton-proof.ts), and a valid proof makes that wallet their withdrawal address, marked
 * verified. A refusal changes nothing but, once the signature itself is checked, the payload: it is
 * used up then, valid or forged, so a proof is never tried twice.
 */
import { randomBytes } from 'node:crypto';
import { SvaraError, type TonProofPayload, type TonProofRequest, type WalletInfo } from '@svara/core';
import type { Knex } from 'knex';
import type { TonProofConfig } from '../config.js';
import { checkTonProofClaims, tonProofSignatureValid } from './ton-proof.js';

/** Used and expired payloads are kept this long after they expire (to tell a replay apart), then swept. */
const SWEEP_AFTER = '1 day';

export interface TonProofService {
  issuePayload(userId: string): Promise<TonProofPayload>;
  /** Checks the proof; on success the wallet becomes the player's verified withdrawal address. */
  verify(userId: string, request: TonProofRequest): Promise<WalletInfo>;
  /** Drops the verified mark; the address stays, as a typed one (README "TON Connect"). */
  disconnect(userId: string): Promise<WalletInfo>;
}

interface WalletRow {
  wallet_address: string | null;
  wallet_source: 'typed' | 'ton_connect' | null;
  wallet_verified_at: Date | null;
}

export function walletInfoOf(row: WalletRow): WalletInfo {
  return {
    walletAddress: row.wallet_address,
    // An address written without a source (before TON Connect) was typed.
    walletSource: row.wallet_address ? (row.wallet_source ?? 'typed') : null,
    walletVerifiedAt: row.wallet_verified_at ? new Date(row.wallet_verified_at).toISOString() : null,
  };
}

const WALLET_COLUMNS = 'wallet_address, wallet_source, wallet_verified_at';

export function createTonProofService(deps: {
  knex: Knex;
  settings: TonProofConfig;
  now?: () => Date;
}): TonProofService {
  const { knex, settings } = deps;
  const now = deps.now ?? (() => new Date());

  /** Why a payload could not be used by this player, read after the atomic attempt failed. */
  async function payloadRefusal(userId: string, payload: string): Promise<SvaraError> {
    const row = (
      await knex.raw<{ rows: { user_id: string; used_at: Date | null; expired: boolean }[] }>(
        `select user_id, used_at, expires_at <= now() as expired from ton_proof_payloads where payload = ?`,
        [payload],
      )
    ).rows[0];
    if (!row) return new SvaraError('ton_proof_payload_unknown', 'payload never issued');
    if (String(row.user_id) !== userId) return new SvaraError('ton_proof_payload_foreign', 'another player');
    if (row.used_at) return new SvaraError('ton_proof_payload_used', 'payload used before');
    if (row.expired) return new SvaraError('ton_proof_payload_expired', 'payload expired');
    return new SvaraError('ton_proof_payload_used', 'payload taken meanwhile');
  }

  return {
    async issuePayload(userId) {
      const payload = randomBytes(32).toString('hex');
      const rows = await knex.raw<{ rows: { expires_at: Date }[] }>(
        `with swept as (delete from ton_proof_payloads where expires_at < now() - interval '${SWEEP_AFTER}')
         insert into ton_proof_payloads (payload, user_id, expires_at)
         values (?, ?, now() + make_interval(secs => ?)) returning expires_at`,
        [payload, userId, settings.ttlSeconds],
      );
      return { payload, expiresAt: new Date(rows.rows[0]!.expires_at).toISOString() };
    },

    async verify(userId, request) {
      const wallet = checkTonProofClaims(request, {
        domains: settings.domains,
        maxAgeSeconds: settings.ttlSeconds,
        networks: settings.networks,
        now: now(),
      });
      if (!/^[0-9a-f]{64}$/.test(request.proof.payload)) {
        throw new SvaraError('ton_proof_payload_unknown', 'not a payload we issue');
      }
      // Used up here, in one statement, before the signature is looked at: whatever the signature
      // says, this payload is never tried again (no replay, no guessing against one challenge).
      const taken = await knex.raw<{ rows: unknown[] }>(
        `update ton_proof_payloads set used_at = now()
          where payload = ? and user_id = ? and used_at is null and expires_at > now()
          returning payload`,
        [request.proof.payload, userId],
      );
      if (taken.rows.length === 0) throw await payloadRefusal(userId, request.proof.payload);
      if (!tonProofSignatureValid(request, wallet.publicKey)) {
        throw new SvaraError('ton_proof_signature', 'signature does not verify');
      }
      try {
        const rows = await knex.raw<{ rows: WalletRow[] }>(
          `update users set wallet_address = ?, wallet_address_raw = ?, wallet_source = 'ton_connect',
                  wallet_verified_at = now(), updated_at = now()
            where telegram_id = ? returning ${WALLET_COLUMNS}`,
          [wallet.friendly, wallet.raw, userId],
        );
        if (!rows.rows[0]) throw new SvaraError('auth_validation_failed', `user ${userId} does not exist`);
        return walletInfoOf(rows.rows[0]);
      } catch (error) {
        if ((error as { code?: unknown }).code === '23505') {
          throw new SvaraError('addressAlreadyUsed', 'Wallet address already in use');
        }
        throw error;
      }
    },

    async disconnect(userId) {
      const rows = await knex.raw<{ rows: WalletRow[] }>(
        `update users set wallet_source = case when wallet_address is null then null else 'typed' end,
                wallet_verified_at = null, updated_at = now()
          where telegram_id = ? returning ${WALLET_COLUMNS}`,
        [userId],
      );
      if (!rows.rows[0]) throw new SvaraError('auth_validation_failed', `user ${userId} does not exist`);
      return walletInfoOf(rows.rows[0]);
    },
  };
}
