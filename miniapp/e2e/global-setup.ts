/** Once per end-to-end run: build the product and start it on a free port with a fresh database. */
import type { TestProject } from 'vitest/node';
import { twoPlayerTieSeed, twoPlayerWinnerSeed } from './support/seeds';
import { buildProduct, startProduct } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2ePgPort: number;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // E2E_SKIP_BUILD=1 reuses the last build while iterating on the tests themselves.
  if (process.env.E2E_SKIP_BUILD !== '1') buildProduct();
  // Hand 1 ties (the svara test); hand 2, the svara hand, has one winner (the WIN display test).
  const seeds = [twoPlayerTieSeed(1), twoPlayerWinnerSeed(2)];
  // 7799 is the run's operator (the Sit & Go file offers a 3-player Sit & Go through the admin route).
  const product = await startProduct('e2e', { DEV_SERVER_SEEDS: seeds.join(','), BOT_ADMIN_IDS: '7799' });
  project.provide('e2eBaseUrl', product.url);
  project.provide('e2ePgPort', product.pgPort);
  return () => product.stop();
}
