/**
 * `npm run verify -- <handId> [--api <url>]`: verifies a hand from the public api (verify-command.ts)
 * and exits 0 when it checks, 1 when it does not. <handId> is the hand's id or `<roomId>-<handNumber>`;
 * the api is --api, else SVARA_API_URL, else PUBLIC_URL, else http://127.0.0.1:3000.
 */
import { verifyCommand } from './verify-command.js';

const args = process.argv.slice(2);
const apiAt = args.indexOf('--api');
const apiUrl =
  (apiAt >= 0 ? args[apiAt + 1] : undefined) ??
  process.env.SVARA_API_URL ??
  process.env.PUBLIC_URL ??
  'http://127.0.0.1:3000';
const handId = args.find((a, i) => !a.startsWith('--') && (apiAt < 0 || i !== apiAt + 1));
if (!handId) {
  process.stderr.write('usage: npm run verify -- <handId | roomId-handNumber> [--api <url>]\n');
  process.exit(2);
}
try {
  const outcome = await verifyCommand(handId, apiUrl);
  process.stdout.write(`${outcome.text}\n`);
  process.exit(outcome.ok ? 0 : 1);
} catch (error) {
  process.stderr.write(`✗ could not reach ${apiUrl}: ${(error as Error).message}\n`);
  process.exit(1);
}
