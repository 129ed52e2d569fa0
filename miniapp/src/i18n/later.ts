/**
 * The texts only later screens use (the table, wallet, fairness, hand history, More, player
 * protection), in both languages, so switching language needs nothing more. vite-plugin-locales.ts puts
 * an import of this module in front of every module that uses one of them: they arrive with the code
 * that shows them, never after it.
 */
import ru from 'virtual:svara-locales/ru/later';
import en from 'virtual:svara-locales/en/later';
import { i18n } from './index';

i18n.addResourceBundle('ru', 'translation', ru, true, false);
i18n.addResourceBundle('en', 'translation', en, true, false);
