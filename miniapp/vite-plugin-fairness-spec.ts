/**
 * Ships FAIRNESS.md, the public fairness specification at the repository's root, with the build as
 * /FAIRNESS.md: the verifier's "check it yourself" part links to it, so anyone who can open a hand's
 * verify page can read how to recompute it without our code.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SPEC = fileURLToPath(new URL('../FAIRNESS.md', import.meta.url));

export function fairnessSpec(): Plugin {
  return {
    name: 'svara-fairness-spec',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'FAIRNESS.md', source: readFileSync(SPEC, 'utf8') });
    },
  };
}
