/**
 * The built mini-app, served from the api's own port: static files, and index.html for any other
 * GET outside /api and /socket.io so the single-page app can load on any path.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import serve from 'koa-static';
import type { AppContext, Next } from './context.js';

const RESERVED = /^\/(api|socket\.io)(\/|$)/;

export function miniappMiddleware(distDir: string) {
  const files = serve(distDir, {
    index: 'index.html',
    maxage: 0,
    hidden: false,
    // FAIRNESS.md (the public fairness specification) opens as text in any browser.
    setHeaders: (res, file) => {
      if (file.endsWith('.md')) res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    },
  });
  const indexFile = path.join(distDir, 'index.html');
  return async (ctx: AppContext, next: Next) => {
    if (RESERVED.test(ctx.path) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    await files(ctx, next);
    if (ctx.body != null || ctx.status !== 404) return;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await readFile(indexFile);
  };
}

/** The mini-app folder when it has been built (has an index.html), else null. */
export function builtMiniapp(distDir: string): string | null {
  return existsSync(path.join(distDir, 'index.html')) ? distDir : null;
}
