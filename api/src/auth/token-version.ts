/**
 * Token versions: `users.token_version` is put into each access token at sign-in (tokens.ts) and
 * compared on every authenticated request and socket handshake. Raising it revokes every token the
 * user holds, on every node at once: a sign-out does, and so does a suspension (users/suspension.ts
 * raises it in its own update), while a new sign-in gets a token of the new version.
 */
import type { Knex } from 'knex';
import type { TokenVersionSource } from './tokens.js';

export interface TokenVersions extends TokenVersionSource {
  /** Revokes the user's tokens issued so far; nothing happens for an unknown user. */
  bump(telegramId: string): Promise<void>;
}

export function createTokenVersions(knex: Knex): TokenVersions {
  return {
    async current(telegramId) {
      const row = (await knex('users').where('telegram_id', telegramId).first('token_version')) as
        { token_version: number } | undefined;
      return row ? Number(row.token_version) : null;
    },
    async bump(telegramId) {
      await knex('users')
        .where('telegram_id', telegramId)
        .update({ token_version: knex.raw('token_version + 1') });
    },
  };
}
