/**
 * `npm run dev:pay -- <trackerId> [amount]`: pays a sandbox deposit address or invoice as a payer
 * would, through the running api's POST /api/v1/sandbox/pay (the sandbox lives in the api's process,
 * so this only asks it). The amount is in the order's asset (USDT, or TON for a TON address); an
 * invoice without one is paid whole. The api is at http://127.0.0.1:$PORT (3000), or SVARA_API_URL.
 */
import { API_PREFIX } from '@svara/core';

const USAGE =
  'usage: npm run dev:pay -- <trackerId> [amount]   (amount: e.g. 25 or 12.5; an invoice may omit it)';

/** Codes the route answers, in the words of what probably happened. */
const HINTS: Record<string, string> = {
  not_found:
    'no sandbox order with this tracker id (or the api runs without the sandbox provider, or in production)',
  validation_failed:
    'this order cannot be paid so: already paid, an expired invoice, not the invoice amount, a withdrawal, or a bad amount',
};

const args = process.argv.slice(2);
const [trackerId, amount] = args;
if (!trackerId || args.length > 2 || trackerId.startsWith('-')) {
  console.error(USAGE);
  process.exit(2);
}

const base = (process.env.SVARA_API_URL || `http://127.0.0.1:${process.env.PORT || 3000}`).replace(
  /\/+$/,
  '',
);
const url = `${base}${API_PREFIX}/sandbox/pay`;

let response: Response;
try {
  response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ trackerId, ...(amount === undefined ? {} : { amount }) }),
    signal: AbortSignal.timeout(15_000),
  });
} catch (error) {
  const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
  console.error(`dev:pay: cannot reach the api at ${base} (${cause}). Is it running (npm start)?`);
  process.exit(1);
}

const text = await response.text();
let body: { ok?: boolean; status?: string; code?: string; message?: string } = {};
try {
  body = JSON.parse(text) as typeof body;
} catch {
  // Not JSON: shown as it came below.
}

if (response.ok && body.ok) {
  process.stdout.write(`${trackerId}: ${body.status ?? 'paid'}${amount ? ` (${amount} sent)` : ''}\n`);
} else {
  const what = body.code ? `${body.code}: ${body.message ?? ''}` : text.slice(0, 200) || '(empty answer)';
  const hint = body.code ? HINTS[body.code] : undefined;
  console.error(`dev:pay: refused (HTTP ${response.status}) ${what}${hint ? `\n  ${hint}` : ''}`);
  process.exit(1);
}
