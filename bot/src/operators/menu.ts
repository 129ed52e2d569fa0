/**
 * The operators' command menu: Telegram shows each operator, in their own chat, the player commands
 * and /withdrawals, /user, /stats, /news and /sng. Set at start-up for every operator, and again when one
 * sends /start (a chat Telegram did not know at start-up: an operator who had never written).
 */
import { Composer, type Api } from 'grammy';
import type { BotContext } from '../context.js';
import { DEFAULT_LANGUAGE, LANGUAGES, t, type BotTextKey, type Language } from '../i18n.js';
import type { BotLogger } from '../ports.js';
import { commandList } from '../setup.js';

const OPERATOR_COMMANDS = ['withdrawals', 'user', 'stats', 'news', 'sng'] as const;

export function operatorCommandList(language: Language) {
  return [
    ...commandList(language),
    ...OPERATOR_COMMANDS.map((command) => ({
      command,
      description: t(language, `commands.${command}` satisfies BotTextKey),
    })),
  ];
}

/** The operator's menu in their chat, in each language; a chat Telegram refuses costs only the menu. */
export async function showOperatorCommands(api: Api, chatId: number | string, logger: BotLogger) {
  const scope = { type: 'chat' as const, chat_id: chatId };
  try {
    await api.setMyCommands(operatorCommandList(DEFAULT_LANGUAGE), { scope });
    for (const language of LANGUAGES) {
      await api.setMyCommands(operatorCommandList(language), { scope, language_code: language });
    }
  } catch (error) {
    logger.warn({ err: error, chatId }, 'operator command menu not set');
  }
}

/** /start by an operator also sets their menu (after the usual welcome). */
export function operatorMenu(deps: { adminIds: ReadonlySet<string>; logger: BotLogger }) {
  const composer = new Composer<BotContext>();
  composer.command('start', async (ctx, next) => {
    await next();
    if (ctx.from && deps.adminIds.has(String(ctx.from.id))) {
      await showOperatorCommands(ctx.api, ctx.chatId!, deps.logger);
    }
  });
  return composer;
}
