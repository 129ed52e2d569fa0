/**
 * The providers' webhook: POST /payments/callback/{provider}. The body is read as raw bytes (a
 * signature is over exactly those) and handed to the provider's gateway to verify; a genuine
 * callback answers 200 quickly (providers retry otherwise), also when it changed nothing.
 */
import type Router from 'koa-router';
import type { Services } from '../../services.js';
import { readRawBody } from '../body.js';
import type { AppState } from '../context.js';

const MAX_CALLBACK_BYTES = 64 * 1024;

export function paymentCallbackRoutes(router: Router<AppState>, services: Services) {
  router.post('/payments/callback/:provider', async (ctx) => {
    const rawBody = await readRawBody(ctx, MAX_CALLBACK_BYTES);
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(ctx.headers)) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
    const outcome = await services.payments.handleCallback(ctx.params.provider!, {
      rawBody,
      headers,
      ip: ctx.ip,
    });
    ctx.body = { ok: true, outcome };
  });
}
