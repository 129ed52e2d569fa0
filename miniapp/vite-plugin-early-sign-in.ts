/**
 * Puts the early sign-in (src/early-sign-in.ts, an entry of its own) first in the app's page as an
 * `async` module script: it runs as soon as its few hundred bytes arrive, while the app's scripts are
 * still downloading, instead of after all of them as a part of the app's own entry would.
 */
import type { Plugin } from 'vite';

export const EARLY_SIGN_IN = 'src/early-sign-in.ts';

export function earlySignIn(): Plugin {
  return {
    name: 'svara-early-sign-in',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // The public verify page has no sign-in.
        if (ctx.path !== '/index.html') return;
        let src = `/${EARLY_SIGN_IN}`;
        if (ctx.bundle) {
          const chunk = Object.values(ctx.bundle).find(
            (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith(`/miniapp/${EARLY_SIGN_IN}`),
          );
          if (!chunk) throw new Error(`${EARLY_SIGN_IN} is not an entry of the build`);
          src = `/${chunk.fileName}`;
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}
