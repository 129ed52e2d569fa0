/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_NEWS_CHANNEL_URL?: string;
  readonly VITE_SUPPORT_CHAT_URL?: string;
  readonly VITE_PAYMENT_BOT_URL?: string;
  readonly VITE_BOT_USERNAME?: string;
  readonly VITE_MINIAPP_SHORT_NAME?: string;
}
