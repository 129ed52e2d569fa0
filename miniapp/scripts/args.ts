import { resolve } from 'node:path';

/** The output folder: the first command-line argument, else the default under test-artifacts/. */
export function outputDir(defaultDir: string): string {
  const arg = process.argv.slice(2).find((a) => !a.startsWith('-'));
  return resolve(arg ?? defaultDir);
}
