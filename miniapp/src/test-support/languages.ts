/**
 * Setup of the Mini App's unit tests: the English first-screen texts are loaded before a test runs,
 * as Russian's are, so a test may switch language and read the other texts at once (the app loads
 * them when a player picks English).
 */
import { loadLanguage } from '../i18n';

await loadLanguage('en');
