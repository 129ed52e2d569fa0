import type { TableRuntime } from '../table-runtime.js';

/**
 * A node's table runtime for tests of what crosses between nodes: it runs no table and seats
 * nobody, so the news other nodes publish of their players (every node on the Redis hears it, other
 * test files' nodes too) changes nothing here; `runtime` adds what a test needs.
 */
export function stubRuntime(runtime: Partial<TableRuntime> = {}): TableRuntime {
  return {
    peek: () => null,
    walletChanged: async () => {},
    suspensionChanged: async () => {},
    ...runtime,
  } as unknown as TableRuntime;
}
