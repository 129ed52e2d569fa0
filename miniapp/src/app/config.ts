/** Links that belong to the operator; set at build time, with the product's defaults. */
export const NEWS_CHANNEL_URL = import.meta.env.VITE_NEWS_CHANNEL_URL || 'https://t.me/svara_news';
export const SUPPORT_CHAT_URL = import.meta.env.VITE_SUPPORT_CHAT_URL || 'https://t.me/svara_support';
/** The payment bot (@CryptoBot, also t.me/send): where a 'cryptobot' withdrawal arrives. */
export const PAYMENT_BOT_URL = import.meta.env.VITE_PAYMENT_BOT_URL || 'https://t.me/send';
/** The bot that opens the Mini App; also learnt from the referral link at run time. */
export const BOT_USERNAME = import.meta.env.VITE_BOT_USERNAME || '';
/** The Mini App's short name at @BotFather (t.me/<bot>/<short name>); empty for the bot's main Mini App. */
export const MINIAPP_SHORT_NAME = import.meta.env.VITE_MINIAPP_SHORT_NAME || '';
