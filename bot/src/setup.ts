/** What the bot tells Telegram about itself: the chat menu button (the Mini App) and its commands. */
import type { Api } from 'grammy';
import { DEFAULT_LANGUAGE, LANGUAGES, t, type BotTextKey, type Language } from './i18n.js';
import type { BotLogger } from './ports.js';

/** The commands shown in Telegram's menu; operators' own menu adds theirs (operators/menu.ts). */
const LISTED_COMMANDS = ['start', 'balance', 'deposit', 'invite', 'language', 'help'] as const;

export function commandList(language: Language) {
  return LISTED_COMMANDS.map((command) => ({
    command,
    description: t(language, `commands.${command}` satisfies BotTextKey),
  }));
}

/**
 * The menu button opening the Mini App, labelled in `language`: for one chat, or for every chat
 * without its own (no `chatId`). A failure only costs the label, so it is not an error.
 */
export async function showMenuButton(
  api: Api,
  options: { miniAppUrl: string; language: Language; chatId?: number; logger: BotLogger },
): Promise<void> {
  const { miniAppUrl, language, chatId, logger } = options;
  try {
    await api.setChatMenuButton({
      ...(chatId !== undefined ? { chat_id: chatId } : {}),
      menu_button: { type: 'web_app', text: t(language, 'play'), web_app: { url: miniAppUrl } },
    });
  } catch (error) {
    logger.warn({ err: error, chatId }, 'menu button not set');
  }
}

/** At start-up: the default menu button (Russian, the default language) and the command lists. */
export async function configureBot(api: Api, miniAppUrl: string): Promise<void> {
  await api.setChatMenuButton({
    menu_button: { type: 'web_app', text: t(DEFAULT_LANGUAGE, 'play'), web_app: { url: miniAppUrl } },
  });
  await api.setMyCommands(commandList(DEFAULT_LANGUAGE));
  for (const language of LANGUAGES) {
    await api.setMyCommands(commandList(language), { language_code: language });
  }
}
