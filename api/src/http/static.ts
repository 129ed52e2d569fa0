/**
 * The built mini-app, served from the api's own port: static files, and index.html for any other
 * GET outside /api and /socket.io so the single-page app can load on any path. The build's
 * precompressed copies (.br, .gz) go to browsers that accept them. Files under /assets/ carry a hash
 * of their content in their name, so a phone keeps them for a year without asking again; everything
 * else (index.html first) is asked about on every open, so a new build is seen at once.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import serve from 'koa-static';
import type { AppContext, Next } from './context.js';

const RESERVED = /^\/(api|socket\.io)(\/|$)/;

/** A year, the longest any cache keeps a file; the name changes with the content. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

export function miniappMiddleware(distDir: string) {
  const files = serve(distDir, {
    index: 'index.html',
    maxage: 0,
    hidden: false,
    // FAIRNESS.md (the public fairness specification) opens as text in any browser.
    setHeaders: (res, file) => {
      if (file.endsWith('.md')) res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      if (path.relative(distDir, file).startsWith(`assets${path.sep}`))
        res.setHeader('Cache-Control', HASHED_ASSET_CACHE);
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
