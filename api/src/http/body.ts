/** Reads a small JSON request body (no body parser dependency: the api only takes small JSON). */
import { SvaraError } from '@svara/core';
import type { AppContext } from './context.js';

const MAX_BODY_BYTES = 16 * 1024;

/** The body's bytes as sent (a signature is computed over exactly these); validation_failed past `max`. */
export async function readRawBody(ctx: AppContext, max = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new SvaraError('validation_failed', 'request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The parsed JSON body; `{}` when there is none. validation_failed for non-JSON or too large bodies. */
export async function readJson(ctx: AppContext): Promise<unknown> {
  const text = (await readRawBody(ctx)).toString('utf8').trim();
  if (!text) return {};
  if (!ctx.is('application/json') && !ctx.is('text/plain')) {
    throw new SvaraError('validation_failed', 'expected application/json');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SvaraError('validation_failed', 'body is not JSON');
  }
}
