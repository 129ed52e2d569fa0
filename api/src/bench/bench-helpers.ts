/** What the benches share: a bounded pool of concurrent work, and percentiles of a sample. */

/** Runs `work` over `items`, at most `width` at a time, in order of the items. */
export async function pool<T>(
  items: T[],
  width: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i]!, i);
      }
    }),
  );
}

/** The value at percentile `p` of an ascending sample (NaN when empty). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * The node flags the api starts with (package.json's start, the Dockerfile's CMD): a bench's server
 * process runs with them too, so it measures the api as it runs in service.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * BENCH_SMOKE=1 (npm run bench:smoke, run by CI): every bench runs its real paths for a few seconds
 * with small settings, to prove they still work; its numbers mean nothing.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** A numeric setting: the environment's `name` if set, else the smoke or the measuring default. */
export function setting(name: string, normal: number, smoke: number): number {
  const value = process.env[name];
  return value !== undefined && value !== '' ? Number(value) : SMOKE ? smoke : normal;
}

/**
 * What went wrong in a run (a refused action, an error, a ledger imbalance, nothing measured):
 * printed at the end, and the process exits 1 when there is any, so that CI sees a broken bench.
 */
export class Failures {
  private readonly list: string[] = [];

  /** Records `problem` unless `ok`. */
  check(ok: boolean, problem: string): void {
    if (!ok) this.list.push(problem);
  }

  /** Prints the failures and sets the exit code; true when there were none. */
  report(bench: string): boolean {
    if (this.list.length === 0) return true;
    console.error(`${bench} FAILED:\n${this.list.map((p) => `  - ${p}`).join('\n')}`);
    process.exitCode = 1;
    return false;
  }
}
