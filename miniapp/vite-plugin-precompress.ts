/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of the build. The api serves
 * miniapp/dist with koa-send, which picks these up by itself when the browser accepts the encoding,
 * so phones download about a quarter of the bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'svara-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const files = [...Object.keys(bundle), 'index.html'].filter(
        (f) => TEXT.test(f) && !f.startsWith('.vite/'),
      );
      for (const file of new Set(files)) {
        const full = path.join(outDir, file);
        let data: Buffer;
        try {
          data = readFileSync(full);
        } catch {
          continue;
        }
        if (data.length < MIN_BYTES) continue;
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}
