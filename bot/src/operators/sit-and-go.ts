/**
 * Operators' Sit & Go commands (RULES §9): /sng lists the offers, /sng_set adds or changes one, and
 * /sng_cancel calls a Sit & Go off (the escrow back pro rata to the chips held, the fees returned).
 * /stats adds a line of counts (sngStatsLine).
 */
import { formatUsdCents, tournamentTemplateInputSchema, type TournamentTemplate } from '@svara/core';
import type { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { t, type Language } from '../i18n.js';
import type { TournamentsPort } from '../ports.js';

export const SNG_COMMANDS = ['sng', 'sng_set', 'sng_cancel'] as const;

export async function sngStatsLine(language: Language, tournaments: TournamentsPort): Promise<string> {
  const s = await tournaments.stats();
  return t(language, 'operators.sng.stats', {
    registering: s.registering,
    running: s.running,
    finished: s.finishedToday,
    cancelled: s.cancelledToday,
  });
}

function money(language: Language, template: TournamentTemplate, amount: number): string {
  const cents = Math.round(amount * 100);
  return template.currency === 'usd' ? formatUsdCents(cents, language) : `◎${amount}`;
}

/** `/sng_set <id> <usd|chips> <buy-in> <fee> <3|6> <on|off> <name…>` read into a template, or null. */
export function parseSngSet(text: string) {
  const [id, currency, buyIn, fee, size, active, ...name] = text.trim().split(/\s+/);
  if (!id || !/^[a-z0-9-]{1,32}$/.test(id) || (active !== 'on' && active !== 'off')) return null;
  const input = tournamentTemplateInputSchema.safeParse({
    name: name.join(' '),
    currency,
    buyIn: Number(buyIn),
    fee: Number(fee),
    size: Number(size),
    active: active === 'on',
  });
  return input.success ? { id, input: input.data } : null;
}

export function sitAndGoCommands(operators: Composer<BotContext>, tournaments: TournamentsPort): void {
  operators.command('sng', async (ctx) => {
    const language = ctx.account.language;
    const lines = [t(language, 'operators.sng.list_title')];
    for (const tpl of await tournaments.templates()) {
      lines.push(
        t(language, 'operators.sng.template', {
          id: tpl.id,
          name: tpl.name,
          buyIn: money(language, tpl, tpl.buyIn),
          fee: money(language, tpl, tpl.fee),
          size: tpl.size,
          active: t(language, tpl.active ? 'operators.sng.on' : 'operators.sng.off'),
        }),
      );
    }
    lines.push('', await sngStatsLine(language, tournaments));
    await ctx.reply(lines.join('\n'));
  });

  operators.command('sng_set', async (ctx) => {
    const parsed = parseSngSet(ctx.match);
    if (!parsed) {
      await ctx.reply(ctx.t('operators.sng.set_usage'));
      return;
    }
    const saved = await tournaments.saveTemplate(parsed.id, parsed.input);
    await ctx.reply(ctx.t('operators.sng.saved', { id: saved.id, name: saved.name }));
  });

  operators.command('sng_cancel', async (ctx) => {
    const id = ctx.match.trim();
    if (!/^[0-9a-f-]{36}$/i.test(id)) {
      await ctx.reply(ctx.t('operators.sng.cancel_usage'));
      return;
    }
    const done = await tournaments.cancel(id, String(ctx.from!.id));
    await ctx.reply(ctx.t(done ? 'operators.sng.cancelled' : 'operators.sng.not_cancelled', { id }));
  });
}
