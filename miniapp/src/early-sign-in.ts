// The page's first script, loaded apart from the app (vite-plugin-early-sign-in.ts): sign-in starts
// while the app's scripts download.
import { sendEarlyLogin } from './app/early-login';

sendEarlyLogin(window);
