/** Once per end-to-end run: build the product and start it on a free port with a fresh database. */
import type { TestProject } from 'vitest/node';
import { buildProduct, startProduct } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // E2E_SKIP_BUILD=1 reuses the last build while iterating on the tests themselves.
  if (process.env.E2E_SKIP_BUILD !== '1') buildProduct();
  const product = await startProduct('e2e');
  project.provide('e2eBaseUrl', product.url);
  return () => product.stop();
}
