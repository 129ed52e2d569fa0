/**
 * The sandbox payer (development only): pay a sandbox deposit address or invoice, from
 * `npm run dev:pay` or the invoice's pay page. No user token: a payer pays for anyone, as a real one
 * would. Registered only with the sandbox provider and outside production, so there it is a 404.
 */
import { API_PREFIX, SvaraError } from '@svara/core';
import type Router from 'koa-router';
import { z } from 'zod';
import {
  SandboxPayError,
  type SandboxGateway,
  type SandboxOrder,
} from '../../payments/sandbox/sandbox-gateway.js';
import { readJson } from '../body.js';
import type { AppContext, AppState } from '../context.js';
import { escapeHtml } from '../escape-html.js';

/** USDT has 6 decimals; TON's 9 are more than a developer types. */
const amountSchema = z
  .union([z.number(), z.string()])
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((value) => /^\d{1,13}(\.\d{1,6})?$/.test(value) && /[1-9]/.test(value), {
    message: 'a positive amount with at most 6 decimals',
  });

const payRequestSchema = z.object({
  trackerId: z.string().trim().min(1).max(100),
  // Omitted: an invoice is paid whole (a deposit address needs it).
  amount: amountSchema.optional(),
});

export function sandboxRoutes(
  router: Router<AppState>,
  sandbox: SandboxGateway | null,
  isProduction: boolean,
) {
  if (!sandbox || isProduction) return;

  router.post('/sandbox/pay', async (ctx) => {
    const body = payRequestSchema.safeParse(await readJson(ctx));
    if (!body.success)
      throw new SvaraError('validation_failed', 'sandbox pay: trackerId and a positive amount');
    try {
      const order = await sandbox.pay(body.data.trackerId, body.data.amount);
      ctx.body = { ok: true, status: order.status };
    } catch (error) {
      if (!(error instanceof SandboxPayError)) throw error;
      throw new SvaraError(error.reason === 'not_found' ? 'not_found' : 'validation_failed', error.message);
    }
  });

  router.get('/sandbox/invoice/:uid', async (ctx) => {
    const uid = ctx.params.uid ?? '';
    const order = /^[\w-]{1,100}$/.test(uid) ? await sandbox.findOrder(uid) : null;
    // A withdrawal is the sandbox's to pay: no page for it.
    if (order && order.kind !== 'withdrawal') sendPage(ctx, payPage(order), 200);
    else sendPage(ctx, notFoundPage(uid), 404);
  });
}

function sendPage(ctx: AppContext, html: string, status: number) {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  // Nothing but this page's own inline style and script, talking to this api only.
  ctx.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'",
  );
  ctx.body = html;
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f3f1ea; color: #1d1d1b; }
  main { max-width: 26rem; margin: 3rem auto; padding: 1.5rem; background: #fff; border-radius: 12px;
    box-shadow: 0 2px 12px rgba(0, 0, 0, 0.08); }
  .badge { display: inline-block; padding: 0.2rem 0.6rem; border-radius: 6px; background: #ffe08a;
    font-size: 0.85rem; font-weight: 600; }
  h1 { font-size: 1.6rem; margin: 0.8rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.2rem 1rem; font-size: 0.9rem; }
  dt { color: #6b6b66; } dd { margin: 0; word-break: break-all; }
  input, button { font: inherit; padding: 0.5rem 0.8rem; border-radius: 8px; }
  input { border: 1px solid #c9c6bc; width: 9rem; }
  button { border: 0; background: #1f7a4d; color: #fff; font-weight: 600; cursor: pointer; }
  button:disabled { opacity: 0.6; cursor: default; }
  #result { font-weight: 600; min-height: 1.5em; }
`;

// Reads its data from the form's data attributes: nothing is interpolated into the script itself.
const SCRIPT = `
  const form = document.getElementById('pay');
  const result = document.getElementById('result');
  if (form) form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button');
    button.disabled = true;
    result.textContent = 'Paying…';
    try {
      const response = await fetch(form.dataset.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ trackerId: form.dataset.uid, amount: form.elements.amount.value }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok) {
        result.textContent = 'Paid';
        form.hidden = true;
      } else {
        result.textContent = 'Refused: ' + (body.message || 'HTTP ' + response.status);
        button.disabled = false;
      }
    } catch (error) {
      result.textContent = 'Network error: ' + error;
      button.disabled = false;
    }
  });
`;

function page(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<span class="badge">Sandbox payment — development only</span>
${content}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

function payPage(order: SandboxOrder): string {
  const e = escapeHtml;
  const asset = e(order.asset);
  const heading =
    order.kind === 'invoice' ? `Pay ${e(order.amount ?? '')} ${asset}` : `Send ${asset} to this address`;
  const details = [
    ['Tracker id', order.uid],
    ...(order.address ? [['Address', order.address]] : []),
    [
      'Status',
      order.status === 'expired' && order.kind === 'deposit' ? 'expired (still receives)' : order.status,
    ],
    ...(order.expiresAt ? [['Expires', order.expiresAt.toISOString()]] : []),
  ]
    .map(([term, value]) => `<dt>${e(term!)}</dt><dd>${e(value!)}</dd>`)
    .join('');
  const payable = order.status === 'pending' || (order.kind === 'deposit' && order.status === 'expired');
  const amountField =
    order.kind === 'invoice'
      ? `<input type="hidden" name="amount" value="${e(order.amount ?? '')}">`
      : `<label>Amount (${asset}) <input name="amount" inputmode="decimal" required pattern="\\d+(\\.\\d{1,6})?" placeholder="10.00"></label> `;
  const form = payable
    ? `<form id="pay" data-uid="${e(order.uid)}" data-endpoint="${e(`${API_PREFIX}/sandbox/pay`)}">${amountField}<button type="submit">Pay</button></form>`
    : '';
  const outcome = order.status === 'paid' ? 'Paid' : order.status === 'expired' && !payable ? 'Expired' : '';
  return page(
    `Sandbox payment ${order.uid}`,
    `<h1>${heading}</h1><dl>${details}</dl>${form}<p id="result" role="status">${e(outcome)}</p>`,
  );
}

function notFoundPage(uid: string): string {
  return page(
    'Sandbox payment — not found',
    `<h1>No such order</h1><p>The sandbox knows no deposit address or invoice <code>${escapeHtml(uid)}</code>.</p>`,
  );
}
