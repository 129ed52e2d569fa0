/**
 * Inline mode: a shared hand. The Mini App's share button (switchInlineQuery) puts
 * `@bot hand_<id>` into a chat's input field; the bot answers with one message telling the hand's
 * public facts (number, stake, pot, players) and a button that opens the Mini App on its replay.
 * Nothing that was hidden at the table is told, and anything but a finished hand's id gets no
 * results rather than an error.
 */
import { Composer, InlineKeyboard, InlineQueryResultBuilder } from 'grammy';
import { dollarsToCents, formatAmountMinor } from '@svara/core';
import type { BotContext } from '../context.js';
import { pickLanguage, t, type Language } from '../i18n.js';
import { miniAppStartLink } from '../links.js';
import type { BotLogger, HandsPort, SharedHand, UsersPort } from '../ports.js';

/** The query the Mini App writes (its start parameter for a replay): `hand_<uuid>`. */
const HAND_QUERY = /^hand_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The hand a query names, or null. */
export function handFromQuery(query: string): string | null {
  const m = HAND_QUERY.exec(query.trim());
  return m ? m[1]!.toLowerCase() : null;
}

/** The one result for a hand, in `language`, opening the replay through the bot's Mini App link. */
export function handResult(hand: SharedHand, language: Language, botUsername: string) {
  // A practice hand is told in play chips with their own sign, never "$" (RULES §8).
  const usd = (amount: number) => formatAmountMinor(dollarsToCents(amount), hand.currency, language);
  const params = {
    number: hand.handNumber,
    stake: usd(hand.stake),
    pot: usd(hand.pot),
    players: hand.players,
  };
  const button = new InlineKeyboard().url(
    t(language, 'inline.watch'),
    miniAppStartLink(botUsername, `hand_${hand.id}`),
  );
  return InlineQueryResultBuilder.article(hand.id, t(language, 'inline.title', params), {
    description: t(language, 'inline.description', params),
    reply_markup: button,
  }).text(t(language, 'inline.message', params), { link_preview_options: { is_disabled: true } });
}

export function inlineHandShare(deps: {
  hands: HandsPort;
  users: Pick<UsersPort, 'get'>;
  logger: BotLogger;
}): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  composer.on('inline_query', async (ctx) => {
    const handId = handFromQuery(ctx.inlineQuery.query);
    let hand: SharedHand | null = null;
    let language: Language = pickLanguage(ctx.from.language_code);
    if (handId) {
      try {
        // A player reads the language they chose (/language); anyone else their app's.
        const [found, player] = await Promise.all([
          deps.hands.publicSummary(handId),
          deps.users.get(String(ctx.from.id)),
        ]);
        hand = found;
        if (player) language = pickLanguage(player.languageCode);
      } catch (error) {
        deps.logger.warn({ err: error, handId }, 'shared hand not looked up');
      }
    }
    const results = hand ? [handResult(hand, language, ctx.me.username)] : [];
    try {
      // Personal: the text is in the asker's language. A miss is cached briefly: the query is often
      // still being typed.
      await ctx.answerInlineQuery(results, { is_personal: true, cache_time: results.length ? 300 : 10 });
    } catch (error) {
      // Typically a query Telegram no longer waits for; the person simply sees no result.
      deps.logger.warn({ err: error, handId }, 'inline answer not delivered');
    }
  });
  return composer;
}
